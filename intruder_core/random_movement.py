"""Intruder and Hidden Counter Movement Phase: the random movement system (Movement)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .biology import compartments_per_phase, stops_on_meeting_crew
from .events import emit, roll
from .lost import follow
from .names import describe, place
from .pieces import manned, token_order
from .station import AIRLOCK_CONTROL, COMPARTMENTS, MOVEMENT, NAMES, SECURED

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter


def moves_randomly(c: Counter) -> bool:
    """Face-down counters, and face-up free Intruders and Lab Animals (ruling R1)."""
    if c.at not in COMPARTMENTS or c.at in SECURED:  # secured rooms: no numbers (R12)
        return False
    if not c.face_up:
        return True
    if c.kind == "intruder":
        return c.cage is None and c.controlled_by is None and not c.asleep
    return c.kind == "lab_animal" and c.held_by is None and c.cage is None


def random_movement(g: Game) -> None:
    """Roll one die per moving counter, in token order, and move it by the blue numbers."""
    movers = [c for c in g.counters.values() if moves_randomly(c)]
    movers.sort(key=token_order)
    for c in movers:
        if c.returning:  # Fast Reflexes: back inside from the opened airlock
            c.returning = False
            corridor = AIRLOCK_CONTROL[c.at]
            emit(g, "move", f"The Intruder climbs back in from {place(c.at)} to "
                   f"{place(corridor)}", "Fast Reflexes", {"token": c.token, "to": corridor})
            c.at = corridor
            continue
        for left in range(compartments_per_phase(g, c) - 1, -1, -1):  # Very Fast: two
            die = roll(g, "random_movement", "Random Movement System", token=c.token, at=c.at)
            dest = MOVEMENT[c.at][die - 1]
            if dest is None:
                break
            c.at = dest
            emit(g, "move", f"{describe(c)} moves to {NAMES[dest]}",
                   "Random Movement System", {"token": c.token, "to": dest})
            if left and stops_on_meeting_crew(g, c):  # (with none left, nothing to stop)
                break
    follow(g)
    release_caged_animals(g)


def release_caged_animals(g: Game) -> None:
    """An Intruder alone with a caged Lab Animal lets it out (Lab Animals; ruling R14)."""
    for item in g.items.values():
        if item.kind != "cage" or item.contents is None or item.carriers or item.at is None:
            continue
        animal = g.counters[item.contents]
        if animal.kind != "lab_animal" or manned(g, item.at):
            continue
        if any(c.kind == "intruder" and c.at == item.at and c.cage is None
               for c in g.counters.values()):
            item.contents = None
            animal.cage = None
            animal.face_up = True
            emit(g, "released", f"A caged Lab Animal in {place(item.at)} has been let out of "
                   "its Cage", "Lab Animals", {"at": item.at, "token": animal.token})
