"""Every worked example in the rulebook, replayed roll by roll with scripted dice."""

from __future__ import annotations

import pytest
from helpers import act, of_type, position, rolls, token_of

import intruder_core as ic


@pytest.mark.parametrize(("die", "where"), [
    (1, "a1"), (2, "shaft2"), (3, "shaft2"), (4, "living"), (5, "mess"), (6, "mess"),
])
def test_mess_movement_example(die: int, where: str) -> None:
    """Random Movement System: a counter in the Crew's Mess, by the blue numbers."""
    g = position(phase="movement", dice=[die],
                 counters=[{"kind": "dummy", "at": "mess"}])
    first = of_type(g.log, "roll")[0]
    assert first.data["die"] == die and first.rule == "Random Movement System"
    moved = [e for e in g.log if e.type == "move" and e.data["token"] == "c1"]
    if where == "mess":
        assert moved == []
    else:
        assert moved[0].data["to"] == where


def test_combat_example() -> None:
    """COMBAT EXAMPLE: Science Officer and Command Officer meet a Life Stage 3 Intruder."""
    g = position(
        phase="interaction1", stage=3, unknown=4,
        crew={"so1": {"at": "store_a1", "carrying": ["dart1"]},
              "co1": {"at": "store_a1", "carrying": ["flamethrower1", "blaster1"]}},
        counters=[{"kind": "intruder", "at": "store_a1"}, {"kind": "dummy", "at": "store_a1"}],
        dice=[2,  # the Intruder attacks on 1-3
              2,  # SO assigned 1-3, CO 4-6: the Science Officer is attacked
              1, 2, 2, 3, 4, 4, 4, 5,  # powers 3, 5, 8, 9
              3,  # SO's Self Defense with the Sleep Dart: "-" on the right of the slash
              2,  # kill on 1-4: the Science Officer is killed
              1],  # CO's Blaster: 1, +1 for the death = 2, still K
    )
    reveals = of_type(g.log, "reveal")
    assert [e.data["kind"] for e in reveals] == ["intruder", "dummy"]
    assert g.view("crew")["boxes"]["discovered"] == 1
    assert g.known == ["fast_reflexes", "immune_cold", "extra_strong", "immune_flame"]
    assert [e.data["crew"] for e in of_type(g.log, "attack_target")] == ["so1"]
    assert g.step == "defense"
    legal = {a.key() for a in g.legal_actions()}
    assert ic.Action.make("defend", crew="so1", weapon="dart").key() in legal
    assert ic.Action.make("defend", crew="so1", weapon="improvised").key() not in legal  # R6
    events = act(g, "defend", crew="so1", weapon="dart")
    assert rolls(events) == [3, 2]
    assert g.crew["so1"].status == "dead"
    assert g.step == "crew_actions"
    intruder = token_of(g, "intruder")
    events = act(g, "attack", crew="co1", target=intruder, weapon="blaster")
    assert rolls(events)[0] == 1
    shaken = of_type(events, "shaken")
    assert shaken and shaken[0].data["die"] == 2 and shaken[0].rule == "ruling R5"
    assert of_type(events, "intruder_killed")
    assert g.view("crew")["boxes"]["killed"] == 1
    assert g.is_over and g.result is not None
    assert g.result["score"] == 7 - 5


def test_power_reroll_example() -> None:
    """Powers: 5 (Immune to Cold), 5 again (rerolled), then 7 (Clone)."""
    g = position(phase="interaction1", crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}],
                 dice=[6,  # no attack (1-3)
                       2, 3, 1, 4, 3, 4])
    assert g.known == ["immune_cold", "clone"]
    assert len(of_type(g.log, "power_reroll")) == 1
    assert rolls(g.log)[:7] == [6, 2, 3, 1, 4, 3, 4]


def test_first_clone_example() -> None:
    """Life Stage 3, Immune to Gas and Flame known; rolls Vacuum and Clone: one Clone waits."""
    g = position(phase="interaction1", stage=3, known=["immune_gas", "immune_flame"],
                 crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}],
                 dice=[6, 1, 3, 3, 4])
    assert g.known[2:] == ["immune_vacuum", "clone"]
    assert g.view("crew")["boxes"]["clones_pending"] == 1


def test_second_clone_example() -> None:
    """One Clone on the map, one frozen; metamorphosis to stage 4 adds a third, not yet in play."""
    g = position(phase="metamorphosis", stage=3,
                 known=["immune_gas", "immune_flame", "immune_vacuum", "clone"],
                 counters=[{"kind": "intruder", "at": "store_c2"},
                           {"kind": "intruder", "at": "frozen"}],
                 dice=[1])
    assert g.stage == 4
    boxes = g.view("crew")["boxes"]
    assert boxes["clones_pending"] == 1 and boxes["frozen"] == 1


def test_third_clone_example() -> None:
    """A frozen Clone is not thawed when the others later gain Immune to Cold."""
    g = position(phase="interaction2", stage=4,
                 known=["immune_gas", "immune_flame", "clone"], unknown=2,
                 crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"},
                           {"kind": "intruder", "at": "frozen"},
                           {"kind": "intruder", "at": "clones_pending"}],
                 dice=[6, 2, 3, 1, 1])  # no attack; Immune to Cold (5); Immune to Shock (2)
    assert "immune_cold" in g.known
    frozen = next(c for c in g.counters.values() if c.at == "frozen")
    assert frozen.final_powers is not None and "immune_cold" not in frozen.final_powers
    assert frozen.final_stage == 4
    assert sum(1 for e in g.ledger if e["kind"] == "intruder_captured") == 1
