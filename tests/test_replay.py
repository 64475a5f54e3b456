"""web/py/replay.py on CPython: sources, the rebuilt timeline, forks and the panels."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import play_randomly

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import replay, session
from intruder_core.bots import balance as lab


def played(seed: int = 3, n: int = 40) -> ic.Game:
    return play_randomly(ic.new_game(seed=seed), seed, n)


def test_share_link_code_record_and_save_all_open() -> None:
    g = played()
    link = "https://example.org/intruder/" + session.share_fragment(g.record())
    for text in (link, link.split("#g=")[1], json.dumps(g.record()), g.to_json()):
        (entry,) = replay.entries(text)
        assert entry.record is not None
        assert entry.record["actions"] == g.record()["actions"]


def test_damaged_sources_are_refused_in_plain_words() -> None:
    for bad in ("#g=%%%", "{not json", json.dumps({"hello": 1}), "[]"):
        with pytest.raises(ic.CorruptSave):
            replay.entries(bad)


def test_timeline_rebuilds_the_game_step_by_step() -> None:
    g = played()
    t = replay.Timeline.build(g.record())
    assert t.last == len(g.history)
    assert [e for s in t.steps for e in s.events] == [e.to_dict() for e in g.log]
    assert t.steps[-1].view == g.view("crew")
    rolls = [e for s in t.steps for e in s.events if e["type"] == "roll"]
    assert rolls and all(e["purpose"] for e in rolls)  # every die with its purpose
    phases = t.phases()
    assert phases[0] == (0, "Turn 1: Intruder and Hidden Counter Movement Phase")
    assert [s for s, _ in phases] == sorted(s for s, _ in phases)


def test_a_record_that_does_not_replay_is_refused() -> None:
    g = played()
    rec = g.record()
    rec["actions"] = [*rec["actions"][:3], {"type": "freeze", "crew": "co1"}]
    with pytest.raises(ic.CorruptSave, match="action 4"):
        replay.Timeline.build(rec)


def test_fork_plays_on_from_a_step() -> None:
    g = played()
    t = replay.Timeline.build(g.record())
    forked = ic.replay(t.fork(10))
    assert forked.history == g.history[:10]
    assert forked.view("crew") == t.steps[10].view
    assert forked.legal_actions()  # a game to play on


def test_lab_file_games_are_played_again() -> None:
    records = lab.run(2, "random", seed=5)
    report = {**lab.summarize(records, {"policy": "random", "difficulty": "standard",
                                        "seed": 5, "policy_args": {}}), "records": records}
    found = replay.entries(json.dumps(report))
    assert [e.lab["seed"] for e in found if e.lab] == [5, 6]
    assert "seed 5" in found[0].title and "random" in found[0].title
    record, note = replay.lab_record(found[0].lab)  # type: ignore[arg-type]
    assert note == ""
    t = replay.Timeline.build(record)
    assert t.last == records[0]["actions"]
    # a record that no longer matches the engine says so
    changed = dict(found[0].lab, expect={**records[0], "actions": 1})  # type: ignore[arg-type]
    assert "changed" in replay.lab_record(changed)[1]
    single = replay.entries(json.dumps(records[1]))
    assert single[0].lab is not None and single[0].lab["policy"] == "heuristic"  # the default
    with pytest.raises(ic.CorruptSave, match="too slow"):
        replay.lab_record({**found[0].lab, "policy": "search"})  # type: ignore[dict-item]


def test_panels_are_valid_html_and_jump_to_steps() -> None:
    t = replay.Timeline.build(played().record())
    log = ET.fromstring(f"<ol>{replay.log_html(t, 5)}</ol>")
    buttons = log.findall(".//button")
    assert len(buttons) == sum(len(s.events) for s in t.steps)
    assert {b.get("data-step") for b in buttons} <= {str(i) for i in range(t.last + 1)}
    assert all(b.get("aria-current") == "step" for b in buttons if b.get("data-step") == "5")
    ET.fromstring(f"<div>{replay.step_html(t, 5)}</div>")
    options = ET.fromstring(f"<select>{replay.phases_html(t, 5)}</select>").findall("option")
    assert [o.get("selected") for o in options].count("selected") == 1


def test_the_replay_pages_address_is_read_once_into_its_asks() -> None:
    """?review=, ?refine=N and ?learn=1, parsed in one place (pages/replay/page.py reads
    nothing else of its address); anything else or malformed is ignored."""
    from core.replay import Asks

    assert Asks.of("") == Asks(review=None, refine=None, learn=False)
    assert Asks.of("?review=1&refine=0&learn=1") == Asks(review="1", refine=0, learn=True)
    assert Asks.of("?review=saved") == Asks(review="saved")
    assert Asks.of("?review=&refine=x&learn=0&seed=3") == Asks(review="", refine=None)
    assert Asks.of("?review=1&budget=120").budget == 120
    assert Asks.of("?review=1&budget=2.5").budget is None  # whole seconds, else the page's
