"""The sequence of play: phases, steps, the Interaction Sub-routine's hand-offs and settling.

Read it top to bottom as the rulebook's Sequence of Play. A turn runs

    movement (random, or the Intelligent Intruder's "intruder_move")
      -> interaction1 (steps "choose" / "defense" / "crew_actions" / "free_actions")
      -> crew_movement (step "move") -> metamorphosis -> interaction2 -> self_destruct
      -> the next turn's movement, or Panic first when it is due (R19).

Each function takes the game state and moves it to the next decision; `settle` then checks
for the end and skips any decision that offers nothing but passing (R33). The rule modules
decide what happens inside a phase; only this module moves from one phase or step to another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import crew_actions, interaction, sides
from . import crew_movement as crew_rules
from . import intruder_player as ii
from .action_types import HANDLERS, PASSES, ActionType, unchecked
from .biology import (
    DEAD_OR_GONE,
    reveal_caged_powers,
    roll_metamorphosis,
    trapped_for_good,
    wake_due,
)
from .combat import choose_target, will_attack
from .escape import arrive, destroy_station, self_destruct_phase
from .events import emit
from .names import place
from .panic import panic, panic_due
from .phase import in_shuttle, interaction_number, sub_at
from .phase_names import PHASE_NAMES
from .pieces import crew_at, manned
from .random_movement import random_movement
from .scoring import result_of
from .state import SavedPhase, Subroutine
from .station import COMPARTMENTS

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .state import Counter


def start(g: Game) -> None:
    """Begin play at the current phase (after set-up or a position)."""
    g.changed()
    run_phase(g)
    settle(g)


def announce_phase(g: Game) -> None:
    """The log's "Turn N: phase" line for the phase the state has just entered."""
    emit(g, "phase", f"Turn {g.turn}: {PHASE_NAMES[g.phase]}", "Sequence of Play",
           {"phase": g.phase, "turn": g.turn})


def run_phase(g: Game) -> None:
    """Enter the phase the state names."""
    if g.phase == "movement":
        announce_phase(g)
        if ii.active(g):
            g.step = "intruder_move"  # the Intruder player moves the counters (A)
            return
        random_movement(g)
        begin_interaction(g, 1)
    elif g.phase in ("interaction1", "interaction2"):
        begin_interaction(g, interaction_number(g))
    elif g.phase == "crew_movement":
        begin_movement(g)
    elif g.phase == "metamorphosis":
        end_movement(g)
    else:
        raise ValueError(f"cannot start a game in phase {g.phase!r}")


def new_turn(g: Game) -> None:
    """1. Intruder and Hidden Counter Movement Phase of the next turn."""
    g.turn += 1
    g.phase = "movement"
    run_phase(g)


def begin_movement(g: Game) -> None:
    """3. Crew Movement Phase."""
    g.phase = "crew_movement"
    g.step = "move"
    sides.unready(g)
    announce_phase(g)
    crew_rules.start_phase(g)


def end_movement(g: Game) -> None:
    """4. Intruder Metamorphosis Phase, then 5. the Second Interaction Phase."""
    g.phase = "metamorphosis"
    g.step = "auto"
    g.unlocked = []
    roll_metamorphosis(g)
    reveal_caged_powers(g)
    begin_interaction(g, 2)


def pass_movement(g: Game, a: Action) -> None:
    """A crew player ends his movement; the phase ends when every crew player has."""
    if sides.shared(g) and not sides.mark_ready(g, str(a["player"])):
        return
    sides.unready(g)
    end_movement(g)


def pass_actions(g: Game, a: Action) -> None:
    """A crew player ends his actions here; the segment ends when every one has."""
    if sides.shared(g) and not sides.mark_ready(g, str(a["player"])):
        return
    sides.unready(g)
    end_segment(g)


def end_segment(g: Game) -> None:
    """A Crew Action Segment ends: the next Sub-routine, or the phase's free actions end."""
    if g.step == "crew_actions" and g.sub is not None:
        at = g.sub.at
        if in_shuttle(g):
            shuttle_round_over(g)
            return
        for c in crew_at(g, at):
            c.acted = True
        next_subroutine(g)
    else:
        end_interaction_phase(g)


