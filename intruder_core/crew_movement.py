"""Crew Movement Phase: moving crewmen and the Functions (Crew Movement; Functions)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .action_types import ActionType, StepGuard
from .actions import Action, action
from .charts import CONSTRUCTION_TURNS, ROLES, can_carry
from .errors import IllegalAction
from .events import emit
from .names import place
from .phase import sub_at
from .pieces import cage_needs, carried, marine, relocate, station_crew
from .sides import crew_players, crewman, ready, shared, side_of
from .station import (
    ADJACENT,
    COMPARTMENTS,
    CONSTRUCTION_AT,
    NAMES,
    SECURED,
    entry_cost,
)

if TYPE_CHECKING:
    from .game import Game
    from .move_cache import Segment
    from .state import Crewman, Item, Step

MP_PER_TURN = 3
PICKUP_MP = 1  # the first pick-up of a turn; the rest free until he moves (R27)
UNLOCK = {  # room -> (roles allowed, rule)
    "arms": (("command",), "Unlock Arms Room"),
    "freezer": (("command", "science", "engineer"), "Unlock Freezer"),
    "computer": (("command", "science"), "Open Computer Room"),
}


def deny(message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, rule)


def fits(items: list[Item]) -> bool:
    """He can carry these objects together (Crew Movement; the limit is charts.can_carry)."""
    return can_carry([i.kind for i in items])


def move_cost(to: str, controlling: bool) -> int:
    """Movement points a move costs: all three driving a controlled Intruder (ruling R11),
    else the entry cost of the compartment (Crew Movement: 2 for an Access Shaft, else 1).
    The engine, the bots and the page all read move costs here."""
    return MP_PER_TURN if controlling else entry_cost(to)


def free_to_function(g: Game, c: Crewman) -> None:
    """A crewman holding a Lab Animal or an Intruder in control does nothing else."""
    if c.holding:
        raise deny(f"{c.name} is holding a Lab Animal and may do nothing else until it is caged "
                   "or released", "Attempt to Catch Lab Animal")
    if c.controlling:
        raise deny(f"{c.name} is controlling the Intruder and may take no other Function",
                   "Gaining Control Using Electric Prods; ruling R11")


# The steps each action is taken in (ActionType.steps: the registry checks them first).
IN_MOVEMENT = StepGuard(("move",), "that is a Function of the Crew Movement Phase",
                        "Sequence of Play 3")
# Letting go of what he holds is open at every decision of the crew's: its own refusal each.
HANDS_FREE_STEPS: tuple[Step, ...] = ("move", "crew_actions", "free_actions")


# --- candidates ---------------------------------------------------------------------------

# Station data the movement generator's caching relies on (`candidates`): the secured rooms
# are entered from the Command Module alone, where they are unlocked (Functions).
OPENS_ONTO_COMMAND = all(ADJACENT[room] == ("command",) for room in SECURED) and all(
    room in ADJACENT["command"] for room in SECURED)
assert OPENS_ONTO_COMMAND, "a secured room opens elsewhere: key the kept segs on g.unlocked too"

# compartment -> (neighbour, its entry cost, secured) for the movement generator
_STEPS = {at: tuple((to, move_cost(to, False), to in SECURED) for to in near)
          for at, near in ADJACENT.items()}


def moves_from(g: Game, cid: str, at: str) -> tuple[tuple[str, int, bool, Action], ...]:
    """A crewman's moves out of a compartment: (to, entry cost, secured, the labelled move),
    worked out once per game and place (the movement generator's innermost loop)."""
    key = ("moves_from", cid, at)
    cache = g.cache
    done = cache.made_moves.get(key)
    if done is None:
        done = cache.made_moves[key] = tuple(
            (to, cost, secured, cache.labelled(g, ("move", cid, to),
                                               Action("move", (("crew", cid), ("to", to)))))
            for to, cost, secured in _STEPS[at])
    return done


def candidates(g: Game) -> list[Action]:
    """Exactly the legal actions of the Crew Movement Phase, labelled, in a fixed order.

    Each condition here is one the action's check below would refuse on, so the engine takes
    these without running the checks (tests/test_legal.py compares the two on many games); the
    checks remain the home of each refusal's reason. This is the engine's hottest loop: each
    crewman's actions are kept (the move cache's `segs`) until an action changes him
    (`changed`) or touches his compartment (`touched`), or the phase's doors change, and
    each action object is made once per roster (move_cache.py)."""
    sharing = shared(g)
    waiting = ready(g) if sharing else ()
    # What every crewman's actions depend on besides himself and his compartment: a change of
    # turn, Life Stage (Cage bearers, R14) or passed players rebuilds them all. The doors need
    # not: every secured room opens onto the Command Module alone (OPENS_ONTO_COMMAND), where
    # the unlocking crewman stands, so an unlock touches only the crewmen there.
    cache = g.cache
    segs = cache.segs
    key = cache.key  # compared field by field: no tuple made at each decision
    if not key or key[0] != g.turn or key[1] != g.stage or key[2] != waiting:
        segs.clear()
        cache.key = (g.turn, g.stage, waiting)
    touched = cache.touched
    changed = cache.changed
    crew = g.crew
    if len(segs) != len(crew):  # every crewman's afresh, kept in the crew's order
        segs.clear()
        for c in crew.values():
            segs[c.id] = _segment(g, c, waiting)
    else:
        if touched:  # the crewmen where an action touched
            for c in crew.values():
                if c.at in touched:
                    changed.add(c.id)
        for cid in changed:  # replaced in place: the kept order stays the crew's
            segs[cid] = _segment(g, crew[cid], waiting)
    changed.clear()
    out: list[Action] = []
    later: list[Action] | None = None  # made only when someone holds something
    for moves, held in segs.values():
        out += moves
        if held:
            if later is None:
                later = []
            later += held
    touched.clear()
    if not sharing:
        out.append(cache.made.get(("end_movement",)) or cache.labelled(
            g, ("end_movement",), action("end_movement")))
    else:
        out += [cache.labelled(g, (a.type, str(a.get("player", ""))), a)
                for a in passes(g, "end_movement")]
    if later is not None:
        out += later
    return out


_NOTHING: Segment = ((), ())


def empty_handed(g: Game, c: Crewman) -> bool:
    """He holds, controls and carries nothing, read from his kept actions of this decision
    (the move cache's `segs`: nothing to let go of) instead of looking through every object;
    False when they are not kept. tests/test_fast_paths.py checks it against `carried`."""
    done = g.cache.segs.get(c.id)
    return done is not None and done is not _NOTHING and not done[1]


def _segment(g: Game, c: Crewman, waiting: list[str] | tuple[()]) -> Segment:
    """One crewman's part of `candidates`: (his moves and Functions, what he may let go of);
    nothing for a crewman off the station, dead, or whose player has passed."""
    at = c.at
    if c.status != "active" or at not in COMPARTMENTS or (waiting and side_of(g, c) in waiting):
        return _NOTHING
    cid = c.id
    items = g.items.values()
    mine: list[Item] = []
    here: list[Item] = []
    for i in items:  # one pass: what he carries, what others could take up here
        carriers = i.carriers
        if i.at == at:
            if not carriers:
                here.append(i)
            elif cid in carriers:
                mine.append(i)
            elif len(carriers) < cage_needs(g, i):  # another's, short of bearers (R14)
                here.append(i)
        elif carriers and cid in carriers:  # most lie about: no search of an empty list
            mine.append(i)
    track: list[Item] = []
    if c.role == "engineer" and at == CONSTRUCTION_AT:
        track = [i for i in items if i.at == "track"]
    elif not mine and not here:
        # Empty hands, and nothing here he could take up (others' objects with all their
        # bearers are no one else's to take): his moves, unlocks and letting go depend on
        # nothing else, so every game with this roster shares them (tests/test_fast_paths.py).
        key: tuple[object, ...] = (cid, at, c.mp, c.holding, c.controlling)
        if at == "command":  # the unlocked rooms open onto the Command Module alone
            key = (*key, *g.unlocked)
        bare = g.cache.bare_segs
        done = bare.get(key)
        if done is None:
            done = bare[key] = (_functions(g, c, mine, here, track),
                                       tuple(hands(g, c, mine)))
        return done
    if mine or c.holding or c.controlling:
        return _functions(g, c, mine, here, track), tuple(hands(g, c, mine))
    return _functions(g, c, mine, here, track), ()  # nothing to let go of


def _functions(g: Game, c: Crewman, mine: list[Item], here: list[Item],
               track: list[Item]) -> tuple[Action, ...]:
    """One crewman's moves and Functions (the first part of `candidates`): `mine` is what
    he carries, `here` what lies where he is or is carried there by others short of bearers
    (what he could take up), `track` the weapons being built
    (for an Engineer in Maintenance)."""
    cache = g.cache
    made = cache.made
    out: list[Action] = []
    unlocked = g.unlocked
    cid, at, mp = c.id, c.at or "", c.mp
    free = not c.holding and not c.controlling
    if c.controlling and not c.holding:
        if mp >= MP_PER_TURN:  # he moves with the Intruder, all three points (R11)
            for to, _, secured, move in moves_from(g, cid, at):
                if not secured or to in unlocked:
                    out.append(move)
    elif mp and not c.holding:
        least = mp
        for item in mine:  # bearers of a caged Intruder move together (R14)
            if item.contents and g.counters[item.contents].kind == "intruder":
                if len(item.carriers) < cage_needs(g, item):
                    least = 0
                    break
                least = min(least, *(g.crew[x].mp for x in item.carriers))
        for to, cost, secured, move in moves_from(g, cid, at):
            if secured and to not in unlocked:
                continue  # locked this phase (ruling R12)
            if least < cost:
                continue  # too few movement points (his or a fellow bearer's)
            out.append(move)
    if c.controlling and at == "command" and "freezer" in unlocked and mp >= MP_PER_TURN:
        out.append(made.get(("force_into_freezer", cid)) or cache.labelled(
            g, ("force_into_freezer", cid), action("force_into_freezer", crew=cid)))
    if free and (c.paid_pickup or mp >= PICKUP_MP) and not marine(g, c):
        fit: dict[str, bool] = {}  # kind -> he can carry one more (fits reads only kinds)
        for item in here:
            if cid not in item.carriers:
                if item.carriers and len(item.carriers) >= cage_needs(g, item):
                    continue  # someone else carries it
                ok = fit.get(item.kind)
                if ok is None:
                    ok = fit[item.kind] = fits([*mine, item])
                if not ok:
                    continue  # he cannot carry it too
                out.append(made.get(("pick_up", cid, item.id)) or cache.labelled(
                    g, ("pick_up", cid, item.id), action("pick_up", crew=cid, item=item.id)))
    if free and at == "command":
        for room, (roles, _) in UNLOCK.items():
            if c.role in roles and room not in unlocked:
                out.append(made.get(("unlock", cid, room)) or cache.labelled(
                    g, ("unlock", cid, room), action("unlock", crew=cid, room=room)))
    if free and c.role == "engineer" and at == CONSTRUCTION_AT and mp >= MP_PER_TURN:
        for item in track:
            if item.worked_turn != g.turn:
                out.append(made.get(("construct", cid, item.id)) or cache.labelled(
                    g, ("construct", cid, item.id),
                    action("construct", crew=cid, item=item.id)))
    return tuple(out)


def hands(g: Game, c: Crewman, mine: list[Item] | None = None) -> list[Action]:
    """What a crewman can let go of at any decision, labelled: a Lab Animal, the Intruder,
    an object (`mine`: what he carries, when the caller knows it)."""
    cache = g.cache
    made, cid = cache.made, c.id
    out = []
    if c.holding:
        out.append(made.get(("release", cid)) or cache.labelled(
            g, ("release", cid), action("release", crew=cid)))
    if c.controlling:
        out.append(made.get(("let_go", cid)) or cache.labelled(
            g, ("let_go", cid), action("let_go", crew=cid)))
    for item in carried(g, c) if mine is None else mine:
        out.append(made.get(("drop", cid, item.id)) or cache.labelled(
            g, ("drop", cid, item.id), action("drop", crew=cid, item=item.id)))
    return out


def passes(g: Game, kind: str) -> Iterator[Action]:
    """The pass, or with two crew players one pass for each who has not yet passed."""
    if not shared(g):
        yield action(kind)
        return
    for player in crew_players(g):
        if player not in ready(g):
            yield action(kind, player=player)


def check_pass(g: Game, a: Action) -> None:
    """With two crew players, a pass names a player who has not yet passed."""
    if shared(g) and (a.get("player") not in crew_players(g) or a.get("player") in ready(g)):
        raise deny("name a crew player who has not yet passed", "The Science Officer")


# --- checks -------------------------------------------------------------------------------

def check_move(g: Game, a: Action) -> None:
    c = crewman(g, a.get("crew"), on_station=True)
    to = a["to"]
    if c.holding:
        free_to_function(g, c)
    if to not in ADJACENT.get(c.at or "", ()):
        raise deny(f"{place(to)} is not adjacent to {place(c.at)}", "Crew Movement")
    if to in SECURED and to not in g.unlocked:
        room = "Arms Room" if to == "arms" else place(to)
        raise deny(f"the {room} has not been unlocked this Crew Movement Phase",
                   UNLOCK[to][1] + "; ruling R12")
    if c.controlling:
        if c.mp < MP_PER_TURN:
            raise deny("a crewman in control moves with the Intruder one compartment per turn, "
                       "using all three movement points", "ruling R11")
        return
    cost = move_cost(to, False)
    for mover in movers(g, c):
        if mover.mp < cost:
            what = "an Access Shaft costs 2" if cost == 2 else "each move costs 1"
            raise deny(f"{mover.name} has {mover.mp} movement point(s) left; {what}",
                       "Crew Movement")


def movers(g: Game, c: Crewman, mine: list[Item] | None = None) -> list[Crewman]:
    """The crewman and anyone bearing a caged Intruder with him, who move together (R14)
    (`mine`: what he carries, when the caller knows it)."""
    group = movers_or_none(g, c, mine)
    if group is None:
        item = next(i for i in carried(g, c) if i.contents and
                    g.counters[i.contents].kind == "intruder")
        need = cage_needs(g, item)
        raise deny(f"the caged Intruder in Life Stage {g.stage} needs {need} crewmen "
                   f"to carry it; {len(item.carriers)} hold it", "ruling R14")
    return group


def movers_or_none(g: Game, c: Crewman,
                   mine: list[Item] | None = None) -> list[Crewman] | None:
    """As `movers`, or None when a caged Intruder he carries lacks bearers (R14)."""
    group = [c]
    for item in carried(g, c) if mine is None else mine:
        if item.contents and g.counters[item.contents].kind == "intruder":
            if len(item.carriers) < cage_needs(g, item):
                return None
            group += [g.crew[x] for x in item.carriers if x != c.id]
    return group


def check_force(g: Game, a: Action) -> None:
    c = crewman(g, a.get("crew"), on_station=True)
    if not c.controlling:
        raise deny(f"{c.name} controls no Intruder", "ruling R22")
    if c.at != "command":
        raise deny("the Intruder can be forced into the Freezer only from the Command Module",
                   "ruling R22")
    if "freezer" not in g.unlocked:
        raise deny("the Freezer has not been unlocked this Crew Movement Phase",
                   "Unlock Freezer; ruling R12")
    if c.mp < MP_PER_TURN:
        raise deny("forcing the Intruder takes the crewman's whole movement", "ruling R22")


def check_pick_up(g: Game, a: Action) -> None:
    c = crewman(g, a.get("crew"), on_station=True)
    free_to_function(g, c)
    if marine(g, c):
        raise deny("Marines carry their four weapons and no other object",
                   "Return to Prometheus, Marines")
    item = g.items.get(str(a.get("item")))
    if item is None or item.at != c.at:
        raise deny(f"there is no such object in {place(c.at)}", "Pick Up an Object")
    if c.id in item.carriers:
        raise deny(f"{c.name} already carries the {item.name}", "Pick Up an Object")
    if item.carriers and len(item.carriers) >= cage_needs(g, item):
        raise deny(f"the {item.name} is carried by someone else; he must drop it first",
                   "Drop an Object")
    if not fits([*carried(g, c), item]):
        raise deny(f"{c.name} cannot carry more: one large and one small object, or three "
                   "small ones", "Crew Movement")
    if not c.paid_pickup and c.mp < PICKUP_MP:
        raise deny(f"picking up costs {PICKUP_MP} movement point", "Pick Up an Object")


def check_drop(g: Game, a: Action) -> None:
    c = crewman(g, a.get("crew"))
    if g.step == "crew_actions" and c.at != sub_at(g):
        raise deny(f"{c.name} is not in the compartment being resolved",
                   "Interaction Sub-routine")
    item = g.items.get(str(a.get("item")))
    if item is None or c.id not in item.carriers:
        raise deny(f"{c.name} is not carrying that", "Drop an Object")


def check_unlock(g: Game, a: Action) -> None:
    c = crewman(g, a.get("crew"), on_station=True)
    room = a.get("room")
    if room not in UNLOCK:
        raise deny("only the Arms Room, Freezer and Computer Room are locked", "Functions")
    roles, rule = UNLOCK[room]
    free_to_function(g, c)
    if c.role not in roles:
        who = " or ".join(ROLES[r] + "s" for r in roles)
        raise deny(f"only {who} may do that", rule)
    if c.at != "command":
        raise deny("the secured rooms are unlocked from the Command Module", rule)
    if room in g.unlocked:
        raise deny(f"the {place(room)} is already unlocked this phase", rule)


def check_construct(g: Game, a: Action) -> None:
    c = crewman(g, a.get("crew"), on_station=True)
    rule = "Construct Weapons"
    if c.role != "engineer":
        raise deny("only Engineers construct weapons", rule)
    free_to_function(g, c)
    if c.at != CONSTRUCTION_AT:
        raise deny("weapons are constructed only in Maintenance", rule)
    if c.mp < MP_PER_TURN:
        raise deny("constructing takes all three movement points", rule)
    item = g.items.get(str(a.get("item")))
    if item is None or item.at != "track":
        raise deny("that weapon is not on the Weapons Construction track", rule)
    if item.worked_turn == g.turn:
        raise deny("two Engineers may not work on the same weapon in the same turn", rule)


# --- effects ------------------------------------------------------------------------------

def apply_move(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    to = a["to"]
    if c.controlling:
        intruder = g.counters[c.controlling]
        c.mp = 0
        relocate(g, c, to)
        intruder.at = to
        emit(g, "move", f"{c.name} drives the Intruder into {place(to)}", "ruling R11",
               {"crew": c.id, "to": to})
        return
    cost = move_cost(to, False)
    mine = [] if empty_handed(g, c) else carried(g, c)
    for mover in movers(g, c, mine) if mine else (c,):  # empty hands: he moves alone
        mover.mp -= cost
        relocate(g, mover, to, mine if mover is c else None)
        emit(g, "move", f"{mover.name} moves to {NAMES[to]}", "Crew Movement",
               {"crew": mover.id, "to": to, "cost": cost})


def apply_force(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    intruder = g.counters[str(c.controlling)]
    intruder.at = "freezer"
    intruder.controlled_by = None
    c.controlling = None
    c.mp = 0
    emit(g, "forced", f"{c.name} forces the Intruder into the Freezer and shuts the door",
           "ruling R22", {"crew": c.id})


def apply_pick_up(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    item = g.items[a["item"]]
    if not c.paid_pickup:
        c.mp -= PICKUP_MP
        c.paid_pickup = True
    item.carriers.append(c.id)
    emit(g, "pick_up", f"{c.name} picks up the {item.name}", "Pick Up an Object",
           {"crew": c.id, "item": item.id})


def apply_drop(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    item = g.items[a["item"]]
    item.carriers.remove(c.id)
    emit(g, "drop", f"{c.name} drops the {item.name}", "Drop an Object",
           {"crew": c.id, "item": item.id})


def apply_unlock(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    g.unlocked.append(a["room"])
    emit(g, "unlock", f"{c.name} unlocks the {place(a['room'])}", UNLOCK[a["room"]][1],
           {"crew": c.id, "room": a["room"]})


def apply_construct(g: Game, a: Action) -> None:
    c = g.crew[a["crew"]]
    item = g.items[a["item"]]
    c.mp = 0
    item.progress += 1
    item.worked_turn = g.turn
    need = CONSTRUCTION_TURNS[item.kind]
    emit(g, "construct", f"{c.name} works on the {item.name} ({item.progress}/{need})",
           "Construct Weapons", {"crew": c.id, "item": item.id})
    if item.progress >= need:
        item.at = CONSTRUCTION_AT
        if fits([*carried(g, c), item]):
            item.carriers.append(c.id)
        emit(g, "constructed", f"The {item.name} is finished", "Construct Weapons",
               {"item": item.id})



# --- the Crew Movement Phase's actions (registry.py gathers them) --------------------------
# None can end the game (How to Win): crewmen only walk between compartments (driving a
# controlled Intruder, or forcing it into the Freezer, keeps it loose on the station), pick
# up, drop, unlock and construct. Drop is offered only when legal, anywhere.

ACTIONS = (
    ActionType("move", {"crew": "str", "to": "str"}, check_move, apply_move, "Crew Movement",
               steps=IN_MOVEMENT, cannot_end=True,
               doc="Crew Movement; shafts cost 2; a controlled Intruder moves with its "
               "controller (R11); a caged Intruder's carriers move together (R14)"),
    ActionType("force_into_freezer", {"crew": "str"}, check_force, apply_force, "ruling R22",
               steps=IN_MOVEMENT, cannot_end=True,
               label="{who}: force the Intruder into the Freezer",
               doc="R22"),
    ActionType("pick_up", {"crew": "str", "item": "str"}, check_pick_up, apply_pick_up,
               "Pick Up an Object", steps=IN_MOVEMENT, cannot_end=True,
               doc="1 point for any number (R27); 1 large + 1 small or 3 small"),
    ActionType("drop", {"crew": "str", "item": "str"}, check_drop, apply_drop,
               "Drop an Object", cannot_end=True, legal_when_offered=True, passive=True,
               steps=StepGuard(HANDS_FREE_STEPS, "objects are dropped while moving or acting",
                               "Drop an Object"),
               doc="free, also during Interactions (R36)"),
    ActionType("unlock", {"crew": "str", "room": "str"}, check_unlock, apply_unlock,
               "Functions", steps=IN_MOVEMENT, cannot_end=True,
               notes={"room": "(`arms`, `freezer`, `computer`)"},
               doc="from the Command Module, this phase only (R12)"),
    ActionType("construct", {"crew": "str", "item": "str"}, check_construct, apply_construct,
               "Construct Weapons", steps=IN_MOVEMENT, cannot_end=True,
               doc="Engineer in Maintenance, all 3 points"),
)

def start_phase(g: Game) -> None:
    """Three fresh movement points each; doors relock (ruling R12)."""
    g.unlocked = []
    g.cache.segs.clear()  # every crewman's actions are worked out afresh
    for c in station_crew(g):
        c.mp = MP_PER_TURN
        c.paid_pickup = False

