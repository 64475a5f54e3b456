#!/usr/bin/env python3
"""Engine speed: full random-policy games per second on this interpreter.

    python3 bench/engine.py [--games N] [--seed S]

Prints games/s, actions/s and the time of one legal_actions() + apply() step. A benchmark,
not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import intruder_core as ic


def play(seed: int) -> tuple[int, int]:
    """One game of uniformly random legal actions; returns (actions, turns)."""
    rng = random.Random(seed)
    g = ic.new_game(seed=seed)
    n = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return n, g.turn


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    t0 = time.perf_counter()
    actions = turns = 0
    for seed in range(args.seed, args.seed + args.games):
        a, t = play(seed)
        actions += a
        turns += t
    dt = time.perf_counter() - t0
    print(f"{platform.python_implementation()} {platform.python_version()}")
    print(f"{args.games} random-policy games in {dt:.2f} s: {args.games / dt:.1f} games/s, "
          f"{actions / dt:.0f} actions/s, {actions / args.games:.0f} actions and "
          f"{turns / args.games:.1f} turns per game, {1e3 * dt / actions:.2f} ms per action")


if __name__ == "__main__":
    main()
