"""What a click (or Enter) on the station plan means, decided from plain data (no DOM).

app.py finds what was clicked (a crewman's token, a stack of pieces, a compartment) and asks
`board_intent`; the answer is an action to apply, a crewman to select, a room to inspect, or
a message. Tested on CPython in tests/test_web_glue_modules.py.

The rules of thumb: a tap on a piece the player may select (a crewman; the Intruder
player's counters) selects it, wherever it stands, and never moves the selected one; a tap
on a lit compartment's floor (its background, its grown inset, or a piece that is not his to
select) moves the selected piece there; a tap on a compartment while nobody is selected, or
on a folded chip of objects, opens the room inspector.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple


class Intent(NamedTuple):
    """At most one of: an action to apply, a crewman to select (or deselect), a place to
    inspect; `message` is shown when nothing else is done."""

    action: dict[str, Any] | None = None
    select: str | None = None
    inspect: str | None = None
    message: str = ""


def _move(selected: str, to: str, tokens: Collection[str] = ()) -> Intent:
    """Move the selected piece: a crewman (`move`) or one of the Intruder player's counters
    (`move_counter`)."""
    if selected in tokens:
        return Intent(action={"type": "move_counter", "token": selected, "to": to})
    return Intent(action={"type": "move", "crew": selected, "to": to})


def board_intent(decision: Mapping[str, Any], selected: str | None, costs: Mapping[str, int],
                 *, compartment: str | None = None, crew: str | None = None,
                 at: str | None = None, stack: str | None = None, token: str | None = None,
                 items: str | None = None, members: str | None = None,
                 legal: Sequence[Mapping[str, Any]] = (), tokens: Collection[str] = ()) -> Intent:
    """The meaning of a click on the plan: on `crew` (a token, standing `at`), on a counter
    `token` (standing `at`), on `items` (an object chip: the objects' ids, space-separated), on
    `stack` (a stack of pieces in that place, holding `members`) or on `compartment`. `costs`
    are the compartments lit for the selected piece (session.reachable or counter_reach);
    `tokens` the counters the shown side may select; `legal` its legal actions (as dicts)."""
    if crew is not None:
        attack = [a for a in legal if a.get("type") == "intruder_attack"
                  and a.get("crew") == crew]
        if attack:  # the Intruder attacks the crewman clicked (Intelligent Intruder B)
            return Intent(action=dict(attack[0]))
        if selected in tokens and at in costs:  # the Intruder player's counter in hand
            return _move(str(selected), str(at), tokens)  # (a crewman is not his to select)
        return Intent(select=crew)  # a tap on a crewman selects him, never moves another
    if token is not None:
        if token in tokens:  # one of the shown side's own counters: select it
            return Intent(select=token)
        if selected and at in costs:  # a piece not his to select: a tap on its floor
            return _move(selected, str(at), tokens)
        return Intent(inspect=at) if at else Intent()
    if items is not None:
        return object_intent(items.split(), selected, legal, at)
    if stack is not None:
        if selected and stack in costs:
            return _move(selected, stack, tokens)
        mine = [m for m in (members or "").split() if m in tokens]
        if mine:  # the Intruder player's counters in a stack: each click selects the next
            after = mine.index(selected) + 1 if selected in mine else 0
            return Intent(select=mine[after % len(mine)])
        return Intent(inspect=stack)
    if compartment is None:
        return Intent()
    return compartment_intent(decision, selected, compartment, costs, tokens)


# The Laboratory's permanent cages: an object the Intruder player may open (Intelligent
# Intruder C) that has no id of its own; its button on the plan carries this key.
LAB_CAGES = "lab-cages"
# The Intruder player's actions on an object, and the word the plan's button says for each.
OBJECT_VERBS = {"destroy": "destroy", "open_cage": "open", "open_lab_cages": "open"}


def object_key(action: Mapping[str, Any]) -> str | None:
    """The object one of the Intruder player's actions acts on: an object's id, or LAB_CAGES
    (None for any other action)."""
    kind = action.get("type")
    if kind not in OBJECT_VERBS:
        return None
    return LAB_CAGES if kind == "open_lab_cages" else str(action.get("item"))


def actable_objects(legal: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """The objects the shown side may act on now (from its legal actions, no rule restated),
    each with what it may do in words ("destroy or open"): they are buttons on the plan."""
    verbs: dict[str, list[str]] = {}
    for a in legal:
        key = object_key(a)
        if key is not None:
            words = verbs.setdefault(key, [])
            verb = OBJECT_VERBS[str(a.get("type"))]
            if verb not in words:
                words.append(verb)
    return {key: " or ".join(words) for key, words in verbs.items()}


def object_intent(ids: Sequence[str], selected: str | None, legal: Sequence[Mapping[str, Any]],
                  at: str | None = None) -> Intent:
    """A click on an object: the one legal action on it (the Intruder destroys it or opens a
    cage); with a choice, the counter that can act is selected so its actions come first.
    The counter in hand's actions on it are meant first, else any counter's."""
    acts = [a for a in legal if object_key(a) in ids]
    acts = [a for a in acts if a.get("token") == selected] or acts
    if len(acts) == 1:
        return Intent(action=dict(acts[0]))
    actors = sorted({str(a.get("token")) for a in acts if a.get("token")})
    if acts and len(actors) == 1 and actors[0] != selected:
        return Intent(select=actors[0], message="Choose what to do with it in the list of "
                      "actions.")
    if acts:
        return Intent(message="Choose what to do with it in the list of actions.")
    return Intent(inspect=at) if at else Intent()


def compartment_intent(decision: Mapping[str, Any], selected: str | None, cid: str,
                       costs: Mapping[str, int] | None = None,
                       tokens: Collection[str] = ()) -> Intent:
    """A click on compartment `cid`: resolve its Interaction in a choice of Interactions,
    else move the selected piece there (the engine refuses what is not legal, with its
    reason), else open the room inspector."""
    step = decision.get("step")
    if step == "choose" and cid in (decision.get("compartments") or []):
        return Intent(action={"type": "interact", "at": cid})
    if selected:
        return _move(selected, cid, tokens)
    return Intent(inspect=cid)
