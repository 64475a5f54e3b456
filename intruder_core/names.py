"""How the game names places and counters to the players, in event texts and labels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .station import NAMES

if TYPE_CHECKING:
    from .state import Counter

# The kinds of counter in words: the one home that labels, events, describe and the page use.
KIND_NAMES: Final[dict[str, str]] = {"intruder": "Intruder", "lab_animal": "Lab Animal",
                                     "dummy": "Dummy"}


def place(at: str | None) -> str:
    """A compartment's (or box's) name; "nowhere" for none."""
    return NAMES.get(at, at) if at else "nowhere"


def describe(c: Counter) -> str:
    """A counter as the crew knows it: by token while face down, else by kind."""
    if not c.face_up:
        return f"Counter {c.token}"
    if c.kind == "intruder":
        return "The Intruder"
    return f"A {KIND_NAMES.get(c.kind, 'Dummy')}"
