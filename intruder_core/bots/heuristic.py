"""A rule-based crew player that plays like a sensible person at the table.

It arms up early (a Command Officer unlocks the Arms Room, crewmen fetch Blasters, Gas and
Sleep Darts, Science Officers take the Cages from the Lab), sends Engineers to build a Prod and
Flamethrowers in Maintenance, keeps the rest in three groups that hunt face-down counters
together, cages (Sleep Dart, then a Cage) or prods a young Intruder and takes it to the Freezer
(R22), kills it once the rules allow (stage 3 on, never with a Science Officer, R6), picks the
Self Defense with the best odds, recaptures Lab Animals when it costs nothing, opens an airlock
on a counter inside when that is safe enough, and when the fight is lost starts the
self-destruct and escapes in a shuttle. Every choice comes with a one-line reason.

Each decision is a plan read from the crew view. In the Crew Movement Phase a roles step
first settles who does what (`MovePlan.roles`: who drives or carries a captured Intruder, who
builds, who fetches weapons, who leaves; the rest hunt in their teams) and returns a plain
mapping; the orders step (`MovePlan.orders`) then reads it and lists orders, best first. In an
Interaction every option is valued as chance times worth. The first order that is a legal
action is played. The tunable numbers are in `Params`; the rules' own numbers (points, seats,
carriers, movement costs) come from their homes in `charts` and `crew_movement`.

Stateless: each decision is computed from the crew view alone, so the same view always gives
the same choice.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from ..actions import Action
from ..charts import (
    DRAW_SURVIVORS,
    LETHAL,
    OBJECTS,
    POINTS,
    SHUTTLE_CAPACITY,
    can_carry,
    is_large,
    may_kill,
)
from ..crew_movement import move_cost
from ..station import AIRLOCK_CONTROL, CONSTRUCTION_AT, SECURED, SHUTTLE_DOCK, name
from ..view import STATION, CounterView, CrewView, ItemView, View
from .common import (
    Info,
    cage_chance,
    defense_outcome,
    dist,
    find_in,
    kill_chance,
    safe_path,
    sleep_chance,
    step_toward,
)
from .policy import Choice

Order = tuple[str, dict[str, str | tuple[str, ...]], str]  # action type, arguments, reason

KILL_POINTS = POINTS["intruder_killed"]  # +7 (How to Win)
CAPTURE_POINTS = POINTS["intruder_captured"]  # +15
# What each object is for, in the heuristic's terms: the reason it picks one up or builds it.
USES: dict[str, str] = {
    "cage": (f"a Cage captures the Intruder while it is young or asleep (a captured Intruder "
             f"scores {CAPTURE_POINTS}, a kill {KILL_POINTS}) and holds a Lab Animal"),
    "dart": ("the Sleep Dart Pistol puts the Intruder to sleep so it can be caged (R9), and "
             "a Science Officer may fire it (R6)"),
    "blaster": (f"a Blaster can kill the Intruder once the Life Stage Chart lets the crew kill "
                f"({KILL_POINTS} points)"),
    "gas": (f"a Gas Canister can kill the Intruder once the Life Stage Chart lets the crew "
            f"kill ({KILL_POINTS} points)"),
    "flamethrower": (f"the Flamethrower kills the Intruder best once the crew may kill "
                     f"({KILL_POINTS} points)"),
    "prod": "the Electric Prod takes control of the Intruder to drive it into the Freezer (R22)",
}


def use_of(item: ItemView) -> str:
    """Why the crew wants an object: what it is for (USES), else its name."""
    return USES.get(item["kind"], f"the crew needs the {item['name']}")
DEATH_POINTS = POINTS["crew_dead"]  # -5
DRIVE_MP = move_cost("command", controlling=True)  # a prodded Intruder takes all 3 points (R11)
LETHAL_SMALL = ("blaster", "gas")  # the small lethal weapons (a crewman's first weapon)
WEAPONS = frozenset({"blaster", "gas", "flamethrower", "dart", "prod"})
TEAM_ROLES = ("command", "science", "engineer")  # the order of a hunting team's members
ESCAPE_DOCKS = ("dock1", "dock2")  # the station's own shuttles (Escape via Shuttle)


def teams(crew: list[CrewView]) -> list[list[str]]:
    """Hunting teams from the roster: the first Command Officer, Science Officer and Engineer,
    then the second of each, and so on (each team in TEAM_ROLES order)."""
    return [list(g) for g in _teams(tuple([(c["id"], c["role"]) for c in crew]))]


@functools.lru_cache(maxsize=256)
def _teams(roster: tuple[tuple[str, str], ...]) -> tuple[tuple[str, ...], ...]:
    """teams() of a roster given as (id, role) pairs (a pure function: once per roster)."""
    by_role = [[cid for cid, r in roster if r == role] for role in TEAM_ROLES]
    size = max((len(ids) for ids in by_role), default=0)
    return tuple(tuple(ids[n] for ids in by_role if n < len(ids)) for n in range(size))


def nth(crew: list[CrewView], role: str, rank: int) -> CrewView | None:
    """The rank-th crewman of this role in the roster (rank 1 is the first listed; Engineer 2
    is nth(crew, "engineer", 2)), or None."""
    for c in crew:
        if c["role"] == role:
            rank -= 1
            if not rank:
                return c
    return None


@dataclass(frozen=True)
class Build:
    """What one crewman builds in Maintenance, in order; he is named by his role and his
    place in the roster (Engineer 2: role "engineer", rank 2)."""

    role: str
    rank: int
    kinds: tuple[str, ...]


@dataclass
class Params:
    """The heuristic's knobs (defaults are what the balance lab measures)."""

    builders: tuple[Build, ...] = (Build("engineer", 2, ("prod", "flamethrower")),
                                   Build("engineer", 1, ("flamethrower",)))
    build_until_stage: int = 4  # no new construction from this stage on
    # arming
    fetch_range: int = 6  # walk at most this many movement points to fetch a weapon or Cage
    first_weapon: dict[str, str] = field(default_factory=lambda: {
        "command": "blaster", "engineer": "gas"})  # each one's first lethal weapon
    spare_weapon_below: int = 2  # a Command Officer takes a spare one carrying fewer objects
    prod_until_stage: int = 3  # a Prod is worth taking up to this stage
    # hunting: a target's worth / (1 + distance / distance_scale), less if another group goes
    seen_value: float = 3.0  # worth of a seen Intruder (a counter's is its chance + decoys)
    distance_scale: float = 3.0
    shared_seen: float = 0.5  # less for a seen Intruder another group already hunts
    shared_counters: float = 1.0  # ... for counters another group already searches
    airlock_unknown: int = 2  # open an airlock on face-down counters with at most this many
    decoy_value: float = 0.15  # worth of clearing one face-down counter, beside the Intruder
    sleep_value: float = 1.5  # worth of a sleeping Intruder (no attack, no move, cageable)
    # when the fight is lost (self-destruct and escape): see abandon()
    clones_in_play: int = 3  # Clone is known and this many Intruders remain ...
    clones_dead: int = 2  # ... and this many crewmen are dead
    late_stage: int = 5  # from this stage with `late_dead` dead, when one more death loses
    late_dead: int = 2
    few_crew: int = 4  # this few crewmen left against an Intruder of few_crew_stage or more
    few_crew_stage: int = 4
    capture_until_stage: int = 4  # a capture is in reach up to this stage
    # worth of each outcome against a met Intruder, in points (see _intruder)
    cage_value: float = 12.0  # caged: frozen (+15) later, most of the time
    cage_value_cold: float = 8.0  # ... Immune to Cold: trapped until stage 6 instead (R26)
    control_value: float = 9.0  # controlled: walked to the Freezer (R22)
    control_value_cold: float = 3.0
    control_value_killable: float = 5.0  # once the crew may kill, control is worth less
    kill_value: float = 7.0  # the points of a kill (How to Win)
    last_kill_value: float = 1.0  # a kill that ends the game in a loss
    defense_last_kill_value: float = -1.0  # the same, in Self Defense
    sleep_floor: float = 2.0  # least worth of a sleeping Intruder the crew may kill
    sleep_floor_young: float = 0.5  # ... one the crew may not kill yet (R7)
    airlock_chance: float = 0.2  # open an airlock on counters this likely to be the Intruder
    own_cage_follow: float = 0.5  # a dart thrower who must cage it himself: this share of it
    hatch_kill_odds: float = 0.75  # a shuttle fight: open the hatches unless attacks kill
    # the stowaway this likely


