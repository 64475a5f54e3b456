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

`--clairvoyant` plays each seed a third time with the bound: the same search (same budget, z,
floor, horizon and candidates) whose rollouts start from the game's true hidden counters
(determinize's `kinds`, through SearchPolicy.known_kinds) instead of sampled ones; dice are
fresh in both. It prints the gap, clairvoyant - advisor, with its intervals: how much of what
the advisor still loses only hidden information explains. The class lives here: no bot and
nothing the page runs can see the hidden counters.

    nice -n 19 .venv/bin/python bench/advisor_paired.py --seeds 3000:3200 --rollouts 24 \
        --clairvoyant --jobs 1 --minutes 23 --out a.json
    .venv/bin/python bench/advisor_paired.py --merge a.json b.json   # runs' rows together
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
    """One paired seed: each policy's outcome and score, and each search's counts."""
    setup_path(Path(opts.get("root") or ROOT))
    import intruder_core as ic
    from intruder_core import bots
    from workers import bot_tasks

    options = {"difficulty": opts["difficulty"]} if opts.get("difficulty") else {}

    class Clairvoyant(bot_tasks.TracedSearch):
        """The advisor whose rollouts start from the game's true hidden counters (the bound):
        the bench hands it the game, which no bot ever gets."""

        game: Any = None

        def known_kinds(self, view: Any) -> dict[str, str]:
            return {c.token: c.kind for c in self.game.counters.values() if c.token}

    def game_of(policy: Any) -> Any:
        g = ic.new_game(seed=seed, options=options)
        if isinstance(policy, Clairvoyant):
            policy.game = g
        bots.play(g, policy, random.Random(seed))
        return g

    def searched(cls: Any, name: str) -> Any:
        search = cls(min_rollouts=opts["min_rollouts"], budget_rollouts=opts["rollouts"],
                     seed=seed, z=opts["z"], horizon=opts["horizon"],
                     max_candidates=opts["candidates"])
        counts = row[f"{name}_counts"] = {"searched": 0, "rollouts": 0, "overruled": 0}
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

        search._search = counted_search
        search.choose = counted_choose
        return search

    def record(name: str, policy: Any) -> Any:
        t0 = time.process_time()
        g = game_of(policy)
        row[f"{name}_s"] = round(time.process_time() - t0, 2)
        row[name] = str((g.result or {}).get("outcome", "unfinished"))
        row[f"{name}_score"] = int((g.result or {}).get("score", 0))
        return g

    row: dict[str, Any] = {"seed": seed}
    record("heuristic", bots.HeuristicPolicy())
    s = record("search", searched(bot_tasks.TracedSearch, "search"))
    row["digest"] = hashlib.sha256(s.to_json().encode()).hexdigest()[:16]
    if opts.get("clairvoyant"):
        record("clairvoyant", searched(Clairvoyant, "clairvoyant"))
    return row


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


def paired(rows: list[dict[str, Any]], a: str, b: str) -> list[str]:
    """Policy b against policy a on the same seeds: the paired wins, McNemar's test, and the
    mean differences of wins, value and score with paired bootstrap 95% intervals."""
    n = len(rows)
    both = sum(r[a] == "win" and r[b] == "win" for r in rows)
    only_b = sum(r[a] != "win" and r[b] == "win" for r in rows)
    only_a = sum(r[a] == "win" and r[b] != "win" for r in rows)
    out = [f"  paired wins: both {both}, only {b} {only_b}, only {a} {only_a}, neither "
           f"{n - both - only_a - only_b}; McNemar exact p = {mcnemar_p(only_b, only_a):.3f}"]
    d = [float(r[b] == "win") - float(r[a] == "win") for r in rows]
    lo, hi = bootstrap(d)
    out.append(f"  {b} - {a}, wins: {sum(d) / n:+.1%} (paired bootstrap 95% "
               f"{lo:+.1%} to {hi:+.1%})")
    dv = [VALUE.get(r[b], 0.0) - VALUE.get(r[a], 0.0) for r in rows]
    lo, hi = bootstrap(dv)
    out.append(f"  {b} - {a}, value (win 1, draw 1/2): {sum(dv) / n:+.3f} "
               f"(95% {lo:+.3f} to {hi:+.3f}); games that differ at all: "
               f"{sum(r[a] != r[b] for r in rows)}")
    if all(f"{a}_score" in r and f"{b}_score" in r for r in rows):
        ds = [float(r[f"{b}_score"] - r[f"{a}_score"]) for r in rows]
        lo, hi = bootstrap(ds)
        out.append(f"  {b} - {a}, score: {sum(ds) / n:+.2f} (95% {lo:+.2f} to {hi:+.2f})")
    return out


def report(rows: list[dict[str, Any]], opts: dict[str, Any]) -> list[str]:
    """The printed summary of paired rows."""
    sys.path.insert(0, str(ROOT))
    from intruder_core.bots.balance import wilson

    n = len(rows)
    names = ["heuristic", "search"] + (["clairvoyant"] if opts.get("clairvoyant") else [])
    out = [f"{n} paired seeds, search with {opts['rollouts']} rollouts per searched decision "
           f"(z {opts['z']}, overrules with >= {opts['min_rollouts']}, horizon "
           f"{opts['horizon']}, {opts['candidates']} candidates"
           f"{', ' + opts['difficulty'] if opts.get('difficulty') else ''})"]
    for name in names:
        k = sum(r[name] == "win" for r in rows)
        lo, hi = wilson(k, n)
        v = sum(VALUE.get(r[name], 0.0) for r in rows) / n
        draws = sum(r[name] == "draw" for r in rows)
        losses = sum(r[name] not in ("win", "draw") for r in rows)
        scores = [r[f"{name}_score"] for r in rows if f"{name}_score" in r]
        score = f"; mean score {sum(scores) / len(scores):+.2f}" if scores else ""
        out.append(f"  {name:11s}: {k}/{n} wins = {k / n:.1%} (Wilson 95% {lo:.1%}-{hi:.1%}),"
                   f" draws {draws / n:.1%}, losses {losses / n:.1%}; mean value {v:.3f}"
                   f"{score}")
    out += paired(rows, "heuristic", "search")
    if "clairvoyant" in names:
        out.append("  the gap (clairvoyant against the advisor):")
        out += paired(rows, "search", "clairvoyant")
        out += paired(rows, "heuristic", "clairvoyant")
    for name in names[1:]:
        c = [r.get(f"{name}_counts", r) for r in rows]
        searched = sum(x["searched"] for x in c)
        out.append(f"  {name}: searched decisions {searched} ({searched / n:.1f} a game), "
                   f"overruled {sum(x['overruled'] for x in c)}, rollouts "
                   f"{sum(x['rollouts'] for x in c)}; CPU "
                   f"{sum(r[f'{name}_s'] for r in rows):.0f} s")
    out.append(f"  CPU {sum(r['heuristic_s'] for r in rows):.0f} s heuristic games")
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
    p.add_argument("--clairvoyant", action="store_true",
                   help="also play the bound: the same search seeing the hidden counters")
    p.add_argument("--minutes", type=float, default=0,
                   help="start no seed after this much wall time (0: no limit); the report "
                        "says how many seeds were played")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--digests", action="store_true", help="print each seed's row")
    p.add_argument("--out", default="", help="write every seed's row as JSON")
    p.add_argument("--root", default=str(ROOT))
    p.add_argument("--merge", nargs="+", default=[], metavar="OUT",
                   help="play nothing: report the rows of these --out files together")
    args = p.parse_args()
    if args.merge:
        runs = [json.loads(Path(f).read_text()) for f in args.merge]
        print("\n".join(report([r for run in runs for r in run["rows"]], runs[0]["opts"])))
        return
    setup_path(Path(args.root))
    from workers import bot_tasks

    first, end = (int(x) for x in args.seeds.split(":"))
    opts = {"rollouts": args.rollouts, "horizon": args.horizon, "candidates": args.candidates,
            "z": bot_tasks.ADVISOR_Z if args.z is None else args.z,
            "min_rollouts": bot_tasks.ADVISOR_MIN_ROLLOUTS if args.min_rollouts is None
            else args.min_rollouts, "difficulty": args.difficulty, "root": args.root,
            "clairvoyant": args.clairvoyant}
    work = [(s, opts) for s in range(first, end)]
    rows: list[dict[str, Any]] = []
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else math.inf
    if args.jobs > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(args.jobs) as pool:
            for r in pool.imap(_play, work):
                rows.append(r)
                if args.digests:
                    print(json.dumps(r), flush=True)
                if time.monotonic() > deadline:
                    break  # the seeds still in the pool's hands are dropped
    else:
        for w in work:
            if time.monotonic() > deadline:
                break
            rows.append(_play(w))
            if args.digests:
                print(json.dumps(rows[-1]), flush=True)
    if len(rows) < len(work):
        print(f"--minutes {args.minutes:g}: stopped after {len(rows)} of {len(work)} seeds "
              f"({first}-{first + len(rows) - 1})")
    if args.out:
        Path(args.out).write_text(json.dumps({"opts": opts, "rows": rows}, indent=0))
    print("\n".join(report(rows, opts)))


if __name__ == "__main__":
    main()
