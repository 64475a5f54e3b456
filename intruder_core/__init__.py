"""Intruder (1980) rules engine: a pure-Python, deterministic model of the solitaire game.

    import intruder_core as ic
    game = ic.new_game(seed=42)
    game.apply(game.legal_actions()[0])
"""

from .actions import Action, Event
from .errors import CorruptSave, IllegalAction
from .game import Game, new_game, replay
from .scenarios import SCENARIOS

__version__ = "0.1.0"

__all__ = [
    "SCENARIOS", "Action", "CorruptSave", "Event", "Game", "IllegalAction", "new_game", "replay",
]
