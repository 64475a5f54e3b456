"""Games as text, in every form a player carries one: a record's share code (base64url), the
page's save envelope, a save (Game.to_json), a bare record, the balance lab's files
(`simulate --out`) and the page's history of finished games; and which of these a file holds.

The one home of these formats: the page (web/py/session.py, storage.py, replay.py) and the
loader (saves.py) read and write them only through here. Reading checks nothing of the game:
saves.py replays whatever is read, so nothing stored is trusted.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Generator, Iterable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final, Literal, TypedDict

from .errors import CorruptSave

if TYPE_CHECKING:
    from .game import Game

ENVELOPE: Final = "intruder-save"  # the page's save envelope: {ENVELOPE: format, "game": code}
# A record names counters by token only, never by id: ruling R64's opaque ids changed nothing
# in it, so the envelope keeps its version (a page of an older build still opens it).
ENVELOPE_FORMAT: Final = 2

Kind = Literal["envelope", "record", "save", "lab_report", "lab_game", "history"]
KIND_NAMES: Final[dict[Kind, str]] = {
    "envelope": "Saved game", "record": "Game record", "save": "Saved game",
    "lab_report": "Balance lab report", "lab_game": "Lab game", "history": "Game history"}


class NotIntruder(CorruptSave):
    """Text that is no kind of Intruder game."""


def encode_record(record: Mapping[str, object]) -> str:
    """base64url (no padding) of the record's compact JSON (keys in their order: a position's
    crew order is the order of target numbers, R28)."""
    text = json.dumps(record, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_record(code: str, what: str = "the share link") -> object:
    """The JSON data in a code (encode_record); CorruptSave if it is not base64url, or the
    bounded parser's refusal (saves.parse_json, naming `what`) if it is not JSON."""
    from .saves import parse_json

    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise CorruptSave(f"{what} is damaged (cut short or altered)") from None
    return parse_json(raw, what)


def pack(record: Mapping[str, object]) -> str:
    """The page's save envelope of a game's record (`game.record()`), as JSON text: only how the
    game began and every action since, so nothing hidden is readable at a glance."""
    return json.dumps({ENVELOPE: ENVELOPE_FORMAT, "game": encode_record(record)})


def kind(data: object) -> Kind | None:
    """Which kind of game data this is (None: none of them)."""
    if not isinstance(data, dict):
        return None
    if ENVELOPE in data:
        return "envelope"
    if HISTORY in data:
        return "history"
    if "history" in data and ("format" in data or "origin" in data):
        return "save"
    if "origin" in data and "actions" in data:
        return "record"
    if "records" in data:
        return "lab_report"
    if "seed" in data and "outcome" in data:
        return "lab_game"
    return None


def envelope_record(data: Mapping[str, object]) -> object:
    """The record an envelope holds; CorruptSave if it is of a newer format or damaged."""
    code = data.get("game")
    if data.get(ENVELOPE) != ENVELOPE_FORMAT or not isinstance(code, str):
        raise CorruptSave("this save is from a newer version of the game")
    try:
        return decode_record(code, "the save")
    except CorruptSave:
        raise CorruptSave("its game code is cut short or altered") from None


def load(data: object) -> Game:
    """The game an envelope, a record or a save holds, replayed and checked (saves.py);
    NotIntruder for any other data."""
    from . import saves

    found = kind(data)
    if found == "envelope" and isinstance(data, dict):
        return saves.replay(envelope_record(data))
    if found == "record":
        return saves.replay(data)
    if found == "save" and isinstance(data, dict) and "format" in data:
        return saves.load_dict(data)
    if found == "history":
        raise NotIntruder("this is a history of games, not one game: import it on the "
                          "Your games page")
    raise NotIntruder("not an Intruder save")


def read(text: object, what: str = "the file") -> Game:
    """A game from a file's text (load), refusing text too large or not JSON first."""
    from .saves import parse_json

    return load(parse_json(text, what))


