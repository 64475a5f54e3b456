"""What every bot shares: the station as a graph of movement costs, and a parsed crew view.

Bots see only `game.view("crew")` (plus the legal actions), so everything here reads the view's
plain data; nothing imports the Game.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Iterable, Mapping
from typing import Final

from ..actions import ARGS, Action
from ..charts import CRT, IMMUNITY, can_carry, crt_column, is_large
from ..station import ADJACENT, SECURED, entry_cost
from ..view import (
    STATION,
    BoxesView,
    ChartView,
    CounterView,
    SelfDestructView,
    ShuttleView,
    View,
    ViewIndex,
)

INF: Final = 99
AVOID_MP: Final = 6  # safe_path: a compartment to avoid counts as this many more points


def _costs_from(start: str) -> dict[str, int]:
    """Movement points from `start` to every compartment (shafts cost 2 to enter)."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, at = heapq.heappop(heap)
        if d > best[at]:
            continue
        for to in ADJACENT[at]:
            nd = d + entry_cost(to)
            if nd < best.get(to, INF):
                best[to] = nd
                heapq.heappush(heap, (nd, to))
    return best


# DIST[a][b]: movement points from a to b; NEXT[a][b]: the first step of a cheapest path
# (ties broken by the mapsheet's adjacency order, so paths are deterministic).
DIST: Final[dict[str, dict[str, int]]] = {a: _costs_from(a) for a in ADJACENT}
NEXT: Final[dict[str, dict[str, str]]] = {
    a: {b: next(n for n in ADJACENT[a] if entry_cost(n) + DIST[n][b] == DIST[a][b])
        for b in ADJACENT if b != a}
    for a in ADJACENT
}


def dist(a: str | None, b: str | None) -> int:
    """Movement points between two compartments (INF if either is off the station)."""
    if a is None or b is None or a not in DIST or b not in DIST[a]:
        return INF
    return DIST[a][b]


def step_toward(a: str | None, b: str) -> str | None:
    """The next compartment on a cheapest path from a to b (None if already there, or if a
    is off the station)."""
    return None if a == b or a is None else NEXT[a][b]


def path(a: str, b: str) -> list[str]:
    """The compartments after `a` on the cheapest path to `b`."""
    out = []
    while a != b:
        a = NEXT[a][b]
        out.append(a)
    return out


def safe_path(a: str | None, b: str, avoid: Iterable[str]) -> list[str]:
    """A cheapest path from a to b that avoids `avoid` where possible (each avoided
    compartment costs AVOID_MP extra points); the compartments after `a` (none if a is off
    the station)."""
    if a is None:
        return []
    return list(_safe_path(a, b, frozenset(avoid) - {b}))


@functools.lru_cache(maxsize=8192)
def _safe_path(a: str, b: str, bad: frozenset[str]) -> tuple[str, ...]:
    """safe_path worked out (a pure function of the map: one answer per question)."""
    best = {a: 0}
    prev: dict[str, str] = {}
    heap = [(0, a)]
    while heap:
        d, at = heapq.heappop(heap)
        if at == b:
            break
        if d > best[at]:
            continue
        for to in ADJACENT[at]:
            if to in SECURED and to != b:
                continue
            nd = d + entry_cost(to) + (AVOID_MP if to in bad else 0)
            if nd < best.get(to, INF * 10):
                best[to] = nd
                prev[to] = at
                heapq.heappush(heap, (nd, to))
    if b not in prev and a != b:
        return tuple(path(a, b))
    out = []
    while b != a:
        out.append(b)
        b = prev[b]
    return tuple(out[::-1])


# --- combat odds (the printed tables, read for decisions) -----------------------------------

def kill_chance(weapon: str, known: Iterable[str], shaken: bool = False) -> float:
    """Chance that a Crew Action Segment attack kills (CRT, left of the slash; R5 shaken)."""
    powers = set(known)
    if IMMUNITY.get(weapon, "") in powers:
        return 0.0
    column = crt_column(weapon, powers)
    hits = sum(1 for die in range(1, 7)
               if "K" in CRT[column][min(die + 1, 6) if shaken else die][0])
    return hits / 6


def cage_chance(asleep: bool) -> float:
    """Chance that an Attempt to Cage Intruder succeeds: 1-5 asleep, 1-2 awake (Life Stage 1
    only; R9)."""
    return (5 if asleep else 2) / 6


def sleep_chance(known: Iterable[str], shaken: bool = False) -> float:
    """Chance that a Sleep Dart puts the Intruder to sleep in a Crew Action Segment."""
    if "immune_sleep" in set(known):
        return 0.0
    return sum(1 for die in range(1, 7)
               if "S" in CRT["dart"][min(die + 1, 6) if shaken else die][0]) / 6


def defense_outcome(weapon: str | None, known: Iterable[str], kill: int,
                    shaken: bool = False) -> tuple[float, float, float]:
    """(P crewman under attack dies, P Intruder killed, P Intruder asleep) for a Self Defense
    attack with `weapon` (None: no defense), given the kill numbers of the Life Stage Chart."""
    p_kill = kill / 6
    if weapon is None:
        return p_kill, 0.0, 0.0
    powers = set(known)
    immune = IMMUNITY.get(weapon, "") in powers
    column = crt_column(weapon, powers)
    dies = killed = sleeps = 0.0
    for die in range(1, 7):
        effects = () if immune else CRT[column][min(die + 1, 6) if shaken else die][1]
        if "CK" in effects:
            dies += 1 / 6
        if "K" in effects:
            killed += 1 / 6
        if "S" in effects:
            sleeps += 1 / 6
        if not effects:
            dies += p_kill / 6  # D: the attack goes ahead only after No Effect
    return dies, killed, sleeps


