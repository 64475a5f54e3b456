"""The rulebook's other ways to play: scenarios and optional rules (Multi-Player Scenarios).

Each scenario is a set-up and a list of players; the rules they change are switched on in the
rule modules by `g.config` (config.py: the scenario and options), never by copies of the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .biology import determine_powers, row
from .charts import LAST_STAGE
from .events import emit
from .json_types import Options
from .panic import place_hidden
from .random_movement import random_movement
from .solitaire_setup import all_counters, counter_id, objects, roster, setup_name
from .solitaire_setup import setup as solitaire_setup
from .state import Shuttle

if TYPE_CHECKING:
    from .game import Game

SCENARIOS: tuple[str, ...] = (
    "solitaire", "intelligent_intruder", "return_to_prometheus", "science_officer",
)
PLAYERS: dict[str, tuple[str, ...]] = {
    "solitaire": ("crew",),
    "intelligent_intruder": ("crew", "intruder"),
    "return_to_prometheus": ("crew",),
    "science_officer": ("command", "science"),
}
# Optional rules: name -> scenarios that allow it.
OPTIONS: dict[str, tuple[str, ...]] = {
    "lost_crewmen": ("solitaire", "return_to_prometheus", "science_officer"),
    "marines": ("return_to_prometheus",),
}
# Return to Prometheus: the three teams and where their shuttles dock.
TEAMS: dict[str, tuple[str, ...]] = {
    "airlock": ("co1", "en1", "so1"),
    "dock1": ("co2", "en2", "so2"),
    "dock2": ("co3", "en3", "so3"),
}
TEAM_KIT = ("blaster", "dart", "flamethrower", "gas", "cage")
HIDDEN_TURNS = 3


def check(scenario: str, options: Options) -> None:
    """Refuse an unknown scenario or an optional rule the scenario does not allow."""
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; choose one of {SCENARIOS}")
    for name, value in options.items():
        if name == "difficulty":
            continue
        if name not in OPTIONS:
            raise ValueError(f"unknown option {name!r}")
        if value and scenario not in OPTIONS[name]:
            raise ValueError(f"the {name} rule cannot be used in the {scenario} scenario")


def setup(g: Game, scenario: str) -> None:
    """Set up the chosen scenario and leave the game at its first phase."""
    if scenario == "return_to_prometheus":
        return_to_prometheus(g)
        return
    solitaire_setup(g)
    g.turn = 1
    g.phase = "movement"


def return_to_prometheus(g: Game) -> None:
    """Stage 6, seven powers rolled; every counter placed as at Panic; three turns of hidden
    movement; then the crew arrives in three shuttles, one at each airlock (the scenario)."""
    g.items = objects()
    g.counters = all_counters(g.dice.seed)
    g.crew = {}
    g.stage = LAST_STAGE
    g.unknown = row(g).powers
    emit(g, "setup", "Return to Prometheus: the Intruder is in Life Stage 6",
         "Return to Prometheus")
    determine_powers(g)
    pool = [c for c in g.counters.values() if c.kind != "intruder" or c.id == counter_id(g, "i1") or
            c.at == "clones_pending"]
    for c in pool:
        c.at = "reserve"
    place_hidden(g, sorted(pool, key=lambda c: setup_name(g, c)))
    emit(g, "placed", f"{len(pool)} counters are shuffled face down and placed",
           "Return to Prometheus", {"placed": [[c.token, c.at] for c in pool]})
    for turn in range(1, HIDDEN_TURNS + 1):
        emit(g, "phase", f"Hidden movement, turn {turn} of {HIDDEN_TURNS}",
               "Return to Prometheus")
        random_movement(g)
    g.crew = roster()
    g.shuttles["shuttle3"] = Shuttle("shuttle3")
    for n, (dock, team) in enumerate(TEAMS.items(), 1):
        for cid in team:
            g.crew[cid].at = dock
        for kind in TEAM_KIT:
            g.items[f"{kind}{n}"].at = dock
    emit(g, "arrival", rule="Return to Prometheus")
    g.turn = 1
    g.phase = "interaction1"