def end_interaction_phase(g: Game) -> None:
    """After an Interaction Phase: Panic (R19) and a new turn, Crew Movement, or 6. the
    Self-Destruct Phase and a new turn."""
    wake_due(g)
    g.sub = None
    g.step = "auto"
    if panic_due(g):
        panic(g)
        new_turn(g)
    elif g.phase == "interaction1":
        begin_movement(g)
    else:
        g.phase = "self_destruct"
        self_destruct_phase(g)
        if not g.destroyed:
            new_turn(g)


# --- the Interaction Phases: the Interaction Sub-routine, compartment by compartment (R2) ---

def begin_interaction(g: Game, number: int) -> None:
    """2. (or 5.) the First or Second Interaction Phase: every crewman may act again."""
    g.phase = "interaction2" if number == 2 else "interaction1"
    for c in g.crew.values():
        c.acted = False
    g.attacks = {}
    g.kills = 0
    g.queue = interaction.compartments_to_resolve(g)
    announce_phase(g)
    next_subroutine(g)


def next_subroutine(g: Game) -> None:
    """Resolve the next compartment, or let the player choose the order (R2); with none
    left, the rest of the phase is everyone's Crew Action Segment (R9)."""
    g.sub = None
    g.defense = None
    g.queue = [at for at in g.queue if interaction.needs_interaction(g, at)]
    if not g.queue:
        wake_due(g)
        sides.unready(g)
        g.step = "free_actions"
    elif len(g.queue) == 1:
        start_subroutine(g, g.queue[0])
    else:
        g.step = "choose"


def interact(g: Game, a: Action) -> None:
    """The player chose the compartment to resolve next (R2)."""
    start_subroutine(g, a["at"])


def start_subroutine(g: Game, at: str) -> None:
    """1. Combat Segment, then the Intruder Action Segments."""
    interaction.combat_segment(g, at)
    intruder_segment(g)


def intruder_segment(g: Game) -> None:
    """2. Intruder Action Segment, steps A-D, for each Intruder in turn (Clones); then
    3. the Crew Action Segment. Stops at a decision: the Intelligent Intruder's (B) or the
    crew's Self Defense (C)."""
    assert g.sub is not None
    at = g.sub.at
    while g.sub.pending:
        t = g.counters[g.sub.pending.pop(0)]
        if t.at != at:
            continue
        able = t.cage is None and t.controlled_by is None and not t.asleep
        if able and g.config.scenario == "intelligent_intruder":  # the Intruder player decides (B)
            g.x.deciding = t.id
            g.step = "intruder_attack"
            return
        target = choose_target(g, at) if able and will_attack(g) else None  # A
        if not interaction.steps_b_to_d(g, t, target, able):
            g.step = "defense"
            return
    crew_segment(g)


def crew_segment(g: Game) -> None:
    """3. Crew Action Segment; sleepers whose time is up wake first (R9, R14)."""
    interaction.wake_for_actions(g)
    sides.unready(g)
    g.step = "crew_actions"


def defend(g: Game, a: Action) -> None:
    """Self Defense (C), then the attack if it had No Effect (D); the next Intruder."""
    interaction.apply_defend(g, a)
    intruder_segment(g)


def no_defense(g: Game, a: Action) -> None:
    """No Self Defense: the attack (D); the next Intruder."""
    interaction.apply_no_defense(g, a)
    intruder_segment(g)


def end_intruder_movement(g: Game, a: Action) -> None:
    """The Intelligent Intruder has moved: the First Interaction Phase."""
    ii.apply_end_move(g, a)
    begin_interaction(g, 1)


def intruder_decides(g: Game, a: Action) -> None:
    """The Intelligent Intruder attacks or holds back (B); steps C-D; the next Intruder."""
    if ii.apply_intruder_attack(g, a):
        intruder_segment(g)
    else:
        g.step = "defense"


