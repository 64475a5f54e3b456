"""The rules inside the Interaction Sub-routine (Sequence of Play; R2, R3): which compartments
interact, the Combat Segment's reveals, the Intruder Action Segment's steps B-D and Self
Defense. Which step comes next is flow.py's (`begin_interaction`, `intruder_segment`): the
functions here change the state, emit events and return what happened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import lost
from .action_types import StepGuard
from .actions import Action, action
from .biology import determine_powers, is_free, wake_due
from .combat import check_fire, fire, intruder_attack, weapons_of
from .crew_movement import deny
from .events import emit
from .names import place
from .phase import in_shuttle, sub_at
from .pieces import crew_at, manned, station_crew, token_order
from .sides import crewman, side_of
from .state import Defense, Subroutine
from .station import ORDER

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter, Crewman


def needs_interaction(g: Game, at: str) -> bool:
    """Crew plus a counter that makes an Interaction (R2)."""
    if not manned(g, at):
        return False
    for c in g.counters.values():  # a loop, not any(): a generator costs more than the look
        if c.at == at and makes_interaction(c):
            break
    else:
        return False
    return True


def makes_interaction(c: Counter) -> bool:
    """A face-down counter, a free face-up Intruder or a free Lab Animal meets the crew in
    an Interaction (R2)."""
    if not c.face_up:
        return True
    if c.kind == "intruder":
        return is_free(c)
    return c.kind == "lab_animal" and c.held_by is None and c.cage is None


def compartments_to_resolve(g: Game) -> list[str]:
    """The compartments where crew meet counters, in the mapsheet's order (R2)."""
    manned = {c.at for c in station_crew(g)}
    return sorted({c.at for c in g.counters.values() if c.at in manned and makes_interaction(c)},
                  key=ORDER.__getitem__)


# The steps each decision is taken in (ActionType.steps: the registry checks them first).
CHOOSING = StepGuard(("choose",), "no choice of Interaction is pending",
                     "Interaction Sub-routine; ruling R2")
DEFENDING = StepGuard(("defense",), "no Intruder attack is waiting for Self Defense",
                      "Intruder Action Segment C")


def check_interact(g: Game, a: Action) -> None:
    if a.get("at") not in g.queue:
        raise deny("that compartment has no Interaction to resolve", "ruling R2")


def combat_segment(g: Game, at: str) -> None:
    """1. Combat Segment: turn the counters face up and remove Dummies; the Intruders here
    wait for their Intruder Action Segments (`Subroutine.pending`)."""
    g.queue.remove(at)
    g.sub = Subroutine(at)
    emit(g, "interaction", f"Interaction in {place(at)}", "Interaction Sub-routine", {"at": at})
    here = sorted((c for c in g.counters.values() if c.at == at), key=token_order)
    for c in here:
        if not c.face_up:
            reveal(g, c)
    g.sub.pending = [c.id for c in here if c.kind == "intruder" and c.at == at]


_REVEALED = {"intruder": "the Intruder", "lab_animal": "a Lab Animal", "dummy": "a Dummy"}


def reveal(g: Game, c: Counter) -> None:
    """Turn a counter face up; a Dummy goes to the Dummy Counters Discovered box."""
    if c.kind == "crewman":
        lost.found(g, c)
        return
    c.face_up = True
    emit(g, "reveal", f"Counter {c.token} in {place(c.at)} is {_REVEALED[c.kind]}",
           "Combat Segment", {"token": c.token, "kind": c.kind, "at": c.at})
    if c.kind == "dummy":
        c.at = "discovered"


def steps_b_to_d(g: Game, t: Counter, target: Crewman | None, able: bool) -> bool:
    """B powers, C Self Defense, D the attack; False while the crew decides on C."""
    determine_powers(g)  # B (ruling R3)
    if target is None or t.at != sub_at(g):
        if t.asleep:
            emit(g, "asleep", rule="ruling R9")
        elif able:
            emit(g, "no_attack", rule="Intruder Action Segment")
        return True
    emit(g, "attack_target", f"The Intruder attacks {target.name}",
           "Intruder Attacks on Crewmen", {"crew": target.id, "token": t.token})
    g.defense = Defense(t.id, target.id)
    if defense_options(g):  # C: the player's decision (flow.py makes it the "defense" step)
        return False
    g.defense = None
    intruder_attack(g, target)  # D
    return True


def wake_for_actions(g: Game) -> None:
    """Before a Crew Action Segment, sleepers whose time is up wake (R9, R14; R24 in a
    shuttle)."""
    assert g.sub is not None
    if in_shuttle(g):
        wake_in_shuttle(g)
    else:
        wake_due(g, g.sub.at)


def wake_in_shuttle(g: Game) -> None:
    """In a shuttle, a dart's sleep lasts until the next round's Crew Action Segment (R24)."""
    assert g.sub is not None
    for t in g.counters.values():
        if t.at == g.sub.at and t.asleep_until is not None and \
                t.asleep_until[1] <= (g.sub.round or 0):
            t.asleep_until = None
            emit(g, "wake", "The Intruder wakes up", "ruling R24")


def defense_options(g: Game) -> list[Action]:
    """Self Defense attacks open to the target or another crewman present (step C)."""
    assert g.defense is not None and g.sub is not None
    t = g.counters[g.defense.intruder]
    side = side_of(g, g.crew[g.defense.target])
    out = []
    for c in crew_at(g, g.sub.at):
        if side_of(g, c) != side:  # each player commands only his own crewmen
            continue
        for w in weapons_of(g, c):
            try:
                check_fire(g, c, t, w, self_defense=True)
            except ValueError:
                continue
            out.append(action("defend", crew=c.id, weapon=w))
    return out


def check_defend(g: Game, a: Action) -> None:
    if g.defense is None or g.sub is None:
        raise DEFENDING.refusal()
    c = crewman(g, a.get("crew"))
    if c.at != g.sub.at:
        raise deny(f"{c.name} is not in {place(g.sub.at)}", "Intruder Action Segment C")
    if side_of(g, c) != side_of(g, g.crew[g.defense.target]):
        raise deny("each player's crewmen defend only their own side", "The Science Officer")
    check_fire(g, c, g.counters[g.defense.intruder], str(a.get("weapon")), True)


def apply_defend(g: Game, a: Action) -> None:
    assert g.defense is not None
    t = g.counters[g.defense.intruder]
    target = g.crew[g.defense.target]
    effects = fire(g, g.crew[a["crew"]], t, a["weapon"], under_attack=target)
    g.defense = None
    if not effects:  # D: only after No Effect
        intruder_attack(g, target)


def apply_no_defense(g: Game, a: Action) -> None:
    assert g.defense is not None
    target = g.crew[g.defense.target]
    g.defense = None
    intruder_attack(g, target)
