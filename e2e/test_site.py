"""The built site (dist/, real engine): boots offline-capable, stays on its own origin."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Problems, Site
from game_page import UNGUARDED
from playwright.sync_api import Page, Route, expect

Boot = Callable[[str], dict[str, str]]
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


def test_boots_to_ready_on_own_origin(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    data = boot(site.url + "?seed=42")
    assert data["engineVersion"], "the page shows no engine version"
    expect(page.locator("#engine-version")).to_have_text(data["engineVersion"])
    expect(page.locator("#boot")).to_be_hidden()
    print(f"boot: {data['bootMs']} ms")
    assert data["engineApi"] == "game"
    expect(page.locator("#seed")).to_have_text("shown at the end")  # not during play
    assert page.locator("#actions button[data-index]").count() > 0


def test_clicking_an_action_changes_the_page(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=42")
    before = page.inner_html("#app")
    page.locator(UNGUARDED).first.click()
    page.wait_for_function("(html) => document.querySelector('#app').innerHTML !== html",
                           arg=before, timeout=10_000)
    after = page.inner_html("#app")
    assert after != before


def test_seed_makes_the_game_reproducible(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    actions = []
    for _ in range(2):
        boot(site.url + "?seed=1234")
        buttons = page.locator("#actions button[data-index]")
        actions.append([json.loads(a) for a in buttons.evaluate_all(
            "bs => bs.map(b => b.dataset.action)")])
    assert actions[0] == actions[1]


def test_no_serious_accessibility_violations(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=42")
    # Evaluated by the test driver (DevTools): the page's CSP allows no inline script tag.
    page.evaluate(AXE.read_text() + "\n;0")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} - {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"] if v["impact"] in ("serious", "critical")
    ]
    assert not serious, "\n".join(serious)


@pytest.mark.allow_errors
def test_failed_runtime_download_is_shown_in_the_page(
    page: Page, site: Site, problems: Problems
) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site.url)
    page.wait_for_selector("body[data-boot-error='1']", state="attached", timeout=60_000)
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error")).to_contain_text("could not start")
    assert page.evaluate("document.body.dataset.ready") is None


@pytest.mark.allow_errors
def test_stalled_boot_times_out_loudly(page: Page, site: Site, problems: Problems) -> None:
    def hang(route: Route) -> None:  # never answer: the boot must not spin forever
        pass

    page.route("**/py/pages/game/main.py", hang)
    page.goto(site.url + "?boot_timeout=3000")
    page.wait_for_selector("body[data-boot-error='1']", state="attached", timeout=30_000)
    expect(page.locator("#boot-error")).to_contain_text("timed out")

