"""The Solitaire Game's set-up (The Solitaire Game, Set Up; mapsheet)."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import TYPE_CHECKING

from .charts import OBJECTS
from .events import emit
from .pieces import new_token
from .state import Counter, Crewman, Item
from .station import ARMS_ROOM_SETUP, CAGES_AT, SETUP_CREW, SETUP_HIDDEN
from .variants import setting

if TYPE_CHECKING:
    from .game import Game

ROLE_PREFIX = {"command": "co", "science": "so", "engineer": "en"}
KIND_PREFIX = {"intruder": "i", "lab_animal": "l", "dummy": "d"}
COUNTS = {"intruder": 5, "lab_animal": 6, "dummy": 6}
NOT_USED = 4
LOST_PREFIX = "lost_"  # a lost crewman's counter (lost.py): "lost_" + his id
ID_PREFIX = "h"  # a hidden-movement counter's opaque id: h1 .. h26


def crew_ids() -> list[str]:
    """The nine crewmen's ids in roster order."""
    return [f"{ROLE_PREFIX[role]}{n}" for role, places in SETUP_CREW.items()
            for n in range(1, len(places) + 1)]


# Every counter a game can have, by its set-up name: the kind and its number in the set-up
# (i1..i5, l1..l6, d1..d6) or the lost crewman it stands for. These names fix the engine's
# order (the counters' creation, and their order before every shuffle) but they say what a
# counter is, so they are never its id: see counter_ids (ruling R64).
SETUP_NAMES: tuple[str, ...] = (
    *(f"{KIND_PREFIX[k]}{n}" for k, count in COUNTS.items() for n in range(1, count + 1)),
    *(LOST_PREFIX + cid for cid in crew_ids()),
)


@lru_cache(maxsize=64)
def counter_ids(seed: int) -> dict[str, str]:
    """Set-up name -> opaque id (h1 .. h26) in a game of this seed (ruling R64).

    The ids are numbered in the order of sha256("ids:<seed>:<name>"): a fixed shuffle that
    draws no die (a seed's games stay the same), the same in CPython and Pyodide, and over
    seeds each id is as likely to be any counter as any other.
    """
    ranked = sorted(SETUP_NAMES,
                    key=lambda name: hashlib.sha256(f"ids:{seed}:{name}".encode()).digest())
    return {name: f"{ID_PREFIX}{n}" for n, name in enumerate(ranked, 1)}


@lru_cache(maxsize=64)
def setup_names(seed: int) -> dict[str, str]:
    """Opaque id -> set-up name in a game of this seed (counter_ids reversed)."""
    return {cid: name for name, cid in counter_ids(seed).items()}


def counter_id(g: Game, name: str) -> str:
    """The id of the counter whose set-up name is `name` ("i1", "lost_co2") in this game."""
    return counter_ids(g.dice.seed)[name]


def setup_name(g: Game, c: Counter) -> str:
    """A counter's set-up name: the engine's fixed order before a shuffle (never shown)."""
    return setup_names(g.dice.seed)[c.id]


def roster() -> dict[str, Crewman]:
    """The nine crewmen at their set-up compartments, in roster order."""
    crew = {}
    for role, places in SETUP_CREW.items():
        for n, at in enumerate(places, 1):
            cid = f"{ROLE_PREFIX[role]}{n}"
            crew[cid] = Crewman(cid, role, at)
    return crew


def objects() -> dict[str, Item]:
    """Weapons in the Arms Room, Prods and Flamethrowers on the track, Cages in the Lab."""
    items = {}
    for kind, (_, _, count) in OBJECTS.items():
        at = "arms" if kind in ARMS_ROOM_SETUP else CAGES_AT if kind == "cage" else "track"
        for n in range(1, count + 1):
            items[f"{kind}{n}"] = Item(f"{kind}{n}", kind, at)
    return items


def all_counters(seed: int) -> dict[str, Counter]:
    """Every hidden-movement counter, in the reserve until placed, in set-up order (Intruders,
    Lab Animals, Dummies), under the opaque ids of a game of this seed."""
    ids = counter_ids(seed)
    return {ids[f"{KIND_PREFIX[k]}{n}"]: Counter(ids[f"{KIND_PREFIX[k]}{n}"], k, "reserve")
            for k, count in COUNTS.items() for n in range(1, count + 1)}


def setup(g: Game) -> None:
    """Shuffle Lab Animals and Dummies, set four aside unseen, add the Intruder, place nine."""
    g.crew = roster()
    g.items = objects()
    g.counters = all_counters(g.dice.seed)
    pool = [c for c in g.counters.values() if c.kind != "intruder"]
    g.dice.shuffle(pool)
    # How many are set aside is a difficulty knob (variants.py; the rulebook: four). The rest
    # and the Intruder are placed in the set-up order, cycling or leaving places empty as in
    # Panic ("If there are fewer than nine, some will be left empty").
    aside = min(max(int(setting(g.config.options, "not_used", NOT_USED)), 0), len(pool))
    for n, c in enumerate(pool[:aside], 1):
        c.at = "not_used"
        c.token = f"n{n}"
    hidden = [*pool[aside:], g.counters[counter_id(g, "i1")]]
    g.dice.shuffle(hidden)
    for n, c in enumerate(hidden):
        c.at = SETUP_HIDDEN[n % len(SETUP_HIDDEN)]
        c.token = new_token(g)
    if aside == NOT_USED:
        emit(g, "setup", "Eight of the twelve Lab Animal and Dummy counters and the Intruder are "
               "shuffled face down and placed in the Storage compartments and Access Shafts; "
               "four go unseen to the Not Used box", "Set Up")
    else:
        emit(g, "setup", f"{len(pool) - aside} of the twelve Lab Animal and Dummy counters and "
               "the Intruder are shuffled face down and placed in the Access Shafts and Storage "
               f"compartments in the Panic order; {aside} go unseen to the Not Used box",
               "Set Up; difficulty level")
