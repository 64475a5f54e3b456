"""The Game: the public API over the typed state, the action table and the legal actions.

Like a chess board with push/pop, a Game is a plain state (`GameState`, state.py) plus
`legal_actions()` and `apply()`. Chance is resolved inside `apply` from the game's own dice, so
every call returns at the next decision of the player (or at the end). The sequence of play is
in flow.py; each action's check and effect are in the rule module HANDLERS names.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from . import crew_actions as act
from . import crew_movement as crew_rules
from . import flow, interaction, sides
from . import intelligent as ii
from .actions import ARGS, Action, Event, action, new_action
from .charts import POINTS, Stage
from .dice import Dice
from .errors import CorruptSave, IllegalAction
from .scenarios import PLAYERS
from .state import Counter, Crewman, GameState, Item, load_fields, record_fields
from .station import COMPARTMENTS, NAMES, SHUTTLE_DOCK
from .variants import chart
from .view import FRESH_LABELS, View
from .view import label as action_label

_new_event = tuple.__new__
SAVE_FORMAT = 2  # 2: opaque counter ids (ruling R64); 1 (ids "i1", "l2"...) still loads
_DESCRIBED = {"intruder": "The Intruder", "lab_animal": "A Lab Animal"}  # Game.describe
_TOKEN_ORDER: dict[str, tuple[int, str]] = {}  # token -> its sort key (a pure function)
Moves = tuple[tuple[str, int, bool, Action], ...]
Segment = tuple[tuple[Action, ...], tuple[Action, ...]]  # crew_movement._segment
Labels = tuple[dict[Action, Action], dict[tuple[str, ...], Action], dict[tuple[str, ...], Moves],
               dict[tuple[object, ...], Segment]]
# roster -> its labels by action, labelled actions by key, moves by crewman and place, and
# the Crew Movement Phase actions of a crewman with empty hands in an empty compartment
_ROSTER_LABELS: dict[tuple[object, ...], Labels] = {}  # Game._bind_labels
Check = Callable[["Game", Action], None]
Apply = Callable[["Game", Action], None]

HANDLERS: dict[str, tuple[Check, Apply, str]] = {
    "move": (crew_rules.check_move, crew_rules.apply_move, "Crew Movement"),
    "force_into_freezer": (crew_rules.check_force, crew_rules.apply_force, "ruling R22"),
    "pick_up": (crew_rules.check_pick_up, crew_rules.apply_pick_up, "Pick Up an Object"),
    "drop": (crew_rules.check_drop, crew_rules.apply_drop, "Drop an Object"),
    "unlock": (crew_rules.check_unlock, crew_rules.apply_unlock, "Functions"),
    "construct": (crew_rules.check_construct, crew_rules.apply_construct, "Construct Weapons"),
    "end_movement": (crew_rules.check_end_movement, flow.pass_movement, "Sequence of Play"),
    "interact": (interaction.check_interact, flow.interact, "ruling R2"),
    "defend": (interaction.check_defend, flow.defend, "Intruder Action Segment C"),
    "no_defense": (interaction.check_no_defense, flow.no_defense, "Intruder Action Segment C"),
    "attack": (act.check_attack, act.apply_attack, "Attack the Intruder"),
    "prod": (act.check_prod, act.apply_prod, "Prod the Intruder"),
    "cage": (act.check_cage, act.apply_cage, "Attempt to Cage Intruder"),
    "catch": (act.check_catch, act.apply_catch, "Attempt to Catch Lab Animal"),
    "cage_animal": (act.check_cage_animal, act.apply_cage_animal, "Cage Lab Animal"),
    "transfer": (act.check_transfer, act.apply_transfer,
                 "Transfer a Lab Animal to a Permanent Cage"),
    "open_airlock": (act.check_open_airlock, act.apply_open_airlock, "Open Airlocks"),
    "start_self_destruct": (act.check_start_sd, act.apply_start_sd, "Self-Destruction"),
    "stop_self_destruct": (act.check_stop_sd, act.apply_stop_sd, "Self-Destruction"),
    "freeze": (act.check_freeze, act.apply_freeze, "Turn on the Freezer"),
    "inventory": (act.check_inventory, act.apply_inventory, "Inventory Lab Animals"),
    "leave": (act.check_leave, flow.leave, "Leave in a Shuttle"),
    "release": (act.check_release, act.apply_release, "Attempt to Catch Lab Animal"),
    "let_go": (act.check_let_go, act.apply_let_go, "ruling R11"),
    "prepare_hatches": (act.check_prepare, act.apply_prepare, "Escape via Shuttle"),
    "open_hatches": (act.check_open_hatches, act.apply_open_hatches, "Escape via Shuttle"),
    "end_actions": (act.check_end_actions, flow.pass_actions, "Actions"),
    "move_counter": (ii.check_move_counter, ii.apply_move_counter, "The Intelligent Intruder"),
    "destroy": (ii.check_destroy, ii.apply_destroy, "The Intelligent Intruder"),
    "open_cage": (ii.check_open_cage, ii.apply_open_cage, "The Intelligent Intruder"),
    "open_lab_cages": (ii.check_open_lab_cages, ii.apply_open_lab_cages,
                       "The Intelligent Intruder"),
    "end_intruder_movement": (ii.check_end_move, flow.end_intruder_movement,
                              "The Intelligent Intruder"),
    "intruder_attack": (ii.check_intruder_attack, flow.intruder_decides,
                        "The Intelligent Intruder"),
    "intruder_hold": (ii.check_intruder_attack, flow.intruder_decides,
                      "The Intelligent Intruder"),
}


class Game(GameState):
    """One game of Intruder. Build with `new_game`, `Game.from_json` or `Game.from_position`.

    The saved state is the `GameState` it extends (typed records, state.py); the Game adds
    the rules' orchestration, the caches of the current decision and the public API."""

    def __init__(self, dice: Dice, options: dict[str, Any] | None = None) -> None:
        super().__init__(dice)
        self.options: dict[str, Any] = {}
        self.chart: dict[int, Stage] = {}
        self.set_options(options or {})
        self._scenario_of: dict[str, object] | None = None
        self._scenario = "solitaire"
        self.events: list[Event] = []
        # False while settling after an action that cannot end the game (flow.CANNOT_END).
        self.may_end = True
        # The legal actions of the current decision, labelled: built once per decision (in
        # `flow.settle`) and dropped whenever `apply` changes the state.
        self._legal: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        # Labelled actions met so far: a label depends only on the action and the game's
        # fixed roster of crewmen and objects, so it is worked out once per roster and shared
        # by every game with that roster (`_bind_labels`; a bot's rollouts start many games).
        self._labels: dict[Action, Action] = {}
        self.made: dict[tuple[str, ...], Action] = {}  # the same, by a plain key (`labelled`)
        # A crewman's labelled moves out of each compartment (crew_movement.moves_from).
        self.made_moves: dict[tuple[str, ...], Moves] = {}
        self.bare_segs: dict[tuple[object, ...], Segment] = {}  # crew_movement._segment
        self._labels_for: tuple[object, object] | None = None  # (crew, items) bound to
        # Each crewman's Crew Movement Phase actions (crew_movement.candidates): kept while
        # `move_key` (turn, stage, passed players) holds, no action has changed him
        # (`changed_crew`: `_touch` and `relocate` note him) and none has touched his
        # compartment (`touched`, filled by `_touch` and `relocate`).
        self.move_segs: dict[str, Segment] = {}
        self.move_key: tuple[object, ...] = ()
        self.touched: set[str | None] = set()
        self.changed_crew: set[str] = set()

    # --- public API ---------------------------------------------------------------------

    @property
    def scenario(self) -> str:
        origin = self.origin
        if origin is not self._scenario_of:  # read once per origin (a hot path)
            self._scenario = str(origin.get("position", origin).get("scenario", "solitaire"))
            self._scenario_of = origin
        return self._scenario

    @property
    def players(self) -> tuple[str, ...]:
        """The sides of this scenario: ("crew",) in the solitaire game."""
        return PLAYERS[self.scenario]

    def marine(self, c: Crewman) -> bool:
        """Optional Marines rule (Return to Prometheus)."""
        return bool(self.options.get("marines")) and c.role in ("command", "engineer")

    def docks(self) -> dict[str, str]:
        """Shuttle -> the dock it leaves from, for the shuttles of this game."""
        return {s: SHUTTLE_DOCK[s] for s in self.shuttles}

    def set_options(self, options: dict[str, Any]) -> None:
        """Rule knobs (docs/variants: difficulty); "standard" is the rulebook."""
        self.chart = chart(options)
        self.options = dict(options)

    @property
    def row(self) -> Stage:
        """The Life Stage Chart row of the current stage."""
        return self.chart[self.stage]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every action the player (any player if None) may take now, in a fixed order."""
        if self.result is not None:  # the game is over
            return []
        legal = self._legal  # this decision's, when already built (`legal_now`)
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

    def why_illegal(self, action: Action | dict[str, Any]) -> IllegalAction | None:
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

    def apply(self, action: Action | dict[str, Any]) -> list[Event]:
        """Take a legal action and run the game on to the next decision; returns the events.

        Transactional: if anything fails inside (an engine bug, scripted dice running out),
        the game is put back exactly as it was before the call and the error re-raised."""
        a: Action | None = None
        for offered in self._legal or ():  # a plain loop: cheaper than any(map(is_, ...))
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
            self.forget_legal()
            self.may_end = a.type not in flow.CANNOT_END
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
        if c is None:  # a pass: every crewman's actions are worked out again
            self.move_segs.clear()
            HANDLERS[a.type][1](self, a)
            return
        self.changed_crew.add(c.id)
        self.touched.add(c.at)
        HANDLERS[a.type][1](self, a)
        self.touched.add(c.at)

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
    def from_position(cls, position: dict[str, Any]) -> Game:
        """Start from a described situation (format in docs/position.md)."""
        from .position import build

        return build(position)

    def record(self) -> dict[str, Any]:
        """How this game began plus every action since: `replay(record)` rebuilds it."""
        return {"origin": self.origin, "actions": [dict(step) for step in self.history]}

    # --- serialization ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The save as plain data: the format number and every field of the GameState."""
        return {"format": SAVE_FORMAT, **record_fields(self)}

    @classmethod
    def from_dict(cls, d: object) -> Game:
        """A save's data, checked like from_json."""
        from .saves import load_dict

        return load_dict(d)

    @classmethod
    def _from_state(cls, d: object) -> Game:
        """The stored state as it is (saves.load_dict compares it with the replayed game)."""
        try:
            if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
                raise ValueError("unknown save format")
            body = {k: v for k, v in d.items() if k != "format"}
            values = load_fields(GameState, body)
            origin, dice = d["origin"], values["dice"]
            assert isinstance(dice, Dice)
            g = cls(dice, origin.get("options") or origin.get("position", {}).get("options"))
            for key, value in values.items():
                setattr(g, key, value)
            from .invariants import check_invariants

            check_invariants(g)
        except CorruptSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, AssertionError) as e:
            raise CorruptSave(f"the save is corrupt or has been tampered with: {e}") from None
        return g

    # --- the sequence of play (flow.py) ------------------------------------------------

    def start(self) -> None:
        """Begin play at the current phase (after set-up or a position)."""
        flow.start(self)

    # --- the current decision's legal actions -------------------------------------------

    def changed(self) -> None:
        """The state has been changed from outside `apply`: every cache is dropped."""
        self.forget_legal()
        self.move_segs.clear()

    def forget_legal(self) -> None:
        """The state has changed: the current decision's legal actions no longer hold."""
        self._legal = None
        self._legal_set = None

    def legal_now(self) -> list[Action]:
        """The legal actions of every side, labelled, built once per decision."""
        if self._legal is None:
            bound = self._labels_for
            if bound is None or bound[0] is not self.crew or bound[1] is not self.items:
                self._bind_labels()
            # the Crew Movement Phase's generator offers only legal actions (`_generate`)
            self._legal = (crew_rules.candidates(self) if self.step == "move"
                           else self._generate())
        return self._legal

    def _bind_labels(self) -> None:
        """Share the labelled actions of every game with this roster (crew ids and roles,
        object ids and kinds: all a label or a move list depends on)."""
        roster = (tuple((c.id, c.role) for c in self.crew.values()),
                  tuple((i.id, i.kind) for i in self.items.values()))
        shared = _ROSTER_LABELS.get(roster)
        if shared is None:
            if len(_ROSTER_LABELS) >= 64:  # positions can make many rosters: stay bounded
                _ROSTER_LABELS.clear()
            shared = _ROSTER_LABELS[roster] = ({}, {}, {}, {})
        self._labels, self.made, self.made_moves, self.bare_segs = shared
        self._labels_for = (self.crew, self.items)

    def _legal_set_now(self) -> frozenset[Action]:
        if self._legal_set is None:
            self._legal_set = frozenset(self.legal_now())
        return self._legal_set

    def _generate(self) -> list[Action]:
        """The candidates the rules allow, labelled. The Crew Movement Phase's generator
        offers only legal actions, so its checks are skipped; elsewhere each is checked but
        those offered only when legal (crew_actions.LEGAL_WHEN_OFFERED)."""
        if self.step == "move":
            return crew_rules.candidates(self)
        labels = self._labels
        trusted = () if sides.shared(self) else act.LEGAL_WHEN_OFFERED
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

    def in_shuttle(self) -> bool:
        return self.sub is not None and self.sub.at in self.shuttles

    # --- helpers for the rule modules ---------------------------------------------------

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

    def roll(self, what: str, rule: str) -> int:
        """Roll one die and record it as an event: what it was for and the rule it answers."""
        die = self.dice.d6()
        # `emit`, written out for the commonest event (about one per action)
        self.events.append(_new_event(Event, ("roll", f"Rolled {die} for {what}", rule,
                                              {"die": die, "purpose": what})))
        return die

    def emit(self, type: str, text: str, rule: str = "",
             data: dict[str, object] | None = None) -> None:
        """Note something that happened, with its data (a dict of its own: the Event keeps
        it). The Event (a named tuple) is built by tuple's own constructor, and the data come
        as a dict, not keywords: every event passes here, and matching keywords costs more."""
        self.events.append(_new_event(Event, (type, text, rule, {} if data is None else data)))

    def effect(self, a: Action) -> None:
        """Carry out an action already known to be legal (its handler's effect)."""
        HANDLERS[a.type][1](self, a)

    def score(self, kind: str, what: str) -> None:
        self.ledger.append({"kind": kind, "what": what, "points": POINTS[kind]})

    def interaction_number(self) -> int:
        return 2 if self.phase == "interaction2" else 1

    def sleep_until(self) -> list[int]:
        """When a dart's sleep ends: the same Interaction Phase of the next turn (R9)."""
        if self.in_shuttle():
            assert self.sub is not None
            return [self.turn, (self.sub.round or 0) + 1]
        return [self.turn + 1, self.interaction_number()]

    def shaken(self) -> bool:
        return self.sub is not None and self.sub.shaken

    def sub_at(self) -> str:
        assert self.sub is not None
        return self.sub.at

    def place(self, at: str | None) -> str:
        return NAMES.get(at, at) if at else "nowhere"

    def describe(self, c: Counter) -> str:
        if not c.face_up:
            return f"Counter {c.token}"
        return _DESCRIBED.get(c.kind, "A Dummy")

    def token_order(self, c: Counter) -> tuple[int, str]:
        key = _TOKEN_ORDER.get(c.token)
        if key is None:  # parsed once per token: this sort key is on the hot path
            digits = "".join(ch for ch in c.token if ch.isdigit())
            key = _TOKEN_ORDER[c.token] = (int(digits) if digits else 0, c.token)
        return key

    def new_token(self) -> str:
        self.next_token += 1
        return f"c{self.next_token - 1}"

    def by_token(self, token: object) -> Counter | None:
        if not isinstance(token, str) or not token:
            return None
        return next((c for c in self.counters.values() if c.token == token), None)

    def by_token_strict(self, token: str) -> Counter:
        c = self.by_token(token)
        assert c is not None
        return c

    def crewman(self, cid: object, on_station: bool = False) -> Crewman:
        """The named crewman, if he is alive and on the station (or in a shuttle)."""
        c = self.crew.get(cid) if isinstance(cid, str) else None
        if c is None:
            raise IllegalAction(f"there is no crewman {cid!r}", "The Station and the Crew")
        if c.status != "active":
            raise IllegalAction(f"{c.name} is {c.status}", "The Station and the Crew")
        if on_station and c.at not in COMPARTMENTS:
            raise IllegalAction(f"{c.name} has left the station", "Escape via Shuttle")
        if sides.shared(self) and sides.side_of(self, c) in sides.ready(self):
            raise IllegalAction(f"{c.name}'s player has already passed", "The Science Officer")
        return c

    def station_crew(self) -> list[Crewman]:
        return [c for c in self.crew.values() if c.status == "active" and c.at in COMPARTMENTS]

    def crew_at(self, at: str) -> list[Crewman]:
        return [c for c in self.crew.values() if c.at == at and c.status == "active"]

    def manned(self, at: str | None) -> bool:
        """Some living crewman is there (`crew_at` without building the list)."""
        for c in self.crew.values():
            if c.at == at and c.status == "active":
                break
        else:
            return False
        return True

    def carried(self, c: Crewman) -> list[Item]:
        cid = c.id
        return [i for i in self.items.values() if cid in i.carriers]

    def relocate(self, c: Crewman, to: str, carried: list[Item] | None = None) -> None:
        """Move a crewman with everything he carries (`carried`, when the caller knows it),
        holds or controls; the compartments objects leave and enter are touched (the Crew
        Movement Phase's cache, `_touch`). An object with all the carriers it needs is
        in no one else's actions (no one else may pick it up; its other bearers move too
        and are noted), so only one carried by fewer touches the compartments."""
        was = c.at
        c.at = to
        c.paid_pickup = False
        self.changed_crew.add(c.id)
        for item in self.carried(c) if carried is None else carried:
            item.at = to
            if item.contents:
                self.counters[item.contents].at = to
            if len(item.carriers) < crew_rules.cage_needs(self, item):
                self.touched.add(was)
                self.touched.add(to)
        if c.holding:
            self.counters[c.holding].at = to

    def labelled(self, key: tuple[str, ...], a: Action) -> Action:
        """The labelled action for `key`, made from `a` the first time it is met this game."""
        done = self.made.get(key)
        if done is None:
            done = self.made[key] = new_action(a.type, a.args, self.label(a),
                                               HANDLERS[a.type][2])
        return done

    def label(self, a: Action) -> str:
        """A short human label for an action (the page shows it on a button)."""
        return action_label(self, a)


def replay(record: object) -> Game:
    """Rebuild a game from `Game.record()` data (a share link); CorruptSave if it does not
    replay: an unknown origin, or an action the rules refuse at its point in the game."""
    from .saves import replay as checked_replay

    return checked_replay(record)


_KEYS = {t: tuple(sorted(spec)) for t, spec in ARGS.items()}


def _parse(action: Action | dict[str, Any]) -> Action:
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
             options: dict[str, Any] | None = None) -> Game:
    """A new game set up as the rulebook says (the solitaire game unless a scenario is named,
    see ic.SCENARIOS), run to the player's first decision."""
    from . import scenarios

    scenarios.check(scenario, dict(options or {}))
    g = Game(Dice(seed, dice or ()), options)
    g.origin = {"seed": seed, "dice": list(dice or ()), "scenario": scenario,
                "options": dict(options or {})}
    scenarios.setup(g, scenario)
    g.start()
    return g

