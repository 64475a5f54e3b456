"""HTML for everything beside the station plan, built from plain data: the crew view, action
dicts and event dicts. No DOM here (action_panel.py puts the strings into the page), so every
panel is tested on CPython (tests/test_web_panels.py).

Nothing here decides what is legal: the action list is `game.legal_actions()` as given; this
module only groups, labels and escapes it. Every fact shown by colour is also shown as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from intruder_core.view import View as TypedView

from core import logbook
from intruder_core import describe, event_types, story
from intruder_core.actions import Action
from intruder_core.charts import LIFE_STAGES
from intruder_core.event_types import EventData
from intruder_core.phase_names import PHASE_NAMES
from intruder_core.station import name as _place_name
from intruder_core.variants import chart as _variant_chart
from intruder_core.view import ViewIndex

View = Mapping[str, Any]
# (index in legal_actions(), action dict, label, rule)
ActionRow = tuple[int, Mapping[str, Any], str, str]
WhyIllegal = describe.WhyIllegal  # the game's refusals (Game.why_illegal), for the hints

OUTCOMES = story.OUTCOME_WORDS  # the game-over titles: one home, the story's
OUTCOME_PAST = {"win": "won", "loss": "lost", "draw": "drawn"}  # "Today's game: won, 34"
DIE_FACES = logbook.DIE_FACES  # one home: the log's
STAGE_COLUMNS = (
    ("powers", "Powers"), ("metamorphosis", "Meta­morphosis on"), ("attack", "Attacks on"),
    ("clones", "Intruders if Clone"), ("control", "Prod control on"),
    ("humans_may_kill", "Crew may kill"), ("kill", "Kills on"),
)


def e(value: object) -> str:
    """HTML-escaped text (quotes too, so it is safe in attributes)."""
    return escape(str(value), quote=True)


def place(cid: str | None) -> str:
    """A compartment's printed name ("lab" -> "Laboratory")."""
    if not cid:
        return "–"
    try:
        return str(_place_name(cid))
    except (KeyError, ValueError):
        return str(cid)


def phase_name(phase: object) -> str:
    """A phase id in words ("crew_movement" -> "Crew Movement Phase")."""
    return PHASE_NAMES.get(str(phase), str(phase if phase is not None else "–"))


def typed(view: View) -> TypedView:
    """The view the page holds (Game.view's data, read as a mapping) as the engine types it
    (intruder_core.view.View)."""
    return cast("TypedView", view)


_INDEXED: list[tuple[View, ViewIndex]] = []  # the last view indexed, and its index


def index(view: View) -> ViewIndex:
    """The view's index (intruder_core.view.ViewIndex), made once for the view on show."""
    if _INDEXED and _INDEXED[0][0] is view:
        return _INDEXED[0][1]
    made = ViewIndex(typed(view))
    _INDEXED[:] = [(view, made)]
    return made


def crew_by_id(view: View) -> Mapping[str, Mapping[str, Any]]:
    """The view's crewmen by id."""
    return index(view).crew


def items_by_id(view: View) -> Mapping[str, Mapping[str, Any]]:
    """The view's objects by id."""
    found = index(view)
    return found.items if found is not None else {}


def crew_name(view: View, crew_id: str | None) -> str:
    """A crewman's name ("co1" -> "Command Officer 1")."""
    member = crew_by_id(view).get(str(crew_id))
    return str(member.get("name")) if member else str(crew_id)


def rule_link(rule: str, what: str = "") -> str:
    """The "(rule)" link that opens the rules reference at `rule` (page_input.py handles clicks).
    Its accessible name says which rule and, with `what`, which action or log entry it is
    for, by number, so no two links share a name ("Rule: Crew Movement, action 3"); never
    the action's own label, whose name must stay its button's alone."""
    if not rule:
        return ""
    name = f"Rule: {rule}" + (f", {what}" if what else "")
    return (f'<button type="button" class="rule-link" data-rule="{e(rule)}" title="{e(rule)}" '
            f'aria-label="{e(name)}">(rule)</button>')


def span_list(values: Sequence[int]) -> str:
    """Die numbers as the chart prints them: [1, 2, 3] -> "1-3", [] -> "never"."""
    nums = sorted(values)
    if not nums:
        return "never"
    if nums == list(range(nums[0], nums[-1] + 1)) and len(nums) > 1:
        return f"{nums[0]}-{nums[-1]}"
    return ", ".join(str(n) for n in nums)


# --- the prompt ------------------------------------------------------------------------------


