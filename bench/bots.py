#!/usr/bin/env python3
"""Bot speed: full games per second for the random and heuristic crew policies, and the
advisor's (SearchPolicy's) time per decision.

    python3 bench/bots.py [--games 20] [--policies random,heuristic] [--advisor 6] [--json]

Times are CPU seconds of this process (time.process_time), so other load on a shared machine
disturbs them less than wall-clock time; wall time is printed beside. The same file runs in
Pyodide (bench/bots_pyodide.mjs). A benchmark, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any


def bench_policy(policy_name: str, games: int, seed: int) -> dict[str, Any]:
    """Play `games` full games with one policy; games/s, actions and turns per game."""
    import intruder_core as ic
    from intruder_core.bots import make_policy, play

    policy = make_policy(policy_name)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    actions = turns = 0
    for s in range(seed, seed + games):
        g = ic.new_game(seed=s)
        r = play(g, policy, random.Random(s))
        actions += r.actions
        turns += r.turns
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"policy": policy_name, "games": games, "cpu_s": cpu, "wall_s": wall,
            "games_per_s": games / cpu, "actions_per_game": actions / games,
            "turns_per_game": turns / games, "ms_per_action": 1e3 * cpu / max(actions, 1)}


def bench_advisor(decisions: int, seed: int, rollouts: int) -> dict[str, Any]:
    """SearchPolicy's CPU time per decision it searches (a critical one: bots.critical),
    over positions met in heuristic games."""
    import intruder_core as ic
    from intruder_core.bots import HeuristicPolicy, SearchPolicy, critical

    search = SearchPolicy(budget_rollouts=rollouts, seed=seed)
    heuristic = HeuristicPolicy()
    times: list[float] = []
    s = seed
    while len(times) < decisions:
        g = ic.new_game(seed=s)
        rng = random.Random(s)
        s += 1
        n = 0
        while not g.is_over and len(times) < decisions:
            legal = g.legal_actions()
            view = g.view("crew")
            if len(legal) > 1 and critical(view, legal) and n % 2 == 0:
                t0 = time.process_time()
                search.choose(view, legal, rng)
                times.append(time.process_time() - t0)
            n += 1
            g.apply(heuristic.choose(view, legal, rng)[0])
    times.sort()
    return {"decisions": len(times), "rollouts": rollouts,
            "mean_s": sum(times) / len(times), "median_s": times[len(times) // 2],
            "max_s": times[-1]}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--policies", default="random,heuristic")
    p.add_argument("--advisor", type=int, default=6, help="SearchPolicy decisions to time")
    p.add_argument("--rollouts", type=int, default=24, help="the advisor's rollout budget")
    p.add_argument("--json", action="store_true", help="print one JSON object only")
    p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    args = p.parse_args(argv)
    sys.path.insert(0, args.root)
    out: dict[str, Any] = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": sys.platform, "policies": []}
    for name in [x for x in args.policies.split(",") if x and args.games > 0]:
        r = bench_policy(name, args.games, args.seed)
        out["policies"].append(r)
        if not args.json:
            print(f"{name:>9}: {r['games_per_s']:6.2f} games/s (CPU; wall {r['wall_s']:.1f} s "
                  f"for {r['games']}), {r['actions_per_game']:.0f} actions and "
                  f"{r['turns_per_game']:.1f} turns per game, {r['ms_per_action']:.2f} ms "
                  "per action", flush=True)
    if args.advisor:
        a = bench_advisor(args.advisor, args.seed, args.rollouts)
        out["advisor"] = a
        if not args.json:
            print(f"  advisor: {a['mean_s']:.2f} s per decision (median {a['median_s']:.2f}, "
                  f"max {a['max_s']:.2f}) with {a['rollouts']} rollouts, "
                  f"{a['decisions']} decisions")
    if args.json:
        print(json.dumps(out))
    else:
        print(out["python"])
    return out


if __name__ == "__main__":
    main()
