"""A rule-based crew player that plays like a sensible person at the table.

It arms up early (a Command Officer unlocks the Arms Room, crewmen fetch Blasters, Gas and
Sleep Darts, Science Officers take the Cages from the Lab), sends Engineers to build a Prod and
Flamethrowers in Maintenance, keeps the rest in three groups that hunt face-down counters
together, cages (Sleep Dart, then a Cage) or prods a young Intruder and takes it to the Freezer
(R22), kills it once the rules allow (stage 3 on, never with a Science Officer, R6), picks the
Self Defense with the best odds, recaptures Lab Animals when it costs nothing, opens an airlock
on a counter inside when that is safe enough, and when the fight is lost starts the
self-destruct and escapes in a shuttle. Every choice comes with a one-line reason.

Stateless: each decision is computed from the crew view alone, so the same view always gives
the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action
from ..charts import is_large
from ..crew_movement import move_cost
from ..station import AIRLOCK_CONTROL, SECURED, SHUTTLE_DOCK, name
from .common import (
    STATION,
    Info,
    defense_outcome,
    dist,
    find,
    kill_chance,
    safe_path,
    sleep_chance,
    step_toward,
)
from .policy import Choice

Order = tuple[str, dict[str, Any], str]  # action type, arguments, reason

LETHAL_SMALL = ("blaster", "gas")
TEAM_ROLES = ("command", "science", "engineer")  # the order of a hunting team's members


def teams(crew: list[dict[str, Any]]) -> list[list[str]]:
    """Hunting teams from the roster: the crewmen sharing a number (Command Officer 1,
    Science Officer 1, Engineer 1, ...), each team in TEAM_ROLES order."""
    by_number: dict[str, list[dict[str, Any]]] = {}
    for c in crew:
        by_number.setdefault(c["id"][-1], []).append(c)
    return [[c["id"] for c in sorted(team, key=lambda c: TEAM_ROLES.index(c["role"]))]
            for _, team in sorted(by_number.items())]


@dataclass
class Params:
    """The heuristic's knobs (defaults are what the balance lab measures)."""

    builders: dict[str, tuple[str, ...]] = field(default_factory=lambda: {
        "en2": ("prod", "flamethrower"), "en1": ("flamethrower",)})
    build_until_stage: int = 4  # no new construction from this stage on
    airlock_unknown: int = 2  # open an airlock on face-down counters with at most this many
    decoy_value: float = 0.15  # worth of clearing one face-down counter, beside the Intruder
    sleep_value: float = 1.5  # worth of a sleeping Intruder (no attack, no move, cageable)
    # when the fight is lost (self-destruct and escape): see abandon()
    clones_in_play: int = 3  # Clone is known and this many Intruders remain ...
    clones_dead: int = 2  # ... and this many crewmen are dead
    late_stage: int = 5  # from this stage with `late_dead` dead, when one more death loses
    late_dead: int = 2
    few_crew: int = 4  # this few crewmen left against a stage 4+ Intruder
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


