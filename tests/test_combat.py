"""Combat: Intruder attacks, target selection, Self Defense and the CRT with its restrictions."""

from __future__ import annotations

from helpers import act, of_type, position, powers, refused, rolls, token_of

import intruder_core as ic


def meeting(stage: int = 3, known: list[str] | None = None, crew: dict | None = None,
            dice: list[int] | None = None, **kw: object) -> ic.Game:
    """An Intruder already met (face up, powers known) with crew in Storage A-1."""
    fill = ["immune_shock", "very_fast", "fast_reflexes", "immune_vacuum", "extra_strong",
            "immune_sleep", "immune_cold"]
    return position(phase="interaction1", stage=stage, known=powers(stage, known or [], fill),
                    crew=crew or {"co1": {"at": "store_a1", "carrying": ["blaster1"]}},
                    counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                    dice=dice or [], **kw)



def test_no_attack_when_roll_misses() -> None:
    g = meeting(dice=[4])  # stage 3 attacks on 1-3
    assert of_type(g.log, "no_attack")
    assert g.step == "crew_actions"


def test_target_two_crewmen_one_to_three_and_four_to_six() -> None:
    crew = {"co1": {"at": "store_a1"}, "co2": {"at": "store_a1"}}
    g = meeting(crew=crew, dice=[1, 4])
    assert g.defense.target == "co2" if g.defense \
        else of_type(g.log, "attack_target")[0].data["crew"] == "co2"
    assert of_type(g.log, "attack_target")[0].data["crew"] == "co2"


def test_target_four_crewmen_reroll_unused_numbers() -> None:
    crew = {c: {"at": "store_a1"} for c in ("co1", "co2", "en1", "en2")}
    g = meeting(crew=crew, dice=[1, 6, 5, 3, 6])  # attack; 6, 5 unused; 3 -> third crewman
    assert len(of_type(g.log, "reroll")) == 2
    assert of_type(g.log, "attack_target")[0].data["crew"] == "en1"


def test_seven_crewmen_science_officers_not_attacked() -> None:
    ids = ("so1", "so2", "so3", "co1", "co2", "co3", "en1")
    crew = {c: {"at": "store_a1"} for c in ids}
    g = meeting(crew=crew, dice=[1, 1])
    assert of_type(g.log, "attack_target")[0].data["crew"] == "co1"


def test_kill_roll_by_stage() -> None:
    g = meeting(stage=3, crew={"co1": {"at": "store_a1"}}, dice=[1, 4])  # improvised? no
    # co1 carries nothing: Self Defense with improvised weapons is offered
    assert g.step == "defense"
    act(g, "no_defense")
    assert g.crew["co1"].status == "dead"  # kill on 1-4 in stage 3
    g = meeting(stage=3, crew={"co1": {"at": "store_a1"}}, dice=[1, 5])
    act(g, "no_defense")
    assert g.crew["co1"].status == "active"


def test_self_defense_by_another_crewman_and_ck_kills_the_target() -> None:
    crew = {"co1": {"at": "store_a1"}, "co2": {"at": "store_a1", "carrying": ["blaster1"]}}
    g = meeting(crew=crew, dice=[1, 1, 6])  # attacks co1; co2 defends; blaster SD 6 = CK
    events = act(g, "defend", crew="co2", weapon="blaster")
    assert g.crew["co1"].status == "dead" and g.crew["co2"].status == "active"
    assert of_type(events, "panic")  # a crewman was killed (ruling R19)


def test_self_defender_has_used_his_action() -> None:
    crew = {"co1": {"at": "store_a1"}, "co2": {"at": "store_a1", "carrying": ["blaster1"]},
            "co3": {"at": "store_a1"}}
    g = meeting(crew=crew, dice=[1, 1, 2])  # attacks co1; co2 defends: IR
    act(g, "defend", crew="co2", weapon="blaster")
    assert g.step == "crew_actions"
    refusal = refused(g, "attack", crew="co2", target=token_of(g, "intruder"), weapon="blaster")
    assert "already taken" in str(refusal)


def test_self_defense_ir_means_no_attack() -> None:
    g = meeting(dice=[1, 2])  # blaster SD 2 = IR
    act(g, "defend", crew="co1", weapon="blaster")
    assert g.crew["co1"].status == "active"
    assert len(rolls(g.log)) == 2  # no kill roll


def test_flamethrower_self_defense_k_plus_ck() -> None:
    g = meeting(crew={"co1": {"at": "store_a1", "carrying": ["flamethrower1"]}}, dice=[1, 1])
    act(g, "defend", crew="co1", weapon="flamethrower")
    assert g.crew["co1"].status == "dead"
    assert g.view("crew")["boxes"]["killed"] == 1


