#!/usr/bin/env python3
"""Fuzz the loader and the action parser, as a hostile user would, and count the outcomes.

    python3 bench/fuzz_loader.py [--saves 3000] [--records 1000] [--actions 24000] [--seed 0]

Mutates saves (Game.to_json), share records (Game.record) and legal actions of seeded games:
a value replaced by an odd one, a key deleted or added, a number nudged. Prints, for each, how
many were refused (CorruptSave / IllegalAction), loaded and played to the end with the
invariants holding, or crashed with any other exception (must be 0). Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# tests/helpers.py: the mutation that the save tests use too
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers import mutate_once

import intruder_core as ic
from intruder_core.invariants import check_invariants

ODD = [None, True, False, 0, -1, 2.5, 10**30, "", "pilot", "zz", "shuttle9", "d1", "i1", "c1",
       "lab_animal", "yes", "3", "arms", [], [None], {}, {"at": "a1"}, "co1", "blaster1"]


def mutate(data: Any, rng: random.Random, skip: tuple[str, ...] = ()) -> Any:
    """A copy of `data` with one value changed (helpers.mutate_once, shared with the tests)."""
    data = copy.deepcopy(data)
    mutate_once(data, rng.choice, lambda: rng.choice(ODD), skip)
    return data


def play_to_end(g: ic.Game, rng: random.Random) -> None:
    while not g.is_over:
        check_invariants(g)
        for side in g.players:
            g.view(side)
        g.apply(rng.choice(g.legal_actions()))
    check_invariants(g)


def sources(rng: random.Random) -> list[ic.Game]:
    games = []
    for seed, scenario in [(1, "solitaire"), (2, "solitaire"), (3, "intelligent_intruder"),
                           (4, "science_officer"), (5, "return_to_prometheus")]:
        g = ic.new_game(seed=seed, scenario=scenario)
        for _ in range(rng.randrange(10, 60)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        games.append(g)
    return games


def trial(load: Any, rng: random.Random) -> str:
    try:
        g = load()
    except ic.CorruptSave:
        return "refused"
    except Exception as e:  # a crash: what the issue found
        return f"CRASH at load {type(e).__name__}"
    try:
        play_to_end(g, rng)
    except Exception as e:
        return f"CRASH in play {type(e).__name__}"
    return "loaded and played to the end"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--saves", type=int, default=3000)
    p.add_argument("--records", type=int, default=1000)
    p.add_argument("--actions", type=int, default=24000)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    rng = random.Random(args.seed)
    games = sources(rng)
    t0 = time.perf_counter()
    saves: Counter[str] = Counter()
    for _ in range(args.saves):
        data = mutate(json.loads(rng.choice(games).to_json()), rng, skip=("log",))
        saves[trial(lambda data=data: ic.Game.from_json(json.dumps(data)), rng)] += 1
    records: Counter[str] = Counter()
    for _ in range(args.records):
        rec = mutate(json.loads(json.dumps(rng.choice(games).record())), rng)
        records[trial(lambda rec=rec: ic.replay(rec), rng)] += 1
    actions: Counter[str] = Counter()
    for _ in range(args.actions):
        g = rng.choice(games)
        legal = g.legal_actions()
        d = mutate(rng.choice(legal).to_dict(), rng) if legal else {}
        before = g.to_json()
        try:
            parsed = ic.Action.from_dict(d)
            if parsed in legal:
                actions["became another legal action (not applied)"] += 1
                continue
        except ic.IllegalAction:
            pass
        try:
            g.apply(d)
            actions["APPLIED (a bug)"] += 1
        except ic.IllegalAction:
            actions["refused, state byte-identical" if g.to_json() == before
                    else "REFUSED BUT CHANGED"] += 1
        except Exception as e:
            actions[f"CRASH {type(e).__name__}"] += 1
    for name, counts in (("saves", saves), ("records", records), ("actions", actions)):
        print(f"{name}: {sum(counts.values()):,} tried")
        for outcome, n in counts.most_common():
            print(f"  {n:>7,}  {outcome}")
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
