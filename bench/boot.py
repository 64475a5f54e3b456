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
  clock before `goto` until a script of the test has run after data-ready (data-ready seen
  by a check every frame, then one `evaluate` round trip), with how long after data-ready the
  page's main thread answered it (by the page's clock);
- warm: a reload once the service worker has precached and the app has stored its memory
  snapshot (the bare page: the HTTP cache only); the app also without the snapshot
  (`?snapshot=0`), to show what the snapshot gains over the service worker alone; then
  (issue 31) three moves played and the page reloaded without ?seed, resuming them: from
  outside, until the board is on screen (kept.js's kept board) and until a script of ours
  runs after data-ready, against the bare page's warm reload from outside.
Medians over --runs, with the ratios app/bare; then the bytes the site adds to the runtime.
With --phases, where the cold boot goes: the median time of each step the page marks
(User Timing "intruder:..." marks from boot.js, pyodide/loader.mjs and py/boot.py), when
each file of the runtime and the site arrived (Resource Timing), and the main thread's long
tasks (over 50 ms) from 300 ms before ready to the first answer after it.
With --lighthouse [N], Lighthouse 12.8.2 (`npx`, mobile, simulated throttling; 13.x needs
Node 22) also rates both pages N times each (default 3, alternating; it is noisy, so every run
is printed): first and largest contentful paint, total blocking time, and the app's
render-blocking resources. `--runs 0 --lighthouse` runs Lighthouse alone. The server is
build.py's, which gzips like a static host (docs/web.md, Commands).
With --against DIST, a before/after in one sitting instead: this build and the one in DIST
each resume a 3-move game (the warm start of issue 31) in a context of their own, reloaded in
turn --runs times (the order alternating, so a slow minute of the machine falls on both), and
the medians of their boot marks and of ready from outside are printed side by side.
bench/page.py prints these and the in-game figures together.
"""

from __future__ import annotations

import argparse
import json
import math
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
READY_JS = f"document.querySelector(\"{READY}\") !== null"
FCP = """() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime
           ?? null"""
SNAPSHOT_MADE = ("['failed'].includes(document.body.dataset.snapshotMade) "
                 "|| Number(document.body.dataset.snapshotMade) > 0")
# Before any script of the page: long tasks recorded from the start (for --phases).
LONGTASKS = """window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (err) { /* no Long Tasks API */ }"""
PHASES = """() => ({
  marks: performance.getEntriesByType("mark").filter((m) => m.name.startsWith("intruder:"))
    .map((m) => [m.name.slice(9), m.startTime]),
  files: performance.getEntriesByType("resource").map((r) => [
    r.name.replace(location.origin + "/", "").split("?")[0], r.startTime, r.responseEnd,
    r.transferSize, r.encodedBodySize]),
  tasks: window.__longtasks || [],
})"""
KEYS = ("app cold", "bare cold", "app cold, outside", "bare cold, outside",
        "app answers after ready", "bare answers after ready",
        "app warm", "app warm, no snapshot", "bare warm", "app FCP", "bare FCP",
        "app resume, board (outside)", "app resume, ready (outside)", "bare warm, outside")
KEPT_OR_READY = ("document.body.dataset.keptBoard === 'shown' || "
                 "document.body.dataset.ready === '1'")


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
    # checked every frame: wait_for_selector polls at up to 500 ms intervals, so it saw a
    # page that was idle just before ready up to 500 ms late (a click is not so patient)
    page.wait_for_function(READY_JS, polling="raf", timeout=180_000)
    answered = float(page.evaluate("performance.now()"))
    outside = (time.perf_counter() - start) * 1000
    if page.evaluate("document.body.dataset.bootError"):
        sys.exit("the app failed to boot: " + page.inner_text("#boot-error"))
    ready = float(page.evaluate("document.body.dataset.bootMs"))
    return ready, outside, answered - ready


def play_moves(page: Any, moves: int = 3) -> None:
    """Play `moves` actions on the app (its first offered one each time), then wait until
    the page has kept its board for the autosave (kept.js's record)."""
    for _ in range(moves):
        before = page.evaluate("document.body.dataset.stateSha")
        page.locator("#actions button[data-index]:visible").first.click()
        page.wait_for_function("(s) => document.body.dataset.stateSha !== s || "
                               "!!document.querySelector('#confirm-dialog[open]')",
                               arg=before, timeout=60_000)
        if page.locator("#confirm-dialog[open]").count():  # a guard: confirmed
            page.locator("#confirm-yes").click()
            page.wait_for_function("(s) => document.body.dataset.stateSha !== s",
                                   arg=before, timeout=60_000)
    page.wait_for_function("""() => { const k = JSON.parse(localStorage.getItem('intruder:kept')
        || 'null'); const s = localStorage.getItem('intruder:save');
        return !!k && !!s && k.length === new TextEncoder().encode(s).length; }""",
                           timeout=60_000)


def resume_outside(page: Any, url: str) -> tuple[float, float]:
    """Load url (the app resuming its autosave): ms from before the navigation until the
    board is on screen (the kept board, or the live one if none was painted), and until a
    script of ours has run after ready (our clock)."""
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_function(KEPT_OR_READY, polling="raf", timeout=180_000)
    board = (time.perf_counter() - start) * 1000
    page.wait_for_function(READY_JS, polling="raf", timeout=180_000)
    page.evaluate("performance.now()")
    return board, (time.perf_counter() - start) * 1000


def measure_boot(browser: Any, base: str, runs: int,
                 phases: list[dict[str, Any]] | None = None,
                 cold_only: bool = False) -> dict[str, list[float]]:
    """The boot figures (ms) of every run, by KEYS; with `phases`, each cold run's marks,
    files and long tasks appended to it (see PHASES); `cold_only`: no warm reloads."""
    out: dict[str, list[float]] = {k: [] for k in KEYS}
    pages = (("app", "index.html?seed=7"), ("bare", "bench-bare.html"))
    for _name, path in pages:  # a fresh browser's first page is slow: not counted
        ctx = browser.new_context()
        boot_ms(ctx.new_page(), base + path)
        ctx.close()
    for run in range(runs):
        for name, path in pages if run % 2 == 0 else pages[::-1]:  # neither always first
            ctx = browser.new_context()
            if phases is not None:
                ctx.add_init_script(LONGTASKS)
            page = ctx.new_page()
            ready, outside, answer = boot_outside(page, base + path)
            if phases is not None:
                phases.append({"page": name, "ready": ready, "answer": ready + answer,
                               **page.evaluate(PHASES)})
            out[f"{name} cold"].append(ready)
            out[f"{name} cold, outside"].append(outside)
            out[f"{name} answers after ready"].append(answer)
            out[f"{name} FCP"].append(float(page.evaluate(FCP) or "nan"))
            if cold_only:
                ctx.close()
                continue
            if name == "app":
                page.wait_for_function(SNAPSHOT_MADE, timeout=180_000)
                page.wait_for_function("navigator.serviceWorker.controller !== null",
                                       timeout=120_000)
                out["app warm, no snapshot"].append(
                    boot_ms(page, base + "index.html?seed=7&snapshot=0"))
                out["app warm"].append(boot_ms(page, base + "index.html?seed=7"))
                play_moves(page)  # issue 31: the warm start resumes a 3-move game
                board, ready = resume_outside(page, base + "index.html")
                out["app resume, board (outside)"].append(board)
                out["app resume, ready (outside)"].append(ready)
            else:
                ready, outside, _answer = boot_outside(page, base + path)
                out["bare warm"].append(ready)
                out["bare warm, outside"].append(outside)
            ctx.close()
    return out


def boot_lines(results: dict[str, list[float]], runs: int) -> list[str]:
    """The boot table: medians, runs, and the ratios to the bare page."""
    med = {k: statistics.median(v) for k, v in results.items() if v}
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"boot, median of {runs} (ms since navigation start; load average {load}):"]
    for key, values in results.items():
        if values:
            lines.append(f"  {key:25s} {med[key]:7.0f}   runs: "
                         + " ".join(f"{v:.0f}" for v in values))
    lines.append(f"  cold boot to interactive: app/bare = {med['app cold'] / med['bare cold']:.2f}x"
                 " (the page's own clock)")
    lines.append(f"  cold boot, outside:       app/bare = "
                 f"{med['app cold, outside'] / med['bare cold, outside']:.2f}x (target <= 1.25x:"
                 " until a script runs after data-ready)")
    if "app warm" in med:
        lines.append(f"  warm boot (snapshot):     app/bare = "
                     f"{med['app warm'] / med['bare warm']:.2f}x (target <= 0.5x)")
        lines.append(f"  warm boot, no snapshot:   app/bare = "
                     f"{med['app warm, no snapshot'] / med['bare warm']:.2f}x")
    if med.get("bare warm, outside") and "app resume, board (outside)" in med:
        bare = med["bare warm, outside"]
        lines.append(f"  warm resume, board:       app/bare = "
                     f"{med['app resume, board (outside)'] / bare:.2f}x (target <= 0.25x: "
                     "the kept board on screen, from outside)")
        lines.append(f"  warm resume, ready:       app/bare = "
                     f"{med['app resume, ready (outside)'] / bare:.2f}x (target <= 0.3x: "
                     "a script of ours runs after data-ready, from outside)")
    lines.append(f"  first contentful paint:   app/bare = {med['app FCP'] / med['bare FCP']:.2f}x"
                 " (unthrottled; issue 13's target, <= 1.5x, is Lighthouse's: --lighthouse)")
    return lines


def phase_lines(phases: list[dict[str, Any]]) -> list[str]:
    """Where the cold boot goes (--phases): for the app and the bare page, medians over the
    runs of each mark and each file's arrival (ms since navigation start), in order, with the
    step from the line before; then the long tasks around ready."""
    lines: list[str] = []
    for name in ("app", "bare"):
        runs = [r for r in phases if r["page"] == name]
        if not runs:
            continue
        at: dict[str, list[float]] = {}
        for r in runs:
            for mark, t in r["marks"]:
                at.setdefault(mark, []).append(t)
            for file, _start, end, _sent, size in r["files"]:
                if end > 0:
                    at.setdefault(f"got {file} ({size / 1000:.0f} KB)", []).append(end)
            at.setdefault("ready (data-ready)", []).append(r["ready"])
            at.setdefault("answered a script after ready", []).append(r["answer"])
        rows = sorted((statistics.median(v), k) for k, v in at.items())
        lines.append(f"phases of the {name} page, median of {len(runs)} cold runs "
                     "(ms since navigation start, +ms since the line before):")
        before = 0.0
        for t, key in rows:
            lines.append(f"  {t:7.0f}  +{t - before:5.0f}  {key}")
            before = t
        tasks = [(round(s), round(d)) for r in runs for s, d in r["tasks"]
                 if r["ready"] - 300 <= s <= r["answer"]]
        lines.append(f"  long tasks from 300 ms before ready to the answer (start, ms), "
                     f"all runs: {tasks or 'none'}")
    return lines


def importtime_lines(browser: Any, base: str, top: int = 30) -> list[str]:
    """One cold load of the app with Python's -X importtime (loader.mjs's ?importtime=1):
    the `top` imports with the most time of their own (compiling and running the module,
    without its imports), and the cumulative time of each module imported at top level."""
    ctx = browser.new_context()
    page = ctx.new_page()
    said: list[str] = []
    page.on("console", lambda msg: said.extend(msg.text.splitlines()))
    boot_ms(page, base + "index.html?seed=7&snapshot=0&importtime=1")
    page.wait_for_timeout(500)
    ctx.close()
    rows = []
    for line in said:
        if line.startswith("import time:") and "|" in line and "self [us]" not in line:
            own, total, name = line.removeprefix("import time:").split("|", 2)
            rows.append((int(own), int(total), name.rstrip()))
    out = [f"imports of a cold boot (-X importtime, {len(rows)} modules, "
           f"{sum(r[0] for r in rows) / 1000:.0f} ms in all), the {top} slowest by own time:"]
    for own, total, name in sorted(rows, reverse=True)[:top]:
        out.append(f"  {own / 1000:7.1f} ms own {total / 1000:7.1f} ms with imports  "
                   f"{name.strip()}")
    firsts = [(total, name.strip()) for _own, total, name in rows
              if len(name) - len(name.lstrip()) <= 1]
    out.append("  imported at top level (ms with their imports): " + ", ".join(
        f"{n} {t / 1000:.0f}" for t, n in sorted(firsts, reverse=True) if t >= 2000))
    return out


def bytes_line(dist: Path = build.DIST) -> str:
    """The bytes dist/ adds to the Pyodide runtime, as the build counts them."""
    raw, gz = build.bytes_added(dist)
    return (f"bytes added beyond the Pyodide runtime: {raw / 1000:.0f} KB raw, "
            f"{gz / 1000:.0f} KB gzip (target <= 640 KB)")


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


# The boot's marks that the warm start's before/after (--against) prints, in order.
AGAINST_MARKS = ("runtime start", "snapshot read", "snapshot restored", "pyscript ready",
                 "main.py", "engine imported", "glue imported", "parts built", "game drawn",
                 "laid out", "painted", "ready")
MARKS_JS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter(m => m.name.startsWith('intruder:')).map(m => [m.name.slice(9), m.startTime]))"""


def against_lines(browser: Any, sites: list[Site], runs: int) -> list[str]:
    """Warm resumes of each site's build in turn (see --against): medians by mark."""
    pages = []
    for site in sites:  # each: a first visit, its snapshot, three moves, one resume
        page = browser.new_context().new_page()
        boot_outside(page, site.url + "index.html?seed=7")
        page.wait_for_function(SNAPSHOT_MADE, timeout=180_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        play_moves(page)
        resume_outside(page, site.url + "index.html")
        pages.append(page)
    rows: list[dict[str, list[float]]] = [{} for _ in sites]
    for run in range(runs):
        for i in (0, 1) if run % 2 == 0 else (1, 0):
            board, ready = resume_outside(pages[i], sites[i].url + "index.html")
            marks = pages[i].evaluate(MARKS_JS)
            for key, value in [*((k, marks.get(k, math.nan)) for k in AGAINST_MARKS),
                               ("board (outside)", board), ("ready (outside)", ready)]:
                rows[i].setdefault(key, []).append(value)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"warm resume, median of {runs} in turn (ms since navigation; load average "
             f"{load}):", f"  {'':24s} {'this build':>11s} {'--against':>11s}"]
    for key in rows[0]:
        lines.append(f"  {key:24s} " + " ".join(f"{statistics.median(r[key]):11.0f}"
                                                for r in rows))
    return lines


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=5, help="boot runs (0: Lighthouse only)")
    p.add_argument("--lighthouse", type=int, nargs="?", const=3, default=0, metavar="RUNS",
                   help="also run Lighthouse 12.8.2 on each page, RUNS times (default 3)")
    p.add_argument("--phases", action="store_true",
                   help="also print where the cold boot goes (marks, files, long tasks)")
    p.add_argument("--cold", action="store_true", help="cold loads only (no warm reloads)")
    p.add_argument("--importtime", action="store_true",
                   help="also one cold load with -X importtime: the slowest imports")
    p.add_argument("--dist", type=Path, default=build.DIST,
                   help="the built site to measure (default: dist/)")
    p.add_argument("--against", type=Path, metavar="DIST",
                   help="a before/after instead: warm resumes of this build and DIST's in turn")
    opts = p.parse_args()
    from playwright.sync_api import sync_playwright

    if opts.against:
        sites = [Site(opts.dist), Site(opts.against)]
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                print("\n".join(against_lines(browser, sites, opts.runs)))
                browser.close()
        finally:
            for one in sites:
                one.close()
        return
    site = Site(opts.dist)
    try:
        boot = []
        if opts.runs > 0 or opts.importtime:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                phases: list[dict[str, Any]] | None = [] if opts.phases else None
                if opts.runs > 0:
                    boot = boot_lines(measure_boot(browser, site.url, opts.runs, phases,
                                                   opts.cold), opts.runs)
                    boot += phase_lines(phases or [])
                if opts.importtime:
                    boot += importtime_lines(browser, site.url)
                browser.close()
        lines = lighthouse_lines(site.url, opts.lighthouse) if opts.lighthouse else []
    finally:
        site.close()
    print("\n".join([*boot, bytes_line(opts.dist), *lines]))


if __name__ == "__main__":
    main()
