#!/usr/bin/env python3
"""Engine speed: random-policy actions per second and heuristic games per second.

    python3 bench/engine.py [--games N] [--heuristic-games M] [--seed S] [--root DIR]
    python3 bench/engine.py --baseline 12cad6e [--repeat 2]

Random play is `g.apply(rng.choice(g.legal_actions()))` until the game ends, so it times
exactly what a search rollout pays per action: the legal actions and one step. `--baseline REV`
checks REV out in a temporary `git worktree` and runs both engines in fresh interpreters,
alternating, in this one run; it prints each engine's best figures and the ratios. Times are
the process's CPU time (time.process_time), so other work on a shared machine skews them less.
A benchmark, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent


def measure(root: str, games: int, heuristic_games: int, seed: int,
            clock: Any = time.process_time) -> dict[str, Any]:
    """Time random-policy games and heuristic-policy games with the engine under `root`
    (bench/engine_pyodide.mjs calls this too, in Pyodide, with the wall clock)."""
    for name in [m for m in sys.modules if m.split(".")[0] == "intruder_core"]:
        del sys.modules[name]  # a fresh import from `root`
    sys.path.insert(0, root)
    import intruder_core as ic
    from intruder_core.bots import HeuristicPolicy, play

    sys.path.remove(root)
    t0 = clock()
    actions = turns = 0
    for s in range(seed, seed + games):
        rng = random.Random(s)
        g = ic.new_game(seed=s)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            actions += 1
        turns += g.turn
    dt = clock() - t0
    t1 = clock()
    h_actions = 0
    for s in range(seed, seed + heuristic_games):
        h_actions += play(ic.new_game(seed=s), HeuristicPolicy(), random.Random(s)).actions
    dh = clock() - t1
    load_s = time_load(ic, clock)
    return {"load_ms": 1e3 * load_s,
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "engine": str(Path(ic.__file__).parent), "games": games, "seconds": dt,
            "actions": actions, "actions_per_s": actions / dt, "games_per_s": games / dt,
            "turns_per_game": turns / games, "heuristic_games": heuristic_games,
            "heuristic_games_per_s": heuristic_games / dh if dh else 0.0,
            "heuristic_actions_per_s": h_actions / dh if dh else 0.0}


def time_load(ic: Any, clock: Any, actions: int = 300, loads: int = 5) -> float:
    """Seconds to load a save of a random game after `actions` actions (the loader replays
    and checks the whole history), the mean of `loads` loads."""
    for s in range(100):
        rng = random.Random(s)
        g = ic.new_game(seed=s)
        while not g.is_over and len(g.history) < actions:
            g.apply(rng.choice(g.legal_actions()))
        if len(g.history) == actions:
            break
    text = g.to_json()
    t0 = clock()
    for _ in range(loads):
        ic.Game.from_json(text)
    return float(clock() - t0) / loads


def show(m: dict[str, Any], label: str = "") -> None:
    print(f"{label}{m['python']} {m['engine']}")
    print(f"  random: {m['games']} games in {m['seconds']:.2f} s: {m['games_per_s']:.1f} "
          f"games/s, {m['actions_per_s']:.0f} actions/s, {m['actions'] / m['games']:.0f} "
          f"actions and {m['turns_per_game']:.1f} turns per game, "
          f"{1e3 * m['seconds'] / m['actions']:.3f} ms per action")
    print(f"  heuristic: {m['heuristic_games']} games, {m['heuristic_games_per_s']:.2f} games/s, "
          f"{m['heuristic_actions_per_s']:.0f} actions/s")
    if "load_ms" in m:
        print(f"  load a 300-action save: {m['load_ms']:.0f} ms")


def child(root: str, args: argparse.Namespace) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(HERE), "--root", root, "--games", str(args.games),
         "--heuristic-games", str(args.heuristic_games), "--seed", str(args.seed), "--json"],
        check=True, capture_output=True, text=True).stdout
    return dict(json.loads(out))


def compare(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="intruder-baseline-") as tmp:
        base = str(Path(tmp) / "baseline")
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", base,
                        args.baseline], check=True, capture_output=True)
        try:
            best: dict[str, dict[str, Any]] = {}
            for _ in range(args.repeat):  # alternate, keep each engine's best run
                for name, root in (("baseline", base), ("current", str(ROOT))):
                    m = child(root, args)
                    old = best.get(name)
                    for key in ("actions_per_s", "heuristic_games_per_s"):
                        if old is not None and old[key] > m[key]:
                            m[key] = old[key]
                    if old is not None and old["load_ms"] < m["load_ms"]:
                        m["load_ms"] = old["load_ms"]
                    if old is not None and old["seconds"] < m["seconds"]:
                        m["seconds"] = old["seconds"]
                    best[name] = m
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", base],
                           check=False, capture_output=True)
    show(best["baseline"], f"baseline {args.baseline}: ")
    show(best["current"], "current: ")
    b, c = best["baseline"], best["current"]
    print(f"ratio current/baseline: random actions/s x{c['actions_per_s'] / b['actions_per_s']:.1f}"
          f", heuristic games/s x{c['heuristic_games_per_s'] / b['heuristic_games_per_s']:.1f}"
          f", loading a 300-action save x{b['load_ms'] / c['load_ms']:.1f} faster")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--heuristic-games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--root", default=str(ROOT), help="the checkout whose intruder_core to time")
    p.add_argument("--baseline", help="also time this git revision's engine (a worktree)")
    p.add_argument("--repeat", type=int, default=2, help="runs per engine with --baseline")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args()
    if args.baseline:
        compare(args)
        return
    m = measure(args.root, args.games, args.heuristic_games, args.seed)
    if args.json:
        print(json.dumps(m))
    else:
        show(m)


if __name__ == "__main__":
    main()
