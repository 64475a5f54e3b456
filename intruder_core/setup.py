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
    # How many are set aside is a difficulty knob (variants.py; the rulebook: four). The rest
    # and the Intruder are placed in the set-up order, cycling or leaving places empty as in
    # Panic ("If there are fewer than nine, some will be left empty").
    aside = min(max(int(setting(g.options, "not_used", NOT_USED)), 0), len(pool))
    for n, c in enumerate(pool[:aside], 1):
        c.at = "not_used"
        c.token = f"n{n}"
    hidden = [*pool[aside:], g.counters["i1"]]
    g.dice.shuffle(hidden)
    for n, c in enumerate(hidden):
        c.at = SETUP_HIDDEN[n % len(SETUP_HIDDEN)]
        c.token = g.new_token()
    if aside == NOT_USED:
        g.emit("setup", "Eight of the twelve Lab Animal and Dummy counters and the Intruder are "
               "shuffled face down and placed in the Storage compartments and Access Shafts; "
               "four go unseen to the Not Used box", "Set Up")
    else:
        g.emit("setup", f"{len(pool) - aside} of the twelve Lab Animal and Dummy counters and "
               "the Intruder are shuffled face down and placed in the Access Shafts and Storage "
               f"compartments in the Panic order; {aside} go unseen to the Not Used box",
               "Set Up; difficulty level")
