"""Actions of the Crew Action Segment and the rest of an Interaction Phase (Actions)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .action_types import ActionType, StepGuard
from .actions import Action, Arg, action
from .biology import break_out, determine_powers, halt, has, row
from .charts import SELF_DESTRUCT_STOPPABLE, SHUTTLE_CAPACITY
from .combat import check_fire, fire, kill_crewman, kill_intruder, release_from, weapons_of
from .crew_movement import HANDS_FREE_STEPS, deny, hands, passes
from .escape import check_may_leave, leave, shuttles_may_leave
from .events import emit, roll
from .names import place
from .phase import in_shuttle, sub_at
from .pieces import by_token, by_token_strict, carried, crew_at, docks, marine, token_order
from .scoring import score
from .sides import crewman, shared
from .station import (
    AIRLOCK_CONTROL,
    COMPARTMENTS,
    FREEZER_SWITCH_AT,
    INVENTORY_AT,
    PERMANENT_CAGES_AT,
    SELF_DESTRUCT_AT,
)

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter, Crewman, Item

SECOND_ONLY = "this Action may be taken only in the Second Interaction Phase"
# Who may work the consoles and the permanent cages: each check refuses everyone else with
# its own reason, and `candidates` offers these actions only to these roles.
ROLES_FOR = {"start_self_destruct": ("command",), "stop_self_destruct": ("command", "science"),
             "inventory": ("science",), "transfer": ("science",)}
AIRLOCKS_AT: dict[str, list[str]] = {}  # corridor -> the airlocks opened from it
for _lock, _corridor in AIRLOCK_CONTROL.items():
    AIRLOCKS_AT.setdefault(_corridor, []).append(_lock)


# --- who may act --------------------------------------------------------------------------

# The steps each action is taken in (ActionType.steps: the registry checks them first).
IN_ACTIONS = StepGuard(("crew_actions", "free_actions"),
                       "crew Actions are taken in a Crew Action Segment",
                       "Sequence of Play; Actions")
PREPARING = StepGuard(("crew_actions",), "hatches are prepared in a shuttle's Crew Action "
                      "Segment", "Escape via Shuttle")


def actor(g: Game, a: Action, *, free_hands: bool = True) -> Crewman:
    """The crewman taking the action, if he may act now (one action each, R8); the step is
    the action type's guard (IN_ACTIONS)."""
    c = crewman(g, a.get("crew"))
    if g.step == "crew_actions":
        assert g.sub is not None
        if c.at != g.sub.at:
            raise deny(f"{c.name} is not in {place(g.sub.at)}, the compartment being "
                       "resolved", "Interaction Sub-routine")
    elif c.at not in COMPARTMENTS:
        raise deny(f"{c.name} is not on the station", "Actions")
    if c.acted:
        raise deny(f"{c.name} has already taken his action this Interaction Phase", "Actions")
    if free_hands and c.holding:
        raise deny(f"{c.name} is holding a Lab Animal and may take no other action",
                   "Attempt to Catch Lab Animal")
    if free_hands and c.controlling:
        raise deny(f"{c.name} is controlling the Intruder and may take no other action",
                   "Gaining Control Using Electric Prods; ruling R11")
    return c


def second_phase(g: Game, rule: str) -> None:
    if g.phase != "interaction2":
        raise deny(SECOND_ONLY, rule)


def not_in_shuttle(g: Game, rule: str) -> None:
    if in_shuttle(g):
        raise deny("in a shuttle the crew can only fight, prepare or open the hatches",
                   "ruling R24")


def intruder_here(g: Game, c: Crewman, token: object, animals: bool = False) -> Counter:
    t = by_token(g, token)
    kinds = ("intruder", "lab_animal") if animals else ("intruder",)
    if t is None or t.kind not in kinds or not t.face_up or t.at != c.at:
        raise deny(f"there is no face-up Intruder {token} with {c.name}", "Actions")
    return t


