"""Actions of the Crew Action Segment: cages, Lab Animals, airlocks, inventory, prods (the
Freezer's in test_freezer.py)."""

from __future__ import annotations

import pytest
from helpers import act, intruder, of_type, pass_until, position, powers, refused, token_of

import intruder_core as ic

FILL = ["very_fast", "fast_reflexes", "immune_vacuum", "immune_sleep", "immune_gas",
        "immune_flame", "blaster_resistant"]


def met(stage: int, known: tuple[str, ...] = (), phase: str = "interaction1",
        crew: dict | None = None, at: str = "store_a1", **kw: object) -> ic.Game:
    counter = {"kind": "intruder", "at": at, "face_up": True}
    counter.update(kw.pop("intruder", {}))  # type: ignore[arg-type]
    return position(phase=phase, stage=stage, known=powers(stage, known, FILL), crew=crew or {},
                    counters=[counter, *kw.pop("more", [])], **kw)


def test_cage_awake_only_in_stage_one_on_one_or_two() -> None:
    g = met(2, known=("immune_shock", "very_fast", "fast_reflexes"),
            crew={"co1": {"at": "store_a1", "carrying": ["cage1"]}}, dice=[4])
    e = refused(g, "cage", crew="co1", target=token_of(g, "intruder"))
    assert "only in Life Stage 1" in str(e) and e.rule == "Attempt to Cage Intruder"
    g = met(1, known=("immune_shock", "very_fast"),
            crew={"co1": {"at": "store_a1", "carrying": ["cage1"]}, "co2": {"at": "store_a1"}},
            dice=[4, 3])
    act(g, "cage", crew="co1", target=token_of(g, "intruder"))
    assert of_type(g.log, "cage_failed")
    g = met(1, known=("immune_shock", "very_fast"),
            crew={"co1": {"at": "store_a1", "carrying": ["cage1"]}, "co2": {"at": "store_a1"}},
            dice=[4, 2])
    act(g, "cage", crew="co1", target=token_of(g, "intruder"))
    assert g.items["cage1"].contents is not None


def test_cage_sleeping_intruder_on_one_to_five() -> None:
    g = met(4, crew={"co1": {"at": "store_a1", "carrying": ["cage1"]},
                     "co2": {"at": "store_a1"}}, intruder={"asleep": True}, dice=[5])
    act(g, "cage", crew="co1", target=token_of(g, "intruder"))
    assert intruder(g).cage == "cage1"  # type: ignore[attr-defined]


def test_caged_extra_strong_awake_breaks_out_at_once() -> None:
    g = met(1, known=("extra_strong", "very_fast"),
            crew={"co1": {"at": "store_a1", "carrying": ["cage1"]}, "co2": {"at": "store_a1"}},
            dice=[4, 1])
    act(g, "cage", crew="co1", target=token_of(g, "intruder"))
    assert of_type(g.log, "caged") and of_type(g.log, "break_out")
    assert intruder(g).cage is None  # type: ignore[attr-defined]
    assert g.items["cage1"].contents is None


def test_extra_strong_caged_asleep_breaks_out_when_it_wakes() -> None:
    """Ruling R14 (official errata): caged asleep, it breaks out on waking, before anyone acts."""
    g = met(3, known=("extra_strong",), phase="interaction2",
            crew={"co1": {"at": "store_a1", "carrying": ["cage1"]}, "co2": {"at": "store_a1"}},
            intruder={"asleep": [2, 2]}, dice=[1])  # darted earlier in this phase
    act(g, "cage", crew="co1", target=token_of(g, "intruder"))
    t = intruder(g)
    assert t.cage == "cage1" and t.asleep  # type: ignore[attr-defined]
    pass_until(g, 2, "interaction1")
    assert t.cage == "cage1" and t.asleep
    pass_until(g, 2, "interaction2")
    # turn 2: it wakes as the Second Interaction Phase's crew actions begin
    assert t.cage is None and not t.asleep  # type: ignore[attr-defined]
    wake = [i for i, e in enumerate(g.log) if e.type == "wake"][-1]
    assert g.log[wake + 1].type == "break_out"


def test_prod_gains_control_by_stage_and_metamorphosis_ends_it() -> None:
    g = met(3, crew={"co1": {"at": "store_a1", "carrying": ["prod1"]}},
            dice=[4, 3, 1])  # no attack; prod 3 (control on 1-3); metamorphosis 1
    act(g, "prod", crew="co1", target=token_of(g, "intruder"))
    assert intruder(g).controlled_by == "co1"  # type: ignore[attr-defined]
    pass_until(g, 1, "interaction2")
    assert g.stage == 4 and intruder(g).controlled_by is None  # type: ignore[attr-defined]
    assert of_type(g.log, "control_lost")


def test_prod_useless_against_immune_to_shock_and_stage_six() -> None:
    g = met(3, known=("immune_shock",), crew={"co1": {"at": "store_a1", "carrying": ["prod1"]}},
            dice=[4])
    assert refused(g, "prod", crew="co1", target=token_of(g, "intruder")).rule == \
        "Immune to Shock"
    g = met(6, crew={"co1": {"at": "store_a1", "carrying": ["prod1"]},
                     "co2": {"at": "store_a1"}}, dice=[6])
    assert "never be controlled" in str(refused(g, "prod", crew="co1",
                                                target=token_of(g, "intruder")))