def prompt(view: View, selected: str | None = None) -> str:
    """The pending decision in words, e.g. "The Intruder (c3) attacks Science Officer 1:
    choose a Self Defense attack"."""
    decision = view.get("decision") or {}
    step = decision.get("step")
    if view.get("over") or step == "over":
        return "Game over"
    if step == "choose":
        names = ", ".join(place(c) for c in decision.get("compartments", []))
        return f"Choose which Interaction to resolve next: {names}"
    if step == "defense":
        target = crew_name(view, decision.get("target"))
        token = decision.get("intruder")
        who = f"The Intruder ({token})" if token else "The Intruder"
        return f"{who} attacks {target}: choose a Self Defense attack"
    if step == "crew_actions":
        return (f"Interaction in {place(decision.get('at'))}: each crewman there may take one "
                "action, then end the actions")
    if step == "free_actions":
        return "Crewmen away from the Interactions may take one action each, or end the actions"
    if step == "move":
        member = crew_by_id(view).get(str(selected)) if selected else None
        if member:
            mp = int(member.get("mp", 0) or 0)
            return (f"Crew Movement: {member.get('name')} has "
                    f"{plural(mp, 'movement point')} left: tap a lit compartment or an "
                    "action")
        return "Crew Movement: select a crewman (on the map or below), then where he goes"
    return phase_name(view.get("phase"))


# --- actions ---------------------------------------------------------------------------------


# What follows a click at once, said on the button instead of asked by a guard: the Intruder
# player's attack rolls its dice as soon as it is chosen.
ACTION_NOTES: dict[str, str] = {"intruder_attack": " (dice follow)"}


def action_rows(actions: Iterable[Action]) -> list[ActionRow]:
    """The rows the actions panel lists, from the game's legal actions in their order."""
    return [(i, a.to_dict(), str(a.label or a.to_dict()), str(a.rule or ""))
            for i, a in enumerate(actions)]


def action_button(row: ActionRow, prefix: str = "", extra: str = "") -> str:
    """One legal action: its button (data-index, data-action) and its rule link; the
    button's words end with what follows at once (ACTION_NOTES)."""
    index, data, label, rule = row
    extra += ACTION_NOTES.get(str(data.get("type")), "")
    shown = label[len(prefix):] if prefix and label.startswith(prefix) else label
    hidden = label[: len(label) - len(shown)]
    cls = "act" + (f" act-{e(data.get('type'))}" if data.get("type") else "")
    return (f'<li class="{cls}"><button type="button" class="act-btn" data-index="{index}" '
            f'data-action="{e(json.dumps(dict(data), sort_keys=True))}">'
            + (f'<span class="vh">{e(hidden)}</span>' if hidden else "")
            + f"{e(shown)}{e(extra)}</button>{rule_link(rule, f'action {index + 1}')}</li>")


def crew_where(member: Mapping[str, Any], step: str | None) -> str:
    """Where a crewman is, with his movement points while he moves."""
    where = place(member.get("at"))
    if step == "move" and member.get("status") == "active":
        where += f" · {member.get('mp', 0)} MP"
    return where


EXPAND_ALL = 8  # at most this many actions in all: every crewman's are shown


def action_cost(view: View, data: Mapping[str, Any]) -> str:
    """What an action costs, for its button, and that it is known to do nothing (a Dart at
    an Intruder Immune to Sleep Darts), from intruder_core.describe."""
    return describe.action_cost(typed(view), data) + describe.futile(typed(view), data)


def limits_html(view: View) -> str:
    """The counts that limit the phase (attacks left on each Intruder, ruling R8), each with
    its rule link; "" when none applies."""
    return "".join(f'<p class="hint limit">{e(h.text)} {rule_link(h.rule, h.text.split(":")[0])}'
                   "</p>" for h in describe.attacks_left(typed(view), index(view)))


def cost_hints(view: View, who: str, rows: Sequence[ActionRow]) -> list[str]:
    """What a cost on his buttons means, said once (intruder_core.describe)."""
    return describe.cost_hints(typed(view), who, rows)


def missing_hints_html(view: View, who: str, rows: Sequence[ActionRow],
                  why_illegal: describe.WhyIllegal | None) -> str:
    """Why an action a player may expect for crewman `who` is not offered, in the engine's
    words (intruder_core.describe, asking `why_illegal`), each with its rule link as an
    action row has, named for him ("Rule: Crew Movement, Engineer 1, No moves"): the room
    inspector shows several crewmen's; "" without `why_illegal`."""
    if why_illegal is None:
        return ""
    name = str(crew_by_id(view).get(who, {}).get("name", who))
    return "".join(f'<p class="hint">{e(h.text)} '
                   f'{rule_link(h.rule, name + ", " + h.text.split(":")[0])}</p>'
                   for h in describe.missing_hints(typed(view), who, rows, why_illegal,
                                                   index(view)))


