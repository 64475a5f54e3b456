"""What a click (or Enter) on the station plan means, decided from plain data (no DOM).

app.py finds what was clicked (a crewman's token, a stack of pieces, a compartment) and asks
`board_intent`; the answer is an action to apply, a crewman to select, a room to inspect, or
a message. Tested on CPython in tests/test_web_glue_modules.py.

The rules of thumb: a tap anywhere in a lit compartment (its background, a token or a stack
in it) moves the selected crewman there; a tap on a crewman elsewhere selects him; a tap on
a stack, or on a compartment while nobody is selected, opens the room inspector.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Intent(NamedTuple):
    """At most one of: an action to apply, a crewman to select (or deselect), a place to
    inspect; `message` is shown when nothing else is done."""

    action: dict[str, Any] | None = None
    select: str | None = None
    inspect: str | None = None
    message: str = ""


def _move(selected: str, to: str) -> Intent:
    return Intent(action={"type": "move", "crew": selected, "to": to})


def board_intent(decision: Mapping[str, Any], selected: str | None, costs: Mapping[str, int],
                 *, compartment: str | None = None, crew: str | None = None,
                 at: str | None = None, stack: str | None = None) -> Intent:
    """The meaning of a click on the plan: on `crew` (a token, standing `at`), on `stack` (a
    stack of pieces in that place) or on `compartment`. `costs` are the compartments lit for
    the selected crewman (session.reachable)."""
    if crew is not None:
        if selected and crew != selected and at in costs:
            return _move(selected, str(at))
        return Intent(select=crew)
    if stack is not None:
        if selected and stack in costs:
            return _move(selected, stack)
        return Intent(inspect=stack)
    if compartment is None:
        return Intent()
    return compartment_intent(decision, selected, compartment, costs)


def compartment_intent(decision: Mapping[str, Any], selected: str | None, cid: str,
                       costs: Mapping[str, int] | None = None) -> Intent:
    """A click on compartment `cid`: resolve its Interaction in a choice of Interactions,
    else move the selected crewman there (the engine refuses what is not legal, with its
    reason), else open the room inspector."""
    step = decision.get("step")
    if step == "choose" and cid in (decision.get("compartments") or []):
        return Intent(action={"type": "interact", "at": cid})
    if selected:
        return _move(selected, cid)
    return Intent(inspect=cid)