def test_catch_cage_and_transfer_lab_animal() -> None:
    animal = {"kind": "lab_animal", "at": "lab"}
    g = position(phase="interaction2", crew={"so1": {"at": "lab"},
                                             "co1": {"at": "lab", "carrying": ["cage1"]}},
                 counters=[animal], dice=[3])
    t = token_of(g, "lab_animal")
    e = refused(g, "catch", crew="co1", target=t)
    assert "too encumbered" in str(e)
    act(g, "catch", crew="so1", target=t)
    assert g.crew["so1"].holding
    act(g, "cage_animal", crew="co1", holder="so1")
    assert g.items["cage1"].contents and not g.crew["so1"].holding
    g2 = position(phase="interaction2", crew={"so1": {"at": "lab"}, "en1": {"at": "lab"}},
                  counters=[animal], dice=[1])
    t = token_of(g2, "lab_animal")
    act(g2, "catch", crew="en1", target=t)
    g2.crew["co2"].at = "lab"
    assert "only Science Officers" in str(refused(g2, "transfer", crew="co2", target=t))
    act(g2, "transfer", crew="so1", target=t)
    assert g2.view("crew")["boxes"]["caged_lab"] == 1 and not g2.crew["en1"].holding


def test_transfer_only_in_second_interaction() -> None:
    g = position(phase="interaction1", crew={"so1": {"at": "lab"}, "en1": {"at": "lab"}},
                 counters=[{"kind": "lab_animal", "at": "lab"}], dice=[1])
    t = token_of(g, "lab_animal")
    act(g, "catch", crew="en1", target=t)
    assert "Second Interaction" in str(refused(g, "transfer", crew="so1", target=t))


def test_open_airlock_kills_intruder_and_crew_inside() -> None:
    g = position(phase="interaction2", stage=3, known=["immune_gas", "immune_flame"],
                 crew={"co1": {"at": "a2"}, "en3": {"at": "airlock"}},
                 counters=[{"kind": "intruder", "at": "airlock"},
                           {"kind": "lab_animal", "at": "airlock"}],
                 dice=[4, 6, 6, 3, 4])  # in the airlock: no attack on en3; powers 12, 7
    # (Life Stage 3: a face-up Intruder in Life Stage 1 or 2 may not be vented, ruling R55)
    # en3 met the counters; now co1 opens the Main Airlock from Corridor A-2
    while g.step != "free_actions" and g.step != "crew_actions":
        act(g, "end_actions")
    if g.step == "crew_actions":
        act(g, "end_actions")
    act(g, "open_airlock", crew="co1", airlock="airlock")
    assert g.crew["en3"].status == "dead"
    assert g.view("crew")["boxes"]["killed"] == 1 and g.view("crew")["boxes"]["lost"] == 1


def test_airlock_opened_from_its_corridor_only() -> None:
    g = position(phase="interaction2", crew={"co1": {"at": "b2"}})
    e = refused(g, "open_airlock", crew="co1", airlock="airlock")
    assert "ruling R15" in e.rule


def test_fast_reflexes_holds_on_and_returns() -> None:
    g = position(phase="interaction2", stage=1, known=["fast_reflexes", "very_fast"],
                 crew={"co1": {"at": "a2"}},
                 counters=[{"kind": "intruder", "at": "airlock"}])
    act(g, "open_airlock", crew="co1", airlock="airlock")
    assert of_type(g.log, "holds_on") and intruder(g).at in ("airlock", "a2")  # type: ignore


def test_immune_to_vacuum_escapes_and_the_game_is_lost() -> None:
    g = position(phase="interaction2", stage=1, known=["immune_vacuum", "very_fast"],
                 crew={"co1": {"at": "a2"}}, counters=[{"kind": "intruder", "at": "airlock"}])
    act(g, "open_airlock", crew="co1", airlock="airlock")
    assert g.is_over and g.result and g.result["outcome"] == "loss"


def test_inventory_by_science_officer_in_computer_room() -> None:
    g = position(phase="interaction2", crew={"so1": {"at": "computer"}, "co1": {"at": "computer"}},
                 not_used=["dummy", "lab_animal"])
    e = refused(g, "inventory", crew="co1", target="n1")
    assert "only Science Officers" in str(e)
    act(g, "inventory", crew="so1", target="n2")
    boxes = g.view("crew")["boxes"]["not_used"]
    assert boxes == [{"token": "n1", "kind": None}, {"token": "n2", "kind": "lab_animal"}]
    g1 = position(phase="interaction1", crew={"so1": {"at": "computer"}},
                  not_used=["dummy"])
    assert "Second Interaction" in str(refused(g1, "inventory", crew="so1", target="n1")) \
        if g1.step in ("crew_actions", "free_actions") else True


def test_intruder_releases_caged_lab_animal() -> None:
    g = position(phase="movement", items={"cage1": "store_a1"},
                 counters=[{"kind": "intruder", "at": "a1"},
                           {"kind": "lab_animal", "at": "store_a1", "face_up": True,
                            "caged": "cage1"}],
                 dice=[4])  # a1: 4 -> Storage A-1
    assert of_type(g.log, "released")
    assert g.items["cage1"].contents is None


def test_an_actions_names_and_lists_are_read_apart() -> None:
    """`a[key]` is a name argument (a str), `a.names(key)` a list argument's names: each
    refuses the other kind, so an effect never walks the letters of a name as crewmen."""
    leave = ic.Action.from_dict({"type": "leave", "shuttle": "shuttle1", "crew": ["co1", "so1"]})
    assert leave["shuttle"] == "shuttle1" and leave.names("crew") == ("co1", "so1")
    assert ic.Action.from_dict({"type": "end_actions"}).names("crew") == ()
    with pytest.raises(TypeError):
        leave["crew"]
    with pytest.raises(TypeError):
        leave.names("shuttle")
    with pytest.raises(KeyError):
        leave["to"]
