"""The dialogs' pure part: the guards' "are you sure?" (guard_question, guard_yes), the watch
and other-counters HTML, the difficulty levels; tested on CPython. Dialogs (dialogs.py) shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core import panels
from intruder_core.describe import kind_name


def _names(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# Actions whose only effect is to give something up (dropping an object, letting go of the
# Intruder or a Lab Animal): leaving them unused loses nothing, so they never make a guard ask.
GIVING_UP = frozenset({"drop", "let_go", "release"})
ENDS = ("end_movement", "end_actions")


def guard_question(action: Mapping[str, Any], view: Mapping[str, Any],
                   rows: Sequence[panels.ActionRow]) -> str:
    """The question to ask before one click that throws away what the player had and cannot
    be taken back ("" if none), saying what would be lost: ending the Crew Movement Phase or
    the actions while crewmen could still do more than drop or let go (their movement
    points, their action), starting the Self-Destruct System, leaving in a shuttle, and the
    Intruder player's end of his movement while his counters could still move or act. The
    Intruder player's attacks are not asked: their buttons say the dice follow."""
    kind = action.get("type")
    if kind == "end_intruder_movement":
        return _intruder_guard(view, rows)
    if kind == "start_self_destruct":
        return _self_destruct_guard(view, action, rows)
    if kind == "leave":
        return _leave_guard(view, action, rows)
    if kind not in ENDS:
        return ""
    crew = panels.crew_by_id(view)
    can_act: dict[str, list[str]] = {}
    for _, data, _, _ in rows:
        who, what = data.get("crew"), str(data.get("type"))
        if isinstance(who, str) and what not in (*ENDS, *GIVING_UP):
            can_act.setdefault(who, []).append(what)
    if kind == "end_movement":
        left = [f"{crew[c].get('name', c)} ({_unused(crew[c], can_act[c])})"
                for c in crew if c in can_act]
        if not left:
            return ""
        return (f"End crew movement? {panels.plural(len(left), 'crewman', 'crewmen')} could "
                f"still act, and what {'he has' if len(left) == 1 else 'they have'} left is "
                f"lost when the phase ends: {_names(left)}.")
    left = [_could(str(crew.get(c, {}).get("name", c)), c, rows) for c in crew if c in can_act]
    if not left:
        return ""
    return (f"End the actions? {panels.plural(len(left), 'crewman', 'crewmen')} could still "
            f"act, and {'his action is' if len(left) == 1 else 'their actions are'} lost "
            f"once the actions end: {_names(left)}.")


def _could(name: str, who: str, rows: Sequence[panels.ActionRow]) -> str:
    """A crewman and the first thing he could still do ("Science Officer 1 (catch the Lab
    Animal (c3), or 2 more)"), from his action labels."""
    labels = [r[2].removeprefix(f"{name}: ") for r in rows if r[1].get("crew") == who
              and str(r[1].get("type")) not in (*ENDS, *GIVING_UP)]
    more = f", or {len(labels) - 1} more" if len(labels) > 1 else ""
    return f"{name} ({labels[0]}{more})"


def _unused(member: Mapping[str, Any], kinds: Sequence[str]) -> str:
    """What a crewman would leave unused: his movement points, else the free actions he
    could still take ("3 MP", "free: unlock")."""
    mp = int(member.get("mp", 0) or 0)
    if mp > 0:
        return f"{mp} MP"
    return "free: " + ", ".join(dict.fromkeys(k.replace("_", " ") for k in kinds))


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
