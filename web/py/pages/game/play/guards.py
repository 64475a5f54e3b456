"""The dialogs' pure part: the guards' "are you sure?" (guard_question, guard_yes), the watch
and other-counters HTML, the difficulty levels; tested on CPython. Dialogs (dialogs.py) shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core import panels
from intruder_core import station
from intruder_core.charts import WEAPONS
from intruder_core.crew_movement import MP_PER_TURN
from intruder_core.describe import kind_name


def _names(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# Actions whose only effect is to give something up (dropping an object, letting go of the
# Intruder or a Lab Animal): leaving them unused loses nothing, so they never make a guard ask.
GIVING_UP = frozenset({"drop", "let_go", "release"})
ENDS = ("end_movement", "end_actions")
# Ruling R66: the ends of the crew's phases ask only where a player likely errs. The actions
# on a revealed Intruder that the end of the actions would throw away:
HUNTS = frozenset({"attack", "prod", "cage", "force_into_freezer"})
ARMS = frozenset({*WEAPONS, "prod", "cage"})  # what a crewman hunts the Intruder with


def guard_question(action: Mapping[str, Any], view: Mapping[str, Any],
                   rows: Sequence[panels.ActionRow]) -> str:
    """The question to ask before one click that throws away what the player likely meant
    to use and cannot be taken back ("" if none), saying what would be lost (ruling R66):
    ending the Crew Movement Phase while a crewman who has not moved could reach a revealed
    Intruder, ending the actions while one could still attack, prod, cage or freeze it,
    starting the Self-Destruct System, leaving in a shuttle, and the Intruder player's end of
    his movement while his counters could still move or act. The Intruder player's attacks
    are not asked: their buttons say the dice follow."""
    kind = action.get("type")
    if kind == "end_intruder_movement":
        return _intruder_guard(view, rows)
    if kind == "start_self_destruct":
        return _self_destruct_guard(view, action, rows)
    if kind == "leave":
        return _leave_guard(view, action, rows)
    if kind == "end_movement":
        return _movement_guard(view, rows)
    if kind == "end_actions":
        return _actions_guard(view, rows)
    return ""


def _intruders(view: Mapping[str, Any]) -> dict[str, str]:
    """The revealed Intruders free to hunt (not caged), token -> where."""
    return {str(c.get("token")): str(c.get("at")) for c in view.get("counters", [])
            if c.get("face_up") and c.get("kind") == "intruder" and not c.get("caged")}


def reach(start: str, mp: int) -> set[str]:
    """The compartments a crewman at `start` could enter with `mp` movement points (by the
    entry costs of the plan, doors aside): where ending his movement may strand him."""
    best = {start: 0}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in station.ADJACENT.get(here, ()):
            cost = best[here] + station.entry_cost(there)
            if cost <= mp and cost < best.get(there, mp + 1):
                best[there] = cost
                todo.append(there)
    return set(best) - {start}


def _movement_guard(view: Mapping[str, Any], rows: Sequence[panels.ActionRow]) -> str:
    """R66: End crew movement asks only when an armed crewman who has not moved at all (all
    his movement points left) could still reach a revealed Intruder that no armed crewman
    faces yet: the hunt he was most likely meant for. Movement points or free actions left
    elsewhere are not asked."""
    hunted = _intruders(view)
    if not hunted:
        return ""
    movers = {str(d.get("crew")) for _, d, _, _ in rows if d.get("type") == "move"}
    items = panels.items_by_id(view)

    def armed(c: Mapping[str, Any]) -> bool:
        return any(items.get(i, {}).get("kind") in ARMS for i in c.get("carrying") or [])

    crew = index_active(view)
    held = {str(c.get("at")) for c in crew if armed(c)}  # an Intruder met there already
    left = []
    for c in crew:
        mp = int(c.get("mp", 0) or 0)
        if c.get("id") not in movers or mp < MP_PER_TURN or not armed(c):
            continue
        near = reach(str(c.get("at")), mp)
        where = sorted({at for at in hunted.values() if at in near and at not in held})
        if where:
            left.append(f"{c.get('name')} has not moved and, armed, could still reach the "
                        f"Intruder in {_names([panels.place(w) for w in where])}")
    if not left:
        return ""
    return (f"End crew movement? {'; '.join(left)}. "
            f"{'His points are' if len(left) == 1 else 'Their points are'} lost when the "
            "phase ends.")


def _actions_guard(view: Mapping[str, Any], rows: Sequence[panels.ActionRow]) -> str:
    """R66: ending the actions asks only while a crewman could still attack, prod, cage or
    force into the Freezer a revealed Intruder; the other actions left (a free unlock,
    the Freezer, the Self-Destruct System, the airlock) are seldom meant and never asked."""
    hunted = _intruders(view)
    crew = panels.crew_by_id(view)
    can: dict[str, list[str]] = {}
    for _, data, label, _ in rows:
        who = data.get("crew")
        if isinstance(who, str) and data.get("type") in HUNTS and \
                str(data.get("target")) in hunted:
            name = str(crew.get(who, {}).get("name", who))
            can.setdefault(name, []).append(label.removeprefix(f"{name}: "))
    if not can:
        return ""
    left = [f"{n} ({ls[0]}{f', or {len(ls) - 1} more' if len(ls) > 1 else ''})"
            for n, ls in can.items()]
    lost = "his action is" if len(left) == 1 else "their actions are"
    return (f"End the actions? {panels.plural(len(left), 'crewman', 'crewmen')} could still "
            f"act against the Intruder, and {lost} lost once the actions end: "
            f"{_names(left)}.")


def _label_of(action: Mapping[str, Any], rows: Sequence[panels.ActionRow]) -> str:
    """The label of `action` among the legal rows ("" if it is not one of them)."""
    return next((r[2] for r in rows if r[1] == dict(action)), "")


def _self_destruct_guard(view: Mapping[str, Any], action: Mapping[str, Any],
                         rows: Sequence[panels.ActionRow]) -> str:
    """Before the Self-Destruct System is started: the station is lost when it runs out."""
    if not _label_of(action, rows):
        return ""
    who = panels.crew_name(view, action.get("crew"))
    return (f"Start the Self-Destruct System? {who} starts the eight-turn countdown: it can "
            "be stopped only until the marker reaches the 4 box, and never started again once "
            "stopped; at 0 the station and everyone still aboard are destroyed.")


def _leave_guard(view: Mapping[str, Any], action: Mapping[str, Any],
                 rows: Sequence[panels.ActionRow]) -> str:
    """Before a shuttle leaves: who goes, who stays, and that the die for a stowaway is
    rolled as it leaves."""
    if not _label_of(action, rows):
        return ""
    going = [panels.crew_name(view, c) for c in action.get("crew") or []]
    staying = [str(c.get("name")) for c in index_active(view)
               if c.get("id") not in (action.get("crew") or [])]
    stay = f" {_names(staying)} stay{'s' if len(staying) == 1 else ''} behind." if staying \
        else ""
    verb = "leaves" if len(going) == 1 else "leave"
    return (f"Leave in {panels.place(str(action.get('shuttle')))}? {_names(going)} {verb} the "
            f"station for good, and the die for an Intruder stowaway is rolled as it "
            f"leaves.{stay}")


def index_active(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The active crewmen on the station, in the roster's order."""
    return list(panels.index(view).active)


