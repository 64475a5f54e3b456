"""The page's trust glue on CPython: the save envelope, plain-word refusals, the tabs protocol."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import session, storage
from pages.game import tabs

RAW = ("Traceback", "Error", "codec", "line 1 column", "[object", "invalid literal")


def game(seed: int = 3, n: int = 6) -> ic.Game:
    g = ic.new_game(seed=seed)
    for _ in range(n):
        g.apply(g.legal_actions()[0])
    return g


def test_the_envelope_round_trips_and_hides_the_counters() -> None:
    g = game()
    text = storage.pack(g.record())
    assert '"kind"' not in text and "lab_animal" not in text and "counters" not in text
    assert storage.unpack(ic, text).to_json() == g.to_json()
    # Old autosaves and exports (Game.to_json) and bare records still load.
    assert storage.unpack(ic, g.to_json()).to_json() == g.to_json()
    assert storage.unpack(ic, json.dumps(g.record())).to_json() == g.to_json()


def test_a_position_game_keeps_its_crew_order_through_envelope_and_link() -> None:
    g = ic.Game.from_position({"phase": "crew_movement", "crew": {"so2": {"at": "lab"},
                                                                   "co1": {"at": "mess"}},
                               "counters": [{"kind": "intruder", "at": "dock2"}]})
    assert storage.unpack(ic, storage.pack(g.record())).to_json() == g.to_json()
    assert session.game_from_code(session.encode_record(g.record())).to_json() == g.to_json()


@pytest.mark.parametrize(("text", "says"), [
    ("a shopping list", "is not an Intruder save"),
    (b"\xff\xfe\x00", "is not an Intruder save"),
    ('{"name": "x"}', "is not an Intruder save"),
    ("[" * 1000 + "]" * 1000, "too large or too deeply nested"),
    ('{"intruder-save": 3, "game": ""}', "newer version"),
    ('{"intruder-save": 2, "game": "%%%"}', "damaged"),
    (json.dumps({"origin": {"seed": 1, "scenario": "zz"}, "actions": []}), "damaged"),
])
def test_refusals_are_in_plain_words(text: object, says: str) -> None:
    with pytest.raises(Exception) as e:
        storage.unpack(ic, text)
    message = storage.problem_text(e.value, "This file")
    assert says in message
    assert not any(word in message for word in RAW), message
    assert "origin" not in message and "scenario" not in message  # no field names of a save


def test_storage_failures_are_in_plain_words() -> None:
    class Quota(Exception):
        name = "QuotaExceededError"

    assert "full" in storage.storage_problem(Quota("x"))
    assert "does not let" in storage.storage_problem(RuntimeError("[object DOMException]"))


def test_the_newest_tab_plays_and_the_other_goes_read_only() -> None:
    first, second = tabs.Coordinator(), tabs.Coordinator()
    first.hello()
    claim = second.hello()
    answer, note = first.receive(claim[0])
    assert first.mode == "read_only" and note == tabs.READ_ONLY
    assert not first.may_save and not first.may_play
    _, note = second.receive(answer[0])
    assert note == tabs.OTHER_STOPPED and second.may_save
    # The second plays a copy: it never saves, and the first plays again.
    released, note = second.play_copy()
    assert note == tabs.COPY and not second.may_save and second.may_play
    back, note = first.receive(released[0])
    assert first.mode == "playing" and note == "" and back[0]["type"] == "claim"
    assert second.receive(back[0]) == ([], None)  # a copy ignores claims
    # A tab ignores its own messages and anything malformed.
    assert first.receive(back[0]) == ([], None) and first.receive("x") == ([], None)


def test_without_a_channel_a_foreign_autosave_stops_the_tab() -> None:
    tab = tabs.Coordinator()
    assert tab.stored_elsewhere() == tabs.READ_ONLY and not tab.may_save
    assert tab.stored_elsewhere() is None
