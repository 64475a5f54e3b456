"""The bots' worker: Odds, Suggest and the computer's decisions run in a PyScript worker
(web/py/workers/bot_worker.py), and the page stays clickable meanwhile. The pages here start it
at the boot's idle moment (?worker=1), since these tests time the worker itself; a player's page
starts it on need or on his first pause (test_advisor.py). A PerformanceObserver records the
main thread's long tasks (over 50 ms) over the work. The page yields between the worker's
answers and between moves, and each redraw swaps only what changed, so on an idle machine an
Odds run and a computer turn make none (each computer move is one task of 6-18 ms,
bench/page.py). The tests allow a few: this machine runs several browsers on two cores (load
average 10-13), and a preempted task of 15 ms shows as one of 60-120 ms. The bound still tells
the page that yields from the one that did not: before, every computer move was a long task
(65-262 ms) and Odds stalled the page. The pages boot from the worker's stored memory snapshot
and so make none (that would boot a Pyodide of its own meanwhile).
"""

from __future__ import annotations

import json

import pytest
from conftest import Problems, Site
from game_page import BODY, Boot, start
from playwright.sync_api import Page, expect

import intruder_core as ic

# Every test here times the main thread or races the worker against the clock: run alone.
pytestmark = pytest.mark.timing

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


# body[data-turn] with the time of each change, to start counting once a new game is drawn
WATCH_TURNS = """
window.__turns = [];
addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
  window.__turns.push([document.body.dataset.turn, performance.now()]);
}).observe(document.body, {attributes: true, attributeFilter: ['data-turn']}));
"""


def legal_dicts(page: Page, side: str | None = None) -> list[dict[str, object]]:
    game = ic.Game.from_json(page.evaluate("intruderDebug.state()"))
    return [a.to_dict() for a in (game.legal_actions(side) if side else game.legal_actions())]


