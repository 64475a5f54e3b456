"""A stand-in for intruder_core with the same public API and trivial rules.

e2e/ ships it in a second build of the site, so that the page glue (web/py/main.py with
panels.py and session.py) is tested on known behaviour whatever state the real engine is in: a
turn counter, an action that is listed but always refused (a stale button), and an action that
ends the game. Its view has only turn and phase: the glue must cope with missing parts.
"""

from __future__ import annotations

import json
from typing import Any

__version__ = "stub-1"


class IllegalAction(ValueError):
    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.reason = message
        self.rule = rule


class CorruptSave(ValueError):
    pass


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
        if not isinstance(data, dict) or data.get("type") not in LABELS:
            raise IllegalAction("no such action", rule="Test Rule")
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
        self.log: list[Event] = []
        self.history: list[dict[str, Any]] = []

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else [Action("advance"), Action("forbidden"), Action("end")]

    def apply(self, action: Action | dict[str, Any]) -> list[Event]:
        if isinstance(action, dict):
            action = Action.from_dict(action)
        events = self._apply(action)
        self.history.append(action.to_dict())
        self.log += events
        return events

    def _apply(self, action: Action) -> list[Event]:
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

    def record(self) -> dict[str, Any]:
        return {"origin": {"seed": self.seed}, "actions": list(self.history)}

    def to_json(self) -> str:
        return json.dumps(self.record())

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            return replay(json.loads(text))
        except ValueError as exc:
            raise CorruptSave(f"not a stub save: {exc}") from None


def new_game(seed: int = 0) -> Game:
    return Game(seed)


def replay(record: Any) -> Game:
    try:
        game = Game(int(record["origin"]["seed"]))
        for step in record["actions"]:
            game.apply(step)
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptSave(f"not a stub record: {exc}") from None
    return game
