"""HTML for everything beside the station plan, built from plain data: the crew view, action
dicts and event dicts. No DOM here (main.py puts the strings into the page), so every panel is
tested on CPython (tests/test_web_panels.py).

Nothing here decides what is legal: the action list is `game.legal_actions()` as given; this
module only groups, labels and escapes it. Every fact shown by colour is also shown as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

try:  # printed data of the engine; the e2e stub engine (e2e/stub_engine) has none of it
    from intruder_core.charts import LIFE_STAGES
    from intruder_core.sequence import PHASE_NAMES
    from intruder_core.station import name as _place_name
except ImportError:  # pragma: no cover - only in the stub build
    LIFE_STAGES = {}
    PHASE_NAMES = {}

    def _place_name(place: str | None) -> str:
        return str(place)

try:
    from intruder_core.variants import chart as _variant_chart
except ImportError:  # pragma: no cover - engines before variants.py
    _variant_chart = None

View = Mapping[str, Any]
# (index in legal_actions(), action dict, label, rule)
ActionRow = tuple[int, Mapping[str, Any], str, str]

OUTCOMES = {"win": "The crew wins", "loss": "The crew loses", "draw": "A draw"}
KINDS = {"intruder": "Intruder", "lab_animal": "Lab Animal", "dummy": "Dummy"}
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
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


def crew_by_id(view: View) -> dict[str, Mapping[str, Any]]:
    """The view's crewmen by id."""
    return {str(c.get("id")): c for c in view.get("crew", []) or []}


def crew_name(view: View, crew_id: str | None) -> str:
    """A crewman's name ("co1" -> "Command Officer 1")."""
    member = crew_by_id(view).get(str(crew_id))
    return str(member.get("name")) if member else str(crew_id)


def rule_link(rule: str) -> str:
    """The "(rule)" link that opens the rules reference at `rule` (main.py handles clicks)."""
    if not rule:
        return ""
    return (f'<button type="button" class="rule-link" data-rule="{e(rule)}" title="{e(rule)}">'
            f'(rule<span class="vh">: {e(rule)}</span>)</button>')


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
            return (f"Crew Movement: {member.get('name')} has {member.get('mp', 0)} movement "
                    "points left: pick a lit compartment or an action below")
        return "Crew Movement: select a crewman (on the map or below), then where he goes"
    return phase_name(view.get("phase"))


# --- actions ---------------------------------------------------------------------------------


def action_button(row: ActionRow, prefix: str = "", extra: str = "") -> str:
    """One legal action: its button (data-index, data-action) and its rule link."""
    index, data, label, rule = row
    shown = label[len(prefix):] if prefix and label.startswith(prefix) else label
    hidden = label[: len(label) - len(shown)]
    cls = "act" + (f" act-{e(data.get('type'))}" if data.get("type") else "")
    return (f'<li class="{cls}"><button type="button" class="act-btn" data-index="{index}" '
            f'data-action="{e(json.dumps(dict(data), sort_keys=True))}">'
            + (f'<span class="vh">{e(hidden)}</span>' if hidden else "")
            + f"{e(shown)}{e(extra)}</button>{rule_link(rule)}</li>")


def crew_where(member: Mapping[str, Any], step: str | None) -> str:
    """Where a crewman is, with his movement points while he moves."""
    where = place(member.get("at"))
    if step == "move" and member.get("status") == "active":
        where += f" · {member.get('mp', 0)} MP"
    return where


def actions_html(view: View, rows: Sequence[ActionRow], selected: str | None,
                 costs: Mapping[str, int] | None = None) -> str:
    """The legal actions grouped by crewman (general ones first). In the Crew Movement Phase a
    crewman's moves are listed only while he is selected (with `costs`, his movement-point cost
    of each, from session.reachable); the map lights them up too."""
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
    parts = []
    general_html = ('<ul class="acts general">' + "".join(action_button(r) for r in general)
                    + "</ul>") if general else ""
    if step != "defense":  # passes first, except "No Self Defense" after the defences
        parts.append(general_html)
    order = list(crew)
    for who in sorted(groups, key=lambda w: order.index(w) if w in order else len(order)):
        member = crew.get(who, {"id": who, "name": who})
        name = str(member.get("name", who))
        is_sel = who == selected
        moves = [r for r in groups[who] if r[1].get("type") == "move"]
        others = [r for r in groups[who] if r[1].get("type") != "move"]
        items = []
        if is_sel or step != "move":
            for r in moves:
                cost = costs.get(str(r[1].get("to"))) if is_sel else None
                items.append(action_button(r, f"{name}: ", f" ({cost} MP)" if cost else ""))
        items += [action_button(r, f"{name}: ") for r in others]
        hint = ""
        if moves and not is_sel and step == "move":
            hint = (f'<p class="hint">{len(moves)} move{"s" if len(moves) != 1 else ""}: '
                    "select him to see them</p>")
        gid = f"grp-{e(who)}"
        parts.append(
            f'<div class="crew-group{" selected" if is_sel else ""}" data-crew-group="{e(who)}" '
            f'role="group" aria-labelledby="{gid}">'
            f'<h3 id="{gid}"><button type="button" class="crew-pick" data-select="{e(who)}" '
            f'aria-pressed="{"true" if is_sel else "false"}">{e(name)}</button> '
            f'<span class="crew-where">{e(crew_where(member, step))}</span></h3>'
            + (f'<ul class="acts">{"".join(items)}</ul>' if items else "") + hint + "</div>")
    if step == "defense":
        parts.append(general_html)
    return "".join(parts)


