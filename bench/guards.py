#!/usr/bin/env python3
"""How often the page's guards ask "are you sure?" in a standard game (issue 23, item 5).

    python3 bench/guards.py [--games 20] [--first-seed 0] [--root DIR]

Plays `--games` seeded standard (solitaire) games with the heuristic crew bot and, before
each action it takes, asks the page's guard logic (pages/game/play/guards.guard_question,
pure) what
the page would ask a player clicking that action, with the same rows the page shows. Prints
the confirms per game turn, and per kind of action asked. `--root` reads the engine and the
page's modules from another checkout (e.g. /work/main for "before"). A benchmark script,
nothing asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path


def count_guards(seeds: Iterable[int]) -> tuple[Counter[str], Counter[str], int, int]:
    """The heuristic's standard games of these seeds, asking the page's guard before each
    of its actions: the guards asked and the actions chosen by type, turns and decisions.
    (The engine and web/py are imported from sys.path: main puts `--root` first.)"""
    import intruder_core as ic
    from intruder_core.bots import HeuristicPolicy
    from pages.game.play import guards

    bot = HeuristicPolicy()
    asked: Counter[str] = Counter()
    chosen: Counter[str] = Counter()  # the heuristic's own actions, by type
    turns = decisions = 0
    for seed in seeds:
        g = ic.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            legal = list(g.legal_actions())
            rows = [(i, a.to_dict(), str(a.label), str(a.rule)) for i, a in enumerate(legal)]
            view = g.view("crew")
            action, _ = bot.choose(view, legal, rng)
            chosen[action.type] += 1
            if guards.guard_question(action.to_dict(), view, rows):
                asked[action.type] += 1
            decisions += 1
            g.apply(action)
        turns += int(g.view("crew").get("turn", 0) or 0)
    return asked, chosen, turns, decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=20, help="seeded games to play")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                   help="the checkout whose engine and web/py modules are measured")
    args = p.parse_args()
    root = Path(args.root).resolve()
    sys.path[:0] = [str(root), str(root / "web" / "py")]
    asked, chosen, turns, decisions = count_guards(
        range(args.first_seed, args.first_seed + args.games))
    total = sum(asked.values())
    print(f"root {root}: {args.games} standard games (seeds {args.first_seed}-"
          f"{args.first_seed + args.games - 1}), {turns} turns, {decisions} crew decisions")
    print(f"confirms: {total} ({total / max(turns, 1):.2f} per turn, "
          f"{total / max(decisions, 1):.1%} of decisions)")
    for kind, n in asked.most_common():
        print(f"  {kind}: {n} ({n / max(turns, 1):.2f} per turn)")
    for end in ("end_movement", "end_actions"):  # issue 28, item 4: at most 1 in 10
        print(f"guard at the heuristic's {end}: {asked[end]} of {chosen[end]} "
              f"({asked[end] / max(chosen[end], 1):.1%})")


if __name__ == "__main__":
    main()
