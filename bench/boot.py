#!/usr/bin/env python3
"""Boot figures for the site against a bare Pyodide page, side by side in one run; printed,
never asserted.

    python3 build.py && .venv/bin/python bench/boot.py [--runs 5]

After one uncounted load of each (a fresh browser's first page is slow), for each run, the
app (`index.html?seed=7`) and a bare page that only awaits `loadPyodide()` of the same
Pyodide are each loaded in turn (which goes first alternates), each in a new browser context
(empty caches, no service worker, no snapshot):
- cold: the first load: boot to interactive (navigation start -> body[data-ready] for the app,
  -> loadPyodide() resolved for the bare page) and first contentful paint; and timed from
  outside the page, as a player's first click would meet it (issue 23): from the test's
  clock before `goto` until a script of the test has run after data-ready (wait for the
  selector, then one `evaluate` round trip), with how long after data-ready the page's main
  thread answered it (by the page's clock);
- warm: a reload once the service worker has precached and the app has stored its memory
  snapshot (the bare page: the HTTP cache only); the app also without the snapshot
  (`?snapshot=0`), to show what the snapshot gains over the service worker alone.
Medians over --runs, with the ratios app/bare; then the bytes the site adds to the runtime.
With --lighthouse [N], Lighthouse 12.8.2 (`npx`, mobile, simulated throttling; 13.x needs
Node 22) also rates both pages N times each (default 3, alternating; it is noisy, so every run
is printed): first and largest contentful paint, total blocking time, and the app's
render-blocking resources. `--runs 0 --lighthouse` runs Lighthouse alone. The server is
build.py's, which gzips like a static host (docs/web.md, Commands).
bench/page.py prints these and the in-game figures together.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

BARE = """<!doctype html><meta charset="utf-8"><title>bare pyodide</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "./pyodide/" });
document.body.dataset.ready = "1";
document.body.dataset.bootMs = String(performance.now());
</script><body><p>Loading Pyodide</p></body>"""
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
READY = "body[data-ready='1'], body[data-boot-error='1']"
FCP = """() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime
           ?? null"""
SNAPSHOT_MADE = ("['failed'].includes(document.body.dataset.snapshotMade) "
                 "|| Number(document.body.dataset.snapshotMade) > 0")
KEYS = ("app cold", "bare cold", "app cold, outside", "bare cold, outside",
        "app answers after ready", "bare answers after ready",
        "app warm", "app warm, no snapshot", "bare warm", "app FCP", "bare FCP")


class Site:
    """dist/ (with the bare page added) served on 127.0.0.1 for one benchmark run."""

    def __init__(self, dist: Path = build.DIST) -> None:
        self.dist = dist
        if not (self.dist / "index.html").exists():
            sys.exit("build the site first: python3 build.py")
        (self.dist / "bench-bare.html").write_text(BARE)
        self.server = build.make_server(self.dist)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        (self.dist / "bench-bare.html").unlink()


def boot_ms(page: Any, url: str) -> float:
    """Load url; ms from navigation start to ready."""
    return boot_outside(page, url)[0]


def boot_outside(page: Any, url: str) -> tuple[float, float, float]:
    """Load url: ms from navigation start to ready (the page's clock); ms from before the
    navigation until a script of ours has run after ready (our clock: what a first click
    meets); and how long after ready the page's main thread answered that script."""
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    answered = float(page.evaluate("performance.now()"))
    outside = (time.perf_counter() - start) * 1000
    if page.evaluate("document.body.dataset.bootError"):
        sys.exit("the app failed to boot: " + page.inner_text("#boot-error"))
    ready = float(page.evaluate("document.body.dataset.bootMs"))
    return ready, outside, answered - ready


def measure_boot(browser: Any, base: str, runs: int) -> dict[str, list[float]]:
    """The boot figures (ms) of every run, by KEYS."""
    out: dict[str, list[float]] = {k: [] for k in KEYS}
    pages = (("app", "index.html?seed=7"), ("bare", "bench-bare.html"))
    for _name, path in pages:  # a fresh browser's first page is slow: not counted
        ctx = browser.new_context()
        boot_ms(ctx.new_page(), base + path)
        ctx.close()
    for run in range(runs):
        for name, path in pages if run % 2 == 0 else pages[::-1]:  # neither always first
            ctx = browser.new_context()
            page = ctx.new_page()
            ready, outside, answer = boot_outside(page, base + path)
            out[f"{name} cold"].append(ready)
            out[f"{name} cold, outside"].append(outside)
            out[f"{name} answers after ready"].append(answer)
            out[f"{name} FCP"].append(float(page.evaluate(FCP) or "nan"))
            if name == "app":
                page.wait_for_function(SNAPSHOT_MADE, timeout=180_000)
                page.wait_for_function("navigator.serviceWorker.controller !== null",
                                       timeout=120_000)
                out["app warm, no snapshot"].append(
                    boot_ms(page, base + "index.html?seed=7&snapshot=0"))
                out["app warm"].append(boot_ms(page, base + "index.html?seed=7"))
            else:
                out["bare warm"].append(boot_ms(page, base + path))
            ctx.close()
    return out


def boot_lines(results: dict[str, list[float]], runs: int) -> list[str]:
    """The boot table: medians, runs, and the ratios to the bare page."""
    med = {k: statistics.median(v) for k, v in results.items() if v}
    lines = [f"boot, median of {runs} (ms since navigation start):"]
    for key, values in results.items():
        if values:
            lines.append(f"  {key:25s} {med[key]:7.0f}   runs: "
                         + " ".join(f"{v:.0f}" for v in values))
    lines.append(f"  cold boot to interactive: app/bare = {med['app cold'] / med['bare cold']:.2f}x"
                 " (the page's own clock)")
    lines.append(f"  cold boot, outside:       app/bare = "
                 f"{med['app cold, outside'] / med['bare cold, outside']:.2f}x (target <= 1.25x:"
                 " until a script runs after data-ready)")
    lines.append(f"  warm boot (snapshot):     app/bare = {med['app warm'] / med['bare warm']:.2f}x"
                 " (target <= 0.5x)")
    lines.append(f"  warm boot, no snapshot:   app/bare = "
                 f"{med['app warm, no snapshot'] / med['bare warm']:.2f}x")
    lines.append(f"  first contentful paint:   app/bare = {med['app FCP'] / med['bare FCP']:.2f}x"
                 " (unthrottled; issue 13's target, <= 1.5x, is Lighthouse's: --lighthouse)")
    return lines


def bytes_line() -> str:
    """The bytes dist/ adds to the Pyodide runtime, as the build counts them."""
    raw, gz = build.bytes_added(build.DIST)
    return (f"bytes added beyond the Pyodide runtime: {raw / 1000:.0f} KB raw, "
            f"{gz / 1000:.0f} KB gzip (target <= 600 KB)")


LIGHTHOUSE_KEYS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time")


def lighthouse_run(url: str) -> dict[str, Any] | str:
    """One Lighthouse run of url: its audits, or the error it failed with."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        for _ in range(2):  # Lighthouse's Chromium now and then fails to start: once more
            done = subprocess.run(
                ["npx", "-y", "lighthouse@12.8.2", url, "--quiet",
                 "--only-categories=performance", "--output=json",
                 f"--output-path={report}", "--chrome-flags=" + " ".join(ARGS)],
                env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"},
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                timeout=600, check=False)
            if done.returncode == 0 and report.exists():
                audits: dict[str, Any] = json.loads(report.read_text())["audits"]
                return audits
        return done.stderr.strip()[-300:]


def lighthouse_lines(base: str, runs: int) -> list[str]:
    """First contentful paint, largest contentful paint and total blocking time of the app
    and the bare page by Lighthouse, `runs` cold runs each (alternating, as it is noisy):
    every run, the medians and the ratios; and what Lighthouse still counts against the app's
    first paint (its render-blocking-resources audit)."""
    out = [f"Lighthouse 12.8.2 (mobile, simulated throttling), {runs} runs each:"]
    figures: dict[str, dict[str, list[float]]] = {
        name: {k: [] for k in LIGHTHOUSE_KEYS} for name in ("app", "bare")}
    blocking: list[str] = []
    pages = (("app", "index.html?seed=7"), ("bare", "bench-bare.html"))
    for run in range(runs):
        for name, path in pages if run % 2 == 0 else pages[::-1]:
            audits = lighthouse_run(base + path)
            if isinstance(audits, str):
                return [*out, f"  {name}: Lighthouse failed: {audits}"]
            for key in LIGHTHOUSE_KEYS:
                figures[name][key].append(float(audits[key]["numericValue"]))
            if name == "app":
                items = audits["render-blocking-resources"].get("details", {}).get("items", [])
                blocking += [f"{i['url'].rsplit('/', 1)[-1]} ({i['wastedMs']:.0f} ms)"
                             for i in items]
    for key in LIGHTHOUSE_KEYS:
        app, bare = figures["app"][key], figures["bare"][key]
        ma, mb = statistics.median(app), statistics.median(bare)
        ratio = f"{ma / mb:.2f}x" if mb else "-"
        out.append(f"  {key:25s} app {ma:6.0f} ms  bare {mb:6.0f} ms  app/bare {ratio}"
                   f"   runs app: {' '.join(f'{v:.0f}' for v in app)}"
                   f"  bare: {' '.join(f'{v:.0f}' for v in bare)}")
    out.append("  render-blocking resources of the app: " + (", ".join(blocking) or "none"))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=5, help="boot runs (0: Lighthouse only)")
    p.add_argument("--lighthouse", type=int, nargs="?", const=3, default=0, metavar="RUNS",
                   help="also run Lighthouse 12.8.2 on each page, RUNS times (default 3)")
    opts = p.parse_args()
    from playwright.sync_api import sync_playwright

    site = Site()
    try:
        boot = []
        if opts.runs > 0:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                boot = boot_lines(measure_boot(browser, site.url, opts.runs), opts.runs)
                browser.close()
        lines = lighthouse_lines(site.url, opts.lighthouse) if opts.lighthouse else []
    finally:
        site.close()
    print("\n".join([*boot, bytes_line(), *lines]))


if __name__ == "__main__":
    main()
