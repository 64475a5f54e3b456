"""The Game: the public API over the typed state, the action table and the legal actions.

Like a chess board with push/pop, a Game is a plain state (`GameState`, state.py) plus
`legal_actions()` and `apply()`. Chance is resolved inside `apply` from the game's own dice, so
every call returns at the next decision of the player (or at the end). The sequence of play is
in flow.py; each action's check and effect are declared by its rule module (registry.py).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from . import flow, legal, sides
from . import intruder_player as ii
from .action_types import CANNOT_END, HANDLERS
from .actions import Action, Event
from .config import GameConfig
from .dice import Dice
from .errors import CorruptSave, IllegalAction
from .json_types import Options, Record
from .labels import label as action_label
from .move_cache import new_cache, noting_touched
from .registry import ACTION_TYPES
from .state import GameState, load_fields, record_fields
from .view import View

SAVE_FORMAT = 2  # 2: opaque counter ids (ruling R64); 1 (ids "i1", "l2"...) still loads


class Game(GameState):
    """One game of Intruder. Build with `new_game`, `Game.from_json` or `Game.from_position`.

    The saved state is the `GameState` it extends (typed records, state.py); the Game adds
    the rules' orchestration, the caches of the current decision and the public API."""

    def __init__(self, dice: Dice, origin: dict[str, object] | None = None) -> None:
        super().__init__(dice, origin=origin if origin is not None else {})
        # The settings (scenario, options, Life Stage Chart), derived from the origin: fixed
        # for the game and never saved (config.py).
        self.config = GameConfig.of(self.origin)
        self.events: list[Event] = []
        # False while settling after an action that cannot end the game (ActionType.cannot_end).
        self.may_end = True
        self.cache = new_cache()  # what is kept between decisions (move_cache.py)

    # --- public API ---------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The sides of this scenario: ("crew",) in the solitaire game."""
        return self.config.players

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every action the player (any player if None) may take now, in a fixed order."""
        if self.result is not None:  # the game is over
            return []
        now = self.cache.legal  # this decision's, when already built (`legal_now`)
        if now is None:
            now = legal.legal_now(self)
        if player is None:
            return list(now)
        return [a for a in now if sides.owner(self, a) == player]

    def owner(self, action: Action) -> str:
        """The side whose decision an action is ("crew" in the solitaire game)."""
        return sides.owner(self, action)

    def to_move(self) -> list[str]:
        """The sides with a decision to make now, in the scenario's order."""
        waiting = {self.owner(a) for a in self.legal_actions()}
        return [p for p in self.players if p in waiting]

    def why_illegal(self, action: Action | Mapping[str, object]) -> IllegalAction | None:
        """The refusal `apply` would raise for this action, or None if it is legal."""
        try:
            a = _parse(action)
        except IllegalAction as e:
            return e
        return legal.why_not(self, a)


    def apply(self, action: Action | Mapping[str, object]) -> list[Event]:
        """Take a legal action and run the game on to the next decision; returns the events.

        Transactional: if anything fails inside (an engine bug, scripted dice running out),
        the game is put back exactly as it was before the call and the error re-raised."""
        a: Action | None = None
        for offered in self.cache.legal or ():  # a plain loop: cheaper than any(map(is_, ...))
            if offered is action:  # one of legal_actions()' own, and the state has not
                a = offered        # changed since
                break
        if a is None:
            a = _parse(action)
            refusal = legal.why_not(self, a)
            if refusal is not None:
                raise refusal
        played = len(self.history)
        try:
            self.events = []
            self.history.append(a.recorded())
            self.cache.forget_legal()
            self.may_end = a.type not in CANNOT_END
            if self.step == "move":
                noting_touched(self, a)
            else:
                HANDLERS[a.type][1](self, a)
            flow.settle(self)
        except BaseException:
            from .saves import rewind

            rewind(self, played)
            raise
        return self.events

    def view(self, side: str = "crew") -> View:
        """What one side may know, as JSON-ready data (see docs/api.md)."""
        from .view import crew_view

        if side not in self.players:
            raise ValueError(f"unknown side {side!r}; this game's sides are {self.players}")
        if side == "intruder":
            return ii.intruder_view(self)
        return crew_view(self)

    def to_json(self) -> str:
        """A full save: `Game.from_json(g.to_json())` continues identically."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a save, replaying its history to check it (intruder_core.saves); a damaged or
        altered one raises CorruptSave and loads nothing."""
        from .saves import load_text

        return load_text(text)

    @classmethod
    def from_position(cls, position: dict[str, object]) -> Game:
        """Start from a described situation (format in docs/position.md)."""
        from .position import build

        return build(position)

    def record(self) -> Record:
        """How this game began plus every action since: `replay(record)` rebuilds it."""
        return {"origin": self.origin, "actions": [dict(step) for step in self.history]}

    # --- serialization ------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """The save as plain data: the format number and every field of the GameState."""
        return {"format": SAVE_FORMAT, **record_fields(self)}

    @classmethod
    def from_dict(cls, d: object) -> Game:
        """A save's data, checked like from_json."""
        from .saves import load_dict

        return load_dict(d)

    @classmethod
    def from_stored(cls, d: object) -> Game:
        """The game a save's data store, taken as it is, without replaying its history: fast,
        for a state this program wrote itself (the page's undo); saves.load_dict compares it
        with the replayed game. CorruptSave if the data do not make a consistent game."""
        try:
            if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
                raise ValueError("unknown save format")
            body = {k: v for k, v in d.items() if k != "format"}
            values = load_fields(GameState, body)
            origin, dice = values["origin"], values["dice"]
            assert isinstance(dice, Dice) and isinstance(origin, dict)
            g = cls(dice, origin)
            for key, value in values.items():
                setattr(g, key, value)
            from .invariants import check_invariants

            check_invariants(g)
        except CorruptSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, AssertionError) as e:
            raise CorruptSave(f"the save is corrupt or has been tampered with: {e}") from None
        return g

    # --- the current decision's legal actions -------------------------------------------

    def changed(self) -> None:
        """The state has been changed from outside `apply`: every cache is dropped."""
        self.cache.clear()

    def legal_now(self) -> list[Action]:
        """The legal actions of every side, labelled, built once per decision (legal.py)."""
        return legal.legal_now(self)

    def label(self, a: Action) -> str:
        """A short human label for an action (the page shows it on a button)."""
        return action_label(self, a)


