"""The review's time (intruder_core.bots.review) for 3 fixed 12-turn standard games, on CPython
and in the page (replay.html's review worker, Chromium), and the fit of its draw band.

    .venv/bin/python bench/review.py                 # CPython: the page's settings
    .venv/bin/python bench/review.py --page          # also in the built site (dist/)
    .venv/bin/python bench/review.py --page --no-cpython --modes warm   # only that
    .venv/bin/python bench/review.py --fit-draw      # bots/review.py's DRAW_SHARE
    .venv/bin/python bench/review.py --trace /tmp/t.json --modes warm  # the long tasks' cause
                                                     # (--modes warm-click: by the button)

Each game prints its actions and turns, when the model's figures (stage 1) were all there,
the whole review's time and its turning points; in the page (cold: nothing stored; warm: the
service worker and the memory snapshot stored; warm-click: warm, the button clicked;
warm-saved: warm, the game-over screen's link to the autosaved game), from
the review being asked for: the worker ready, the first figures on screen (the first curve
points visible in the panel), the whole review, and the main thread's long tasks (see
OBSERVE). Speed is printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web" / "py"))

import intruder_core as ic  # noqa: E402
from intruder_core import bots  # noqa: E402
from intruder_core.bots import review as rv  # noqa: E402


def heuristic_game(seed: int) -> ic.Game:
    """The heuristic's game from a seed (the advisor agrees with every choice)."""
    g = ic.new_game(seed=seed)
    bots.play(g, bots.HeuristicPolicy(), random.Random(seed))
    return g


def mixed_game(seed: int, every: int = 4) -> ic.Game:
    """A player who mostly follows the heuristic and takes a random action every `every`th
    decision: choices for the review to judge."""
    g = ic.new_game(seed=seed)
    rng = random.Random(seed)
    policy = bots.HeuristicPolicy()
    n = 0
    while not g.is_over and g.turn <= 40:
        legal = g.legal_actions()
        n += 1
        action = rng.choice(legal) if n % every == 0 else \
            policy.choose(g.view("crew"), legal, rng)[0]
        g.apply(action)
    return g


# Three fixed standard games of 11-13 turns (found by seed; checked when they are made).
GAMES: list[tuple[str, Any]] = [
    ("heuristic, seed 58", lambda: heuristic_game(58)),
    ("mixed, seed 15", lambda: mixed_game(15)),
    ("mixed, seed 28", lambda: mixed_game(28)),
]


def records() -> list[tuple[str, dict[str, Any]]]:
    """The fixed games' records."""
    out = []
    for name, make in GAMES:
        g = make()
        out.append((f"{name} ({len(g.history)} actions, {g.turn} turns)", dict(g.record())))
    return out


def cpython(samples: int, refine: int) -> None:
    """Each game's review with the page's settings (bot_tasks.REVIEW_*)."""
    from workers import bot_tasks

    for name, rec in records():
        start = time.perf_counter()
        review = rv.Review(rec, samples=samples, refine=refine,
                           budget_s=bot_tasks.REVIEW_WHOLE_S,
                           expect_samples=bot_tasks.REVIEW_EXPECT,
                           quality_samples=bot_tasks.REVIEW_QUALITY)
        first = None
        while True:
            res = review.step(0.05)
            if first is None and res["stage"] == 2:
                first = time.perf_counter() - start
            if res["done"]:
                break
        total = time.perf_counter() - start
        print(f"CPython  {name}: model figures {first or total:.2f} s, "
              f"whole review {total:.2f} s, {len(res['turning'])} turning points")
        for tp in res["turning"][:3]:
            print(f"    {tp['rank']}. [{tp['kind']}] {tp['text']}")


# In the page, from the moment the review was asked for (the navigation to
# replay.html?review=1#g=..., or the click on "Review this game"), on the page's clock:
#   worker  the review's worker has its Python up (its own Pyodide: the snapshot when stored);
#   first   the first figures on screen: the frame after the chart was first set with curve
#           points in it (the model's first points, the partial curve);
#   whole   the frame after the finished review was set;
# and every main-thread long task (PerformanceObserver longtask) begun from the asking on,
# with its duration; those begun before the page was ready (its own boot) are told apart.
OBSERVE = """window.__long = []; new PerformanceObserver((l) => {
  for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); })
  .observe({type: 'longtask', buffered: true});
  new MutationObserver(() => { if (!window.__readyAt && document.body &&
    document.body.dataset.ready === '1') window.__readyAt = performance.now(); })
  .observe(document, {subtree: true, attributeFilter: ['data-ready']});"""
MARKS = """() => { const b = document.body.dataset; return {state: b.review,
  asked: Number(b.reviewAskedAt), ready: Number(b.reviewReadyAt),
  first: Number(b.reviewFirstAt), done: Number(b.reviewDoneAt), page: window.__readyAt,
  snapshot: b.reviewSnapshot, long: window.__long,
  status: document.getElementById('review-status').textContent}; }"""


