"""Actions and events: the plain-data vocabulary between the engine and its players.

An Action is a type plus named arguments (strings, ints or lists of strings); two actions are
equal when their data are equal, whatever their labels. See docs/api.md for the vocabulary.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, NoReturn, cast

from .action_types import ARGS as ARGS
from .errors import IllegalAction

if TYPE_CHECKING:
    from .event_types import EventData

Arg = str | int | tuple[str, ...]

# The vocabulary's arguments (docs/api.md, "Actions") come from each type's declaration
# (action_types.ActionType.args, gathered by registry.py).
MAX_NAME = 40  # longer than any id, token or place name of the game
MAX_LIST = 9   # the whole crew


def _refuse(reason: str) -> IllegalAction:
    return IllegalAction(reason, "Actions")


def _parse_arg(type: str, key: str, kind: str, value: object) -> Arg:
    """One argument of a parsed action, or IllegalAction saying what is wrong with it."""
    if kind == "list":
        if not isinstance(value, list) or not 1 <= len(value) <= MAX_LIST:
            raise _refuse(f"{type!r} needs {key!r} as a list of 1 to {MAX_LIST} names")
        items = tuple(value)
    else:
        if not isinstance(value, str):
            raise _refuse(f"{type!r} needs {key!r} as a name (a string)")
        items = (value,)
    names: list[str] = []
    for item in items:
        if not isinstance(item, str) or not item or len(item) > MAX_NAME:
            raise _refuse(f"{type!r} has a bad {key!r}: names are 1 to {MAX_NAME} characters")
        names.append(item)
    return tuple(names) if kind == "list" else names[0]


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
    def make(cls, type: str, label: str = "", rule: str = "", **args: object) -> Action:
        """Build an action from keyword arguments (keys sorted, lists frozen)."""
        return cls(type, tuple(sorted((k, _freeze(k, v)) for k, v in args.items())), label, rule)

    def get(self, key: str, default: Arg | None = None) -> Arg | None:
        """The value of one argument, or `default` (checks read unchecked actions this way)."""
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> str:
        """A name argument of an action known to be well formed (effects read legal ones);
        TypeError for a list argument (`names`)."""
        for k, v in self.args:
            if k == key:
                if type(v) is str:
                    return v
                raise TypeError(f"argument {key!r} is not a name")
        raise KeyError(key)

    def names(self, key: str) -> tuple[str, ...]:
        """A list argument's names (e.g. the crewmen who `leave`); () when absent."""
        for k, v in self.args:
            if k == key:
                if isinstance(v, tuple):
                    return v
                raise TypeError(f"argument {key!r} is not a list")
        return ()

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data: {"type": ..., **args}."""
        d: dict[str, object] = {"type": self.type}
        for k, v in self.args:
            d[k] = list(v) if isinstance(v, tuple) else v
        return d

    def recorded(self) -> dict[str, object]:
        """This action as its history entry (`to_dict`'s data). Every action taken is
        recorded, so an action of names only keeps one read-only entry (`Recorded`) that
        every game taking this action object shares; one with a list gets a fresh dict."""
        done = self.__dict__.get("_recorded")  # not a field: equality, hash, repr ignore it
        if done is None:
            d = self.to_dict()
            if any(isinstance(v, tuple) for _, v in self.args):
                return d
            done = self.__dict__["_recorded"] = Recorded(d)
        return done

    @classmethod
    def from_dict(cls, d: object) -> Action:
        """Parse plain data strictly against the vocabulary (ARGS): an unknown type or key, a
        missing argument or a wrong type raises IllegalAction (a ValueError) saying which."""
        if not isinstance(d, dict):
            raise _refuse("an action must be a JSON object")
        if any(not isinstance(k, str) for k in d):
            raise _refuse("an action's keys must be strings")
        t = d.get("type")
        if not isinstance(t, str) or not t:
            raise _refuse("an action needs a string 'type'")
        spec = ARGS.get(t)
        if spec is None:
            raise _refuse(f"there is no action called {t[:MAX_NAME]!r}")
        extra = sorted(k for k in d if k != "type" and k not in spec)
        if extra:
            raise _refuse(f"{t!r} takes no argument {extra[0][:MAX_NAME]!r}")
        args = []
        for key, kind in sorted(spec.items()):
            if key not in d:
                if kind.endswith("?"):
                    continue
                raise _refuse(f"{t!r} needs the argument {key!r}")
            args.append((key, _parse_arg(t, key, kind.rstrip("?"), d[key])))
        return cls(t, tuple(args))

    def key(self) -> str:
        """A canonical string for the action's data (used in share records and tests)."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def __str__(self) -> str:
        return self.label or self.key()


class Recorded(dict[str, object]):
    """A history entry shared by every game that takes the same action object
    (`Action.recorded`): read-only, so no game can change another's history; `dict(entry)`
    is an editable copy. It pickles and copies as a plain dict."""

    __slots__ = ()

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a recorded action is read-only: copy it with dict(entry)")

    __setitem__ = __delitem__ = update = pop = popitem = setdefault = clear = __ior__ = \
        _read_only

    def __reduce__(self) -> tuple[type[dict[str, object]], tuple[dict[str, object]]]:
        return dict, (dict(self),)


def action(type: str, **args: Arg) -> Action:
    """Fast constructor for the engine's own candidates, whose arguments are already valid."""
    return new_action(type, tuple(sorted(args.items())), "", "")


def new_action(type: str, args: tuple[tuple[str, Arg], ...], label: str, rule: str) -> Action:
    """An Action built without the frozen dataclass's __init__ (it costs three times as much
    on the engine's hot paths); the same object in every way, and as immutable."""
    a = object.__new__(Action)
    a.__dict__.update(type=type, args=args, label=label, rule=rule)
    return a


class _EventFields(NamedTuple):
    type: str
    text: str
    rule: str
    data: dict[str, object]


class Event(_EventFields):
    """Something that happened. Die rolls carry the die, what it was for and the rule.

    An immutable record (a named tuple: one object per event, the game's log keeps every
    one, so fewer and lighter objects cost less to make and for the garbage collector)."""

    __slots__ = ()

    def __new__(cls, type: str, text: str, rule: str = "",
                data: dict[str, object] | None = None) -> Event:
        return tuple.__new__(cls, (type, text, rule, {} if data is None else data))

    def to_dict(self) -> EventData:
        """The event as the page receives it: type, text, rule (if any), then its data."""
        d: dict[str, object] = {"type": self.type, "text": self.text}
        if self.rule:
            d["rule"] = self.rule
        d.update(self.data)
        return cast("EventData", d)

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> Event:
        rest = {k: v for k, v in d.items() if k not in ("type", "text", "rule")}
        return cls(str(d["type"]), str(d["text"]), str(d.get("rule", "")), rest)
