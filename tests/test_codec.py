"""intruder_core.codec: every form a game is carried in round-trips, each kind of file is told
apart, and anything else is refused with a message."""

from __future__ import annotations

import json
import random

import pytest

import intruder_core as ic
from intruder_core import codec
from intruder_core.bots import RandomPolicy, play


def played(seed: int = 4) -> ic.Game:
    """A game two turns into random play."""
    g = ic.new_game(seed=seed)
    play(g, RandomPolicy(), random.Random(seed), max_turns=2)
    return g


def test_a_share_code_round_trips_in_the_records_key_order() -> None:
    record = {"origin": {"seed": 9, "position": {"crew": {"so2": {}, "co1": {}}}}, "actions": []}
    code = codec.encode_record(record)
    assert "=" not in code and "+" not in code and "/" not in code
    back = codec.decode_record(code)
    assert back == record
    assert isinstance(back, dict) and list(back["origin"]["position"]["crew"]) == ["so2", "co1"]


@pytest.mark.parametrize(("code", "says"), [
    ("a", "damaged"),  # one base64 character is never whole bytes
    ("bm90IGpzb24", "not valid JSON"),  # "not json"
])
def test_a_bad_share_code_is_refused_with_a_message(code: str, says: str) -> None:
    with pytest.raises(ic.CorruptSave, match=says):
        codec.decode_record(code)


def test_every_kind_of_file_is_told_apart() -> None:
    g = played()
    record = g.record()
    assert codec.kind(json.loads(codec.pack(record))) == "envelope"
    assert codec.kind(record) == "record"
    assert codec.kind(g.to_dict()) == "save"
    assert codec.kind({"records": []}) == "lab_report"
    assert codec.kind({"seed": 3, "outcome": "win"}) == "lab_game"
    for other in ({"name": "x"}, [], "text", 3, None, {"origin": {}}):
        assert codec.kind(other) is None


def test_each_kind_reads_back_as_the_same_game() -> None:
    g = played(7)
    for text in (codec.pack(g.record()), json.dumps(g.record()), g.to_json()):
        assert codec.read(text).to_json() == g.to_json()


def test_the_envelope_hides_what_the_counters_are() -> None:
    text = codec.pack(played().record())
    assert set(json.loads(text)) == {codec.ENVELOPE, "game"}
    assert "lab_animal" not in text and "counters" not in text


@pytest.mark.parametrize(("text", "error", "says"), [
    ('{"name": "x"}', codec.NotIntruder, "not an Intruder save"),
    ('{"records": []}', codec.NotIntruder, "not an Intruder save"),  # a lab file is no game
    ("no json", ic.CorruptSave, "the file is not valid JSON"),
    ('{"intruder-save": 3, "game": ""}', ic.CorruptSave, "newer version"),
    ('{"intruder-save": 2, "game": "bm90IGpzb24"}', ic.CorruptSave, "cut short or altered"),
    ('{"origin": {"seed": 1}, "actions": [{"type": "fly"}]}', ic.CorruptSave, "action 1"),
])
def test_anything_else_is_refused_with_a_message(text: str, error: type[Exception],
                                                 says: str) -> None:
    with pytest.raises(error, match=says):
        codec.read(text)
