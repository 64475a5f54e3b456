"""Who decides what: the sides of a scenario and which side each action belongs to.

In the solitaire game everything is the crew's. In the Intelligent Intruder the Intruder player
moves the counters and chooses the attacks; in the Science Officer scenario two crew players
share the phases, each commanding his own crewmen (Multi-Player Scenarios).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .action_types import INTRUDER_ACTIONS
from .actions import Action
from .errors import IllegalAction
from .phase import sub_at
from .pieces import crew_at
from .scenarios import PLAYERS
from .station import COMPARTMENTS

if TYPE_CHECKING:
    from .game import Game
    from .state import Crewman


def crewman(g: Game, cid: object, on_station: bool = False) -> Crewman:
    """The named crewman, if he is alive and on the station (or in a shuttle) and his player
    has not passed; else IllegalAction saying which."""
    c = g.crew.get(cid) if isinstance(cid, str) else None
    if c is None:
        raise IllegalAction(f"there is no crewman {cid!r}", "The Station and the Crew")
    if c.status != "active":
        raise IllegalAction(f"{c.name} is {c.status}", "The Station and the Crew")
    if on_station and c.at not in COMPARTMENTS:
        raise IllegalAction(f"{c.name} has left the station", "Escape via Shuttle")
    if shared(g) and side_of(g, c) in ready(g):
        raise IllegalAction(f"{c.name}'s player has already passed", "The Science Officer")
    return c


def side_of(g: Game, c: Crewman) -> str:
    """The crew player commanding a crewman."""
    if g.config.scenario == "science_officer":
        return "science" if c.role == "science" else "command"
    return "crew"


@cache
def _crew_of(players: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(p for p in players if p != "intruder")


def crew_players(g: Game) -> tuple[str, ...]:
    return _crew_of(g.config.players)


_SHARED = {s: len(_crew_of(players)) > 1 for s, players in PLAYERS.items()}


def shared(g: Game) -> bool:
    """Two crew players move and act in the same phases (The Science Officer)."""
    return _SHARED[g.config.scenario]


def owner(g: Game, a: Action) -> str:
    """The side whose decision an action is."""
    if a.type in INTRUDER_ACTIONS:
        return "intruder"
    if not shared(g):
        return "crew"
    player = a.get("player")
    if isinstance(player, str):
        return player
    crew = a.get("crew")
    if isinstance(crew, tuple) and crew:
        crew = crew[0]
    if isinstance(crew, str) and crew in g.crew:
        return side_of(g, g.crew[crew])
    if a.type in ("no_defense",) and g.defense is not None:
        return side_of(g, g.crew[g.defense.target])
    if a.type == "prepare_hatches" and g.sub is not None:
        aboard = crew_at(g, sub_at(g))
        return side_of(g, aboard[0]) if aboard else crew_players(g)[0]
    return crew_players(g)[0]  # the Command player chooses the order of Interactions


def ready(g: Game) -> list[str]:
    """Crew players who have passed in the current movement phase or action segment."""
    return list(g.x.ready)


def unready(g: Game) -> None:
    """A new phase or segment: nobody has passed yet."""
    g.x.ready = []


def mark_ready(g: Game, player: str) -> bool:
    """Record a pass; True once every crew player has passed."""
    done = sorted({*ready(g), player})
    g.x.ready = done
    return set(done) >= set(crew_players(g))
