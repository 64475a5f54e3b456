#!/usr/bin/env python3
"""The page's figures in one run, printed, never asserted: the boot figures of bench/boot.py
(cold and warm against a bare Pyodide page, first contentful paint, bytes added) and, in the
game:

- click to updated board: a click on a crewman token (select, then deselect), timed in the
  page from the click to the board's SVG changing; median and p95 over --clicks;
- Odds in the bots' workers (a pool of min(cores, 4), or --odds-workers): samples per
  second, the time to --odds samples, and the longest main-thread task (PerformanceObserver
  "longtask") while it runs; run twice right after the bots' worker is up (the first starts
  the pool's helpers, the second finds them up), then once more as the first Odds of the
  reloaded page once it has settled (its helpers started in idle time);
- a computer turn (the Intelligent Intruder played by the computer): the longest main-thread
  task meanwhile;
- the advisor (SearchPolicy in the worker, 1 s budget) on a Self Defense choice: rollouts
  per second and per suggestion;
- games started from the New game dialog: each one's longest main-thread task by CPU time
  (Chromium's trace, e2e/main_thread.py).

    python3 build.py && .venv/bin/python bench/page.py [--runs 3] [--clicks 40] [--odds 200]
                                                       [--odds-workers N]
    .venv/bin/python bench/page.py --only clicks,computer   # some in-game figures, no boot
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))  # main_thread.py

from boot import ARGS, Site, boot_lines, boot_ms, bytes_line, measure_boot

OBSERVE = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""
TIME_CLICK = """async (selector) => {
  const board = document.querySelector('#board');
  const target = document.querySelector(selector);
  if (!target) return null;
  const t0 = performance.now();
  const changed = new Promise(done => {
    const seen = new MutationObserver(() => { seen.disconnect(); done(performance.now()); });
    seen.observe(board, {childList: true, subtree: true, attributes: true});
  });
  target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  return (await changed) - t0;
}"""
WORKER = "body[data-bot-worker='ready'], body[data-bot-worker='failed']"


def longest_since(page: Any, t0: float) -> tuple[int, float]:
    """(count, longest ms) of the main thread's long tasks that started after t0."""
    tasks = [d for s, d in page.evaluate("window.__longtasks") if s >= t0]
    return len(tasks), max(tasks, default=0.0)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


PARTS = ("clicks", "odds", "advisor", "computer", "newgame")


def measure_page(browser: Any, base: str, clicks: int, odds: int,
                 parts: tuple[str, ...] = PARTS, odds_workers: int = 0) -> list[str]:
    """The in-game figures (those of `parts`), as printed lines; `odds_workers` sets the
    Odds pool's size (0: the page's own choice, one per core but one)."""
    lines = []
    pool = f"&odds_workers={odds_workers}" if odds_workers else ""
    ctx = browser.new_context()
    ctx.add_init_script(OBSERVE)
    page = ctx.new_page()
    boot_ms(page, base + f"index.html?seed=3&odds_samples={odds}&odds_seed=1{pool}")
    page.wait_for_selector(WORKER, state="attached", timeout=180_000)
    worker = page.evaluate("document.body.dataset.botWorker")
    lines.append(f"bots' worker: {worker}, up {page.evaluate('document.body.dataset.botWorkerMs')}"
                 " ms after the page was ready")

    times = []
    for _ in range(clicks if "clicks" in parts else 0):
        ms = page.evaluate(TIME_CLICK, "#board [data-crew]")
        if ms is None:
            break
        times.append(float(ms))
    if "clicks" not in parts:
        pass
    elif times:
        lines.append(f"click to updated board: median {statistics.median(times):.0f} ms, "
                     f"p95 {p95(times):.0f} ms (n={len(times)}; target median <= 16 ms)")
    else:
        lines.append("click to updated board: not measured (no crewman token on the board)")

    if "odds" in parts:
        lines += measure_odds(page, odds)
        lines += measure_settled_odds(page, base + f"index.html?seed=3&odds_samples={odds}"
                                      f"&odds_seed=1{pool}", odds)
    if "advisor" in parts:
        lines += measure_advisor(page, base)
    if "computer" in parts:
        lines += measure_computer(page, base)
    if "newgame" in parts:
        lines += measure_new_games(page, base)
    ctx.close()
    return lines


def time_odds(page: Any, odds: int) -> str:
    """Press Odds and wait for the estimate: how long it took, how many workers took part
    and the main thread's long tasks meanwhile, as one printed clause."""
    page.wait_for_timeout(500)
    page.evaluate("document.getElementById('odds').removeAttribute('data-done')")
    t0 = page.evaluate("performance.now()")
    page.locator("#odds-start").click()
    page.wait_for_selector("#odds[data-done='1']", state="attached", timeout=600_000)
    secs = (page.evaluate("performance.now()") - t0) / 1000
    n_tasks, longest = longest_since(page, t0)
    data = page.evaluate("Object.assign({}, document.getElementById('odds').dataset)")
    return (f"{data.get('where')}, {data.get('workers', '?')} worker(s) took part: {odds} "
            f"samples in {secs:.1f} s, {odds / secs:.2f} samples/s (target 200 in <= 5 s); "
            f"main-thread long tasks meanwhile: {n_tasks}, longest {longest:.0f} ms (target "
            "none > 50 ms)")


def measure_odds(page: Any, odds: int) -> list[str]:
    """Odds in the workers, twice right after the bots' worker is up: the first run starts
    the pool's helpers (if the pool has any and they have not started yet), the second finds
    them up."""
    cores = page.evaluate("navigator.hardwareConcurrency")
    return [f"Odds, {run} run ({cores} cores; {time_odds(page, odds)})"
            for run in ("first", "second")]


