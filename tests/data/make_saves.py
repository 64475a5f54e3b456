#!/usr/bin/env python3
"""Write tests/data/saves_12cad6e.json: saves and share records made by the engine of commit
12cad6e (the format-1 saves players already have), which tests/test_old_saves.py must keep loading.

    python3 tests/data/make_saves.py [--root CHECKOUT]   # run once, from a 12cad6e checkout
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# (name, how the game starts, seed, random actions to play before saving)
CASES = [
    ("solitaire-early", {"scenario": "solitaire"}, 11, 5),
    ("solitaire-mid", {"scenario": "solitaire"}, 12, 150),
    ("solitaire-late", {"scenario": "solitaire"}, 13, 350),
    ("hard-mid", {"scenario": "solitaire", "options": {"difficulty": "hard"}}, 14, 120),
    ("lost-crewmen", {"scenario": "solitaire", "options": {"lost_crewmen": True}}, 15, 200),
    ("intelligent-intruder", {"scenario": "intelligent_intruder"}, 16, 60),
    ("prometheus-marines", {"scenario": "return_to_prometheus", "options": {"marines": True}},
     17, 90),
    ("science-officer", {"scenario": "science_officer"}, 18, 140),
    ("position", {"position": {"seed": 3, "phase": "interaction1", "stage": 3,
                               "known": ["immune_gas", "very_fast"],
                               "crew": {"co1": {"at": "store_a1", "carrying": ["blaster1"]}},
                               "counters": [{"kind": "intruder", "at": "store_a1"},
                                            {"kind": "dummy", "at": "mess"}]}}, 19, 40),
]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--root", default=str(HERE.parent.parent))
    args = p.parse_args()
    sys.path.insert(0, args.root)
    import intruder_core as ic

    out = []
    for name, start, seed, n in CASES:
        if "position" in start:
            g = ic.Game.from_position(start["position"])
        else:
            g = ic.new_game(seed=seed, scenario=start["scenario"],
                            options=start.get("options", {}))
        rng = random.Random(seed)
        for _ in range(n):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        out.append({"name": name, "step": g.step, "save": g.to_json(), "record": g.record()})
        print(name, g.turn, g.phase, g.step, g.is_over)
    (HERE / "saves_12cad6e.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
