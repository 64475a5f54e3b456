"""Scenarios and optional rules: Return to Prometheus, Marines, Lost Crewmen, and the rest."""

from __future__ import annotations

import random

import pytest
from helpers import act, of_type, position, refused

import intruder_core as ic
from intruder_core.invariants import check_invariants


def random_game(scenario: str, seed: int, **options: object) -> ic.Game:
    g = ic.new_game(seed=seed, scenario=scenario, options=options)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        check_invariants(g)
    return g


def test_scenarios_listed_and_unknown_refused() -> None:
    assert set(ic.SCENARIOS) == {"solitaire", "intelligent_intruder", "return_to_prometheus",
                                 "science_officer"}
    with pytest.raises(ValueError):
        ic.new_game(scenario="chess")
    with pytest.raises(ValueError, match="lost_crewmen"):
        ic.new_game(scenario="intelligent_intruder", options={"lost_crewmen": True})
    with pytest.raises(ValueError, match="marines"):
        ic.new_game(options={"marines": True})


def test_return_to_prometheus_set_up() -> None:
    g = ic.new_game(seed=4, scenario="return_to_prometheus")
    assert g.stage == 6 and g.unknown == 0 and len(g.known) == 7
    powers = [e for e in g.log if e.type == "power"]
    assert len(powers) == 7
    intruders = [c for c in g.counters.values() if c.kind == "intruder" and c.at != "reserve"]
    assert len(intruders) == (5 if "clone" in g.known else 1)
    assert not any(c.at == "not_used" for c in g.counters.values())
    placed = of_type(g.log, "placed")[0].data["placed"]
    assert len(placed) == 12 + len(intruders)
    hidden = [e for e in g.log if e.type == "phase" and "Hidden movement" in e.text]
    assert len(hidden) == 3
    teams = {"airlock": {"co1", "en1", "so1"}, "dock1": {"co2", "en2", "so2"},
             "dock2": {"co3", "en3", "so3"}}
    for dock, team in teams.items():
        assert {c.id for c in g.crew.values() if c.at == dock} >= team or g.turn > 1
    assert set(g.shuttles) == {"shuttle1", "shuttle2", "shuttle3"}


def test_return_to_prometheus_team_kit() -> None:
    g = ic.new_game(seed=4, scenario="return_to_prometheus")
    for n, dock in enumerate(("airlock", "dock1", "dock2"), 1):
        for kind in ("blaster", "dart", "flamethrower", "gas", "cage"):
            item = g.items[f"{kind}{n}"]
            assert item.at == dock or item.carriers or item.at == "lost"


def test_marines_fire_every_weapon_and_carry_nothing() -> None:
    g = position(scenario="return_to_prometheus", options={"marines": True},
                 phase="interaction1", stage=3,
                 known=["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "store_a1"}, "so1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True},
                           {"kind": "lab_animal", "at": "store_a1", "face_up": True}],
                 dice=[4, 6])
    weapons = {a.get("weapon") for a in g.legal_actions()
               if a.type == "attack" and a.get("crew") == "co1"}
    assert weapons >= {"blaster", "gas", "flamethrower", "dart"}
    animal = next(c.token for c in g.counters.values() if c.kind == "lab_animal")
    assert any(a.type == "attack" and a.get("target") == animal and a.get("crew") == "co1"
               for a in g.legal_actions())
    assert not any(a.type == "attack" and a.get("target") == animal and a.get("crew") == "so1"
                   for a in g.legal_actions())
    g2 = position(scenario="return_to_prometheus", options={"marines": True},
                  phase="crew_movement", crew={"en1": {"at": "lab"}})
    e = refused(g2, "pick_up", crew="en1", item="cage1")
    assert "Marines" in e.rule


def test_marine_kills_a_lab_animal() -> None:
    g = position(scenario="return_to_prometheus", options={"marines": True},
                 phase="interaction2", crew={"co1": {"at": "lab"}},
                 counters=[{"kind": "lab_animal", "at": "lab"}], dice=[1])
    animal = next(c.token for c in g.counters.values() if c.kind == "lab_animal")
    act(g, "attack", crew="co1", target=animal, weapon="blaster")
    assert g.view("crew")["boxes"]["lost"] == 1


def test_lost_crewman_hides_and_is_found() -> None:
    g = position(options={"lost_crewmen": True}, phase="interaction1", stage=3,
                 known=["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 dice=[1, 1, 6, 6])  # attack co1, killed; Panic, no metamorphosis
    if g.step == "defense":
        act(g, "no_defense")
    lost = of_type(g.log, "lost_crewman")
    assert len(lost) == 1
    who = g.crew[lost[0].data["crew"]]
    assert who.status == "lost"
    view = g.view("crew")
    entry = next(c for c in view["crew"] if c["id"] == who.id)
    assert entry["status"] == "lost" and entry["at"] is None
    proxy = g.counters["lost_" + who.id]
    assert any(c["token"] == proxy.token and not c["face_up"] for c in view["counters"])
    assert "crewman" not in str([c for c in view["counters"] if not c["face_up"]])
    # an Interaction with him finds him
    finder = next(c for c in g.station_crew())
    finder.at = proxy.at
    from intruder_core import interaction
    interaction.begin(g, 1)
    assert who.status == "active" and who.at == proxy.at
    assert of_type(g._events, "found")


@pytest.mark.parametrize("scenario,options", [
    ("return_to_prometheus", {}),
    ("return_to_prometheus", {"marines": True, "lost_crewmen": True}),
    ("solitaire", {"lost_crewmen": True}),
])
def test_scenarios_random_play_keeps_invariants(scenario: str, options: dict) -> None:
    for seed in range(12):
        g = random_game(scenario, seed, **options)
        assert g.result is not None
        assert sum(1 for c in g.crew.values() if c.status in ("active", "lost", "dead",
                                                               "escaped")) == 9