def leave(g: Game, a: Action) -> None:
    """Escape via Shuttle: a stowaway starts a shuttle fight (R18, R24)."""
    stowaway = crew_actions.apply_leave(g, a)
    if stowaway is not None:
        start_shuttle_fight(g, a["shuttle"], stowaway)



# --- the actions that end a decision: their effect is a flow step (registry.py) -------------

ACTIONS = (
    ActionType("end_movement", {"player": "str?"}, crew_rules.check_pass,
               pass_movement, "Sequence of Play", steps=crew_rules.IN_MOVEMENT, passes=True,
               label="End crew movement"),
    ActionType("interact", {"at": "str"}, interaction.check_interact, interact, "ruling R2",
               steps=interaction.CHOOSING, legal_when_offered=True, doc="R2"),
    ActionType("defend", {"crew": "str", "weapon": "str"}, interaction.check_defend, defend,
               "Intruder Action Segment C", steps=interaction.DEFENDING, doc="Self Defense",
               notes={"weapon": "(`dart`, `blaster`, `gas`, `flamethrower`, `improvised`)"}),
    ActionType("no_defense", {}, unchecked, no_defense, "Intruder Action Segment C",
               steps=interaction.DEFENDING, label="No Self Defense"),
    ActionType("leave", {"shuttle": "str", "crew": "list"}, crew_actions.check_leave, leave,
               "Leave in a Shuttle", steps=crew_actions.IN_ACTIONS,
               notes={"shuttle": "(`shuttle1`, `shuttle2`)", "crew": "(list, 1-4)"},
               doc="Second Interaction Phase, marker in 4 or lower or stopped (R18)"),
    ActionType("end_actions", {"player": "str?"}, crew_rules.check_pass,
               pass_actions, "Actions", steps=crew_actions.IN_ACTIONS, passes=True,
               legal_when_offered=True,
               label="End actions here",
               doc="end the segment (or the phase's remaining actions)"),
    ActionType("end_intruder_movement", {}, unchecked, end_intruder_movement,
               "The Intelligent Intruder", steps=ii.MOVING, side="intruder", passes=True),
    ActionType("intruder_attack", {"token": "str", "crew": "str"}, ii.check_intruder_attack,
               intruder_decides, "The Intelligent Intruder", steps=ii.DECIDING,
               side="intruder"),
    ActionType("intruder_hold", {"token": "str"}, ii.check_intruder_attack, intruder_decides,
               "The Intelligent Intruder", steps=ii.DECIDING, side="intruder"),
)

# --- settling: the end of the game and passes that are no choice ---------------------------

def settle(g: Game) -> None:
    """Check for the end; skip decisions that offer nothing but passing."""
    while True:
        g.cache.forget_legal()
        if g.step == "crew_actions" and in_shuttle(g) and not fight_goes_on(g):
            shuttle_fight_over(g)
            g.may_end = True
        check_end(g)
        g.may_end = True  # whatever settling does next may end the game
        if g.result is not None:
            g.step = "over"
            g.cache.forget_legal()
            break
        only = only_pass(g)
        if only is None:
            break
        HANDLERS[only.type][1](g, only)
    g.log.extend(g.events)


def only_pass(g: Game) -> Action | None:
    """A pass that is some side's only legal choice (R33); None if every side with a
    decision has a real one to make."""
    legal = g.legal_now()
    if len(g.config.players) == 1:  # one side decides everything (the solitaire game)
        if not legal:
            raise RuntimeError(f"no legal action in step {g.step!r}")
        for a in legal:
            if a.type not in PASSES:
                return None  # a real choice
        return legal[0]
    passes: dict[str, Action] = {}
    busy: set[str] = set()
    for a in legal:
        side = sides.owner(g, a)
        if a.type in PASSES:
            passes.setdefault(side, a)
        else:
            busy.add(side)
    if not passes and not busy:
        raise RuntimeError(f"no legal action in step {g.step!r}")
    idle = [a for side, a in passes.items() if side not in busy]
    return idle[0] if idle else None