def animal_here(g: Game, c: Crewman, token: object) -> Counter:
    t = by_token(g, token)
    if t is None or t.kind != "lab_animal" or not t.face_up or t.at != c.at:
        raise deny(f"there is no Lab Animal {token} with {c.name}", "Actions")
    return t


def empty_cage(g: Game, c: Crewman) -> Item | None:
    return first_empty_cage(carried(g, c))


def first_empty_cage(carried: list[Item]) -> Item | None:
    """The first empty Cage among what a crewman carries (Attempt to Cage; Cage Lab Animal)."""
    for i in carried:
        if i.kind == "cage" and i.contents is None:
            return i
    return None


# --- candidates ---------------------------------------------------------------------------

def candidates(g: Game) -> list[Action]:
    """Every action worth checking in the current Crew Action Segment, in a fixed order.
    Offered labelled (`_offer`) but for attacks, whose labels are made afresh (view.py)."""
    out: list[Action] = []
    # Who may still act: `crew_at` or `station_crew`, less those who have acted with
    # nothing in hand, in one pass over the crew.
    if g.step == "crew_actions":
        assert g.sub is not None
        sub_at = g.sub.at
        actors = [c for c in g.crew.values() if c.at == sub_at and c.status == "active"
                  and (not c.acted or c.holding or c.controlling)]
    else:
        actors = [c for c in g.crew.values() if c.status == "active" and c.at in COMPARTMENTS
                  and (not c.acted or c.holding or c.controlling)]
    here: dict[str, list[Counter]] = {}  # face-up counters where someone may still act
    holders: dict[str | None, list[Crewman]] = {}  # who holds a Lab Animal, by place
    places = {c.at for c in actors if not c.acted}
    if places:
        for t in g.counters.values():
            if t.face_up and t.at in places:
                here.setdefault(t.at, []).append(t)
        for found in here.values():
            if len(found) > 1:
                found.sort(key=token_order)
        for other in g.crew.values():
            if other.holding and other.status == "active" and other.at in places:
                holders.setdefault(other.at, []).append(other)
    second = g.phase == "interaction2"
    fight = in_shuttle(g)
    carried: dict[str, list[Item]] = {}
    if actors:
        for item in g.items.values():
            if item.carriers:  # most objects lie about
                for cid in item.carriers:
                    carried.setdefault(cid, []).append(item)
    for c in actors:
        cid, at = c.id, c.at or ""
        # Left out, a speed-up only: what `actor` refuses for certain (he has acted, or his
        # hands are full) and the Second Interaction Phase's actions in the first.
        mine = carried.get(cid)
        if c.acted:
            if mine or c.holding or c.controlling:  # else he has nothing to let go of
                out += hands(g, c, mine or [])
            continue
        busy = bool(c.holding or c.controlling)
        cage = first_empty_cage(mine) if mine else None  # to cage an Intruder or an animal
        for t in here.get(at, ()):
            tok = t.token
            if t.kind == "intruder" and not busy:
                for w in weapons_of(g, c):
                    out.append(action("attack", crew=cid, target=tok, weapon=w))
                out.append(_offer(g, ("prod", cid, tok), crew=cid, target=tok))
                if cage is not None:  # check_cage refuses him otherwise
                    out.append(_offer(g, ("cage", cid, tok), crew=cid, target=tok))
            elif t.kind == "lab_animal":
                if not busy:
                    if marine(g, c):
                        for w in weapons_of(g, c):
                            out.append(action("attack", crew=cid, target=tok, weapon=w))
                    if not (fight or t.held_by or t.cage or
                            too_encumbered_to_catch(mine or [])):
                        out.append(_offer(g, ("catch", cid, tok), crew=cid, target=tok))
                if second and at == PERMANENT_CAGES_AT and c.role in ROLES_FOR["transfer"] \
                        and not c.controlling and c.holding in (None, t.id):
                    out.append(_offer(g, ("transfer", cid, tok), crew=cid, target=tok))
        if not busy:
            for other in holders.get(at, ()) if cage is not None else ():
                out.append(_offer(g, ("cage_animal", cid, other.id), crew=cid,
                                  holder=other.id))
            for lock in AIRLOCKS_AT.get(at, ()):
                if not killing_in_sight(g, lock):
                    out.append(_offer(g, ("open_airlock", cid, lock), crew=cid, airlock=lock))
            if at == SELF_DESTRUCT_AT and second:
                if c.role in ROLES_FOR["start_self_destruct"]:
                    out.append(_offer(g, ("start_self_destruct", cid), crew=cid))
                if c.role in ROLES_FOR["stop_self_destruct"] and sd_stoppable(g):
                    out.append(_offer(g, ("stop_self_destruct", cid), crew=cid))
            if at == FREEZER_SWITCH_AT and second:  # the same switchboard (R13, R17)
                out.append(_offer(g, ("freeze", cid), crew=cid))
            if at == INVENTORY_AT and second and c.role in ROLES_FOR["inventory"]:
                for t in sorted(g.counters.values(), key=token_order):
                    if t.at == "not_used" and not t.inventoried:
                        out.append(_offer(g, ("inventory", cid, t.token), crew=cid,
                                          target=t.token))
            if fight:
                out.append(_offer(g, ("open_hatches", cid), crew=cid))
        if mine or busy:
            out += hands(g, c, mine or [])
    if fight:
        out.append(_offer(g, ("prepare_hatches",)))
    if second and not fight and shuttles_may_leave(g):  # check_may_leave's quarantine
        for shuttle, dock in docks(g).items():
            waiting = [c.id for c in actors if c.at == dock and not c.acted]
            for n in range(min(len(waiting), SHUTTLE_CAPACITY), 0, -1):
                for group in combinations(waiting, n):
                    out.append(_offer(g, ("leave", shuttle, *group), shuttle=shuttle,
                                      crew=group))
    if not shared(g):
        out.append(g.cache.made.get(("end_actions", "")) or _offer(g, ("end_actions", "")))
    else:
        out += [_offer(g, (a.type, str(a.get("player", ""))), **dict(a.args))
                for a in passes(g, "end_actions")]
    return out


