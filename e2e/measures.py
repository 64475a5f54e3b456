"""The table's measures, axe and accessible names, shared by the browser tests (not a test file).

`check_table` holds the table's bounds (issue 10) on any state: no text under 11 CSS px, every
tap target at least 24x24 CSS px (WCAG 2.5.8), the page within about two viewports. axe-core
runs from node_modules; `duplicate_names` and `shared_names` find controls sharing a name.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from conftest import ROOT
from playwright.sync_api import Frame, Page

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
MAX_VIEWPORTS = 2.15  # "about two viewports"

# Text with a font size under 11 CSS px (an SVG text's size times its scale on screen).
SMALL_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!el || !node.textContent.trim() || el.closest('title, desc, .vh, script, style')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none') continue;
    let px = parseFloat(cs.fontSize);
    if (el instanceof SVGElement) { const m = el.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
    const what = node.textContent.trim().slice(0, 30);
    if (px < 10.95) out.push(`${el.tagName} "${what}" ${px.toFixed(1)}px`);
  }
  return out;
}"""
# Controls smaller than 24x24 CSS px, and the least size of the plan's tokens.
SMALL_TARGETS = """() => {
  const out = [];
  const sel = 'button, a[href], input, select, summary, [role=button], #board [data-crew]';
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('dialog:not([open])')) continue;
    const what = el.id || el.dataset.crew || el.dataset.stack
      || el.textContent.trim().slice(0, 20);
    if (r.width < 24 || r.height < 24)
      out.push(`${el.tagName} ${what} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
  }
  return out;
}"""
BOARD_FIGURES = """() => {
  const boxes = [...document.querySelectorAll('#board [data-crew], #board [data-token]')]
    .map(e => e.getBoundingClientRect());
  const texts = [...document.querySelectorAll('#board svg text')].map(t =>
    parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b));
  return {tokens: boxes.length, min_w: Math.min(...boxes.map(b => b.width)),
          min_h: Math.min(...boxes.map(b => b.height)), min_text: Math.min(...texts),
          board_w: document.querySelector('#board svg').getBoundingClientRect().width};
}"""


# The three measures of every state in one call to the page (one round trip, not three).
MEASURES = (f"() => [({SMALL_TEXT})(), ({SMALL_TARGETS})(), "
            "document.documentElement.scrollHeight]")


def check_table(target: Page | Frame, height: int, where: str) -> dict[str, Any]:
    """The measures every state must pass; returns the board's figures (for the report)."""
    small, tiny, page_h = target.evaluate(MEASURES)
    assert not small, f"{where}: text under 11 px: {small[:8]}"
    assert not tiny, f"{where}: tap targets under 24x24 px: {tiny[:8]}"
    assert page_h <= MAX_VIEWPORTS * height, f"{where}: page {page_h} px tall"
    figures = target.evaluate(BOARD_FIGURES)
    print(where, json.dumps(dict(figures, page_h=page_h)))
    return figures


def _axe(target: Page | Frame) -> list[dict[str, Any]]:
    """axe-core's violations on the target's document."""
    # Evaluated by the test driver (DevTools): the page's CSP allows no inline script tag.
    target.evaluate(AXE.read_text() + "\n;0")
    result = target.evaluate("axe.run(document, {resultTypes: ['violations']})")
    violations: list[dict[str, Any]] = result["violations"]
    return violations


def _line(v: dict[str, Any]) -> str:
    return f"{v['id']} ({v['impact']}): {v['help']} - {[n['target'] for n in v['nodes']][:3]}"


def axe_violations(target: Page | Frame) -> list[str]:
    """Every axe violation, whatever its impact, one line each."""
    return [_line(v) for v in _axe(target)]


def serious_axe_violations(page: Page) -> list[str]:
    """The axe violations of serious or critical impact only, one line each."""
    return [_line(v) for v in _axe(page) if v["impact"] in ("serious", "critical")]


# Roles of the controls whose names `duplicate_names` compares (from Playwright's aria snapshot).
NAMED = ("button", "link", "checkbox", "combobox", "textbox", "radio", "spinbutton",
         "slider", "switch", "tab", "menuitem", "option")


# The whole games check unique accessible names (an aria snapshot, the costliest look) and
# the table's measures at each seat's first decision and at every NAMES_SAMPLE-th decision
# (test_seats.play_by_hand): the same states each run, some 40 a game. (At every decision,
# two games' 270 aria snapshots cost 15 s of a worker.)
NAMES_SAMPLE = 4


def duplicate_names(page: Page) -> list[str]:
    """Controls that share a role and accessible name (from the accessibility tree)."""
    snap = page.locator("body").aria_snapshot()
    names = re.findall(r"^\s*- (\w+) \"(.*?)\"", snap, flags=re.M)
    seen = Counter((role, name) for role, name in names if role in NAMED)
    return [f"{role} {name!r} x{n}" for (role, name), n in seen.items() if n > 1]


# Roles a player operates; Chromium names them in its accessibility tree.
CONTROL_ROLES = {"button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox",
                 "listbox", "menuitem", "tab", "switch", "slider", "spinbutton",
                 "DisclosureTriangle"}


def shared_names(page: Page) -> list[str]:
    """Accessible names that two or more controls the player can reach share (hidden ones and
    those made inert by an open modal dialog are out of the tree)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    names: Counter[str] = Counter()
    for node in nodes:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value")
        if role not in CONTROL_ROLES:
            continue
        names[str(node.get("name", {}).get("value", "")).strip()] += 1
    return sorted(f"{n!r} x{k}" for n, k in names.items() if k > 1)