def measure_settled_odds(page: Any, url: str, odds: int) -> list[str]:
    """The first Odds of a page that has settled after its boot: reloaded (so from the memory
    snapshot the first load stored), the Odds helpers started in idle time (where the device
    has memory to spare: bot_client.warm_pool), then Odds."""
    boot_ms(page, url)
    page.wait_for_selector(WORKER, state="attached", timeout=180_000)
    helpers = int(page.evaluate("navigator.hardwareConcurrency") or 1) - 1
    try:
        page.wait_for_function(f"Number(document.body.dataset.oddsHelpers || 0) >= "
                               f"{min(helpers, 3)}", timeout=120_000)
        waited = "helpers up"
    except Exception:  # a device without memory to spare: they start on the first Odds
        waited = "helpers not started ahead"
    snapshot = page.evaluate("document.body.dataset.snapshot")
    return [f"Odds, first run once the page has settled (snapshot {snapshot}, {waited}; "
            f"{time_odds(page, odds)})"]


def measure_advisor(page: Any, base: str) -> list[str]:
    """The search in the worker: rollouts per suggestion and per second."""
    lines = []
    rollouts, spent = [], []
    for _ in range(3):
        boot_ms(page, base + "index.html?seed=52&advisor_ms=1000")
        page.wait_for_selector(WORKER, state="attached", timeout=180_000)
        page.locator("#suggest").click()
        page.wait_for_selector("#advice strong", timeout=60_000)
        rollouts.append(int(page.evaluate("document.body.dataset.adviceRollouts") or 0))
        spent.append(float(page.evaluate("document.body.dataset.adviceMs") or 0))
    per_s = [r / (s / 1000) for r, s in zip(rollouts, spent, strict=True) if s]
    lines.append(f"advisor (search in the worker, 1 s budget, Self Defense choice): "
                 f"{statistics.median(rollouts)} rollouts per suggestion, "
                 f"{statistics.median(per_s):.1f} rollouts/s; suggestion round trip "
                 f"{statistics.median(spent):.0f} ms")
    return lines


def measure_computer(page: Any, base: str) -> list[str]:
    """A computer turn: the main thread's long tasks while the Intruder plays."""
    lines = []
    boot_ms(page, base + "index.html?seed=3&pace_ms=100")
    page.wait_for_selector(WORKER, state="attached", timeout=180_000)
    t0 = page.evaluate("performance.now()")
    page.locator("#new-game").click()
    page.locator("#new-scenario").select_option("intelligent_intruder")
    page.locator("#new-seats").select_option("crew")
    page.locator("#new-seed").fill("1")
    page.locator("#new-start").click()
    page.wait_for_selector("body[data-bot-where]", state="attached", timeout=60_000)
    page.wait_for_selector("body[data-turn='human:crew']", state="attached", timeout=120_000)
    n_tasks, longest = longest_since(page, t0)
    lines.append(f"computer turn (Intruder, decisions in the "
                 f"{page.evaluate('document.body.dataset.botWhere')}): main-thread long tasks "
                 f"{n_tasks}, longest {longest:.0f} ms (each move applied and drawn on the page)")
    return lines


def measure_new_games(page: Any, base: str, games: int = 6) -> list[str]:
    """Games started from the New game dialog (Solitaire and the Intelligent Intruder in
    turn, from a fresh page): each game's longest main-thread task by its CPU time, read from
    Chromium's trace as the e2e tests read it (e2e/main_thread.py)."""
    from main_thread import MainThread, click_at, wait_until

    boot_ms(page, base + "index.html?seed=7&worker=1")
    page.wait_for_selector(WORKER, state="attached", timeout=180_000)
    page.wait_for_timeout(1500)  # what the boot leaves for idle time
    longest = []
    for k in range(games):
        page.locator("#new-game").click()
        page.locator("#new-scenario").select_option(
            "intelligent_intruder" if k % 2 else "solitaire")
        page.locator("#new-seed").fill(str(k + 1))
        page.wait_for_timeout(300)
        before = page.evaluate("document.body.dataset.stateSha")
        recording = MainThread(page).start()
        click_at(page, "#new-start")
        wait_until(page, f"document.body.dataset.stateSha !== {before!r}", 30)
        page.wait_for_timeout(1500)  # the kept board, a computer move
        longest.append(max(t.cpu for t in recording.tasks()))
    return [f"new game from the dialog: longest main-thread task per game "
            f"{', '.join(f'{ms:.0f}' for ms in longest)} ms of CPU (median "
            f"{statistics.median(longest):.0f}, max {max(longest):.0f}; target <= 50 ms)"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=3, help="boot runs (medians)")
    p.add_argument("--clicks", type=int, default=40)
    p.add_argument("--odds", type=int, default=200, help="Odds samples")
    p.add_argument("--odds-workers", type=int, default=0,
                   help="the Odds pool's size (default: the page's, min(cores, 4))")
    p.add_argument("--only", default="", help="comma-separated in-game parts to measure, "
                   f"without the boot figures ({', '.join(PARTS)})")
    opts = p.parse_args()
    parts = tuple(x for x in opts.only.split(",") if x) or PARTS
    from playwright.sync_api import sync_playwright

    site = Site()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            results = {} if opts.only else measure_boot(browser, site.url, opts.runs)
            lines = measure_page(browser, site.url, opts.clicks, opts.odds, parts,
                                 opts.odds_workers)
            browser.close()
    finally:
        site.close()
    head = [] if opts.only else [*boot_lines(results, opts.runs), bytes_line()]
    print("\n".join([*head, *lines]))


if __name__ == "__main__":
    main()
