"""Games as text, in every form a player carries one: a record's share code (base64url), the
page's save envelope, a save (Game.to_json), a bare record, and the balance lab's files
(`simulate --out`); and which of these a file holds.

The one home of these formats: the page (web/py/session.py, storage.py, replay.py) and the
loader (saves.py) read and write them only through here. Reading checks nothing of the game:
saves.py replays whatever is read, so nothing stored is trusted.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, Literal

from .errors import CorruptSave

if TYPE_CHECKING:
    from .game import Game

ENVELOPE: Final = "intruder-save"  # the page's save envelope: {ENVELOPE: format, "game": code}
# A record names counters by token only, never by id: ruling R64's opaque ids changed nothing
# in it, so the envelope keeps its version (a page of an older build still opens it).
ENVELOPE_FORMAT: Final = 2

Kind = Literal["envelope", "record", "save", "lab_report", "lab_game"]
KIND_NAMES: Final[dict[Kind, str]] = {
    "envelope": "Saved game", "record": "Game record", "save": "Saved game",
    "lab_report": "Balance lab report", "lab_game": "Lab game"}


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
    raise NotIntruder("not an Intruder save")


def read(text: object, what: str = "the file") -> Game:
    """A game from a file's text (load), refusing text too large or not JSON first."""
    from .saves import parse_json

    return load(parse_json(text, what))
