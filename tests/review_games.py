"""Scripted review games: described positions whose turning points are known (the review's
tests and the review panel's tests play them)."""

from __future__ import annotations

from typing import Any

import intruder_core as ic

# Face-down counters far from the crew (the Set Up's hidden places), and the Not Used box, so
# that the hidden counts add up as in a real game (the bots sample them).
FAR = ["shaft1", "shaft2", "shaft3", "store_b1", "store_c1", "store_a2", "store_b2", "store_c2"]
HIDDEN = ["dummy"] * 5 + ["lab_animal"] * 3
# Stage 6's seven powers known, so no die is rolled for one.
P7 = ["immune_shock", "fast_reflexes", "immune_vacuum", "immune_cold", "extra_strong",
      "immune_flame", "immune_gas"]


def position(phase: str, crew: dict[str, Any], dice: list[int] | None = None,
             stage: int = 2, hidden: list[str] | None = None, seed: int = 5) -> dict[str, Any]:
    known = P7 if stage == 6 else ["immune_gas", "immune_cold", "immune_shock"]
    return {"seed": seed, "dice": dice or [], "turn": 3, "phase": phase, "stage": stage,
            "known": known, "crew": crew,
            "counters": [{"kind": "intruder", "at": "store_a1", "face_up": True}]
            + [{"kind": k, "at": FAR[n]} for n, k in enumerate(hidden or HIDDEN)],
            "not_used": ["lab_animal"] * 3 + ["dummy"]}


def attacked(die: int) -> dict[str, Any]:
    """Engineer 2 alone with the Intruder, which attacks (die 1); he takes No Self Defense and
    the Intruder's attack die is `die` (1: killed, 6: survives)."""
    g = ic.Game.from_position(position("interaction1", {"en2": {"at": "store_a1"}},
                                       dice=[1, die]))
    assert g.step == "defense"
    g.apply({"type": "no_defense"})
    return dict(g.record())


def sent_alone() -> dict[str, Any]:
    """Engineer 2 leaves Science Officer 3 in Corridor A-1 for the Intruder's Storage A-1, and
    the crew ends its movement there. Life Stage 4: an Intruder the value model fears there
    (at Stage 6 it already counts the game as lost, whatever he does)."""
    g = ic.Game.from_position(position("crew_movement", {"en2": {"at": "a1"},
                                                         "so3": {"at": "a1"}}, stage=4))
    g.apply({"type": "move", "crew": "en2", "to": "store_a1"})
    g.apply({"type": "end_movement"})
    return dict(g.record())
