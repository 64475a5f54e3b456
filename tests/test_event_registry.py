"""The event registry (intruder_core/event_types.py): every event type and roll key the engine
emits is declared, with the fields it carries; a declared one is met in random and heuristic
play or marked rare; a roll's words come from its key's template; the legacy projection strips
exactly the keys issue 27 added; docs/api.md's tables are rendered from the declarations."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import intruder_core as ic
from intruder_core import api_table, event_types
from intruder_core.bots import HeuristicPolicy, play
from intruder_core.event_types import ROLLS, TYPES, legacy_event, purpose
from intruder_core.json_types import Result

API = Path(__file__).resolve().parent.parent / "docs" / "api.md"
CASES = [("solitaire", {}), ("intelligent_intruder", {}), ("return_to_prometheus", {}),
         ("science_officer", {}), ("solitaire", {"lost_crewmen": True}),
         ("return_to_prometheus", {"lost_crewmen": True}),
         ("science_officer", {"lost_crewmen": True}), ("return_to_prometheus", {"marines": True}),
         ("solitaire", {"difficulty": "nightmare"})]
RANDOM_SEEDS = range(5)
HEURISTIC_SEEDS = range(3)
BASE = {"type", "text", "rule"}


def played() -> Iterator[ic.Game]:
    """Finished games: random players in every scenario and option, the heuristic crew."""
    for scenario, options in CASES:
        for seed in RANDOM_SEEDS:
            rng = random.Random(seed)
            g = ic.new_game(seed=seed, scenario=scenario, options=options)
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
            yield g
    for seed in HEURISTIC_SEEDS:
        g = ic.new_game(seed=seed)
        play(g, HeuristicPolicy(), random.Random(seed))
        yield g


@pytest.fixture(scope="module")
def events() -> list[tuple[ic.Game, ic.Event]]:
    return [(g, e) for g in played() for e in g.log]


def test_every_emitted_type_and_roll_key_is_declared(
        events: list[tuple[ic.Game, ic.Event]]) -> None:
    types = {e.type for _, e in events}
    keys = {str(e.data.get("roll")) for _, e in events if e.type == "roll"}
    assert types <= set(TYPES), sorted(types - set(TYPES))
    assert keys <= set(ROLLS), sorted(keys - set(ROLLS))
    unmet = {t for t, d in TYPES.items() if not d.rare} - types
    assert not unmet, f"declared, not met and not marked rare: {sorted(unmet)}"
    unrolled = {k for k, r in ROLLS.items() if not r.rare} - keys
    assert not unrolled, f"roll keys declared, not met and not marked rare: {sorted(unrolled)}"


def test_each_event_carries_only_its_declared_fields(
        events: list[tuple[ic.Game, ic.Event]]) -> None:
    for _, e in events:
        declared = set(TYPES[e.type].fields) - {"..."}
        if e.type == "roll":
            declared |= set(ROLLS[str(e.data["roll"])].fields)
        elif e.type == "game_over":
            declared |= set(Result.__annotations__)  # the result's keys
        assert set(e.data) <= declared, (e.type, sorted(set(e.data) - declared))


def test_a_rolls_words_come_from_its_key(events: list[tuple[ic.Game, ic.Event]]) -> None:
    for g, e in events:
        if e.type != "roll":
            continue
        key = str(e.data["roll"])
        fields = {k: e.data[k] for k in ROLLS[key].fields}
        crew = fields.get("crew")
        name = g.crew[crew].name if isinstance(crew, str) else ""
        assert e.data["purpose"] == purpose(key, fields, name)
        assert e.text == f"Rolled {e.data['die']} for {e.data['purpose']}"
        assert "{" not in e.text


def test_an_event_with_declared_words_always_says_them(
        events: list[tuple[ic.Game, ic.Event]]) -> None:
    said = {e.type for _, e in events if TYPES[e.type].words}
    assert len(said) >= 5
    for _, e in events:
        assert e.text == (TYPES[e.type].words or e.text)


def test_the_legacy_projection_strips_exactly_the_added_keys(
        events: list[tuple[ic.Game, ic.Event]]) -> None:
    for _, e in events:
        d = e.to_dict()
        old = legacy_event(d)
        if e.type == "roll":
            assert set(old) == BASE | {"die", "purpose"}
        else:
            assert set(d) - set(old) == set(TYPES[e.type].added) & set(d)
            assert all(old[k] == d[k] for k in old)


def test_the_consumers_tables_derive_from_the_flags() -> None:
    assert {t.type for t in event_types.EVENT_TYPES if t.chance} == event_types.CHANCE
    assert {"roll", "reveal"} <= event_types.UNDO_BLOCKERS
    assert all(event_types.HEADLINES[t] == TYPES[t].headline for t in event_types.HEADLINES)
    assert set(event_types.LOG_CATEGORY.values()) == {"moves", "dice", "combat"}


def test_docs_event_and_roll_tables_are_rendered_from_the_declarations() -> None:
    """docs/api.md's tables match the registry (`python -m intruder_core.api_table --write
    docs/api.md` after changing a declaration)."""
    text = API.read_text()
    assert api_table.render_events() in text and api_table.render_rolls() in text
    assert api_table.main(["--check", str(API)]) == 0
    changed = (*event_types.EVENT_TYPES[1:], event_types.EVENT_TYPES[0])
    assert api_table.rewrite(text, api_table.render_events(changed),
                             api_table.EVENTS_HEAD) != text