# The computer's pace, as the page offers it: ms between its moves, and the word for it.
PACES: tuple[tuple[int, str], ...] = ((1500, "Slow"), (600, "Normal"), (200, "Fast"),
                                      (0, "Instant"))


def watch_html(side: str, pace_ms: int) -> str:
    """While the computer plays: what it is doing, its pace (a setting) and Skip."""
    options = "".join(f'<option value="{ms}"{" selected" if ms == pace_ms else ""}>{word}'
                      f"{f' ({ms / 1000:g} s a move)' if ms else ''}</option>"
                      for ms, word in PACES)
    if all(ms != pace_ms for ms, _ in PACES):
        options += f'<option value="{pace_ms}" selected>{pace_ms} ms a move</option>'
    return (f'<div class="watching"><p>The computer is playing the {panels.e(side)}: each '
            "move is outlined on the plan as it is made.</p>"
            '<label for="pace">Computer\'s pace</label> '
            f'<select id="pace" data-setting="pace_ms">{options}</select> '
            '<button type="button" id="skip" data-command="skip">Skip to your turn</button>'
            "</div>")




def guard_yes(action: Mapping[str, Any]) -> str:
    """The guard's button that goes ahead, in the words of the action held back."""
    return {"start_self_destruct": "Start it", "leave": "Leave"}.get(
        str(action.get("type")), "End anyway")


def _intruder_guard(view: Mapping[str, Any], rows: Sequence[panels.ActionRow]) -> str:
    """Before the Intruder player ends his movement: the counters that still have a legal
    action this phase (a move, or an object to destroy or open), by name; "" if none."""
    kinds = {str(c.get("token")): str(c.get("kind")) for c in view.get("counters", [])}
    left: list[str] = []
    for _, data, _, _ in rows:
        t = data.get("token")
        name = f"{kind_name(kinds.get(str(t), ''))} {t}"
        if isinstance(t, str) and name not in left:
            left.append(name)
    if not left:
        return ""
    return (f"End the Intruder's movement? {panels.plural(len(left), 'counter')} could still "
            f"move or act: {_names(left[:6] + (['others'] if len(left) > 6 else []))}.")


def other_counters_html(view: Mapping[str, Any], rows: Sequence[Any],
                        selected: str | None) -> str:
    """The Intruder player's other counters, one line each with its number of actions (a
    button that selects it), folded under a disclosure like the other crewmen."""
    counts: dict[str, int] = {}
    for r in rows:
        t = r[1].get("token")
        if isinstance(t, str) and t != selected:
            counts[t] = counts.get(t, 0) + 1
    if not counts:
        return ""
    where = {str(c.get("token")): c for c in view.get("counters", [])}
    lines = []
    for t, n in counts.items():
        c = where.get(t, {})
        name = f"{kind_name(c.get('kind'))} {t}"
        lines.append(f'<li><button type="button" class="crew-pick" data-select="{panels.e(t)}" '
                     f'aria-pressed="false">{panels.e(name)}<span class="crew-line"> in '
                     f'{panels.e(panels.place(c.get("at")))}: {n} action'
                     f'{"s" if n != 1 else ""}</span></button></li>')
    return (f'<details class="crew-others"><summary class="others-title">{len(counts)} other '
            f'counter{"s" if len(counts) != 1 else ""}<span class="vh">: select one to see its '
            f'actions</span></summary><ul class="acts">{"".join(lines)}</ul></details>')


def difficulties() -> list[tuple[str, str]]:
    """The difficulty levels of this engine (standard first), each with its description."""
    try:
        from intruder_core.variants import DIFFICULTIES
    except ImportError:
        return [("standard", "")]
    levels = {"standard": {}, **DIFFICULTIES}
    return [(d, str((levels[d] or {}).get("about", "the rulebook's game")))
            for d in sorted(levels, key=lambda d: (d != "standard", d))]