def test_odds_run_in_the_worker_and_the_page_stays_clickable(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    page.add_init_script(OBSERVE)
    boot(site.url + "?worker=1&seed=3&odds_samples=400")
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
    boot(site.url + "?worker=1&seed=52&advisor_ms=600")
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
    boot(site.url + "?worker=1&seed=3&pace_ms=100")
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


def test_no_long_task_while_odds_runs(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    page.add_init_script(OBSERVE)
    boot(site.url + "?worker=1&seed=3&odds_samples=24")
    assert page.evaluate("window.__longtaskSupported"), "no long task observer here"
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    page.wait_for_timeout(500)  # the worker's start-up has settled
    t0 = page.evaluate("performance.now()")
    page.locator("#odds-start").click()
    odds = page.locator("#odds")
    expect(odds).to_have_attribute("data-done", "1", timeout=180_000)
    assert odds.get_attribute("data-where") == "worker"
    assert int(odds.get_attribute("data-n") or 0) == 24
    tasks = long_tasks_since(page, t0)
    print(f"Odds, 24 samples: main-thread long tasks {tasks}")
    assert len(tasks) <= 1, tasks  # none when the machine is idle (see the module's note)


def test_no_long_task_during_a_computer_turn(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    page.add_init_script(OBSERVE)
    page.add_init_script(WATCH_TURNS)
    boot(site.url + "?worker=1&seed=3&pace_ms=100")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    page.wait_for_timeout(500)
    start(page, "intelligent_intruder", 1, seats="crew")
    body = page.locator(BODY)
    expect(body).to_have_attribute("data-turn", "human:crew", timeout=120_000)
    turns = page.evaluate("window.__turns")
    # from the end of the task that drew the new game, the Intruder's turn
    t0 = next(t for turn, t in turns if turn == "computer:intruder")
    moves = len([t for t in turns if t[0] == "computer:intruder"])
    assert moves >= 5, "the computer played too little to tell"
    assert body.get_attribute("data-bot-where") == "worker"
    tasks = long_tasks_since(page, t0)
    print(f"computer turn, {moves} moves: main-thread long tasks {tasks}")
    # none when the machine is idle; one per move before (see the module's note)
    assert len(tasks) <= moves // 4, tasks


def test_odds_shared_by_two_workers_gives_the_one_worker_estimate(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """A pool of Odds workers (bot_client.OddsPool; ?odds_workers=N sets its size) plays the
    same sampled games as one worker: the same seed (?odds_seed=N) gives the same estimate.
    Without ?odds_prestart the helper starts on the first Odds (body[data-odds-helpers]
    counts those up); the second run has both workers from the start."""
    page.add_init_script(OBSERVE)
    odds = page.locator("#odds")

    def run() -> tuple[dict[str, str | None], str | None]:
        page.evaluate("document.getElementById('odds').removeAttribute('data-done')")
        t0 = page.evaluate("performance.now()")
        page.locator("#odds-start").click()
        expect(odds).to_have_attribute("data-done", "1", timeout=240_000)
        assert odds.get_attribute("data-where") == "worker"
        got = {k: odds.get_attribute(f"data-{k}") for k in ("win", "draw", "loss", "n", "seed")}
        print(f"Odds ({odds.get_attribute('data-workers')} worker(s) took part): {got}; "
              f"main-thread long tasks {long_tasks_since(page, t0)}")
        return got, odds.get_attribute("data-workers")

    boot(site.url + "?worker=1&seed=3&odds_samples=16&odds_seed=7&odds_workers=1")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    one, took = run()
    assert one["n"] == "16" and one["seed"] == "7" and took == "1"
    boot(site.url + "?worker=1&seed=3&odds_samples=16&odds_seed=7&odds_workers=2"
         "&odds_prestart=0")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    first, _ = run()  # starts the helper
    assert first == one
    page.wait_for_selector("body[data-odds-helpers='1']", state="attached", timeout=240_000)
    second, took = run()
    assert took == "2"
    assert second == one


def test_odds_helpers_start_once_the_page_has_settled(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """With memory to spare (?odds_prestart=1 stands for navigator.deviceMemory >= 4), the
    Odds helpers start once boot.js says the page has settled ("intruder:settled", after the
    snapshot step), without waiting for the first Odds, so that it runs at full speed; the
    first Odds then has both workers from its start."""
    page.add_init_script("addEventListener('intruder:settled', () => "
                         "{ window.__settled = performance.now(); })")
    boot(site.url + "?worker=1&seed=3&odds_samples=16&odds_seed=7&odds_workers=2"
         "&odds_prestart=1")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    page.wait_for_selector("body[data-odds-helpers='1']", state="attached", timeout=240_000)
    assert page.evaluate("window.__settled") is not None
    assert page.locator("#odds").get_attribute("data-done") is None  # no Odds asked yet
    page.locator("#odds-start").click()
    odds = page.locator("#odds")
    expect(odds).to_have_attribute("data-done", "1", timeout=240_000)
    assert odds.get_attribute("data-workers") == "2"
    assert odds.get_attribute("data-n") == "16"


def test_odds_started_again_while_running_finishes_the_new_run(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """Odds pressed again while an estimate runs: the old run stops, and its late answers and
    its stop never reach the new run in the worker (each run has an id the worker checks)."""
    boot(site.url + "?worker=1&seed=3&odds_samples=10&odds_seed=7")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    odds = page.locator("#odds")
    page.locator("#odds-start").click()
    page.wait_for_function(
        "Number(document.getElementById('odds').dataset.n || 0) >= 1", timeout=60_000)
    page.evaluate("document.getElementById('odds').removeAttribute('data-done')")
    page.locator("#odds-start").click()
    expect(odds).to_have_attribute("data-done", "1", timeout=240_000)
    text = page.locator("#odds-text").inner_text()
    assert "failed" not in text, text
    assert odds.get_attribute("data-n") == "10"
