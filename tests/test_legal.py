"""The fast legal-action generator against the rules' own checks.

The engine takes the Crew Movement Phase's actions from `crew.candidates` without running each
action's check. Here every decision of many random games is compared with a brute force: every
action of the phase's kinds for every crewman, place, object and room, kept when its check
passes. Both must give the same set, with the same labels and rules.
"""

from __future__ import annotations

import pytest
from helpers import passing, random_play, seeds

import intruder_core as ic
from intruder_core import legal
from intruder_core.action_types import LEGAL_WHEN_OFFERED
from intruder_core.crew_movement import UNLOCK
from intruder_core.game import HANDLERS
from intruder_core.station import COMPARTMENTS


def brute_force(g: ic.Game) -> set[ic.Action]:
    """Every Crew Movement Phase action the checks allow now."""
    out: list[ic.Action] = []
    for c in g.crew.values():
        for to in COMPARTMENTS:
            out.append(ic.Action.make("move", crew=c.id, to=to))
        out.append(ic.Action.make("force_into_freezer", crew=c.id))
        out.append(ic.Action.make("release", crew=c.id))
        out.append(ic.Action.make("let_go", crew=c.id))
        for item in g.items:
            for kind in ("pick_up", "drop", "construct"):
                out.append(ic.Action.make(kind, crew=c.id, item=item))
        for room in UNLOCK:
            out.append(ic.Action.make("unlock", crew=c.id, room=room))
    crew_players = [p for p in g.players if p != "intruder"]
    if len(crew_players) == 1:  # the pass names its player only when two crew players share
        out.append(ic.Action.make("end_movement"))
    for player in crew_players * (len(crew_players) > 1):
        out.append(ic.Action.make("end_movement", player=player))
    return set(passing(g, out))


@pytest.mark.parametrize("scenario,options", [
    ("solitaire", {}), ("solitaire", {"difficulty": "nightmare"}),
    ("return_to_prometheus", {"marines": True}), ("science_officer", {}),
    ("intelligent_intruder", {}),
])
def test_movement_generator_gives_exactly_the_checked_actions(scenario: str,
                                                              options: dict) -> None:
    checked = 0
    for seed in seeds(2):
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
        for turn in random_play(g, seed, until=lambda g: g.turn >= 30):
            legal = turn.legal
            if g.step == "move":
                assert set(legal) == brute_force(g)
                assert len(set(legal)) == len(legal)
                for a in legal:
                    assert a.label == g.label(a) and a.rule == HANDLERS[a.type][2]
                    assert g.why_illegal(a) is None
                checked += 1
    assert checked > 100


def test_an_action_changed_by_hand_is_still_judged_afresh() -> None:
    """A refused action's reason comes from its rule's check, not from the cached list."""
    g = ic.new_game(seed=3)
    while g.step != "move":
        g.apply(g.legal_actions()[-1])
    c = next(c for c in g.crew.values() if c.mp)
    e = g.why_illegal({"type": "move", "crew": c.id, "to": "arms"})
    assert e is not None and e.rule
    assert g.why_illegal({"type": "fly", "crew": c.id}) is not None
    assert str(g.why_illegal({"type": "move", "crew": "zz9", "to": "a1"})).startswith(
        "there is no crewman")


def checked(g: ic.Game) -> list[ic.Action]:
    """Outside the Crew Movement Phase, the legal actions as the rules' checks give them:
    every candidate of the step whose check passes, in the candidates' order, labelled."""
    return passing(g, legal.candidates(g))


@pytest.mark.parametrize("scenario,options", [
    ("solitaire", {}), ("solitaire", {"difficulty": "nightmare"}),
    ("return_to_prometheus", {"marines": True}), ("science_officer", {}),
    ("intelligent_intruder", {}),
])
def test_other_steps_offer_exactly_the_checked_actions(scenario: str, options: dict) -> None:
    """The actions taken unchecked (crew_actions.LEGAL_WHEN_OFFERED) and those offered
    labelled: the same list, order and labels as checking every candidate."""
    unchecked = 0
    for seed in seeds(3):
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
        for turn in random_play(g, seed, until=lambda g: g.turn >= 30):
            legal = turn.legal
            if g.step != "move":
                expect = checked(g)
                assert legal == expect
                assert [a.label for a in legal] == [g.label(a) for a in expect]
                assert [a.rule for a in legal] == [HANDLERS[a.type][2] for a in expect]
                unchecked += sum(a.type in LEGAL_WHEN_OFFERED for a in legal)
    assert unchecked > 100