def _offer(g: Game, key: tuple[str, ...], **args: Arg) -> Action:
    """The labelled action `key` names (its type and the values of its arguments), made once
    per roster (the move cache's `labelled`), so the engine need not look its label up at
    each decision."""
    cache = g.cache
    return cache.made.get(key) or cache.labelled(g, key, action(key[0], **args))


# --- the actions --------------------------------------------------------------------------

def check_attack(g: Game, a: Action) -> None:
    c = actor(g, a)
    t = intruder_here(g, c, a.get("target"), animals=marine(g, c))
    if t.kind == "lab_animal" and (t.held_by or t.cage):
        raise deny("that Lab Animal is caught", "Return to Prometheus, Marines")
    check_fire(g, c, t, str(a.get("weapon")), self_defense=False)


def apply_attack(g: Game, a: Action) -> None:
    fire(g, g.crew[a["crew"]], by_token_strict(g, a["target"]), a["weapon"], None)


def check_prod(g: Game, a: Action) -> None:
    c = actor(g, a)
    rule = "Gaining Control Using Electric Prods"
    not_in_shuttle(g, rule)
    t = intruder_here(g, c, a.get("target"))
    if not any(i.kind == "prod" for i in carried(g, c)):
        raise deny(f"{c.name} has no Electric Prod", rule)
    if has(g, "immune_shock"):
        raise deny("the Intruder is Immune to Shock and cannot be controlled", "Immune to Shock")
    if not row(g).control:
        raise deny(f"an Intruder in Life Stage {g.stage} can never be controlled", rule)
    if t.controlled_by or t.cage:
        raise deny("that Intruder is already controlled or caged", rule)