# --- the mapsheet ----------------------------------------------------------------------------


def stage_rows(options: Mapping[str, Any] | None = None) -> dict[int, dict[str, Any]]:
    """All six rows of the Life Stage Chart of a game with these options (the view holds only
    the current row), in the view's format."""
    rows: Mapping[int, Any] = LIFE_STAGES
    if _variant_chart is not None:
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
        cells = "".join(f"<td>{e(_cell(k, row.get(k)))}</td>" for k, _ in STAGE_COLUMNS)
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
        f'<li>{e(c.get("token"))}: {e(KINDS.get(str(c.get("kind")), c.get("kind")))}</li>'
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
    items = {str(i.get("id")): i for i in view.get("items", []) or []}
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
                    f'{e(c.get("name"))}</button></th><td>{e(where)}</td><td>{e(what)}</td></tr>')
    return ('<table class="chart roster"><caption class="vh">Crew</caption>'
            '<thead><tr><th scope="col">Crewman</th><th scope="col">Where</th>'
            f'<th scope="col">Carrying</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def mapsheet_html(view: View, rows: Mapping[int, Mapping[str, Any]]) -> str:
    """Every mapsheet display as a card."""
    cards = [
        ("Life Stage", life_stage_html(view, rows), "wide"),
        ("Powers", powers_html(view), ""),
        ("Self-Destruct", self_destruct_html(view), ""),
        ("Weapons Construction", weapons_html(view), ""),
        ("Boxes", boxes_html(view), ""),
        ("Score", score_html(view), ""),
        ("Crew", crew_html(view), "wide"),
    ]
    return "".join(
        f'<section class="card {cls}" aria-labelledby="card-{i}">'
        f'<h3 id="card-{i}">{e(title)}</h3>{body}</section>'
        for i, (title, body, cls) in enumerate(cards))


def status_html(view: View, seed: object) -> str:
    """Turn, phase, stage, score and seed, each as "name value"."""
    pairs = (("Turn", "turn", view.get("turn", "–")), ("Phase", "phase",
             phase_name(view.get("phase"))), ("Stage", "stage", view.get("stage", "–")),
             ("Score", "score", (view.get("score") or {}).get("total", 0)),
             ("Seed", "seed", seed))
    return "".join(f'<span class="pair"><span class="k">{k}</span> <span id="{i}">{e(v)}</span>'
                   "</span>" for k, i, v in pairs)


# --- the log and the result ------------------------------------------------------------------


def log_item(event: Mapping[str, Any]) -> str:
    """One event: its text, a die face for rolls, and its rule link."""
    kind = str(event.get("type", ""))
    text = str(event.get("text") or kind)
    die = event.get("die")
    face = ""
    if kind == "roll" and isinstance(die, int) and 1 <= die <= 6:
        face = f'<span class="die" aria-hidden="true">{DIE_FACES[die - 1]}</span> '
    return (f'<li class="ev ev-{e(kind)}" data-type="{e(kind)}">{face}'
            f'<span class="ev-text">{e(text)}</span>'
            f'{" " + rule_link(str(event["rule"])) if event.get("rule") else ""}</li>')


def log_html(events: Sequence[Mapping[str, Any]]) -> str:
    """The log, newest first."""
    return "".join(log_item(ev) for ev in reversed(events))


def result_html(result: Mapping[str, Any] | None) -> str:
    """Game over: outcome, reason, score breakdown, and a New game button."""
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
            + '<p><button type="button" class="primary" data-command="new">New game</button></p>')


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
