"""The bots' worker: Odds, Suggest and the computer's decisions run in a PyScript worker
(web/py/worker.py) started after the page is interactive, and the page stays clickable
meanwhile. A PerformanceObserver records the main thread's long tasks over the work; their
length is printed (bench/page.py reports it), never asserted.

Seed 3 starts in the Crew Movement Phase, seed 52 with a Self Defense choice (test_play.py)."""

from __future__ import annotations

import json

from conftest import Problems, Site
from playwright.sync_api import Page, expect
from test_play import BODY, Boot
from test_scenarios import start

import intruder_core as ic

WORKER_READY = "body[data-bot-worker='ready']"
# Long tasks (> 50 ms) of the main thread from the start, kept in window.__longtasks.
OBSERVE = """
window.__longtasks = [];
window.__longtaskSupported = PerformanceObserver.supportedEntryTypes.includes('longtask');
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def long_tasks_since(page: Page, t0: float) -> list[float]:
    """Durations (ms) of the long tasks that started after t0 (ms since navigation)."""
    tasks: list[list[float]] = page.evaluate("window.__longtasks")
    return [d for s, d in tasks if s >= t0]


def legal_dicts(page: Page, side: str | None = None) -> list[dict[str, object]]:
    game = ic.Game.from_json(page.evaluate("intruderDebug.state()"))
    return [a.to_dict() for a in (game.legal_actions(side) if side else game.legal_actions())]


def test_odds_run_in_the_worker_and_the_page_stays_clickable(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    page.add_init_script(OBSERVE)
    boot(site.url + "?seed=3&odds_samples=400")
    assert page.evaluate("window.__longtaskSupported"), "no long task observer here"
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    odds = page.locator("#odds")
    t0 = page.evaluate("performance.now()")
    page.locator("#odds-start").click()
    expect(odds).to_have_attribute("data-running", "1")
    expect(odds).to_have_attribute("data-where", "worker")
    page.wait_for_function(
        "Number(document.getElementById('odds').dataset.n || 0) >= 2", timeout=60_000)
    # The page answers while the worker samples: the rules dialog opens and closes.
    page.locator("#rules").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.locator("#rules-dialog [data-command='close:rules-dialog']").click()
    expect(page.locator("#rules-dialog")).to_be_hidden()
    expect(odds).to_have_attribute("data-running", "1")
    bar = page.locator("#odds-progress")
    assert float(bar.get_attribute("value") or 0) >= 2
    page.locator("#odds-cancel").click()
    expect(odds).not_to_have_attribute("data-running", "1")
    expect(page.locator("#odds-text")).to_contain_text("stopped")
    n = int(odds.get_attribute("data-n") or 0)
    tasks = long_tasks_since(page, t0)
    print(f"odds in the worker: n = {n}; main-thread long tasks meanwhile: {len(tasks)}, "
          f"longest {max(tasks, default=0):.0f} ms")
    # Stopped means stopped: no more estimates arrive.
    page.wait_for_timeout(800)
    assert int(odds.get_attribute("data-n") or 0) == n


def test_suggest_asks_the_search_in_the_worker(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=52&advisor_ms=600")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    body = page.locator(BODY)
    sha = body.get_attribute("data-state-sha")
    page.locator("#suggest").click()
    expect(page.locator("#advice")).to_contain_text("Suggested:", timeout=30_000)
    expect(body).to_have_attribute("data-advice-where", "worker")
    suggested = json.loads(body.get_attribute("data-suggested") or "null")
    assert suggested in legal_dicts(page)
    assert body.get_attribute("data-state-sha") == sha, "a suggestion must not play"
    expect(page.locator("#actions button.suggested")).to_have_count(1)
    # A Self Defense choice is searched: each option weighed shows its estimate.
    options = page.locator("#advice .candidates li")
    assert options.count() >= 2, page.locator("#advice").inner_html()
    for i in range(options.count()):
        assert json.loads(options.nth(i).get_attribute("data-action") or "null") \
            in legal_dicts(page)
        assert "win about" in options.nth(i).inner_text()
    print(f"advisor in the worker: {body.get_attribute('data-advice-ms')} ms, "
          f"{body.get_attribute('data-advice-rollouts')} rollouts")


def test_the_computer_decides_in_the_worker(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    page.add_init_script(OBSERVE)
    boot(site.url + "?seed=3&pace_ms=100")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    body = page.locator(BODY)
    t0 = page.evaluate("performance.now()")
    start(page, "intelligent_intruder", 1, seats="crew")
    expect(body).to_have_attribute("data-bot-where", "worker", timeout=30_000)
    expect(body).to_have_attribute("data-turn", "human:crew", timeout=60_000)
    expect(page.locator("#log")).to_contain_text("moves to")
    game = ic.Game.from_json(page.evaluate("intruderDebug.state()"))
    assert game.to_move() == ["crew"]
    tasks = long_tasks_since(page, t0)
    print(f"computer turn with the worker: main-thread long tasks {len(tasks)}, "
          f"longest {max(tasks, default=0):.0f} ms")