def warm_up(ctx: Any, origin: str, timeout_s: float) -> None:
    """The player who just finished a game: index.html booted, its service worker active and
    its memory snapshot stored (boot.js makes it once the page has settled)."""
    tab = ctx.new_page()
    tab.goto(origin + "index.html")
    tab.wait_for_selector("body[data-ready='1']", timeout=timeout_s * 1000)
    tab.wait_for_function("""() => /^[0-9]+$/.test(document.body.dataset.snapshotMade || '')
        && navigator.serviceWorker.controller !== null""", timeout=timeout_s * 1000)
    tab.close()


def timed(ctx: Any, url: str, click: bool, timeout_s: float, saved: str = "") -> dict[str, Any]:
    """One review in a new tab of `ctx`: its marks and long tasks (ms). `saved`: the game
    page's autosave is this game (to_json) when the page starts."""
    tab = ctx.new_page()
    tab.add_init_script(OBSERVE)
    if saved:
        tab.add_init_script(f"localStorage.setItem('intruder:save', {json.dumps(saved)});")
    tab.goto(url)
    tab.wait_for_selector("body[data-ready='1']", timeout=timeout_s * 1000)
    if click:
        tab.wait_for_timeout(1500)  # the page settled, as a player who reads it first
        tab.click("#review-start")
    tab.wait_for_function("""() => ['done', 'error'].includes(document.body.dataset.review)
        && document.body.dataset.reviewDoneAt""", timeout=timeout_s * 1000)
    marks = tab.evaluate(MARKS)
    tab.close()
    return dict(marks)


def page(timeout_s: float, modes: list[str]) -> None:
    """Each game's review in the built site (dist/), per mode: cold (a fresh browser
    context: nothing stored), warm (the service worker and the memory snapshot stored, as
    after a game on index.html), warm-click (warm, the review asked for by its button on a
    replay page already open)."""
    import threading

    from playwright.sync_api import sync_playwright

    import build  # the repo's server
    from core import session

    dist = ROOT / "dist"
    if not (dist / "replay.html").exists():
        sys.exit("dist/ is not built: run `.venv/bin/python build.py site` first")
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        for mode in modes:
            warm = None
            for name, rec in records():
                fragment = session.share_fragment(rec)
                if mode == "cold" or warm is None:
                    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                    if mode != "cold":
                        warm_up(ctx, origin, timeout_s)
                        warm = ctx
                click = mode == "warm-click"
                saved = ic.replay(rec).to_json() if mode == "warm-saved" else ""
                url = origin + "replay.html" + ("?review=saved" if saved else fragment
                                                if click else "?review=1" + fragment)
                m = timed(warm or ctx, url, click, timeout_s, saved)
                if mode == "cold":
                    ctx.close()
                t0 = m["asked"]
                since = [(t, d) for t, d in m["long"] if t + d > t0]
                boot = [d for t, d in since if t < m["page"]]
                during = [d for t, d in since if t >= m["page"]]

                def s(x: float, t0: float = t0) -> str:
                    return f"{(x - t0) / 1000:.2f} s"

                print(f"page {mode:10} {name}: {m['state']}, worker ready {s(m['ready'])} "
                      f"(snapshot {m['snapshot']}), first figures {s(m['first'])}, whole "
                      f"review {s(m['done'])}; page ready {s(m['page'])}")
                print(f"    {m['status']}")
                print(f"    main-thread long tasks after the page was ready: {len(during)} "
                      f"{[round(d) for d in during]}; during its boot: {len(boot)} "
                      f"{[round(d) for d in boot]}", flush=True)
            if warm is not None:
                warm.close()
        browser.close()
    server.shutdown()


