"""Crew bots: players that see only the crew view and the legal actions.

    import intruder_core as ic
    from intruder_core.bots import HeuristicPolicy, play, win_odds
    game = ic.new_game(seed=1)
    play(game, HeuristicPolicy())              # the referee loop: the policy sees views only
    win_odds(game.view("crew"), samples=100)   # {"win": .., "draw": .., "loss": .., "n": 100}

A policy's `choose(view, legal, rng)` returns `(action, reason)`; it never receives the Game.
`SearchPolicy` samples what the crew cannot see (`determinize`) and rolls games forward with
the heuristic; `win_odds` estimates the chances from any position the same way (and
`win_odds_iter` does it in chunks for a page). See docs/bots.md.
"""

from __future__ import annotations

from typing import Any

from ..odds_tally import odds_estimate, sample_seed
from .determinize import Inconsistent, determinize, release_constraints, sample_identities
from .heuristic import HeuristicPolicy, Params
from .policy import Played, Policy, RandomPolicy, play
from .search import (
    SearchPolicy,
    critical,
    outcome,
    playout,
    rollout,
    win_odds,
    win_odds_iter,
)
from .value import value

POLICIES = ("random", "heuristic", "search")


def make_policy(name: str, **kw: Any) -> Policy:
    """A policy by name: "random", "heuristic" or "search" (keywords go to its constructor)."""
    if name == "random":
        return RandomPolicy()
    if name == "heuristic":
        return HeuristicPolicy(**kw)
    if name == "search":
        return SearchPolicy(**kw)
    raise ValueError(f"unknown policy {name!r}; choose one of {POLICIES}")


__all__ = [
    "POLICIES", "HeuristicPolicy", "Inconsistent", "Params", "Played", "Policy",
    "RandomPolicy", "SearchPolicy", "critical", "determinize", "make_policy", "odds_estimate",
    "outcome",
    "play", "playout", "release_constraints", "rollout", "sample_identities", "sample_seed",
    "value",
    "win_odds", "win_odds_iter",
]
