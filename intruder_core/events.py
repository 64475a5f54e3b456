"""The event sink: what happened during the action being applied (`Game.events`), each event
with its text, rule and data, and the dice rolled for it (each event type and roll key is
declared in event_types.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Event
from .event_types import ROLLS, TYPES, purpose

if TYPE_CHECKING:
    from .game import Game

_new_event = tuple.__new__


def emit(g: Game, type: str, text: str = "", rule: str = "",
         data: dict[str, object] | None = None) -> None:
    """Note something that happened, with its data (a dict of its own: the Event keeps it);
    no `text`: the words its type always has (event_types.EventType.words).
    The Event (a named tuple) is built by tuple's own constructor, and the data come as a
    dict, not keywords: every event passes here, and matching keywords costs more."""
    g.events.append(_new_event(Event, (type, text or TYPES[type].words, rule,
                                       {} if data is None else data)))


def roll(g: Game, key: str, rule: str, **fields: str | int) -> int:
    """Roll one die and record it as an event: what it decides (`key`, a declared roll with
    its `fields`: event_types.ROLLS), its purpose in that roll's words, and the rule."""
    die = g.dice.d6()
    crew = fields.get("crew")
    what = purpose(key, fields, g.crew[crew].name if isinstance(crew, str) else "") \
        if "{" in ROLLS[key].purpose else ROLLS[key].purpose
    # `emit`, written out for the commonest event (about one per action)
    g.events.append(_new_event(Event, ("roll", f"Rolled {die} for {what}", rule,
                                       {"die": die, "purpose": what, "roll": key, **fields})))
    return die
