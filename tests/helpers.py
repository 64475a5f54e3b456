"""Shared helpers for the engine tests: positions, scripted dice and event digests, seeded
random play, and the one mutation of saved data that the save tests (Hypothesis) and
bench/fuzz_loader.py share."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import intruder_core as ic


def position(**kw: Any) -> ic.Game:
    """A game from a position dict; keyword arguments are the position's keys.

    Unless the position places an Intruder, one waits face down in Shuttle Dock #2, far from
    the crew, so that the game is not over before it starts.
    """
    counters = list(kw.get("counters", []))
    if not any(c["kind"] == "intruder" for c in counters):
        counters.append({"kind": "intruder", "at": "dock2"})
    kw["counters"] = counters
    return ic.Game.from_position(kw)


# The random walks' depth: a test walking `n` seeded games at the default --games walks
# n * games / DEFAULT_GAMES of them under a deeper run (the soak's --games 100000), never
# fewer than n. conftest.py sets DEPTH from --games.
DEFAULT_GAMES = 100
DEPTH = 1.0


def seeds(n: int) -> range:
    """The seeds of a test's `n` random walks, scaled up by a deeper --games (see DEPTH)."""
    return range(max(n, round(n * DEPTH)))


# More actions than any random game takes: a game still going after them is a game that will
# not end (random play ends in a few hundred actions).
MAX_ACTIONS = 6000


@dataclass
class Turn:
    """One decision of a game played by random_play: the legal actions offered, then the action
    taken and the events it made. The caller may set `action` before the game goes on (a bot's
    choice); otherwise random_play takes a random one of `legal`."""

    legal: list[ic.Action]
    action: ic.Action | None = None
    events: list[ic.Event] = field(default_factory=list)