def actions_html(view: View, rows: Sequence[ActionRow], selected: str | None,
                 costs: Mapping[str, int] | None = None,
                 why_illegal: describe.WhyIllegal | None = None) -> str:
    """The legal actions where the eye is: the selected crewman's first, in full (in the Crew
    Movement Phase his moves too, with `costs`, his movement-point cost of each, from
    session.reachable; the map lights them up); then the actions for no one in particular
    (ending the phase); then every other crewman on one line each (select him to see his
    actions), or in full when there are only a few actions in all."""
    costs = costs or {}
    if not rows:
        return '<p class="none">No legal actions.</p>'
    step = (view.get("decision") or {}).get("step")
    crew = crew_by_id(view)
    general: list[ActionRow] = []
    groups: dict[str, list[ActionRow]] = {}
    for row in rows:
        who = row[1].get("crew")
        if isinstance(who, str) and who:
            groups.setdefault(who, []).append(row)
        else:
            general.append(row)
    order = list(crew)
    whos = sorted(groups, key=lambda w: order.index(w) if w in order else len(order))
    if selected in groups:
        whos.remove(selected)
        whos.insert(0, selected)
    shown_rows = sum(len(g) for g in groups.values()) - (
        sum(1 for g in groups.values() for r in g if r[1].get("type") == "move"))
    expand_all = step != "move" and (shown_rows <= EXPAND_ALL or len(groups) <= 1)
    general_html = ('<ul class="acts general">' + "".join(action_button(r) for r in general)
                    + "</ul>") if general else ""
    parts = []
    collapsed = []
    for who in whos:
        member = crew.get(who, {"id": who, "name": who})
        name = str(member.get("name", who))
        is_sel = who == selected
        moves = [r for r in groups[who] if r[1].get("type") == "move"]
        others = [r for r in groups[who] if r[1].get("type") != "move"]
        gid = f"grp-{e(who)}"
        pick = (f'<button type="button" class="crew-pick" data-select="{e(who)}" '
                f'aria-pressed="{"true" if is_sel else "false"}">{e(name)}</button>')
        where = f'<span class="crew-where">{e(crew_where(member, step))}</span>'
        if not (is_sel or expand_all):
            count = plural(len(others) + len(moves), "action")
            mp = f"{member.get('mp', 0)} MP · " if step == "move" else ""
            collapsed.append(
                f'<li class="crew-group collapsed" data-crew-group="{e(who)}">'
                f'<button type="button" class="crew-pick" data-select="{e(who)}" '
                f'aria-pressed="false">{e(name)}<span class="vh"> in '
                f'{e(place(member.get("at")))}: </span><span class="crew-line">{e(mp)}'
                f'{e(count)}</span></button></li>')
            continue
        items = [action_button(r, f"{name}: ", f" ({costs[str(r[1].get('to'))]} MP)"
                               if is_sel and costs.get(str(r[1].get("to"))) else "")
                 for r in moves if is_sel or step != "move"]
        items += [action_button(r, f"{name}: ", action_cost(view, r[1])) for r in others]
        hints = "".join(f'<p class="hint">{e(h)}</p>' for h in cost_hints(view, who, others)) \
            + missing_hints_html(view, who, rows, why_illegal) if is_sel else ""
        parts.append(
            f'<div class="crew-group{" selected" if is_sel else ""}" data-crew-group="{e(who)}" '
            f'role="group" aria-labelledby="{gid}">'
            f'<h3 id="{gid}">{pick} {where}</h3>'
            + (f'<ul class="acts">{"".join(items)}</ul>' if items else "") + hints + "</div>")
    if step == "defense":  # "No Self Defense" after the defences
        parts.append(general_html)
    else:
        parts.insert(1 if selected in groups else 0, general_html)
    parts.append(limits_html(view))
    if collapsed and selected in groups:  # the rest grouped and closed: one tap opens them
        parts.append(f'<details class="crew-others"><summary class="others-title">'
                     f'{e(plural(len(collapsed), "other crewman", "other crewmen"))}'
                     f'<span class="vh">: select one to see his actions</span></summary>'
                     f'<ul class="crew-list">{"".join(collapsed)}</ul></details>')
    elif collapsed:
        parts.append(f'<div class="crew-others" role="group" aria-labelledby="others-title">'
                     f'<h3 id="others-title" class="others-title">Crewmen: select one to see '
                     f'his actions</h3><ul class="crew-list">{"".join(collapsed)}</ul></div>')
    idle = crew.get(str(selected)) if selected and selected not in groups else None
    if idle is not None and idle.get("status") == "active":  # selected, nothing to do: why
        hints = missing_hints_html(view, str(selected), rows, why_illegal)
        parts.append(f'<div class="crew-group selected idle" data-crew-group="{e(selected)}" '
                     f'role="group" aria-labelledby="grp-{e(selected)}">'
                     f'<h3 id="grp-{e(selected)}"><button type="button" class="crew-pick" '
                     f'data-select="{e(selected)}" aria-pressed="true">'
                     f'{e(idle.get("name", selected))}</button> <span class="crew-where">'
                     f'{e(crew_where(idle, step))}</span></h3>'
                     f'<p class="hint">No action now.</p>{hints}</div>')
    parts.append(no_action_html(view, groups, selected))
    return "".join(parts)


