"""One scripted example for each of the eleven Intruder powers (Intruder Powers Chart).

Very Fast is shown twice: in the Random Movement System and in the Intelligent Intruder's
movement, each with the second step it grants and the stop on meeting crew.
"""

from __future__ import annotations

from helpers import act, intruder, of_type, position, powers, refused, rolls, token_of

import intruder_core as ic

# Powers that change nothing in these examples, to make up the number the chart gives.
NEUTRAL = ["immune_vacuum", "immune_cold", "fast_reflexes", "very_fast"]


def met(stage: int, known: list[str], crew: dict, dice: list[int],
        phase: str = "interaction1", **kw: object) -> ic.Game:
    """A face-up Intruder met in Storage A-1: the powers given, made up with NEUTRAL ones."""
    return position(phase=phase, stage=stage, known=powers(stage, known, NEUTRAL), crew=crew,
                    dice=dice,
        counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}], **kw)


def hidden_movement(known: list[str], dice: list[int], at: str = "shaft1") -> ic.Game:
    """One face-down Intruder alone at `at` when a turn's random movement begins."""
    return position(phase="movement", stage=2, known=known, unknown=0,
                    counters=[{"kind": "intruder", "at": at}], dice=dice, strict_dice=False)


# --- 2 Immune to Shock --------------------------------------------------------------------

def test_immune_to_shock_cannot_be_prodded() -> None:
    g = met(3, ["immune_shock"], {"co1": {"at": "store_a1", "carrying": ["prod1"]}}, [4])
    e = refused(g, "prod", crew="co1", target=token_of(g, "intruder"))
    assert e.rule == "Immune to Shock"
    g = met(3, ["immune_cold"], {"co1": {"at": "store_a1", "carrying": ["prod1"]}}, [4, 1])
    act(g, "prod", crew="co1", target=token_of(g, "intruder"))
    assert intruder(g).controlled_by == "co1"


# --- 3 Fast Reflexes ----------------------------------------------------------------------

def test_fast_reflexes_holds_on_in_the_airlock_and_climbs_back_next_movement() -> None:
    g = position(phase="interaction2", stage=3, known=["fast_reflexes", "immune_gas",
                        "immune_shock", "immune_cold"],
                 crew={"co1": {"at": "a2"}},
                 counters=[{"kind": "intruder", "at": "airlock", "face_up": True}],
                 dice=[6])  # metamorphosis roll: none
    events = act(g, "open_airlock", crew="co1", airlock="airlock")
    # co1 has acted: the turn runs on to the next movement phase, where it climbs back in
    types = [(e.type, e.rule) for e in events]
    assert types.index(("holds_on", "Fast Reflexes")) < types.index(("move", "Fast Reflexes"))
    back = [e for e in events if e.type == "move" and e.rule == "Fast Reflexes"]
    assert back[0].data["to"] == "a2"
    assert not intruder(g).returning and g.view("crew")["boxes"]["killed"] == 0


def test_without_fast_reflexes_the_airlock_kills() -> None:
    g = position(phase="interaction2", stage=3, known=["immune_gas", "immune_flame",
                        "immune_shock", "immune_cold"],
                 crew={"co1": {"at": "a2"}},
                 counters=[{"kind": "intruder", "at": "airlock", "face_up": True}])
    act(g, "open_airlock", crew="co1", airlock="airlock")
    assert intruder(g).at == "killed"


# --- 4 Immune to Vacuum -------------------------------------------------------------------

def test_immune_to_vacuum_survives_outside_and_the_crew_loses() -> None:
    g = position(phase="interaction2", stage=3, known=["immune_vacuum", "immune_gas",
                        "immune_shock", "immune_cold"],
                 crew={"co1": {"at": "a2"}},
                 counters=[{"kind": "intruder", "at": "airlock", "face_up": True}])
    act(g, "open_airlock", crew="co1", airlock="airlock")
    assert intruder(g).at == "escaped" and of_type(g.log, "escaped")
    assert g.is_over and g.result is not None and g.result["outcome"] == "loss"


# --- 5 Immune to Cold ---------------------------------------------------------------------