# --- the view, parsed once per decision ------------------------------------------------------

class Info(ViewIndex):
    """The view's indexes (view.ViewIndex) and what the bots read of it besides (read-only)."""

    def __init__(self, view: View) -> None:
        super().__init__(view)
        self.turn: int = view["turn"]
        self.phase: str = view["phase"]
        decision = view["decision"]
        self.step: str = decision["step"]
        self.interaction_at: str | None = decision.get("at")  # the Interaction's compartment
        self.stage: int = view["stage"]
        self.chart: ChartView = view["chart"]
        self.known: set[str] = set(view["powers"]["known"])
        self.unknown: int = view["powers"]["unknown"]
        bk = view.get("bookkeeping")
        sub = bk["sub"] if bk else None
        self.shaken = bool(sub and sub["shaken"])  # this Interaction, R5
        self.worked: dict[str, int] = bk["worked"] if bk else {}  # object -> turn worked on
        self.shuttles: dict[str, ShuttleView] = view["shuttles"]
        # memos (one view, read-only): what more fits, ...
        self._fits: dict[tuple[str, str], bool] = {}
        self._chance: dict[str, float] = {}
        self._per: float | None = None  # the chance each face-down counter is an Intruder
        self.sd: SelfDestructView = view["self_destruct"]
        self.boxes: BoxesView = view["boxes"]
        self.score: int = view["score"]["total"]
        self.unlocked: set[str] = set(view["unlocked"])

    # crew ------------------------------------------------------------------------------

    def in_shuttle(self, at: str) -> bool:
        return at.startswith("shuttle")

    def has_large(self, cid: str) -> bool:
        return any(is_large(i["kind"]) for i in self.carrying[cid])

    def empty_cage(self, cid: str) -> str | None:
        return next((i["id"] for i in self.carrying[cid]
                     if i["kind"] == "cage" and not i["contents"]), None)

    def fits(self, cid: str, kind: str) -> bool:
        """Could he carry one more of this kind (Crew Movement: 1 large + 1 small, or 3 small)."""
        key = (cid, kind)
        out = self._fits.get(key)
        if out is None:
            out = self._fits[key] = can_carry([*self.kinds(cid), kind])
        return out

    # the Intruder ----------------------------------------------------------------------

    def intruders_in_play(self) -> int:
        """Intruders still to be dealt with: Clone's chart count (or 1) less those done."""
        total = int(self.chart["clones"]) if "clone" in self.known else 1
        done = int(self.boxes["killed"]) + int(self.boxes["frozen"])
        return max(total - done, 0)

    def loose(self) -> list[CounterView]:
        """Face-up Intruders on the station that are neither caged nor controlled."""
        return [t for t in self.intruders if t["at"] in STATION and not t["caged"]
                and not t["controlled_by"]]

    def hidden_intruders(self) -> int:
        """Intruders among the face-down counters on the map (the counts say how many)."""
        seen = len([t for t in self.intruders if t["at"] in STATION
                    or t["at"].startswith("shuttle")])
        return max(self.intruders_in_play() - seen - int(self.boxes["clones_pending"]), 0)

    def intruder_chance(self, at: str) -> float:
        """Chance that a face-down counter in `at` hides an Intruder (every face-down counter
        is equally likely: hidden movement does not depend on identity)."""
        out = self._chance.get(at)
        if out is None:
            out = self._chance[at] = self._intruder_chance(at)
        return out

    def _intruder_chance(self, at: str) -> float:
        per = self._per
        if per is None:
            n = sum(len(v) for v in self.facedown.values())
            per = self._per = min(self.hidden_intruders() / n, 1.0) if n else 0.0
        if not per:
            return 0.0
        k = len(self.facedown.get(at, []))
        return float(1 - (1 - per) ** k)

    def immune(self, weapon: str) -> bool:
        return IMMUNITY.get(weapon, "") in self.known


def find(legal: list[Action], type: str, **args: object) -> Action | None:
    """The legal action of this type whose arguments include `args`."""
    return find_in(legal, type, args)


# The types whose arguments are all required names (actions.ARGS), by their sorted keys: an
# engine action keeps its arguments sorted by key, so an order naming every one of them, in
# that order, is matched by one tuple comparison per action instead of a lookup per argument.
_EXACT: dict[str, tuple[str, ...]] = {
    t: tuple(sorted(kinds)) for t, kinds in ARGS.items()
    if kinds and all(k == "str" for k in kinds.values())}


def find_in(legal: list[Action], type: str, args: Mapping[str, object]) -> Action | None:
    """find() with the arguments as a dict (an order's, not copied into keywords)."""
    keys = _EXACT.get(type)
    if keys is not None and len(args) == len(keys) and tuple(args) == keys:
        want = tuple(args.items())  # the action's own `args`, if it is among them
        for a in legal:
            if a.args == want and a.type == type:
                return a
        return None
    wanted = args.items()
    for a in legal:
        if a.type == type:
            for k, v in wanted:
                if a.get(k) != v:
                    break
            else:
                return a
    return None
