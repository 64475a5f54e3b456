#!/usr/bin/env python3
"""Write tests/data/saves_5058f99.json: what the build of commit 5058f99 hands players, made
before counter ids became opaque (issue 9): engine saves (format 1, ids "i1", "l2", "d3",
"lost_co1"), share records, the page's envelope (storage.pack, "intruder-save": 2) and share
links ("#g=..."). tests/test_old_saves.py checks they still load to the same games.

Each case is a game stopped at the first moment its save names counters where the kind is not
beside the id (a Cage's contents, a held animal, a pending Clone, a lost crewman's counter...).

    python3 tests/data/make_saves_5058f99.py [--root CHECKOUT]   # run once, from a 5058f99 tree
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
Check = Callable[[dict[str, Any]], bool]


def _live(s: dict[str, Any]) -> bool:
    return s["result"] is None


# (name, scenario, options, what the save must show)
CASES: list[tuple[str, str, dict[str, Any], Check]] = [
    ("cage-contents", "solitaire", {},
     lambda s: any(i["contents"] for i in s["items"])),
    ("held-animal", "solitaire", {},
     lambda s: any(c["holding"] for c in s["crew"])),
    ("defense-pending", "solitaire", {}, lambda s: s["defense"] is not None),
    ("attacks-counted", "solitaire", {}, lambda s: bool(s["attacks"])),
    ("clones-pending", "solitaire", {},
     lambda s: any(c["at"] == "clones_pending" for c in s["counters"])),
    ("clones-in-play", "solitaire", {"difficulty": "hard"},
     lambda s: sum(c["kind"] == "intruder" and c["at"] not in ("reserve", "clones_pending")
                   for c in s["counters"]) >= 2),
    ("lost-crewman", "solitaire", {"lost_crewmen": True},
     lambda s: any(c["kind"] == "crewman" for c in s["counters"])),
    ("intelligent-moved", "intelligent_intruder", {},
     lambda s: bool(s.get("x", {}).get("moved"))),
    ("intelligent-deciding", "intelligent_intruder", {},
     lambda s: s.get("x", {}).get("deciding") is not None),
    ("prometheus", "return_to_prometheus", {"marines": True},
     lambda s: s["turn"] >= 3),
    ("science-officer", "science_officer", {"lost_crewmen": True},
     lambda s: s["turn"] >= 4),
]
POSITION = {"seed": 3, "phase": "interaction1", "stage": 3, "known": ["immune_gas", "clone"],
            "crew": {"co1": {"at": "store_a1", "carrying": ["blaster1"]}},
            "items": {"cage1": "b1"},
            "counters": [{"kind": "intruder", "at": "store_a1"},
                         {"kind": "lab_animal", "at": "b1", "face_up": True, "caged": "cage1"},
                         {"kind": "dummy", "at": "mess"}],
            "not_used": ["dummy", "lab_animal"], "clones_pending": 1,
            "options": {"lost_crewmen": True}}


def find(ic: Any, scenario: str, options: dict[str, Any], check: Check) -> Any:
    """The first game (seed 0, 1, ...) of random play whose save shows `check`, stopped there."""
    for seed in range(200):
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
        rng = random.Random(seed)
        while not g.is_over and g.turn <= 60:
            if check(json.loads(g.to_json())) and _live(json.loads(g.to_json())):
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise SystemExit(f"no game of {scenario} {options} shows the case")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--root", default=str(HERE.parent.parent))
    args = p.parse_args()
    sys.path.insert(0, args.root)
    sys.path.insert(0, str(Path(args.root) / "web" / "py"))
    import session
    import storage

    import intruder_core as ic

    out = []
    games = [(name, find(ic, scenario, options, check))
             for name, scenario, options, check in CASES]
    pos = ic.Game.from_position(POSITION)
    rng = random.Random(4)
    for _ in range(30):
        if pos.is_over:
            break
        pos.apply(rng.choice(pos.legal_actions()))
    games.append(("position", pos))
    for name, g in games:
        record = g.record()
        out.append({"name": name, "step": g.step, "save": g.to_json(), "record": record,
                    "envelope": storage.pack(record), "link": session.share_fragment(record)})
        print(name, len(record["actions"]), g.turn, g.phase, g.step, g.is_over)
    (HERE / "saves_5058f99.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
