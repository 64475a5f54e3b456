"""A position's value for the crew, estimated from the crew view alone.

`value(view)` is the expected result (win 1, draw 1/2, loss 0) of the heuristic playing on,
as a logistic model of a few public features. The coefficients are fitted by
bench/fit_value.py on heuristic self-play (standard level); the search uses it to score
rollouts it cuts short. Games that are over score their actual result.
"""

from __future__ import annotations

import math

from ..view import STATION, View
from .common import Info

NAMES = (
    "bias", "score", "margin", "margin_pos", "alive", "escaped3", "stage", "kill_allowed",
    "remaining", "clone", "held", "frozen", "sd_active", "sd_box", "armed", "immune",
    "extra_strong", "immune_cold", "immune_vacuum", "loose_seen", "turn",
    "grow_chance", "attack_chance", "kill_chance", "control_chance", "facedown",
)
# Fitted by bench/fit_value.py (1000 heuristic games from seed 100000, standard level:
# held-out log loss 0.605 against 0.684 for a constant, Brier 0.148 against 0.186).
COEF: dict[str, float] = {
    "bias": 0.9590, "score": 0.7053, "margin": 0.0530, "margin_pos": 0.0582, "alive": 0.1554,
    "escaped3": 0.3839, "stage": -0.3609, "kill_allowed": -0.2761, "remaining": -0.3727,
    "clone": -0.3566, "held": 0.1658, "frozen": -0.0502, "sd_active": -0.7813,
    "sd_box": -0.2790, "armed": 0.1250, "immune": -0.3455, "extra_strong": 0.0096,
    "immune_cold": -0.0489, "immune_vacuum": 0.0223, "loose_seen": 0.1063, "turn": -0.2013,
}
RESULT = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def features(view: View) -> dict[str, float]:
    """The model's inputs, scaled to about 0..1."""
    info = Info(view)
    remaining = info.intruders_in_play()
    margin = info.score + 7 * remaining
    held = sum(1 for t in info.intruders if t["at"] in STATION and
               (t["caged"] or t["controlled_by"]))
    armed = sum(1 for c in info.active if any(
        k in ("blaster", "gas", "flamethrower") for k in info.kinds(c["id"])))
    box = view["self_destruct"]["box"]
    return {
        "bias": 1.0,
        "score": info.score / 20,
        "margin": margin / 20,
        "margin_pos": float(margin > 0),
        "alive": len(info.active) / 9,
        "escaped3": float(info.escaped >= 3),
        "stage": info.stage / 6,
        "kill_allowed": float(bool(info.chart["humans_may_kill"])),
        "remaining": remaining / 5,
        "clone": float("clone" in info.known),
        "held": held / 2,
        "frozen": float(info.boxes["frozen"]) / 2,
        "sd_active": float(box is not None),
        "sd_box": (9 if box == "active" else box or 0) / 9,
        "armed": armed / 6,
        "immune": len(info.known & {"immune_gas", "immune_flame", "blaster_resistant",
                                    "immune_sleep"}) / 4,
        "extra_strong": float("extra_strong" in info.known),
        "immune_cold": float("immune_cold" in info.known),
        "immune_vacuum": float("immune_vacuum" in info.known),
        "loose_seen": len(info.loose()) / 2,
        "turn": min(info.turn, 40) / 40,
        # the Life Stage Chart's row the crew sees: where the difficulty level shows
        "grow_chance": len(info.chart["metamorphosis"]) / 6,
        "attack_chance": len(info.chart["attack"]) / 6,
        "kill_chance": len(info.chart["kill"]) / 6,
        "control_chance": len(info.chart["control"]) / 6,
        "facedown": sum(1 for t in view["counters"] if not t["face_up"]) / 12,
    }


def value(view: View, coef: dict[str, float] | None = None) -> float:
    """Expected result for the crew in [0, 1]: the actual one once the game is over."""
    if view["over"]:
        return RESULT.get(view["result"]["outcome"] if view["result"] else "loss", 0.0)
    c = coef or COEF
    z = sum(c.get(k, 0.0) * x for k, x in features(view).items())
    return 1 / (1 + math.exp(-max(min(z, 30.0), -30.0)))
