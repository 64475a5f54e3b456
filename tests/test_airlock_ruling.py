"""Ruling R55: in Life Stage 1 or 2 an airlock may not be opened on a face-up Intruder."""

from __future__ import annotations

import pytest
from helpers import act, of_type, position, refused

import intruder_core as ic

KNOWN = {1: ["immune_gas", "immune_flame"], 2: ["immune_gas", "immune_flame", "very_fast"],
         3: ["immune_gas", "immune_flame", "very_fast", "immune_shock"]}


def vent(stage: int, **counter: object) -> ic.Game:
    """A crewman in Corridor A-2, the Intruder in the Main Airlock, Second Interaction Phase."""
    return position(phase="interaction2", stage=stage, known=KNOWN[stage],
                    crew={"co1": {"at": "a2", "carrying": ["dart1"]}},  # a real choice
                    counters=[{"kind": "intruder", "at": "airlock", **counter}])


def offered(g: ic.Game) -> bool:
    return any(a.type == "open_airlock" and a["airlock"] == "airlock" for a in g.legal_actions())


@pytest.mark.parametrize("stage", [1, 2])
def test_a_caged_young_intruder_may_not_be_vented(stage: int) -> None:
    """The issue's case: caged in Life Stage 1, carried into the Main Airlock, vented."""
    g = vent(stage, face_up=True, caged="cage1")
    e = refused(g, "open_airlock", crew="co1", airlock="airlock")
    assert e.rule.endswith("ruling R55") and f"Life Stage {stage}" in str(e)
    assert not offered(g)


def test_a_free_face_up_young_intruder_may_not_be_vented() -> None:
    g = vent(2, face_up=True)
    assert "Self Defense" in str(refused(g, "open_airlock", crew="co1", airlock="airlock"))


def test_face_down_counters_may_be_vented_even_if_one_is_the_young_intruder() -> None:
    g = vent(1)
    assert offered(g)
    act(g, "open_airlock", crew="co1", airlock="airlock")
    assert of_type(g.log, "intruder_killed") and g.is_over


def test_from_life_stage_three_a_face_up_intruder_may_be_vented() -> None:
    g = vent(3, face_up=True, caged="cage1")
    act(g, "open_airlock", crew="co1", airlock="airlock")
    assert of_type(g.log, "intruder_killed")


def test_other_airlocks_are_not_affected() -> None:
    """Only the compartment being opened matters: a young Intruder elsewhere changes nothing."""
    g = position(phase="interaction2", stage=1, known=KNOWN[1],
                 crew={"co1": {"at": "b2"}},
                 counters=[{"kind": "intruder", "at": "airlock", "face_up": True,
                            "caged": "cage1"},
                           {"kind": "dummy", "at": "dock1"}])
    act(g, "open_airlock", crew="co1", airlock="dock1")
    assert of_type(g.log, "reveal")[-1].data["kind"] == "dummy"
