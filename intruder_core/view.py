"""What the crew player may know (Game.view("crew")) and its public bookkeeping (the labels
of actions are in labels.py).

Only public facts go in: face-down counters appear as tokens and places, never as identities;
the Not Used box shows only counters turned up by an inventory; the dice are never shown.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal, NotRequired, TypedDict, TypeVar, get_args

from .biology import row as stage_row
from .charts import CAGE_CARRIERS, CONSTRUCTION_TURNS, POWER_NAMES, Stage
from .escape import shuttles_may_leave
from .json_types import LedgerEntry, Options, Result
from .pieces import token_order
from .scoring import breakdown, total
from .state import BOXES, Phase, Step, Subroutine, crew_name, item_name
from .station import COMPARTMENTS

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter

# --- the view's shape: the one home of its types (docs/api.md, "The crew view") -------------
# The view stays plain JSON-ready data; these say what is in it, for the engine, the bots and
# the page alike.

class CrewView(TypedDict):
    """A crewman; `at` is None only for a lost one."""

    id: str
    role: str
    name: str
    status: str
    at: str | None
    mp: int
    acted: bool
    carrying: list[str]
    holding: str | None  # a Lab Animal's token
    controlling: str | None  # an Intruder's token


class CounterView(TypedDict):
    """A counter on the board; what it is shows only face up (and to the Intruder player)."""

    token: str
    at: str
    face_up: bool
    kind: NotRequired[str]
    asleep: NotRequired[bool]
    caged: NotRequired[bool]
    controlled_by: NotRequired[str | None]
    held_by: NotRequired[str | None]


class ItemView(TypedDict):
    """An object (weapon, Cage, Construction track entry)."""

    id: str
    kind: str
    name: str
    at: str | None
    carriers: list[str]
    contents: str | None  # the token of what is caged in it
    progress: int
    needed: int | None


class ChartView(TypedDict):
    """The Life Stage Chart's row for the current stage."""

    powers: int
    metamorphosis: list[int]
    attack: list[int]
    clones: int
    control: list[int]
    humans_may_kill: bool
    kill: list[int]
    cage_carriers: int


class NotUsedView(TypedDict):
    token: str
    kind: str | None  # known once an inventory turned it up


class BoxesView(TypedDict):
    """The off-map boxes: the Not Used counters, and how many counters are in each other."""

    not_used: list[NotUsedView]
    discovered: int
    clones_pending: int
    caged_lab: int
    killed: int
    frozen: int
    escaped: int
    lost: int


class ShuttleView(TypedDict):
    departed: bool
    crew: list[str]
    prepared: bool
    fight: bool


class SelfDestructView(TypedDict):
    box: int | Literal["active"] | None  # the Self-Destruct Track's box (R17)
    stopped: bool
    shuttles_may_leave: bool


class DecisionView(TypedDict):
    """What is being decided: the step, and where (an Interaction), which (the queue) or who
    (a Self Defense) when the step has one."""

    step: Step
    compartments: NotRequired[list[str]]
    at: NotRequired[str]
    intruder: NotRequired[str]
    target: NotRequired[str]


class PowersView(TypedDict):
    known: list[str]
    unknown: int
    names: dict[str, str]


class ScoreView(TypedDict):
    total: int
    breakdown: list[dict[str, object]]
    ledger: list[LedgerEntry]


class SubView(TypedDict):
    """An Interaction Sub-routine: where, the Intruders still to act, shaken (R5)."""

    at: str
    pending: list[str]
    shaken: bool
    round: NotRequired[int]  # shuttle fights only (R24)


class DefenseView(TypedDict):
    intruder: str
    target: str


class SavedView(TypedDict):
    """The Interaction a shuttle fight interrupted (R18, R24)."""

    step: Step
    sub: SubView | None
    attacks: dict[str, int]
    defense: DefenseView | None


class BookkeepingView(TypedDict):
    """This turn's public facts the board does not show (docs/bots.md)."""

    options: Options
    queue: list[str]
    sub: SubView | None
    attacks: dict[str, int]
    kills: int
    sd_started: int
    sleep: dict[str, list[int]]
    returning: list[str]
    paid_pickup: list[str]
    worked: dict[str, int]
    next_token: int
    saved: SavedView | None


class View(TypedDict):
    """Everything the crew may know (Game.view("crew")): a complete public position."""

    turn: int
    phase: Phase
    decision: DecisionView
    over: bool
    stage: int
    chart: ChartView
    powers: PowersView
    crew: list[CrewView]
    counters: list[CounterView]
    items: list[ItemView]
    boxes: BoxesView
    unlocked: list[str]
    self_destruct: SelfDestructView
    shuttles: dict[str, ShuttleView]
    score: ScoreView
    result: Result | None
    bookkeeping: BookkeepingView


class IntruderView(View):
    """The Intruder player's view: the crew's, every counter's kind shown, and the
    compartments each counter may still move this phase."""

    side: str
    moves_left: dict[str, int]


