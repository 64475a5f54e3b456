"""A position's value for the crew, estimated from the crew view alone.

`value(view)` is the expected result (win 1, draw 1/2, loss 0) of the heuristic playing on,
as a logistic model of a few public features; the difficulty level shows in the Life Stage
Chart's row the crew sees. The coefficients are fitted by `python -m intruder_core fit-value`
(bots/value_fit.py) on the balance lab's positions; the search uses it to score rollouts it
cuts short and the game review to score every decision point. Games that are over score their
actual result. bench/calibration.py measures it against Monte Carlo odds.
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
# Fitted by `python -m intruder_core fit-value all.jsonl sol_standard.jsonl sol_hard.jsonl
# sol_nightmare.jsonl sol_easy.jsonl`, the positions of 2800 heuristic games: all.jsonl from
# `fit-value --games 100 --positions all.jsonl` (seeds 100000-100099 of every scenario with a
# crew side at every level), sol_LEVEL.jsonl from `simulate --games 400 --seed 100100
# --difficulty LEVEL --positions sol_LEVEL.jsonl`. 34741 training and 8577 held-out positions
# (the last 20% of each scenario and level's seeds): held-out log loss 0.581 against 0.690 for
# a constant, Brier 0.132 against 0.183; solitaire log loss 0.506 / 0.588 / 0.622 / 0.607 at
# easy / standard / hard / nightmare (constant 0.713 / 0.697 / 0.690 / 0.683). Against Monte
# Carlo odds on held-out seeds: bench/calibration.py (docs/bots.md).
COEF: dict[str, float] = {
    "bias": 1.0359, "score": 0.8445, "margin": 0.1277, "margin_pos": 0.0953, "alive": 0.0309,
    "escaped3": 0.4191, "stage": -0.1271, "kill_allowed": -0.3344, "remaining": -0.4096,
    "clone": -0.3327, "held": 0.1895, "frozen": -0.0477, "sd_active": -0.5533,
    "sd_box": -0.1121, "armed": 0.2728, "immune": -0.0704, "extra_strong": 0.1424,
    "immune_cold": -0.0748, "immune_vacuum": 0.0264, "loose_seen": -0.0615, "turn": -0.0357,
    "grow_chance": -0.4635, "attack_chance": -0.3610, "kill_chance": -0.5239,
    "control_chance": 0.3931, "facedown": -0.0102,
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