def test_blaster_resistant_column() -> None:
    g = meeting(known=["blaster_resistant"], dice=[4, 3])  # no attack; blaster 3
    act(g, "attack", crew="co1", target=token_of(g, "intruder"), weapon="blaster")
    assert g.view("crew")["boxes"]["killed"] == 0  # '-' in the Blaster* column
    g = meeting(dice=[4, 3])
    act(g, "attack", crew="co1", target=token_of(g, "intruder"), weapon="blaster")
    assert g.view("crew")["boxes"]["killed"] == 1  # K in the plain column


def test_immunity_reads_as_no_effect() -> None:
    g = meeting(known=["immune_gas"], crew={"co1": {"at": "store_a1", "carrying": ["gas1"]}},
                dice=[4, 1])
    events = act(g, "attack", crew="co1", target=token_of(g, "intruder"), weapon="gas")
    assert of_type(events, "immune")
    assert g.view("crew")["boxes"]["killed"] == 0


def test_stage_one_and_two_kill_only_in_self_defense() -> None:
    """Ruling R7."""
    g = meeting(stage=2, dice=[4])
    e = refused(g, "attack", crew="co1", target=token_of(g, "intruder"), weapon="blaster")
    assert "ruling R7" in e.rule
    g = meeting(stage=2, dice=[1, 1])
    act(g, "defend", crew="co1", weapon="blaster")
    assert g.view("crew")["boxes"]["killed"] == 1


def test_science_officer_never_fires_a_lethal_weapon() -> None:
    """Ruling R6, even in Self Defense."""
    g = meeting(crew={"so1": {"at": "store_a1", "carrying": ["blaster1", "dart1"]}},
                dice=[1, 3])
    options = {(a.get("crew"), a.get("weapon")) for a in g.legal_actions()}
    assert ("so1", "dart") in options and ("so1", "blaster") not in options
    e = refused(g, "defend", crew="so1", weapon="blaster")
    assert "ruling R6" in e.rule


def test_three_attacks_per_intruder_per_phase() -> None:
    crew = {c: {"at": "store_a1", "carrying": [f"blaster{i}" if i < 4 else "gas1"]}
            for i, c in enumerate(("co1", "co2", "co3", "en1"), 1)}
    g = meeting(crew=crew, dice=[4, 5, 5, 5])
    t = token_of(g, "intruder")
    for c, w in (("co1", "blaster"), ("co2", "blaster"), ("co3", "blaster")):
        act(g, "attack", crew=c, target=t, weapon=w)
    e = refused(g, "attack", crew="en1", target=t, weapon="gas")
    assert "three times" in str(e) and "ruling R8" in e.rule


def test_improvised_weapons_restrictions() -> None:
    g = meeting(crew={"co1": {"at": "store_a1", "carrying": ["cage1"]}}, dice=[4])
    t = token_of(g, "intruder")
    assert "too encumbered" in str(refused(g, "attack", crew="co1", target=t,
                                           weapon="improvised"))
    g = meeting(dice=[4])
    e = refused(g, "attack", crew="co1", target=token_of(g, "intruder"), weapon="improvised")
    assert "no carried weapon would be effective" in str(e)
    g = meeting(known=["immune_flame"], crew={"co1": {"at": "store_a1",
                                                      "carrying": ["flamethrower1"]}},
                dice=[4, 1])
    # a large object still encumbers him, effective or not
    assert "too encumbered" in str(refused(g, "attack", crew="co1",
                                           target=token_of(g, "intruder"),
                                           weapon="improvised"))


def test_sleep_dart_and_waking_a_turn_later() -> None:
    """Ruling R9: asleep for one complete turn; no movement, no attack; wakes at the segment."""
    g = meeting(stage=3, crew={"so1": {"at": "store_a1", "carrying": ["dart1"]}},
                dice=[4, 1, 6])
    act(g, "attack", crew="so1", target=token_of(g, "intruder"), weapon="dart")
    intruder = next(c for c in g.counters.values() if c.face_up and c.kind == "intruder")
    assert intruder.asleep and g.step == "move"
    events = act(g, "end_movement")  # metamorphosis 6; the sleeper does not attack
    assert rolls(events) == [6] and g.phase == "interaction2" and intruder.asleep
    events = []
    while g.turn == 1:  # turn 2: it does not move, and wakes at the segment
        events += act(g, "end_actions")
    assert g.turn == 2 and g.phase == "interaction1" and g.step == "crew_actions"
    assert not [e for e in events if e.type == "roll" and "movement" in e.data["purpose"]]
    assert not [e for e in events if e.type == "roll" and "attacks" in e.data["purpose"]]
    assert of_type(events, "asleep")
    assert of_type(events, "wake") and not intruder.asleep


def test_clones_each_attack_independently() -> None:
    g = position(phase="interaction1", stage=3,
                 known=["clone", "immune_shock", "very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "store_a1"}, "co2": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True},
                           {"kind": "intruder", "at": "store_a1", "face_up": True}],
                 dice=[4, 4])
    assert len(of_type(g.log, "no_attack")) == 2
