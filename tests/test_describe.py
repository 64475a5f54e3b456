"""intruder_core.describe: every word, cost and hint it gives the page holds in the engine."""

from __future__ import annotations

import pytest

import intruder_core as ic
from intruder_core import describe
from intruder_core.crew_movement import MP_PER_TURN
from intruder_core.station import ADJACENT, CONSTRUCTION_AT, SHAFTS


def rows(g: ic.Game) -> list[describe.Row]:
    return [(n, a.to_dict(), a.label, a.rule) for n, a in enumerate(g.legal_actions())]


def at_start(crew: dict[str, object], **more: object) -> ic.Game:
    return ic.Game.from_position({"phase": "crew_movement", "crew": crew, **more})


def test_every_kind_has_its_name_and_short_name() -> None:
    kinds = {c.kind for c in ic.new_game(seed=2).counters.values()}
    assert kinds == set(describe.KIND_NAMES) == set(describe.KIND_SHORT)
    assert describe.kind_name("lab_animal") == "Lab Animal"
    assert describe.kind_name("nothing") == "Counter"


@pytest.mark.parametrize("shaft", sorted(SHAFTS))
def test_a_shafts_entry_cost_is_what_a_move_into_it_costs(shaft: str) -> None:
    start = next(c for c in ADJACENT[shaft] if c not in SHAFTS)
    g = at_start({"co1": {"at": start}}, counters=[{"kind": "intruder", "at": "dock2"}])
    move = next(a for a in g.legal_actions() if a.type == "move" and a["to"] == shaft)
    g.apply(move)
    words = describe.entry_words(shaft)
    assert words == f"entry {MP_PER_TURN - g.crew['co1'].mp} MP"
    assert describe.entry_words(start) == ""


def test_the_pick_up_cost_is_what_the_engine_takes() -> None:
    g = at_start({"so1": {"at": "arms"}}, items={"dart1": "arms", "gas1": "arms"},
                 counters=[{"kind": "intruder", "at": "dock2"}])
    first = next(a for a in g.legal_actions() if a.type == "pick_up")
    assert describe.action_cost(g.view("crew"), first.to_dict()) == \
        f" ({describe.PICKUP_MP} MP)"
    assert describe.cost_hints(g.view("crew"), "so1", rows(g))
    g.apply(first)
    assert g.crew["so1"].mp == MP_PER_TURN - describe.PICKUP_MP
    second = next(a for a in g.legal_actions() if a.type == "pick_up")
    assert describe.action_cost(g.view("crew"), second.to_dict()) == " (free: already paid)"
    g.apply(second)
    assert g.crew["so1"].mp == MP_PER_TURN - describe.PICKUP_MP  # free, as the button said
    assert describe.cost_hints(g.view("crew"), "so1", rows(g)) == []


def test_constructing_takes_the_points_its_button_says() -> None:
    g = at_start({"en1": {"at": CONSTRUCTION_AT}}, counters=[{"kind": "intruder", "at": "dock2"}])
    work = next(a for a in g.legal_actions() if a.type == "construct")
    assert describe.action_cost(g.view("crew"), work.to_dict()) == f" (all {MP_PER_TURN} MP)"
    g.apply(work)
    assert g.crew["en1"].mp == 0


def test_a_full_load_explains_the_missing_pick_ups_in_the_engines_words() -> None:
    g = at_start({"co1": {"at": "mess", "carrying": ["cage1", "dart1"]}},
                 items={"gas1": "mess", "blaster1": "mess"},
                 counters=[{"kind": "intruder", "at": "dock2"}])
    assert not any(a.type == "pick_up" and a["crew"] == "co1" for a in g.legal_actions())
    hints = describe.missing_hints(g.view("crew"), "co1", rows(g), g.why_illegal)
    assert [str(h) for h in hints][:1] == [  # both objects refused for one reason: one line
        "No pick-up of the Blaster 1 or the Gas Canister 1: Command Officer 1 cannot carry "
        "more: one large and one small object, or three small ones (Crew Movement)"]
    assert hints[0].rule == "Crew Movement"


def test_no_points_left_explains_the_missing_moves() -> None:
    g = at_start({"co1": {"at": "mess", "mp": 0}}, counters=[{"kind": "intruder", "at": "dock2"}])
    hints = describe.missing_hints(g.view("crew"), "co1", rows(g), g.why_illegal)
    moves = [h for h in hints if h.text.startswith("No move to ")]
    assert moves and all(h.rule == "Crew Movement" for h in moves)
    assert any("each move costs 1" in h.text for h in moves)
    assert describe.missing_hints(g.view("crew"), "en1", rows(g), g.why_illegal) == []


def test_a_hint_never_names_a_face_down_counters_kind() -> None:
    g = at_start({"co1": {"at": "mess", "carrying": ["blaster1"]}},
                 counters=[{"kind": "lab_animal", "at": "mess"}, {"kind": "dummy", "at": "mess"},
                           {"kind": "intruder", "at": "dock2"}])
    asked: list[dict[str, object]] = []

    def why(a: dict[str, object]) -> ic.IllegalAction | None:
        asked.append(a)
        return g.why_illegal(a)

    hints = describe.missing_hints(g.view("crew"), "co1", rows(g), why)
    assert [h.text for h in hints] == [
        "No attacks now: crew Actions are taken in a Crew Action Segment"]
    tokens = {c["token"] for c in g.view("crew")["counters"]}
    assert not any(a.get("target") in tokens for a in asked)  # never probed
    words = " ".join(map(str, hints))
    assert "Lab Animal" not in words and "Dummy" not in words