Entry = TypeVar("Entry")

ON_BOARD = set(COMPARTMENTS) | {"shuttle1", "shuttle2", "shuttle3"}
SD_ACTIVE: Literal["active"] = "active"  # box 9 of the Self-Destruct Track (R17)


def counter_view(g: Game, c: Counter) -> CounterView:
    """A counter on the board as the crew sees it (its kind and state only face up)."""
    if c.face_up:
        return {"token": c.token, "at": c.at, "face_up": True, "kind": c.kind,
                "asleep": c.asleep, "caged": c.cage is not None,
                "controlled_by": c.controlled_by, "held_by": c.held_by}
    return {"token": c.token, "at": c.at, "face_up": False}


BoxName = Literal["discovered", "clones_pending", "caged_lab", "killed", "frozen", "escaped",
                  "lost"]
BOX_COUNTS: tuple[BoxName, ...] = get_args(BoxName)  # the boxes the view counts
_CHART_ROWS: dict[Stage, ChartView] = {}  # a chart row as the view shows it, made once


def chart_row(row: Stage, carriers: int) -> ChartView:
    """The view's "chart" entry for a Life Stage Chart row, with the crewmen a Cage needs
    (a fresh dict each time: callers may change what they are given)."""
    done = _CHART_ROWS.get(row)
    if done is None:
        done = _CHART_ROWS[row] = {
            "powers": row.powers, "metamorphosis": sorted(row.metamorphosis),
            "attack": sorted(row.attack), "clones": row.clones, "control": sorted(row.control),
            "humans_may_kill": row.humans_may_kill, "kill": sorted(row.kill),
            "cage_carriers": 0}
    return {"powers": done["powers"], "metamorphosis": list(done["metamorphosis"]),
            "attack": list(done["attack"]), "clones": done["clones"],
            "control": list(done["control"]), "humans_may_kill": done["humans_may_kill"],
            "kill": list(done["kill"]), "cage_carriers": carriers}


Shown = tuple[tuple[object, ...], Entry]  # the facts an entry shows, the entry


@dataclass
class ViewMemo:
    """The last crew view's parts that the next may share while what they show is unchanged
    (`crew_view`; `bots.play` keeps one per game). Views made with a memo are read-only."""

    items: dict[str, Shown[ItemView]] = field(default_factory=dict)  # by object id
    crew: dict[str, Shown[CrewView]] = field(default_factory=dict)  # by crewman id
    chart: tuple[Stage, int, ChartView] | None = None  # the row, the stage, the entry
    powers: PowersView | None = None
    score: ScoreView | None = None


