"""Self-Destruction and Escape via Shuttle, with the Intruder Stowaway Index (R17, R18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .biology import active_intruders, is_free
from .charts import SHUTTLE_CAPACITY, SHUTTLE_MAY_LEAVE
from .crew_movement import deny
from .events import emit, roll
from .lost import forget
from .names import place
from .pieces import docks, new_token, relocate, station_crew, token_order
from .solitaire_setup import setup_name
from .station import COMPARTMENTS, SHUTTLE_DOCK

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter, Crewman

RULE = "Escape via Shuttle; ruling R18"


def shuttles_may_leave(g: Game) -> bool:
    """Quarantine: only once the marker is in 4 or lower, or after a stop (R17, R18)."""
    return g.sd_stopped or (g.sd is not None and g.sd <= SHUTTLE_MAY_LEAVE)


def check_may_leave(g: Game, shuttle: str, crew: list[Crewman]) -> None:
    if shuttle not in docks(g):
        raise deny("there is no such shuttle", RULE)
    if g.shuttles[shuttle].departed:
        raise deny(f"{place(shuttle)} has already left and may never return", RULE)
    if not shuttles_may_leave(g):
        raise deny("quarantine: a shuttle may leave only once the Self-Destruct marker is in "
                   "the 4 box or lower", RULE)
    if len(crew) > SHUTTLE_CAPACITY:
        raise deny("a shuttle carries at most four crewmen", RULE)
    for c in crew:
        if c.at != SHUTTLE_DOCK[shuttle]:
            raise deny(f"{c.name} is not in {place(SHUTTLE_DOCK[shuttle])}", RULE)


def stowaway_candidates(g: Game) -> list[Counter]:
    """Free Intruders on the station or not yet in play (R18), in a fixed order."""
    out = [c for c in active_intruders(g)
           if c.at == "clones_pending" or (c.at in COMPARTMENTS and is_free(c))]
    return sorted(out, key=lambda c: (c.at == "clones_pending", token_order(c),
                                      setup_name(g, c)))


def leave(g: Game, shuttle: str, crew: list[Crewman]) -> Counter | None:
    """The crew boards and departs; roll for a stowaway at the instant of departure. Returns
    the Intruder aboard, whose fight flow.py then starts (R24), or None."""
    s = g.shuttles[shuttle]
    s.departed = True
    s.crew = [c.id for c in crew]
    for c in crew:
        c.acted = True
        relocate(g, c, shuttle)
    names = ", ".join(c.name for c in crew)
    emit(g, "departure", f"{place(shuttle)} leaves the station with {names}", RULE,
           {"shuttle": shuttle, "crew": s.crew})
    free = stowaway_candidates(g)
    isi = len(free) + 1
    die = roll(g, "stowaway", RULE, index=isi)
    if not free or die > isi:
        emit(g, "no_stowaway", rule=RULE)
        arrive(g, shuttle)
        return None
    pick = free[0]
    while len(free) > 1:
        d = roll(g, "stowaway_which", RULE)
        if d <= len(free):
            pick = free[d - 1]
            break
    if not pick.token:
        pick.token = new_token(g)
    pick.at = shuttle
    pick.face_up = True
    pick.asleep_until = None
    emit(g, "stowaway", f"The Intruder is aboard {place(shuttle)}!", RULE,
           {"shuttle": shuttle, "token": pick.token})
    return pick


def arrive(g: Game, shuttle: str) -> None:
    """The shuttle's surviving crew has escaped."""
    for cid in g.shuttles[shuttle].crew:
        c = g.crew[cid]
        if c.status == "active":
            c.status = "escaped"
    g.shuttles[shuttle].fight = False


def self_destruct_phase(g: Game) -> None:
    """6. Move the marker one box (not in the turn it was started); at 0 the station goes."""
    if g.sd is None:
        return
    if g.sd_started == g.turn:
        emit(g, "self_destruct", "The Self-Destruct marker stays in the Active box this turn",
               "Self-Destruction", {"held": True})
        return
    g.sd -= 1
    emit(g, "self_destruct", f"Self-Destruct countdown: {g.sd}", "Self-Destruction", {"box": g.sd})
    if g.sd == 0:
        destroy_station(g)


def destroy_station(g: Game) -> None:
    """Everything on the station dies; escaped crew and stowaways are not on it."""
    from .combat import kill_crewman, kill_intruder, release_from

    g.destroyed = True
    emit(g, "destroyed", rule="Self-Destruction")
    for c in station_crew(g) + [c for c in g.crew.values() if c.status == "lost"]:
        forget(g, c)
        kill_crewman(g, c, "lost with the station")
    for t in active_intruders(g):
        if t.at in COMPARTMENTS or t.at == "clones_pending":
            kill_intruder(g, t, "destroyed with the station")
    for t in g.counters.values():
        if t.kind == "lab_animal" and (t.at in COMPARTMENTS or t.at == "caged_lab"):
            release_from(g, t)
            t.at = "lost"
