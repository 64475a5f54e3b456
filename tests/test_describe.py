"""intruder_core.describe: every word, cost and hint it gives the page holds in the engine."""

from __future__ import annotations

import pytest

import intruder_core as ic
from intruder_core import describe
from intruder_core.charts import OBJECTS, can_carry
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


def test_the_carrying_limit_in_words_is_the_charts() -> None:
    large = [k for k, (_, size, _) in OBJECTS.items() if size == "large"]
    small = [k for k, (_, size, _) in OBJECTS.items() if size == "small"]
    assert can_carry([large[0], small[0]]) and not can_carry([large[0], large[1]])
    assert can_carry(small[:3]) and not can_carry([*small[:3], small[0]])
    assert not can_carry([large[0], small[0], small[1]])
    assert describe.CARRYING_LIMIT == "one large and one small object, or three small ones"


def test_a_full_load_explains_the_missing_pick_up() -> None:
    g = at_start({"co1": {"at": "arms", "carrying": ["cage1", "dart1"]}},
                 items={"gas1": "arms"}, counters=[{"kind": "intruder", "at": "dock2"}])
    assert not any(a.type == "pick_up" and a["crew"] == "co1" for a in g.legal_actions())
    hints = describe.missing_hints(g.view("crew"), "co1", rows(g))
    assert f"No pick-up: he carries all he can ({describe.CARRYING_LIMIT})." in hints


def test_a_counters_state_in_words() -> None:
    c: describe.CounterView = {"token": "c1", "at": "lab", "face_up": True, "kind": "intruder",
                               "asleep": True, "caged": True, "controlled_by": "co1",
                               "held_by": None}
    assert describe.counter_states(c, 2, str.upper) == [
        "Life Stage 2", "asleep", "caged", "controlled by CO1"]
    animal: describe.CounterView = {"token": "c2", "at": "lab", "face_up": True,
                                    "kind": "lab_animal", "held_by": "so1"}
    assert describe.counter_states(animal, 2, str.upper) == ["held by SO1"]
