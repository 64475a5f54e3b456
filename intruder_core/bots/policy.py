"""The policy interface, the random player and the loop that lets a policy play a game.

A policy is given the crew view, the legal actions and a random generator, nothing else, and
answers with one of the legal actions and a one-line reason. The referee (`play`) is the only
code that holds the Game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Protocol

from ..actions import Action
from ..errors import IllegalAction
from ..view import View, ViewMemo, crew_view

if TYPE_CHECKING:
    from ..game import Game

Choice = tuple[Action, str]
MAX_ACTIONS = 40_000  # a referee's guard against a policy that never ends a phase
MAX_TURNS = 400  # no turn limit in the rules; a game this long counts as unfinished


class Policy(Protocol):
    """A crew player: sees only the crew view and the legal actions."""

    name: str

    def choose(self, view: View, legal: list[Action],
               rng: random.Random) -> Choice:
        """One of `legal` and why."""
        ...


class RandomPolicy:
    """Uniform over the legal actions (the baseline every other bot must beat)."""

    name = "random"

    def choose(self, view: View, legal: list[Action],
               rng: random.Random) -> Choice:
        return rng.choice(legal), "chosen at random"


@dataclass
class Played:
    """What happened in one game played by a policy."""

    actions: int = 0
    turns: int = 0
    finished: bool = True
    choices: list[tuple[dict[str, object], str]] = field(default_factory=list)


def policy_view(game: Game, memo: ViewMemo) -> View:
    """`game.view("crew")` for a policy, made faster: it shares the dicts of objects and
    crewmen unchanged since the last view made with the same `memo` (view.crew_view)."""
    if "crew" not in game.players:
        return game.view("crew")  # refused there: the game has no crew side
    return crew_view(game, memo)


def play(game: Game, policy: Policy, rng: random.Random | None = None,
         keep: bool = False, max_turns: int = MAX_TURNS) -> Played:
    """Let `policy` play `game` to the end (or `max_turns`); the policy sees views only.

    `keep` records every (action, reason). Raises ValueError if the policy answers with an
    action that is not legal."""
    rng = rng if rng is not None else random.Random(0)
    out = Played()
    side = None if game.players == ("crew",) else "crew"  # the solitaire game: all are crew's
    memo = ViewMemo()  # the last view's parts (crew_view shares them)
    while not game.is_over:
        if game.turn > max_turns or out.actions >= MAX_ACTIONS:
            out.finished = False
            break
        legal = game.legal_actions(side)
        action, reason = policy.choose(policy_view(game, memo), legal, rng)
        if side is not None and not any(map(is_, legal, repeat(action))) and \
                action not in legal:  # an action of the game, but not the crew's
            raise ValueError(f"{policy.name} chose an illegal action {action.key()}")
        try:
            game.apply(action)  # refuses an illegal action and changes nothing
        except IllegalAction as e:
            raise ValueError(f"{policy.name} chose an illegal action {action.key()}: {e}") \
                from None
        out.actions += 1
        if keep:
            out.choices.append((action.to_dict(), reason))
    out.turns = game.turn
    return out
