"""The built site (dist/, real engine): boots offline-capable, stays on its own origin."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Problems, Site
from playwright.sync_api import BrowserContext, Page, Route, expect

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


@pytest.mark.first_visit  # the service worker's first install, the snapshot made after it
def test_reload_offline_uses_service_worker(
    context: BrowserContext, page: Page, site: Site, problems: Problems, boot: Boot,
    wait_booted: Callable[[], dict[str, str]],
) -> None:
    boot(site.url)
    # The worker precaches every file, then claims the page.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    # One cache of site files (the memory snapshot and the pages' build records have caches
    # of their own: pyodide-snapshot, intruder:clients).
    cache_names = [n for n in page.evaluate("caches.keys()") if n.startswith("intruder-")]
    assert len(cache_names) == 1 and cache_names[0].startswith("intruder-"), cache_names
    cached = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).length", cache_names[0])
    assert cached >= len(build_files(site.root)), "the service worker did not precache dist/"
    assert page.evaluate("async () => !!(await caches.match('./embed.html'))"), \
        "the embed page is not precached"
    # The page's own start-up is over (the bots' worker, the snapshot for the next visit):
    # none of their requests may land after the count below.
    page.wait_for_function("['ready', 'failed'].includes(document.body.dataset.botWorker) && "
                           "['making', undefined].indexOf("
                           "document.body.dataset.snapshotMade) < 0", timeout=120_000)

    problems.offline = True
    context.set_offline(True)
    # The browser's own update check of the service worker script (/sw.js) is not stopped
    # by Playwright's offline emulation: every other request must be answered by the cache.
    def site_requests() -> int:
        return sum(1 for r in site.requests if r != "/sw.js")

    before = site_requests()
    page.goto(site.url + "?seed=7")  # a query string the cache has never seen
    data = wait_booted()
    assert data["ready"] == "1"
    assert site_requests() == before
    assert page.evaluate("navigator.onLine") is False
    # ... and plays: the first legal action changes the game.
    state = page.locator("body").get_attribute("data-state-sha")
    pick = page.locator("#actions [data-select]")  # a crewman's actions show once selected
    if pick.count():
        pick.first.click()
    page.locator(UNGUARDED).first.click()
    expect(page.locator("body")).not_to_have_attribute("data-state-sha", state or "")
    page.locator("#rules").click()  # the rule texts come from Pyodide's file system
    expect(page.locator("#rules-content h3")).to_have_text("Game Equipment and Situation")
    assert site_requests() == before


# An action that applies at once: ending a phase with points or actions left asks first.
UNGUARDED = "#actions button[data-index]:not([data-action*='\"end_'])"


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


def build_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()]