# --- the page's history of finished games (web/py/history.py keeps and lists them) ----------
#
# {HISTORY: format, "games": [game, ...]}, each game
# {"game": share code of its record, "outcome", "score", "scenario", "difficulty",
#  "date": ISO 8601, "used": {"suggest": n, "odds": n, "undo": n}}, and for a game of the
# day (daily.py) "daily": "YYYY-MM-DD" (optional: files of older builds have none).
# The outcome, score, scenario and difficulty are the replayed game's: a file that says
# otherwise is refused, as is a game that does not replay or is not over, and a daily whose
# record does not begin as that date's game of the day or that ended before its date.

HISTORY: Final = "intruder-history"
HISTORY_FORMAT: Final = 1
HISTORY_USES: Final = ("suggest", "odds", "undo")  # the page's helps, counted per game
MAX_HISTORY_GAMES: Final = 1000
MAX_HISTORY_TEXT: Final = 25_000_000  # characters: 1000 long games' share codes
MAX_USES: Final = 1_000_000
MAX_DATE: Final = 40  # characters of an ISO 8601 date
MIN_YEAR: Final = 2000  # a date's year, in UTC: before this game was written, or past
MAX_YEAR: Final = 9998  # 9999 (a UTC time that may not fit a datetime) is refused


class _HistoryFields(TypedDict):
    """The fields every entry of the history has."""

    game: str
    outcome: str
    score: int
    scenario: str
    difficulty: str
    date: str
    used: dict[str, int]


class HistoryGame(_HistoryFields, total=False):
    """One finished game of the history (the file's and the browser's store's shape)."""

    daily: str  # a game of the day: its date, "YYYY-MM-DD" (daily.py); optional


REQUIRED: Final = frozenset(HistoryGame.__required_keys__)  # every entry's keys
OPTIONAL: Final = frozenset(HistoryGame.__optional_keys__)  # keys an entry may add


def history_game(game: Game, used: Mapping[str, int], date: str,
                 daily: str = "") -> HistoryGame:
    """The history's entry of a finished game: its record's share code, what the game says
    of its end, when it ended, how often each help was used, and (a game of the day) its
    date."""
    if game.result is None:
        raise ValueError("only a finished game goes into the history")
    entry: HistoryGame = {
        "game": encode_record(game.record()), "outcome": str(game.result["outcome"]),
        "score": int(game.result["score"]), "scenario": game.config.scenario,
        "difficulty": game.config.difficulty, "date": date,
        "used": {name: int(used.get(name, 0)) for name in HISTORY_USES}}
    if daily:
        entry["daily"] = daily
    return entry


def pack_history(games: Iterable[Mapping[str, object]]) -> str:
    """The history file's text: every game, one per line."""
    rows = ",\n".join(json.dumps(dict(g), separators=(",", ":")) for g in games)
    return f'{{"{HISTORY}": {HISTORY_FORMAT}, "games": [\n{rows}]}}\n'


def history_items(text: object) -> list[object]:
    """The games a history file lists, unchecked (check_history_game checks each);
    CorruptSave or NotIntruder, in plain words, for any other file or one too large."""
    from .saves import parse_json

    data = parse_json(text, "the file", MAX_HISTORY_TEXT)
    if kind(data) != "history" or not isinstance(data, dict):
        raise NotIntruder("this file is not a history of Intruder games")
    if data.get(HISTORY) != HISTORY_FORMAT:
        raise CorruptSave("this history comes from a newer version of the game")
    games = data.get("games")
    if not isinstance(games, list):
        raise CorruptSave("the history has no list of games")
    if len(games) > MAX_HISTORY_GAMES:
        raise CorruptSave(f"the history holds {len(games):,} games; at most "
                          f"{MAX_HISTORY_GAMES:,} can be imported")
    return games


def _history_field(n: int, item: Mapping[str, object], name: str, of: type) -> object:
    value = item.get(name)
    if not isinstance(value, of) or isinstance(value, bool):
        raise CorruptSave(f"game {n} of the history has no valid {name}")
    return value


