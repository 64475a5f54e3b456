"""Every link and button on a phone (390x844, touch) at least 24 px high and wide (WCAG
2.5.8) on every page: the game page on a first visit (its tutorial offer) with every dialog
opened in turn, the replay viewer with a game, the demos' list, a demo and its embed."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Problems, Site
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "py"))
import intruder_core as ic  # noqa: E402
from core import session  # noqa: E402

Boot = Callable[[str], dict[str, str]]

# The links and buttons on screen (every <details> opened first) under 24x24 CSS px, then
# those of each closed dialog, opened alone in turn: {"page": [...], "<dialog id>": [...]}.
# The station plan's pieces (SVG groups with role=button) are the board's tests' concern
# (e2e/test_table.py, test_demos.py): only HTML controls here.
SMALL_CONTROLS = """() => {
  const sel = 'a[href], button, summary, [role=button], input[type=button], input[type=submit]';
  const small = (root) => [...root.querySelectorAll(sel)].filter((e) => {
      if (e instanceof SVGElement) return false;
      const r = e.getBoundingClientRect();
      return r.width && r.height && getComputedStyle(e).visibility !== 'hidden'
        && !e.closest('dialog:not([open])') && (r.width < 24 || r.height < 24);
    }).map((e) => { const r = e.getBoundingClientRect();
      return `${e.tagName} "${(e.id || e.textContent.trim()).slice(0, 30)}" `
        + `${r.width.toFixed(1)}x${r.height.toFixed(1)}`; });
  for (const d of document.querySelectorAll('details')) d.open = true;
  const out = {page: small(document), controls: document.querySelectorAll(sel).length};
  for (const d of document.querySelectorAll('dialog')) {
    if (d.open) continue;
    d.showModal();
    out[d.id || 'dialog'] = small(d);
    d.close();
  }
  return out;
}"""


def _replay_url(site: Site) -> str:
    g = ic.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return site.url + "replay.html" + session.share_fragment(g.record())


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
@pytest.mark.parametrize("where", ["index.html", "replay.html", "demo.html",
                                   "demo.html?d=first-game", "demo.html?d=first-game&embed=1"])
def test_every_link_and_button_is_24px_on_a_phone(
    page: Page, site: Site, problems: Problems, boot: Boot, where: str
) -> None:
    url = _replay_url(site) if where == "replay.html" else site.url + where
    boot(url)
    if where == "index.html":  # a first visit offers the tutorial and the demos
        page.locator("#tutorial-offer a").first.wait_for()
    found = page.evaluate(SMALL_CONTROLS)
    print(where, f"{found.pop('controls')} controls",
          {k: len(v) for k, v in found.items()})
    assert all(v == [] for v in found.values()), found
