"""The public API: actions as data, refusals, saves, determinism and hidden information."""

from __future__ import annotations

import json

import pytest
from helpers import random_play, swap_identities

import intruder_core as ic
from intruder_core.game import SAVE_FORMAT


def play(g: ic.Game, n: int, seed: int = 0) -> list[dict[str, object]]:
    """Take n random legal actions; returns them as data."""
    turns = list(random_play(g, seed, n))  # each turn's action is set once the game goes on
    return [turn.action.to_dict() for turn in turns if turn.action]


def test_new_game_is_set_up_and_waiting() -> None:
    g = ic.new_game(seed=42)
    v = g.view("crew")
    assert v["turn"] == 1 and not v["over"]
    assert len([c for c in v["counters"] if not c["face_up"]]) + \
        v["boxes"]["discovered"] + sum(1 for c in v["counters"] if c["face_up"]) == 9
    assert len(v["boxes"]["not_used"]) == 4
    assert {c["id"]: c["at"] for c in v["crew"]}["co1"] == "command"
    assert g.legal_actions()


def test_actions_are_plain_data() -> None:
    g = ic.new_game(seed=1)
    for a in g.legal_actions():
        d = a.to_dict()
        assert json.loads(json.dumps(d)) == d
        assert ic.Action.from_dict(d) == a
        assert a.label and a.rule


@pytest.mark.parametrize("bad", [
    {"type": "fly", "crew": "co1"},
    {"type": "move", "crew": "co9", "to": "a1"},
    {"type": "move", "crew": "co1", "to": "mess"},
    {"type": "attack", "crew": "co1", "target": "c1", "weapon": "blaster"},
    {"crew": "co1"},
    {"type": "move", "crew": ["co1"], "to": "a1"},
    "move",
])
def test_illegal_actions_are_refused_and_change_nothing(bad: object) -> None:
    g = ic.new_game(seed=3)
    before = g.to_json()
    with pytest.raises(ic.IllegalAction) as e:
        g.apply(bad)  # type: ignore[arg-type]
    assert isinstance(e.value, ValueError) and e.value.rule
    assert g.to_json() == before


def test_refusal_names_the_rule() -> None:
    g = ic.new_game(seed=3)
    while g.step != "move":
        g.apply(g.legal_actions()[0])
    e = g.why_illegal({"type": "unlock", "crew": "so1", "room": "arms"})
    assert e is not None and e.rule in ("Unlock Arms Room", "Functions")


def test_same_seed_same_actions_same_game() -> None:
    a, b = ic.new_game(seed=7), ic.new_game(seed=7)
    actions = play(a, 300, seed=5)
    for d in actions:
        b.apply(d)
    assert a.to_json() == b.to_json()
    assert ic.new_game(seed=8).to_json() != ic.new_game(seed=7).to_json()


def test_save_and_load_continue_identically() -> None:
    g = ic.new_game(seed=11)
    play(g, 120, seed=1)
    saved = g.to_json()
    h = ic.Game.from_json(saved)
    assert h.to_json() == saved
    more_g = play(g, 200, seed=2)
    more_h = play(h, 200, seed=2)
    assert more_g == more_h and g.to_json() == h.to_json()


def test_a_stored_state_loads_as_it_is_and_plays_on() -> None:
    """Game.from_stored takes a save's data without replaying them (the page's undo): the
    same save, the same game from there; data that break an invariant are refused."""
    g = ic.new_game(seed=12)
    play(g, 90, seed=3)
    saved = g.to_json()
    h = ic.Game.from_stored(json.loads(saved))
    assert h.to_json() == saved and h.legal_actions() == g.legal_actions()
    assert play(g, 150, seed=4) == play(h, 150, seed=4) and g.to_json() == h.to_json()
    broken = json.loads(saved)
    broken["crew"][0]["at"] = "nowhere"
    with pytest.raises(ic.CorruptSave):
        ic.Game.from_stored(broken)