def test_immune_to_cold_is_held_in_the_freezer_as_if_caged() -> None:
    def freezer(known: list[str]) -> ic.Game:
        g = position(phase="interaction2", stage=1, known=known, crew={"co1": {"at": "command"}},
                     counters=[{"kind": "intruder", "at": "freezer", "face_up": True}])
        act(g, "freeze", crew="co1")
        return g

    g = freezer(["immune_cold", "immune_gas"])
    assert intruder(g).cage == "freezer" and intruder(g).at == "freezer" and not g.is_over
    g = freezer(["immune_gas", "immune_flame"])
    assert intruder(g).at == "frozen"


# --- 6 Very Fast --------------------------------------------------------------------------

def test_very_fast_moves_twice_in_random_movement() -> None:
    # Access Shaft #1: 3 -> Storage A-1; Storage A-1: 1 -> Corridor A-1 (no crew on the way)
    g = hidden_movement(["very_fast", "immune_gas", "immune_flame"], [3, 1])
    moves = [e.data["to"] for e in g.log if e.type == "move" and e.data.get("token")]
    assert moves == ["store_a1", "a1"] and intruder(g).at == "a1"
    assert [e.data["die"] for e in of_type(g.log, "roll")][:2] == [3, 1]


def test_without_very_fast_one_move_in_random_movement() -> None:
    g = hidden_movement(["immune_gas", "immune_flame", "immune_sleep"], [3, 1])
    moves = [e.data["to"] for e in g.log if e.type == "move" and e.data.get("token")]
    assert moves == ["store_a1"] and intruder(g).at == "store_a1"


def test_very_fast_face_down_counter_stops_on_meeting_crew() -> None:
    # Access Shaft #1: 1 -> Power, where Engineer 1 stands at set-up: the second step is lost
    g = hidden_movement(["very_fast", "immune_gas", "immune_flame"], [1, 1])
    moves = [e.data["to"] for e in g.log if e.type == "move" and e.data.get("token")]
    assert moves == ["power"]
    movement_rolls = [e for e in of_type(g.log, "roll") if "random movement" in e.data["purpose"]]
    assert len(movement_rolls) == 1


def test_very_fast_stays_put_on_a_blank_number() -> None:
    g = hidden_movement(["very_fast", "immune_gas", "immune_flame"], [5, 1])
    assert intruder(g).at == "shaft1"
    assert not [e for e in g.log if e.type == "move" and e.data.get("token")]


def ii_movement(known: list[str]) -> ic.Game:
    """The Intruder player's movement: an Intruder in Access Shaft #1, a Dummy far away (so
    the phase does not end by itself when the Intruder has no move left)."""
    g = position(scenario="intelligent_intruder", phase="movement", stage=2, known=known,
                 unknown=0, counters=[{"kind": "intruder", "at": "shaft1"},
                                      {"kind": "dummy", "at": "store_c2"}])
    assert g.step == "intruder_move"
    return g


def test_very_fast_two_steps_for_the_intelligent_intruder() -> None:
    g = ii_movement(["very_fast", "immune_gas", "immune_flame"])
    t = intruder(g).token
    act(g, "move_counter", token=t, to="store_a1")
    assert {a["to"] for a in g.legal_actions("intruder")
            if a.type == "move_counter" and a["token"] == t} == {"a1", "shaft1"}
    act(g, "move_counter", token=t, to="a1")
    assert not [a for a in g.legal_actions("intruder") if a.get("token") == t]
    e = refused(g, "move_counter", token=t, to="a2")
    assert "two if Very Fast" in str(e)


def test_one_step_for_the_intelligent_intruder_without_very_fast() -> None:
    g = ii_movement(["immune_gas", "immune_flame", "immune_sleep"])
    t = intruder(g).token
    act(g, "move_counter", token=t, to="store_a1")
    assert not [a for a in g.legal_actions("intruder") if a.get("token") == t]
    assert "one compartment" in str(refused(g, "move_counter", token=t, to="a1"))


def test_very_fast_intelligent_intruder_face_down_stops_on_crew() -> None:
    g = ii_movement(["very_fast", "immune_gas", "immune_flame"])
    t = intruder(g).token
    act(g, "move_counter", token=t, to="power")  # Engineer 1 is in Power
    assert not [a for a in g.legal_actions("intruder") if a.get("token") == t]
    assert "one compartment" in str(refused(g, "move_counter", token=t, to="c1"))


# --- 7 Clone ------------------------------------------------------------------------------