def random_play(g: ic.Game, rng: random.Random | int = 0, steps: int | None = None,
                until: Callable[[ic.Game], bool] | None = None,
                first_side: bool = False) -> Iterator[Turn]:
    """Play `g` by seeded random choice, yielding each decision before its action is taken (so
    that the caller's checks, and any draws of its own from `rng`, come first); stops when the
    game is over, after `steps` actions, or when `until(g)` holds. Without `steps` a game
    still going after MAX_ACTIONS fails the test. The legal actions are all of them, or with
    `first_side` those of the first side to move. The one random-play loop of the tests: a
    seed always gives the same game."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    for _ in range(MAX_ACTIONS if steps is None else steps):
        if g.is_over or (until is not None and until(g)):
            return
        turn = Turn(g.legal_actions(g.to_move()[0]) if first_side else g.legal_actions())
        yield turn
        if turn.action is None:
            turn.action = rng.choice(turn.legal)
        turn.events = g.apply(turn.action)
    if steps is None and not g.is_over and not (until is not None and until(g)):
        raise AssertionError(f"the game did not end in {MAX_ACTIONS} random actions")


def play_randomly(g: ic.Game, rng: random.Random | int = 0, steps: int | None = None,
                  until: Callable[[ic.Game], bool] | None = None) -> ic.Game:
    """`g` after random_play (to the end, or for `steps` actions, or until `until(g)`)."""
    for _ in random_play(g, rng, steps, until):
        pass
    return g


def save_from(g: ic.Game, log_from: int, history_from: int) -> tuple[int, int, str]:
    """The save with its log and history cut to their entries from `log_from` and
    `history_from` on, and their lengths: what an action can change (both only grow), at a
    cost that does not grow with the game. Games compared by it at every decision, and by
    to_json at the end, are compared save for save (a full to_json per decision made the
    move-cache and random-play runs quadratic in a game's length)."""
    log, history = g.log, g.history
    try:
        g.log, g.history = log[log_from:], history[history_from:]
        return len(log), len(history), g.to_json()
    finally:
        g.log, g.history = log, history


def rolls(events: list[ic.Event]) -> list[int]:
    """The dice rolled, in order."""
    return [e.data["die"] for e in events if e.type == "roll"]


def of_type(events: list[ic.Event], *types: str) -> list[ic.Event]:
    return [e for e in events if e.type in types]


def act(g: ic.Game, type: str, **args: Any) -> list[ic.Event]:
    """Apply an action given as keyword data."""
    return g.apply(ic.Action.make(type, **args))


def powers(stage: int, known: list[str] | tuple[str, ...], fill: list[str]) -> list[str]:
    """`known` topped up from `fill` to the number of powers the Life Stage Chart gives."""
    from intruder_core.charts import LIFE_STAGES

    out = list(known) + [p for p in fill if p not in known]
    return out[:LIFE_STAGES[stage].powers]


def refused(g: ic.Game, type: str, **args: Any) -> ic.IllegalAction:
    """Apply an action that must be refused; check that it changed nothing."""
    before = g.to_json()
    try:
        g.apply(ic.Action.make(type, **args))
    except ic.IllegalAction as e:
        assert g.to_json() == before, "a refused action must change nothing"
        return e
    raise AssertionError(f"{type} {args} was not refused")


def pass_until(g: ic.Game, turn: int, phase: str) -> list[ic.Event]:
    """Take only the passing actions until the given turn and phase; returns the events."""
    events: list[ic.Event] = []
    while (g.turn, g.phase) != (turn, phase) and not g.is_over:
        passes = [a for a in g.legal_actions()
                  if a.type in ("end_actions", "end_movement", "no_defense")]
        events += g.apply(passes[0])
    return events


def legal_types(g: ic.Game) -> set[str]:
    return {a.type for a in g.legal_actions()}


def token_of(g: ic.Game, kind: str, at: str | None = None) -> str:
    """The public token of the (face-up) counter of a kind, optionally at a place."""
    for c in g.view("crew")["counters"]:
        if c.get("kind") == kind and (at is None or c["at"] == at):
            return str(c["token"])
    raise AssertionError(f"no face-up {kind} at {at}")


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside nested JSON data (the root excluded)."""
    out: list[tuple[Any, ...]] = []
    items = data.items() if isinstance(data, dict) else \
        enumerate(data) if isinstance(data, list) else []
    for k, v in items:
        out.append((*prefix, k))
        out.extend(paths(v, (*prefix, k)))
    return out


def mutate_once(data: Any, choose: Callable[[Sequence[Any]], Any], odd: Callable[[], Any],
                skip: tuple[str, ...] = ()) -> bool:
    """Change one value inside nested JSON `data` in place, as a hostile user would: replace
    it with odd(), delete it, give it a sibling key, or nudge a number. `choose` picks among
    options (a seeded Random's choice, or a Hypothesis draw); top-level keys in `skip` are
    left alone. False when there is nothing to change."""
    where = [p for p in paths(data) if not (p and p[0] in skip)]
    if not where:
        return False
    path = choose(where)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    how = choose(["replace", "replace", "delete", "add", "number"])
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "add" and isinstance(parent, dict):
        parent[choose(["extra", "cls", "label", "id"])] = odd()
    elif how == "number" and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] = parent[key] + choose([-1, 1, 2, 100])
    else:
        parent[key] = odd()
    return True


def passing(g: ic.Game, candidates: Iterable[ic.Action]) -> list[ic.Action]:
    """The candidates whose rule check passes in `g`, in order: what the rules themselves allow,
    to compare with the engine's generated (fast-path) legal actions."""
    from intruder_core.game import HANDLERS

    out = []
    for a in candidates:
        try:
            HANDLERS[a.type][0](g, a)
        except ic.IllegalAction:
            continue
        out.append(a)
    return out


def swap_identities(g: ic.Game) -> bool:
    """Exchange two hidden counters of different kinds (their places and tokens), so a test can
    show that what a side is told does not depend on them; False if there are no two such."""
    hidden = [c for c in g.counters.values()
              if (c.at == "not_used" and not c.inventoried) or
              (not c.face_up and c.at not in ("reserve", "not_used"))]
    for x, y in combinations(hidden, 2):
        if x.kind != y.kind:
            x.at, y.at = y.at, x.at
            x.token, y.token = y.token, x.token
            return True
    return False


def intruder(g: ic.Game) -> ic.state.Counter:
    """The Intruder counter in play (not one waiting in the reserve to be a clone)."""
    return next(c for c in g.counters.values() if c.kind == "intruder" and c.at != "reserve")


# --- history records, as a hostile user or a damaged store would give them ---------------

HISTORY_ODD = [None, True, 0, -1, 2.5, 10**30, "", "win", "loss", "draw", "standard", "hard",
               "solitaire", "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-12:00",
               "2026-13-01", [], {}, {"suggest": 1}, "x" * 300]


def mutate_history(entry: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """(how, stored text) of one finished game's history entry changed once: a field
    (mutate_once), its record inside the game code (mutate_once), the code cut, flipped,
    dropped or junk, another result claimed, the game cut short, a date out of range, or
    the text itself cut."""
    import base64
    import copy
    import json

    from intruder_core import codec

    data = copy.deepcopy(entry)
    how = rng.choice(["field", "field", "record", "record", "code", "claims", "short", "text",
                      "date"])
    if how == "date":
        data["date"] = rng.choice(["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-12:00",
                                   "0001-01-01", "1999-12-31T23:59:59+00:00", "2026-02-30"])
    elif how == "field":
        mutate_once(data, rng.choice, lambda: rng.choice(HISTORY_ODD), ("game",))
    elif how == "record":
        record = json.loads(base64.urlsafe_b64decode(data["game"] + "=" * (-len(data["game"]) % 4)))
        mutate_once(record, rng.choice, lambda: rng.choice([None, 0, -1, "", "zz", [], {}, 10**9]))
        data["game"] = codec.encode_record(record)
    elif how == "code":
        code = data["game"]
        way = rng.choice(["half", "flip", "drop", "junk", "empty"])
        if way == "half":
            data["game"] = code[: len(code) // 2]
        elif way == "flip":
            i = rng.randrange(len(code))
            data["game"] = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
        elif way == "drop":
            del data["game"]
        elif way == "junk":
            data["game"] = "".join(rng.choice("abcXYZ019-_") for _ in range(rng.choice(
                [10, 1000, 200_000])))
        else:
            data["game"] = ""
        how = f"code {way}"
    elif how == "claims":
        name = rng.choice(["outcome", "score", "scenario", "difficulty"])
        other = {"outcome": rng.choice(["win", "loss", "draw", "escape"]),
                 "score": data["score"] + rng.choice([-3, 1, 12]),
                 "scenario": rng.choice(["solitaire", "science_officer", "nowhere"]),
                 "difficulty": rng.choice(["easy", "hard", "standard", "impossible"])}[name]
        if other == data[name]:
            other = {"outcome": "draw", "score": -999, "scenario": "nowhere",
                     "difficulty": "impossible"}[name]
        data[name] = other
        how = f"claims another {name}"
    elif how == "short":
        record = json.loads(base64.urlsafe_b64decode(data["game"] + "=" * (-len(data["game"]) % 4)))
        actions = record["actions"]
        record["actions"] = actions[: rng.randrange(len(actions))]
        data["game"] = codec.encode_record(record)
    text = json.dumps(data, separators=(",", ":"))
    if how == "text":
        text = text[: rng.randrange(len(text))]
    return how, text
