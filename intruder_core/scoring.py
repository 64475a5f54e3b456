"""How to Win: the score, its breakdown and the outcome (ruling R21)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .charts import DRAW_SURVIVORS, POINTS
from .intruder import active_intruders

if TYPE_CHECKING:
    from .game import Game

LABELS = {"crew_dead": "Crewmen dead", "intruder_killed": "Intruders killed",
          "intruder_captured": "Intruders captured (frozen or permanently caged)"}


def total(g: Game) -> int:
    return sum(int(e["points"]) for e in g.ledger)


def breakdown(g: Game) -> list[dict[str, Any]]:
    """One line per kind of scoring event: count, points each, subtotal."""
    out = []
    for kind, each in POINTS.items():
        n = sum(1 for e in g.ledger if e["kind"] == kind)
        out.append({"kind": kind, "label": LABELS[kind], "count": n, "each": each,
                    "points": n * each})
    return out


def result_of(g: Game) -> dict[str, Any]:
    """Score the ended game; permanently caged Intruders are captured now (+15 each)."""
    for t in active_intruders(g):
        if g.trapped_for_good(t):
            g.score("intruder_captured", "Intruder permanently caged")
    escaped_crew = sum(1 for c in g.crew.values() if c.status == "escaped")
    intruder_loose = any(t.at == "escaped" for t in g.counters.values())
    score = total(g)
    if intruder_loose:
        outcome, reason = "loss", "an Intruder has escaped from the station"
    elif g.destroyed and escaped_crew >= DRAW_SURVIVORS:
        outcome = "draw"
        reason = f"the station was destroyed and {escaped_crew} crewmen escaped"
    else:
        outcome = "win" if score > 0 else "loss"
        reason = "the score is positive" if score > 0 else "the score is not positive"
    return {"outcome": outcome, "score": score, "reason": reason,
            "breakdown": breakdown(g), "escaped_crew": escaped_crew}