def apply_prod(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    t = by_token_strict(g, a["target"])
    c.acted = True
    die = roll(g, "prod", "Gaining Control Using Electric Prods", crew=c.id)
    if die in row(g).control:
        t.controlled_by = c.id
        c.controlling = t.id
        emit(g, "control", f"{c.name} gains control of the Intruder", "Gaining Control Using "
               "Electric Prods", {"crew": c.id, "token": t.token})
    else:
        emit(g, "no_control", f"{c.name} fails to gain control", "Gaining Control Using "
               "Electric Prods", {"crew": c.id})


def check_cage(g: Game, a: Action) -> None:
    c = actor(g, a)
    rule = "Attempt to Cage Intruder"
    not_in_shuttle(g, rule)
    t = intruder_here(g, c, a.get("target"))
    if empty_cage(g, c) is None:
        raise deny(f"{c.name} is not carrying an empty Cage", rule)
    if t.cage:
        raise deny("that Intruder is already caged", rule)
    if not t.asleep and g.stage != 1:
        raise deny("an Intruder that is awake can be caged only in Life Stage 1", rule)


def apply_cage(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    t = by_token_strict(g, a["target"])
    cage = empty_cage(g, c)
    assert cage is not None
    c.acted = True
    odds = range(1, 6) if t.asleep else range(1, 3)
    die = roll(g, "cage", "Attempt to Cage Intruder; R9", crew=c.id)
    if die not in odds:
        emit(g, "cage_failed", rule="Attempt to Cage Intruder")
        return
    release_from(g, t)
    cage.contents = t.id
    t.cage = cage.id
    emit(g, "caged", f"{c.name} cages the Intruder", "Attempt to Cage Intruder",
           {"crew": c.id, "token": t.token})
    break_out(g, t)


def check_catch(g: Game, a: Action) -> None:
    c = actor(g, a)
    rule = "Attempt to Catch Lab Animal"
    not_in_shuttle(g, rule)
    t = animal_here(g, c, a.get("target"))
    if t.held_by or t.cage:
        raise deny("that Lab Animal is already caught", rule)
    if too_encumbered_to_catch(carried(g, c)):
        raise deny(f"{c.name} is too encumbered: no large object and at most one small one "
                   "(drop the rest first)", rule)


def too_encumbered_to_catch(carried: list[Item]) -> bool:
    """A crewman catches a Lab Animal with no large object and at most one small one."""
    return len(carried) > 1 or (len(carried) == 1 and carried[0].size == "large")


def apply_catch(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    t = by_token_strict(g, a["target"])
    c.acted = True
    die = roll(g, "catch", "Attempt to Catch Lab Animal", crew=c.id)
    if die <= 3:
        t.held_by = c.id
        c.holding = t.id
        emit(g, "caught", f"{c.name} catches the Lab Animal", "Attempt to Catch Lab Animal",
               {"crew": c.id, "token": t.token})
    else:
        emit(g, "not_caught", rule="Attempt to Catch Lab Animal")


def check_cage_animal(g: Game, a: Action) -> None:
    c = actor(g, a)
    rule = "Cage Lab Animal"
    not_in_shuttle(g, rule)
    holder = crewman(g, a.get("holder"))
    if holder.at != c.at or not holder.holding or holder.id == c.id:
        raise deny("another crewman here must be holding a caught Lab Animal", rule)
    if empty_cage(g, c) is None:
        raise deny(f"{c.name} is not carrying an empty Cage", rule)


def apply_cage_animal(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    holder = g.crew[a["holder"]]
    cage = empty_cage(g, c)
    assert cage is not None and holder.holding
    animal = g.counters[holder.holding]
    c.acted = True
    holder.holding = None
    animal.held_by = None
    animal.cage = cage.id
    cage.contents = animal.id
    emit(g, "animal_caged", f"{c.name} cages the Lab Animal {holder.name} was holding",
           "Cage Lab Animal", {"crew": c.id})


def check_transfer(g: Game, a: Action) -> None:
    rule = "Transfer a Lab Animal to a Permanent Cage"
    c = crewman(g, a.get("crew"))
    t = animal_here(g, c, a.get("target"))
    if g.step not in IN_ACTIONS.steps:  # its refusals name the crewman and animal first
        raise IN_ACTIONS.refusal()
    actor(g, a, free_hands=c.holding != t.id)
    second_phase(g, rule)
    not_in_shuttle(g, rule)
    if c.role not in ROLES_FOR["transfer"]:
        raise deny("only Science Officers may do that", rule)
    if c.at != PERMANENT_CAGES_AT:
        raise deny("the permanent cages are in the Laboratory", rule)
    if not (t.held_by or t.cage):
        raise deny("the Lab Animal must first be caught or caged", rule)


def apply_transfer(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    t = by_token_strict(g, a["target"])
    c.acted = True
    release_from(g, t)
    t.at = "caged_lab"
    emit(g, "transferred", f"{c.name} puts the Lab Animal in the permanent cages",
           "Transfer a Lab Animal to a Permanent Cage", {"crew": c.id})


def check_open_airlock(g: Game, a: Action) -> None:
    c = actor(g, a)
    rule = "Open Airlocks; ruling R15"
    lock = a.get("airlock")
    if lock not in AIRLOCK_CONTROL:
        raise deny("there is no such airlock", rule)
    if c.at != AIRLOCK_CONTROL[lock]:
        raise deny(f"the {place(lock)} is opened from {place(AIRLOCK_CONTROL[lock])}", rule)
    if killing_in_sight(g, lock):
        raise deny(f"in Life Stage {g.stage} the crew may not try to kill the Intruder except "
                   f"in Self Defense, and the Intruder in the {place(lock)} is in plain sight",
                   "Restrictions and Modifications to Combat; ruling R55")


def killing_in_sight(g: Game, lock: str) -> bool:
    """Life Stage 1 or 2: "the crew can take no action to kill it except in Self Defense",
    and a face-up Intruder is in the airlock; venting face-down counters is allowed, the
    crew does not know what is there (R55)."""
    return not row(g).humans_may_kill and any(
        t.at == lock and t.kind == "intruder" and t.face_up for t in g.counters.values())


def apply_open_airlock(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    lock = a["airlock"]
    c.acted = True
    emit(g, "airlock", f"{c.name} opens the {place(lock)}", "Open Airlocks", {"at": lock})
    sweep(g, lock, prepared=False)


def sweep(g: Game, place: str, prepared: bool) -> None:
    """Everything in an opened airlock or hatch goes into space (R15)."""
    from .interaction import reveal

    for t in sorted((t for t in g.counters.values() if t.at == place), key=token_order):
        if not t.face_up:
            reveal(g, t)
    here = [t for t in g.counters.values() if t.at == place]
    if any(t.kind == "intruder" for t in here):
        determine_powers(g)  # ruling R3
    for t in here:
        if t.kind == "intruder":
            if has(g, "fast_reflexes"):
                t.returning = not in_shuttle(g)
                emit(g, "holds_on", rule="Fast Reflexes")
            elif has(g, "immune_vacuum"):
                release_from(g, t)
                halt(t, g)
                t.at = "escaped"
                emit(g, "escaped", "The Intruder survives the vacuum outside the station",
                       "Immune to Vacuum")
            else:
                kill_intruder(g, t, "swept into space")
        else:
            release_from(g, t)
            t.at = "lost"
            emit(g, "lost", "A Lab Animal is swept into space", "ruling R15")
    if not prepared:
        for c in crew_at(g, place):
            kill_crewman(g, c, "swept into space")
    for item in g.items.values():
        if item.at == place and (not prepared or not item.carriers):
            item.carriers = []
            item.contents = None
            item.at = "lost"


def check_start_sd(g: Game, a: Action) -> None:
    rule = "Self-Destruction; ruling R17"
    c = actor(g, a)
    second_phase(g, rule)
    if c.role not in ROLES_FOR["start_self_destruct"]:
        raise deny("only a Command Officer may start the Self-Destruct System", rule)
    if c.at != SELF_DESTRUCT_AT:
        raise deny("the Self-Destruct System is started from the Command Module", rule)
    if g.sd_stopped:
        raise deny("once stopped, the Self-Destruct System may not be activated again", rule)
    if g.sd is not None:
        raise deny("the Self-Destruct System is already active", rule)


def apply_start_sd(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    c.acted = True
    g.sd = 9
    g.sd_started = g.turn
    emit(g, "self_destruct", f"{c.name} starts the Self-Destruct System", "Self-Destruction")


def check_stop_sd(g: Game, a: Action) -> None:
    rule = "Self-Destruction; ruling R17"
    c = actor(g, a)
    second_phase(g, rule)
    if c.role not in ROLES_FOR["stop_self_destruct"]:
        raise deny("only a Command or Science Officer may stop the Self-Destruct System", rule)
    if c.at != SELF_DESTRUCT_AT:
        raise deny("the Self-Destruct System is stopped from the Command Module", rule)
    if g.sd is None:
        raise deny("the Self-Destruct System is not active", rule)
    if not sd_stoppable(g):
        raise deny("once the marker is in the 4 box or lower it cannot be stopped", rule)


def sd_stoppable(g: Game) -> bool:
    """The Self-Destruct System is active and its marker still above the 4 box (R17)."""
    return g.sd in SELF_DESTRUCT_STOPPABLE


def apply_stop_sd(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    c.acted = True
    g.sd = None
    g.sd_stopped = True
    emit(g, "self_destruct_stopped", f"{c.name} stops the Self-Destruct System",
           "Self-Destruction")


def check_freeze(g: Game, a: Action) -> None:
    rule = "Turn on the Freezer; ruling R13"
    c = actor(g, a)
    second_phase(g, rule)
    if c.at != FREEZER_SWITCH_AT:
        raise deny("the Freezer is turned on from the Command Module", rule)


def apply_freeze(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    c.acted = True
    emit(g, "freezer", f"{c.name} turns on the Freezer", "Turn on the Freezer")
    for t in [t for t in g.counters.values() if t.at == "freezer"]:
        if t.kind != "intruder":
            release_from(g, t)
            t.at = "lost"
            emit(g, "lost", "A Lab Animal in the Freezer is frozen", "ruling R13")
        elif has(g, "immune_cold"):
            if t.cage is None:
                t.cage = "freezer"
                emit(g, "caged", "The Intruder is Immune to Cold: it is held as if caged",
                       "Capturing the Intruder; ruling R13")
                break_out(g, t)
        else:
            release_from(g, t)
            halt(t, g)
            t.at = "frozen"
            t.asleep_until = None
            score(g, "intruder_captured", "Intruder frozen")
            emit(g, "frozen", "The Intruder is frozen", "Capturing the Intruder",
                 {"token": t.token})
    for victim in crew_at(g, "freezer"):
        kill_crewman(g, victim, "frozen in the Freezer")


def check_inventory(g: Game, a: Action) -> None:
    rule = "Inventory Lab Animals; ruling R16"
    c = actor(g, a)
    second_phase(g, rule)
    if c.role not in ROLES_FOR["inventory"]:
        raise deny("only Science Officers may inventory the Lab Animals", rule)
    if c.at != INVENTORY_AT:
        raise deny("the inventory is taken in the Computer Room", rule)
    t = by_token(g, a.get("target"))
    if t is None or t.at != "not_used" or t.inventoried:
        raise deny("that is not a face-down counter in the Not Used box", rule)


def apply_inventory(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    t = by_token_strict(g, a["target"])
    c.acted = True
    t.inventoried = True
    kind = "a Lab Animal" if t.kind == "lab_animal" else "a Dummy"
    emit(g, "inventory", f"{c.name} finds that counter {t.token} in the Not Used box is {kind}",
           "Inventory Lab Animals", {"token": t.token, "kind": t.kind})


def check_leave(g: Game, a: Action) -> None:
    second_phase(g, "Leave in a Shuttle")
    not_in_shuttle(g, "Leave in a Shuttle")
    names = a.get("crew")
    if not isinstance(names, tuple) or not names or len(set(names)) != len(names):
        raise deny("name the crewmen who leave", "Escape via Shuttle")
    crew = [actor(g, Action.make("x", crew=n)) for n in names]
    check_may_leave(g, str(a.get("shuttle")), crew)


def apply_leave(g: Game, a: Action) -> Counter | None:
    """Board and depart; the stowaway, if one got aboard (flow.leave starts the fight)."""
    return leave(g, a["shuttle"], [g.crew[n] for n in a.names("crew")])


def check_release(g: Game, a: Action) -> None:
    c = crewman(g, a.get("crew"))
    if not c.holding:
        raise deny(f"{c.name} is not holding a Lab Animal", "Attempt to Catch Lab Animal")


def apply_release(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    animal = g.counters[str(c.holding)]
    animal.held_by = None
    c.holding = None
    emit(g, "release", f"{c.name} lets the Lab Animal go", "Attempt to Catch Lab Animal",
           {"crew": c.id})


def check_let_go(g: Game, a: Action) -> None:
    c = crewman(g, a.get("crew"))
    if not c.controlling:
        raise deny(f"{c.name} controls no Intruder", "ruling R11")


def apply_let_go(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    release_from(g, g.counters[str(c.controlling)])
    emit(g, "let_go", f"{c.name} lets go of the Intruder", "ruling R11", {"crew": c.id})


def check_prepare(g: Game, a: Action) -> None:
    if not in_shuttle(g):
        raise PREPARING.refusal()
    if g.shuttles[sub_at(g)].prepared:
        raise deny("the hatches are already prepared", "Escape via Shuttle")
    crew = crew_at(g, sub_at(g))
    if not crew or any(c.acted for c in crew):
        raise deny("preparing takes one entire Crew Action Segment", "Escape via Shuttle")


def apply_prepare(g: Game, a: Action) -> None:
    for c in crew_at(g, sub_at(g)):
        c.acted = True
    g.shuttles[sub_at(g)].prepared = True
    emit(g, "prepared", rule="Escape via Shuttle")


def check_open_hatches(g: Game, a: Action) -> None:
    c = actor(g, a)
    if not in_shuttle(g) or not g.shuttles[sub_at(g)].prepared:
        raise deny("the hatches may be opened only after one entire Crew Action Segment "
                   "preparing", "Escape via Shuttle")
    del c


def apply_open_hatches(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    c.acted = True
    emit(g, "hatches", f"{c.name} opens the hatches", "Escape via Shuttle")
    sweep(g, sub_at(g), prepared=True)


# --- the Crew Action Segment's actions (registry.py gathers them; `leave` ends a decision
# with a flow step, so flow.py declares it) ---------------------------------------------
# Offered by `candidates` only when their checks pass (legal_when_offered): freeze, release,
# let go, catch, open an airlock. Letting go of a Lab Animal or the Intruder kills, frees and
# removes nobody (cannot_end).

def _crew_and(arg: str) -> dict[str, str]:
    return {"crew": "str", arg: "str"}


ACTIONS = (
    ActionType("attack", {"crew": "str", "target": "str", "weapon": "str"}, check_attack,
               apply_attack, "Attack the Intruder", steps=IN_ACTIONS, fresh_label=True,
               doc="CRT; R5-R8, R10"),
    ActionType("prod", _crew_and("target"), check_prod, apply_prod, "Prod the Intruder",
               steps=IN_ACTIONS,
               label="{who}: prod the Intruder ({target})", doc="Gaining Control"),
    ActionType("cage", _crew_and("target"), check_cage, apply_cage, "Attempt to Cage Intruder",
               steps=IN_ACTIONS,
               label="{who}: cage the Intruder ({target})", doc="Attempt to Cage Intruder"),
    ActionType("catch", _crew_and("target"), check_catch, apply_catch,
               "Attempt to Catch Lab Animal", steps=IN_ACTIONS, legal_when_offered=True,
               label="{who}: catch the Lab Animal ({target})",
               doc="Attempt to Catch Lab Animal"),
    ActionType("cage_animal", _crew_and("holder"), check_cage_animal, apply_cage_animal,
               "Cage Lab Animal", steps=IN_ACTIONS, notes={"crew": "(with the Cage)"},
               doc="Cage Lab Animal"),
    ActionType("transfer", _crew_and("target"), check_transfer, apply_transfer,
               "Transfer a Lab Animal to a Permanent Cage",
               label="{who}: put the Lab Animal in the permanent cages",
               doc="Science Officer, Lab, Second Interaction Phase"),
    ActionType("open_airlock", _crew_and("airlock"), check_open_airlock, apply_open_airlock,
               "Open Airlocks", steps=IN_ACTIONS, legal_when_offered=True,
               label="{who}: open the {airlock}",
               notes={"airlock": "(`airlock`, `dock1`, `dock2`)"}, doc="from its corridor (R15)"),
    ActionType("start_self_destruct", {"crew": "str"}, check_start_sd, apply_start_sd,
               "Self-Destruction", steps=IN_ACTIONS, label="{who}: start the Self-Destruct System",
               doc="Command Module, Second Interaction Phase (R17)"),
    ActionType("stop_self_destruct", {"crew": "str"}, check_stop_sd, apply_stop_sd,
               "Self-Destruction", steps=IN_ACTIONS, label="{who}: stop the Self-Destruct System",
               doc="Command Module, Second Interaction Phase (R17)"),
    ActionType("freeze", {"crew": "str"}, check_freeze, apply_freeze, "Turn on the Freezer",
               steps=IN_ACTIONS, legal_when_offered=True, label="{who}: turn on the Freezer",
               doc="Command Module, Second Interaction Phase (R13)"),
    ActionType("inventory", _crew_and("target"), check_inventory, apply_inventory,
               "Inventory Lab Animals", steps=IN_ACTIONS, label="{who}: inventory counter {target}",
               notes={"target": "(`n1`..)"}, doc="Science Officer in the Computer Room (R16)"),
    ActionType("release", {"crew": "str"}, check_release, apply_release,
               "Attempt to Catch Lab Animal", cannot_end=True, legal_when_offered=True,
               passive=True, label="{who}: release the Lab Animal",
               steps=StepGuard(HANDS_FREE_STEPS, "nothing to release now",
                               "Attempt to Catch Lab Animal"),
               doc="let a caught Lab Animal go, any time"),
    ActionType("let_go", {"crew": "str"}, check_let_go, apply_let_go, "ruling R11",
               cannot_end=True, legal_when_offered=True, passive=True,
               label="{who}: let go of the Intruder",
               steps=StepGuard(HANDS_FREE_STEPS, "nothing to let go of now", "ruling R11"),
               doc="end control of the Intruder (R11)"),
    ActionType("prepare_hatches", {}, check_prepare, apply_prepare, "Escape via Shuttle",
               steps=PREPARING,
               label="Prepare to open the hatches", doc="in a shuttle fight (R24)"),
    ActionType("open_hatches", {"crew": "str"}, check_open_hatches, apply_open_hatches,
               "Escape via Shuttle", steps=IN_ACTIONS, label="{who}: open the hatches",
               doc="in a shuttle fight, after preparing"),
)