def crew_view(g: Game, memo: ViewMemo | None = None) -> View:
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
    on_board: list[CounterView] = []
    not_used: list[NotUsedView] = []
    for c in ordered:
        at = c.at
        if at in ON_BOARD:
            on_board.append(counter_view(g, c))
        elif at in in_box:
            in_box[at] += 1
        elif at == "not_used":
            not_used.append({"token": c.token, "kind": c.kind if c.inventoried else None})
    boxes: BoxesView = {"not_used": not_used, **in_box}  # type: ignore[typeddict-item]
    carrying: dict[str, list[str]] = {}
    items: list[ItemView] = []
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
        d: ItemView = {
            "id": iid, "kind": i.kind, "name": item_name(iid, i.kind), "at": i.at,
            "carriers": list(carriers), "contents": inside, "progress": i.progress,
            "needed": CONSTRUCTION_TURNS.get(i.kind)}
        items.append(d)
        if keep:
            seen.items[iid] = ((i.at, inside, i.progress, i.kind, list(carriers)), d)
    decision: DecisionView = {"step": g.step}
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
        chart = chart_row(row, CAGE_CARRIERS[g.stage])
        if keep:
            seen.chart = (row, g.stage, chart)
    crew: list[CrewView] = []
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
        met = seen.crew.get(cid)
        if met is not None and met[0] == shows:
            crew.append(met[1])
            continue
        m_d: CrewView = {
            "id": cid, "role": m.role, "name": crew_name(cid, m.role), "status": status,
            "at": where, "mp": m.mp, "acted": m.acted, "carrying": has, "holding": held,
            "controlling": driven}
        crew.append(m_d)
        if keep:
            seen.crew[cid] = (shows, m_d)
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
        "self_destruct": {"box": SD_ACTIVE if g.sd == 9 else g.sd,
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


# --- one view, indexed: what the bots, determinize and the page look up in it ------------------

STATION: Final[frozenset[str]] = frozenset(COMPARTMENTS)


class ViewIndex:
    """One crew view indexed (read-only): crewmen, objects and counters by name, and what is
    where. Made once per view; the bots (bots.common.Info) and the page (render.Scene,
    panels) read the view through it rather than each building their own."""

    def __init__(self, view: View) -> None:
        self.view = view  # an empty one too (the page's picture of the empty station)
        crew = view.get("crew", [])
        self.roster = crew  # every crewman, in the roster's order
        by_id: dict[str, CrewView] = {}
        active: list[CrewView] = []  # active, on the station, in the roster's order
        items: dict[str, ItemView] = {i["id"]: i for i in view.get("items", ())}
        carrying: dict[str, list[ItemView]] = {}
        kinds_of: dict[str, list[str]] = {}  # the kinds of what each carries
        kits: dict[str, tuple[str, tuple[str, ...]]] = {}  # his role and those kinds
        dead = escaped = 0
        # One pass over the roster for every index of it; entries may be partial (the page's
        # tests and the stub engine give a name and a place and little more).
        for c in crew:
            cid = c["id"]
            by_id[cid] = c
            carried = c.get("carrying")
            if carried:
                its = carrying[cid] = [items[i] for i in carried]
                kinds = kinds_of[cid] = [i["kind"] for i in its]
                kits[cid] = (c["role"], tuple(kinds))
            else:
                carrying[cid] = []
                kinds_of[cid] = []
                kits[cid] = (c.get("role", ""), ())
            status = c.get("status")
            if status == "active":
                if c.get("at") in STATION:
                    active.append(c)
            elif status == "dead":
                dead += 1
            elif status == "escaped":
                escaped += 1
        self.crew = by_id
        self.active = active
        self.items = items
        self.carrying = carrying
        self._kinds = kinds_of
        self._kit = kits
        self.dead = dead
        self.escaped = escaped
        self._items_at: dict[str | None, list[ItemView]] | None = None
        self.facedown: dict[str, list[str]] = {}  # face-down tokens by place
        self.intruders: list[CounterView] = []  # face-up, on the station or in a shuttle
        self.animals: list[CounterView] = []
        facedown = self.facedown
        for t in view.get("counters", ()):
            if not t["face_up"]:
                at = t["at"]
                if at in facedown:
                    facedown[at].append(t["token"])
                else:
                    facedown[at] = [t["token"]]
            else:
                kind = t["kind"]
                if kind == "intruder":
                    self.intruders.append(t)
                elif kind == "lab_animal":
                    self.animals.append(t)

    @functools.cached_property
    def counters(self) -> dict[str, CounterView]:
        """The counters on the board by token."""
        return {t["token"]: t for t in self.view.get("counters", ())}

    @functools.cached_property
    def where(self) -> dict[str, list[str]]:
        """The active crewmen on the station by place, in the roster's order (worked out
        when first asked)."""
        where: dict[str, list[str]] = {}
        for c in self.active:
            at = c["at"]
            assert at is not None  # active ones are on the station
            if at in where:
                where[at].append(c["id"])
            else:
                where[at] = [c["id"]]
        return where

    def kinds(self, cid: str) -> list[str]:
        """The kinds of what he carries, in order (the same list each call: do not change it)."""
        return self._kinds[cid]

    def kit(self, cid: str) -> tuple[str, tuple[str, ...]]:
        """His role and the kinds he carries (a memo key of what depends on his kit)."""
        return self._kit[cid]

    def items_at(self, at: str | None) -> list[ItemView]:
        """The objects at a place, in the view's order (do not change the list)."""
        if self._items_at is None:
            self._items_at = {}
            for i in self.items.values():
                self._items_at.setdefault(i["at"], []).append(i)
        return self._items_at.get(at, [])

    def lying(self, at: str | None) -> list[ItemView]:
        """The objects lying in a place (carried by nobody), in the view's order."""
        return [i for i in self.items_at(at) if not i["carriers"]]

    def free(self, c: CrewView) -> bool:
        """Not tied up holding a Lab Animal or controlling the Intruder."""
        return not c["holding"] and not c["controlling"]

    def active_all(self, at: str) -> list[CrewView]:
        """Active crewmen at a place on or off the station (a departed shuttle)."""
        return [c for c in self.roster if c["status"] == "active" and c["at"] == at]


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
                made: tuple[dict[str, int], list[str]] | None = None) -> BookkeepingView:
    """The view's "bookkeeping" entry (docs/bots.md); `tokens` (counter id -> token) when the
    caller has them already; `made`, the objects' turns worked and the crewmen who paid
    their pick-up point, when the caller has walked them already (crew_view)."""
    if tokens is None:
        tokens = {c.id: c.token for c in g.counters.values()}
    saved: SavedView | None = None
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
        "options": dict(g.config.options),
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


def _sub_view(sub: Subroutine | None, tokens: dict[str, str]) -> SubView | None:
    """An Interaction Sub-routine as the view shows it."""
    if sub is None:
        return None
    out: SubView = {"at": sub.at, "pending": [tokens[i] for i in sub.pending],
                              "shaken": sub.shaken}
    if sub.round is not None:
        out["round"] = sub.round
    return out
