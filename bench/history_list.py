#!/usr/bin/env python3
"""Your games (history.html) with a thousand finished games, printed, never asserted: the
page's ready time empty and with --games records stored as the game page keeps them (each
under its key, its check cached), the list stage's time, the main thread's long tasks
(PerformanceObserver "longtask", over 50 ms) while the records are read and listed, and
while the list is paged through and filtered. Each run in a fresh browser context; the load
average is printed with each run, since a loaded machine stretches every task.

    python3 build.py && .venv/bin/python bench/history_list.py [--runs 3] [--games 1000]
                                                               [--unchecked]

--unchecked stores the records without their checks cached: each is replayed as it is read
(records the game page did not keep: another version's, a cleared cache).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from boot import ARGS, Site
from history_records import PUT_RECORDS, entries

from core import history

OBSERVE = """window.__longTasks = [];
new PerformanceObserver(l => { for (const e of l.getEntries())
  window.__longTasks.push([e.startTime, e.duration]); })
.observe({type: 'longtask', buffered: true});"""
# (ready, ms from the list's start to ready, the long tasks since the list began)
LIST_TIMES = """() => {
  const list = performance.getEntriesByName("intruder:history list")[0].startTime;
  const ready = performance.getEntriesByName("intruder:ready")[0].startTime;
  return [ready, ready - list, window.__longTasks.filter(([t]) => t >= list).map(([, d]) => d)];
}"""
READY = "body[data-ready='1']"


def open_list(page: Any, url: str) -> tuple[float, float, list[float]]:
    page.goto(url + "history.html")
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    ready, listing, tasks = page.evaluate(LIST_TIMES)
    return float(ready), float(listing), [float(t) for t in tasks]


def browse(page: Any) -> list[float]:
    """Every page of the list, then the losses only and all again: the long tasks."""
    page.evaluate("() => { window.__longTasks.length = 0; }")
    body = page.locator("body")
    pages = history.pages(int(body.get_attribute("data-games") or 0))
    for n in range(1, pages):
        page.locator("#history-pager").get_by_role("button", name="Earlier games").click()
        page.wait_for_selector(f"body[data-page='{n}']", state="attached")
    for show in ("loss", "all"):
        page.locator("#history-filter").select_option(show)
        page.wait_for_selector("body[data-page='0']", state="attached")
    return [float(d) for _s, d in page.evaluate("window.__longTasks")]


def run(browser: Any, url: str, games: list[str], checked: bool) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE)
        open_list(page, url)  # the first visit: the service worker caches the site
        empty = open_list(page, url)
        page.evaluate(PUT_RECORDS, [[f"k{n:05d}", json.dumps(t)] for n, t in enumerate(games)])
        if checked:
            page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                          ["intruder:" + history.CHECKED,
                           json.dumps(sorted(history.digest(t) for t in games))])
        full = open_list(page, url)
        return {"empty": empty, "full": full, "browse": browse(page),
                "load": os.getloadavg()[0]}
    finally:
        context.close()


def tasks_text(tasks: list[float]) -> str:
    return "none" if not tasks else f"{len(tasks)}, longest {max(tasks):.0f} ms"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--unchecked", action="store_true",
                   help="no check cached: every record replayed as it is read")
    opts = p.parse_args()
    from playwright.sync_api import sync_playwright

    games = [json.dumps(g, separators=(",", ":")) for g in entries(opts.games, 200)]
    site = Site()
    results = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for n in range(opts.runs):
                r = run(browser, site.url, games, not opts.unchecked)
                results.append(r)
                print(f"run {n + 1} (load {r['load']:.1f}): ready empty {r['empty'][0]:.0f} ms, "
                      f"{opts.games:,} games {r['full'][0]:.0f} ms "
                      f"({r['full'][0] / r['empty'][0]:.2f}x; list {r['full'][1]:.0f} ms); "
                      f"long tasks listing: {tasks_text(r['full'][2])}; paging and "
                      f"filtering: {tasks_text(r['browse'])}", flush=True)
            browser.close()
    finally:
        site.close()
    ratio = statistics.median(r["full"][0] / r["empty"][0] for r in results)
    print(f"median over {opts.runs} runs: ready with {opts.games:,} games {ratio:.2f}x empty; "
          f"runs with a long task while listing "
          f"{sum(bool(r['full'][2]) for r in results)}, while paging and filtering "
          f"{sum(bool(r['browse']) for r in results)}")


if __name__ == "__main__":
    main()
