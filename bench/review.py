"""The review's time (intruder_core.bots.review) for 3 fixed 12-turn standard games, on CPython
and in the page (replay.html's review worker, Chromium), and the fit of its draw band.

    .venv/bin/python bench/review.py                 # CPython: the page's settings
    .venv/bin/python bench/review.py --page          # also in the built site (dist/)
    .venv/bin/python bench/review.py --fit-draw      # bots/review.py's DRAW_SHARE

Each game prints its actions and turns, when the model's figures (stage 1) were all there,
the whole review's time and its turning points. Speed is printed, never asserted.
"""

from __future__ import annotations

import argparse
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
    import bot_tasks

    for name, rec in records():
        start = time.perf_counter()
        review = rv.Review(rec, samples=samples, refine=refine,
                           refine_s=bot_tasks.REVIEW_REFINE_S,
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


def page(timeout_s: float) -> None:
    """Each game's review in the built site (dist/): replay.html?review=1#g=CODE in Chromium;
    the first figures on screen, the whole review, and the page's long tasks meanwhile."""
    import session
    from playwright.sync_api import sync_playwright

    import build  # the repo's server

    dist = ROOT / "dist"
    if not (dist / "replay.html").exists():
        sys.exit("dist/ is not built: run `.venv/bin/python build.py site` first")
    server = build.make_server(dist)

    import threading

    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/replay.html?review=1"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        for name, rec in records():
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            tab = ctx.new_page()
            tab.add_init_script("""window.__long = []; new PerformanceObserver((l) => {
              for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); })
              .observe({type: 'longtask', buffered: true});
              new MutationObserver(() => { if (!window.__readyAt && document.body &&
                document.body.dataset.ready === '1') window.__readyAt = performance.now(); })
              .observe(document, {subtree: true,
                                  attributeFilter: ['data-ready']});""")
            tab.goto(url + session.share_fragment(rec))
            tab.wait_for_selector("body[data-ready='1']", timeout=timeout_s * 1000)
            tab.wait_for_function("['done', 'error'].includes(document.body.dataset.review)",
                                  timeout=timeout_s * 1000)
            body = tab.evaluate("""() => ({state: document.body.dataset.review,
              first: document.body.dataset.reviewFirstMs, ms: document.body.dataset.reviewMs,
              started: Math.max(window.__readyAt, Number(document.body.dataset.reviewStartedAt)),
              long: window.__long})""")
            # the tasks begun once the review had started and the page was ready (not the
            # page's own boot, during which a ?review=1 review starts)
            during = [d for t, d in body["long"] if t >= body["started"]]
            boot = [d for t, d in body["long"] if t < body["started"]]
            worst = max(during, default=0)
            print(f"page     {name}: {body['state']}, first figures {int(body['first']) / 1000:.2f}"
                  f" s, whole review {int(body['ms'] or 0) / 1000:.2f} s after the page was "
                  f"ready (worker boot included), main-thread long tasks {len(during)}"
                  f" (longest {worst:.0f} ms; the page's boot before it: {len(boot)}, longest "
                  f"{max(boot, default=0):.0f} ms)")
            ctx.close()
        browser.close()
    server.shutdown()


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
    import bot_tasks

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=bot_tasks.REVIEW_SAMPLES)
    ap.add_argument("--refine", type=int, default=bot_tasks.REVIEW_REFINE)
    ap.add_argument("--page", action="store_true", help="also time it in the built site")
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--fit-draw", action="store_true")
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=300000)
    args = ap.parse_args()
    if args.fit_draw:
        fit_draw(args.games, args.seed)
        return
    cpython(args.samples, args.refine)
    if args.page:
        page(args.timeout)


if __name__ == "__main__":
    main()