def test_clone_adds_intruders_to_the_clones_box_by_the_chart() -> None:
    # stage 3: 4 powers, 2 Intruders. Dice: no attack (4); powers 3+4 = 7 Clone
    g = position(phase="interaction1", stage=3, known=["immune_gas", "immune_flame",
                                                       "immune_sleep"], unknown=1,
                 crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}], dice=[4, 3, 4])
    assert "clone" in g.known and of_type(g.log, "clone")
    assert g.view("crew")["boxes"]["clones_pending"] == 1
    g = position(phase="interaction1", stage=3, known=["immune_gas", "immune_flame",
                                                       "immune_sleep"], unknown=1,
                 crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}], dice=[4, 4, 4])  # 8
    assert "clone" not in g.known and g.view("crew")["boxes"]["clones_pending"] == 0


# --- 8 Extra Strong -----------------------------------------------------------------------

def test_extra_strong_breaks_out_of_a_cage_at_once() -> None:
    crew = {"co1": {"at": "store_a1", "carrying": ["cage1"]}, "co2": {"at": "store_a1"}}
    g = met(1, ["extra_strong"], crew, [4, 1])  # no attack; caged on 1
    act(g, "cage", crew="co1", target=token_of(g, "intruder"))
    assert of_type(g.log, "caged") and of_type(g.log, "break_out")
    assert intruder(g).cage is None and g.items["cage1"].contents is None
    g = met(1, ["immune_gas"], crew, [4, 1])
    act(g, "cage", crew="co1", target=token_of(g, "intruder"))
    assert intruder(g).cage == "cage1"


# --- 9 Immune to Flame, 10 Immune to Gas, 11 Immune to Sleep Darts ------------------------

def attack_with(weapon: str, item: str, known: list[str], die: int) -> tuple[ic.Game,
                                                                               list[ic.Event]]:
    crew = {"en1": {"at": "store_a1", "carrying": [item]}}
    g = met(3, known, crew, [4, die])  # no attack, then the CRT die
    return g, act(g, "attack", crew="en1", target=token_of(g, "intruder"), weapon=weapon)


def test_immune_to_flame() -> None:
    g, events = attack_with("flamethrower", "flamethrower1", ["immune_flame"], 1)
    assert of_type(events, "immune") and intruder(g).at == "store_a1"
    g, events = attack_with("flamethrower", "flamethrower1", ["immune_gas"], 1)
    assert intruder(g).at == "killed"


def test_immune_to_gas() -> None:
    g, events = attack_with("gas", "gas1", ["immune_gas"], 1)
    assert of_type(events, "immune") and intruder(g).at == "store_a1"
    g, events = attack_with("gas", "gas1", ["immune_flame"], 1)
    assert not of_type(events, "immune") and of_type(events, "attack")[0].data["effects"]


def test_immune_to_sleep_darts() -> None:
    g, events = attack_with("dart", "dart1", ["immune_sleep"], 1)
    assert of_type(events, "immune") and not intruder(g).asleep
    g, events = attack_with("dart", "dart1", ["immune_gas"], 1)
    assert intruder(g).asleep


# --- 12 Blaster Resistant -----------------------------------------------------------------

def test_blaster_resistant_reads_its_own_crt_column() -> None:
    g, events = attack_with("blaster", "blaster1", ["blaster_resistant"], 3)
    assert intruder(g).at == "store_a1"  # '-' on 3 in the Blaster* column
    assert of_type(events, "attack")[0].data["effects"] == []
    g, events = attack_with("blaster", "blaster1", ["immune_gas"], 3)
    assert intruder(g).at == "killed"  # K on 3 in the Blaster column
    assert of_type(events, "attack")[0].data["effects"] == ["K"]


def test_blaster_resistant_self_defense_column() -> None:
    crew = {"co1": {"at": "store_a1", "carrying": ["blaster1"]}}
    g = met(3, ["blaster_resistant"], crew, [1, 1])  # attacks co1; Self Defense 1: IR
    act(g, "defend", crew="co1", weapon="blaster")
    assert intruder(g).at == "store_a1" and g.crew["co1"].status == "active"
    g = met(3, ["immune_gas"], crew, [1, 1])  # Self Defense 1 in the Blaster column: K
    act(g, "defend", crew="co1", weapon="blaster")
    assert intruder(g).at == "killed"


def test_the_crt_die_is_the_scripted_one() -> None:
    _, events = attack_with("blaster", "blaster1", ["blaster_resistant"], 3)
    assert rolls(events) == [3]
