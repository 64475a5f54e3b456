"""The one loader for everything a player can hand the engine: saves, share records, positions.

Nothing stored is trusted. The text is bounded in size and nesting before it is parsed; the
origin (seed, dice, scenario, options, or a position) is checked against the rules' own tables;
then the history is replayed from the origin, every action strictly parsed and checked by the
rules. A save's stored state must equal the replayed one, so the state's layout needs no
validator of its own. `strict_dice` (a test aid) is never taken from what is loaded. Whatever
goes wrong while loading is a CorruptSave naming the field and the problem; nothing else escapes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Container, Generator, Mapping
from typing import TypeVar, cast

from .actions import Action
from .charts import OBJECTS, POWERS
from .errors import CorruptSave, IllegalAction
from .game import SAVE_FORMAT, Game, new_game
from .invariants import COUNTS
from .json_types import NewGameOrigin
from .scenarios import SCENARIOS, check
from .solitaire_setup import counter_ids, setup_names
from .state import BOXES
from .station import COMPARTMENTS
from .variants import DIFFICULTIES

MAX_TEXT = 4_000_000     # characters: a long game's save with its log is well under 1 MB
MAX_DEPTH = 24           # nesting of arrays and objects: a save needs 6
MAX_DIGITS = 19          # digits of a JSON number: no count or seed of the game is longer
MAX_SEED = 2**63 - 1
MAX_DICE = 10_000        # scripted dice in an origin
MAX_ACTIONS = 50_000     # actions in a history: games end long before
SAVE_FORMATS = tuple(sorted({1, SAVE_FORMAT}))
ROOMS = ("arms", "freezer", "computer")
SHUTTLES = ("shuttle1", "shuttle2", "shuttle3")
CREW_IDS = tuple(f"{r}{n}" for r in ("co", "so", "en") for n in (1, 2, 3))
ITEM_IDS = tuple(f"{kind}{n}" for kind, (_, _, count) in OBJECTS.items()
                 for n in range(1, count + 1))
POSITION_PHASES = ("movement", "interaction1", "crew_movement", "metamorphosis", "interaction2")
POSITION_KEYS = frozenset({
    "seed", "dice", "strict_dice", "turn", "phase", "stage", "known", "unknown",
    "self_destruct", "sd_stopped", "unlocked", "crew", "items", "counters", "not_used",
    "clones_pending", "options", "scenario",
})
COUNTER_KEYS = frozenset({"kind", "at", "face_up", "asleep", "caged", "controlled_by",
                          "held_by", "token"})
CREW_KEYS = frozenset({"at", "carrying", "mp", "status"})
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _bad(field: str, problem: str) -> CorruptSave:
    return CorruptSave(f"{field}: {problem}")


# --- bounded JSON ----------------------------------------------------------------------------


def _no_constant(name: str) -> object:
    raise CorruptSave(f"the number {name} is not allowed")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise CorruptSave(f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 40:
        raise CorruptSave("a number is too long")
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise CorruptSave("a number is out of range")
    return value


def parse_json(text: object, what: str = "the save", limit: int = MAX_TEXT) -> object:
    """JSON text -> data, refusing before parsing what is too big (over `limit` characters)
    or too deeply nested, and Infinity, NaN and huge numbers while parsing."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise CorruptSave(f"{what} is not text (not UTF-8)") from None
    if not isinstance(text, str):
        raise CorruptSave(f"{what} is not text")
    if len(text) > limit:
        raise CorruptSave(f"{what} is too large ({len(text):,} characters; at most {limit:,})")
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth += 1 if ch in "[{" else -1
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            raise CorruptSave(f"{what} is nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_int, parse_float=_float)
    except CorruptSave:
        raise
    except (ValueError, RecursionError):
        raise CorruptSave(f"{what} is not valid JSON (it may be cut short or damaged)") from None


# --- the origin ------------------------------------------------------------------------------


def _int_field(field: str, value: object, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise _bad(field, f"must be a whole number from {lo} to {hi}")
    return value


def _bool_field(field: str, value: object) -> bool:
    if type(value) is not bool:
        raise _bad(field, "must be true or false")
    return value


def _dice(field: str, value: object) -> list[int]:
    if not isinstance(value, list) or len(value) > MAX_DICE:
        raise _bad(field, f"must be a list of at most {MAX_DICE} dice")
    for n, die in enumerate(value):
        _int_field(f"{field}[{n}]", die, 1, 6)
    return list(value)


def _name(field: str, value: object, allowed: Container[object]) -> str:
    if not isinstance(value, str) or value not in allowed:
        shown = repr(value)[:40] if isinstance(value, (str, int, float, bool)) or value is None \
            else type(value).__name__
        raise _bad(field, f"{shown} is not one of the game's names here")
    return value


def check_options(field: str, scenario: str, options: object) -> dict[str, object]:
    """Optional rules: each known to the scenario (scenarios.check), a difficulty level of
    variants.DIFFICULTIES, the others true or false."""
    if not isinstance(options, dict):
        raise _bad(field, "must be an object")
    for key, value in options.items():
        if key == "difficulty":
            _name(f"{field}.difficulty", value, ("standard", *DIFFICULTIES))
        else:
            _bool_field(f"{field}.{str(key)[:40]}", value)
    try:
        check(scenario, dict(options))
    except ValueError as e:
        raise _bad(field, str(e)) from None
    return dict(options)


def check_origin(origin: object) -> dict[str, object]:
    """How a game began: {"seed", "dice", "scenario", "options"} or {"position"}; checked, with
    `strict_dice` dropped from a position."""
    if not isinstance(origin, dict):
        raise _bad("origin", "must be an object")
    if "position" in origin:
        if set(origin) != {"position"}:
            raise _bad("origin", "a position origin has nothing beside the position")
        return {"position": check_position(origin["position"])}
    extra = set(origin) - {"seed", "dice", "scenario", "options"}
    if extra:
        raise _bad("origin", f"unknown key {str(sorted(map(str, extra))[0])[:40]!r}")
    if "seed" not in origin:
        raise _bad("origin.seed", "is missing")
    seed = _int_field("origin.seed", origin["seed"], -MAX_SEED, MAX_SEED)
    dice = _dice("origin.dice", origin.get("dice", []))
    scenario = _name("origin.scenario", origin.get("scenario", "solitaire"), SCENARIOS)
    options = check_options("origin.options", scenario, origin.get("options", {}))
    return {"seed": seed, "dice": dice, "scenario": scenario, "options": options}


def check_position(p: object) -> dict[str, object]:
    """A position (docs/position.md) checked key by key against the rules' tables; a copy
    without `strict_dice`. Consistency (counts, who holds what) is left to position.build and
    the invariants, whose refusals become CorruptSave too."""
    f = "position"
    if not isinstance(p, dict):
        raise _bad(f, "must be an object")
    extra = set(p) - POSITION_KEYS
    if extra:
        raise _bad(f, f"unknown key {str(sorted(map(str, extra))[0])[:40]!r}")
    if "seed" in p:
        _int_field(f"{f}.seed", p["seed"], -MAX_SEED, MAX_SEED)
    if "dice" in p:
        _dice(f"{f}.dice", p["dice"])
    if "strict_dice" in p:
        _bool_field(f"{f}.strict_dice", p["strict_dice"])
    if "turn" in p:
        _int_field(f"{f}.turn", p["turn"], 1, 999)
    if "phase" in p:
        _name(f"{f}.phase", p["phase"], POSITION_PHASES)
    if "stage" in p:
        _int_field(f"{f}.stage", p["stage"], 1, 6)
    known = p.get("known", [])
    if not isinstance(known, list) or len(set(map(str, known))) != len(known):
        raise _bad(f"{f}.known", "must be a list of different powers")
    for n, power in enumerate(known):
        _name(f"{f}.known[{n}]", power, POWERS.values())
    if "unknown" in p:
        _int_field(f"{f}.unknown", p["unknown"], 0, len(POWERS))
    sd = p.get("self_destruct")
    if sd is not None and sd != "active":
        _int_field(f"{f}.self_destruct", sd, 0, 8)
    if "sd_stopped" in p:
        _bool_field(f"{f}.sd_stopped", p["sd_stopped"])
    unlocked = p.get("unlocked", [])
    if not isinstance(unlocked, list):
        raise _bad(f"{f}.unlocked", "must be a list of rooms")
    for n, room in enumerate(unlocked):
        _name(f"{f}.unlocked[{n}]", room, ROOMS)
    scenario = _name(f"{f}.scenario", p.get("scenario", "solitaire"), SCENARIOS)
    if "options" in p:
        check_options(f"{f}.options", scenario, p["options"])
    _check_crew(p.get("crew", {}))
    items = p.get("items", {})
    if not isinstance(items, dict):
        raise _bad(f"{f}.items", "must be an object")
    for iid, at in items.items():
        _name(f"{f}.items", iid, ITEM_IDS)
        _name(f"{f}.items.{iid}", at, (*COMPARTMENTS, *SHUTTLES, "track", "lost"))
    counters = p.get("counters", [])
    if not isinstance(counters, list) or len(counters) > sum(COUNTS.values()):
        raise _bad(f"{f}.counters", "must be a list of at most 17 counters")
    for n, c in enumerate(counters):
        _check_counter(f"{f}.counters[{n}]", c)
    not_used = p.get("not_used", [])
    if not isinstance(not_used, list):
        raise _bad(f"{f}.not_used", "must be a list of kinds")
    for n, kind in enumerate(not_used):
        _name(f"{f}.not_used[{n}]", kind, ("lab_animal", "dummy"))
    if "clones_pending" in p:
        _int_field(f"{f}.clones_pending", p["clones_pending"], 0, COUNTS["intruder"] - 1)
    return {k: v for k, v in p.items() if k != "strict_dice"}


def _check_crew(crew: object) -> None:
    f = "position.crew"
    if not isinstance(crew, dict):
        raise _bad(f, "must be an object")
    carried: set[str] = set()
    for cid, spec in crew.items():
        _name(f, cid, CREW_IDS)
        if spec in ("dead", "escaped"):
            continue
        if not isinstance(spec, dict) or set(spec) - CREW_KEYS:
            raise _bad(f"{f}.{cid}", "must be \"dead\", \"escaped\" or {at, carrying, mp, "
                       "status}")
        status = _name(f"{f}.{cid}.status", spec.get("status", "active"),
                       ("active", "dead", "escaped", "lost"))  # lost: docs/position.md
        if "at" in spec and status != "dead":
            _name(f"{f}.{cid}.at", spec["at"], (*COMPARTMENTS, *SHUTTLES))
        if "mp" in spec:
            _int_field(f"{f}.{cid}.mp", spec["mp"], 0, 3)
        carrying = spec.get("carrying", [])
        if not isinstance(carrying, list) or (carrying and status == "dead"):
            raise _bad(f"{f}.{cid}.carrying", "must be a list of items (nothing if dead)")
        for item in carrying:
            _name(f"{f}.{cid}.carrying", item, ITEM_IDS)
            if item in carried:
                raise _bad(f"{f}.{cid}.carrying", f"{item} is carried twice")
            carried.add(item)


def _check_counter(f: str, c: object) -> None:
    if not isinstance(c, dict) or set(c) - COUNTER_KEYS:
        raise _bad(f, f"must be an object with keys among {sorted(COUNTER_KEYS)}")
    _name(f"{f}.kind", c.get("kind"), COUNTS)
    _name(f"{f}.at", c.get("at"), (*COMPARTMENTS, *BOXES))
    for key in ("face_up", "asleep"):
        if key in c:
            _bool_field(f"{f}.{key}", c[key])
    if c.get("caged"):
        _name(f"{f}.caged", c["caged"], ("freezer", *(i for i in ITEM_IDS if
                                                    i.startswith("cage"))))
    for key in ("controlled_by", "held_by"):
        if c.get(key):
            _name(f"{f}.{key}", c[key], CREW_IDS)
    if "token" in c and (not isinstance(c["token"], str) or not 1 <= len(c["token"]) <= 8):
        raise _bad(f"{f}.token", "must be a short name")


# --- replay ----------------------------------------------------------------------------------


def start_at(origin: Mapping[str, object]) -> Game:
    """The game at its origin (already checked, or the game's own)."""
    if "position" in origin:
        from .position import build

        return build(origin["position"])
    ng = cast(NewGameOrigin, origin)  # checked by check_origin, or the game's own
    return new_game(ng["seed"], ng["dice"], ng["scenario"], ng["options"])


def rewind(g: Game, played: int) -> None:
    """Put the game back exactly as it was after its first `played` actions, replayed from
    its origin (the engine is deterministic): a failed apply leaves no trace, and one that
    succeeds pays nothing for the guarantee (no copy of the state is taken beforehand)."""
    again = start_at(g.origin)
    for step in g.history[:played]:
        again.apply(step)
    vars(g).clear()
    vars(g).update(vars(again))


def check_playable(g: Game) -> None:
    """The invariants hold and the page can show the game and offer its choices."""
    from .invariants import check_invariants

    check_invariants(g)
    for side in g.players:
        g.view(side)
    if not g.is_over and not g.legal_actions():
        raise ValueError("the game is stuck: nobody has a legal action")


_T = TypeVar("_T")
Play = Callable[[Game, int, Action], object]  # plays action n (1, 2, ...) on the game


def _apply(g: Game, n: int, a: Action) -> object:
    return g.apply(a)


def replay_checked(origin: object, actions: object, play: Play = _apply) -> Game:
    """The game rebuilt from an origin and its actions; CorruptSave naming what failed.
    `play` applies each checked action (the replay viewer watches every step this way)."""
    return finish(replay_steps(origin, actions, play))


def replay_steps(origin: object, actions: object, play: Play = _apply
                 ) -> Generator[int, None, Game]:
    """replay_checked one action at a time: yields each action's number once it is played
    (a page checking many records may draw between them), returns the game."""
    try:
        origin = check_origin(origin)
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise _bad("actions", f"must be a list of at most {MAX_ACTIONS} actions")
        try:
            g = start_at(origin)
        except CorruptSave as e:
            raise _bad("origin", str(e)) from None
        for n, step in enumerate(actions, 1):
            try:
                a = Action.from_dict(step)
            except IllegalAction as e:
                raise _bad(f"action {n}", e.reason) from None
            try:
                play(g, n, a)  # Game.apply refuses (changing nothing) before it plays
            except IllegalAction as e:
                raise _bad(f"action {n}", f"the rules refuse it here: {e}") from None
            yield n
        check_playable(g)
        return g
    except CorruptSave:
        raise
    except Exception as e:  # anything a damaged record provokes is a refusal
        raise CorruptSave(f"the game cannot be rebuilt: {type(e).__name__}: {e}"[:300]) from None


def finish(steps: Generator[object, None, _T]) -> _T:
    """What a stepwise check (replay_steps and the like) returns, run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast(_T, done.value)


def replay(record: object) -> Game:
    """A share record {"origin", "actions"} replayed; CorruptSave if anything is wrong."""
    return finish(replay_record_steps(record))


def replay_record_steps(record: object) -> Generator[int, None, Game]:
    """replay, one action at a time (replay_steps)."""
    if not isinstance(record, dict) or set(record) != {"origin", "actions"}:
        raise CorruptSave("not a game record: it must have an origin and actions")
    return (yield from replay_steps(record["origin"], record["actions"]))


def load_dict(data: object) -> Game:
    """A save's data: replayed from its origin and history, refused unless the stored state
    is the replayed one (hidden facts altered, a die changed, a move inserted...)."""
    if not isinstance(data, dict):
        raise CorruptSave("the save is not a JSON object")
    if data.get("format") not in SAVE_FORMATS:
        raise _bad("format", f"unknown save format {str(data.get('format'))[:20]!r}")
    if "origin" not in data or "history" not in data:
        raise CorruptSave("the save has no origin or history to check it against")
    game = replay_checked(_crew_order(data["origin"], data.get("crew")), data["history"])
    if data["format"] == 1:  # the counters under their set-up names (ruling R64)
        data = {**renamed(data, counter_ids(game.dice.seed)), "format": SAVE_FORMAT}
    try:
        stored = Game.from_stored(data)
        stored.origin = game.origin
        stored.dice.strict = False
        # The log is what the history tells, in this engine's words (which may change between
        # versions): it is taken from the replay, not compared.
        stored.log = game.log
        same = stored.to_json() == game.to_json()
    except CorruptSave:
        raise
    except Exception as e:
        raise CorruptSave(f"the save's state is damaged: {type(e).__name__}: {e}"[:300]) \
            from None
    if not same:
        raise CorruptSave("the save's state does not match its own history (it was altered)")
    return game


def _crew_order(origin: object, crew: object) -> object:
    """A position's crew in the roster order the save lists (to_json sorts the origin's keys,
    but the order of a position's crew is the order of target numbers, R28); the origin as
    it is when it holds no such crew or the save no such list."""
    if not isinstance(origin, dict) or not isinstance(crew, list):
        return origin
    position = origin.get("position")
    spec = position.get("crew") if isinstance(position, dict) else None
    if not isinstance(position, dict) or not isinstance(spec, dict):
        return origin
    order = [c.get("id") if isinstance(c, dict) else None for c in crew]
    if not all(isinstance(k, str) for k in order):
        return origin
    ranked = {cid: n for n, cid in enumerate(order)}
    crew_spec = dict(sorted(spec.items(), key=lambda kv: ranked.get(kv[0], len(ranked))))
    return {**origin, "position": {**position, "crew": crew_spec}}


def load_text(text: object) -> Game:
    """A save's JSON text (Game.to_json), loaded through load_dict."""
    return load_dict(parse_json(text))


# --- format 1: counter ids that named their kind (ruling R64) -------------------------------


def renamed(data: Mapping[str, object], names: Mapping[str, str]) -> dict[str, object]:
    """A save's data with its counters renamed (`names`: id -> new id) wherever an id stands:
    a value, a key, or an Intelligent Intruder's stop ("id:stop"). The origin and history name
    no counter (actions name tokens), so they are kept as they are."""

    def walk(v: object) -> object:
        if isinstance(v, str):
            return names.get(v, v)
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {_key(k): walk(x) for k, x in v.items()}
        return v

    def _key(k: object) -> object:
        if isinstance(k, str) and k.endswith(":stop"):
            return names.get(k[:-5], k[:-5]) + ":stop"
        return names.get(k, k) if isinstance(k, str) else k

    return {k: v if k in ("origin", "history") else walk(v) for k, v in data.items()}


def to_format1(g: Game) -> dict[str, object]:
    """The save the engine wrote before ruling R64 (format 1, counters under their set-up
    names "i1", "l2", "lost_co1"): the proof that a change renamed counters and nothing else
    (bench/golden_names.py, tests/test_old_saves.py). Never for players: the names spoil."""
    return {**renamed(g.to_dict(), setup_names(g.dice.seed)), "format": 1}
