#!/usr/bin/env python3
"""Behaviour fingerprint: sha256 over `to_json()` of many seeded random-policy games.

    python3 bench/digest.py [--games 300] [--difficulty standard] [--policy random] [--root DIR]

Run it before and after an engine change (e.g. in a `git worktree` of the old commit with
`--root`): identical digests mean the same seeds and actions give byte-identical saves, the
standard the engine's optimizations must meet. Also prints the time taken.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--difficulty", default="standard")
    p.add_argument("--policy", default="random", choices=("random", "heuristic"),
                   help="who plays (the heuristic reaches Cages, transport, Panic pick-ups)")
    p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                   help="the checkout whose intruder_core to import")
    args = p.parse_args()
    sys.path.insert(0, args.root)
    import intruder_core as ic

    options = None if args.difficulty == "standard" else {"difficulty": args.difficulty}
    total = hashlib.sha256()
    t0 = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        rng = random.Random(seed)
        g = ic.new_game(seed=seed, options=options)
        if args.policy == "heuristic":
            from intruder_core.bots import HeuristicPolicy, play

            play(g, HeuristicPolicy(), rng)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        total.update(hashlib.sha256(g.to_json().encode()).digest())
    dt = time.perf_counter() - t0
    print(f"{args.games} {args.policy} games from seed {args.seed} ({args.difficulty}): "
          f"{total.hexdigest()} "
          f"in {dt:.1f} s ({ic.__file__})")


if __name__ == "__main__":
    main()