class HeuristicPolicy:
    """Rule-based crew: arms, builds, hunts in groups, captures young, kills grown, escapes."""

    name = "heuristic"

    def __init__(self, params: Params | None = None) -> None:
        self.p = params or Params()

    def choose(self, view: dict[str, Any], legal: list[Action],
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
            orders: Iterator[Order] = MovePlan(info, self.p).orders()
        else:
            orders = ActionPlan(info, self.p).orders()
        for type, args, reason in orders:
            a = find(legal, type, **args)
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
        shaken = bool((info.bk.get("sub") or {}).get("shaken"))
        last = info.intruders_in_play() <= 1
        k_value = self.p.kill_value if info.score + 7 > 0 or not last else \
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
            value = -5 * dies + k_value * killed + self.p.sleep_value * sleeps
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
    if not any(c["role"] == "command" for c in info.active) or len(info.active) < 3:
        return None
    remaining = info.intruders_in_play()
    if stuck(info) and (not info.chart["humans_may_kill"] or
                        not any(t["at"] in STATION for t in info.intruders)):
        return (f"{info.boxes['clones_pending']} Clone(s) can come in only at a Panic, and with "
                "the Intruder held there can be none (R19): the self-destruct is the only end")
    margin = info.score + 7 * remaining
    capture = info.stage <= 4 and "extra_strong" not in info.known and \
        "immune_cold" not in info.known
    if margin <= 0 and not capture:
        return f"killing all {remaining} Intruder(s) left cannot make the score positive"
    p = p or Params()
    if info.stage >= p.late_stage and info.dead >= p.late_dead and margin - 5 <= 0:
        return f"Life Stage {info.stage} with {info.dead} crew dead: one more death loses"
    if "clone" in info.known and remaining >= p.clones_in_play and info.dead >= p.clones_dead:
        return f"the Clones multiply ({remaining} in play) and {info.dead} crew are dead"
    if len(info.active) <= p.few_crew and info.stage >= 4:
        return f"only {len(info.active)} crew left against a stage {info.stage} Intruder"
    return None


def stuck(info: Info) -> bool:
    """Clones wait to come in at the next Panic, but every Intruder on the map is held
    (caged or controlled), which forbids Panic (R19): nothing else can happen until one dies."""
    met = [t for t in info.intruders if t["at"] in STATION]
    return bool(info.boxes["clones_pending"]) and info.hidden_intruders() == 0 and \
        all(t["caged"] or t["controlled_by"] for t in met)


def capture_first(info: Info) -> bool:
    """Capture (Freezer, +15) rather than kill (+7): young (no killing allowed, R7), or a
    kill would not win (score)."""
    if not info.chart["humans_may_kill"]:
        return True
    if "immune_cold" in info.known:
        return False
    return info.score + 7 * info.intruders_in_play() <= 0


def freezable(info: Info) -> bool:
    """Worth carrying a caged Intruder to the Freezer (R13): it cannot break out or resist."""
    return "immune_cold" not in info.known and "extra_strong" not in info.known


class ActionPlan:
    """Actions in an Interaction Phase (Crew Action Segment or the free actions, R23)."""

    def __init__(self, info: Info, p: Params) -> None:
        self.info = info
        self.p = p
        d = info.decision
        at = d.get("at")
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
        gone = info.escaped + sum(len(s["crew"]) for s in info.view["shuttles"].values()
                                  if s["departed"] and s["fight"])
        if gone >= 3:
            return
        for shuttle, dock in SHUTTLE_DOCK.items():
            waiting = [c for c in info.where.get(dock, []) if not info.crew[c]["acted"]]
            if len(waiting) >= min(3, len(info.active)):
                crew = sorted(waiting)[:4]
                yield ("leave", {"shuttle": shuttle, "crew": tuple(crew)},
                       f"{len(crew)} crew leave in {name(shuttle)}: the marker is in the 4 box "
                       "or lower (R18)")

    def _intruder(self, t: dict[str, Any]) -> Iterator[Order]:
        """Deal with one face-up Intruder where crewmen may act: every possible action is
        valued as chance x worth (a Cage or the Freezer +15, a kill +7, control or sleep as
        steps toward them) and the best comes first; one action per crewman (R8)."""
        info = self.info
        token = t["token"]
        shaken = bool((info.bk.get("sub") or {}).get("shaken"))
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
        v_kill = p_.kill_value if info.score + 7 * info.intruders_in_play() > 0 or \
            info.intruders_in_play() > 1 else p_.last_kill_value
        if flush:
            v_cage = v_control = 0.0
        cagers = [c["id"] for c in here if info.empty_cage(c["id"])]
        options: list[tuple[float, int, Order]] = []
        for n, c in enumerate(here):
            cid = c["id"]
            kinds = info.kinds(cid)
            if not t["caged"] and cid in cagers and (t["asleep"] or info.stage == 1) and v_cage:
                p = 5 / 6 if t["asleep"] else 2 / 6
                why = "the Intruder sleeps: cage it (1-5, R9)" if t["asleep"] else \
                    "cage it awake: Life Stage 1 allows it on 1-2"
                options.append((p * v_cage, n, ("cage", {"crew": cid, "target": token}, why)))
            if "prod" in kinds and not held and info.chart["control"] and v_control:
                p = len(info.chart["control"]) / 6
                options.append((p * v_control, n, ("prod", {"crew": cid, "target": token},
                                f"prod it: control on {p:.0%}, then the Freezer (R22)")))
            if kill_ok and c["role"] != "science":  # ruling R6
                for w in [*dict.fromkeys(kinds), "improvised"]:
                    if w in ("blaster", "gas", "flamethrower", "improvised"):
                        p = kill_chance(w, info.known, shaken)
                        if p > 0:
                            options.append((p * v_kill, n, (
                                "attack", {"crew": cid, "target": token, "weapon": w},
                                f"attack with the {w}: kills on {p:.0%}")))
            if "dart" in kinds and not t["asleep"] and not t["caged"]:
                p = sleep_chance(info.known, shaken)
                follow = 5 / 6 * v_cage if [x for x in cagers if x != cid] else \
                    5 / 12 * v_cage if cid in cagers else 0.0
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
        s = info.view["shuttles"].get(at or "", {})
        t = next((t for t in info.intruders if t["at"] == at), None)
        if t is None:
            yield ("end_actions", {}, "nobody to fight")
            return
        hatch_ok = "fast_reflexes" not in info.known and "immune_vacuum" not in info.known
        if s.get("prepared") and hatch_ok:
            for c in info.active_all(at or ""):
                yield ("open_hatches", {"crew": c["id"]},
                       "open the hatches: the crew is strapped in (Escape via Shuttle)")
        here = info.active_all(at or "")
        odds = 1.0
        for c in here:
            best = max((kill_chance(w, info.known) for w in [*info.kinds(c["id"]), "improvised"]
                        if w in ("blaster", "gas", "flamethrower", "improvised")), default=0.0)
            if c["role"] != "science" and info.chart["humans_may_kill"]:
                odds *= 1 - best
        if hatch_ok and not s.get("prepared") and 1 - odds < 0.75:
            yield ("prepare_hatches", {}, "prepare to open the hatches (one whole segment)")
        yield from self._intruder(t)
        yield ("end_actions", {}, "nothing more to do in the shuttle")


class MovePlan:
    """The Crew Movement Phase: who goes where, recomputed from the view at every step."""

    def __init__(self, info: Info, p: Params) -> None:
        self.info = info
        self.p = p
        self.role: dict[str, str] = {}
        self.dest: dict[str, str] = {}
        self.why: dict[str, str] = {}
        self.free = [c for c in info.active if info.free(c)]
        self._loose: set[str] | None = None  # memos for wants() (one view, one plan)
        self._unarmed: bool | None = None

    def assign(self, cid: str, role: str, dest: str, why: str) -> None:
        self.role[cid] = role
        self.dest[cid] = dest
        self.why[cid] = why

    def orders(self) -> Iterator[Order]:
        info = self.info
        for c in info.active:
            if c["holding"]:
                yield ("release", {"crew": c["id"]},
                       "a crewman holding a Lab Animal cannot move: let it go")
        if info.sd["box"] is not None:
            yield from self._escape("the self-destruct is running: make for the shuttles")
            return
        why = abandon(info, self.p)
        if why is not None:
            yield from self._escape(why)
            return
        yield from self._controlled()
        yield from self._caged()
        self._builders()
        self._arming()
        yield from self._unlock()
        yield from self._pickups()
        yield from self._construct()
        yield from self._errands()
        yield from self._hunt()
        yield ("end_movement", {}, "everyone is where he should be")

    # escape -----------------------------------------------------------------------------

    def _escape(self, why: str) -> Iterator[Order]:
        """To the shuttle docks (dock1, dock2; four seats each), away from known danger; one
        Command Officer goes to the Command Module to start the countdown (R17)."""
        info = self.info
        avoid = {t["at"] for t in info.loose()} | set(info.facedown)
        starter = None
        if info.sd["box"] is None:
            cos = sorted((c for c in self.free if c["role"] == "command"),
                         key=lambda c: (dist(c["at"], "command"), c["id"]))
            if cos:
                starter = cos[0]["id"]
        seats = {"dock1": 4, "dock2": 4}
        for c in sorted(self.free, key=lambda c: (min(dist(c["at"], d) for d in seats),
                                                  c["id"])):
            if c["id"] == starter:
                self.assign(c["id"], "escape", "command", f"start the self-destruct: {why}")
                continue
            open_docks = [d for d, n in seats.items() if n > 0]
            if not open_docks:
                break
            dock = min(open_docks, key=lambda d: (dist(c["at"], d), d))
            seats[dock] -= 1
            self.assign(c["id"], "escape", dock, f"to {name(dock)}: {why}")
        for c in info.active:
            if c["controlling"]:
                yield ("let_go", {"crew": c["id"]}, "let go of the Intruder and run")
        yield from self._pickups()
        for cid, dest in self.dest.items():
            c = info.crew[cid]
            if c["at"] == dest or not c["mp"]:
                continue
            route = safe_path(c["at"], dest, avoid)
            if route:
                yield ("move", {"crew": cid, "to": route[0]}, self.why[cid])
        yield ("end_movement", {}, "waiting at the docks")

    # capture logistics ------------------------------------------------------------------

    def _controlled(self) -> Iterator[Order]:
        """A prodded Intruder is walked to the Command Module, one compartment a turn (R11),
        forced into the unlocked Freezer (R22) and frozen in the Second Interaction Phase."""
        info = self.info
        for c in info.active:
            if not c["controlling"]:
                continue
            cid = c["id"]
            self.role[cid] = "controller"
            if ("immune_cold" in info.known or stuck(info)) and info.chart["humans_may_kill"]:
                continue  # no Freezer for it (or a Panic is needed): the others kill it here
            if c["at"] == "command":
                if c["mp"] >= 3:
                    for o in self.free:
                        if o["at"] == "command" and "freezer" not in info.unlocked:
                            yield ("unlock", {"crew": o["id"], "room": "freezer"},
                                   "unlock the Freezer for the prodded Intruder")
                    yield ("force_into_freezer", {"crew": cid},
                           "force the Intruder into the Freezer (R22)")
                self._escort(cid, "command")
            else:
                nxt = step_toward(c["at"], "command")
                if nxt is not None and c["mp"] >= 3:
                    yield ("move", {"crew": cid, "to": nxt},
                           "drive the prodded Intruder toward the Freezer (R11)")
                self._escort(cid, c["at"] if c["mp"] < 3 else (nxt or c["at"]))

    def _escort(self, cid: str, at: str) -> None:
        """The controller's group stays with him (to unlock the Freezer and to fight)."""
        for g in teams(self.info.view["crew"]):
            if cid in g:
                for o in g:
                    if o != cid and o not in self.role and any(
                            x["id"] == o for x in self.free):
                        self.assign(o, "escort", at, "stay with the prodded Intruder")

    def _caged(self) -> Iterator[Order]:
        """Carry a caged Intruder to the Freezer (1, 2 or 3 carriers by stage, R14), drop it
        inside and step out; it is frozen in the Second Interaction Phase (R13)."""
        info = self.info
        if not freezable(info) or (stuck(info) and info.chart["humans_may_kill"]):
            return
        need = info.chart["cage_carriers"]
        for item in info.items.values():
            if item["kind"] != "cage" or not item["contents"] or item["at"] not in STATION:
                continue
            t = next((x for x in info.intruders if x["token"] == item["contents"]), None)
            if t is None:
                continue
            if item["at"] == "freezer":
                for cid in item["carriers"]:
                    yield ("drop", {"crew": cid, "item": item["id"]},
                           "leave the caged Intruder in the Freezer")
                continue
            carriers = list(item["carriers"])
            for cid in carriers:
                self.role[cid] = "carrier"
            if len(carriers) < need:
                spare = sorted((c for c in self.free if c["id"] not in self.role),
                               key=lambda c: (dist(c["at"], item["at"]),
                                              info.has_large(c["id"]), c["id"]))
                for c in spare[:need - len(carriers)]:
                    cid = c["id"]
                    self.assign(cid, "carrier", item["at"], "help carry the caged Intruder")
                    if c["at"] == item["at"]:
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
                if mp >= 2:
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
        for c in info.active:
            if c["at"] == "freezer" and c["mp"]:
                self.role.setdefault(c["id"], "leaving")
                yield ("move", {"crew": c["id"], "to": "command"},
                       "out of the Freezer before it is turned on")

    # arming and building ----------------------------------------------------------------

    def wants(self, cid: str, kind: str, trip: bool = False) -> bool:
        """Would he pick up an object of this kind (his kit, if it fits)? With `trip`, only
        what is worth a walk: a spare weapon is taken only where he stands."""
        info = self.info
        c = info.crew[cid]
        have = info.kinds(cid)
        if not info.fits(cid, kind):
            return False
        role = c["role"]
        if role == "science":
            return (kind == "dart" and "dart" not in have) or \
                (kind == "cage" and not info.has_large(cid))
        if kind == "prod":
            return "prod" not in have and info.stage <= 3
        if kind == "flamethrower":
            return role == "engineer" and not info.has_large(cid)
        if kind in LETHAL_SMALL:
            if not any(k in (*LETHAL_SMALL, "flamethrower") for k in have):
                first = "blaster" if role == "command" else "gas"
                return kind == first or not self.loose_item(first)
            return role == "command" and kind not in have and len(have) < 2 and \
                not self.unarmed() and not trip
        return False

    def loose_item(self, kind: str) -> bool:
        """An object of this kind lies on the station (or in the Arms Room) for the taking."""
        if self._loose is None:
            self._loose = {i["kind"] for i in self.info.items.values()
                           if not i["carriers"] and i["at"] in STATION}
        return kind in self._loose

    def unarmed(self) -> bool:
        """Some Command Officer or Engineer still has no lethal weapon."""
        if self._unarmed is None:
            info = self.info
            self._unarmed = any(c["role"] != "science" and not any(
                k in (*LETHAL_SMALL, "flamethrower") for k in info.kinds(c["id"]))
                for c in info.active)
        return self._unarmed

    def _builders(self) -> None:
        info = self.info
        if info.stage >= self.p.build_until_stage:
            return
        track = {i["kind"] for i in info.items.values() if i["at"] == "track"}
        for cid, kinds in self.p.builders.items():
            c = info.crew.get(cid)
            if c is None or c["status"] != "active" or c["at"] not in STATION or \
                    cid in self.role or not info.free(c):
                continue
            todo = [k for k in kinds if k in track and k not in info.kinds(cid)]
            if todo and info.fits(cid, todo[0]):
                self.assign(cid, "builder", "maintenance", f"build a {todo[0]} in Maintenance")

    def _arming(self) -> None:
        """Fetch the kit: the Arms Room (a Command Officer must unlock it this phase, R12),
        Cages from the Lab, and weapons lying anywhere near (a dead man's, after Panic)."""
        info = self.info
        loose = [i for i in info.items.values() if not i["carriers"] and not i["contents"]
                 and i["at"] in STATION]
        for c in self.free:
            cid = c["id"]
            if cid in self.role:
                continue
            near = sorted((dist(c["at"], i["at"]), i["at"] == "arms", i["id"], i) for i in loose
                          if self.wants(cid, i["kind"], trip=True) and i["at"] != c["at"])
            if not near or near[0][0] > 6:
                continue
            item = near[0][3]
            kind = "Cage" if item["kind"] == "cage" else item["kind"]
            where = "the Arms Room" if item["at"] == "arms" else name(item["at"])
            self.assign(cid, "arming", item["at"], f"fetch a {kind} from {where}")
        if any(r == "arming" and self.dest[c] == "arms" for c, r in self.role.items()):
            cos = sorted((c for c in self.free if c["role"] == "command"),
                         key=lambda c: (dist(c["at"], "command"), c["id"]))
            if cos and not any(self.role.get(c["id"]) == "arming" and
                               dist(c["at"], "command") <= 1 for c in cos):
                key = cos[0]["id"]
                if self.role.get(key) not in ("arming", "builder", "carrier"):
                    self.assign(key, "keyholder", "command",
                                "open the Arms Room for the others")

    def _unlock(self) -> Iterator[Order]:
        info = self.info
        if "arms" in info.unlocked:
            return
        coming = [cid for cid, r in self.role.items() if r == "arming" and
                  self.dest[cid] == "arms" and
                  dist(info.crew[cid]["at"], "command") < info.crew[cid]["mp"]]
        if not coming:
            return
        for c in self.free:
            if c["role"] == "command" and c["at"] == "command":
                yield ("unlock", {"crew": c["id"], "room": "arms"},
                       "unlock the Arms Room: crewmen are coming for weapons")

    def _pickups(self) -> Iterator[Order]:
        info = self.info
        for c in self.free:
            for item in info.carrying[c["id"]]:
                if item["kind"] == "cage" and item["contents"] and \
                        item["contents"] not in {t["token"] for t in info.intruders}:
                    yield ("drop", {"crew": c["id"], "item": item["id"]},
                           "set the caged Lab Animal down: hands free for the hunt")
        for c in self.free:
            cid = c["id"]
            if self.role.get(cid) == "carrier":
                continue
            for item in info.items.values():
                if item["at"] == c["at"] and not item["carriers"] and \
                        not item["contents"] and self.wants(cid, item["kind"]):
                    yield ("pick_up", {"crew": cid, "item": item["id"]},
                           f"pick up the {item['name']}")

    def _construct(self) -> Iterator[Order]:
        info = self.info
        for cid, role in self.role.items():
            if role != "builder" or info.crew[cid]["at"] != "maintenance":
                continue
            kinds = self.p.builders.get(cid, ())
            for kind in kinds:
                if kind in info.kinds(cid):
                    continue
                for item in sorted(info.items.values(), key=lambda i: (-i["progress"], i["id"])):
                    if item["at"] == "track" and item["kind"] == kind and \
                            info.bk.get("worked", {}).get(item["id"]) != info.turn:
                        yield ("construct", {"crew": cid, "item": item["id"]},
                               f"work on the {item['name']} ({item['progress'] + 1}/"
                               f"{item['needed']})")
                break

    def _errands(self) -> Iterator[Order]:
        """Builders, weapon fetchers, the keyholder, carriers and escorts walk to where they
        are needed, avoiding counters on the way where possible."""
        info = self.info
        avoid = set(info.facedown) | {t["at"] for t in info.loose()}
        for cid, dest in self.dest.items():
            c = info.crew[cid]
            if c["at"] == dest or not c["mp"] or (self.role[cid] == "carrier" and \
                    any(cid in i["carriers"] for i in info.items.values() if i["contents"])):
                continue
            route = safe_path(c["at"], dest, avoid)
            if route:
                yield ("move", {"crew": cid, "to": route[0]}, self.why[cid])

    # hunting ----------------------------------------------------------------------------

    def groups(self) -> list[list[str]]:
        """Hunting groups: the roster's teams, less the busy; a lone hunter joins another."""
        hunters = {c["id"] for c in self.free if c["id"] not in self.role}
        out = [[x for x in g if x in hunters] for g in teams(self.info.view["crew"])]
        out = [g for g in out if g]
        big = [g for g in out if len(g) >= 2]
        if not big:
            return [[x for g in out for x in g]] if out else []
        for g in [g for g in out if len(g) == 1]:
            home = min(big, key=lambda b: dist(self.info.crew[g[0]]["at"],
                                               self.info.crew[b[0]]["at"]))
            home.append(g[0])
        return big

    def _hunt(self) -> Iterator[Order]:
        """Each group's leader walks toward its target with the group gathered around him;
        the others follow. A group stops on counters (the Interaction comes next)."""
        info = self.info
        taken: set[str] = set()
        for g in self.groups():
            lead = info.crew[g[0]]
            target, why = self._target(g, taken)
            taken.add(target)
            avoid = set(info.facedown) | {t["at"] for t in info.loose()}
            for cid in g[1:]:
                c = info.crew[cid]
                if c["at"] != lead["at"] and c["mp"]:
                    route = safe_path(c["at"], lead["at"], avoid - {lead["at"]})
                    if route:
                        yield ("move", {"crew": cid, "to": route[0]}, "keep with the group")
            here = lead["at"]
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

    def _target(self, g: list[str], taken: set[str]) -> tuple[str, str]:
        """Where a group goes: face-down counters (each may be the Intruder) and free
        Intruders it can fight or capture, the nearer the better."""
        info = self.info
        at = info.crew[g[0]]["at"]
        kinds = {k for x in g for k in info.kinds(x)}
        roles = {info.crew[x]["role"] for x in g}
        armed = bool(kinds & {"blaster", "gas", "flamethrower", "dart", "prod"})
        can_kill = info.chart["humans_may_kill"] and (
            bool(kinds & {"blaster", "gas", "flamethrower"}) or roles != {"science"})
        can_capture = ("prod" in kinds and "immune_shock" not in info.known
                       and bool(info.chart["control"])) or \
            ("cage" in kinds and ("dart" in kinds or info.stage == 1) and
             "extra_strong" not in info.known)
        best: tuple[float, str, str] | None = None
        targets = info.loose()
        if stuck(info) and info.chart["humans_may_kill"]:
            targets = [t for t in info.intruders if t["at"] in STATION]
        for t in targets:
            if t["at"].startswith("shuttle"):
                continue
            fight = can_capture if capture_first(info) else (can_kill or can_capture)
            if not fight:
                continue
            value = 3.0
            d = dist(at, t["at"])
            score = value / (1 + d / 3) - (0.5 if t["at"] in taken else 0)
            if best is None or score > best[0]:
                best = (score, t["at"], f"hunt the Intruder seen in {name(t['at'])}")
        if armed:
            for where, tokens in info.facedown.items():
                if where not in STATION:
                    continue
                value = info.intruder_chance(where) + self.p.decoy_value * len(tokens)
                d = max(dist(info.crew[x]["at"], where) for x in g)
                score = value / (1 + d / 3) - (1.0 if where in taken else 0)
                if best is None or score > best[0]:
                    best = (score, where, f"search {len(tokens)} counter(s) in {name(where)}")
        if best is None:
            return "command", "no target: wait in the Command Module"
        return best[1], best[2]
