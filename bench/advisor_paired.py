#!/usr/bin/env python3
"""Suggest's search against the heuristic on paired seeds, with a fixed rollout budget: a
benchmark that prints win rates, the paired table, McNemar's test and 95% intervals.

    .venv/bin/python bench/advisor_paired.py --seeds 2000:2300 --rollouts 12 --jobs 2
        [--z 1.0] [--min-rollouts 24] [--horizon 8] [--candidates 4] [--out r.json]

Each seed is played twice to the end from the same set-up and dice: once by HeuristicPolicy,
once by the advisor's policy (web/py/bot_tasks.TracedSearch: SearchPolicy whose overrules need
`--min-rollouts`). With `--rollouts R` and no clock the search is deterministic, so a game
depends only on its seed and the options: CPython and Pyodide play the same game (each game's
sha256 is printed with `--digests`, for bench/advisor_pyodide.mjs --rollouts to compare).
Pick R as the rollouts the page's worker makes per searched decision at its 1 s budget in
Pyodide (bench/advisor_pyodide.mjs prints rollouts/s; bench/page.py --only advisor, per
suggestion). `--jobs K` shares the seeds among K processes; the result does not depend on K.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VALUE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def setup_path(root: Path = ROOT) -> None:
    for p in (str(root), str(root / "web" / "py")):
        if p not in sys.path:
            sys.path.insert(0, p)


def play_seed(seed: int, opts: dict[str, Any]) -> dict[str, Any]:
    """One paired seed: each policy's outcome and the search's counts."""
    setup_path(Path(opts.get("root") or ROOT))
    import intruder_core as ic
    from intruder_core import bots
    from workers import bot_tasks

    options = {"difficulty": opts["difficulty"]} if opts.get("difficulty") else {}

    def game_of(policy: Any) -> Any:
        g = ic.new_game(seed=seed, options=options)
        bots.play(g, policy, random.Random(seed))
        return g

    t0 = time.process_time()
    h = game_of(bots.HeuristicPolicy())
    t1 = time.process_time()
    search = bot_tasks.TracedSearch(
        min_rollouts=opts["min_rollouts"], budget_rollouts=opts["rollouts"], seed=seed,
        z=opts["z"], horizon=opts["horizon"], max_candidates=opts["candidates"])
    counts = {"searched": 0, "rollouts": 0, "overruled": 0}
    inner_choose, inner_search = search.choose, search._search

    def counted_search(view: Any, cands: Any, rng: random.Random) -> Any:
        stats = inner_search(view, cands, rng)
        counts["searched"] += 1
        counts["rollouts"] += sum(n for n, _, _ in stats)
        return stats

    def counted_choose(view: Any, legal: Any, rng: random.Random) -> Any:
        state = rng.getstate()
        base, _ = search.rollout_policy.choose(view, legal, rng)
        rng.setstate(state)
        action, why = inner_choose(view, legal, rng)
        counts["overruled"] += action != base
        return action, why

    search._search = counted_search  # type: ignore[method-assign]
    search.choose = counted_choose  # type: ignore[method-assign]
    s = game_of(search)
    t2 = time.process_time()

    def outcome(g: Any) -> str:
        return str((g.result or {}).get("outcome", "unfinished"))

    return {"seed": seed, "heuristic": outcome(h), "search": outcome(s),
            "digest": hashlib.sha256(s.to_json().encode()).hexdigest()[:16],
            "heuristic_s": round(t1 - t0, 2), "search_s": round(t2 - t1, 2), **counts}


def _play(args: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    return play_seed(*args)


def mcnemar_p(b: int, c: int) -> float:
    """Exact two-sided McNemar p-value: b and c discordant pairs, Binomial(b + c, 1/2)."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def bootstrap(diffs: list[float], reps: int = 4000, seed: int = 1) -> tuple[float, float]:
    """Percentile 95% interval of the mean paired difference, resampling seeds."""
    rng = random.Random(seed)
    n = len(diffs)
    means = sorted(sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(reps))
    return means[int(0.025 * reps)], means[int(0.975 * reps) - 1]


