"""Exceptions the engine raises."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; `.rule` names the rule or ruling that forbids it.

    Raised before anything changes: the game is left exactly as it was.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.reason = message
        self.rule = rule


class CorruptSave(ValueError):
    """A save file, position or share record that cannot be trusted; nothing was loaded."""
