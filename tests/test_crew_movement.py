"""Crew Movement Phase: movement points, shafts, secured rooms, carrying and Functions."""

from __future__ import annotations

from helpers import act, position, refused

import intruder_core as ic


def moving(**kw: object) -> ic.Game:
    return position(phase="crew_movement", **kw)



def test_three_points_infirmary_to_command() -> None:
    """EXAMPLE: Infirmary, Lab, Corridor B-1, Command Module."""
    g = moving()
    for to in ("lab", "b1", "command"):
        act(g, "move", crew="so2", to=to)
    assert g.crew["so2"].at == "command" and g.crew["so2"].mp == 0
    e = refused(g, "move", crew="so2", to="a1")
    assert e.rule == "Crew Movement" and "0 movement point" in str(e)


def test_access_shaft_costs_two() -> None:
    g = moving()
    act(g, "move", crew="so1", to="shaft3")  # lab -> shaft3: 2 points
    assert g.crew["so1"].mp == 1
    act(g, "move", crew="so1", to="store_c1")  # leaving a shaft costs the usual 1
    assert g.crew["so1"].mp == 0


def test_shaft_needs_two_points() -> None:
    g = moving()
    act(g, "move", crew="so1", to="b1")
    act(g, "move", crew="so1", to="store_b1")
    e = refused(g, "move", crew="so1", to="shaft2")
    assert "Access Shaft costs 2" in str(e)


def test_not_adjacent() -> None:
    g = moving()
    e = refused(g, "move", crew="co1", to="mess")
    assert "not adjacent" in str(e) and e.rule == "Crew Movement"


def test_arms_room_unlocked_only_by_command_officer() -> None:
    g = moving(crew={"so1": {"at": "command"}})
    assert "has not been unlocked" in str(refused(g, "move", crew="co1", to="arms"))
    e = refused(g, "unlock", crew="so1", room="arms")
    assert e.rule == "Unlock Arms Room" and "Command Officer" in str(e)
    act(g, "unlock", crew="co1", room="arms")
    assert g.crew["co1"].mp == 3  # ruling R12: no movement points
    act(g, "move", crew="so1", to="arms")  # anyone may enter once unlocked
    assert g.crew["so1"].at == "arms"


def test_doors_relock_next_phase() -> None:
    g = moving(crew={"co1": {"at": "command"}})
    act(g, "unlock", crew="co1", room="arms")
    act(g, "end_movement")
    assert g.unlocked == []


def test_pick_up_costs_one_point_for_any_number() -> None:
    """Pick Up an Object: 1 point however many are picked up (ruling R27)."""
    g = moving(crew={"co1": {"at": "arms"}})
    act(g, "pick_up", crew="co1", item="blaster1")
    act(g, "pick_up", crew="co1", item="gas1")
    act(g, "pick_up", crew="co1", item="dart1")
    assert g.crew["co1"].mp == 2
    e = refused(g, "pick_up", crew="co1", item="blaster2")
    assert "three small" in str(e)


def test_carrying_limits_large_and_small() -> None:
    g = moving(crew={"so1": {"at": "lab", "carrying": ["blaster1"]}})
    act(g, "pick_up", crew="so1", item="cage1")  # one large and one small
    assert "cannot carry more" in str(refused(g, "pick_up", crew="so1", item="cage2"))
    act(g, "drop", crew="so1", item="blaster1")
    assert g.crew["so1"].mp == 2  # dropping is free
    assert "cannot carry more" in str(refused(g, "pick_up", crew="so1", item="cage2"))


def test_two_small_and_a_large_is_too_much() -> None:
    g = moving(crew={"so1": {"at": "lab", "carrying": ["blaster1", "gas1"]}})
    assert "cannot carry more" in str(refused(g, "pick_up", crew="so1", item="cage1"))


def test_construct_weapons_track() -> None:
    """Two turns for a Prod, three for a Flamethrower; one Engineer per weapon per turn."""
    g = moving(crew={"en1": {"at": "maintenance"}})
    assert "only Engineers" in str(refused(g, "construct", crew="co1", item="prod1"))
    act(g, "construct", crew="en2", item="prod1")
    assert g.crew["en2"].mp == 0
    e = refused(g, "construct", crew="en1", item="prod1")
    assert "same weapon in the same turn" in str(e)
    act(g, "construct", crew="en1", item="prod2")
    g2 = moving(crew={"en2": {"at": "maintenance"}}, items={}, turn=2)
    g2.items["prod1"].progress = 1
    act(g2, "construct", crew="en2", item="prod1")
    assert g2.items["prod1"].at == "maintenance" and "en2" in g2.items["prod1"].carriers


def test_construct_needs_all_three_points() -> None:
    g = moving()
    act(g, "move", crew="en2", to="power")
    act(g, "move", crew="en2", to="maintenance")
    e = refused(g, "construct", crew="en2", item="flamethrower1")
    assert e.rule == "Construct Weapons" and "three movement points" in str(e)


def test_holding_lab_animal_cannot_move() -> None:
    g = moving(crew={"so1": {"at": "lab"}},
               counters=[{"kind": "lab_animal", "at": "lab", "face_up": True,
                          "held_by": "so1"}])
    e = refused(g, "move", crew="so1", to="b1")
    assert e.rule == "Attempt to Catch Lab Animal"
    act(g, "release", crew="so1")
    act(g, "move", crew="so1", to="b1")


def test_controlled_intruder_moves_one_compartment_with_its_controller() -> None:
    """Ruling R11: one compartment per turn, all three points; ruling R22 the Freezer."""
    g = moving(crew={"co1": {"at": "b1", "carrying": ["prod1"]}},
               counters=[{"kind": "intruder", "at": "b1", "face_up": True,
                          "controlled_by": "co1"}])
    act(g, "move", crew="co1", to="command")
    assert g.crew["co1"].mp == 0
    intruder = next(c for c in g.counters.values() if c.kind == "intruder" and c.at != "reserve")
    assert intruder.at == "command"
    assert refused(g, "pick_up", crew="co1", item="prod2").rule.startswith("Gaining Control")


def test_caged_intruder_needs_carriers_by_stage() -> None:
    """Ruling R14: 1 carrier in stages 1-2, 2 in 3-4, 3 in 5-6; they move together."""
    g = moving(stage=3, crew={"co1": {"at": "b1", "carrying": ["cage1"]},
                              "co2": {"at": "b1"}},
               counters=[{"kind": "intruder", "at": "b1", "face_up": True, "caged": "cage1"}])
    e = refused(g, "move", crew="co1", to="command")
    assert e.rule == "ruling R14"
    act(g, "pick_up", crew="co2", item="cage1")
    act(g, "move", crew="co1", to="command")
    assert g.crew["co2"].at == "command" and g.crew["co2"].mp == 1
    caged = next(c for c in g.counters.values() if c.cage == "cage1")
    assert caged.at == "command"