def trace(timeout_s: float, out: Path, click: bool) -> None:
    """A Chromium trace (devtools.timeline) of one warm review of the first game (asked for
    by the button, or by the navigation to ?review=1), written to `out`; then each main-thread
    task over 50 ms from then on (its start in s), with what took its time (its events' own
    time, by name: a script's function, a style or layout pass, a paint, a GC)."""
    import json
    import threading

    from playwright.sync_api import sync_playwright

    import build
    from core import session

    server = build.make_server(ROOT / "dist")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    name, rec = records()[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        warm_up(ctx, origin, timeout_s)
        tab = ctx.new_page()
        categories = ["devtools.timeline", "disabled-by-default-devtools.timeline",
                      "v8.execute", "blink", "toplevel"]
        if click:
            tab.goto(origin + "replay.html" + session.share_fragment(rec))
            tab.wait_for_selector("body[data-ready='1']", timeout=timeout_s * 1000)
            tab.wait_for_timeout(1500)
            browser.start_tracing(page=tab, path=str(out), categories=categories)
            tab.click("#review-start")
        else:
            browser.start_tracing(page=tab, path=str(out), categories=categories)
            tab.goto(origin + "replay.html?review=1" + session.share_fragment(rec))
        tab.wait_for_function("() => document.body.dataset.reviewDoneAt",
                              timeout=timeout_s * 1000)
        browser.stop_tracing()
        browser.close()
    server.shutdown()
    events = json.loads(out.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    on_main = sorted((e for e in events if (e.get("pid"), e.get("tid")) in main
                      and e.get("ph") == "X"), key=lambda e: (e["ts"], -e.get("dur", 0)))
    tasks = [e for e in on_main if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask")
             and e.get("dur", 0) > 50_000]
    tasks = [t for t in tasks if not any(u is not t and u["ts"] <= t["ts"] and t["ts"] +
                                         t["dur"] <= u["ts"] + u["dur"] for u in tasks)]
    print(f"{name}: {len(tasks)} main-thread tasks over 50 ms during the review ({out})")
    t0 = min((e["ts"] for e in on_main), default=0)
    for t in tasks:
        inner = [e for e in on_main if t["ts"] <= e["ts"] and e["ts"] + e.get("dur", 0)
                 <= t["ts"] + t["dur"] and e is not t]
        own: dict[str, float] = {}
        stack: list[tuple[dict[str, Any], str]] = []  # the open events, innermost last
        for e in inner:  # sorted by start: each event's own time less its direct children's
            while stack and stack[-1][0]["ts"] + stack[-1][0].get("dur", 0) <= e["ts"]:
                stack.pop()
            label = e["name"]
            data = e.get("args", {}).get("data", {})
            if data.get("functionName") or data.get("url"):
                label += f" {data.get('functionName', '')}@{str(data.get('url', ''))[-30:]}"
            own[label] = own.get(label, 0) + e.get("dur", 0)
            if stack:
                own[stack[-1][1]] -= e.get("dur", 0)
            stack.append((e, label))
        top = sorted(own.items(), key=lambda kv: -kv[1])[:5]
        words = "; ".join(f"{k} {v / 1000:.0f} ms" for k, v in top)
        print(f"  at {(t['ts'] - t0) / 1e6:.2f} s, {t['dur'] / 1000:.0f} ms: {words}")


def fit_draw(games: int, seed: int) -> None:
    """DRAW_SHARE: least squares of the draw indicator on 4e(1 - e) over positions (every
    5th action) of heuristic self-play, e the value model's expected result."""
    from intruder_core.saves import replay_checked

    num = den = 0.0
    outcomes: dict[str, int] = {}
    for s in range(seed, seed + games):
        g = heuristic_game(s)
        o = str(g.result["outcome"]) if g.result else "unfinished"
        outcomes[o] = outcomes.get(o, 0) + 1
        if o == "unfinished":
            continue
        rec = g.record()
        es: list[float] = []

        def play(gg: ic.Game, n: int, a: ic.Action, es: list[float] = es) -> None:
            if n % 5 == 0:
                es.append(bots.value(gg.view("crew")))
            gg.apply(a)

        replay_checked(rec["origin"], rec["actions"], play)
        for e in es:
            x = 4 * e * (1 - e)
            num += x * (o == "draw")
            den += x * x
    print(f"{games} heuristic games from seed {seed}: {outcomes}; "
          f"DRAW_SHARE = {num / max(den, 1e-9):.3f} (bots/review.py has {rv.DRAW_SHARE})")


def main() -> None:
    from workers import bot_tasks

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=bot_tasks.REVIEW_SAMPLES)
    ap.add_argument("--refine", type=int, default=bot_tasks.REVIEW_REFINE)
    ap.add_argument("--page", action="store_true", help="also time it in the built site")
    ap.add_argument("--modes", default="cold,warm,warm-saved,warm-click",
                    help="the page's modes, comma-separated (cold, warm, warm-click, "
                    "warm-saved: the game-over screen's link, ?review=saved)")
    ap.add_argument("--no-cpython", action="store_true", help="only the page")
    ap.add_argument("--trace", type=Path, help="write a Chromium trace of a warm review here "
                    "and name what the main thread's long tasks spent their time on")
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--fit-draw", action="store_true")
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=300000)
    args = ap.parse_args()
    if args.fit_draw:
        fit_draw(args.games, args.seed)
        return
    if args.trace:
        trace(args.timeout, args.trace, "warm-click" in args.modes.split(",")[0])
        return
    if not args.no_cpython:
        cpython(args.samples, args.refine)
    if args.page:
        page(args.timeout, args.modes.split(","))


if __name__ == "__main__":
    main()
