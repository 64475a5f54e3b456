"""The two Interaction Phases and the Interaction Sub-routine (Sequence of Play; R2, R3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import lost
from .actions import Action, action
from .combat import check_fire, choose_target, fire, intruder_attack, weapons_of, will_attack
from .crew_movement import deny
from .intruder import determine_powers, is_free, wake_due
from .sequence import PHASE_NAMES
from .sides import side_of, unready
from .state import Defense, Subroutine
from .station import ORDER

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter, Crewman


def needs_interaction(g: Game, at: str) -> bool:
    """Crew plus a face-down counter, a free face-up Intruder or a free Lab Animal (R2)."""
    if not g.crew_at(at):
        return False
    for c in g.counters.values():
        if c.at != at:
            continue
        if not c.face_up:
            return True
        if c.kind == "intruder" and is_free(c):
            return True
        if c.kind == "lab_animal" and c.held_by is None and c.cage is None:
            return True
    return False


def begin(g: Game, number: int) -> None:
    """Start the First or Second Interaction Phase."""
    g.phase = "interaction2" if number == 2 else "interaction1"
    for c in g.crew.values():
        c.acted = False
    g.attacks = {}
    g.kills = 0
    g.queue = sorted({c.at for c in g.station_crew() if c.at and needs_interaction(g, c.at)},
                     key=ORDER.__getitem__)
    g.emit("phase", f"Turn {g.turn}: {PHASE_NAMES[g.phase]}",
           "Sequence of Play", phase=g.phase, turn=g.turn)
    next_subroutine(g)


def next_subroutine(g: Game) -> None:
    """Resolve the next compartment, or let the player choose the order (R2)."""
    g.sub = None
    g.defense = None
    g.queue = [at for at in g.queue if needs_interaction(g, at)]
    if not g.queue:
        wake_due(g)  # the rest of the phase is everyone's Crew Action Segment (R9)
        unready(g)
        g.step = "free_actions"
    elif len(g.queue) == 1:
        start_subroutine(g, g.queue[0])
    else:
        g.step = "choose"


def check_interact(g: Game, a: Action) -> None:
    if g.step != "choose":
        raise deny("no choice of Interaction is pending", "Interaction Sub-routine; ruling R2")
    if a.get("at") not in g.queue:
        raise deny("that compartment has no Interaction to resolve", "ruling R2")


def apply_interact(g: Game, a: Action) -> None:
    start_subroutine(g, a["at"])


def start_subroutine(g: Game, at: str) -> None:
    """1. Combat Segment: turn the counters face up and remove Dummies; then the Intruders."""
    g.queue.remove(at)
    g.sub = Subroutine(at)
    g.emit("interaction", f"Interaction in {g.place(at)}", "Interaction Sub-routine", at=at)
    here = sorted((c for c in g.counters.values() if c.at == at), key=g.token_order)
    for c in here:
        if not c.face_up:
            reveal(g, c)
    g.sub.pending = [c.id for c in here if c.kind == "intruder" and c.at == at]
    intruder_segment(g)


def reveal(g: Game, c: Counter) -> None:
    """Turn a counter face up; a Dummy goes to the Dummy Counters Discovered box."""
    if c.kind == "crewman":
        lost.found(g, c)
        return
    c.face_up = True
    what = {"intruder": "the Intruder", "lab_animal": "a Lab Animal", "dummy": "a Dummy"}
    g.emit("reveal", f"Counter {c.token} in {g.place(c.at)} is {what[c.kind]}",
           "Combat Segment", token=c.token, kind=c.kind, at=c.at)
    if c.kind == "dummy":
        c.at = "discovered"


def intruder_segment(g: Game) -> None:
    """2. Intruder Action Segment, steps A-D, for each Intruder in turn (Clones)."""
    assert g.sub is not None
    at = g.sub.at
    while g.sub.pending:
        t = g.counters[g.sub.pending.pop(0)]
        if t.at != at:
            continue
        able = t.cage is None and t.controlled_by is None and not t.asleep
        if able and g.scenario == "intelligent_intruder":  # the Intruder player decides (B)
            g.x.deciding = t.id
            g.step = "intruder_attack"
            return
        target = choose_target(g, at) if able and will_attack(g) else None  # A
        if not steps_b_to_d(g, t, target, able):
            return
    crew_segment(g)


def steps_b_to_d(g: Game, t: Counter, target: Crewman | None, able: bool) -> bool:
    """B powers, C Self Defense, D the attack; False while the crew decides on C."""
    determine_powers(g)  # B (ruling R3)
    if target is None or t.at != g.sub_at():
        if t.asleep:
            g.emit("asleep", "The Intruder is asleep", "ruling R9")
        elif able:
            g.emit("no_attack", "The Intruder does not attack", "Intruder Action Segment")
        return True
    g.emit("attack_target", f"The Intruder attacks {target.name}",
           "Intruder Attacks on Crewmen", crew=target.id, token=t.token)
    g.defense = Defense(t.id, target.id)
    if defense_options(g):  # C: the player's decision
        g.step = "defense"
        return False
    g.defense = None
    intruder_attack(g, target)  # D
    return True


def crew_segment(g: Game) -> None:
    """3. Crew Action Segment; sleepers whose time is up wake first (R9, R14)."""
    assert g.sub is not None
    if g.in_shuttle():
        wake_in_shuttle(g)
    else:
        wake_due(g, g.sub.at)
    unready(g)
    g.step = "crew_actions"


def wake_in_shuttle(g: Game) -> None:
    """In a shuttle, a dart's sleep lasts until the next round's Crew Action Segment (R24)."""
    assert g.sub is not None
    for t in g.counters.values():
        if t.at == g.sub.at and t.asleep_until is not None and \
                t.asleep_until[1] <= (g.sub.round or 0):
            t.asleep_until = None
            g.emit("wake", "The Intruder wakes up", "ruling R24")


def defense_options(g: Game) -> list[Action]:
    """Self Defense attacks open to the target or another crewman present (step C)."""
    assert g.defense is not None and g.sub is not None
    t = g.counters[g.defense.intruder]
    side = side_of(g, g.crew[g.defense.target])
    out = []
    for c in g.crew_at(g.sub.at):
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
    if g.step != "defense" or g.defense is None or g.sub is None:
        raise deny("no Intruder attack is waiting for Self Defense", "Intruder Action Segment C")
    c = g.crewman(a.get("crew"))
    if c.at != g.sub.at:
        raise deny(f"{c.name} is not in {g.place(g.sub.at)}", "Intruder Action Segment C")
    if side_of(g, c) != side_of(g, g.crew[g.defense.target]):
        raise deny("each player's crewmen defend only their own side", "The Science Officer")
    check_fire(g, c, g.counters[g.defense.intruder], str(a.get("weapon")), True)


def check_no_defense(g: Game, a: Action) -> None:
    if g.step != "defense":
        raise deny("no Intruder attack is waiting for Self Defense", "Intruder Action Segment C")


def apply_defend(g: Game, a: Action) -> None:
    assert g.defense is not None
    t = g.counters[g.defense.intruder]
    target = g.crew[g.defense.target]
    effects = fire(g, g.crew[a["crew"]], t, a["weapon"], under_attack=target)
    g.defense = None
    if not effects:  # D: only after No Effect
        intruder_attack(g, target)
    intruder_segment(g)


def apply_no_defense(g: Game, a: Action) -> None:
    assert g.defense is not None
    target = g.crew[g.defense.target]
    g.defense = None
    intruder_attack(g, target)
    intruder_segment(g)
