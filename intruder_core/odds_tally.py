"""Win odds by sampled games, the bookkeeping part: the outcomes a sampled game ends in, the
seed of each sample and the running estimate from the outcome counts. Kept apart from the bots
(bots/search.py plays the games) so the page can add up its workers' counts without importing
the bots."""

from __future__ import annotations

from typing import NotRequired, TypedDict

OUTCOMES = ("win", "draw", "loss", "unfinished")


def sample_seed(seed: int, i: int) -> int:
    """The seed of an Odds run's i-th sampled game: each sample depends on its index alone,
    so any number of workers can share the samples and merge their counts."""
    return seed * 1_000_003 + i


class OddsEstimate(TypedDict):
    """The chances of each outcome after `n` of the planned sampled games."""

    win: float
    draw: float
    loss: float
    n: int
    unfinished: int
    done: bool  # every planned game is counted
    workers: NotRequired[int]  # the page: how many of its workers have answered


def odds_estimate(counts: dict[str, int], samples: int) -> OddsEstimate:
    """The running estimate from outcome counts (OUTCOMES) of `samples` planned games:
    unfinished games are left out of the shares."""
    n = sum(counts.get(k, 0) for k in OUTCOMES)
    unfinished = counts.get("unfinished", 0)
    decided = max(n - unfinished, 1)
    return {"win": counts.get("win", 0) / decided, "draw": counts.get("draw", 0) / decided,
            "loss": counts.get("loss", 0) / decided, "n": n, "unfinished": unfinished,
            "done": n == samples}