def check_history_fields(item: object, n: int = 1) -> HistoryGame:
    """Entry `item` (the n-th of a file or store) with every field of the right type; its
    game is not replayed (check_history_game does that). CorruptSave naming what is wrong."""
    if not isinstance(item, dict) or not REQUIRED <= set(item) <= REQUIRED | OPTIONAL:
        raise CorruptSave(f"game {n} of the history is not a history entry")
    for name in ("game", "outcome", "scenario", "difficulty", "date"):
        _history_field(n, item, name, str)
    _history_field(n, item, "score", int)
    used = _history_field(n, item, "used", dict)
    date = str(item["date"])
    try:
        if len(date) > MAX_DATE:
            raise ValueError(date)
        at = datetime.fromisoformat(date)
        # In UTC (how the list sorts and shows it) and within the years a game can be played:
        # "0001-01-01T00:00:00+01:00" parses but has no UTC time (OverflowError).
        if not MIN_YEAR <= (at if at.tzinfo is None else at.astimezone(UTC)).year <= MAX_YEAR:
            raise ValueError(date)
    except (ValueError, OverflowError):
        raise CorruptSave(f"game {n} of the history has no valid date") from None
    assert isinstance(used, dict)
    if set(used) != set(HISTORY_USES) or any(
            not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_USES
            for v in used.values()):
        raise CorruptSave(f"game {n} of the history has no valid counts of the helps used")
    entry: HistoryGame = {
        "game": item["game"], "outcome": item["outcome"], "score": item["score"],
        "scenario": item["scenario"], "difficulty": item["difficulty"], "date": date,
        "used": {name: int(used[name]) for name in HISTORY_USES}}
    if "daily" in item:
        entry["daily"] = _daily_field(n, item["daily"], at)
    return entry


def _daily_field(n: int, value: object, ended: datetime) -> str:
    """A game of the day's date ("YYYY-MM-DD"), on or before the day the game ended."""
    from . import daily

    day = daily.parse(value)
    if day is None or day > (ended.astimezone(UTC) if ended.tzinfo else ended).date():
        raise CorruptSave(f"game {n} of the history has no valid date of the game of the day")
    return day.isoformat()


def check_history_game(item: object, n: int = 1) -> HistoryGame:
    """Entry `item` (the n-th of a file) checked (check_history_fields), its record replayed
    through saves' checked replay, the game over and ended as the entry says; CorruptSave
    naming what is wrong."""
    from . import saves

    return saves.finish(check_history_steps(item, n))


def check_history_steps(item: object, n: int = 1) -> Generator[int, None, HistoryGame]:
    """check_history_game one replayed action at a time (saves.replay_steps: a page checking
    a thousand records draws between them), returning the entry."""
    from . import daily, saves

    entry = check_history_fields(item, n)
    try:
        game = yield from saves.replay_record_steps(decode_record(entry["game"],
                                                                  "its game code"))
    except CorruptSave as exc:
        raise CorruptSave(f"game {n} of the history does not replay: {exc}") from None
    if not game.is_over:
        raise CorruptSave(f"game {n} of the history is not finished")
    day = entry.get("daily", "")
    began = daily.parse(day)
    if began is not None and not daily.is_daily(game.record()["origin"], began):
        raise CorruptSave(f"game {n} of the history is not the game of the day of {day}")
    replayed = history_game(game, entry["used"], entry["date"], day)
    for name in ("outcome", "score", "scenario", "difficulty"):
        if entry[name] != replayed[name]:
            raise CorruptSave(f"game {n} of the history says its {name} was "
                              f"{str(entry[name])[:40]!r}, but the game "
                              f"replayed gives {replayed[name]!r}")
    return replayed


def read_history(text: object) -> list[HistoryGame]:
    """Every game of a history file, each checked (check_history_game)."""
    return [check_history_game(item, n) for n, item in enumerate(history_items(text), 1)]