class HeuristicPolicy:
    """Rule-based crew: arms, builds, hunts in groups, captures young, kills grown, escapes."""

    name = "heuristic"

    def __init__(self, params: Params | None = None) -> None:
        self.p = params or Params()
        self.memo = MoveMemo()  # what Crew Movement steps share, keyed on the facts it reads

    def choose(self, view: View, legal: list[Action],
               rng: random.Random) -> Choice:
        """One legal action and why (rng unused: the heuristic is deterministic)."""
        if len(legal) == 1:
            return legal[0], "the only legal action"
        info = Info(view)
        if info.step == "defense":
            return self._defense(info, legal)
        if info.step == "choose":
            return self._choose(info, legal)
        if info.step == "move":
            plan = MovePlan(info, self.p, self.memo)
            orders: Iterator[Order] = plan.orders(plan.roles())
        else:
            orders = ActionPlan(info, self.p).orders()
        # the legal actions by type, in legal order: a type's first order is looked for in
        # the whole list (most choices are the first order of their type), a second one
        # in the actions of its type, listed then
        by_type: dict[str, list[Action] | None] = {}
        for type, args, reason in orders:
            if type not in by_type:
                by_type[type] = None
                a = find_in(legal, type, args)
            else:
                of_type = by_type[type]
                if of_type is None:
                    of_type = by_type[type] = [each for each in legal if each.type == type]
                a = find_in(of_type, type, args) if of_type else None
            if a is not None:
                return a, reason
        passes = [a for a in legal if a.type in ("end_movement", "end_actions", "no_defense")]
        return (passes or legal)[0], "nothing useful to do"

    # --- Interactions ------------------------------------------------------------------

    def _choose(self, info: Info, legal: list[Action]) -> Choice:
        """Resolve first where an Intruder is known to be, else in station order (R2)."""
        known = {t["at"] for t in info.intruders}
        for a in legal:
            if a.get("at") in known:
                return a, f"the Intruder is known to be in {name(a['at'])}: deal with it first"
        return legal[0], "order does not matter here: station order"

    def _defense(self, info: Info, legal: list[Action]) -> Choice:
        """Self Defense (step C): the option with the best points expectation, never an
        immune weapon (its results read No Effect)."""
        kill = len(info.chart["kill"])
        shaken = info.shaken
        last = info.intruders_in_play() <= 1
        k_value = self.p.kill_value if info.score + KILL_POINTS > 0 or not last else \
            self.p.defense_last_kill_value  # a kill that ends in a loss
        best: tuple[float, Action, str] | None = None
        for a in legal:
            if a.type == "no_defense":
                dies, killed, sleeps = defense_outcome(None, info.known, kill)
                what = "no Self Defense"
            elif a.type == "defend":
                if info.immune(a["weapon"]):
                    continue
                dies, killed, sleeps = defense_outcome(a["weapon"], info.known, kill, shaken)
                who = info.crew[a["crew"]]["name"]
                what = f"{who} defends with the {a['weapon']}"
            else:
                continue
            value = DEATH_POINTS * dies + k_value * killed + self.p.sleep_value * sleeps
            reason = (f"{what}: {dies:.0%} the target dies, {killed:.0%} it is killed"
                      + (f", {sleeps:.0%} asleep" if sleeps else ""))
            if best is None or value > best[0] + 1e-9:
                best = (value, a, reason)
        if best is None:
            return legal[0], "no Self Defense can help"
        return best[1], best[2]


# --- strategy shared by movement and actions ----------------------------------------------

def abandon(info: Info, p: Params | None = None) -> str | None:
    """Why the fight is lost and the crew should self-destruct and escape, or None.

    A draw (three or more escape) beats a loss: once even killing every Intruder left cannot
    make the score positive and a capture is out of reach, or the Intruder has grown too
    strong for the crew that is left (How to Win; R17, R18, R21)."""
    sd = info.sd
    if sd["box"] is not None or sd["stopped"]:
        return None
    if not any(c["role"] == "command" for c in info.active) or \
            len(info.active) < DRAW_SURVIVORS:
        return None  # no one to start the countdown, or too few left for a draw
    remaining = info.intruders_in_play()
    if stuck(info) and (not info.chart["humans_may_kill"] or
                        not any(t["at"] in STATION for t in info.intruders)):
        return (f"{info.boxes['clones_pending']} Clone(s) can come in only at a Panic, and with "
                "the Intruder held there can be none (R19): the self-destruct is the only end")
    p = p or Params()
    margin = info.score + KILL_POINTS * remaining
    capture = info.stage <= p.capture_until_stage and "extra_strong" not in info.known and \
        "immune_cold" not in info.known
    if margin <= 0 and not capture:
        return f"killing all {remaining} Intruder(s) left cannot make the score positive"
    if info.stage >= p.late_stage and info.dead >= p.late_dead and \
            margin + DEATH_POINTS <= 0:
        return f"Life Stage {info.stage} with {info.dead} crew dead: one more death loses"
    if "clone" in info.known and remaining >= p.clones_in_play and info.dead >= p.clones_dead:
        return f"the Clones multiply ({remaining} in play) and {info.dead} crew are dead"
    if len(info.active) <= p.few_crew and info.stage >= p.few_crew_stage:
        return f"only {len(info.active)} crew left against a stage {info.stage} Intruder"
    return None


