"""A game's settings, apart from its state: the scenario, the optional rules and the Life
Stage Chart in use (OpenSpiel's Game of parameters beside its State).

They are fixed when the game begins and never saved: `GameConfig.of` derives them from the
game's `origin` (a new game's scenario and options, or a position's), so a save's layout stays
the GameState's fields alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .charts import Stage
from .scenarios import PLAYERS
from .variants import chart


@dataclass(frozen=True, eq=False)
class GameConfig:
    """The settings a game is played with (docs/api.md, "Scenarios and players"): frozen, and
    its mappings typed read-only (plain dicts, so a game still pickles)."""

    scenario: str
    options: Mapping[str, object]  # the rule knobs as given (read-only), e.g. {"marines": True}
    chart: Mapping[int, Stage]  # the Life Stage Chart in use (variants.chart: the difficulty's)

    @classmethod
    def of(cls, origin: Mapping[str, object]) -> GameConfig:
        """The settings of a game that began at `origin` ({"seed", "dice", "scenario",
        "options"} or {"position": ...}; a rebuilt game's {"options"}): a position holds its
        own scenario and options. ValueError for an unknown difficulty level."""
        start = origin.get("position", origin)
        named = start if isinstance(start, Mapping) else {}
        given = origin.get("options") or named.get("options") or {}
        if not isinstance(given, Mapping):
            raise ValueError("a game's options are an object")
        options = dict(given)
        return cls(str(named.get("scenario", "solitaire")), options, chart(options))

    @property
    def players(self) -> tuple[str, ...]:
        """The sides of this scenario: ("crew",) in the solitaire game."""
        return PLAYERS[self.scenario]

    @property
    def difficulty(self) -> str:
        """The difficulty level (variants.DIFFICULTIES; "standard" is the rulebook)."""
        return str(self.options.get("difficulty", "standard"))

    @property
    def lost_crewmen(self) -> bool:
        """The optional Lost Crewmen rule is in play."""
        return bool(self.options.get("lost_crewmen"))

    @property
    def marines(self) -> bool:
        """Return to Prometheus's optional Marines rule is in play."""
        return bool(self.options.get("marines"))