def no_action_html(view: View, groups: Mapping[str, object], selected: str | None) -> str:
    """The crewmen of an Interaction Phase's decision with no action, folded into one line
    after those who can act ("No action now: Engineer 1, Engineer 2"); in a Sub-routine only
    those in its compartment, and never the selected one (his own panel says why)."""
    decision = view.get("decision") or {}
    if decision.get("step") not in ("crew_actions", "free_actions", "defense"):
        return ""  # movement: who has points is on his line; the Intruder player's rows
        # name crewmen as targets
    at = decision.get("at") if decision.get("step") == "crew_actions" else None
    idle = [str(c.get("name", c["id"])) for c in index(view).active
            if c["id"] not in groups and c["id"] != selected and (at is None or c.get("at") == at)]
    return f'<p class="no-action">No action now: {e(", ".join(idle))}</p>' if idle else ""


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 move", "3 moves", "1 movement point"."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


# --- the mapsheet ----------------------------------------------------------------------------


def stage_rows(options: Mapping[str, Any] | None = None) -> dict[int, dict[str, Any]]:
    """All six rows of the Life Stage Chart of a game with these options (the view holds only
    the current row), in the view's format."""
    rows: Mapping[int, Any] = LIFE_STAGES
    try:
        rows = _variant_chart(dict(options or {}))
    except ValueError:
        rows = LIFE_STAGES
    return {n: {"powers": r.powers, "metamorphosis": sorted(r.metamorphosis),
                "attack": sorted(r.attack), "clones": r.clones, "control": sorted(r.control),
                "humans_may_kill": r.humans_may_kill, "kill": sorted(r.kill)}
            for n, r in sorted(rows.items())}


def _cell(key: str, value: Any) -> str:
    if key == "humans_may_kill":
        return "yes" if value else "no"
    if isinstance(value, list):
        return span_list(value)
    return str(value)


