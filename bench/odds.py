#!/usr/bin/env python3
"""Odds speed: sampled games per second of bots.win_odds from a position, with where the time
goes (determinize, crew view, the heuristic's choice, the engine's apply and legal actions).

    python3 bench/odds.py [--samples 40] [--seed 3] [--turns 0] [--repeat 1] [--root DIR] [--json]

The position is a new solitaire game of `--seed` after `--turns` turns of heuristic play (0:
set-up, the page's Odds at the start). CPU seconds (time.process_time), so other load on a
shared machine disturbs them less. The same file runs in Pyodide (bench/odds_pyodide.mjs).
`--root` imports another checkout's intruder_core (an old commit, for a before/after).
`--repeat N` measures N times in one process and prints the fastest (less at the mercy of
other jobs on a shared machine, and in Pyodide, whose clock is wall time). A benchmark:
nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any


def measure(samples: int, seed: int, turns: int) -> dict[str, Any]:
    """samples/s of win_odds, and the same games played again with each part timed."""
    import intruder_core as ic
    from intruder_core import bots
    from intruder_core.bots.determinize import determinize
    from intruder_core.bots.policy import MAX_TURNS

    try:  # the view as bots.play makes it (an older checkout: the plain view)
        from intruder_core.bots.policy import policy_view
    except ImportError:
        def policy_view(g: Any, memo: Any) -> Any:
            return g.view("crew")
    try:  # the memo bots.play keeps per game: a typed ViewMemo since 9aa117f, a dict before
        from intruder_core.view import ViewMemo
        new_memo: Any = ViewMemo
    except ImportError:
        new_memo = dict

    g0 = ic.new_game(seed=seed)
    pol = bots.HeuristicPolicy()
    if turns:
        bots.play(g0, pol, random.Random(seed), max_turns=turns)
    view = g0.view("crew")
    t0 = time.process_time()
    odds = bots.win_odds(view, samples=samples, seed=seed)
    total = time.process_time() - t0
    parts = dict.fromkeys(("determinize", "view", "choose", "engine"), 0.0)
    clock = time.process_time
    decisions = 0
    for i in range(samples):  # the same games as win_odds, timed by part
        rng = random.Random(seed * 1_000_003 + i)
        t = clock()
        g = determinize(view, rng, [])
        parts["determinize"] += clock() - t
        memo = new_memo()
        while not g.is_over and g.turn <= MAX_TURNS:
            t = clock()
            legal = g.legal_actions(None)
            t1 = clock()
            v = policy_view(g, memo)
            t2 = clock()
            action, _ = pol.choose(v, legal, rng)
            t3 = clock()
            g.apply(action)
            t4 = clock()
            parts["engine"] += (t1 - t) + (t4 - t3)
            parts["view"] += t2 - t1
            parts["choose"] += t3 - t2
            decisions += 1
    return {"samples": samples, "seconds": round(total, 3),
            "samples_per_s": round(samples / max(total, 1e-9), 2),
            "decisions_per_sample": round(decisions / max(samples, 1), 1),
            "parts": {k: round(v, 3) for k, v in parts.items()},
            "win": round(odds["win"], 3), "engine": ic.__file__}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--samples", type=int, default=40)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--turns", type=int, default=0)
    p.add_argument("--repeat", type=int, default=1, help="measure N times, print the fastest")
    p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    sys.path.insert(0, args.root)
    r = min((measure(args.samples, args.seed, args.turns) for _ in range(max(args.repeat, 1))),
            key=lambda run: run["seconds"])
    if args.json:
        print(json.dumps(r))
        return
    parts = ", ".join(f"{k} {v:.2f} s" for k, v in r["parts"].items())
    print(f"win_odds: {r['samples']} samples in {r['seconds']:.2f} s CPU = "
          f"{r['samples_per_s']:.1f} samples/s ({r['decisions_per_sample']} decisions a "
          f"sample; win {r['win']:.0%})\n  timed again by part: {parts}\n  ({r['engine']})")


if __name__ == "__main__":
    main()
