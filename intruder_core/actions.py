"""Actions and events: the plain-data vocabulary between the engine and its players.

An Action is a type plus named arguments (strings, ints or lists of strings); two actions are
equal when their data are equal, whatever their labels. See docs/api.md for the vocabulary.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

Arg = str | int | tuple[str, ...]


def _freeze(key: str, value: object) -> Arg:
    if isinstance(value, bool) or not isinstance(value, (str, int, list, tuple)):
        raise ValueError(f"action argument {key!r} must be a string, integer or list of strings")
    if isinstance(value, (list, tuple)):
        if not all(isinstance(v, str) for v in value):
            raise ValueError(f"action argument {key!r} must be a list of strings")
        return tuple(value)
    return value


@dataclass(frozen=True)
class Action:
    """One thing the player may do, e.g. Action("move", (("crew", "co1"), ("to", "a1")))."""

    type: str
    args: tuple[tuple[str, Arg], ...] = ()
    label: str = field(default="", compare=False)
    rule: str = field(default="", compare=False)

    @classmethod
    def make(cls, type: str, label: str = "", rule: str = "", **args: Any) -> Action:
        """Build an action from keyword arguments (keys sorted, lists frozen)."""
        return cls(type, tuple(sorted((k, _freeze(k, v)) for k, v in args.items())), label, rule)

    def get(self, key: str, default: Any = None) -> Any:
        """The value of one argument, or `default`."""
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: {"type": ..., **args}."""
        d: dict[str, Any] = {"type": self.type}
        for k, v in self.args:
            d[k] = list(v) if isinstance(v, tuple) else v
        return d

    @classmethod
    def from_dict(cls, d: object) -> Action:
        """Parse plain data; raises ValueError for anything that is not an action's shape."""
        if not isinstance(d, dict):
            raise ValueError("an action must be a JSON object")
        t = d.get("type")
        if not isinstance(t, str) or not t:
            raise ValueError("an action needs a string 'type'")
        return cls.make(t, **{k: v for k, v in d.items() if k != "type"})

    def key(self) -> str:
        """A canonical string for the action's data (used in share records and tests)."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def __str__(self) -> str:
        return self.label or self.key()


def action(type: str, **args: Arg) -> Action:
    """Fast constructor for the engine's own candidates, whose arguments are already valid."""
    return Action(type, tuple(sorted(args.items())))


@dataclass(frozen=True)
class Event:
    """Something that happened. Die rolls carry the die, what it was for and the rule."""

    type: str
    text: str
    rule: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "text": self.text}
        if self.rule:
            d["rule"] = self.rule
        d.update(self.data)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        rest = {k: v for k, v in d.items() if k not in ("type", "text", "rule")}
        return cls(str(d["type"]), str(d["text"]), str(d.get("rule", "")), rest)
