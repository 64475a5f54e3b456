"""Self-destruction timing, shuttles and stowaways, Panic, the end of the game and the score."""

from __future__ import annotations

import pytest
from helpers import act, of_type, pass_until, position, refused

import intruder_core as ic
from intruder_core.phase import in_shuttle
from intruder_core.pieces import station_crew
from intruder_core.station import PANIC_ORDER


def test_self_destruct_timing_boxes() -> None:
    """R17: Active, not moved the same turn; 8 next turn; stoppable down to 5, not at 4."""
    g = position(phase="interaction2", crew={"so1": {"at": "command"}})
    assert "only a Command Officer" in str(refused(g, "start_self_destruct", crew="so1"))
    act(g, "start_self_destruct", crew="co1")
    assert g.view("crew")["self_destruct"]["box"] == "active"
    pass_until(g, 2, "interaction2")
    assert g.sd == 9  # the marker did not move in turn 1's Self-Destruction Phase
    pass_until(g, 3, "interaction2")
    assert g.sd == 8
    pass_until(g, 6, "interaction2")
    assert g.sd == 5
    assert not refused_or_none(g, "stop_self_destruct", "so1")
    pass_until(g, 7, "interaction2")
    assert g.sd == 4
    e = refused(g, "stop_self_destruct", crew="so1")
    assert "4 box or lower" in str(e)


def refused_or_none(g: ic.Game, type: str, crew: str) -> ic.IllegalAction | None:
    return g.why_illegal(ic.Action.make(type, crew=crew))


def test_stop_self_destruct_then_never_again_and_shuttles_free() -> None:
    g = position(phase="interaction2", self_destruct=6, crew={"so1": {"at": "command"}})
    act(g, "stop_self_destruct", crew="so1")
    assert g.sd is None and g.sd_stopped
    assert g.view("crew")["self_destruct"]["shuttles_may_leave"]
    assert "may not be activated again" in str(refused(g, "start_self_destruct", crew="co1"))


def test_shuttle_quarantine_until_box_four() -> None:
    g = position(phase="interaction2", self_destruct=5, crew={"co2": {"at": "dock1"}})
    assert "quarantine" in str(refused(g, "leave", shuttle="shuttle1", crew=["co2"]))
    g = position(phase="interaction2", self_destruct=4, crew={"co2": {"at": "dock1"}},
                 dice=[6])
    act(g, "leave", shuttle="shuttle1", crew=["co2"])
    assert g.crew["co2"].status == "escaped"


def test_shuttle_second_interaction_only_and_at_most_four() -> None:
    crew = {c: {"at": "dock1"} for c in ("co1", "co2", "co3", "so1", "so2")}
    g = position(phase="interaction2", self_destruct=4, crew=crew)
    e = refused(g, "leave", shuttle="shuttle1", crew=list(crew))
    assert "at most four" in str(e)
    g = position(phase="interaction1", self_destruct=4, crew={"co2": {"at": "dock1"}})
    if g.step in ("crew_actions", "free_actions"):
        assert "Second Interaction" in str(refused(g, "leave", shuttle="shuttle1",
                                                   crew=["co2"]))


def test_stowaway_index_and_two_shuttles() -> None:
    """ISI = free Intruders + 1; the second shuttle uses the revised count (R18)."""
    g = position(phase="interaction2", self_destruct=3, stage=3,
                 known=["clone", "immune_gas", "immune_flame", "very_fast"],
                 crew={"co1": {"at": "dock1"}, "co2": {"at": "dock2"}},
                 counters=[{"kind": "intruder", "at": "store_a1"},
                           {"kind": "intruder", "at": "frozen"}],
                 dice=[2,  # ISI 2: the one free Intruder is aboard Shuttle 1
                       4,  # it does not attack
                       ])
    act(g, "leave", shuttle="shuttle1", crew=["co1"])
    stow = of_type(g.log, "stowaway")
    assert stow and stow[0].data["shuttle"] == "shuttle1"
    assert any(e.type == "roll" and "Index 2" in e.data["purpose"] for e in g.log)
    assert g.step == "crew_actions" and in_shuttle(g)


