#!/usr/bin/env python3
"""The heuristic's fingerprint: sha256 over every choice it makes and the reason it gives.

    python3 bench/heuristic_choices.py [--games 150] [--root DIR] [--views]

Plays `--games` seeds of each scenario and option set below with HeuristicPolicy for the crew
(the random player takes the Intruder's side where it has one) and prints, per set, a hash
of every crew decision's action and reason and of the final saves. bench/digest.py hashes
the saves only; this also catches a changed reason or a different choice that happens to
leave the same game. Run it on two checkouts (`--root`, e.g. an old commit extracted with
`git archive REV | tar -x -C DIR`): the same hashes mean a refactor of the bots changed
nothing the player sees. `--views` also hashes the crew view the bot is handed at each of
its decisions (json, sorted keys), so a faster view can be checked against an old one. Also
prints the CPU time. A benchmark script, nothing asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("solitaire", {}), ("solitaire", {"difficulty": "easy"}),
    ("solitaire", {"difficulty": "hard"}), ("solitaire", {"difficulty": "nightmare"}),
    ("solitaire", {"lost_crewmen": True}), ("return_to_prometheus", {}),
    ("return_to_prometheus", {"marines": True}), ("intelligent_intruder", {}),
]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=150, help="seeds per scenario and options")
    p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                   help="the checkout whose intruder_core to import")
    p.add_argument("--views", action="store_true", help="hash the crew views too")
    args = p.parse_args()
    sys.path.insert(0, args.root)
    import intruder_core as ic
    from intruder_core.bots import HeuristicPolicy

    bot = HeuristicPolicy()
    t0 = time.process_time()
    decisions = 0
    for scenario, options in CONFIGS:
        h = hashlib.sha256()
        hv = hashlib.sha256()
        for seed in range(args.games):
            rng = random.Random(seed)
            g = ic.new_game(seed=seed, scenario=scenario, options=options)
            while not g.is_over and g.turn <= 400:
                legal = g.legal_actions()
                if g.owner(legal[0]) == "crew":
                    view = g.view("crew")
                    if args.views:
                        hv.update(json.dumps(view, sort_keys=True).encode())
                    action, reason = bot.choose(view, legal, rng)
                    h.update(f"{action.key()}|{reason}\n".encode())
                    decisions += 1
                else:
                    action = rng.choice(legal)
                g.apply(action)
            h.update(g.to_json().encode())
        opts = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "-"
        views = f" views {hv.hexdigest()[:16]}" if args.views else ""
        print(f"{scenario}/{opts}: {h.hexdigest()[:16]}{views}", flush=True)
    print(f"{decisions} decisions in {len(CONFIGS) * args.games} games, "
          f"{time.process_time() - t0:.1f} s CPU ({ic.__file__})")


if __name__ == "__main__":
    main()