def replay(record: object) -> Game:
    """Rebuild a game from `Game.record()` data (a share link); CorruptSave if it does not
    replay: an unknown origin, or an action the rules refuse at its point in the game."""
    from .saves import replay as checked_replay

    return checked_replay(record)


_KEYS = {t.type: tuple(sorted(t.args)) for t in ACTION_TYPES}


def _parse(action: Action | Mapping[str, object]) -> Action:
    """An action strictly parsed (IllegalAction otherwise), also when given as an Action."""
    if isinstance(action, Action):
        if _KEYS.get(action.type) == tuple(k for k, _ in action.args) and all(
                type(v) is str for _, v in action.args):
            return action  # already well-formed (the engine's own candidates): a hot path
        try:
            data = action.to_dict()
        except Exception:  # an Action built by hand with odd arguments
            raise IllegalAction("that is not a well-formed action", "Actions") from None
        return Action.from_dict(data)
    return Action.from_dict(action)


def new_game(seed: int = 0, dice: list[int] | None = None, scenario: str = "solitaire",
             options: Options | None = None) -> Game:
    """A new game set up as the rulebook says (the solitaire game unless a scenario is named,
    see ic.SCENARIOS), run to the player's first decision."""
    from . import scenarios

    scenarios.check(scenario, dict(options or {}))
    g = Game(Dice(seed, dice or ()), {"seed": seed, "dice": list(dice or ()),
                                      "scenario": scenario, "options": dict(options or {})})
    scenarios.setup(g, scenario)
    flow.start(g)
    return g

