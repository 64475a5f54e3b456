#!/usr/bin/env python3
"""What one boot of the game page costs the machine in CPU time, as the browser tests meet it
(issue 27: their two cores stay busy, mostly starting Pyodide); printed, never asserted.

    python3 build.py && .venv/bin/python bench/boot_cpu.py [--runs 3] [--flags "--js-flags=..."]

One browser context boots the page once and stores its memory snapshot; then, for each kind
of boot, --runs times: the origin wiped as e2e/conftest.py's SharedContext.wipe does (storage
and service worker gone, the snapshot kept), the page booted, and Chromium's CPU time (user +
system, from /proc, by process type) read before the navigation, at data-ready and 4 s
later (the bots' worker and the service worker start after the boot). Kinds: the page as
players get it, `?worker=0` (no bots' worker) and the bare `loadPyodide()` page (no snapshot).
--flags adds Chromium flags (e.g. "--js-flags=--liftoff-only").
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from boot import ARGS, Site  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
KINDS = (("page", "?seed=2"), ("page, ?worker=0", "?seed=2&worker=0"),
         ("bare Pyodide", "bench-bare.html"))
LINGER_S = 4.0
CLEARED = "cookies,file_systems,indexeddb,local_storage,service_workers,websql"


def chromium_cpu() -> Counter[str]:
    """CPU seconds so far of each running Chromium process type (browser, renderer, ...)."""
    found: Counter[str] = Counter()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/comm") as f:
                if "chrom" not in f.read():
                    continue
            with open(f"/proc/{pid}/cmdline") as f:
                cmd = f.read()
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        kind = re.search(r"--type=([a-z-]+)", cmd)
        found[kind.group(1) if kind else "browser"] += (int(fields[11]) + int(fields[12])) / TICK
    return found


def wipe(context: object, url: str) -> None:
    """The origin's storage and service worker gone, the memory snapshot kept."""
    page = context.new_page()  # type: ignore[attr-defined]
    page.goto(url + "robots.txt")
    cdp = context.new_cdp_session(page)  # type: ignore[attr-defined]
    cdp.send("Storage.clearDataForOrigin", {"origin": url.rstrip("/"), "storageTypes": CLEARED})
    page.evaluate("async () => { for (const n of await caches.keys()) "
                  "if (n !== 'pyodide-snapshot') await caches.delete(n); }")
    page.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--flags", default="", help="more Chromium flags, space-separated")
    opts = p.parse_args()
    from playwright.sync_api import sync_playwright

    site = Site()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                         args=ARGS + opts.flags.split())
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(site.url + "?seed=1")
            page.wait_for_function("Number(document.body.dataset.snapshotMade) > 0",
                                   timeout=180_000)
            page.close()
            print(f"load average {os.getloadavg()[0]:.2f}; medians of {opts.runs} boots; "
                  f"CPU-s by Chromium process type")
            for label, query in KINDS:
                rows = []
                for _ in range(opts.runs):
                    wipe(context, site.url)
                    time.sleep(1)
                    before, start = chromium_cpu(), time.monotonic()
                    page = context.new_page()
                    page.goto(site.url + query)
                    page.wait_for_selector("body[data-ready='1']", state="attached",
                                           timeout=120_000)
                    ready, wall = chromium_cpu(), time.monotonic() - start
                    time.sleep(LINGER_S)
                    after = chromium_cpu()
                    page.close()
                    rows.append((wall, sum((ready - before).values()),
                                 sum((after - ready).values()), ready - before))
                types = sorted({k for *_, by in rows for k in by})
                split = ", ".join(f"{k} {statistics.median(by[k] for *_, by in rows):.2f}"
                                  for k in types)
                print(f"{label:16} ready {statistics.median(r[0] for r in rows):.2f} s; "
                      f"CPU to ready {statistics.median(r[1] for r in rows):.2f} s ({split}); "
                      f"the next {LINGER_S:.0f} s {statistics.median(r[2] for r in rows):.2f} s")
            browser.close()
    finally:
        site.close()


if __name__ == "__main__":
    main()
