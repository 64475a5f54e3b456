"""The words a player reads that more than one part of the game shows: the kinds of counter,
a counter's state, what a Crew Movement action costs, and why an action a player may expect
for a crewman is not offered. Read from the crew view (view.View) and the legal actions, with
the costs taken from the rules' own code, so the page restates no rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

from .crew_movement import MP_PER_TURN
from .names import KIND_NAMES
from .station import SHAFTS, entry_cost, name
from .view import CounterView, CrewView, View, ViewIndex

KIND_SHORT: Final[dict[str, str]] = {"intruder": "INT", "lab_animal": "LAB", "dummy": "DUM"}
# Crew Movement: one large and one small object, or three small ones (charts.can_carry).
CARRYING_LIMIT: Final = "one large and one small object, or three small ones"
PICKUP_MP: Final = 1  # the first pick-up of a turn; the rest free until he moves (R27)


def kind_name(kind: object, default: str = "Counter") -> str:
    """A counter kind in words ("lab_animal" -> "Lab Animal")."""
    return KIND_NAMES.get(str(kind), default)


def counter_states(c: CounterView, stage: int | None,
                   crew_name: Callable[[str], str]) -> list[str]:
    """What a face-up counter's state is, in words: its Life Stage (an Intruder), asleep,
    caged, controlled or held by a crewman (named by `crew_name`)."""
    states = []
    if c.get("kind") == "intruder" and stage:
        states.append(f"Life Stage {stage}")
    if c.get("asleep"):
        states.append("asleep")
    if c.get("caged"):
        states.append("caged")
    driver, holder = c.get("controlled_by"), c.get("held_by")
    if driver:
        states.append(f"controlled by {crew_name(driver)}")
    if holder:
        states.append(f"held by {crew_name(holder)}")
    return states


def entry_words(place: str) -> str:
    """A shaft's note on the plan ("entry 2 MP"); "" for a compartment entered for one."""
    return f"entry {entry_cost(place)} MP" if place in SHAFTS else ""


def _paid(view: View, who: object) -> bool:
    """Whether he paid his pick-up point this turn (ruling R27)."""
    bk = view.get("bookkeeping")
    return bk is not None and who in (bk.get("paid_pickup") or [])


def _step(view: View) -> object:
    return (view.get("decision") or {}).get("step")


def action_cost(view: View, data: Mapping[str, object]) -> str:
    """What a Crew Movement action costs, for its button (" (1 MP)", " (free)", ...): the
    first pick-up a point and the rest free until he moves (ruling R27); unlocking and
    dropping free (ruling R12, Drop an Object); constructing all his points."""
    if _step(view) != "move":
        return ""
    kind = data.get("type")
    if kind == "pick_up":
        return " (free: already paid)" if _paid(view, data.get("crew")) \
            else f" ({PICKUP_MP} MP)"  # and cost_hints says why
    if kind in ("unlock", "drop"):
        return " (free)"
    if kind == "construct":
        return f" (all {MP_PER_TURN} MP)"
    return ""


Row = tuple[int, Mapping[str, object], str, str]  # (index, action dict, label, rule)


def cost_hints(view: View, who: str, rows: Iterable[Row]) -> list[str]:
    """What a cost on his buttons means, said once rather than on every button: the first
    pick-up a point, then the rest free until he moves (ruling R27)."""
    picks = [r for r in rows if r[1].get("type") == "pick_up" and r[1].get("crew") == who]
    if picks and not _paid(view, who) and _step(view) == "move":
        return [f"Pick-ups: {PICKUP_MP} MP for the first, more pick-ups free until he moves "
                "(ruling R27)."]
    return []


def missing_hints(view: View, who: str, rows: Iterable[Row]) -> list[str]:
    """Why an action a player may expect for crewman `who` is not offered: no pick-up with
    objects lying by him (no points left, hands full, or holding or controlling), no move
    with no points left; and actions of another phase (Sequence of Play): no attack while
    the crew moves, no move or pick-up in an Interaction. From the view and the legal
    actions."""
    step = _step(view)
    index = ViewIndex(view)
    member = index.crew.get(who)
    if not member or member.get("status") != "active":
        return []
    mine = {str(r[1].get("type")) for r in rows if r[1].get("crew") == who}
    if step in ("crew_actions", "free_actions", "defense"):
        return phase_hints(view, member, mine, str(step))
    if step != "move":
        return []
    out = []
    mp = int(member.get("mp", 0) or 0)
    at = member.get("at")
    if index.lying(at) and "pick_up" not in mine:
        if mp < PICKUP_MP and not _paid(view, who):
            out.append("No pick-up: picking up takes a movement point, and he has none left.")
        elif member.get("holding") or member.get("controlling"):
            out.append("No pick-up: he is holding a Lab Animal or controlling an Intruder.")
        else:
            out.append(f"No pick-up: he carries all he can ({CARRYING_LIMIT}).")
    if "move" not in mine and mp == 0:
        out.append("No moves: he has no movement points left this turn.")
    here = [c for c in view.get("counters", []) or [] if c.get("at") == at]
    if member.get("carrying") or here:
        out.append("No attacks now: crewmen attack, catch, cage and freeze in the "
                   "Interaction Phases, after the crew has moved (Sequence of Play).")
    return out


def phase_hints(view: View, member: CrewView, mine: set[str], step: str) -> list[str]:
    """Why a crewman cannot move or pick up in an Interaction (Sequence of Play), and why a
    crewman away from it has nothing to do there."""
    out = []
    at = (view.get("decision") or {}).get("at")
    if step == "crew_actions" and at and member.get("at") != at and not mine:
        out.append(f"No actions for him in this Interaction: only crewmen in {_place(at)} "
                   "act now; the others act once the Interactions are over.")
    elif step == "defense" and not mine:
        out.append("No actions for him now: only the crewman attacked chooses a Self "
                   "Defense attack.")
    out.append("No moves or pick-ups now: crewmen move and pick up objects in the Crew "
               "Movement Phase (Sequence of Play).")
    return out


def _place(cid: str) -> str:
    """A compartment's printed name (its id if it has none)."""
    try:
        return str(name(cid))
    except (KeyError, ValueError):
        return str(cid)
