"""The Solitaire Game's set-up (The Solitaire Game, Set Up; mapsheet)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .charts import OBJECTS
from .state import Counter, Crewman, Item
from .station import ARMS_ROOM_SETUP, CAGES_AT, SETUP_CREW, SETUP_HIDDEN
from .variants import setting

if TYPE_CHECKING:
    from .game import Game

ROLE_PREFIX = {"command": "co", "science": "so", "engineer": "en"}
KIND_PREFIX = {"intruder": "i", "lab_animal": "l", "dummy": "d"}
COUNTS = {"intruder": 5, "lab_animal": 6, "dummy": 6}
NOT_USED = 4


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


def all_counters() -> dict[str, Counter]:
    """Every hidden-movement counter, in the reserve until placed."""
    return {f"{KIND_PREFIX[k]}{n}": Counter(f"{KIND_PREFIX[k]}{n}", k, "reserve")
            for k, count in COUNTS.items() for n in range(1, count + 1)}


def setup(g: Game) -> None:
    """Shuffle Lab Animals and Dummies, set four aside unseen, add the Intruder, place nine."""
    g.crew = roster()
    g.items = objects()
    g.counters = all_counters()
    pool = [c for c in g.counters.values() if c.kind != "intruder"]
    g.dice.shuffle(pool)
    aside = int(setting(g.options, "not_used", NOT_USED))  # a difficulty knob (variants)
    used = len(SETUP_HIDDEN) - 1
    for n, c in enumerate(pool[:aside] + pool[aside + used:], 1):
        c.at = "not_used"
        c.token = f"n{n}"
    hidden = [*pool[aside:aside + used], g.counters["i1"]]
    g.dice.shuffle(hidden)
    for c, at in zip(hidden, SETUP_HIDDEN, strict=True):
        c.at = at
        c.token = g.new_token()
    g.emit("setup", "Eight of the twelve Lab Animal and Dummy counters and the Intruder are "
           "shuffled face down and placed in the Storage compartments and Access Shafts; four "
           "go unseen to the Not Used box", "Set Up")
