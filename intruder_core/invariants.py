"""Consistency checks that must hold in every reachable state (used by loading and tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .biology import row
from .charts import OBJECTS, POINTS
from .crew_movement import fits
from .lost import counter_of
from .pieces import carried
from .state import BOXES
from .station import COMPARTMENTS, SECURED

if TYPE_CHECKING:
    from .game import Game

PHASES = ("setup", "movement", "interaction1", "crew_movement", "metamorphosis",
          "interaction2", "self_destruct")
STEPS = ("setup", "auto", "choose", "defense", "crew_actions", "free_actions", "move", "over",
         "intruder_move", "intruder_attack")
COUNTS = {"intruder": 5, "lab_animal": 6, "dummy": 6}
SHUTTLES = ("shuttle1", "shuttle2", "shuttle3")


def check_invariants(g: Game) -> None:
    """Raise ValueError naming the first broken invariant."""

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(what)

    need(len(g.crew) == 9, "there must be nine crewmen")
    need(type(g.turn) is int and g.turn >= 0, "the turn must be a whole number")
    need(g.phase in PHASES, f"unknown phase {g.phase!r}")
    need(g.step in STEPS, f"unknown step {g.step!r}")
    need(type(g.stage) is int and type(g.unknown) is int and g.unknown >= 0,
         "stage and unknown powers must be whole numbers")
    need(g.sd is None or (type(g.sd) is int and 0 <= g.sd <= 9), "bad self-destruct box")
    need(1 <= g.stage <= 6, "Life Stage out of range")
    need(len(g.known) + g.unknown == row(g).powers,
         "powers must number as the Life Stage Chart says")
    need(len(set(g.known)) == len(g.known), "a power is known twice")
    for kind, n in COUNTS.items():
        need(sum(1 for c in g.counters.values() if c.kind == kind) == n,
             f"every {kind} counter must be accounted for")
    places = set(COMPARTMENTS) | set(BOXES) | set(SHUTTLES)
    tokens = [c.token for c in g.counters.values() if c.token]
    need(len(tokens) == len(set(tokens)), "two counters share a token")
    for c in g.counters.values():
        need(c.at in places, f"counter {c.id} is nowhere ({c.at!r})")
        need(not (c.at in SECURED and not c.face_up), "a face-down counter is in a secured room")
        if c.held_by:
            h = g.crew[c.held_by]
            need(h.holding == c.id and h.at == c.at, f"{c.id} held inconsistently")
        if c.controlled_by:
            h = g.crew[c.controlled_by]
            need(h.controlling == c.id and h.at == c.at, f"{c.id} controlled inconsistently")
        if c.cage and c.cage != "freezer":
            cage = g.items[c.cage]
            need(cage.contents == c.id and cage.at == c.at, f"{c.id} caged inconsistently")
    intruders = [c for c in g.counters.values() if c.kind == "intruder" and c.at != "reserve"]
    if "clone" in g.known:
        need(len(intruders) == row(g).clones,
             "the Intruder count must equal the Life Stage Chart's Clones")
    for kind, (_, _, n) in OBJECTS.items():
        need(sum(1 for i in g.items.values() if i.kind == kind) == n,
             f"every {kind} must be accounted for")
    for m in g.crew.values():
        need(m.status in ("active", "dead", "escaped", "lost"), f"{m.id} has a bad status")
        proxy = g.counters.get(counter_of(g, m))
        need((m.status == "lost") == (proxy is not None), f"{m.id} lost without a counter")
        if proxy is not None:
            need(proxy.at == m.at and not proxy.face_up, f"{m.id} is not where his counter is")
        if m.status == "dead":
            need(m.at is None and not m.holding and not m.controlling, f"{m.id} is dead but busy")
            continue
        need(m.at in COMPARTMENTS or m.at in SHUTTLES, f"{m.id} is nowhere")
        need(0 <= m.mp <= 3, f"{m.id} has {m.mp} movement points")
        load = carried(g, m)
        need(fits(load), f"{m.id} carries too much")
        for i in load:
            need(i.at == m.at, f"{i.id} is not where its carrier is")
    for i in g.items.values():
        need(i.at in places | {"track", "lost"}, f"{i.id} is nowhere")
        for cid in i.carriers:
            need(g.crew[cid].status != "dead", f"{i.id} carried by a dead crewman")
        if i.contents:
            need(g.counters[i.contents].cage == i.id, f"{i.id} contents inconsistent")
    dead = sum(1 for c in g.crew.values() if c.status == "dead")
    killed = sum(1 for c in g.counters.values() if c.kind == "intruder" and c.at == "killed")
    need(sum(1 for e in g.ledger if e["kind"] == "crew_dead") == dead,
         "the score must count every dead crewman")
    need(sum(1 for e in g.ledger if e["kind"] == "intruder_killed") == killed,
         "the score must count every killed Intruder")
    need(all(e["points"] == POINTS[e["kind"]] for e in g.ledger), "bad points in the ledger")
