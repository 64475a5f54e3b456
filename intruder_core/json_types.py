"""The JSON shapes the engine saves and shows, declared once: a game's record and origin, its
rule options, a score ledger entry and the result (the view's own shapes are in view.py)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

# A game's rule knobs (docs/variants.md), e.g. {"difficulty": "hard"}: read with variants.setting.
Options = dict[str, object]


class Record(TypedDict):
    """How a game began plus every action since (Game.record): `replay` rebuilds the game."""

    origin: dict[str, object]  # {"seed", "dice", "scenario", "options"} or {"position"}
    actions: list[dict[str, object]]  # each action's plain data (Action.to_dict)


class NewGameOrigin(TypedDict):
    """The origin of a game begun by new_game (the other kind is {"position": ...})."""

    seed: int
    dice: list[int]
    scenario: str
    options: Options


class LedgerEntry(TypedDict):
    """One line of the score ledger (How to Win): what scored and how many points."""

    kind: str
    what: str
    points: int


class Result(TypedDict):
    """How an ended game came out (How to Win; scoring.result_of)."""

    outcome: str
    score: int
    reason: str
    breakdown: list[dict[str, object]]
    escaped_crew: int
    winner: NotRequired[str | None]  # the two-player scenarios
    scores: NotRequired[dict[str, int]]  # the Science Officer: each player's points