def stuck(info: Info) -> bool:
    """Clones wait to come in at the next Panic, but every Intruder on the map is held
    (caged or controlled), which forbids Panic (R19): nothing else can happen until one dies."""
    if not info.boxes["clones_pending"]:
        return False
    met = [t for t in info.intruders if t["at"] in STATION]
    return info.hidden_intruders() == 0 and all(t["caged"] or t["controlled_by"] for t in met)


def capture_first(info: Info) -> bool:
    """Capture (Freezer, +15) rather than kill (+7): young (no killing allowed, R7), or a
    kill would not win (score)."""
    if not info.chart["humans_may_kill"]:
        return True
    if "immune_cold" in info.known:
        return False
    return info.score + KILL_POINTS * info.intruders_in_play() <= 0


def freezable(info: Info) -> bool:
    """Worth carrying a caged Intruder to the Freezer (R13): it cannot break out or resist."""
    return "immune_cold" not in info.known and "extra_strong" not in info.known


class ActionPlan:
    """Actions in an Interaction Phase (Crew Action Segment or the free actions, R23)."""

    def __init__(self, info: Info, p: Params) -> None:
        self.info = info
        self.p = p
        at = info.interaction_at
        if info.step == "crew_actions" and at is not None:
            self.places = [at]
        else:
            self.places = sorted(info.where)
        self.shuttle = at if at is not None and at.startswith("shuttle") else None

    def orders(self) -> Iterator[Order]:
        info = self.info
        if self.shuttle is not None:
            yield from self._shuttle_fight()
            return
        yield from self._freeze()
        why = abandon(info, self.p) if info.phase == "interaction2" else None
        if why is not None:
            for c in info.active:
                yield ("start_self_destruct", {"crew": c["id"]},
                       f"start the self-destruct: {why}")
        yield from self._leave()
        for at in self.places:
            for t in info.intruders:
                if t["at"] == at:
                    yield from self._intruder(t)
        yield from self._airlocks()
        yield from self._animals()
        for c in info.active:
            if c["role"] == "science" and c["at"] == "computer":
                for n in info.boxes["not_used"]:
                    if n["kind"] is None:
                        yield ("inventory", {"crew": c["id"], "target": n["token"]},
                               "inventory the Not Used box: fewer unknowns (R16)")
        for c in info.active:
            if c["holding"]:
                yield ("release", {"crew": c["id"]},
                       "no Cage at hand: let the Lab Animal go rather than stand idle")
        yield ("end_actions", {}, "nothing more worth doing here")

    def _freeze(self) -> Iterator[Order]:
        info = self.info
        inside = [t for t in info.intruders if t["at"] == "freezer"]
        if inside and not info.where.get("freezer") and "immune_cold" not in info.known:
            for c in info.active:
                yield ("freeze", {"crew": c["id"]},
                       "the Intruder is shut in the Freezer: turn it on (+15, R13)")

    def _leave(self) -> Iterator[Order]:
        info = self.info
        if not info.sd["shuttles_may_leave"]:
            return
        box = info.sd["box"]
        last = isinstance(box, int) and box <= 1  # the next countdown destroys the station
        # A group leaves as soon as it may, even when a shuttle with three has gone: shuttles
        # leave only in a Second Interaction Phase (R18), and an Intruder reaching the dock
        # before the last one can kill the waiting crew or take their actions (seed 710191
        # lost three that way). Waiting saved no stowaway roll: they left at the end anyway.
        for shuttle, dock in SHUTTLE_DOCK.items():
            here = info.where.get(dock, [])
            # in the crew's order, as the legal `leave` names them (sorted names never
            # matched a group of Science Officers and Engineers: they were left to die)
            waiting = [c["id"] for c in info.active
                       if c["id"] in here and not info.crew[c["id"]]["acted"]]
            if waiting and last:  # a stowaway's risk beats -5 each for certain
                crew = waiting[:SHUTTLE_CAPACITY]
                yield ("leave", {"shuttle": shuttle, "crew": tuple(crew)},
                       f"{len(crew)} crew leave in {name(shuttle)}: the station blows up at "
                       "the next countdown")
            elif len(waiting) >= min(DRAW_SURVIVORS, len(info.active)):
                crew = waiting[:SHUTTLE_CAPACITY]
                yield ("leave", {"shuttle": shuttle, "crew": tuple(crew)},
                       f"{len(crew)} crew leave in {name(shuttle)}: the marker is in the 4 box "
                       "or lower (R18)")

    def _intruder(self, t: CounterView) -> Iterator[Order]:
        """Deal with one face-up Intruder where crewmen may act: every possible action is
        valued as chance x worth (a Cage or the Freezer +15, a kill +7, control or sleep as
        steps toward them) and the best comes first; one action per crewman (R8)."""
        info = self.info
        token = t["token"]
        shaken = info.shaken
        kill_ok = bool(info.chart["humans_may_kill"])
        flush = stuck(info) and kill_ok  # kill a held one: its Panic brings the Clones in
        if t["caged"] and (freezable(info) or not kill_ok) and not flush:
            return  # caged: carried to the Freezer in the movement phase (R13, R14)
        if t["controlled_by"] and "immune_cold" not in info.known and not flush and \
                (capture_first(info) or not kill_ok):
            return  # controlled: walked to the Freezer (R11, R22)
        here = [c for c in info.active_all(t["at"]) if not c["acted"]]
        held = bool(t["caged"] or t["controlled_by"])
        strong = "extra_strong" in info.known
        cold = "immune_cold" in info.known
        # a caged Intruder is frozen (+15) or, Immune to Cold, trapped until stage 6 (R26)
        p_ = self.p
        v_cage = 0.0 if strong or info.in_shuttle(t["at"]) else \
            (p_.cage_value if not cold else p_.cage_value_cold)
        v_control = 0.0 if "immune_shock" in info.known or info.in_shuttle(t["at"]) else \
            (p_.control_value if not cold else p_.control_value_cold) if not kill_ok else \
            p_.control_value_killable
        v_kill = p_.kill_value if info.score + KILL_POINTS * info.intruders_in_play() > 0 or \
            info.intruders_in_play() > 1 else p_.last_kill_value
        if flush:
            v_cage = v_control = 0.0
        cagers = [c["id"] for c in here if info.empty_cage(c["id"])]
        options: list[tuple[float, int, Order]] = []
        for n, c in enumerate(here):
            cid = c["id"]
            kinds = info.kinds(cid)
            if not t["caged"] and cid in cagers and (t["asleep"] or info.stage == 1) and v_cage:
                p = cage_chance(t["asleep"])
                why = (f"cage it while it sleeps: a Cage holds it on 1-5 (R9) and a captured "
                       f"Intruder scores {CAPTURE_POINTS}") if t["asleep"] else \
                    (f"cage it while it is young: at Life Stage 1 a Cage holds it on 1-2, and "
                     f"a captured Intruder scores {CAPTURE_POINTS}")
                options.append((p * v_cage, n, ("cage", {"crew": cid, "target": token}, why)))
            if "prod" in kinds and not held and info.chart["control"] and v_control:
                p = len(info.chart["control"]) / 6
                options.append((p * v_control, n, ("prod", {"crew": cid, "target": token},
                                f"prod it: control on {p:.0%}, then the Freezer (R22)")))
            if kill_ok and may_kill(c["role"]):
                for w in [*dict.fromkeys(kinds), "improvised"]:
                    if w in LETHAL:
                        p = kill_chance(w, info.known, shaken)
                        if p > 0:
                            options.append((p * v_kill, n, (
                                "attack", {"crew": cid, "target": token, "weapon": w},
                                f"attack with the {w}: kills on {p:.0%}")))
            if "dart" in kinds and not t["asleep"] and not t["caged"]:
                p = sleep_chance(info.known, shaken)
                follow = cage_chance(True) * v_cage if [x for x in cagers if x != cid] else \
                    p_.own_cage_follow * cage_chance(True) * v_cage if cid in cagers else 0.0
                v_sleep = max(follow, p_.sleep_floor if kill_ok else p_.sleep_floor_young)
                if p > 0:
                    options.append((p * v_sleep, n, (
                        "attack", {"crew": cid, "target": token, "weapon": "dart"},
                        "Sleep Dart it: then it can be caged; asleep it neither moves nor "
                        "attacks (R9)")))
        for value, _, order in sorted(options, key=lambda o: (-o[0], o[1])):
            if value > 0:
                yield order

    def _airlocks(self) -> Iterator[Order]:
        """Open an airlock on what is inside (R15) when no crewman is in it and the risk of an
        Immune to Vacuum Intruder escaping is small."""
        info = self.info
        if "immune_vacuum" in info.known:
            return
        for lock, corridor in AIRLOCK_CONTROL.items():
            if info.where.get(lock):
                continue
            loose = [t for t in info.intruders if t["at"] == lock and not t["caged"]]
            hidden = info.facedown.get(lock, [])
            if loose and "fast_reflexes" not in info.known and info.unknown == 0:
                why = "the Intruder is in the airlock: open it and sweep it into space (R15)"
            elif hidden and not loose and info.unknown <= self.p.airlock_unknown and \
                    info.intruder_chance(lock) >= self.p.airlock_chance and \
                    "fast_reflexes" not in info.known:
                why = (f"{len(hidden)} counter(s) in the {name(lock)}, "
                       f"{info.intruder_chance(lock):.0%} it is the Intruder: open it (R15)")
            else:
                continue
            for cid in info.where.get(corridor, []):
                yield ("open_airlock", {"crew": cid, "airlock": lock}, why)

    def _animals(self) -> Iterator[Order]:
        """Recapture a Lab Animal when it is cheap: in the Lab with a Science Officer to
        transfer it (Second Interaction Phase), or with a spare empty Cage at hand."""
        info = self.info
        for t in info.animals:
            if t["at"] not in self.places or t["caged"]:
                continue
            here = [c for c in info.active if c["at"] == t["at"] and not c["acted"]]
            if any(i["at"] == t["at"] for i in info.intruders):
                continue
            if t["held_by"]:
                for c in here:
                    yield ("transfer", {"crew": c["id"], "target": t["token"]},
                           "put the Lab Animal in the permanent cages")
                    if c["role"] != "science":
                        yield ("cage_animal", {"crew": c["id"], "holder": t["held_by"]},
                               "cage the Lab Animal that was caught")
                continue
            sos = [c for c in here if c["role"] == "science"]
            lab = t["at"] == "lab" and info.phase == "interaction2" and sos
            cages = [c for c in here if info.empty_cage(c["id"]) and c["role"] != "science"]
            spare = bool(cages)
            if not (lab or spare):
                continue
            for c in here:
                if (lab and len(sos) == 1 and c["id"] == sos[0]["id"]) or \
                        (not lab and c in cages and len(cages) == 1):
                    continue  # he must stay free to transfer or cage it
                if not info.has_large(c["id"]) and len(info.carrying[c["id"]]) <= 1:
                    yield ("catch", {"crew": c["id"], "target": t["token"]},
                           "catch the Lab Animal: it can be put away at once")

    def _shuttle_fight(self) -> Iterator[Order]:
        """A stowaway (R24): kill it if the odds are good, else prepare and open the hatches."""
        info = self.info
        at = self.shuttle
        s = info.shuttles.get(at or "")
        prepared = s is not None and s["prepared"]
        t = next((t for t in info.intruders if t["at"] == at), None)
        if t is None:
            yield ("end_actions", {}, "nobody to fight")
            return
        hatch_ok = "fast_reflexes" not in info.known and "immune_vacuum" not in info.known
        if prepared and hatch_ok:
            for c in info.active_all(at or ""):
                yield ("open_hatches", {"crew": c["id"]},
                       "open the hatches: the crew is strapped in (Escape via Shuttle)")
        here = info.active_all(at or "")
        odds = 1.0
        for c in here:
            best = max((kill_chance(w, info.known) for w in [*info.kinds(c["id"]), "improvised"]
                        if w in LETHAL), default=0.0)
            if may_kill(c["role"]) and info.chart["humans_may_kill"]:
                odds *= 1 - best
        if hatch_ok and not prepared and 1 - odds < self.p.hatch_kill_odds:
            yield ("prepare_hatches", {}, "prepare to open the hatches (one whole segment)")
        yield from self._intruder(t)
        yield ("end_actions", {}, "nothing more to do in the shuttle")


