"""Game.from_position: start from any described situation (format in docs/position.md)."""

from __future__ import annotations

from typing import Any, cast

from .charts import POWERS
from .dice import Dice
from .errors import CorruptSave
from .game import Game
from .intruder import halt
from .setup import KIND_PREFIX, all_counters, objects, roster
from .state import BOXES, Phase
from .station import COMPARTMENTS

PHASES = ("movement", "interaction1", "crew_movement", "metamorphosis", "interaction2")


def build(p: dict[str, Any]) -> Game:
    """A Game in the described position, started at the beginning of `phase`."""
    try:
        return _build(p)
    except CorruptSave:
        raise
    except (KeyError, TypeError, ValueError, AssertionError) as e:
        raise CorruptSave(f"bad position: {e}") from None


def _build(p: dict[str, Any]) -> Game:
    if not isinstance(p, dict):
        raise ValueError("a position must be an object")
    g = Game(Dice(int(p.get("seed", 0)), p.get("dice", ()), strict=bool(p.get("strict_dice"))))
    g.origin = {"position": p}
    g.set_options(dict(p.get("options", {})))
    g.turn = int(p.get("turn", 1))
    phase = str(p.get("phase", "movement"))
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {PHASES}")
    g.phase = cast(Phase, phase)
    g.stage = int(p.get("stage", 1))
    g.known = [str(k) for k in p.get("known", [])]
    if any(k not in POWERS.values() for k in g.known):
        raise ValueError("unknown power name")
    g.unknown = int(p.get("unknown", g.row.powers - len(g.known)))
    g.sd = {"active": 9, None: None}.get(p.get("self_destruct"), p.get("self_destruct"))
    g.sd_started = g.turn - 1
    g.sd_stopped = bool(p.get("sd_stopped", False))
    g.unlocked = list(p.get("unlocked", []))

    base = roster()
    spec = p.get("crew", {})
    g.crew = {cid: base[cid] for cid in [*spec, *base] if cid in base}
    g.items = objects()
    for iid, at in p.get("items", {}).items():
        g.items[iid].at = at
    for cid, s in spec.items():
        c = g.crew[cid]
        if s in ("dead", "escaped"):
            s = {"status": s}
        c.status = s.get("status", "active")
        c.at = s.get("at", c.at) if c.status != "dead" else None
        c.mp = int(s.get("mp", 3 if g.phase == "crew_movement" else 0))
        for iid in s.get("carrying", []):
            g.items[iid].at = c.at
            g.items[iid].carriers.append(cid)
        if c.status == "dead":
            g.score("crew_dead", f"{c.name} dead before this position")

    g.counters = all_counters()
    used = {"intruder": 0, "lab_animal": 0, "dummy": 0}
    for n, s in enumerate(p.get("counters", [])):
        kind = s["kind"]
        used[kind] += 1
        t = g.counters[f"{KIND_PREFIX[kind]}{used[kind]}"]
        t.at = s["at"]
        if t.at not in COMPARTMENTS and t.at not in BOXES:
            raise ValueError(f"no such place {t.at!r}")
        t.face_up = bool(s.get("face_up", t.at not in COMPARTMENTS))
        t.token = s.get("token", f"c{n + 1}")
        if s.get("asleep"):
            t.asleep_until = [g.turn + 1, 1 if g.phase in ("movement", "interaction1") else 2]
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
            g.score(kind, f"Intruder {t.at} before this position")
    g.next_token = len(p.get("counters", [])) + 1
    for n, kind in enumerate(p.get("not_used", []), 1):
        used[kind] += 1
        t = g.counters[f"{KIND_PREFIX[kind]}{used[kind]}"]
        t.at = "not_used"
        t.token = f"n{n}"
    for _ in range(int(p.get("clones_pending", 0))):
        used["intruder"] += 1
        g.counters[f"i{used['intruder']}"].at = "clones_pending"

    from .invariants import check_invariants

    check_invariants(g)
    g.start()
    return g
