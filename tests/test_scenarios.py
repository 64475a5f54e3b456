"""Scenarios and optional rules: Return to Prometheus, Marines, Lost Crewmen, and the rest."""

from __future__ import annotations

import random

import pytest
from helpers import act, of_type, position, random_play, refused

import intruder_core as ic
from intruder_core.invariants import check_invariants
from intruder_core.lost import counter_of
from intruder_core.pieces import station_crew


def random_game(scenario: str, seed: int, **options: object) -> ic.Game:
    g = ic.new_game(seed=seed, scenario=scenario, options=options)
    for _ in random_play(g, seed):
        check_invariants(g)
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
    proxy = g.counters[counter_of(g, who)]
    assert any(c["token"] == proxy.token and not c["face_up"] for c in view["counters"])
    assert "crewman" not in str([c for c in view["counters"] if not c["face_up"]])
    # an Interaction with him finds him
    finder = next(c for c in station_crew(g))
    finder.at = proxy.at
    from intruder_core import flow
    flow.begin_interaction(g, 1)
    assert who.status == "active" and who.at == proxy.at
    assert of_type(g.events, "found")


@pytest.mark.parametrize("scenario,options", [
    ("return_to_prometheus", {}),
    ("return_to_prometheus", {"marines": True, "lost_crewmen": True}),
    ("solitaire", {"lost_crewmen": True}),
])
def test_scenarios_random_play_keeps_invariants(scenario: str, options: dict) -> None:
    for seed in range(12):
        g = random_game(scenario, seed, **options)
        assert g.result["score"] == sum(e["points"] for e in g.ledger)
        assert sum(1 for c in g.crew.values() if c.status in ("active", "lost", "dead",
                                                               "escaped")) == 9


def ii_game(seed: int = 1) -> ic.Game:
    return ic.new_game(seed=seed, scenario="intelligent_intruder")


def test_intelligent_intruder_moves_counters_at_will() -> None:
    g = ii_game()
    assert g.step == "intruder_move" and g.to_move() == ["intruder"]
    assert g.legal_actions("crew") == []
    moves = [a for a in g.legal_actions("intruder") if a.type == "move_counter"]
    first = moves[0]
    act(g, "move_counter", token=first["token"], to=first["to"])
    e = refused(g, "move_counter", token=first["token"], to="command")
    assert "one compartment" in str(e) or "not adjacent" in str(e)
    assert not any(a.type == "move_counter" and a.get("to") in ("arms", "freezer", "computer")
                   for a in g.legal_actions("intruder"))
    act(g, "end_intruder_movement")
    assert g.phase != "movement" or g.step != "intruder_move"
    assert not [e for e in g.log if e.type == "roll" and "random movement" in e.data["purpose"]]


def test_intelligent_intruder_chooses_its_victim() -> None:
    g = position(scenario="intelligent_intruder", phase="interaction1", stage=3,
                 known=["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "store_a1"}, "so1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}], dice=[1])
    assert g.step == "intruder_attack" and g.to_move() == ["intruder"]
    t = g.view("intruder")["counters"][0]["token"]
    act(g, "intruder_attack", token=t, crew="so1")
    assert of_type(g.log, "attack_target")[0].data["crew"] == "so1"
    assert not [e for e in g.log if e.type == "roll" and "attacks" in e.data["purpose"]]


def test_intelligent_intruder_opens_cages_and_destroys_objects() -> None:
    g = position(scenario="intelligent_intruder", phase="movement",
                 items={"cage1": "lab", "blaster1": "lab"},
                 counters=[{"kind": "intruder", "at": "lab"},
                           {"kind": "lab_animal", "at": "lab", "face_up": True,
                            "caged": "cage1"},
                           {"kind": "lab_animal", "at": "caged_lab"}])
    t = next(c.token for c in g.counters.values() if c.kind == "intruder")
    act(g, "destroy", token=t, item="blaster1")
    assert g.items["blaster1"].at == "lost"
    act(g, "open_cage", token=t, item="cage1")
    assert g.items["cage1"].contents is None
    act(g, "open_lab_cages", token=t)
    assert g.view("crew")["boxes"]["caged_lab"] == 0


def test_intruder_view_shows_identities_crew_view_does_not() -> None:
    g = ii_game(3)
    crew = g.view("crew")
    intruder = g.view("intruder")
    assert all("kind" not in c for c in crew["counters"] if not c["face_up"])
    assert all("kind" in c for c in intruder["counters"])
    with pytest.raises(ValueError):
        ic.new_game(seed=1).view("intruder")


def so_game(seed: int = 2) -> ic.Game:
    return ic.new_game(seed=seed, scenario="science_officer")


def test_science_officer_players_command_their_own_crew() -> None:
    g = so_game()
    while g.step != "move":
        g.apply(g.legal_actions()[-1])
    assert set(g.to_move()) == {"command", "science"}
    science = g.legal_actions("science")
    assert science and all(a.get("crew", "so")[:2] == "so" for a in science
                           if a.get("crew") is not None)
    assert all(g.owner(a) == "command" for a in g.legal_actions("command"))
    act(g, "end_movement", player="science")
    assert g.phase == "crew_movement" and g.to_move() == ["command"]
    e = refused(g, "move", crew="so1", to="b1")
    assert "already passed" in str(e)
    act(g, "end_movement", player="command")
    assert g.phase != "crew_movement" or g.turn > 1


def test_science_officer_scores_by_its_own_table() -> None:
    from intruder_core.scoring import science_officer_result
    g = so_game()
    g.ledger = [{"kind": "intruder_captured", "what": "x", "points": 15}]
    g.crew["so1"].status = "dead"
    g.crew["so1"].at = None
    r = science_officer_result(g, "win")
    assert r["scores"] == {"science": 20 - 3, "command": 15}
    assert r["winner"] == "science"
    g.ledger = [{"kind": "intruder_killed", "what": "x", "points": 7}]
    r = science_officer_result(g, "win")
    assert r["scores"] == {"science": -5 - 3, "command": 7} and r["winner"] == "command"
    g.ledger = []
    assert science_officer_result(g, "loss")["winner"] == "intruder"


def test_intruder_ai_plays_whole_games_from_its_own_view() -> None:
    from intruder_core.bots import intruder_ai
    wins = {"crew": 0, "intruder": 0, None: 0}
    for seed in range(6):
        g = ii_game(seed)
        rng = random.Random(seed)
        for turn in random_play(g, rng, first_side=True):
            if g.to_move()[0] == "intruder":
                turn.action, why = intruder_ai.choose(g.view("intruder"), turn.legal, rng)
                assert turn.action in turn.legal and why
        wins[g.result.get("winner")] += 1
    assert wins["intruder"] >= 4