Job = Literal["controller", "escort", "carrier", "leaving", "builder", "arming", "keyholder",
              "escape"]


class Role(NamedTuple):
    """One crewman's job this Crew Movement Phase: where it takes him (None: nowhere, he stays
    or his move is an order of its own) and why."""

    job: Job
    dest: str | None = None
    why: str = ""
    item: str | None = None  # the Cage a carrier comes to help carry
    build: tuple[str, ...] = ()  # what a builder builds, in order


Roles = dict[str, Role]  # crewman id -> his job (those without one hunt); in the order given


def give(roles: Roles, cid: str, role: Role) -> None:
    """Give a crewman a job. One whose old job took him nowhere goes to the end of the order,
    since errands are walked in the order they were given."""
    old = roles.get(cid)
    if old is not None and old.dest is None and role.dest is not None:
        del roles[cid]
    roles[cid] = role


@functools.lru_cache(maxsize=4096)
def wants_kit(role: str, have: tuple[str, ...], kind: str, trip: bool, prod_ok: bool,
              first: str, first_loose: bool, spare_below: int, unarmed: bool) -> bool:
    """MovePlan.wants worked out from all it depends on (so one answer serves every crewman
    alike, in every decision): his role and kit, the object's kind, whether it is a trip,
    whether prods are still wanted (Params.prod_until_stage), his first weapon and whether
    one lies loose, Params.spare_weapon_below and whether some fighter is unarmed."""
    if not can_carry([*have, kind]):
        return False
    if not may_kill(role):  # a dart and a Cage: he fires no lethal weapon (R6)
        return (kind == "dart" and "dart" not in have) or \
            (kind == "cage" and not any(is_large(k) for k in have))
    if kind == "prod":
        return "prod" not in have and prod_ok
    if kind == "flamethrower":
        return role == "engineer" and not any(is_large(k) for k in have)
    if kind in LETHAL_SMALL:
        if not any(k in LETHAL for k in have):
            return kind == first or not first_loose
        return role == "command" and kind not in have and \
            len(have) < spare_below and not unarmed and not trip
    return False


