"""A stand-in for intruder_core with the same API and trivial rules.

e2e/ ships it in a second build of the site, so that the page glue (web/py/main.py) is tested
on known behaviour whatever state the real engine is in: a turn counter, an action that is
always illegal, and an action that ends the game.
"""

from __future__ import annotations

import json
from typing import Any

__version__ = "stub-1"


class IllegalAction(ValueError):
    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


LABELS = {"advance": "Advance the turn", "forbidden": "Break a rule", "end": "End the game"}


class Action:
    def __init__(self, type: str) -> None:
        self.type = type
        self.label = LABELS[type]
        self.rule = "Test Rule" if type == "forbidden" else "Turn Sequence"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        return cls(data["type"])


class Event:
    def __init__(self, type: str, text: str) -> None:
        self.type = type
        self.text = text

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "text": self.text}


class Game:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.turn = 1
        self.is_over = False
        self.result: dict[str, Any] | None = None

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else [Action("advance"), Action("forbidden"), Action("end")]

    def apply(self, action: Action) -> list[Event]:
        if action.type == "forbidden":
            raise IllegalAction("the stub never allows this", rule="Test Rule")
        if action.type == "end":
            self.is_over = True
            self.result = {"outcome": "crew wins", "score": 7, "breakdown": {}}
            return [Event("game_over", "The stub game is over.")]
        self.turn += 1
        return [Event("phase", f"Turn {self.turn} begins."),
                Event("note", f"Nothing happens on turn {self.turn}.")]

    def view(self, side: str) -> dict[str, Any]:
        return {"turn": self.turn, "phase": "Crew Movement", "side": side}

    def to_json(self) -> str:
        return json.dumps({"seed": self.seed, "turn": self.turn})

    @classmethod
    def from_json(cls, text: str) -> Game:
        data = json.loads(text)
        game = cls(data["seed"])
        game.turn = data["turn"]
        return game


def new_game(seed: int = 0) -> Game:
    return Game(seed)
