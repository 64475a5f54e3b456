#!/usr/bin/env python3
"""Browser figures for the site (issue: play it in the browser), printed, never asserted.

    python3 build.py && .venv/bin/python bench/boot.py [--runs 5]

- boot to interactive of the app (navigation start -> body[data-ready]) against a bare page
  that only loads the same Pyodide (navigation start -> loadPyodide() resolved), in the same
  run, cold (new browser context: empty cache, no service worker) and warm (reload in the same
  context: HTTP cache and service worker), median of --runs;
- click-to-updated-SVG latency: click a crewman token, then a highlighted compartment, timed
  in the page from the click to the board's SVG being replaced;
- the bytes the site adds on top of the Pyodide runtime.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

BARE = """<!doctype html><meta charset="utf-8"><title>bare pyodide</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "./pyodide/" });
document.body.dataset.ready = "1";
document.body.dataset.bootMs = String(performance.now());
</script><body></body>"""
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
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


def boot_ms(page, url: str) -> float:  # type: ignore[no-untyped-def]
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    return float(page.evaluate("performance.now()"))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    opts = p.parse_args()
    from playwright.sync_api import sync_playwright

    dist = build.DIST
    if not (dist / "index.html").exists():
        sys.exit("build the site first: python3 build.py")
    (dist / "bench-bare.html").write_text(BARE)
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    results: dict[str, list[float]] = {k: [] for k in
                                       ("app cold", "app warm", "bare cold", "bare warm")}
    clicks: dict[str, list[float]] = {"select crewman": [], "move": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for _ in range(opts.runs):
                for name, path in (("app", "index.html?seed=7"), ("bare", "bench-bare.html")):
                    ctx = browser.new_context()
                    page = ctx.new_page()
                    results[f"{name} cold"].append(boot_ms(page, base + path))
                    page.wait_for_timeout(500)  # let the service worker finish precaching
                    results[f"{name} warm"].append(boot_ms(page, base + path))
                    if name == "app":
                        page.evaluate("localStorage.clear()")
                        sel = page.evaluate(TIME_CLICK, "#board [data-crew]")
                        if sel is not None:
                            clicks["select crewman"].append(sel)
                            move = page.evaluate(
                                TIME_CLICK, "#board [data-compartment][role='button']")
                            if move is not None:
                                clicks["move"].append(move)
                    ctx.close()
            browser.close()
    finally:
        server.shutdown()
        (dist / "bench-bare.html").unlink()
    print(f"boot to interactive, median of {opts.runs} (ms):")
    for key, values in results.items():
        print(f"  {key:10s} {statistics.median(values):7.0f}   runs: "
              + " ".join(f"{v:.0f}" for v in values))
    med = {k: statistics.median(v) for k, v in results.items()}
    print(f"  the app costs {med['app cold'] - med['bare cold']:+.0f} ms cold over bare Pyodide "
          f"({med['app warm'] - med['bare warm']:+.0f} ms warm)")
    for key, values in clicks.items():
        if values:
            print(f"click to updated SVG, {key}: median {statistics.median(values):.0f} ms "
                  f"(n={len(values)})")
        else:
            print(f"click to updated SVG, {key}: not measured (no such element on the page)")
    runtime = sum(f.stat().st_size for f in (dist / "pyodide").iterdir()
                  if f.name.startswith(("pyodide.", "python_stdlib")))
    total = sum(f.stat().st_size for f in dist.rglob("*") if f.is_file())
    maps = sum(f.stat().st_size for f in dist.rglob("*.map") if f.is_file())
    print(f"bytes: site {total / 1e6:.2f} MB, Pyodide runtime {runtime / 1e6:.2f} MB, "
          f"added on top {(total - runtime) / 1e6:.2f} MB ({maps / 1e6:.2f} MB of it source maps)")


if __name__ == "__main__":
    main()
