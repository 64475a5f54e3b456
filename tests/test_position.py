"""Positions (docs/position.md) that express the rulebook's situations, started mid-phase."""

from __future__ import annotations

import pytest
from helpers import act, legal_types, of_type, position, refused, token_of

import intruder_core as ic
from intruder_core.lost import counter_of
from intruder_core.phase import in_shuttle
from intruder_core.pieces import by_token, carried, docks
from intruder_core.solitaire_setup import counter_id


def _woke_in(g: ic.Game) -> tuple[int, str] | None:
    """Pass until a `wake` event; the (turn, phase) it came in."""
    seen = 0
    current = None
    while not g.is_over and seen < 400:
        for e in g.log[seen:]:
            if e.type == "phase":
                current = (e.data["turn"], e.data["phase"])
            if e.type == "wake":
                return current
        seen = len(g.log)
        passes = [a for a in g.legal_actions()
                  if a.type in ("end_actions", "end_movement", "no_defense")]
        g.apply(passes[0])
    return None


@pytest.mark.parametrize(("phase", "woke"), [
    ("movement", (3, "interaction2")),       # darted in turn 2's Second Interaction Phase
    ("interaction1", (3, "interaction2")),
    ("crew_movement", (4, "interaction1")),  # darted in turn 3's First Interaction Phase
    ("metamorphosis", (4, "interaction1")),
    ("interaction2", (4, "interaction1")),
])
def test_asleep_means_darted_in_the_last_interaction_phase(phase: str, woke: tuple) -> None:
    """R9: asleep one complete turn, waking in the corresponding Interaction Phase."""
    g = position(phase=phase, turn=3, seed=5, crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True,
                            "asleep": True}])
    assert _woke_in(g) == woke


def test_asleep_inside_an_interaction_was_darted_in_that_phase() -> None:
    g = position(phase="interaction1", turn=2, stage=3, crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True,
                            "asleep": True}],
                 interaction={"at": "store_a1"})
    assert g.counters[counter_id(g, "i1")].asleep_until == [3, 1]
    g = position(phase="interaction1", crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True,
                            "asleep": [1, 2]}])
    assert g.counters[counter_id(g, "i1")].asleep_until == [1, 2]
    with pytest.raises(ic.CorruptSave):
        position(counters=[{"kind": "intruder", "at": "mess", "asleep": [1, 3]}])


def test_movement_points_already_spent_stand() -> None:
    g = position(phase="crew_movement",
                 crew={"co1": {"at": "mess", "mp": 1}, "co2": {"at": "mess"}})
    assert g.crew["co1"].mp == 1 and g.crew["co2"].mp == 3
    e = refused(g, "move", crew="co1", to="shaft2")  # an Access Shaft costs 2
    assert "1 movement point" in str(e)
    act(g, "move", crew="co2", to="shaft2")


def test_rooms_unlocked_this_phase_stay_unlocked() -> None:
    g = position(phase="crew_movement", unlocked=["arms"],
                 crew={"co1": {"at": "command"}})
    assert g.unlocked == ["arms"]
    e = refused(g, "unlock", crew="co1", room="arms")
    assert "already unlocked" in str(e)


def test_construction_progress() -> None:
    """Construct Weapons: a Flamethrower takes three turns; two are done already."""
    g = position(phase="crew_movement", crew={"en1": {"at": "maintenance"}},
                 items={"flamethrower1": {"at": "track", "progress": 2, "worked_turn": 0}})
    events = act(g, "construct", crew="en1", item="flamethrower1")
    assert of_type(events, "constructed")
    assert "flamethrower1" in [i.id for i in carried(g, g.crew["en1"])]


def test_a_departed_shuttle_cannot_leave_again() -> None:
    g = position(phase="interaction2", self_destruct=3,
                 crew={"co3": {"status": "escaped", "at": "shuttle1"},
                       "co1": {"at": "dock1"}})
    assert g.shuttles["shuttle1"].departed and g.shuttles["shuttle1"].crew == ["co3"]
    assert not any(a.type == "leave" and a["shuttle"] == "shuttle1" for a in g.legal_actions())
    assert any(a.type == "leave" and a["shuttle"] == "shuttle2" for a in g.legal_actions()) \
        or docks(g)["shuttle2"] != "dock1"


