"""Where play is within the turn: the Interaction Phase under way, its Sub-routine, and
whether that is a shuttle fight (R24)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


def in_shuttle(g: Game) -> bool:
    """The Sub-routine under way is a shuttle fight's (R24)."""
    return g.sub is not None and g.sub.at in g.shuttles


def shaken(g: Game) -> bool:
    """The Sub-routine's crew is shaken (R5)."""
    return g.sub is not None and g.sub.shaken


def sub_at(g: Game) -> str:
    """The compartment of the Sub-routine under way."""
    assert g.sub is not None
    return g.sub.at


def interaction_number(g: Game) -> int:
    """The First or the Second Interaction Phase."""
    return 2 if g.phase == "interaction2" else 1


def sleep_until(g: Game) -> list[int]:
    """When a dart's sleep ends: the same Interaction Phase of the next turn (R9)."""
    if in_shuttle(g):
        assert g.sub is not None
        return [g.turn, (g.sub.round or 0) + 1]
    return [g.turn + 1, interaction_number(g)]
