"""The Freezer: unlocking it (Secured Rooms), forcing a controlled Intruder in, and freezing
from the Command Module in the Second Interaction Phase: whoever is inside dies, an Intruder
Immune to Cold is held there as if caged (its power's own example is in test_powers.py)."""

from __future__ import annotations

from helpers import act, intruder, position, refused

import intruder_core as ic


def moving(**kw: object) -> ic.Game:
    return position(phase="crew_movement", **kw)


def test_freezer_any_crewman_computer_command_or_science() -> None:
    g = moving(crew={"en1": {"at": "command"}, "so1": {"at": "command"}})
    act(g, "unlock", crew="en1", room="freezer")
    assert refused(g, "unlock", crew="en1", room="computer").rule == "Open Computer Room"
    act(g, "unlock", crew="so1", room="computer")
    act(g, "move", crew="so1", to="computer")


def test_force_into_freezer() -> None:
    g = moving(crew={"co1": {"at": "command", "carrying": ["prod1"]},
                     "co2": {"at": "command"}},
               counters=[{"kind": "intruder", "at": "command", "face_up": True,
                          "controlled_by": "co1"}])
    e = refused(g, "force_into_freezer", crew="co1")
    assert "Freezer has not been unlocked" in str(e)
    act(g, "unlock", crew="co2", room="freezer")
    act(g, "force_into_freezer", crew="co1")
    intruder = next(c for c in g.counters.values() if c.kind == "intruder" and c.at != "reserve")
    assert intruder.at == "freezer" and intruder.controlled_by is None
    assert g.crew["co1"].at == "command"


def test_freezer_freezes_the_intruder_and_whoever_is_inside() -> None:
    g = position(phase="interaction2", stage=3,
                 known=["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "command"}, "en1": {"at": "freezer"}},
                 counters=[{"kind": "intruder", "at": "freezer", "face_up": True,
                            "asleep": True}])
    while g.step == "crew_actions":
        act(g, "end_actions")
    act(g, "freeze", crew="co1")
    assert g.crew["en1"].status == "dead"
    assert g.is_over and g.result and g.result["score"] == 15 - 5


def test_freezer_immune_to_cold_counts_as_caged() -> None:
    g = position(phase="interaction2", stage=1, known=["immune_cold", "very_fast"],
                 crew={"co1": {"at": "command"}},
                 counters=[{"kind": "intruder", "at": "freezer", "face_up": True}])
    act(g, "freeze", crew="co1")
    assert intruder(g).cage == "freezer"  # type: ignore[attr-defined]
    assert not g.is_over


def test_freezer_only_in_second_phase_from_command() -> None:
    g = position(phase="interaction2", crew={"co1": {"at": "a1"}, "co2": {"at": "command"}})
    assert "Command Module" in str(refused(g, "freeze", crew="co1"))