@functools.lru_cache(maxsize=4096)
def wanted_kinds(role: str, have: tuple[str, ...], trip: bool, prod_ok: bool, first: str,
                 first_loose: bool, spare_below: int, unarmed: bool) -> frozenset[str]:
    """Every kind of object `wants_kit` says yes to, for one kit in one situation."""
    return frozenset(kind for kind in OBJECTS if wants_kit(
        role, have, kind, trip, prod_ok, first, first_loose, spare_below, unarmed))


Kit = tuple[str, tuple[str, ...]]  # a crewman's role and the kinds he carries (Info.kit)


class MoveMemo:
    """What the steps of Crew Movement share: each crewman's wishes (`MovePlan.wanted`) and
    the object he would fetch (`MovePlan._arming_roles`) depend on his kit and place and on
    `facts`, nothing else: the objects no one carries (whole entries, compared by value),
    whether Prods are still wanted, whether a fighter is unarmed and the Params read. Kept
    while those facts are equal, so every answer is the one a fresh plan would work out."""

    def __init__(self) -> None:
        self.facts: tuple[object, ...] | None = None
        self.loose: dict[str, dict[str, ItemView]] = {}  # kind -> place -> first object
        self.wanted: dict[tuple[Kit, bool], frozenset[str]] = {}  # by (kit, trip)
        self.fetch: dict[tuple[Kit, str | None], Role | None] = {}  # by (kit, place)
        self.loose_kinds: frozenset[str] | None = None  # MovePlan.loose_item's

    def renew(self, facts: tuple[object, ...]) -> None:
        """Keep the answers if `facts` equal the last ones, else forget them."""
        if facts != self.facts:
            self.facts = facts
            self.loose = {}
            self.wanted = {}
            self.fetch = {}
            self.loose_kinds = None


