"""Panic Interludes (Panic; ruling R19)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .biology import active_intruders, roll_metamorphosis
from .events import emit
from .lost import follow, lose_one
from .pieces import carried, new_token, relocate, station_crew
from .solitaire_setup import setup_name
from .station import COMPARTMENTS, PANIC_ORDER

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter


def panic_due(g: Game) -> bool:
    """After a killing, unless an Intruder is controlled or caged, never during self-destruct."""
    if g.kills == 0 or g.sd is not None:
        return False
    return not any(t.cage is not None or t.controlled_by is not None
                   for t in active_intruders(g) if t.at in COMPARTMENTS)


def gathered(g: Game) -> list[Counter]:
    """Uncaptured Lab Animals, face-down counters, discovered Dummies, Intruders, Clones."""
    out = []
    for t in g.counters.values():
        boxed = t.at in ("discovered", "clones_pending")
        loose = not t.face_up or t.kind == "intruder" or (t.held_by is None and t.cage is None)
        if boxed or (t.at in COMPARTMENTS and loose):
            out.append(t)
    return sorted(out, key=lambda t: setup_name(g, t))  # a fixed order before the shuffle


def place_hidden(g: Game, counters: list[Counter]) -> None:
    """Shuffle face down and place one per compartment in the rulebook's order, cycling."""
    g.dice.shuffle(counters)
    for n, t in enumerate(counters):
        t.at = PANIC_ORDER[n % len(PANIC_ORDER)]
        t.face_up = False
        t.token = new_token(g)
        t.asleep_until = None
        t.returning = False
    follow(g)


def panic(g: Game) -> None:
    """Crew to the Command Module with what they carry; counters reshuffled; two rolls."""
    emit(g, "panic", rule="Panic")
    for c in station_crew(g):
        relocate(g, c, "command")
        for item in carried(g, c):
            item.carriers = []  # presumed dropped there (Effects of Panic)
    lose_one(g)  # optional rule: Lost Crewmen
    counters = gathered(g)
    place_hidden(g, counters)
    emit(g, "placed", f"{len(counters)} counters are shuffled face down and placed",
           "Effects of Panic", {"placed": [[c.token, c.at] for c in counters]})
    for _ in range(2):
        roll_metamorphosis(g)