def test_stowaway_index_counts_clones_not_yet_in_play() -> None:
    g = position(phase="interaction2", self_destruct=3, stage=3,
                 known=["clone", "immune_gas", "immune_flame", "very_fast"],
                 crew={"co2": {"at": "dock2"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}],
                 clones_pending=1, dice=[4])
    act(g, "leave", shuttle="shuttle2", crew=["co2"])
    assert any(e.type == "roll" and "Index 3" in e.data["purpose"] for e in g.log)
    assert of_type(g.log, "no_stowaway")


def test_shuttle_fight_hatches_after_preparing() -> None:
    g = position(phase="interaction2", self_destruct=3, stage=1,
                 known=["very_fast", "immune_gas"],
                 crew={"co1": {"at": "dock1"}, "co2": {"at": "dock1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}],
                 dice=[1, 4,  # aboard; no attack in round 1
                       4])  # no attack in round 2
    act(g, "leave", shuttle="shuttle1", crew=["co1", "co2"])
    e = refused(g, "open_hatches", crew="co1")
    assert "preparing" in str(e)
    act(g, "prepare_hatches")
    assert in_shuttle(g) and g.shuttles["shuttle1"].prepared
    act(g, "open_hatches", crew="co1")
    assert g.crew["co1"].status == "escaped" and g.crew["co2"].status == "escaped"
    assert g.view("crew")["boxes"]["killed"] == 1


def test_stowaway_kills_shuttle_crew_and_escapes() -> None:
    g = position(phase="interaction2", self_destruct=3, stage=6,
                 known=["very_fast", "immune_gas", "immune_flame", "immune_sleep",
                        "immune_cold", "fast_reflexes", "immune_shock"],
                 crew={"so1": {"at": "dock1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}],
                 dice=[1, 1, 1])  # aboard; attacks; kills
    act(g, "leave", shuttle="shuttle1", crew=["so1"])
    if g.step == "defense":
        act(g, "no_defense")
    assert g.is_over and g.result and g.result["outcome"] == "loss"
    assert "escaped" in g.result["reason"]


def test_station_destroyed_with_three_escaped_is_a_draw() -> None:
    crew = {c: {"at": "dock1"} for c in ("co1", "co2", "co3")}
    g = position(phase="interaction2", self_destruct=1, crew=crew,
                 counters=[{"kind": "intruder", "at": "store_c2"}], dice=[6])
    act(g, "leave", shuttle="shuttle1", crew=["co1", "co2", "co3"])
    pass_until(g, 99, "interaction2")
    assert g.is_over and g.result and g.result["outcome"] == "draw"
    assert g.destroyed


def test_panic_after_a_kill_gathers_and_places_in_order() -> None:
    g = position(phase="interaction1", stage=3,
                 known=["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True},
                           {"kind": "lab_animal", "at": "store_b1"},
                           {"kind": "dummy", "at": "discovered"}],
                 dice=[1, 1, 6, 6])  # attack; kill; two metamorphosis rolls: none
    if g.step == "defense":
        act(g, "no_defense")
    panic = of_type(g.log, "panic")
    assert panic
    placed = of_type(g.log, "placed")[0].data["placed"]
    assert [at for _, at in placed] == list(PANIC_ORDER[:3])
    i = g.log.index(panic[0])
    metamorphosis = [e for e in g.log[i:] if e.type == "roll" and e.data["purpose"] ==
                     "metamorphosis"]
    assert len(metamorphosis) >= 2
    assert all(c.at == "command" for c in station_crew(g))


@pytest.mark.parametrize("hold", ["controlled", "caged", "self_destruct"])
def test_panic_suppressed(hold: str) -> None:
    counters = [{"kind": "intruder", "at": "store_a1", "face_up": True}]
    extra: dict[str, object] = {}
    crew: dict[str, dict[str, object]] = {"co1": {"at": "store_a1"},
                                          "co2": {"at": "b1", "carrying": ["prod1"]}}
    second = {"kind": "intruder", "at": "b1", "face_up": True}
    if hold == "controlled":
        second["controlled_by"] = "co2"
    elif hold == "caged":
        second["caged"] = "cage1"
        crew["co2"]["carrying"] = ["cage1"]
    else:
        extra["self_destruct"] = 6
        second["at"] = "store_c2"
    counters.append(second)
    g = position(phase="interaction1", stage=3,
                 known=["clone", "immune_gas", "immune_flame", "very_fast"],
                 crew=crew, counters=counters, dice=[1, 1], **extra)
    if g.step == "defense":
        act(g, "no_defense")
    pass_until(g, 1, "crew_movement")
    assert g.crew["co1"].status == "dead"
    assert not of_type(g.log, "panic")
    assert g.phase == "crew_movement"


def test_clone_count_follows_the_chart_on_metamorphosis() -> None:
    g = position(phase="metamorphosis", stage=3,
                 known=["clone", "immune_gas", "immune_flame", "very_fast"],
                 counters=[{"kind": "intruder", "at": "store_c2"},
                           {"kind": "intruder", "at": "store_c1"}],
                 dice=[1])
    assert g.stage == 4
    total = [c for c in g.counters.values() if c.kind == "intruder" and c.at != "reserve"]
    assert len(total) == 3


def test_score_breakdown_and_win() -> None:
    g = position(phase="interaction1", stage=3,
                 known=["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "store_a1", "carrying": ["blaster1"]}, "so3": "dead"},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 dice=[5, 1])
    act(g, "attack", crew="co1", target=g.view("crew")["counters"][0]["token"],
        weapon="blaster")
    assert g.is_over and g.result
    lines = {b["kind"]: b for b in g.result["breakdown"]}
    assert lines["crew_dead"]["count"] == 1 and lines["intruder_killed"]["points"] == 7
    assert g.result["score"] == 2 and g.result["outcome"] == "win"


def test_permanently_caged_at_stage_six_ends_the_game_captured() -> None:
    g = position(phase="metamorphosis", stage=5,
                 known=["very_fast", "immune_gas", "immune_flame", "immune_sleep",
                        "immune_cold", "fast_reflexes"],
                 crew={"co1": {"at": "b1", "carrying": ["cage1"]}},
                 counters=[{"kind": "intruder", "at": "b1", "face_up": True,
                            "caged": "cage1"}],
                 dice=[1, 1, 1])  # metamorphosis; then R26: 2 = Immune to Shock
    assert g.stage == 6 and g.unknown == 0
    assert g.is_over and g.result and g.result["score"] == 15


def test_two_shuttles_in_one_phase_use_the_revised_count() -> None:
    """R18: the second departure's ISI counts the Intruders left after the first."""
    g = position(phase="interaction2", self_destruct=3, stage=3,
                 known=["clone", "immune_gas", "immune_flame", "very_fast"],
                 crew={"co1": {"at": "dock1", "carrying": ["blaster1"]},
                       "co2": {"at": "dock2"}},
                 counters=[{"kind": "intruder", "at": "store_a1"},
                           {"kind": "intruder", "at": "store_c2"}],
                 dice=[1,  # ISI 3: aboard Shuttle #1
                       1,  # which of the two: the first
                       4,  # round 1: no attack
                       1,  # co1's Blaster: K
                       6])  # Shuttle #2, ISI 2: no stowaway
    act(g, "leave", shuttle="shuttle1", crew=["co1"])
    act(g, "attack", crew="co1", target=of_type(g.log, "stowaway")[0].data["token"],
        weapon="blaster")
    assert g.crew["co1"].status == "escaped" and g.view("crew")["boxes"]["killed"] == 1
    act(g, "leave", shuttle="shuttle2", crew=["co2"])
    indexes = [e.data["purpose"] for e in g.log if e.type == "roll" and
               "Stowaway Index" in e.data["purpose"]]
    assert indexes == ["Intruder Stowaway Index 3", "Intruder Stowaway Index 2"]
    assert g.crew["co2"].status == "escaped"