def test_in_an_interaction_a_face_up_counter_with_him_gets_its_answer() -> None:
    g = ic.Game.from_position({
        "phase": "interaction1", "crew": {"so1": {"at": "mess", "carrying": ["blaster1", "gas1"]},
                                          "en1": {"at": "b1"}},
        "counters": [{"kind": "lab_animal", "at": "mess", "face_up": True},
                     {"kind": "intruder", "at": "dock2"}]})
    while g.view("crew")["decision"]["step"] not in ("crew_actions", "free_actions"):
        g.apply(g.legal_actions()[0])
    view = g.view("crew")
    token = next(c["token"] for c in view["counters"] if c["at"] == "mess")
    texts = [h.text for h in describe.missing_hints(view, "so1", rows(g), g.why_illegal)]
    assert f"No catch of the Lab Animal {token}: Science Officer 1 is too encumbered: no " \
        "large object and at most one small one (drop the rest first)" in texts, texts
    away = [h.text for h in describe.missing_hints(view, "en1", rows(g), g.why_illegal)]
    assert away[:1] == ["No moves now: that is a Function of the Crew Movement Phase"]


def test_a_counters_state_in_words() -> None:
    c: describe.CounterView = {"token": "c1", "at": "lab", "face_up": True, "kind": "intruder",
                               "asleep": True, "caged": True, "controlled_by": "co1",
                               "held_by": None}
    assert describe.counter_states(c, 2, str.upper) == [
        "Life Stage 2", "asleep", "caged", "controlled by CO1"]
    animal: describe.CounterView = {"token": "c2", "at": "lab", "face_up": True,
                                    "kind": "lab_animal", "held_by": "so1"}
    assert describe.counter_states(animal, 2, str.upper) == ["held by SO1"]


def in_the_mess(attacks: int, known: list[str] | None = None,
                so1: list[str] | None = None) -> ic.Game:
    """An Interaction in the Crew's Mess with a face-up Stage 5 Intruder (c3), already attacked
    `attacks` times this phase; Science Officer 1 carries `so1`, Command Officer 1 a Gas
    Canister."""
    return ic.Game.from_position({
        "phase": "interaction1", "stage": 5, "known": known or [],
        "crew": {"so1": {"at": "mess", "carrying": so1 or ["blaster1", "dart1"]},
                 "co1": {"at": "mess", "carrying": ["gas1"]}},
        "counters": [{"kind": "intruder", "at": "mess", "face_up": True, "token": "c3"}],
        "interaction": {"at": "mess", "attacks": {"c3": attacks}}})


def test_a_science_officers_missing_blaster_attack_is_explained_with_ruling_r6() -> None:
    g = in_the_mess(0)
    offered = [a.to_dict() for a in g.legal_actions() if a.get("crew") == "so1"]
    assert {"type": "attack", "crew": "so1", "target": "c3", "weapon": "dart"} in offered
    hints = describe.missing_hints(g.view("crew"), "so1", rows(g), g.why_illegal)
    attack = [h for h in hints if h.text.startswith("No attack")]
    assert [str(h) for h in attack] == [
        "No attack on the Intruder c3 with the Blaster: a Science Officer may never fire a "
        "weapon that could kill the Intruder (Restrictions and Modifications to Combat; "
        "ruling R6)"]
    # his Dart is offered: it is not explained away
    assert not any("Sleep Dart" in h.text for h in hints)


def test_a_fourth_attack_is_explained_and_the_attacks_left_are_counted() -> None:
    g = in_the_mess(3, so1=["dart1"])
    assert not any(a.type == "attack" for a in g.legal_actions())
    view = g.view("crew")
    index = describe.ViewIndex(view)
    for who, weapon in (("so1", "Sleep Dart Pistol"), ("co1", "Gas Canister")):
        hints = describe.missing_hints(view, who, rows(g), g.why_illegal, index)
        assert (f"No attack on the Intruder c3 with the {weapon}: this Intruder has already "
                "been attacked three times this Interaction Phase") in [h.text for h in hints]
        assert any(h.rule == "Crew Attacks on the Intruder; ruling R8" for h in hints)
    assert describe.attacks_left(view, index) == [describe.Hint(
        "Attacks on the Intruder c3 this Interaction Phase: 3 made, no more: 3 at most",
        "Crew Attacks on the Intruder; ruling R8")]
    fresh = in_the_mess(1).view("crew")
    assert [h.text for h in describe.attacks_left(fresh, describe.ViewIndex(fresh))] == [
        "Attacks on the Intruder c3 this Interaction Phase: 1 made, 2 left"]
    # outside an Interaction's Crew Action Segment no count is shown
    moving = ic.new_game(seed=3).view("crew")
    assert describe.attacks_left(moving, describe.ViewIndex(moving)) == []


def test_a_dart_at_an_intruder_known_immune_to_sleep_darts_says_it_does_nothing() -> None:
    g = in_the_mess(0, known=["immune_sleep"])
    view = g.view("crew")
    dart = {"type": "attack", "crew": "so1", "target": "c3", "weapon": "dart"}
    assert dart in [a.to_dict() for a in g.legal_actions()]  # legal, and useless
    assert describe.futile(view, dart) == " (no effect: the Intruder has Immune to Sleep Darts)"
    gas = {"type": "attack", "crew": "co1", "target": "c3", "weapon": "gas"}
    assert describe.futile(view, gas) == ""
    # not known yet: nothing said (the crew may not know it)
    assert describe.futile(in_the_mess(0).view("crew"), dart) == ""