def report(rows: list[dict[str, Any]], opts: dict[str, Any]) -> list[str]:
    """The printed summary of paired rows."""
    sys.path.insert(0, str(ROOT))
    from intruder_core.bots.balance import wilson

    n = len(rows)
    out = [f"{n} paired seeds, search with {opts['rollouts']} rollouts per searched decision "
           f"(z {opts['z']}, overrules with >= {opts['min_rollouts']}, horizon "
           f"{opts['horizon']}, {opts['candidates']} candidates"
           f"{', ' + opts['difficulty'] if opts.get('difficulty') else ''})"]
    for name in ("heuristic", "search"):
        k = sum(r[name] == "win" for r in rows)
        lo, hi = wilson(k, n)
        v = sum(VALUE.get(r[name], 0.0) for r in rows) / n
        out.append(f"  {name:9s}: {k}/{n} wins = {k / n:.1%} (Wilson 95% {lo:.1%}-{hi:.1%});"
                   f" mean value {v:.3f}")
    both = sum(r["heuristic"] == "win" and r["search"] == "win" for r in rows)
    only_s = sum(r["heuristic"] != "win" and r["search"] == "win" for r in rows)
    only_h = sum(r["heuristic"] == "win" and r["search"] != "win" for r in rows)
    out.append(f"  paired wins: both {both}, only search {only_s}, only heuristic {only_h}, "
               f"neither {n - both - only_s - only_h}; McNemar exact p = "
               f"{mcnemar_p(only_s, only_h):.3f}")
    d = [float(r["search"] == "win") - float(r["heuristic"] == "win") for r in rows]
    lo, hi = bootstrap(d)
    out.append(f"  search - heuristic, wins: {sum(d) / n:+.1%} (paired bootstrap 95% "
               f"{lo:+.1%} to {hi:+.1%})")
    dv = [VALUE.get(r["search"], 0.0) - VALUE.get(r["heuristic"], 0.0) for r in rows]
    lo, hi = bootstrap(dv)
    out.append(f"  search - heuristic, value (win 1, draw 1/2): {sum(dv) / n:+.3f} "
               f"(95% {lo:+.3f} to {hi:+.3f}); games that differ at all: "
               f"{sum(r['heuristic'] != r['search'] for r in rows)}")
    searched = sum(r["searched"] for r in rows)
    out.append(f"  searched decisions {searched} ({searched / n:.1f} a game), overruled "
               f"{sum(r['overruled'] for r in rows)}, rollouts {sum(r['rollouts'] for r in rows)}"
               f"; CPU {sum(r['search_s'] for r in rows):.0f} s search games, "
               f"{sum(r['heuristic_s'] for r in rows):.0f} s heuristic games")
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seeds", default="2000:2040", help="FIRST:END (END excluded)")
    p.add_argument("--rollouts", type=int, default=12)
    p.add_argument("--z", type=float, default=None, help="default bot_tasks.ADVISOR_Z")
    p.add_argument("--min-rollouts", type=int, default=None,
                   help="default bot_tasks.ADVISOR_MIN_ROLLOUTS")
    p.add_argument("--horizon", type=int, default=8)
    p.add_argument("--candidates", type=int, default=4)
    p.add_argument("--difficulty", default="")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--digests", action="store_true", help="print each seed's row")
    p.add_argument("--out", default="", help="write every seed's row as JSON")
    p.add_argument("--root", default=str(ROOT))
    args = p.parse_args()
    setup_path(Path(args.root))
    from workers import bot_tasks

    first, end = (int(x) for x in args.seeds.split(":"))
    opts = {"rollouts": args.rollouts, "horizon": args.horizon, "candidates": args.candidates,
            "z": bot_tasks.ADVISOR_Z if args.z is None else args.z,
            "min_rollouts": bot_tasks.ADVISOR_MIN_ROLLOUTS if args.min_rollouts is None
            else args.min_rollouts, "difficulty": args.difficulty, "root": args.root}
    work = [(s, opts) for s in range(first, end)]
    rows: list[dict[str, Any]] = []
    if args.jobs > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(args.jobs) as pool:
            for r in pool.imap(_play, work):
                rows.append(r)
                if args.digests:
                    print(json.dumps(r), flush=True)
    else:
        for w in work:
            rows.append(_play(w))
            if args.digests:
                print(json.dumps(rows[-1]), flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps({"opts": opts, "rows": rows}, indent=0))
    print("\n".join(report(rows, opts)))


if __name__ == "__main__":
    main()
