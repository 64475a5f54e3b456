"""How the game names places and counters to the players, in event texts and labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .station import NAMES

if TYPE_CHECKING:
    from .state import Counter

_DESCRIBED = {"intruder": "The Intruder", "lab_animal": "A Lab Animal"}


def place(at: str | None) -> str:
    """A compartment's (or box's) name; "nowhere" for none."""
    return NAMES.get(at, at) if at else "nowhere"


def describe(c: Counter) -> str:
    """A counter as the crew knows it: by token while face down, else by kind."""
    if not c.face_up:
        return f"Counter {c.token}"
    return _DESCRIBED.get(c.kind, "A Dummy")
