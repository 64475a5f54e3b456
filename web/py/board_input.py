"""What a click (or Enter) on the station plan means, decided from plain data (no DOM).

app.py finds what was clicked and asks `compartment_intent`; the answer is an action to apply
or a message to show. Tested on CPython in tests/test_web_board_input.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Intent(NamedTuple):
    """An action to apply (`action`), or else a message to show (`message`, may be "")."""

    action: dict[str, Any] | None
    message: str = ""


def compartment_intent(decision: Mapping[str, Any], selected: str | None, cid: str) -> Intent:
    """A click on compartment `cid`: resolve its Interaction in a choice of Interactions,
    else move the selected crewman there (the engine refuses what is not legal), else say
    how to move."""
    step = decision.get("step")
    if step == "choose" and cid in (decision.get("compartments") or []):
        return Intent({"type": "interact", "at": cid})
    if selected:
        return Intent({"type": "move", "crew": selected, "to": cid})
    if step == "move":
        return Intent(None, "Select a crewman first: click his token on the map or his name "
                            "below.")
    return Intent(None)
