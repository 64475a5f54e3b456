#!/usr/bin/env python3
"""Boots the app again and again to catch Chromium's renderer crash ("Page crashed",
"Target crashed"; about one boot in a hundred in the browser tests); prints how many boots
crashed and at which point, never asserts.

    python3 build.py && .venv/bin/python bench/crash_loop.py [--boots 100] [--flag=--x ...]

Each boot is a new browser context (no service worker, no snapshot stored: what every browser
test starts from) in one browser, like the tests; it waits for the page to be ready, then for
the bots' worker and the snapshot worker (three Pyodide instances in one renderer), like a
test that plays on. --flag adds a Chromium flag (try e.g. --disable-dev-shm-usage); Chromium's
own log (--enable-logging) goes to --log, where a crash's reason can be read.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from boot import ARGS, READY, SNAPSHOT_MADE, Site

WORKER = "['ready', 'failed'].includes(document.body.dataset.botWorker)"
STAGES = ("ready", "bots' worker", "snapshot")


def one_boot(browser: Any, url: str) -> tuple[str, float]:
    """Boot once: ("ok" or "crash at <stage>" or "error at <stage>: ...", seconds)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    crashed: list[bool] = []
    page.on("crash", lambda _page: crashed.append(True))
    t0 = time.monotonic()
    stage = STAGES[0]
    try:
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        stage = STAGES[1]
        page.wait_for_function(WORKER, timeout=120_000)
        stage = STAGES[2]
        page.wait_for_function(SNAPSHOT_MADE, timeout=120_000)
        outcome = "ok"
    except Exception as exc:  # a crash surfaces as any Playwright error
        text = str(exc).splitlines()[0][:120]
        crash = crashed or "crash" in text.lower()
        outcome = f"crash at {stage}" if crash else f"error at {stage}: {text}"
    finally:
        with contextlib.suppress(Exception):  # a crashed context may refuse to close
            ctx.close()
    return outcome, time.monotonic() - t0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--boots", type=int, default=100)
    p.add_argument("--flag", action="append", default=[], help="an extra Chromium flag")
    p.add_argument("--dist", type=Path, default=None,
                   help="a copy of dist/ to serve (so that a build meanwhile changes nothing)")
    p.add_argument("--log", default="/tmp/crash_loop-chromium.log", help="Chromium's log")
    opts = p.parse_args()
    from playwright.sync_api import sync_playwright

    args = [*ARGS, *opts.flag, "--enable-logging", f"--log-file={opts.log}"]
    counts: collections.Counter[str] = collections.Counter()
    times: list[float] = []
    site = Site(opts.dist) if opts.dist else Site()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=args)
            for n in range(opts.boots):
                if not browser.is_connected():  # the browser itself died: a new one
                    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=args)
                outcome, secs = one_boot(browser, site.url + f"index.html?seed={n}")
                counts[outcome] += 1
                times.append(secs)
                if outcome != "ok":
                    print(f"boot {n}: {outcome} after {secs:.1f} s", flush=True)
            browser.close()
    finally:
        site.close()
    flags = " ".join(opts.flag) or "(the tests' flags)"
    print(f"{opts.boots} boots with {flags}, {sum(times) / len(times):.1f} s each: "
          + ", ".join(f"{k} {v}" for k, v in counts.most_common())
          + f"; Chromium's log: {opts.log}")


if __name__ == "__main__":
    main()
