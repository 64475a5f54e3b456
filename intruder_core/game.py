"""The Game: state, the sequence of play, legal actions and the public API.

Like a chess board with push/pop, a Game is a plain state plus `legal_actions()` and
`apply()`. Chance is resolved inside `apply` from the game's own dice, so every call returns
at the next decision of the player (or at the end).
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Iterator
from typing import Any

from . import crew as crew_rules
from . import crew_actions as act
from . import intelligent as ii
from . import interaction
from . import players as sides
from .actions import ARGS, Action, Event, action
from .charts import LAST_STAGE, POINTS, Stage
from .dice import Dice
from .errors import CorruptSave, IllegalAction
from .escape import arrive, destroy_station, self_destruct_phase
from .intruder import active_intruders, reveal_caged_powers, roll_metamorphosis, wake_due
from .movement import random_movement
from .panic import panic, panic_due
from .players import PASSES
from .scenarios import PLAYERS
from .scoring import result_of
from .sequence import PHASE_NAMES
from .state import Counter, Crewman, Item, Shuttle, load, record
from .station import COMPARTMENTS, SHUTTLE_DOCK, name
from .variants import chart
from .view import label as action_label

SAVE_FORMAT = 1
_TOKEN_ORDER: dict[str, tuple[int, str]] = {}  # token -> its sort key (a pure function)
Check = Callable[["Game", Action], None]
Apply = Callable[["Game", Action], None]

HANDLERS: dict[str, tuple[Check, Apply, str]] = {
    "move": (crew_rules.check_move, crew_rules.apply_move, "Crew Movement"),
    "force_into_freezer": (crew_rules.check_force, crew_rules.apply_force, "ruling R22"),
    "pick_up": (crew_rules.check_pick_up, crew_rules.apply_pick_up, "Pick Up an Object"),
    "drop": (crew_rules.check_drop, crew_rules.apply_drop, "Drop an Object"),
    "unlock": (crew_rules.check_unlock, crew_rules.apply_unlock, "Functions"),
    "construct": (crew_rules.check_construct, crew_rules.apply_construct, "Construct Weapons"),
    "end_movement": (crew_rules.check_end_movement, lambda g, a: g.pass_movement(a),
                     "Sequence of Play"),
    "interact": (interaction.check_interact, interaction.apply_interact, "ruling R2"),
    "defend": (interaction.check_defend, interaction.apply_defend, "Intruder Action Segment C"),
    "no_defense": (interaction.check_no_defense, interaction.apply_no_defense,
                   "Intruder Action Segment C"),
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
    "leave": (act.check_leave, act.apply_leave, "Leave in a Shuttle"),
    "release": (act.check_release, act.apply_release, "Attempt to Catch Lab Animal"),
    "let_go": (act.check_let_go, act.apply_let_go, "ruling R11"),
    "prepare_hatches": (act.check_prepare, act.apply_prepare, "Escape via Shuttle"),
    "open_hatches": (act.check_open_hatches, act.apply_open_hatches, "Escape via Shuttle"),
    "end_actions": (act.check_end_actions, act.apply_end_actions, "Actions"),
    "move_counter": (ii.check_move_counter, ii.apply_move_counter, "The Intelligent Intruder"),
    "destroy": (ii.check_destroy, ii.apply_destroy, "The Intelligent Intruder"),
    "open_cage": (ii.check_open_cage, ii.apply_open_cage, "The Intelligent Intruder"),
    "open_lab_cages": (ii.check_open_lab_cages, ii.apply_open_lab_cages,
                       "The Intelligent Intruder"),
    "end_intruder_movement": (ii.check_end_move, ii.apply_end_move, "The Intelligent Intruder"),
    "intruder_attack": (ii.check_intruder_attack, ii.apply_intruder_attack,
                        "The Intelligent Intruder"),
    "intruder_hold": (ii.check_intruder_attack, ii.apply_intruder_attack,
                      "The Intelligent Intruder"),
}


class Game:
    """One game of Intruder. Build with `new_game`, `Game.from_json` or `Game.from_position`."""

    def __init__(self, dice: Dice, options: dict[str, Any] | None = None) -> None:
        self.dice = dice
        self.options: dict[str, Any] = {}
        self.chart: dict[int, Stage] = {}
        self.set_options(options or {})
        self.crew: dict[str, Crewman] = {}
        self.counters: dict[str, Counter] = {}
        self.items: dict[str, Item] = {}
        self.shuttles = {s: Shuttle(s) for s in ("shuttle1", "shuttle2")}
        self.turn = 0
        self.phase = "setup"
        self.step = "setup"
        self.stage = 1
        self.known: list[str] = []
        self.unknown = 2
        self.sd: int | None = None  # 9 = the Active box, then 8 .. 0
        self.sd_started = 0
        self.sd_stopped = False
        self.destroyed = False
        self.unlocked: list[str] = []
        self.queue: list[str] = []
        self.sub: dict[str, Any] | None = None
        self.defense: dict[str, str] | None = None
        self.saved: dict[str, Any] | None = None  # the phase a shuttle fight interrupted
        self.attacks: dict[str, int] = {}
        self.kills = 0
        self.ledger: list[dict[str, Any]] = []
        self.next_token = 1
        self.origin: dict[str, Any] = {}
        self.history: list[dict[str, Any]] = []
        self.log: list[Event] = []
        self.result: dict[str, Any] | None = None
        self.x: dict[str, Any] = {}  # scenario state (lost crewmen, ...); saved when used
        self._scenario_of: dict[str, Any] | None = None
        self._scenario = "solitaire"
        self._events: list[Event] = []

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
        if self.is_over:
            return []
        out = []
        for a in self._candidates():
            check, _, rule = HANDLERS[a.type]
            if player is not None and sides.owner(self, a) != player:
                continue
            try:
                check(self, a)
            except IllegalAction:
                continue
            out.append(Action(a.type, a.args, self.label(a), rule))
        return out

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
        return self._refusal(a)

    def _refusal(self, a: Action) -> IllegalAction | None:
        if self.is_over:
            return IllegalAction("the game is over", "How to Win")
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
        a = _parse(action)
        refusal = self._refusal(a)
        if refusal is not None:
            raise refusal
        before = self._snapshot()
        try:
            self._events = []
            self.history.append(a.to_dict())
            HANDLERS[a.type][1](self, a)
            self._settle()
        except BaseException:
            self._restore(before)
            raise
        return self._events

    # Never changed by apply (or only appended to): left out of the snapshot.
    _KEPT = frozenset({"log", "history", "_events", "chart", "options", "origin",
                       "_scenario_of", "_scenario"})

    def _snapshot(self) -> tuple[bytes, int, int]:
        """The state apply may change (pickled: a C-speed deep copy), and the lengths of the
        append-only log and history."""
        state = {k: v for k, v in vars(self).items() if k not in self._KEPT}
        return pickle.dumps(state, pickle.HIGHEST_PROTOCOL), len(self.log), len(self.history)

    def _restore(self, snap: tuple[bytes, int, int]) -> None:
        state, logged, played = snap
        vars(self).update(pickle.loads(state))
        del self.log[logged:]
        del self.history[played:]
        self._events = []

    def view(self, side: str = "crew") -> dict[str, Any]:
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
        return {"origin": self.origin, "actions": list(self.history)}

    # --- serialization ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "dice": self.dice.to_dict(),
            "crew": [record(c) for c in self.crew.values()],
            "counters": [record(c) for c in self.counters.values()],
            "items": [record(i) for i in self.items.values()],
            "shuttles": [record(s) for s in self.shuttles.values()],
            "turn": self.turn, "phase": self.phase, "step": self.step,
            "stage": self.stage, "known": self.known, "unknown": self.unknown,
            "sd": self.sd, "sd_started": self.sd_started, "sd_stopped": self.sd_stopped,
            "destroyed": self.destroyed, "unlocked": self.unlocked, "queue": self.queue,
            "sub": self.sub, "defense": self.defense, "saved": self.saved,
            "attacks": self.attacks, "kills": self.kills, "ledger": self.ledger,
            "next_token": self.next_token, "origin": self.origin, "history": self.history,
            "log": [e.to_dict() for e in self.log], "result": self.result,
            **({"x": self.x} if self.x else {}),
        }

    @classmethod
    def from_dict(cls, d: Any) -> Game:
        """A save's data, checked like from_json."""
        from .saves import load_dict

        return load_dict(d)

    @classmethod
    def _from_state(cls, d: Any) -> Game:
        """The stored state as it is (saves.load_dict compares it with the replayed game)."""
        try:
            if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
                raise ValueError("unknown save format")
            origin = d["origin"]
            g = cls(Dice.from_dict(d["dice"]), origin.get("options") or
                    origin.get("position", {}).get("options"))
            g.crew = {c["id"]: load(Crewman, c) for c in d["crew"]}
            g.counters = {c["id"]: load(Counter, c) for c in d["counters"]}
            g.items = {i["id"]: load(Item, i) for i in d["items"]}
            g.shuttles = {s["id"]: load(Shuttle, s) for s in d["shuttles"]}
            for key in ("turn", "phase", "step", "stage", "known", "unknown", "sd",
                        "sd_started", "sd_stopped", "destroyed", "unlocked", "queue", "sub",
                        "defense", "saved", "attacks", "kills", "ledger", "next_token",
                        "origin", "history", "result"):
                setattr(g, key, d[key])
            g.log = [Event.from_dict(e) for e in d["log"]]
            g.x = dict(d.get("x", {}))
            from .invariants import check_invariants

            check_invariants(g)
        except CorruptSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, AssertionError) as e:
            raise CorruptSave(f"the save is corrupt or has been tampered with: {e}") from None
        return g

    # --- the sequence of play -----------------------------------------------------------

    def start(self) -> None:
        """Begin play at the current phase (after set-up or a position)."""
        self._run_phase()
        self._settle()

    def _run_phase(self) -> None:
        if self.phase == "movement":
            self.emit("phase", f"Turn {self.turn}: {PHASE_NAMES['movement']}",
                      "Sequence of Play", phase="movement", turn=self.turn)
            if ii.active(self):
                self.step = "intruder_move"  # the Intruder player moves the counters (A)
                return
            random_movement(self)
            interaction.begin(self, 1)
        elif self.phase in ("interaction1", "interaction2"):
            interaction.begin(self, self.interaction_number())
        elif self.phase == "crew_movement":
            self.begin_movement()
        elif self.phase == "metamorphosis":
            self.end_movement()
        else:
            raise ValueError(f"cannot start a game in phase {self.phase!r}")

    def new_turn(self) -> None:
        self.turn += 1
        self.phase = "movement"
        self._run_phase()

    def begin_movement(self) -> None:
        self.phase = "crew_movement"
        self.step = "move"
        sides.unready(self)
        self.emit("phase", f"Turn {self.turn}: {PHASE_NAMES[self.phase]}", "Sequence of Play",
                  phase=self.phase, turn=self.turn)
        crew_rules.start_phase(self)

    def end_movement(self) -> None:
        """4. Intruder Metamorphosis Phase, then the Second Interaction Phase."""
        self.phase = "metamorphosis"
        self.step = "auto"
        self.unlocked = []
        roll_metamorphosis(self)
        reveal_caged_powers(self)
        interaction.begin(self, 2)

    def pass_movement(self, a: Action) -> None:
        """A crew player ends his movement; the phase ends when every crew player has."""
        if sides.shared(self) and not sides.mark_ready(self, str(a["player"])):
            return
        sides.unready(self)
        self.end_movement()

    def pass_actions(self, a: Action) -> None:
        """A crew player ends his actions here; the segment ends when every one has."""
        if sides.shared(self) and not sides.mark_ready(self, str(a["player"])):
            return
        sides.unready(self)
        self.end_segment()

    def end_segment(self) -> None:
        """The player ends a Crew Action Segment (or the phase's remaining actions)."""
        if self.step == "crew_actions" and self.sub is not None:
            at = self.sub["at"]
            if self.in_shuttle():
                self._shuttle_round_over()
                return
            for c in self.crew_at(at):
                c.acted = True
            interaction.next_subroutine(self)
        else:
            self._end_interaction_phase()

    def _end_interaction_phase(self) -> None:
        wake_due(self)
        self.sub = None
        self.step = "auto"
        if panic_due(self):
            panic(self)
            self.new_turn()
        elif self.phase == "interaction1":
            self.begin_movement()
        else:
            self.phase = "self_destruct"
            self_destruct_phase(self)
            if not self.destroyed:
                self.new_turn()

    def _settle(self) -> None:
        """Check for the end; skip decisions that offer nothing but passing."""
        while True:
            if self.step == "crew_actions" and self.in_shuttle() and not self._fight_goes_on():
                self._shuttle_fight_over()
            self._check_end()
            if self.is_over:
                self.step = "over"
                break
            only = self._only_pass()
            if only is None:
                break
            HANDLERS[only.type][1](self, only)
        self.log.extend(self._events)

    def _only_pass(self) -> Action | None:
        """A pass that is some side's only legal choice (R33); None if every side with a
        decision has a real one to make."""
        passes: dict[str, Action] = {}
        busy: set[str] = set()
        for a in self._candidates():
            try:
                HANDLERS[a.type][0](self, a)
            except IllegalAction:
                continue
            side = sides.owner(self, a)
            if a.type in PASSES:
                passes.setdefault(side, a)
            else:
                busy.add(side)
        if not passes and not busy:
            raise RuntimeError(f"no legal action in step {self.step!r}")
        idle = [a for side, a in passes.items() if side not in busy]
        return idle[0] if idle else None

    def _check_end(self) -> None:
        if self.is_over:
            return
        if self.step == "crew_actions" and self.in_shuttle():
            return  # a shuttle fight is still being played out
        on_station = self.station_crew()
        if not on_station and not self.destroyed and self.sd is not None:
            destroy_station(self)
        loose = [t for t in active_intruders(self) if not self.trapped_for_good(t)]
        if any(t.at == "escaped" for t in self.counters.values()) or self.destroyed or \
                not on_station or not loose:
            self.result = result_of(self)
            self.emit("game_over", f"Game over: {self.result['outcome']} "
                      f"({self.result['score']:+d})", "How to Win", **self.result)

    def trapped_for_good(self, t: Counter) -> bool:
        """Permanently trapped: caged in Life Stage 6, all powers known, not Extra Strong."""
        return (t.cage is not None and t.at in COMPARTMENTS and self.stage == LAST_STAGE
                and self.unknown == 0 and "extra_strong" not in self.known)

    # --- shuttle fights (ruling R18, R24) -----------------------------------------------

    def start_shuttle_fight(self, shuttle: str, intruder: Counter) -> None:
        self.saved = {"step": self.step, "sub": self.sub, "attacks": self.attacks,
                      "defense": self.defense}
        self.shuttles[shuttle].fight = True
        self.sub = {"at": shuttle, "pending": [], "shaken": False, "round": 0}
        self._shuttle_round()

    def _shuttle_round(self) -> None:
        assert self.sub is not None
        at = self.sub["at"]
        self.sub["round"] += 1
        self.sub["shaken"] = False
        self.attacks = {}
        for c in self.crew_at(at):
            c.acted = False
        self.emit("interaction", f"Interaction in {self.place(at)} (round {self.sub['round']})",
                  "Escape via Shuttle; ruling R24", at=at)
        here = [t for t in self.counters.values() if t.at == at and t.kind == "intruder"]
        if not here or not self.crew_at(at):
            self._shuttle_fight_over()
            return
        self.sub["pending"] = [t.id for t in here]
        interaction.intruder_segment(self)

    def _fight_goes_on(self) -> bool:
        at = self.sub_at()
        return bool(self.crew_at(at)) and any(t.at == at and t.kind == "intruder"
                                              for t in self.counters.values())

    def _shuttle_round_over(self) -> None:
        if self._fight_goes_on():
            self._shuttle_round()
        else:
            self._shuttle_fight_over()

    def _shuttle_fight_over(self) -> None:
        at = self.sub_at()
        for t in self.counters.values():
            if t.at == at and t.kind == "intruder":
                t.at = "escaped"  # the shuttle crashes on its home planet, releasing it
                self.emit("escaped", "The Intruder has killed the shuttle's crew and escapes",
                          "Escape via Shuttle")
        arrive(self, at)
        saved = self.saved or {}
        self.saved = None
        self.step = saved.get("step", "free_actions")
        self.sub = saved.get("sub")
        self.attacks = saved.get("attacks", {})
        self.defense = saved.get("defense")

    def wake_shuttle(self) -> None:
        """In a shuttle, a dart's sleep lasts until the next round's Crew Action Segment."""
        assert self.sub is not None
        for t in self.counters.values():
            if t.at == self.sub["at"] and t.asleep_until is not None and \
                    t.asleep_until[1] <= self.sub["round"]:
                t.asleep_until = None
                self.emit("wake", "The Intruder wakes up", "ruling R24")

    def in_shuttle(self) -> bool:
        return self.sub is not None and self.sub["at"] in self.shuttles

    # --- helpers for the rule modules ---------------------------------------------------

    def _candidates(self) -> Iterator[Action]:
        if self.step == "move":
            yield from crew_rules.candidates(self)
            for c in self.station_crew():
                yield from act.hands(self, c)
        elif self.step == "choose":
            for at in self.queue:
                yield action("interact", at=at)
        elif self.step == "defense":
            yield from interaction.defense_options(self)
            yield action("no_defense")
        elif self.step in ("crew_actions", "free_actions"):
            yield from act.candidates(self)
        elif self.step in ("intruder_move", "intruder_attack"):
            yield from ii.candidates(self)

    def roll(self, what: str, rule: str) -> int:
        """Roll one die and record it as an event: what it was for and the rule it answers."""
        die = self.dice.d6()
        self.emit("roll", f"Rolled {die} for {what}", rule, die=die, purpose=what)
        return die

    def emit(self, type: str, text: str, rule: str = "", **data: Any) -> None:
        self._events.append(Event(type, text, rule, data))

    def score(self, kind: str, what: str) -> None:
        self.ledger.append({"kind": kind, "what": what, "points": POINTS[kind]})

    def interaction_number(self) -> int:
        return 2 if self.phase == "interaction2" else 1

    def sleep_until(self) -> list[int]:
        """When a dart's sleep ends: the same Interaction Phase of the next turn (R9)."""
        if self.in_shuttle():
            assert self.sub is not None
            return [self.turn, self.sub["round"] + 1]
        return [self.turn + 1, self.interaction_number()]

    def shaken(self) -> bool:
        return bool(self.sub and self.sub.get("shaken"))

    def sub_at(self) -> str:
        assert self.sub is not None
        return str(self.sub["at"])

    def place(self, at: str | None) -> str:
        return name(at) if at else "nowhere"

    def describe(self, c: Counter) -> str:
        if not c.face_up:
            return f"Counter {c.token}"
        return {"intruder": "The Intruder", "lab_animal": "A Lab Animal"}.get(c.kind, "A Dummy")

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

    def station_places(self) -> set[str]:
        return set(COMPARTMENTS)

    def station_crew(self) -> list[Crewman]:
        return [c for c in self.crew.values() if c.status == "active" and c.at in COMPARTMENTS]

    def crew_at(self, at: str) -> list[Crewman]:
        return [c for c in self.crew.values() if c.status == "active" and c.at == at]

    def carried(self, c: Crewman) -> list[Item]:
        cid = c.id
        return [i for i in self.items.values() if cid in i.carriers]

    def relocate(self, c: Crewman, to: str) -> None:
        """Move a crewman with everything he carries, holds or controls."""
        c.at = to
        c.paid_pickup = False
        for item in self.carried(c):
            item.at = to
            if item.contents:
                self.counters[item.contents].at = to
        if c.holding:
            self.counters[c.holding].at = to

    def label(self, a: Action) -> str:
        """A short human label for an action (the page shows it on a button)."""
        return action_label(self, a)


def replay(record: Any) -> Game:
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