def check_end(g: Game) -> None:
    """How to Win: the game ends when an Intruder escapes, the station is destroyed, no crew
    is left on it, or no Intruder is still loose."""
    if not g.may_end or g.result is not None:
        return  # not over before, and the last action could not end it (cannot_end)
    if g.step == "crew_actions" and in_shuttle(g):
        return  # a shuttle fight is still being played out
    on_station = crew_on_station(g)
    if not on_station and not g.destroyed and g.sd is not None:
        destroy_station(g)
    if not on_station or g.destroyed or not intruder_loose(g):
        result = g.result = result_of(g)
        emit(g, "game_over", f"Game over: {result['outcome']} "
               f"({result['score']:+d})", "How to Win", {**result})


def game_ends(g: Game) -> bool:
    """Whether check_end would end the game now, read without ending anything (tests)."""
    if g.step == "crew_actions" and in_shuttle(g):
        return False
    return not crew_on_station(g) or g.destroyed or not intruder_loose(g)


def crew_on_station(g: Game) -> bool:
    """Some crewman is still alive on the station (How to Win). A loop, not any(): the
    first crewman usually answers, and a generator costs more than the look."""
    for c in g.crew.values():
        if c.status == "active" and c.at in COMPARTMENTS:
            break
    else:
        return False
    return True


def intruder_loose(g: Game) -> bool:
    """No Intruder has escaped, and one is still loose: not killed, frozen or caged for good
    (How to Win). One pass over the counters: this runs after most actions."""
    loose = False
    for t in g.counters.values():
        at = t.at
        if at == "escaped":
            return False
        if not loose and t.kind == "intruder" and at not in DEAD_OR_GONE and not (
                t.cage is not None and trapped_for_good(g, t)):
            loose = True
    return loose


# --- shuttle fights (ruling R18, R24) -------------------------------------------------------

def start_shuttle_fight(g: Game, shuttle: str, intruder: Counter) -> None:
    """A stowaway: the Interaction in progress waits while Sub-routines run in the shuttle."""
    g.saved = SavedPhase(g.step, g.sub, g.attacks, g.defense)
    g.shuttles[shuttle].fight = True
    g.sub = Subroutine(shuttle, [], False, 0)
    shuttle_round(g)


def shuttle_round(g: Game) -> None:
    assert g.sub is not None and g.sub.round is not None
    at = g.sub.at
    g.sub.round += 1
    g.sub.shaken = False
    g.attacks = {}
    for c in crew_at(g, at):
        c.acted = False
    emit(g, "interaction", f"Interaction in {place(at)} (round {g.sub.round})",
           "Escape via Shuttle; ruling R24", {"at": at})
    here = [t for t in g.counters.values() if t.at == at and t.kind == "intruder"]
    if not here or not crew_at(g, at):
        shuttle_fight_over(g)
        return
    g.sub.pending = [t.id for t in here]
    intruder_segment(g)


def fight_goes_on(g: Game) -> bool:
    at = sub_at(g)
    return manned(g, at) and any(t.at == at and t.kind == "intruder"
                                       for t in g.counters.values())


def shuttle_round_over(g: Game) -> None:
    if fight_goes_on(g):
        shuttle_round(g)
    else:
        shuttle_fight_over(g)


def shuttle_fight_over(g: Game) -> None:
    """The fight is over: survivors escape, a winning Intruder escapes with the shuttle, and
    the interrupted Interaction resumes."""
    at = sub_at(g)
    for t in g.counters.values():
        if t.at == at and t.kind == "intruder":
            t.at = "escaped"  # the shuttle crashes on its home planet, releasing it
            emit(g, "escaped", "The Intruder has killed the shuttle's crew and escapes",
                   "Escape via Shuttle")
    arrive(g, at)
    saved = g.saved or SavedPhase("free_actions", None, {}, None)
    g.saved = None
    g.step = saved.step
    g.sub = saved.sub
    g.attacks = saved.attacks
    g.defense = saved.defense