def test_events_record_every_die() -> None:
    g = ic.new_game(seed=5)
    play(g, 100)
    rolls = [e for e in g.log if e.type == "roll"]
    assert rolls
    for e in rolls:
        assert 1 <= e.data["die"] <= 6 and e.data["purpose"] and e.rule


@pytest.mark.parametrize("tamper", [
    lambda d: d.update(stage=9),
    lambda d: d["counters"].pop(),
    lambda d: next(c for c in d["crew"] if c["status"] == "active").update(mp=7),
    lambda d: d["ledger"].clear() if d["ledger"] else d.update(format=99),
    lambda d: d.update(format=SAVE_FORMAT + 1),
    lambda d: d["items"][0].update(at="mars"),
    lambda d: d["counters"][0].update(colour="green"),
])
def test_tampered_saves_are_rejected(tamper: object) -> None:
    g = ic.new_game(seed=13)
    play(g, 200, seed=3)
    d = json.loads(g.to_json())
    tamper(d)  # type: ignore[operator]
    with pytest.raises(ic.CorruptSave):
        ic.Game.from_json(json.dumps(d))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": 1}', "\x00garbage"])
def test_corrupt_saves_are_rejected(text: str) -> None:
    with pytest.raises(ic.CorruptSave):
        ic.Game.from_json(text)


def test_hidden_information_never_reaches_the_crew_view() -> None:
    for seed in range(12):
        g = ic.new_game(seed=seed)
        play(g, seed * 15, seed=seed)
        if g.is_over:
            continue
        view = json.dumps(g.view("crew"), sort_keys=True)
        other = ic.Game.from_json(g.to_json())
        if swap_identities(other):
            assert json.dumps(other.view("crew"), sort_keys=True) == view
        other.dice.seed += 1  # the dice still to come
        other.dice.script = [1, 2, 3]
        assert json.dumps(other.view("crew"), sort_keys=True) == view
        assert "i1" not in view and "lab_animal\": null" not in view


def test_view_is_json_and_hides_identities() -> None:
    g = ic.new_game(seed=2)
    v = g.view("crew")
    json.dumps(v)
    for c in v["counters"]:
        assert "kind" not in c or c["face_up"]
    with pytest.raises(ValueError):
        g.view("intruder")


def test_scripted_dice_come_first() -> None:
    g = ic.new_game(seed=1, dice=[6, 6, 6, 6, 6, 6, 6, 6, 6])
    first = [e.data["die"] for e in g.log if e.type == "roll"][:9]
    assert first == [6] * 9  # nine counters stay put on turn 1


def test_record_replays_to_the_same_game() -> None:
    g = ic.new_game(seed=21)
    play(g, 150, seed=4)
    assert ic.replay(json.loads(json.dumps(g.record()))).to_json() == g.to_json()


@pytest.mark.parametrize("tamper", [
    lambda r: r["actions"].insert(0, {"type": "move", "crew": "co1", "to": "mess"}),
    lambda r: r["actions"].__setitem__(3, {"type": "fly"}),
    lambda r: r["origin"].update(seed="abc"),
    lambda r: r.pop("actions"),
    lambda r: r["actions"].append(7),
])
def test_tampered_records_are_refused(tamper: object) -> None:
    g = ic.new_game(seed=21)
    play(g, 60, seed=4)
    r = json.loads(json.dumps(g.record()))
    tamper(r)  # type: ignore[operator]
    with pytest.raises(ic.CorruptSave):
        ic.replay(r)


@pytest.mark.parametrize("field,value", [
    ("turn", "one"), ("turn", -4), ("phase", "lunch"), ("step", "dance"), ("sd", 12),
    ("unknown", -1),
])
def test_saves_with_impossible_values_are_rejected(field: str, value: object) -> None:
    g = ic.new_game(seed=13)
    d = json.loads(g.to_json())
    d[field] = value
    with pytest.raises(ic.CorruptSave):
        ic.Game.from_json(json.dumps(d))
