"""Lost Crewmen (optional rule): at each Panic one crewman runs off and hides among the
face-down counters until an Interaction finds him (Panic, Lost Crewmen - Optional).

A lost crewman is shown by a face-down counter of kind "crewman" (set-up name "lost_<crew id>",
an opaque id like every counter's, ruling R64) that moves and is shuffled like the others; the
crewman's own place follows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import emit
from .names import place
from .pieces import relocate, station_crew
from .solitaire_setup import LOST_PREFIX, counter_id, setup_name
from .state import Counter

if TYPE_CHECKING:
    from .game import Game
    from .state import Crewman

PREFIX = LOST_PREFIX


def counter_of(g: Game, c: Crewman) -> str:
    """The id of the counter standing for a lost crewman."""
    return counter_id(g, PREFIX + c.id)


def lose_one(g: Game) -> None:
    """Pick one crewman at random (all counters shuffled, one drawn) and make him lost."""
    if not g.config.lost_crewmen:
        return
    pool = sorted(station_crew(g), key=lambda c: c.id)
    if not pool:
        return
    g.dice.shuffle(pool)
    c = pool[0]
    if c.holding:
        g.counters[c.holding].held_by = None
        c.holding = None
    c.status = "lost"
    g.counters[counter_of(g, c)] = Counter(counter_of(g, c), "crewman", str(c.at))
    emit(g, "lost_crewman", f"{c.name} runs off in blind panic and hides", "Lost Crewmen",
           {"crew": c.id})


def crewman_of(g: Game, t: Counter) -> Crewman:
    return g.crew[setup_name(g, t)[len(PREFIX):]]


def follow(g: Game) -> None:
    """Keep each lost crewman where his face-down counter is."""
    for t in g.counters.values():
        if t.kind == "crewman":
            relocate(g, crewman_of(g, t), t.at)


def found(g: Game, t: Counter) -> None:
    """An Interaction turns his counter up: he is back under the player's control."""
    c = crewman_of(g, t)
    c.status = "active"
    relocate(g, c, t.at)
    del g.counters[t.id]
    emit(g, "found", f"Counter {t.token} in {place(t.at)} is {c.name}, found hiding",
           "Lost Crewmen", {"crew": c.id, "token": t.token, "at": t.at})


def forget(g: Game, c: Crewman) -> None:
    """A lost crewman who dies (station destroyed) takes his counter with him."""
    g.counters.pop(counter_of(g, c), None)