class MovePlan:
    """The Crew Movement Phase, recomputed from the view at every step: first who does what
    (`roles`), then the orders that carry it out (`orders`). What depends only on facts that
    most steps leave unchanged is shared through a `MoveMemo` (by default, a fresh one)."""

    def __init__(self, info: Info, p: Params, memo: MoveMemo | None = None) -> None:
        self.info = info
        self.p = p
        self.free = [c for c in info.active if info.free(c)]
        self._teams: list[list[str]] | None = None
        self.freezer_run = self._freezer_run()
        self.cages = self._caged() if self.freezer_run else []
        self._unarmed: bool | None = None
        self._worth: dict[str, tuple[float, int]] | None = None  # see _counters
        # one walk of the objects: those free for the taking (no carrier, nothing inside) by
        # place, in the view's order, and the facts of every object no one carries
        lying: dict[str | None, list[ItemView]] = {}
        uncarried: list[tuple[str, str, str | None, str | None]] = []
        self.track: list[ItemView] = []  # on the Construction track (info.items_at("track"))
        for item in info.items.values():
            at = item["at"]
            if at == "track":
                self.track.append(item)
            if not item["carriers"]:
                uncarried.append((item["id"], item["kind"], at, item["contents"]))
                if not item["contents"]:
                    if at in lying:
                        lying[at].append(item)
                    else:
                        lying[at] = [item]
        self._lying = lying
        self._uncarried = uncarried
        # the memo shared across steps, renewed for the facts its answers depend on: every
        # object no one carries, Prods still wanted, a fighter unarmed, and the Params that
        # `wanted` and `_fetch` read
        self._memo = memo = memo if memo is not None else MoveMemo()
        memo.renew((uncarried, info.stage <= p.prod_until_stage, self.unarmed(),
                    p.fetch_range, p.spare_weapon_below, tuple(p.first_weapon.items())))
        # why the crew runs for the shuttles, if it does
        self.escape = "the self-destruct is running: make for the shuttles" \
            if info.sd["box"] is not None else abandon(info, p)

    # the roles step ---------------------------------------------------------------------

    def roles(self) -> Roles:
        """Who does what, in this order of precedence: everyone runs for the shuttles when
        the fight is lost; else the crewmen driving a prodded Intruder and their teams, the
        carriers of a caged one, those stepping out of the Freezer, the builders, the weapon
        fetchers and the keyholder of the Arms Room. The rest hunt (see `groups`)."""
        roles: Roles = {}
        if self.escape is not None:
            self._escape_roles(roles, self.escape)
            return roles
        self._drive_roles(roles)
        self._carry_roles(roles)
        self._build_roles(roles)
        self._arming_roles(roles)
        return roles

    def _escape_roles(self, roles: Roles, why: str) -> None:
        """To the shuttle docks (four seats each), the nearest first; one Command Officer goes
        to the Command Module to start the countdown (R17)."""
        info = self.info
        starter = None
        if info.sd["box"] is None:
            cos = sorted((c for c in self.free if c["role"] == "command"),
                         key=lambda c: (dist(c["at"], "command"), c["id"]))
            if cos:
                starter = cos[0]["id"]
        seats = dict.fromkeys(ESCAPE_DOCKS, SHUTTLE_CAPACITY)
        for c in sorted(self.free, key=lambda c: (min(dist(c["at"], d) for d in seats),
                                                  c["id"])):
            if c["id"] == starter:
                give(roles, c["id"], Role("escape", "command", f"start the self-destruct: {why}"))
                continue
            open_docks = [d for d, n in seats.items() if n > 0]
            if not open_docks:
                break
            dock = min(open_docks, key=lambda d: (dist(c["at"], d), d))
            seats[dock] -= 1
            give(roles, c["id"], Role("escape", dock, f"to {name(dock)}: {why}"))

    def teams(self) -> list[list[str]]:
        """The roster's hunting teams (worked out when first needed)."""
        if self._teams is None:
            self._teams = teams(self.info.roster)
        return self._teams

    def _drives(self) -> bool:
        """A prodded Intruder is walked to the Freezer, unless it cannot be frozen (Immune to
        Cold) or a Panic is needed (R19) and the crew may kill it where it is."""
        info = self.info
        return not (("immune_cold" in info.known or stuck(info)) and
                    info.chart["humans_may_kill"])

    def _drive_roles(self, roles: Roles) -> None:
        """The controller stays on his Intruder; his team escorts him where he goes next."""
        info = self.info
        for c in info.active:
            if not c["controlling"]:
                continue
            cid, at = c["id"], c["at"]
            roles[cid] = Role("controller")
            if not self._drives() or at is None:
                continue
            if at == "command":
                self._escort(roles, cid, "command")
            else:
                nxt = step_toward(at, "command")
                self._escort(roles, cid, at if c["mp"] < DRIVE_MP else (nxt or at))

    def _escort(self, roles: Roles, cid: str, at: str) -> None:
        """The controller's team stays with him (to unlock the Freezer and to fight)."""
        free = {c["id"] for c in self.free}
        for g in self.teams():
            if cid in g:
                for o in g:
                    if o != cid and o not in roles and o in free:
                        give(roles, o, Role("escort", at, "stay with the prodded Intruder"))

    def _freezer_run(self) -> bool:
        """Caged Intruders are carried to the Freezer (R13): it cannot break out or resist,
        and no Panic is needed to bring the Clones in (R19)."""
        info = self.info
        return freezable(info) and not (stuck(info) and info.chart["humans_may_kill"])

    def _caged(self) -> list[ItemView]:
        """The Cages on the station holding a seen Intruder."""
        info = self.info
        held = {t["token"] for t in info.intruders}
        return [item for item in info.items.values()
                if item["kind"] == "cage" and item["contents"] and item["at"] in STATION
                and item["contents"] in held]

    def _carrying(self) -> tuple[list[tuple[ItemView, int]], list[CrewView]]:
        """Carrying caged Intruders to the Freezer (R13), set up once for the roles and the
        orders: each Cage with the bearers it still lacks of the 1, 2 or 3 its stage needs
        (R14; none once in the Freezer), in the Cages' order, and the crewmen in the Freezer
        who step out before it is turned on; nothing unless the crew is on a freezer run."""
        info = self.info
        if not self.freezer_run:
            return [], []
        need = info.chart["cage_carriers"]
        cages = [(item, 0 if item["at"] == "freezer" else max(need - len(item["carriers"]), 0))
                 for item in self.cages]
        return cages, [c for c in info.active if c["at"] == "freezer" and c["mp"]]

    def _carry_roles(self, roles: Roles) -> None:
        """Each caged Intruder's carriers, and the nearest free crewmen to make up the
        bearers it lacks; those in the Freezer step out before it is turned on."""
        info = self.info
        cages, leaving = self._carrying()
        for item, lacking in cages:
            if item["at"] == "freezer":
                continue
            for cid in item["carriers"]:
                roles[cid] = Role("carrier")
            if lacking:
                spare = sorted((c for c in self.free if c["id"] not in roles),
                               key=lambda c: (dist(c["at"], item["at"]),
                                              info.has_large(c["id"]), c["id"]))
                for c in spare[:lacking]:
                    give(roles, c["id"], Role("carrier", item["at"],
                                              "help carry the caged Intruder", item=item["id"]))
        for c in leaving:
            roles.setdefault(c["id"], Role("leaving"))

    def _build_roles(self, roles: Roles) -> None:
        """The builders named in Params go to Maintenance while the track has their work."""
        info = self.info
        if info.stage >= self.p.build_until_stage:
            return
        track = {i["kind"] for i in self.track}
        if not track:
            return  # nothing left to build
        for b in self.p.builders:
            c = nth(info.roster, b.role, b.rank)
            if c is None or c["status"] != "active" or c["at"] not in STATION or \
                    c["id"] in roles or not info.free(c):
                continue
            cid = c["id"]
            todo = [k for k in b.kinds if k in track and k not in info.kinds(cid)]
            if todo and info.fits(cid, todo[0]):
                give(roles, cid, Role("builder", CONSTRUCTION_AT,
                                      f"build a {todo[0]} in Maintenance", build=b.kinds))

    def _arming_roles(self, roles: Roles) -> None:
        """Fetch the kit: the Arms Room (a Command Officer must unlock it this phase, R12),
        Cages from the Lab, and weapons lying anywhere near (a dead man's, after Panic)."""
        memo = self._memo
        loose = memo.loose
        if not loose:  # the objects lying for the taking: by kind, then place, the first
            # by id there (the others in that place rank after it)
            for at, lying in self._lying.items():
                if at not in STATION:
                    continue
                for i in lying:
                    there = loose.setdefault(i["kind"], {})
                    first = there.get(at)
                    if first is None or i["id"] < first["id"]:
                        there[at] = i
            if not loose:
                return
        fetch = memo.fetch
        kit = self.info.kit
        for c in self.free:
            cid = c["id"]
            if cid in roles:
                continue
            asked = (kit(cid), c["at"])
            if asked in fetch:
                role = fetch[asked]
            else:
                role = fetch[asked] = self._fetch(cid, c["at"], loose)
            if role is not None:
                give(roles, cid, role)
        if any(r.job == "arming" and r.dest == "arms" for r in roles.values()):
            cos = sorted((c for c in self.free if c["role"] == "command"),
                         key=lambda c: (dist(c["at"], "command"), c["id"]))
            if cos and not any(c["id"] in roles and roles[c["id"]].job == "arming" and
                               dist(c["at"], "command") <= 1 for c in cos):
                key = cos[0]["id"]
                if key not in roles or roles[key].job not in ("arming", "builder", "carrier"):
                    give(roles, key, Role("keyholder", "command",
                                          "open the Arms Room for the others"))

    def _fetch(self, cid: str, here: str | None,
               loose: dict[str, dict[str, ItemView]]) -> Role | None:
        """His errand to the nearest object he would walk for (then outside the Arms Room,
        then by id), if within Params.fetch_range; None if none."""
        near: tuple[tuple[int, bool, str], ItemView] | None = None
        for kind in self.wanted(cid, trip=True):
            for place, i in loose.get(kind, {}).items():
                if place == here:
                    continue
                rank = (dist(here, place), place == "arms", i["id"])
                if near is None or rank < near[0]:
                    near = (rank, i)
        if near is None or near[0][0] > self.p.fetch_range:
            return None
        item = near[1]
        at = item["at"]
        assert at is not None  # it lies on the station
        kind = "Cage" if item["kind"] == "cage" else item["kind"]
        where = "the Arms Room" if at == "arms" else name(at)
        return Role("arming", at, f"fetch a {kind} from {where}")

    def lying(self) -> dict[str | None, list[ItemView]]:
        """The objects free for the taking (no carrier, nothing inside) by place, in the
        view's order (worked out once for the plan's roles and orders)."""
        return self._lying

    def memo(self) -> MoveMemo:
        """The memo shared across steps, renewed for this step's facts."""
        return self._memo

    def wants(self, cid: str, kind: str, trip: bool = False) -> bool:
        """Would he pick up an object of this kind (his kit, if it fits)? With `trip`, only
        what is worth a walk: a spare weapon is taken only where he stands."""
        return kind in self.wanted(cid, trip)

    def wanted(self, cid: str, trip: bool = False) -> frozenset[str]:
        """Every kind of object he would pick up (`wants`), worked out once per kit."""
        kit = self.info.kit(cid)
        key = (kit, trip)
        known = self._memo.wanted
        out = known.get(key)
        if out is None:
            role, have = kit
            p = self.p
            first = p.first_weapon.get(role, "")
            out = known[key] = wanted_kinds(
                role, have, trip, self.info.stage <= p.prod_until_stage, first,
                self.loose_item(first), p.spare_weapon_below, self.unarmed())
        return out

    def loose_item(self, kind: str) -> bool:
        """An object of this kind lies on the station (or in the Arms Room) for the taking:
        no one carries it (it may hold something)."""
        kinds = self._memo.loose_kinds
        if kinds is None:  # once per memo: the facts it is kept for are these objects'
            kinds = self._memo.loose_kinds = frozenset(
                [k for _, k, at, _ in self._uncarried if at in STATION])
        return kind in kinds

    def unarmed(self) -> bool:
        """Some Command Officer or Engineer still has no lethal weapon."""
        if self._unarmed is None:
            info = self.info
            self._unarmed = False
            for c in info.active:
                if may_kill(c["role"]) and LETHAL.isdisjoint(info.kinds(c["id"])):
                    self._unarmed = True
                    break
        return self._unarmed

    # the orders step --------------------------------------------------------------------

    def orders(self, roles: Roles) -> Iterator[Order]:
        """Orders, best first, that carry out `roles`; the others hunt in their teams."""
        info = self.info
        for c in info.active:
            if c["holding"]:
                yield ("release", {"crew": c["id"]},
                       "a crewman holding a Lab Animal cannot move: let it go")
        if self.escape is not None:
            yield from self._escape(roles)
            return
        yield from self._drive()
        yield from self._carry(roles)
        yield from self._unlock(roles)
        yield from self._pickups(roles)
        yield from self._construct(roles)
        yield from self._errands(roles)
        yield from self._hunt(roles)
        yield ("end_movement", {}, "everyone is where he should be")

    def _escape(self, roles: Roles) -> Iterator[Order]:
        """Let go, take up the kit at hand, and walk to the docks away from known danger."""
        info = self.info
        avoid = {t["at"] for t in info.loose()} | set(info.facedown)
        for c in info.active:
            if c["controlling"]:
                yield ("let_go", {"crew": c["id"]}, "let go of the Intruder and run")
        caged = {t["token"] for t in info.intruders if t["caged"]}
        for c in info.active:  # a Cage's bearers move only together, and only enough (R14)
            for item in info.carrying[c["id"]]:
                if item["contents"] in caged:
                    yield ("drop", {"crew": c["id"], "item": item["id"]},
                           "set the caged Intruder down and run: its bearers move together "
                           "or not at all (R14)")
        yield from self._pickups(roles)
        for cid, r in roles.items():
            c = info.crew[cid]
            if r.dest is None or c["at"] == r.dest or not c["mp"]:
                continue
            route = safe_path(c["at"], r.dest, avoid)
            if route:
                yield ("move", {"crew": cid, "to": route[0]}, r.why)
        yield ("end_movement", {}, "waiting at the docks")

    def _drive(self) -> Iterator[Order]:
        """A prodded Intruder is walked to the Command Module, one compartment a turn (R11),
        forced into the unlocked Freezer (R22) and frozen in the Second Interaction Phase."""
        info = self.info
        for c in info.active:
            if not c["controlling"] or not self._drives():
                continue
            cid = c["id"]
            if c["at"] == "command":
                if c["mp"] >= DRIVE_MP:
                    for o in self.free:
                        if o["at"] == "command" and "freezer" not in info.unlocked:
                            yield ("unlock", {"crew": o["id"], "room": "freezer"},
                                   "unlock the Freezer for the prodded Intruder")
                    yield ("force_into_freezer", {"crew": cid},
                           "force the Intruder into the Freezer (R22)")
            else:
                nxt = step_toward(c["at"], "command")
                if nxt is not None and c["mp"] >= DRIVE_MP:
                    yield ("move", {"crew": cid, "to": nxt},
                           "drive the prodded Intruder toward the Freezer (R11)")

    def _carry(self, roles: Roles) -> Iterator[Order]:
        """Carry a caged Intruder to the Freezer, drop it inside and step out; it is frozen in
        the Second Interaction Phase (R13). Helpers first take it up (R14)."""
        info = self.info
        cages, leaving = self._carrying()
        for item, lacking in cages:
            if item["at"] == "freezer":
                for cid in item["carriers"]:
                    yield ("drop", {"crew": cid, "item": item["id"]},
                           "leave the caged Intruder in the Freezer")
                continue
            carriers = list(item["carriers"])
            if lacking:
                for cid, r in roles.items():
                    if r.item != item["id"] or info.crew[cid]["at"] != item["at"]:
                        continue
                    if info.has_large(cid):
                        big = next(i for i in info.carrying[cid] if is_large(i["kind"]))
                        yield ("drop", {"crew": cid, "item": big["id"]},
                               "free his hands to carry the caged Intruder")
                    yield ("pick_up", {"crew": cid, "item": item["id"]},
                           "take up the caged Intruder")
                continue
            lead = info.crew[carriers[0]]
            at = lead["at"]
            mp = min(info.crew[x]["mp"] for x in carriers)
            if at == "command":
                # into the Freezer and out again this phase
                if mp >= move_cost("freezer", controlling=False) + \
                        move_cost("command", controlling=False):
                    if "freezer" not in info.unlocked:
                        for o in self.free:
                            if o["at"] == "command":
                                yield ("unlock", {"crew": o["id"], "room": "freezer"},
                                       "unlock the Freezer for the caged Intruder")
                    yield ("move", {"crew": lead["id"], "to": "freezer"},
                           "carry the caged Intruder into the Freezer")
            else:
                nxt = step_toward(at, "command")
                if nxt is not None:
                    yield ("move", {"crew": lead["id"], "to": nxt},
                           "carry the caged Intruder toward the Freezer")
        for c in leaving:
            yield ("move", {"crew": c["id"], "to": "command"},
                   "out of the Freezer before it is turned on")

    def _unlock(self, roles: Roles) -> Iterator[Order]:
        """A Command Officer in the Command Module unlocks the Arms Room when a fetcher can
        reach it this phase (R12)."""
        info = self.info
        if "arms" in info.unlocked:
            return
        coming = [cid for cid, r in roles.items() if r.job == "arming" and r.dest == "arms" and
                  dist(info.crew[cid]["at"], "command") < info.crew[cid]["mp"]]
        if not coming:
            return
        for c in self.free:
            if c["role"] == "command" and c["at"] == "command":
                yield ("unlock", {"crew": c["id"], "room": "arms"},
                       "unlock the Arms Room: crewmen are coming for weapons")

    def _pickups(self, roles: Roles) -> Iterator[Order]:
        """Set caged Lab Animals down, and pick up the kit lying where one stands."""
        info = self.info
        for c in self.free:
            for item in info.carrying[c["id"]]:
                if item["kind"] == "cage" and item["contents"] and \
                        item["contents"] not in {t["token"] for t in info.intruders}:
                    yield ("drop", {"crew": c["id"], "item": item["id"]},
                           "set the caged Lab Animal down: hands free for the hunt")
        lying = self._lying
        for c in self.free:
            cid = c["id"]
            if cid in roles and roles[cid].job == "carrier":
                continue
            here = lying.get(c["at"])
            if not here:
                continue
            wanted = self.wanted(cid)
            for item in here:
                if item["kind"] in wanted:
                    yield ("pick_up", {"crew": cid, "item": item["id"]}, use_of(item))

    def _construct(self, roles: Roles) -> Iterator[Order]:
        """Builders in Maintenance work on the first of their weapons they lack (Construct
        Weapons: one Engineer's turn a turn on each)."""
        info = self.info
        for cid, r in roles.items():
            if r.job != "builder" or info.crew[cid]["at"] != CONSTRUCTION_AT:
                continue
            for kind in r.build:
                if kind in info.kinds(cid):
                    continue
                for item in sorted(self.track, key=lambda i: (-i["progress"], i["id"])):
                    if item["kind"] == kind and \
                            info.worked.get(item["id"]) != info.turn:
                        yield ("construct", {"crew": cid, "item": item["id"]},
                               f"turn {item['progress'] + 1} of {item['needed']} of its "
                               f"building: {use_of(item)}")
                break

    def _errands(self, roles: Roles) -> Iterator[Order]:
        """Builders, weapon fetchers, the keyholder, helping carriers and escorts walk to where
        they are needed, avoiding counters on the way where possible."""
        info = self.info
        avoid = set(info.facedown) | {t["at"] for t in info.loose()}
        for cid, r in roles.items():
            c = info.crew[cid]
            if r.dest is None or c["at"] == r.dest or not c["mp"] or (r.job == "carrier" and any(
                    cid in i["carriers"] for i in info.items.values() if i["contents"])):
                continue
            route = safe_path(c["at"], r.dest, avoid)
            if route:
                yield ("move", {"crew": cid, "to": route[0]}, r.why)

    # hunting ----------------------------------------------------------------------------

    def groups(self, roles: Roles) -> list[list[str]]:
        """Hunting groups: the roster's teams, less the busy; a lone hunter joins another."""
        hunters = {c["id"] for c in self.free if c["id"] not in roles}
        out = [[x for x in g if x in hunters] for g in self.teams()]
        out = [g for g in out if g]
        big = [g for g in out if len(g) >= 2]
        if not big:
            return [[x for g in out for x in g]] if out else []
        for g in [g for g in out if len(g) == 1]:
            home = min(big, key=lambda b: dist(self.info.crew[g[0]]["at"],
                                               self.info.crew[b[0]]["at"]))
            home.append(g[0])
        return big

    def _hunt(self, roles: Roles) -> Iterator[Order]:
        """Each group's leader walks toward its target with the group gathered around him;
        the others follow. A group stops on counters (the Interaction comes next)."""
        info = self.info
        taken: set[str] = set()
        avoid = set(info.facedown) | {t["at"] for t in info.loose()}
        for g in self.groups(roles):
            here = info.crew[g[0]]["at"]  # the leader's place
            if here is None:
                continue  # never: hunters are on the station
            for cid in g[1:]:
                c = info.crew[cid]
                if c["at"] != here and c["mp"]:
                    route = safe_path(c["at"], here, avoid - {here})
                    if route:
                        yield ("move", {"crew": cid, "to": route[0]}, "keep with the group")
            # the target only now: the orders above do not need it, and are often taken
            target, why = self._target(g, taken)
            taken.add(target)
            if here == target or (here in info.facedown):
                continue
            nxt = step_toward(here, target)
            if nxt is None:
                continue
            cost = move_cost(nxt, controlling=False)
            if nxt in SECURED and nxt not in info.unlocked:
                for cid in g:
                    yield ("unlock", {"crew": cid, "room": nxt},
                           f"unlock the {name(nxt)}: the Intruder is inside (R12)")
            if all(info.crew[x]["at"] == here and info.crew[x]["mp"] >= cost for x in g):
                yield ("move", {"crew": g[0], "to": nxt}, why)

    def _counters(self) -> dict[str, tuple[float, int]]:
        """Each place on the station with face-down counters: what searching it is worth
        (the chance one is the Intruder, and the decoys cleared) and how many there are;
        worked out once per plan for every group."""
        if self._worth is None:
            info = self.info
            decoy = self.p.decoy_value
            self._worth = {where: (info.intruder_chance(where) + decoy * len(tokens),
                                   len(tokens))
                           for where, tokens in info.facedown.items() if where in STATION}
        return self._worth

    def _target(self, g: list[str], taken: set[str]) -> tuple[str, str]:
        """Where a group goes: face-down counters (each may be the Intruder) and free
        Intruders it can fight or capture, the nearer the better."""
        info = self.info
        p = self.p
        at = info.crew[g[0]]["at"]
        kinds = {k for x in g for k in info.kinds(x)}
        roles = {info.crew[x]["role"] for x in g}
        armed = bool(kinds & WEAPONS)
        can_kill = info.chart["humans_may_kill"] and (
            bool(kinds & LETHAL) or any(may_kill(r) for r in roles))
        can_capture = ("prod" in kinds and "immune_shock" not in info.known
                       and bool(info.chart["control"])) or \
            ("cage" in kinds and ("dart" in kinds or info.stage == 1) and
             "extra_strong" not in info.known)
        best: tuple[float, str, int] | None = None  # score, place, counters (-1: seen)
        targets = info.loose()
        if stuck(info) and info.chart["humans_may_kill"]:
            targets = [t for t in info.intruders if t["at"] in STATION]
        for t in targets:
            if t["at"].startswith("shuttle"):
                continue
            fight = can_capture if capture_first(info) else (can_kill or can_capture)
            if not fight:
                continue
            d = dist(at, t["at"])
            score = p.seen_value / (1 + d / p.distance_scale) - \
                (p.shared_seen if t["at"] in taken else 0)
            if best is None or score > best[0]:
                best = (score, t["at"], -1)
        if armed:
            places = list(dict.fromkeys([info.crew[x]["at"] for x in g]))  # the group's
            for where, (value, n) in self._counters().items():
                d = max([dist(a, where) for a in places])  # to its farthest member
                score = value / (1 + d / p.distance_scale) - \
                    (p.shared_counters if where in taken else 0)
                if best is None or score > best[0]:
                    best = (score, where, n)
        if best is None:
            return "command", "no target: wait in the Command Module"
        where, n = best[1], best[2]
        if n < 0:
            return where, f"hunt the Intruder seen in {name(where)}"
        return where, f"search {n} counter(s) in {name(where)}"