def life_stage_html(view: View, rows: Mapping[int, Mapping[str, Any]]) -> str:
    """The Intruder Life Stage Chart, the current row marked by words and an arrow."""
    stage = view.get("stage")
    if not rows:  # only the current row is known
        rows = {int(stage): view["chart"]} if stage and view.get("chart") else {}
    head = "".join(f'<th scope="col">{e(title)}</th>' for _, title in STAGE_COLUMNS)
    body = []
    for n, row in rows.items():
        now = n == stage
        mark = '<span class="marker" aria-hidden="true">▶</span> ' if now else ""
        tag = ' <span class="tag">now</span>' if now else ""
        label = f"{mark}{n}{tag}"
        cells = "".join(f'<td data-label="{e(title.replace(chr(173), ""))}">'
                        f"{e(_cell(k, row.get(k)))}</td>" for k, title in STAGE_COLUMNS)
        attrs = ' class="current" aria-current="true"' if now else ""
        body.append(f"<tr{attrs}>"
                    f'<th scope="row">{label}</th>{cells}</tr>')
    return ('<div class="table-wrap" tabindex="0" role="region" aria-label="Life Stage Chart">'
            '<table class="chart stage-chart">'
            f"<caption>Intruder Life Stage Chart: stage {e(stage)} now</caption>"
            f'<thead><tr><th scope="col">Stage</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def powers_html(view: View) -> str:
    """The Unknown and Known Powers boxes."""
    powers = view.get("powers") or {}
    names = powers.get("names") or {}
    known = [str(names.get(p, p)) for p in powers.get("known", [])]
    unknown = int(powers.get("unknown", 0) or 0)
    known_html = ("".join(f"<li>{e(k)}</li>" for k in known) if known
                  else '<li class="none">none yet</li>')
    return ('<div class="powers">'
            f'<p><span class="k">Unknown Powers</span> <strong>{unknown}</strong>'
            + (f' <span class="pips" aria-hidden="true">{"?" * unknown}</span>' if unknown
               else "") + "</p>"
            f'<p class="k">Known Powers</p><ul class="known">{known_html}</ul></div>')


def self_destruct_html(view: View) -> str:
    """Active, 8 .. 0, the marker's box said in words and marked with a diamond."""
    sd = view.get("self_destruct") or {}
    box = sd.get("box")
    cells = []
    for b in ("active", 8, 7, 6, 5, 4, 3, 2, 1, 0):
        here = box == b
        text = "Active" if b == "active" else str(b)
        cells.append(f'<li class="{"here" if here else ""}"'
                     + (' aria-current="true"' if here else "") + ">"
                     + ('<span class="marker" aria-hidden="true">◆</span>' if here else "")
                     + f"{text}</li>")
    if box is None:
        state = "not started"
    elif sd.get("stopped"):
        state = f"stopped at {box}"
    else:
        state = "marker in Active" if box == "active" else f"marker in {box}"
    if sd.get("shuttles_may_leave"):
        state += "; the shuttles may leave"
    return (f'<p class="track-state">Self-Destruct: {e(state)}</p>'
            f'<ol class="track sd-track" aria-label="Self-Destruct track">{"".join(cells)}</ol>')


def weapons_html(view: View) -> str:
    """The Engineering Weapons Construction track: each Prod and Flamethrower's progress."""
    rows = []
    for item in view.get("items", []) or []:
        needed = item.get("needed")
        if not needed:
            continue
        progress = int(item.get("progress") or 0)
        on_track = item.get("at") == "track" and not item.get("carriers")
        state = f"{progress} of {needed} turns" if on_track else "built"
        pips = "".join("■" if i < (progress if on_track else needed) else "□"
                       for i in range(int(needed)))
        rows.append(f'<li><span class="w-name">{e(item.get("name"))}</span> '
                    f'<span class="pips" aria-hidden="true">{pips}</span> '
                    f'<span class="w-state">{e(state)}</span></li>')
    return f'<ul class="weapons">{"".join(rows)}</ul>' if rows else \
        '<p class="none">No weapons to build.</p>'


def _breakdown_count(view: View, kind: str) -> int:
    for line in (view.get("score") or {}).get("breakdown", []) or []:
        if line.get("kind") == kind:
            return int(line.get("count") or 0)
    return 0


def boxes_html(view: View) -> str:
    """The mapsheet's boxes: clones, dummies, Not Used, caged animals, Intruders."""
    boxes = view.get("boxes") or {}
    not_used = boxes.get("not_used") or []
    nu = "".join(
        f'<li>{e(c.get("token"))}: {e(describe.kind_name(c.get("kind"), str(c.get("kind"))))}</li>'
        if c.get("kind") else f'<li>{e(c.get("token"))}: face down</li>' for c in not_used
    ) or '<li class="none">empty</li>'
    facts = [
        ("Clones Not Yet in Play", boxes.get("clones_pending", 0)),
        ("Dummy Counters Discovered", boxes.get("discovered", 0)),
        ("Caged Lab Animals", boxes.get("caged_lab", 0)),
        ("Intruders killed", boxes.get("killed", 0)),
        ("Intruders captured", _breakdown_count(view, "intruder_captured")),
        ("Intruders frozen", boxes.get("frozen", 0)),
        ("Escaped", boxes.get("escaped", 0)),
        ("Lost in space", boxes.get("lost", 0)),
    ]
    dl = "".join(f"<div><dt>{e(k)}</dt><dd>{e(v)}</dd></div>" for k, v in facts)
    return (f'<dl class="boxes">{dl}</dl>'
            f'<p class="k">Not Used</p><ul class="not-used">{nu}</ul>')


def score_rows(breakdown: Iterable[Mapping[str, Any]]) -> str:
    """Table rows of a score breakdown."""
    return "".join(
        f'<tr><th scope="row">{e(b.get("label", b.get("kind")))}</th>'
        f'<td>{e(b.get("count", ""))} × {e(b.get("each", ""))}</td>'
        f'<td>{e(b.get("points", ""))}</td></tr>' for b in breakdown)


def score_html(view: View) -> str:
    """The running score and its breakdown."""
    score = view.get("score") or {}
    lines = "".join(
        f'<li><span>{e(b.get("label", b.get("kind")))}</span> <span class="calc">'
        f'{e(b.get("count", 0))} × {e(b.get("each", 0))} = <strong>{e(b.get("points", 0))}'
        "</strong></span></li>" for b in score.get("breakdown") or [])
    return (f'<p class="score-total">Score <strong>{e(score.get("total", 0))}</strong></p>'
            f'<ul class="score-lines">{lines}</ul>')


def crew_html(view: View) -> str:
    """The roster: where each crewman is, his state and what he carries."""
    items = items_by_id(view)
    rows = []
    for c in view.get("crew", []) or []:
        carrying = ", ".join(str(items.get(i, {}).get("name", i)) for i in c.get("carrying", []))
        status = str(c.get("status", ""))
        where = "dead" if status == "dead" else place(c.get("at"))
        extra = []
        if c.get("holding"):
            extra.append(f"holding {c['holding']}")
        if c.get("controlling"):
            extra.append(f"controlling {c['controlling']}")
        if status not in ("active", "dead"):
            where += f" ({status})"
        what = "; ".join(x for x in (carrying, ", ".join(extra)) if x) or "–"
        rows.append(f'<tr class="st-{e(status)}"><th scope="row">'
                    f'<button type="button" class="crew-pick link" data-select="{e(c.get("id"))}">'
                    f'{e(c.get("name"))}<span class="vh">: select him (Crew card)</span>'
                    f'</button></th><td>{e(where)}</td><td>{e(what)}</td></tr>')
    return ('<table class="chart roster"><caption class="vh">Crew</caption>'
            '<thead><tr><th scope="col">Crewman</th><th scope="col">Where</th>'
            f'<th scope="col">Carrying</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def mapsheet_html(view: View, rows: Mapping[int, Mapping[str, Any]]) -> str:
    """Every mapsheet display as a card."""
    cards = [  # (on a wide screen: six columns, these spans fill two rows)
        ("Life Stage", life_stage_html(view, rows), "wide w3"),
        ("Powers", powers_html(view), ""),
        ("Self-Destruct", self_destruct_html(view), ""),
        ("Score", score_html(view), ""),
        ("Crew", crew_html(view), "wide w3"),
        ("Weapons Construction", weapons_html(view), "w2"),
        ("Boxes", boxes_html(view), ""),
    ]
    return "".join(
        f'<section class="card {cls}" aria-labelledby="card-{i}">'
        f'<h3 id="card-{i}">{e(title)}</h3>{body}</section>'
        for i, (title, body, cls) in enumerate(cards))


def status_html(view: View, seed: object) -> str:
    """Turn, phase, stage, score and seed, each as "name value"."""
    pairs: tuple[tuple[str, str, object], ...] = (
        ("Turn", "turn", view.get("turn", "–")), ("Phase", "phase", phase_name(view.get("phase"))),
        ("Stage", "stage", view.get("stage", "–")),
        ("Score", "score", (view.get("score") or {}).get("total", 0)), ("Seed", "seed", seed))
    dead = [str(c.get("name")) for c in view.get("crew", []) or [] if c.get("status") == "dead"]
    boxes = view.get("boxes") or {}
    extra = []
    if dead:
        extra.append(("Dead", "dead", ", ".join(dead)))
    for key, word in (("killed", "Intruders killed"), ("frozen", "Intruders frozen")):
        if isinstance(boxes.get(key), int) and boxes[key]:
            extra.append((word, key, boxes[key]))
    pairs = (*pairs, *extra)
    return "".join(f'<span class="pair"><span class="k">{k}</span> <span id="{i}">{e(v)}</span>'
                   "</span>" for k, i, v in pairs)


# --- advice and estimates: what position they were made for -------------------------------


def made_for(view: View) -> str:
    """The position an estimate or a suggestion is made for, in words ("turn 2, Crew
    Movement Phase")."""
    return f"turn {view.get('turn', '–')}, {phase_name(view.get('phase'))}"


def freshness(made_sha: str, now_sha: str, over: bool) -> str:
    """Whether a result made at the position `made_sha` still holds at `now_sha`: "current",
    "old" (the position changed: shown greyed and marked old) or "gone" (the game is over:
    no chances of a game already decided)."""
    if over:
        return "gone"
    return "current" if made_sha == now_sha else "old"


def dated(text: str, made: str, old: bool = False) -> str:
    """An estimate's words with the position it was made for ("Win 62% ... (n = 40), for
    turn 2, Crew Movement Phase"), marked old once the position has changed."""
    if old:
        return f"{text}. Old: made for {made}, before the position changed"
    return f"{text}, for {made}"


def advice_html(label: str, reason: str, made: str, candidates: str = "") -> str:
    """Suggest's answer: the action, why, the position it was made for and, from the
    search, its estimate per candidate (bot_client.candidates_html)."""
    return (f'<strong>Suggested:</strong> {e(label)} <span class="reason">— {e(reason)}</span>'
            f' <span class="made-for">(for {e(made)})</span>{candidates}')


# --- the log and the result ------------------------------------------------------------------


# The log has its own module (logbook.py); these names stay for the page's older callers.
log_item = logbook.log_item
log_html = logbook.log_html
log_update = logbook.log_update


# Events a player must not miss: type -> (kind, title). Shown in the banner over the actions
# after the action that caused them, with the dice rolled for it.
# Declared with each event type (intruder_core/event_types.py, `headline`).
HEADLINES: Mapping[str, tuple[str, str]] = event_types.HEADLINES


def headlines(events: Sequence[EventData]) -> list[dict[str, str]]:
    """The events of one action that a player must not miss, in order (cause first), each
    with its kind, a short title, the event's text and where it happened (if it says)."""
    out = []
    for ev in events:
        kind = str(ev.get("type", ""))
        if kind not in HEADLINES:
            continue
        style, title = HEADLINES[kind]
        at = ev.get("at") or ev.get("to") or ("command" if kind == "panic" else "")
        out.append({"kind": style, "type": kind, "title": title,
                    "text": str(ev.get("text") or title), "at": str(at)})
    return out


def dice_html(events: Sequence[EventData],
              decided: Mapping[str, str] | None = None) -> str:
    """The dice rolled in these events as dice faces, each with what it was rolled for (and
    what it decided, `decided`: roll key -> words, from the story's moments); the many rolls
    of the random movement of counters share one line, so the banner stays short."""
    rolls = [ev for ev in events if ev.get("type") == "roll" and isinstance(ev.get("die"), int)
             and 1 <= int(ev["die"]) <= 6]
    if not rolls:
        return ""

    def face(ev: EventData) -> str:
        return f'<span class="die" aria-hidden="true">{DIE_FACES[int(ev["die"]) - 1]}</span>'

    def says(ev: EventData) -> str:
        what = (decided or {}).get(str(ev.get("roll", "")))
        return f' <span class="die-says">Die {int(ev["die"])}: {e(what)}</span>' if what else ""

    moves = [ev for ev in rolls if ev.get("roll") == "random_movement"]
    items = "".join(
        f'<li>{face(ev)} <strong>{int(ev["die"])}</strong> '
        f'<span class="purpose">for {e(ev.get("purpose") or ev.get("text") or "a roll")}'
        f"</span>{says(ev)}</li>" for ev in rolls if ev not in moves)
    if moves:
        items += (f'<li>{"".join(face(ev) for ev in moves)} '
                  f'<strong>{", ".join(str(int(ev["die"])) for ev in moves)}</strong> '
                  f'<span class="purpose">for the random movement of '
                  f'{e(plural(len(moved_counters(moves)), "counter"))}</span></li>')
    return f'<ul class="dice" aria-label="Dice rolled">{items}</ul>'


def moved_counters(rolls: Iterable[EventData]) -> list[str]:
    """The counters (tokens) these random-movement rolls moved, each once: a Very Fast
    Intruder rolls twice (each roll's `token`)."""
    tokens = (str(ev.get("token", "")) for ev in rolls)
    return list(dict.fromkeys(tokens))


def result_html(result: Mapping[str, Any] | None, card: str = "") -> str:
    """Game over: outcome, reason, score breakdown, a game of the day's result card (`card`,
    history.card_text) with its Copy button, and a New game button."""
    if not result:
        return ""
    outcome = str(result.get("outcome", ""))
    title = OUTCOMES.get(outcome, outcome or "Game over")
    breakdown = result.get("breakdown") or []
    escaped = result.get("escaped_crew")
    reason = str(result.get("reason") or "")
    return (f'<h2 id="result-title">{e(title)}</h2>'
            + (f'<p class="reason">{e(reason[:1].upper() + reason[1:])}.</p>' if reason else "")
            + f'<p class="final">Final score <strong>{e(result.get("score", 0))}</strong>'
            + (f"; {e(escaped)} crew{'man' if escaped == 1 else 'men'} escaped" if escaped
               else "") + "</p>"
            + ('<table class="chart score"><caption>Score breakdown</caption>'
               '<thead><tr><th scope="col">For</th><th scope="col">Count</th>'
               '<th scope="col">Points</th></tr></thead>'
               f"<tbody>{score_rows(breakdown)}</tbody></table>" if breakdown else "")
            + (f'<div class="daily-card"><pre id="daily-card" tabindex="0" aria-label="Result '
               f'card">{e(card)}</pre><p><button type="button" id="copy-result" data-command='
               '"copy-result">Copy result</button> <span id="copy-status" role="status"></span>'
               '</p><p class="muted">The next game of the day begins at midnight UTC.</p></div>'
               if card else "")
            + '<p><button type="button" class="primary" data-command="new">Start a new game'
            '</button> <a class="button" href="./replay.html?review=saved">Review this game</a>'
            ' <a class="button" href="./replay.html?review=saved&amp;learn=1">Learn from your '
            'mistakes</a></p>')  # the same tab: Back returns to the game


# --- the rules reference ---------------------------------------------------------------------


def rule_entries(book: Sequence[Mapping[str, str]], numbered: Sequence[Mapping[str, str]]
                 ) -> list[dict[str, str]]:
    """Rulebook sections then rulings, as {id, title, text, kind}."""
    return ([{**s, "kind": "section"} for s in book]
            + [{**r, "title": f"{r['id']} {r['title']}", "kind": "ruling"} for r in numbered])


def search_rules(query: str, entries: Sequence[Mapping[str, str]]) -> list[str]:
    """Ids of the entries whose title or text holds every word of the query (titles first)."""
    words = [w for w in re.split(r"\s+", query.lower().strip()) if w]
    if not words:
        return [x["id"] for x in entries]
    in_title = [x["id"] for x in entries if all(w in x["title"].lower() for w in words)]
    in_text = [x["id"] for x in entries if x["id"] not in in_title
               and all(w in (x["title"] + " " + x["text"]).lower() for w in words)]
    return in_title + in_text


def rules_nav_html(entries: Sequence[Mapping[str, str]], shown: Iterable[str] | None = None,
                   current: Iterable[str] = ()) -> str:
    """The reference's table of contents: a button per entry (only `shown` ones)."""
    wanted = set(shown) if shown is not None else None
    cur = set(current)
    parts: dict[str, list[str]] = {"section": [], "ruling": []}
    for x in entries:
        if wanted is not None and x["id"] not in wanted:
            continue
        pressed = "true" if x["id"] in cur else "false"
        parts[x["kind"]].append(f'<li><button type="button" class="rule-nav" '
                                f'data-rule-id="{e(x["id"])}" aria-pressed="{pressed}">'
                                f'{e(x["title"])}</button></li>')
    out = []
    for kind, title in (("section", "Rulebook"), ("ruling", "Rulings")):
        if parts[kind]:
            out.append(f'<h3>{title}</h3><ul class="rule-list">{"".join(parts[kind])}</ul>')
    return "".join(out) or '<p class="none">Nothing matches.</p>'


def rule_entry_html(entry: Mapping[str, str]) -> str:
    """One section or ruling, its paragraphs as paragraphs."""
    paras = [p.strip() for p in re.split(r"\n\s*\n", entry.get("text", "")) if p.strip()]
    body = "".join(f"<p>{e(p)}</p>" for p in paras) or '<p class="none">(no text)</p>'
    return (f'<article class="rule-entry" data-rule-id="{e(entry["id"])}">'
            f'<h3>{e(entry["title"])}</h3>{body}</article>')


# --- the room inspector ----------------------------------------------------------------------


def counter_words(view: View, c: Mapping[str, Any]) -> str:
    """A counter as the crew sees it: "face-down counter c3", or its kind and state."""
    token = str(c.get("token"))
    if not c.get("face_up") and not c.get("kind"):
        return f"Face-down counter {token} (what it is stays hidden until it is revealed)"
    kind = describe.kind_name(c.get("kind"))
    states = [] if c.get("face_up") else ["hidden from the crew"]
    states += describe.counter_states(c, view.get("stage"),  # type: ignore[arg-type]
                                      lambda cid: crew_name(view, cid))
    return f"{kind} {token}" + (f" ({', '.join(states)})" if states else "")


def inspector_html(view: View, cid: str, rows: Sequence[ActionRow], selected: str | None,
                   costs: Mapping[str, int] | None = None,
                   why_illegal: describe.WhyIllegal | None = None) -> str:
    """Everything in one compartment (or shuttle), each piece with its state and its legal
    actions: the room inspector, opened by a tap on a room or a stack."""
    costs = costs or {}
    items = items_by_id(view)
    parts = []
    if selected and cid in costs:
        move = next((r for r in rows if r[1].get("type") == "move"
                     and r[1].get("crew") == selected and r[1].get("to") == cid), None)
        if move is not None:
            name = crew_name(view, selected)
            parts.append('<ul class="acts general">' + action_button(
                (move[0], move[1], f"Move {name} here ({plural(costs[cid], 'movement point')})",
                 move[3])) + "</ul>")
    crew = [c for c in view.get("crew", []) or [] if c.get("at") == cid
            and c.get("status") != "dead"]
    if crew:
        lis = []
        for c in crew:
            who = str(c.get("id"))
            carried = [str(items.get(i, {}).get("name", i)) for i in c.get("carrying", [])]
            state = ", ".join(carried) if carried else "empty-handed"
            if c.get("holding"):
                state += f"; holding {c.get('holding')}"
            if c.get("controlling"):
                state += f"; controlling {c.get('controlling')}"
            if view.get("phase") == "crew_movement" and c.get("status") == "active":
                state += f"; {plural(int(c.get('mp', 0) or 0), 'movement point')} left"
            if c.get("status") == "escaped":
                state += "; escaped"
            name = str(c.get("name", who))
            acts = [r for r in rows if r[1].get("crew") == who and r[1].get("type") != "move"]
            hints = missing_hints_html(view, who, rows, why_illegal)
            buttons = "".join(action_button(r, f"{name}: ", action_cost(view, r[1]))
                              for r in acts)
            is_sel = who == selected
            pick = (f'<button type="button" class="crew-pick" data-select="{e(who)}" '
                    f'aria-pressed="{"true" if is_sel else "false"}">'
                    f'{"Deselect" if is_sel else "Select"} {e(name)}</button>')
            lis.append(f'<li class="insp-crew" data-crew-item="{e(who)}"><h4>{e(name)}</h4>'
                       f'<p class="insp-state">{e(state)}</p>{pick}'
                       + (f'<ul class="acts">{buttons}</ul>' if acts else "") + hints + "</li>")
        parts.append(f'<h3>{e(plural(len(crew), "crewman", "crewmen"))}</h3>'
                     f'<ul class="insp-list">{"".join(lis)}</ul>')
    counters = [c for c in view.get("counters", []) or [] if c.get("at") == cid]
    if counters:
        parts.append(f'<h3>{e(plural(len(counters), "counter"))}</h3><ul class="insp-list">'
                     + "".join(f"<li>{e(counter_words(view, c))}</li>" for c in counters)
                     + "</ul>")
    lying = [i for i in items.values() if i.get("at") == cid and not i.get("carriers")]
    if lying:
        parts.append(f'<h3>{e(plural(len(lying), "object"))} lying here</h3>'
                     '<ul class="insp-list">'
                     + "".join(f"<li>{e(i.get('name'))}"
                               + (f" holding {e(i.get('contents'))}" if i.get("contents")
                                  else "") + "</li>" for i in lying) + "</ul>")
    if len(parts) == 0:
        parts.append('<p class="none">Nothing here.</p>')
    return "".join(parts)
