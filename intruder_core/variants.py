"""Rule knobs for difficulty levels and variants (issue: balance lab).

"standard" is the rulebook plus rulings and changes nothing. Other levels are labelled
variants: they swap Life Stage Chart rows and set-up counts, and only through this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Literal, TypedDict

from .charts import LIFE_STAGES, Stage


def _r(lo: int, hi: int) -> frozenset[int]:
    return frozenset(range(lo, hi + 1))


# A level is a dict of knobs: "stages": {stage: {field of charts.Stage: value}} replaces cells
# of the Life Stage Chart (frozensets of die rolls); "not_used": how many of the 12 Lab Animal
# and Dummy counters the set-up leaves unseen in the Not Used box (rulebook: 4; the rest are
# placed with the Intruder, cycling through the set-up places as in Panic); "about": one line
# for the page and docs/bots.md, which also gives the measured win rates.
class StageChanges(TypedDict, total=False):
    """The cells of one Life Stage Chart row a level replaces (fields of charts.Stage)."""

    metamorphosis: frozenset[int]
    attack: frozenset[int]
    kill: frozenset[int]
    control: frozenset[int]
    clones: int


class Level(TypedDict, total=False):
    """A difficulty level's knobs (every one optional: "standard" has none)."""

    about: str
    not_used: int
    stages: dict[int, StageChanges]


DIFFICULTIES: dict[str, Level] = {
    "easy": {
        "about": "a variant: the Intruder grows more slowly (a 1 only), attacks and kills less "
                 "often and is easier to prod; six counters stay in the Not Used box, so fewer "
                 "decoys roam the station",
        "not_used": 6,
        "stages": {
            1: {"metamorphosis": _r(1, 1), "attack": _r(1, 2), "kill": _r(1, 2)},
            2: {"metamorphosis": _r(1, 1), "attack": _r(1, 2), "kill": _r(1, 2),
                "control": _r(1, 5)},
            3: {"attack": _r(1, 2), "kill": _r(1, 3), "control": _r(1, 4)},
            4: {"attack": _r(1, 3), "kill": _r(1, 3), "control": _r(1, 3)},
            5: {"attack": _r(1, 3), "kill": _r(1, 4), "control": _r(1, 2)},
            6: {"attack": _r(1, 4), "kill": _r(1, 4)},
        },
    },
    "standard": {},  # the rulebook, the mapsheet and the rulings: nothing changed
    "hard": {
        "about": "a variant: the Intruder grows faster (1-3 while young, 1-2 later) and kills "
                 "more often; only two counters stay in the Not Used box, so ten decoys roam",
        "not_used": 2,
        "stages": {
            1: {"metamorphosis": _r(1, 3), "kill": _r(1, 4)},
            2: {"metamorphosis": _r(1, 3), "kill": _r(1, 4)},
            3: {"metamorphosis": _r(1, 2), "attack": _r(1, 4)},
            4: {"metamorphosis": _r(1, 2), "kill": _r(1, 5)},
            5: {"metamorphosis": _r(1, 2)},
        },
    },
    "nightmare": {
        "about": "a variant: the Intruder grows fast (1-4 while young, 1-3 later), attacks on "
                 "1-4 and kills on 1-5 from birth, resists prods, and Clones come sooner; all "
                 "twelve Lab Animals and Dummies are in play",
        "not_used": 0,
        "stages": {
            1: {"metamorphosis": _r(1, 4), "attack": _r(1, 4), "kill": _r(1, 5),
                "control": _r(1, 3)},
            2: {"metamorphosis": _r(1, 4), "attack": _r(1, 4), "kill": _r(1, 5),
                "control": _r(1, 2)},
            3: {"metamorphosis": _r(1, 3), "attack": _r(1, 5), "kill": _r(1, 5), "clones": 3,
                "control": _r(1, 1)},
            4: {"metamorphosis": _r(1, 3), "attack": _r(1, 5), "kill": _r(1, 5), "clones": 4,
                "control": frozenset()},
            5: {"metamorphosis": _r(1, 3), "attack": _r(1, 5), "clones": 5,
                "control": frozenset()},
        },
    },
}


def chart(options: Mapping[str, object] | None) -> dict[int, Stage]:
    """The Life Stage Chart for a game's options (the rulebook's unless a level changes it)."""
    level = DIFFICULTIES.get(str((options or {}).get("difficulty", "standard")))
    if level is None:
        raise ValueError(f"unknown difficulty {(options or {}).get('difficulty')!r}; "
                         f"choose one of {sorted(DIFFICULTIES)}")
    rows = dict(LIFE_STAGES)
    for stage, changes in level.get("stages", {}).items():
        rows[int(stage)] = replace(rows[int(stage)], **changes)
    return rows


def setting(options: Mapping[str, object] | None, key: Literal["not_used"], default: int) -> int:
    """A set-up knob of the game's difficulty level (e.g. "not_used": counters set aside)."""
    level: Level = DIFFICULTIES.get(str((options or {}).get("difficulty", "standard")), {})
    return level.get(key, default)
