"""The Intruder's biology: Life Stage, powers, metamorphosis, Clones, sleep and breaking out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .charts import LAST_STAGE, POWER_NAMES, POWERS, Stage
from .events import emit, roll
from .names import place
from .phase import interaction_number
from .pieces import manned
from .station import COMPARTMENTS

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter

DEAD_OR_GONE = ("killed", "frozen", "escaped", "reserve")


def row(g: Game) -> Stage:
    """The Life Stage Chart row of the current stage."""
    return g.config.chart[g.stage]


def intruders(g: Game) -> list[Counter]:
    """Every Intruder counter that has been put into the game (any state, any place)."""
    return [c for c in g.counters.values() if c.kind == "intruder" and c.at != "reserve"]


def on_station(c: Counter) -> bool:
    return c.at in COMPARTMENTS


def is_free(c: Counter) -> bool:
    """Loose on the station: not caged, controlled, frozen or killed (ruling R18)."""
    return on_station(c) and c.cage is None and c.controlled_by is None


def active_intruders(g: Game) -> list[Counter]:
    """Intruders still developing: in play on the station, in a shuttle or not yet in play."""
    return [c for c in intruders(g) if c.at not in DEAD_OR_GONE]


def trapped_for_good(g: Game, t: Counter) -> bool:
    """Permanently trapped: caged in Life Stage 6, all powers known, not Extra Strong."""
    return (t.cage is not None and t.at in COMPARTMENTS and g.stage == LAST_STAGE
            and g.unknown == 0 and "extra_strong" not in g.known)


def has(g: Game, power: str) -> bool:
    """A known power of the (living) Intruders; clones share one set (ruling R3)."""
    return power in g.known


def compartments_per_phase(g: Game, c: Counter) -> int:
    """Very Fast (Intruder Powers Chart 6): the Intruder and all face-down counters move two
    compartments per movement phase instead of one. Random movement and the Intelligent
    Intruder's moves both read it here."""
    if "very_fast" in g.known and (not c.face_up or c.kind == "intruder"):
        return 2
    return 1


def stops_on_meeting_crew(g: Game, c: Counter) -> bool:
    """Very Fast: a face-down counter that enters a compartment with a human stops there."""
    return not c.face_up and manned(g, c.at)


def determine_powers(g: Game) -> None:
    """Roll 2d6 for each unknown power, rerolling known ones (Powers and Properties; R3)."""
    while g.unknown > 0:
        while True:
            a = roll(g, "power_first", "Intruder Powers Chart")
            b = roll(g, "power_second", "Intruder Powers Chart")
            power = POWERS[a + b]
            if power not in g.known:
                break
            emit(g, "power_reroll", f"{POWER_NAMES[power]} is already known: roll again",
                   "Intruder Powers Chart", {"power": power})
        g.unknown -= 1
        g.known.append(power)
        emit(g, "power", f"The Intruder has {POWER_NAMES[power]}", "Intruder Powers Chart",
               {"power": power})
        if power == "clone":
            adjust_clones(g)
        if power == "extra_strong":
            for c in active_intruders(g):
                break_out(g, c)


def adjust_clones(g: Game) -> None:
    """Keep the Intruder count equal to the chart once Clone is known (Clones)."""
    if not has(g, "clone"):
        return
    need = row(g).clones - len(intruders(g))
    reserve = [c for c in g.counters.values() if c.kind == "intruder" and c.at == "reserve"]
    for c in reserve[:max(need, 0)]:
        c.at = "clones_pending"
        emit(g, "clone", rule="Clones")


def metamorphose(g: Game) -> None:
    """Advance one Life Stage: a new unknown power, clones by the chart, control lost (R11)."""
    if g.stage >= LAST_STAGE:
        return
    g.stage += 1
    g.unknown += 1
    emit(g, "metamorphosis", f"The Intruder metamorphoses to Life Stage {g.stage}",
           "Metamorphosis", {"stage": g.stage})
    for c in active_intruders(g):
        if c.controlled_by is not None:
            crewman = g.crew[c.controlled_by]
            crewman.controlling = None
            c.controlled_by = None
            emit(g, "control_lost", f"{crewman.name} loses control of the Intruder",
                   "ruling R11")
    adjust_clones(g)


def roll_metamorphosis(g: Game) -> None:
    """One Metamorphosis Phase roll against the Life Stage Chart."""
    chart_row = row(g)
    if not chart_row.metamorphosis:
        return
    die = roll(g, "metamorphosis", "Intruder Metamorphosis Phase")
    if die in chart_row.metamorphosis:
        metamorphose(g)


def reveal_caged_powers(g: Game) -> None:
    """Ruling R26: powers of an Intruder watched in a Cage are determined when gained."""
    if g.unknown and any(c.cage is not None and on_station(c) for c in active_intruders(g)):
        determine_powers(g)


def halt(c: Counter, g: Game) -> None:
    """A killed or frozen clone's development stops where it is (Clones, third example)."""
    c.final_stage = g.stage
    c.final_powers = list(g.known)


def break_out(g: Game, c: Counter) -> None:
    """An awake Extra Strong Intruder leaves any Cage at once (Extra Strong; ruling R14)."""
    if c.cage is None or c.asleep or not has(g, "extra_strong"):
        return
    if c.cage != "freezer":
        g.items[c.cage].contents = None
    c.cage = None
    emit(g, "break_out", f"The Intruder breaks out of its Cage in {place(c.at)}",
           "Extra Strong; ruling R14", {"at": c.at})


def wake(g: Game, c: Counter) -> None:
    """The sleep wears off (ruling R9); a caged Extra Strong one breaks out before anyone acts."""
    if c.asleep_until is None:
        return
    c.asleep_until = None
    emit(g, "wake", f"The Intruder in {place(c.at)} wakes up", "ruling R9", {"at": c.at})
    break_out(g, c)


def wake_due(g: Game, at: str | None = None) -> None:
    """Wake every sleeper whose time has come, in one compartment or everywhere (the
    active Intruders', `active_intruders`, in one pass: this runs at every Sub-routine)."""
    for c in g.counters.values():
        if c.asleep_until is not None and c.kind == "intruder" and c.at not in DEAD_OR_GONE \
                and (at is None or c.at == at) and \
                tuple(c.asleep_until) <= (g.turn, interaction_number(g)):
            wake(g, c)
