"""The advisor's settings and the bots as the page and the workers ask them: one home for both.

The search's budget (ADVISOR_*) is read by the bots' worker (workers/bot_tasks.py) and by the
page's advisor (pages/game/advisor.py, whose main-thread fallback plays the heuristic unless
ADVISOR_SEARCH); `Bots`, `load_bots`, `side_view` and `bot_choice` are pure (tested on CPython
in tests/test_web_glue_modules.py). Every bot sees only `game.view(side)` and
`game.legal_actions(side)`.
"""

from __future__ import annotations

import importlib.util
import random
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from intruder_core import Action, Game
    from intruder_core.view import View

ADVISOR_SEARCH = False  # the page's main-thread fallback searches (else the heuristic answers)
ADVISOR_S = 1.0        # the search's default time budget per suggestion: a cap
# Its rollouts per suggestion. A fixed budget makes Suggest deterministic (same position and
# seed, same advice) and the very policy bench/advisor_paired.py measures against the
# heuristic on CPython (the same games in Pyodide, docs/bots.md). In Pyodide 24 rollouts take
# 0.6-1.4 s at rest (longer from the set-up, where rollouts run their full 8 turns); when the
# clock stops the search first (a slow or busy device) the floor below keeps the heuristic's
# choice.
ADVISOR_ROLLOUTS = 24
ADVISOR_Z = 1.0        # SearchPolicy's z: standard errors an option must win by
# The fewest rollouts with which the search may overrule the heuristic: 24, the budget at
# which it was measured to beat it (docs/bots.md). With fewer (a slow device, a short
# budget) it still shows its estimates, but the heuristic's choice stands: in Pyodide at
# about 10 rollouts/s a 1 s search free to overrule lost to the heuristic (docs/web.md).
ADVISOR_MIN_ROLLOUTS = 24



class Bots:
    """The bots (load_bots), imported on first use: the first board needs none of them, the
    bots' worker does the page's thinking, and importing them cost about 50 ms of the boot."""

    def __init__(self) -> None:
        self._bots: dict[str, Any] | None = None

    @property
    def available(self) -> bool:
        """Whether this engine has the crew bots, without importing them."""
        try:
            return importlib.util.find_spec("intruder_core.bots") is not None
        except ImportError:
            return False

    def get(self, name: str) -> Any:
        """The bot `name` ("heuristic", "search", "odds", "intruder"), or None."""
        if self._bots is None:
            self._bots = load_bots()
        return self._bots.get(name)


def load_bots() -> dict[str, Any]:
    """The crew bots, the Intruder AI and the odds estimator, where this engine has them."""
    out: dict[str, Any] = {}
    try:
        from intruder_core import bots
    except ImportError:
        return out
    out["heuristic"] = bots.HeuristicPolicy()
    out["search"] = bots.SearchPolicy
    out["odds"] = bots.win_odds_iter
    try:
        from intruder_core.bots import intruder_ai
    except ImportError:
        return out

    class IntruderBot:
        """intruder_ai as a policy."""

        @staticmethod
        def choose(view: Any, legal: Any, rng: Any) -> Any:
            return intruder_ai.choose(view, legal, rng)

    out["intruder"] = IntruderBot()
    return out


def side_view(game: Game, side: str) -> tuple[View, list[Action]]:
    """What a bot (or the page) playing `side` may see: its view and its legal actions (a
    solitaire game: the crew's)."""
    if len(game.players) > 1:
        return game.view(side), list(game.legal_actions(side))
    return game.view("crew"), list(game.legal_actions())


def bot_choice(game: Game, side: str, bot: Any, rng: random.Random,
               warn: Callable[[str], None] | None = None) -> tuple[dict[str, Any], str] | None:
    """The bot's action (as a dict) and its reason for `side`, or None without a decision.
    No bot: the first legal action; a bot that fails: the same, saying so (`warn` gets the
    traceback)."""
    view, legal = side_view(game, side)
    if not legal:
        return None
    if bot is None:
        return legal[0].to_dict(), "the first legal action (no bot in this build)"
    try:
        action, reason = bot.choose(view, legal, rng)
    except Exception as exc:  # a bot bug must not stop the game
        if warn is not None:
            warn(traceback.format_exc())
        return legal[0].to_dict(), f"the first legal action (the bot failed: {exc})"
    return action.to_dict(), str(reason)
