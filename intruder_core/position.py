"""Game.from_position: start from any described situation (format in docs/position.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from . import flow, lost
from .biology import halt, row
from .charts import POWERS
from .dice import Dice
from .errors import CorruptSave
from .events import emit
from .game import Game
from .names import place
from .pieces import by_token_strict, crew_at, new_token, station_crew
from .scoring import score
from .solitaire_setup import KIND_PREFIX, all_counters, counter_id, objects, roster
from .state import BOXES, Counter, Phase, Subroutine
from .station import COMPARTMENTS, ORDER

PHASES = ("movement", "interaction1", "crew_movement", "metamorphosis", "interaction2")


def build(p: object) -> Game:
    """A Game in the described position, started at the beginning of `phase`."""
    try:
        return _build(p)
    except CorruptSave:
        raise
    except (KeyError, TypeError, ValueError, AssertionError) as e:
        raise CorruptSave(f"bad position: {e}") from None


def wakes(p: Mapping[str, object], asleep: object, turn: int, phase: str) -> list[int]:
    """When a sleeper of the position wakes (R9: one complete turn after the dart).

    `asleep: true` is a dart in the latest Interaction Phase before the position's phase, or in
    the position's own phase when it starts inside one (`interaction`); `[turn, 1|2]` says
    the Interaction Phase it wakes in outright.
    """
    if isinstance(asleep, list):
        when = [int(asleep[0]), int(asleep[1])]
        if when[1] not in (1, 2):
            raise ValueError("asleep must be true or [turn, 1 or 2]")
        return when
    if p.get("interaction") is not None or p.get("shuttle_fight") is not None:
        return [turn + 1, 2 if phase == "interaction2" else 1]
    if phase in ("movement", "interaction1"):
        return [turn, 2]  # darted in the last turn's Second Interaction Phase
    return [turn + 1, 1]  # darted in this turn's First Interaction Phase


def _build(p: object) -> Game:
    if not isinstance(p, dict):
        raise ValueError("a position must be an object")
    g = Game(Dice(int(p.get("seed", 0)), p.get("dice", ()), strict=bool(p.get("strict_dice"))),
             {"position": p})
    g.turn = int(p.get("turn", 1))
    phase = str(p.get("phase", "movement"))
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {PHASES}")
    g.phase = cast(Phase, phase)
    g.stage = int(p.get("stage", 1))
    g.known = [str(k) for k in p.get("known", [])]
    if any(k not in POWERS.values() for k in g.known):
        raise ValueError("unknown power name")
    g.unknown = int(p.get("unknown", row(g).powers - len(g.known)))
    g.sd = {"active": 9, None: None}.get(p.get("self_destruct"), p.get("self_destruct"))
    g.sd_started = int(p.get("sd_started", g.turn - 1))
    g.sd_stopped = bool(p.get("sd_stopped", False))
    g.unlocked = [str(r) for r in p.get("unlocked", [])]

    base = roster()
    spec = p.get("crew", {})
    g.crew = {cid: base[cid] for cid in [*spec, *base] if cid in base}
    g.items = objects()
    for iid, at in p.get("items", {}).items():
        item = g.items[iid]
        if isinstance(at, dict):  # {"at", "progress", "worked_turn"}: construction under way
            item.progress = int(at.get("progress", 0))
            item.worked_turn = int(at.get("worked_turn", 0))
            at = at.get("at", item.at)
        item.at = at
    lost_now = []
    for cid, s in spec.items():
        c = g.crew[cid]
        if s in ("dead", "escaped"):
            s = {"status": s}
        c.status = s.get("status", "active")
        if c.status not in ("active", "dead", "escaped", "lost"):
            raise ValueError(f"{cid}: unknown status {c.status!r}")
        c.at = s.get("at", c.at) if c.status != "dead" else None
        c.mp = int(s.get("mp", 3 if g.phase == "crew_movement" else 0))
        c.acted = bool(s.get("acted", False))
        c.paid_pickup = bool(s.get("paid_pickup", False))
        for iid in s.get("carrying", []):
            g.items[iid].at = c.at
            g.items[iid].carriers.append(cid)
        if c.status == "dead":
            score(g, "crew_dead", f"{c.name} dead before this position")
        if c.status == "lost":
            lost_now.append(c)
        if c.status in ("escaped", "active") and c.at in g.shuttles:
            g.shuttles[c.at].crew.append(cid)  # he left the station in it

    for sid, s in p.get("shuttles", {}).items():
        sh = g.shuttles[sid]
        sh.departed = bool(s.get("departed", True))
        sh.crew = [str(cid) for cid in s.get("crew", sh.crew)]
        sh.prepared = bool(s.get("prepared", False))
    for sh in g.shuttles.values():
        if sh.crew:
            sh.departed = True

    g.counters = all_counters(g.dice.seed)
    used = {"intruder": 0, "lab_animal": 0, "dummy": 0}
    for n, s in enumerate(p.get("counters", [])):
        kind = s["kind"]
        used[kind] += 1
        t = g.counters[counter_id(g, f"{KIND_PREFIX[kind]}{used[kind]}")]
        t.at = s["at"]
        if t.at not in COMPARTMENTS and t.at not in BOXES and t.at not in g.shuttles:
            raise ValueError(f"no such place {t.at!r}")
        t.face_up = bool(s.get("face_up", t.at not in COMPARTMENTS))
        t.token = s.get("token", f"c{n + 1}")
        if s.get("asleep"):
            t.asleep_until = wakes(p, s["asleep"], g.turn, g.phase)
        t.returning = bool(s.get("returning", False))
        if s.get("caged"):
            cage = g.items[s["caged"]] if s["caged"] != "freezer" else None
            t.cage = s["caged"]
            if cage is not None:
                cage.contents = t.id
                cage.at = t.at
        if s.get("controlled_by"):
            t.controlled_by = s["controlled_by"]
            g.crew[t.controlled_by].controlling = t.id
        if s.get("held_by"):
            t.held_by = s["held_by"]
            g.crew[t.held_by].holding = t.id
        if t.at in ("killed", "frozen"):
            halt(t, g)
            kind = "intruder_killed" if t.at == "killed" else "intruder_captured"
            score(g, kind, f"Intruder {t.at} before this position")
    g.next_token = len(p.get("counters", [])) + 1
    for c in lost_now:  # Lost Crewmen: a face-down counter stands for him (lost.py)
        g.counters[lost.counter_of(g, c)] = Counter(lost.counter_of(g, c), "crewman",
                                                    str(c.at), token=new_token(g))
    for n, entry in enumerate(p.get("not_used", []), 1):
        kind = entry if isinstance(entry, str) else entry["kind"]
        used[kind] += 1
        t = g.counters[counter_id(g, f"{KIND_PREFIX[kind]}{used[kind]}")]
        t.at = "not_used"
        t.token = f"n{n}"
        t.inventoried = isinstance(entry, dict) and bool(entry.get("inventoried"))
    for _ in range(int(p.get("clones_pending", 0))):
        used["intruder"] += 1
        g.counters[counter_id(g, f"i{used['intruder']}")].at = "clones_pending"

    from .invariants import check_invariants

    check_invariants(g)
    if p.get("shuttle_fight") is not None:
        _start_shuttle_fight(g, str(p["shuttle_fight"]))
    elif p.get("interaction") is not None:
        _start_inside_interaction(g, p["interaction"])
    elif g.phase == "crew_movement":
        # begin_movement hands out fresh points and relocks the doors; the position's own
        # points spent and rooms unlocked this phase stand (R12)
        mp = {cid: (g.crew[cid].mp, g.crew[cid].paid_pickup) for cid in spec}
        unlocked = list(g.unlocked)
        flow.begin_movement(g)
        for cid, (points, paid) in mp.items():
            g.crew[cid].mp, g.crew[cid].paid_pickup = points, paid
        g.unlocked = unlocked
        flow.settle(g)
    else:
        flow.start(g)
    return g


def _start_inside_interaction(g: Game, spec: object) -> None:
    """Begin in an Interaction Phase's Crew Action Segment at `at`, with its counts running:
    attacks per Intruder (R8), crewmen killed (R5, Panic) and the compartments left to do."""
    from .interaction import needs_interaction

    if g.phase not in ("interaction1", "interaction2"):
        raise ValueError("an interaction can only be running in an Interaction Phase")
    if not isinstance(spec, dict):
        raise ValueError("interaction must be an object")
    at = spec.get("at")
    g.step = "auto"
    g.attacks = {by_token_strict(g, tok).id: int(n) for tok, n in spec.get("attacks", {}).items()}
    g.kills = int(spec.get("kills", 0))
    done = set(spec.get("done", []))
    g.queue = sorted({c.at for c in station_crew(g) if c.at and c.at != at and c.at not in done
                      and needs_interaction(g, c.at)}, key=ORDER.__getitem__)
    flow.announce_phase(g)
    if at is None:
        flow.next_subroutine(g)
    else:
        if at not in COMPARTMENTS or not crew_at(g, at):
            raise ValueError("the interaction must be in a compartment with crew")
        if any(not t.face_up for t in g.counters.values() if t.at == at):
            raise ValueError("counters in a running interaction are face up")
        g.sub = Subroutine(at, [], bool(spec.get("shaken", False)))
        emit(g, "interaction", f"Interaction in {place(at)}", "Interaction Sub-routine",
               {"at": at})
        flow.crew_segment(g)
    flow.settle(g)


def _start_shuttle_fight(g: Game, shuttle: str) -> None:
    """Begin in a shuttle fight (R24) that broke out at departure in a Second Interaction
    Phase; once it is over the phase's remaining actions follow."""

    if g.phase != "interaction2" or shuttle not in g.shuttles:
        raise ValueError("a shuttle fight starts in a Second Interaction Phase, in a shuttle")
    aboard = [t for t in g.counters.values() if t.at == shuttle and t.kind == "intruder"]
    if not aboard or not crew_at(g, shuttle):
        raise ValueError("a shuttle fight needs crew and an Intruder aboard")
    g.step = "free_actions"
    flow.announce_phase(g)
    for t in aboard:
        t.face_up = True
        if not t.token:
            t.token = new_token(g)
    flow.start_shuttle_fight(g, shuttle, aboard[0])
    flow.settle(g)
