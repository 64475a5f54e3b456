"""What the crew player may know (Game.view("crew")) and its public bookkeeping (the labels
of actions are in labels.py).

Only public facts go in: face-down counters appear as tokens and places, never as identities;
the Not Used box shows only counters turned up by an inventory; the dice are never shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .charts import CAGE_CARRIERS, CONSTRUCTION_TURNS, POWER_NAMES, Stage
from .escape import shuttles_may_leave
from .intruder import row as stage_row
from .pieces import token_order
from .scoring import breakdown, total
from .state import BOXES, Subroutine, crew_name, item_name
from .station import COMPARTMENTS

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter

ON_BOARD = set(COMPARTMENTS) | {"shuttle1", "shuttle2", "shuttle3"}
SD_BOX = {9: "active"}


def counter_view(g: Game, c: Counter) -> dict[str, object]:
    d: dict[str, object] = {"token": c.token, "at": c.at, "face_up": c.face_up}
    if c.face_up:
        d.update(kind=c.kind, asleep=c.asleep, caged=c.cage is not None,
                 controlled_by=c.controlled_by, held_by=c.held_by)
    return d


BOX_COUNTS = ("discovered", "clones_pending", "caged_lab", "killed", "frozen", "escaped", "lost")
_CHART_ROWS: dict[Stage, dict[str, object]] = {}  # a chart row as the view shows it, made once


def chart_row(row: Stage) -> dict[str, object]:
    """The view's "chart" entry for a Life Stage Chart row (a fresh dict each time: callers
    may change what they are given)."""
    done = _CHART_ROWS.get(row)
    if done is None:
        done = _CHART_ROWS[row] = {
            "powers": row.powers, "metamorphosis": sorted(row.metamorphosis),
            "attack": sorted(row.attack), "clones": row.clones, "control": sorted(row.control),
            "humans_may_kill": row.humans_may_kill, "kill": sorted(row.kill)}
    return {k: list(v) if type(v) is list else v for k, v in done.items()}


Shown = tuple[tuple[object, ...], dict[str, object]]  # the facts an entry shows, the entry


@dataclass
class ViewMemo:
    """The last crew view's parts that the next may share while what they show is unchanged
    (`crew_view`; `bots.play` keeps one per game). Views made with a memo are read-only."""

    items: dict[str, Shown] = field(default_factory=dict)  # by object id
    crew: dict[str, Shown] = field(default_factory=dict)  # by crewman id
    chart: tuple[Stage, int, dict[str, object]] | None = None  # the row, the stage, the entry
    powers: dict[str, object] | None = None
    score: dict[str, object] | None = None


def crew_view(g: Game, memo: ViewMemo | None = None) -> dict[str, Any]:
    """Everything the crew may know (docs/api.md). Built on every bot decision, so each
    collection is walked once and the names, which never change, are looked up.

    `memo` (kept by the caller for one game, `bots.play`) holds the last view's objects and
    crewmen (each with a tuple of the facts it shows: one comparison tells whether it is
    still true), chart row, powers and score: an entry equal to what it would be now (or
    made from the same facts) is shared with the new view instead of being made again, so
    consecutive views share the dicts of what did not change. Such views are read-only (the
    bots never change a view)."""
    keep = memo is not None
    seen = memo if memo is not None else ViewMemo()
    listed = list(g.counters.values())
    tokens = {c.id: c.token for c in listed}  # ids are the dict's keys: one per counter
    names = list(tokens.values())
    ordered = _by_token(g, listed, names)
    in_box = dict.fromkeys(BOX_COUNTS, 0)
    on_board = []
    not_used = []
    for c in ordered:
        at = c.at
        if at in ON_BOARD:
            on_board.append(counter_view(g, c))
        elif at in in_box:
            in_box[at] += 1
        elif at == "not_used":
            not_used.append({"token": c.token, "kind": c.kind if c.inventoried else None})
    boxes: dict[str, object] = {"not_used": not_used, **in_box}
    carrying: dict[str, list[str]] = {}
    items = []
    worked: dict[str, int] = {}  # for the bookkeeping, in the same pass
    for i in g.items.values():
        iid = i.id
        if i.worked_turn:
            worked[iid] = i.worked_turn
        carriers = i.carriers
        for cid in carriers:
            if cid in carrying:
                carrying[cid].append(iid)
            else:
                carrying[cid] = [iid]
        contents = i.contents
        inside = tokens.get(contents) if contents else None
        # what the entry shows of the object (carriers compared as a list, by value)
        facts = (i.at, inside, i.progress, i.kind, carriers)
        was = seen.items.get(iid)
        if was is not None and was[0] == facts:
            items.append(was[1])
            continue
        d: dict[str, object] = {
            "id": iid, "kind": i.kind, "name": item_name(iid, i.kind), "at": i.at,
            "carriers": list(carriers), "contents": inside, "progress": i.progress,
            "needed": CONSTRUCTION_TURNS.get(i.kind)}
        items.append(d)
        if keep:
            seen.items[iid] = ((i.at, inside, i.progress, i.kind, list(carriers)), d)
    decision: dict[str, object] = {"step": g.step}
    if g.step == "choose":
        decision["compartments"] = list(g.queue)
    if g.sub is not None:
        decision["at"] = g.sub.at
    if g.defense is not None:
        decision["intruder"] = tokens[g.defense.intruder]
        decision["target"] = g.defense.target
    row = stage_row(g)
    had = seen.chart
    if had is not None and had[0] is row and had[1] == g.stage:
        chart = had[2]
    else:
        chart = chart_row(row)
        chart["cage_carriers"] = CAGE_CARRIERS[g.stage]
        if keep:
            seen.chart = (row, g.stage, chart)
    crew = []
    paid: list[str] = []  # for the bookkeeping, in the same pass
    for m in g.crew.values():
        cid = m.id
        if m.paid_pickup:
            paid.append(cid)
        status = m.status
        holding = m.holding
        controlling = m.controlling
        where = None if status == "lost" else m.at
        has = carrying.get(cid, [])
        held = tokens.get(holding) if holding else None
        driven = tokens.get(controlling) if controlling else None
        shows = (where, m.mp, status, m.acted, has, held, driven, m.role)
        was = seen.crew.get(cid)
        if was is not None and was[0] == shows:
            crew.append(was[1])
            continue
        d = {"id": cid, "role": m.role, "name": crew_name(cid, m.role), "status": status,
             "at": where, "mp": m.mp, "acted": m.acted, "carrying": has, "holding": held,
             "controlling": driven}
        crew.append(d)
        if keep:
            seen.crew[cid] = (shows, d)
    known = g.known
    powers = seen.powers
    if powers is None or powers["known"] != known or powers["unknown"] != g.unknown:
        powers = {"known": list(known), "unknown": g.unknown,
                  "names": {p: POWER_NAMES[p] for p in known}}
        if keep:
            seen.powers = powers
    score = seen.score
    if score is None or score["ledger"] != g.ledger:
        score = {"total": total(g), "breakdown": breakdown(g), "ledger": list(g.ledger)}
        if keep:
            seen.score = score
    return {
        "turn": g.turn,
        "phase": g.phase,
        "decision": decision,
        "over": g.result is not None,
        "stage": g.stage,
        "chart": chart,
        "powers": powers,
        "crew": crew,
        "counters": on_board,
        "items": items,
        "boxes": boxes,
        "unlocked": list(g.unlocked),
        "self_destruct": {"box": SD_BOX.get(g.sd, g.sd) if g.sd is not None else None,
                          "stopped": g.sd_stopped, "shuttles_may_leave": shuttles_may_leave(g)},
        "shuttles": {s.id: {"departed": s.departed, "crew": list(s.crew),
                            "prepared": s.prepared, "fight": s.fight}
                     for s in g.shuttles.values()},
        "score": score,
        "result": g.result,
        # public facts from this turn (docs/bots.md)
        "bookkeeping": bookkeeping(g, tokens, (worked, paid)),
    }


_TOKEN_ORDERS: dict[tuple[str, ...], tuple[int, ...]] = {}  # tokens -> their sorted order


def _by_token(g: Game, listed: list[Counter], names: list[str]) -> list[Counter]:
    """The counters in token order (Game.token_order), given with their tokens; the order of
    one list of tokens is worked out once (tokens change only when counters are placed)."""
    key = tuple(names)
    order = _TOKEN_ORDERS.get(key)
    if order is None:
        if len(_TOKEN_ORDERS) >= 4096:  # stay bounded
            _TOKEN_ORDERS.clear()
        ranked = sorted(range(len(listed)), key=lambda n: token_order(listed[n]))
        order = _TOKEN_ORDERS[key] = tuple(ranked)
    return [listed[n] for n in order]


# --- public bookkeeping (the view's "bookkeeping" entry) ----------------------------------
#
# Public bookkeeping for the crew view: facts a player at the table knows from what happened
# this turn, but that the board itself does not show.
#
# A Sleep Dart's counter was hit in a known phase (R9), a crewman has or has not paid his pick-up
# point (R27), the Self-Destruct marker was started in a known turn (R17), the Intruders attacked
# so far this phase (R8), whether a crewman died here (R5), the compartments still to resolve (R2),
# an Intruder hanging on an opened airlock's edge (Fast Reflexes, R37), which weapon was worked on
# this turn, and the game's rule options. With these the crew view is a complete public position:
# a bot can rebuild a consistent game from it (intruder_core.bots.determinize) without the log.
# Nothing here depends on a face-down counter's identity.


def bookkeeping(g: Game, tokens: dict[str, str] | None = None,
                made: tuple[dict[str, int], list[str]] | None = None) -> dict[str, Any]:
    """The view's "bookkeeping" entry (docs/bots.md); `tokens` (counter id -> token) when the
    caller has them already; `made`, the objects' turns worked and the crewmen who paid
    their pick-up point, when the caller has walked them already (crew_view)."""
    if tokens is None:
        tokens = {c.id: c.token for c in g.counters.values()}
    saved = None
    if g.saved is not None:
        d = g.saved.defense
        saved = {"step": g.saved.step, "sub": _sub_view(g.saved.sub, tokens),
                 "attacks": _attacked(g, g.saved.attacks, tokens),
                 "defense": None if d is None else {"intruder": tokens[d.intruder],
                                                    "target": d.target}}
    sleep: dict[str, list[int]] = {}
    returning: list[str] = []
    for c in g.counters.values():  # one pass for both
        if c.asleep_until is not None:
            sleep[c.token] = list(c.asleep_until)
        if c.returning:
            returning.append(c.token)
    return {
        "options": dict(g.options),
        "queue": list(g.queue),
        "sub": _sub_view(g.sub, tokens),
        "attacks": _attacked(g, g.attacks, tokens) if g.attacks else {},
        "kills": g.kills,
        "sd_started": g.sd_started,
        "sleep": sleep,
        "returning": sorted(returning),
        "paid_pickup": [c.id for c in g.crew.values() if c.paid_pickup] if made is None
        else made[1],
        "worked": {i.id: i.worked_turn for i in g.items.values() if i.worked_turn}
        if made is None else made[0],
        "next_token": g.next_token,
        "saved": saved,
    }


def _attacked(g: Game, attacks: dict[str, int], tokens: dict[str, str]) -> dict[str, int]:
    """Attacks this phase (R8) on Intruders still in play: the others cannot be attacked."""
    return {tokens[i]: n for i, n in attacks.items() if g.counters[i].at not in BOXES}


def _sub_view(sub: Subroutine | None, tokens: dict[str, str]) -> dict[str, object] | None:
    """An Interaction Sub-routine as the view shows it."""
    if sub is None:
        return None
    out: dict[str, object] = {"at": sub.at, "pending": [tokens[i] for i in sub.pending],
                              "shaken": sub.shaken}
    if sub.round is not None:
        out["round"] = sub.round
    return out
