"""How to Win: the score, its breakdown and the outcome (ruling R21)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .biology import active_intruders, trapped_for_good
from .charts import DRAW_SURVIVORS, POINTS
from .json_types import Result

if TYPE_CHECKING:
    from .game import Game

LABELS = {"crew_dead": "Crewmen dead", "intruder_killed": "Intruders killed",
          "intruder_captured": "Intruders captured (frozen or permanently caged)"}


def score(g: Game, kind: str, what: str) -> None:
    """Enter points in the score ledger (How to Win)."""
    g.ledger.append({"kind": kind, "what": what, "points": POINTS[kind]})


def total(g: Game) -> int:
    return sum(int(e["points"]) for e in g.ledger)


def breakdown(g: Game) -> list[dict[str, object]]:
    """One line per kind of scoring event: count, points each, subtotal."""
    out = []
    for kind, each in POINTS.items():
        n = sum(1 for e in g.ledger if e["kind"] == kind)
        out.append({"kind": kind, "label": LABELS[kind], "count": n, "each": each,
                    "points": n * each})
    return out


def result_of(g: Game) -> Result:
    """Score the ended game; permanently caged Intruders are captured now (+15 each)."""
    for t in active_intruders(g):
        if trapped_for_good(g, t):
            score(g, "intruder_captured", "Intruder permanently caged")
    escaped_crew = sum(1 for c in g.crew.values() if c.status == "escaped")
    intruder_loose = any(t.at == "escaped" for t in g.counters.values())
    total_score = total(g)
    if intruder_loose:
        outcome, reason = "loss", "an Intruder has escaped from the station"
    elif g.destroyed and escaped_crew >= DRAW_SURVIVORS:
        outcome = "draw"
        reason = f"the station was destroyed and {escaped_crew} crewmen escaped"
    else:
        outcome = "win" if total_score > 0 else "loss"
        reason = "the score is positive" if total_score > 0 else "the score is not positive"
    result: Result = {"outcome": outcome, "score": total_score, "reason": reason,
              "breakdown": breakdown(g), "escaped_crew": escaped_crew}
    if g.config.scenario == "intelligent_intruder":
        result["winner"] = {"win": "crew", "loss": "intruder"}.get(outcome)
    if g.config.scenario == "science_officer":
        so = science_officer_result(g, outcome)
        result["scores"], result["winner"], result["outcome"] = so["scores"], so["winner"], \
            so["outcome"]
    return result


# The Science Officer: each player's points (the scenario's table).
SO_POINTS = {"science": {"crew_dead": -3, "intruder_killed": -5, "intruder_captured": 20},
             "command": {"crew_dead": -5, "intruder_killed": 7, "intruder_captured": 15}}


class ScienceOfficerResult(TypedDict):
    """What the Science Officer adds to a result: each player's score and the winner."""

    scores: dict[str, int]
    winner: str | None
    outcome: str


def science_officer_result(g: Game, outcome: str) -> ScienceOfficerResult:
    """Each player counts his own dead and every Intruder killed or captured; one positive
    score wins, two: the higher, none: the Intruder (The Science Officer)."""
    killed = sum(1 for e in g.ledger if e["kind"] == "intruder_killed")
    captured = sum(1 for e in g.ledger if e["kind"] == "intruder_captured")
    scores = {}
    for player, points in SO_POINTS.items():
        dead = sum(1 for c in g.crew.values() if c.status == "dead" and
                   (c.role == "science") == (player == "science"))
        scores[player] = (dead * points["crew_dead"] + killed * points["intruder_killed"] +
                          captured * points["intruder_captured"])
    positive = {p: s for p, s in scores.items() if s > 0}
    if outcome == "draw":
        winner = None
    elif not positive or any(t.at == "escaped" for t in g.counters.values()):
        winner = "intruder"
    elif len(positive) == 2 and scores["science"] == scores["command"]:
        winner = None
    else:
        winner = max(positive, key=positive.__getitem__)
    return {"scores": scores, "winner": winner,
            "outcome": "draw" if winner is None else "loss" if winner == "intruder" else "win"}
