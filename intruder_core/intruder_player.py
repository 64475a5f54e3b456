"""The Intelligent Intruder: the Intruder player's decisions (Multi-Player Scenarios).

A. he moves every face-down counter (and the face-up Intruders and Lab Animals) one
   compartment per movement phase at will; B. he decides whether and whom each Intruder
   attacks; C. an Intruder may open Cages and destroy objects lying where it is. Biology
   (powers, Clones, metamorphosis) and every other rule stay automatic (D).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .action_types import ActionType, StepGuard
from .actions import Action, action
from .biology import compartments_per_phase, stops_on_meeting_crew
from .crew_movement import deny
from .events import emit
from .names import describe, place
from .pieces import by_token, crew_at, new_token, token_order
from .random_movement import moves_randomly
from .sides import crewman
from .station import ADJACENT, PERMANENT_CAGES_AT, SECURED

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter
    from .view import IntruderView

RULE = "The Intelligent Intruder"
# The steps the Intruder player's actions are taken in (ActionType.steps: checked first).
ACTING = StepGuard(("intruder_move",), "the Intruder acts on objects in its movement phase",
                   RULE + " C")
MOVING = StepGuard(("intruder_move",), "the Intruder is not moving now", RULE)
DECIDING = StepGuard(("intruder_attack",), "no Intruder is deciding whether to attack",
                     RULE + " B")


def active(g: Game) -> bool:
    return g.config.scenario == "intelligent_intruder"


def moved(g: Game) -> dict[str, int]:
    """Compartments each counter has moved this phase (Intelligent Intruder A)."""
    return g.x.moved


def candidates(g: Game) -> Iterator[Action]:
    if g.step == "intruder_move":
        done = moved(g)
        for c in sorted(g.counters.values(), key=token_order):
            if moves_randomly(c) and done.get(c.id, 0) < compartments_per_phase(g, c) and \
                    c.id not in g.x.stopped:
                for to in ADJACENT[c.at]:
                    yield action("move_counter", token=c.token, to=to)
            if c.kind == "intruder" and c.at in ADJACENT and c.cage is None and \
                    c.controlled_by is None and not c.asleep:
                for item in g.items.values():
                    if item.at == c.at and not item.carriers:
                        yield action("destroy", token=c.token, item=item.id)
                        if item.kind == "cage" and item.contents:
                            yield action("open_cage", token=c.token, item=item.id)
                if c.at == PERMANENT_CAGES_AT:
                    yield action("open_lab_cages", token=c.token)
        yield action("end_intruder_movement")
    elif g.step == "intruder_attack":
        assert g.x.deciding is not None
        t = g.counters[g.x.deciding]
        for crewman in crew_at(g, t.at):
            yield action("intruder_attack", token=t.token, crew=crewman.id)
        yield action("intruder_hold", token=t.token)


def counter(g: Game, token: object) -> Counter:
    t = by_token(g, token)
    if t is None or t.at not in ADJACENT:
        raise deny(f"there is no counter {token!r} on the station", RULE)
    return t


def check_move_counter(g: Game, a: Action) -> None:
    t = counter(g, a.get("token"))
    if not moves_randomly(t):
        raise deny("that counter cannot move now (caged, held, asleep or in a secured room)",
                   RULE)
    done = moved(g)
    if done.get(t.id, 0) >= compartments_per_phase(g, t) or t.id in g.x.stopped:
        raise deny("each counter moves one compartment per movement phase (two if Very Fast)",
                   RULE + " A")
    to = a["to"]
    if to not in ADJACENT[t.at]:
        raise deny(f"{place(to)} is not adjacent to {place(t.at)}", RULE + " A")
    if to in SECURED:
        raise deny("the Intruder can never move through the doors of a secured room",
                   "Random Movement System for Inverted Counters")


def apply_move_counter(g: Game, a: Action) -> None:
    t = counter(g, a["token"])
    done = moved(g)
    done[t.id] = done.get(t.id, 0) + 1
    t.at = a["to"]
    if stops_on_meeting_crew(g, t):
        g.x.stopped.append(t.id)
    emit(g, "move", f"{describe(t)} moves to {place(t.at)}", RULE,
           {"token": t.token, "to": t.at})


def intruder_at_hand(g: Game, a: Action) -> Counter:
    """The free, awake Intruder acting on an object (in its movement phase: ACTING)."""
    t = counter(g, a.get("token"))
    if t.kind != "intruder" or t.cage or t.controlled_by or t.asleep:
        raise deny("only a free, awake Intruder can do that", RULE + " C")
    return t


def check_destroy(g: Game, a: Action) -> None:
    t = intruder_at_hand(g, a)
    item = g.items.get(str(a.get("item")))
    if item is None or item.at != t.at or item.carriers:
        raise deny("there is no such object lying here", RULE + " C")


def apply_destroy(g: Game, a: Action) -> None:
    item = g.items[a["item"]]
    if item.contents:
        from .combat import release_from

        inside = g.counters[item.contents]
        release_from(g, inside)
        inside.face_up = True
    item.at = "lost"
    emit(g, "destroyed_object", f"The {item.name} in {place(counter(g, a['token']).at)} is "
           "destroyed", RULE + " C", {"item": item.id})


def check_open_cage(g: Game, a: Action) -> None:
    check_destroy(g, a)
    if not g.items[a["item"]].contents:
        raise deny("that Cage is empty", RULE + " C")


def apply_open_cage(g: Game, a: Action) -> None:
    from .combat import release_from

    item = g.items[a["item"]]
    inside = g.counters[str(item.contents)]
    release_from(g, inside)
    inside.face_up = True
    emit(g, "released", f"The Intruder opens the {item.name} in {place(item.at)}", RULE + " C",
           {"at": item.at, "token": inside.token})


def check_open_lab_cages(g: Game, a: Action) -> None:
    t = intruder_at_hand(g, a)
    if t.at != PERMANENT_CAGES_AT:
        raise deny("the permanent cages are in the Laboratory", RULE + " C")
    if not any(c.at == "caged_lab" for c in g.counters.values()):
        raise deny("the permanent cages are empty", RULE + " C")


def apply_open_lab_cages(g: Game, a: Action) -> None:
    for c in g.counters.values():
        if c.at == "caged_lab":
            c.at = PERMANENT_CAGES_AT
            c.face_up = True
            if not c.token:
                c.token = new_token(g)
    emit(g, "released", "The Intruder opens the Lab's permanent cages", RULE + " C",
           {"at": PERMANENT_CAGES_AT})


def apply_end_move(g: Game, a: Action) -> None:
    """The Intruder player's movement is over (flow.end_intruder_movement goes on to the
    First Interaction Phase)."""
    g.x.moved = {}
    g.x.stopped = []


def check_intruder_attack(g: Game, a: Action) -> None:
    assert g.x.deciding is not None
    t = g.counters[g.x.deciding]
    if a.get("token") != t.token:
        raise deny(f"it is Intruder {t.token} that decides now", RULE + " B")
    if a.type == "intruder_attack":
        c = crewman(g, a.get("crew"))
        if c.at != t.at:
            raise deny(f"{c.name} is not with the Intruder", RULE + " B")


def apply_intruder_attack(g: Game, a: Action) -> bool:
    """The Intruder player's choice (B), then steps B-D: False while the crew decides on
    Self Defense (C)."""
    from . import interaction

    assert g.x.deciding is not None
    t = g.counters[g.x.deciding]
    g.x.deciding = None
    target = g.crew[a["crew"]] if a.type == "intruder_attack" else None
    emit(g, "decision", f"The Intruder {'attacks ' + target.name if target else 'holds back'}",
           RULE + " B", {"token": t.token})
    return interaction.steps_b_to_d(g, t, target, able=True)



# --- the Intruder player's actions (registry.py; flow.py declares those that end his
# decision: the end of his movement, an attack or holding back) ----------------------------

ACTIONS = (
    ActionType("move_counter", {"token": "str", "to": "str"}, check_move_counter,
               apply_move_counter, RULE, side="intruder",
               steps=StepGuard(("intruder_move",), "counters move in the Intruder and Hidden "
                               "Counter Movement Phase", RULE)),
    ActionType("destroy", {"token": "str", "item": "str"}, check_destroy, apply_destroy, RULE,
               side="intruder", steps=ACTING),
    ActionType("open_cage", {"token": "str", "item": "str"}, check_open_cage, apply_open_cage,
               RULE, side="intruder", steps=ACTING),
    ActionType("open_lab_cages", {"token": "str"}, check_open_lab_cages, apply_open_lab_cages,
               RULE, side="intruder", steps=ACTING),
)


def intruder_view(g: Game) -> IntruderView:
    """What the Intruder player may know: the crew's view plus what every counter on the
    station is (he may examine them); the Not Used box and the dice stay hidden."""
    from .view import crew_view

    v = crew_view(g)
    kinds = {c.token: c.kind for c in g.counters.values() if c.token}
    for c in v["counters"]:
        c["kind"] = kinds[c["token"]]
    # A: the compartments each counter may still move this phase (two if Very Fast)
    done = moved(g)
    return {**v, "side": "intruder",
            "moves_left": {c.token: compartments_per_phase(g, c) - done.get(c.id, 0)
                           for c in g.counters.values()
                           if g.step == "intruder_move" and c.at in ADJACENT and c.token
                           and moves_randomly(c) and c.id not in g.x.stopped}}