def test_inventoried_not_used_counters() -> None:
    g = position(phase="interaction2", crew={"so1": {"at": "computer"}},
                 not_used=[{"kind": "dummy", "inventoried": True}, "lab_animal"])
    offered = [a["target"] for a in g.legal_actions() if a.type == "inventory"]
    assert offered == ["n2"]
    assert by_token(g, "n1").inventoried  # type: ignore[union-attr]


def test_a_lost_crewman_hides_until_an_interaction_finds_him() -> None:
    g = position(phase="interaction1", options={"lost_crewmen": True},
                 crew={"en2": {"status": "lost", "at": "b2"}, "co1": {"at": "b2"}})
    assert g.crew["en2"].status == "active"  # co1 in b3: the Interaction found him at once
    found = of_type(g.log, "found")
    assert found and found[0].data["crew"] == "en2"
    g = position(phase="movement", options={"lost_crewmen": True}, dice=[6] * 12,
                 crew={"en2": {"status": "lost", "at": "b2"}})
    assert g.crew["en2"].status == "lost" and g.counters[counter_of(g, g.crew["en2"])].at == \
        g.crew["en2"].at


def test_start_inside_an_interaction_with_the_counts_running() -> None:
    """R8: the Intruder was attacked three times already; R5: a crewman died here."""
    g = position(phase="interaction1", stage=3, unknown=4,
                 crew={"co1": {"at": "store_a1", "carrying": ["blaster1"]},
                       "co2": {"at": "store_a1", "carrying": ["blaster2"]}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 interaction={"at": "store_a1", "attacks": {"c1": 3}, "kills": 1,
                              "shaken": True})
    assert g.step == "crew_actions" and g.kills == 1
    e = refused(g, "attack", crew="co1", target=token_of(g, "intruder"), weapon="blaster")
    assert e.rule.endswith("ruling R8")
    g = position(phase="interaction1", stage=3, unknown=4, dice=[1],
                 crew={"co1": {"at": "store_a1", "carrying": ["blaster1"]}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 interaction={"at": "store_a1", "attacks": {"c1": 2}, "kills": 1,
                              "shaken": True})
    events = act(g, "attack", crew="co1", target="c1", weapon="blaster")
    assert of_type(events, "shaken")[0].data["die"] == 2


def test_the_kill_count_brings_panic_at_the_phase_end() -> None:
    g = position(phase="interaction1", crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 interaction={"at": "store_a1", "kills": 1})
    # the crewman has nothing to do but pass, so the phase ends at once: Panic (a death, R19)
    assert of_type(g.log, "panic")
    g = position(phase="interaction1", crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 interaction={"at": "store_a1"})
    assert not of_type(g.log, "panic")


def test_start_in_a_shuttle_fight() -> None:
    """Escape via Shuttle; R24: the fight runs in rounds until one side is gone."""
    g = position(phase="interaction2", self_destruct=3, stage=3, unknown=4,
                 crew={"co1": {"at": "shuttle1", "carrying": ["blaster1"]}},
                 counters=[{"kind": "intruder", "at": "shuttle1", "face_up": True},
                           {"kind": "intruder", "at": "clones_pending"}][:1],
                 shuttle_fight="shuttle1", dice=[6])
    assert in_shuttle(g) and g.shuttles["shuttle1"].departed
    assert "attack" in legal_types(g)
    rounds = [e for e in g.log if e.type == "interaction"]
    assert rounds and "round 1" in rounds[0].text


def test_bad_positions_are_refused() -> None:
    for bad in ({"interaction": {"at": "mess"}, "phase": "movement"},
                {"shuttle_fight": "shuttle1", "phase": "interaction2"},
                {"crew": {"co1": {"status": "wandering"}}}):
        with pytest.raises(ic.CorruptSave):
            position(**bad)
