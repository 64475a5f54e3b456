"""Counter ids say nothing of the counter (ruling R64, issue 9): "h1" .. "h26", numbered by a
fixed per-seed shuffle that draws no die, never shown to the crew."""

from __future__ import annotations

import json
import re
from collections import Counter as Tally

import pytest
from helpers import play_randomly, random_play

import intruder_core as ic
from intruder_core.lost import counter_of
from intruder_core.solitaire_setup import SETUP_NAMES, counter_ids, setup_names

SEEDS = range(300)
# Any id, old (set-up name) or new, as a whole word in JSON text.
ANY_ID = re.compile(r'"(h\d{1,2}|[ild][1-6]|lost_(co|so|en)[1-3])"')


def test_ids_are_opaque_names_for_every_set_up_name() -> None:
    for seed in (0, 1, -5, 2**62):
        ids = counter_ids(seed)
        assert sorted(ids) == sorted(SETUP_NAMES) and len(set(ids.values())) == 26
        assert all(re.fullmatch(r"h\d{1,2}", i) for i in ids.values())
        assert {v: k for k, v in ids.items()} == setup_names(seed)
    assert counter_ids(1) != counter_ids(2)


def test_no_id_is_mostly_one_kind_over_many_seeds() -> None:
    kinds: dict[str, Tally[str]] = {}
    placed_intruder: Tally[str] = Tally()
    for seed in SEEDS:
        g = ic.new_game(seed=seed)
        for c in g.counters.values():
            kinds.setdefault(c.id, Tally())[c.kind] += 1
            if c.kind == "intruder" and c.at != "reserve":
                placed_intruder[c.id] += 1
    assert len(kinds) == 26  # every id is used, in some games, by the counters of the set-up
    for cid, tally in kinds.items():
        share = max(tally.values()) / sum(tally.values())
        assert share < 0.5, (cid, tally)  # by chance 6 in 17 are Lab Animals, 6 Dummies
        assert len(tally) == 3, (cid, tally)
    assert len(placed_intruder) >= 20  # the Intruder on the map has had most ids
    assert max(placed_intruder.values()) < 30


def test_same_seed_same_ids_and_the_games_draw_the_same_dice() -> None:
    a, b = ic.new_game(seed=9), ic.new_game(seed=9)
    assert list(a.counters) == list(b.counters)
    assert a.dice.draws == b.dice.draws  # naming draws no die (the set-up's own shuffles only)
    other = ic.new_game(seed=9, scenario="return_to_prometheus")
    assert set(other.counters) == set(a.counters)


def crew_text(g: ic.Game) -> str:
    """Everything the crew's side is shown: the view, the labels and rules of its actions,
    and the whole log (texts and data)."""
    legal = g.legal_actions() if not g.is_over else []
    return json.dumps([g.view("crew"), [(a.to_dict(), a.label, a.rule) for a in legal],
                       [e.to_dict() for e in g.log]])


@pytest.mark.parametrize(("scenario", "options"), [
    ("solitaire", {}), ("solitaire", {"lost_crewmen": True, "difficulty": "hard"}),
    ("intelligent_intruder", {}), ("return_to_prometheus", {"marines": True}),
])
def test_the_crew_never_sees_a_counter_id(scenario: str, options: dict[str, object]) -> None:
    seen_lost = False

    def look(g: ic.Game) -> None:
        nonlocal seen_lost
        text = crew_text(g)
        assert not ANY_ID.search(text), ANY_ID.search(text)
        record = json.dumps(g.record())  # what the page stores, exports and shares
        assert not ANY_ID.search(record), ANY_ID.search(record)
        seen_lost |= any(c.kind == "crewman" for c in g.counters.values())

    for seed in range(4):
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
        for _ in random_play(g, seed, 399):
            look(g)
        look(g)
    assert seen_lost or not options.get("lost_crewmen")


def test_a_lost_crewman_counter_has_an_opaque_id_too() -> None:
    g = ic.Game.from_position({"options": {"lost_crewmen": True}, "dice": [6] * 12,
                               "crew": {"en2": {"status": "lost", "at": "b2"}},
                               "counters": [{"kind": "intruder", "at": "dock2"}]})
    proxy = g.counters[counter_of(g, g.crew["en2"])]
    assert proxy.kind == "crewman" and re.fullmatch(r"h\d{1,2}", proxy.id)


def test_saves_name_counters_by_their_opaque_ids_and_reload() -> None:
    g = play_randomly(ic.new_game(seed=3, options={"lost_crewmen": True}), 3, 300)
    text = g.to_json()
    data = json.loads(text)
    assert data["format"] == 2
    assert {c["id"] for c in data["counters"]} <= set(counter_ids(3).values())
    assert not re.search(r'"([ild][1-6]|lost_(co|so|en)[1-3])"', text)
    assert ic.Game.from_json(text).to_json() == text
