"""The bots' worker: Odds, Suggest and the computer's decisions run in a PyScript worker
(web/py/workers/bot_worker.py), and the page stays clickable meanwhile. The pages here start it
at the boot's idle moment (?worker=1), since these tests time the worker itself; a player's page
starts it on need or on his first pause (test_advisor.py). Chromium's trace records the main
thread's tasks over the work (main_thread.py): the page yields between the worker's answers
and between moves, a computer move is applied and drawn in tasks of their own, and each
redraw swaps only what changed, so no task holds the main thread over 50 ms of CPU (a move
was one task of 6-18 ms on a quiet machine, bench/page.py, and of 25-54 ms on a slow guest:
hence NEAR_THE_BOUND); before the worker every computer move was one (65-262 ms) and Odds
stalled the page. The pages boot from
the worker's stored memory snapshot and so make none (that would boot a Pyodide of its own
meanwhile).
"""

from __future__ import annotations

import json

from conftest import Problems, Site
from game_page import BODY, Boot, start
from main_thread import NEAR_THE_BOUND, MainThread, click_at, wait_until
from playwright.sync_api import Page, expect

import intruder_core as ic

WORKER_READY = "body[data-bot-worker='ready']"
# Each turn the page shows ([turn, when]) and each bot's answer (["answer", when]: the page
# sets body[data-bot-where] as it takes one in).
WATCH_TURNS = """
window.__turns = [];
addEventListener('DOMContentLoaded', () => new MutationObserver((records) => {
  for (const r of records) window.__turns.push([r.attributeName === 'data-turn'
    ? document.body.dataset.turn : 'answer', performance.now()]);
}).observe(document.body, {attributes: true, attributeFilter: ['data-turn', 'data-bot-where']}));
"""


def legal_dicts(page: Page, side: str | None = None) -> list[dict[str, object]]:
    game = ic.Game.from_json(page.evaluate("intruderDebug.state()"))
    return [a.to_dict() for a in (game.legal_actions(side) if side else game.legal_actions())]


def test_odds_run_in_the_worker_and_the_page_stays_clickable(
    page: Page, site: Site, problems: Problems, boot: Boot, main_thread: MainThread
) -> None:
    boot(site.url + "?worker=1&seed=3&odds_samples=400")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    odds = page.locator("#odds")
    page.locator("#odds-start").click()
    expect(odds).to_have_attribute("data-running", "1")
    expect(odds).to_have_attribute("data-where", "worker")
    page.wait_for_function(
        "Number(document.getElementById('odds').dataset.n || 0) >= 2", timeout=60_000)
    # While the worker samples (from the click on, test_no_long_task_while_odds_runs), the
    # page answers: the rules dialog opens and closes, and no task holds the main thread.
    main_thread.start()
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
    long = main_thread.long()
    assert not long, f"odds in the worker (n = {n}): long tasks {[str(t) for t in long]}"
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


@NEAR_THE_BOUND
def test_no_long_task_while_odds_runs(
    page: Page, site: Site, problems: Problems, boot: Boot, main_thread: MainThread
) -> None:
    boot(site.url + "?worker=1&seed=3&odds_samples=24")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    page.wait_for_timeout(500)  # the worker's start-up has settled
    page.locator("#odds-start").scroll_into_view_if_needed()
    main_thread.start()
    click_at(page, "#odds-start")
    odds = page.locator("#odds")
    wait_until(page, "document.getElementById('odds').dataset.done === '1'")
    assert odds.get_attribute("data-where") == "worker"
    assert int(odds.get_attribute("data-n") or 0) == 24
    long = main_thread.long()
    assert not long, f"Odds, 24 samples: long tasks {[str(t) for t in long]}"


@NEAR_THE_BOUND
def test_the_computer_decides_in_the_worker_with_no_long_task(
    page: Page, site: Site, problems: Problems, boot: Boot, main_thread: MainThread
) -> None:
    page.add_init_script(WATCH_TURNS)
    boot(site.url + "?worker=1&seed=3&pace_ms=100")
    page.wait_for_selector(WORKER_READY, state="attached", timeout=120_000)
    page.wait_for_timeout(500)
    main_thread.start()
    start(page, "intelligent_intruder", 1, seats="crew")
    body = page.locator(BODY)
    wait_until(page, "document.body.dataset.turn === 'human:crew'", 120)
    turns = page.evaluate("window.__turns")
    # the Intruder's turn, from the computer's first answer on: before it the new game is
    # drawn and laid out (some 40 of the plan's 63 parts new) and Your games sets the game
    # left aside and the new one, 40-66 ms tasks on a slow machine, none of them a decision
    t0 = next(t for turn, t in turns if turn == "answer")
    moves = len([t for t in turns if t[0] == "computer:intruder"])
    assert moves >= 5, "the computer played too little to tell"
    assert body.get_attribute("data-bot-where") == "worker"
    long = main_thread.long(since=t0)  # one a move before the worker (the module's note)
    assert not long, f"computer turn, {moves} moves: long tasks {[str(t) for t in long]}"
    expect(page.locator("#log")).to_contain_text("moves to")
    game = ic.Game.from_json(page.evaluate("intruderDebug.state()"))
    assert game.to_move() == ["crew"]


@NEAR_THE_BOUND
def test_odds_shared_by_two_workers_gives_the_one_worker_estimate(
    page: Page, site: Site, problems: Problems, boot: Boot, main_thread: MainThread
) -> None:
    """A pool of Odds workers (bot_client.OddsPool; ?odds_workers=N sets its size) plays the
    same sampled games as one worker: the same seed (?odds_seed=N) gives the same estimate.
    Without ?odds_prestart the helper starts on the first Odds (body[data-odds-helpers]
    counts those up); the second run has both workers from the start."""
    odds = page.locator("#odds")

    def run() -> tuple[dict[str, str | None], str | None]:
        page.evaluate("document.getElementById('odds').removeAttribute('data-done')")
        # The worker's start-up has settled first (as in test_no_long_task_while_odds_runs);
        # the click is the pointer's and the wait a bare evaluate (click_at, wait_until: no
        # Playwright script at work in the page while it is recorded).
        page.wait_for_timeout(500)
        page.locator("#odds-start").scroll_into_view_if_needed()
        main_thread.start()
        click_at(page, "#odds-start")
        wait_until(page, "document.getElementById('odds').dataset.done === '1'", 240)
        assert odds.get_attribute("data-where") == "worker"
        got = {k: odds.get_attribute(f"data-{k}") for k in ("win", "draw", "loss", "n", "seed")}
        took = odds.get_attribute("data-workers")
        long = main_thread.long()
        assert not long, f"Odds, {took} worker(s): long tasks {[str(t) for t in long]}"
        return got, took

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
