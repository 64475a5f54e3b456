"""The Game: the public API over the typed state, the action table and the legal actions.

Like a chess board with push/pop, a Game is a plain state (`GameState`, state.py) plus
`legal_actions()` and `apply()`. Chance is resolved inside `apply` from the game's own dice, so
every call returns at the next decision of the player (or at the end). The sequence of play is
in flow.py; each action's check and effect are declared by its rule module (registry.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from . import crew_actions as act
from . import crew_movement as crew_rules
from . import flow, interaction, sides
from . import intruder_player as ii
from .action_types import CANNOT_END, FRESH_LABELS, HANDLERS, LEGAL_WHEN_OFFERED
from .actions import Action, Event, action, new_action
from .config import GameConfig
from .dice import Dice
from .errors import CorruptSave, IllegalAction
from .json_types import Options, Record
from .labels import label as action_label
from .move_cache import new_cache
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
        legal = self.cache.legal  # this decision's, when already built (`legal_now`)
        if legal is None:
            legal = self.legal_now()
        if player is None:
            return list(legal)
        return [a for a in legal if sides.owner(self, a) == player]

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
        return self._why_not(a)

    def _why_not(self, a: Action) -> IllegalAction | None:
        """why_illegal for an action already parsed."""
        if self.is_over:
            return IllegalAction("the game is over", "How to Win")
        if a.type not in HANDLERS:
            return IllegalAction(f"there is no action called {a.type!r}", "Actions")
        if a in self._legal_set_now():
            return None
        return self._refusal(a)

    def _refusal(self, a: Action) -> IllegalAction | None:
        """Why an action that is not among the legal ones is refused: its rule's own check,
        else "not available now" (an action no generator offers in this step)."""
        try:
            HANDLERS[a.type][0](self, a)
        except IllegalAction as e:
            return e
        if a not in (c for c in self._candidates() if c.type == a.type):
            return IllegalAction("that action is not available now", HANDLERS[a.type][2])
        return None

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
            refusal = self._why_not(a)
            if refusal is not None:
                raise refusal
        played = len(self.history)
        try:
            self.events = []
            self.history.append(a.recorded())
            self.cache.forget_legal()
            self.may_end = a.type not in CANNOT_END
            if self.step == "move":
                self._touch(a)
            else:
                HANDLERS[a.type][1](self, a)
            flow.settle(self)
        except BaseException:
            self._rewind(played)
            raise
        return self.events

    def _touch(self, a: Action) -> None:
        """Apply a Crew Movement Phase action, noting the compartments it touched (where its
        crewman was and is): only the crewmen there need their actions worked out again.

        A move touches only the compartments an object short of bearers left and entered
        (`relocate` notes them): the movers change only their own actions (their places,
        points and what they carry, which `crew_movement.candidates` sees on them)."""
        if a.type == "move":  # `relocate` notes where objects left and arrived
            HANDLERS["move"][1](self, a)
            return
        c = self.crew.get(str(a.get("crew", "")))
        cache = self.cache
        if c is None:  # a pass: every crewman's actions are worked out again
            cache.segs.clear()
            HANDLERS[a.type][1](self, a)
            return
        cache.acted(c.id, c.at)
        HANDLERS[a.type][1](self, a)
        cache.touched.add(c.at)

    def _rewind(self, played: int) -> None:
        """Put the game back exactly as it was after its first `played` actions, replayed from
        its origin (the engine is deterministic): a failed apply leaves no trace, and one that
        succeeds pays nothing for the guarantee (no copy of the state is taken beforehand)."""
        from .saves import start_at

        again = start_at(self.origin)
        for step in self.history[:played]:
            again.apply(step)
        vars(self).clear()
        vars(self).update(vars(again))

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
        """The legal actions of every side, labelled, built once per decision."""
        cache = self.cache
        legal = cache.legal
        if legal is None:
            bound = cache.bound_to
            if bound is None or bound[0] is not self.crew or bound[1] is not self.items:
                cache.bind(self)
            # the Crew Movement Phase's generator offers only legal actions (`_generate`)
            legal = cache.legal = (crew_rules.candidates(self) if self.step == "move"
                                   else self._generate())
        return legal

    def _legal_set_now(self) -> frozenset[Action]:
        cache = self.cache
        legal_set = cache.legal_set
        if legal_set is None:
            legal_set = cache.legal_set = frozenset(self.legal_now())
        return legal_set

    def _generate(self) -> list[Action]:
        """The candidates the rules allow, labelled. The Crew Movement Phase's generator
        offers only legal actions, so its checks are skipped; elsewhere each is checked but
        those offered only when legal (ActionType.legal_when_offered)."""
        if self.step == "move":
            return crew_rules.candidates(self)
        labels = self.cache.labels
        trusted = () if sides.shared(self) else LEGAL_WHEN_OFFERED
        out = []
        for a in self._candidates():
            check, _, rule = HANDLERS[a.type]
            if a.type not in trusted:
                try:
                    check(self, a)
                except IllegalAction:
                    continue
            if a.label:  # offered labelled by its generator
                out.append(a)
                continue
            if a.type in FRESH_LABELS:  # its label reads the state: made afresh
                out.append(Action(a.type, a.args, self.label(a), rule))
                continue
            done = labels.get(a)
            if done is None:
                done = labels[a] = new_action(a.type, a.args, self.label(a), rule)
            out.append(done)
        return out

    def _candidates(self) -> Iterable[Action]:
        """The actions worth checking in the current step, in a fixed order."""
        step = self.step
        if step == "move":
            return crew_rules.candidates(self)
        if step == "choose":
            return [action("interact", at=at) for at in self.queue]
        if step == "defense":
            return [*interaction.defense_options(self), action("no_defense")]
        if step == "crew_actions" or step == "free_actions":
            return act.candidates(self)
        if step == "intruder_move" or step == "intruder_attack":
            return ii.candidates(self)
        return ()

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

