"""A die's chance told from the crew's view (intruder_core.bots.faces): each face played
again, counted as the Life Stage Chart says, the same whatever the hidden counters are."""

from __future__ import annotations

from typing import Any

import pytest
from review_games import HIDDEN, position

import intruder_core as ic
from intruder_core.bots.faces import chance_words, faces, outcome
from intruder_core.charts import LIFE_STAGES


def attack(stage: int, die: int, hidden: list[str] | None = None
           ) -> tuple[Any, ic.Action, list[Any]]:
    """Engineer 2 alone with an Intruder of `stage` that attacks him (die 1), its attack die
    `die`: the crew's view before his No Self Defense, the action and its events."""
    g = ic.Game.from_position(position("interaction1", {"en2": {"at": "store_a1"}},
                                       dice=[1, die], stage=stage, hidden=hidden))
    assert g.step == "defense"
    view, action = g.view("crew"), ic.Action.from_dict({"type": "no_defense"})
    return view, action, [e.to_dict() for e in g.apply(action)]


def die_at(events: list[Any], key: str) -> int:
    return next(n for n, e in enumerate(events) if e.get("type") == "roll" and e["roll"] == key)


@pytest.mark.parametrize("stage", [2, 4])
@pytest.mark.parametrize("die", [1, 6])
def test_the_attack_dies_faces_are_counted_as_the_life_stage_chart_says(stage: int,
                                                                       die: int) -> None:
    view, action, events = attack(stage, die)
    at = die_at(events, "kill")
    killed = len(LIFE_STAGES[stage].kill)
    assert ("crew_killed" if die in LIFE_STAGES[stage].kill else "survived") == \
        outcome(events, at)[0]  # type: ignore[index]
    want = killed if die in LIFE_STAGES[stage].kill else 6 - killed
    assert faces(view, action, events, at) == want


def test_the_metamorphosis_die_is_counted_and_a_die_with_no_headline_is_not() -> None:
    view, action, events = attack(2, 1)
    meta = die_at(events, "metamorphosis")
    grew = events[meta]["die"] in LIFE_STAGES[2].metamorphosis
    assert faces(view, action, events, meta) == (
        len(LIFE_STAGES[2].metamorphosis) if grew else 6 - len(LIFE_STAGES[2].metamorphosis))
    # an event that is no die (here the metamorphosis the die decided) is never counted
    assert events[meta + 1]["type"] == "metamorphosis"
    assert faces(view, action, events, meta + 1) is None


def test_the_count_is_the_same_whatever_the_hidden_counters_are() -> None:
    swapped = list(reversed(HIDDEN))
    for die in (1, 6):
        a, b = attack(2, die), attack(2, die, hidden=swapped)
        assert a[0] == b[0]  # the crew sees the same
        assert faces(*a, at=die_at(a[2], "kill")) == faces(*b, at=die_at(b[2], "kill"))


def test_the_words_count_the_faces_and_say_nothing_of_a_die_that_decided_nothing() -> None:
    assert chance_words(1) == " (1 chance in 6)"
    assert chance_words(5) == " (5 chances in 6)"
    assert chance_words(6) == chance_words(0) == chance_words(None) == ""
