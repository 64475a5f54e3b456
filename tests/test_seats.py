"""The Intruder player's board on CPython: what a click on his counters, a lit compartment,
a crewman or an object means, decided from the engine's legal actions (no rule restated)."""

from __future__ import annotations

import sys
from pathlib import Path

from intruder_core.names import place as place_name
from intruder_core.pieces import by_token, crew_at

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import session
from core.station import board_input, render
from intruder_core.station import ADJACENT


def intruder_game() -> tuple[ic.Game, list[dict], dict]:
    g = ic.new_game(seed=1, scenario="intelligent_intruder")
    legal = [a.to_dict() for a in g.legal_actions("intruder")]
    return g, legal, g.view("intruder")


def test_a_counter_is_selected_then_moved_by_a_click_on_a_lit_compartment() -> None:
    g, legal, view = intruder_game()
    tokens = session.own_tokens(legal)
    assert tokens and all(by_token(g, t) is not None for t in tokens)
    token = tokens[0]
    at = by_token(g, token).at
    intent = board_input.board_intent({}, None, {}, token=token, at=at, legal=legal,
                                      tokens=tokens)
    assert intent.select == token
    costs = session.counter_reach(legal, token, view)
    assert costs and set(costs) <= set(ADJACENT[at]) and set(costs.values()) == {1}
    to = next(iter(costs))
    intent = board_input.board_intent({}, token, costs, compartment=to, legal=legal,
                                      tokens=tokens)
    assert intent.action == {"type": "move_counter", "token": token, "to": to}
    g.apply(intent.action)  # the engine takes it as it is
    assert by_token(g, token).at == to
    # Moved once this phase: nothing left to light for it.
    legal = [a.to_dict() for a in g.legal_actions("intruder")]
    assert session.counter_reach(legal, token, g.view("intruder")) == {}
    assert token not in g.view("intruder")["moves_left"]


def test_very_fast_counters_show_two_steps_left() -> None:
    g = ic.new_game(seed=1, scenario="intelligent_intruder")
    g.known.append("very_fast")
    g.changed()
    legal = [a.to_dict() for a in g.legal_actions("intruder")]
    token = session.own_tokens(legal)[0]
    costs = session.counter_reach(legal, token, g.view("intruder"))
    assert set(costs.values()) == {2}
    to = next(t for t in costs if not crew_at(g, t))  # one meeting a crewman stops there
    g.apply({"type": "move_counter", "token": token, "to": to})
    legal = [a.to_dict() for a in g.legal_actions("intruder")]
    left = session.counter_reach(legal, token, g.view("intruder"))
    assert left and set(left.values()) == {1}


def test_a_click_on_a_crewman_in_the_attack_decision_attacks_him() -> None:
    legal = [{"type": "intruder_attack", "token": "c6", "crew": "en1"},
             {"type": "intruder_attack", "token": "c6", "crew": "so2"},
             {"type": "intruder_hold", "token": "c6"}]
    intent = board_input.board_intent({"step": "intruder_attack"}, None, {}, crew="so2",
                                      at="mess", legal=legal, tokens=["c6"])
    assert intent.action == legal[1]
    # In the crew's own decisions a click on a crewman still selects him.
    assert board_input.board_intent({}, None, {}, crew="so2", at="mess").select == "so2"


def test_a_click_on_an_object_destroys_it_or_asks_which() -> None:
    legal = [{"type": "destroy", "token": "c6", "item": "blaster1"},
             {"type": "destroy", "token": "c6", "item": "cage1"},
             {"type": "open_cage", "token": "c6", "item": "cage1"}]
    one = board_input.board_intent({}, None, {}, items="blaster1", at="arms", legal=legal,
                                   tokens=["c6"])
    assert one.action == legal[0]
    two = board_input.board_intent({}, None, {}, items="cage1", at="arms", legal=legal,
                                   tokens=["c6"])
    assert two.action is None and two.select == "c6" and two.message
    none = board_input.board_intent({}, None, {}, items="gas1", at="arms", legal=legal,
                                    tokens=["c6"])
    assert none.inspect == "arms"


def test_the_selected_counters_actions_come_first() -> None:
    rows = [(0, {"type": "move_counter", "token": "c1", "to": "a"}, "A", ""),
            (1, {"type": "move_counter", "token": "c2", "to": "b"}, "B", ""),
            (2, {"type": "end_intruder_movement"}, "End", "")]
    assert [r[0] for r in session.selected_first(rows, "c2")] == [1, 0, 2]
    assert session.selected_first(rows, None) == rows


def test_the_intruder_players_counters_are_named_buttons_on_the_plan() -> None:
    g, legal, view = intruder_game()
    tokens = session.own_tokens(legal)
    token = tokens[0]
    costs = session.counter_reach(legal, token, view)
    svg = render.render_station(view, selected=token, reachable=costs, selectable=tokens,
                                unit="steps")
    c = by_token(g, token)
    kind = {"intruder": "Intruder", "lab_animal": "Lab Animal", "dummy": "Dummy"}[c.kind]
    assert f'{kind} {token}, face down in {place_name(c.at)}, selected" aria-pressed="true"' in svg
    assert svg.count('aria-pressed="true"') == 1
    assert svg.count('class="counter face-down known') >= 1  # others may be in stacks
    assert ">1 step<" in svg and "reachable, 1 step left" in svg
    assert "reachable for" not in svg
    # The crew's plan has no counter buttons and no kinds.
    crew_svg = render.render_station(g.view("crew"))
    assert 'data-token' in crew_svg and "face down in" not in crew_svg


def test_a_stack_holding_the_intruders_counters_selects_them_in_turn() -> None:
    tokens = ["c4", "c7"]
    first = board_input.board_intent({}, None, {}, stack="store_a1", members="co1 c4 c7",
                                     tokens=tokens)
    assert first.select == "c4"
    second = board_input.board_intent({}, "c4", {}, stack="store_a1", members="co1 c4 c7",
                                      tokens=tokens)
    assert second.select == "c7"
    # Lit for the selected piece: the stack's room is where it moves.
    move = board_input.board_intent({}, "c1", {"store_a1": 1}, stack="store_a1",
                                    members="c4 c7", tokens=["c1", "c4", "c7"])
    assert move.action == {"type": "move_counter", "token": "c1", "to": "store_a1"}
    assert board_input.board_intent({}, None, {}, stack="mess", members="co1 co2").inspect \
        == "mess"


def test_multi_seat_saves_warn_and_the_science_officers_scores_are_the_engines() -> None:
    assert session.secrets_warning({"crew": "human"}) == ""
    two = {"crew": "human", "intruder": "human"}
    assert "every side's secrets" in session.secrets_warning(two)
    assert session.secrets_warning(two, over=True) == ""
    g = ic.new_game(seed=3, scenario="science_officer")
    from intruder_core.scoring import science_officer_result
    assert session.side_scores(g) == science_officer_result(g, "win")["scores"]
    g.crew["so1"].status = "dead"
    assert session.side_scores(g)["science"] == -3 and session.side_scores(g)["command"] == 0
    assert session.side_crewmen(g, "science") == "Science Officers"
    assert session.side_crewmen(g, "command") == "Command Officers and Engineers"
    assert session.side_scores(ic.new_game(seed=3)) == {}


def test_the_intruder_players_list_shows_one_counter_in_full_and_the_others_in_a_line() -> None:
    from pages.game.play import guards as dialogs

    g, legal, view = intruder_game()
    rows = [(i, a, "", "") for i, a in enumerate(legal)]
    tokens = session.own_tokens(legal)
    shown = session.counter_rows(rows, tokens[0])
    assert {r[1].get("token") for r in shown} == {tokens[0], None}
    html = dialogs.other_counters_html(view, rows, tokens[0])
    assert html.count("data-select=") == len(tokens) - 1
    c = by_token(g, tokens[1])
    kind = {"intruder": "Intruder", "lab_animal": "Lab Animal", "dummy": "Dummy"}[c.kind]
    n = sum(1 for a in legal if a.get("token") == tokens[1])
    line = f"{kind} {tokens[1]}<span class=\"crew-line\"> in {place_name(c.at)}: {n} actions"
    assert f">{line}" in html
    assert dialogs.other_counters_html(view, rows[:0], None) == ""


def intruder_with_objects() -> ic.Game:
    """The Intelligent Intruder's movement: a free Intruder beside two Blasters and a Cage
    holding a Lab Animal in Corridor B-1, another with a Lab Animal in the Lab's permanent
    cages (and the Lab's own empty Cages)."""
    return ic.Game.from_position({
        "scenario": "intelligent_intruder", "phase": "movement", "seed": 5,
        "crew": {c: {"at": "command"} for c in ("co1", "co2", "co3", "so1", "so2", "so3", "en1",
                                                 "en2", "en3")},
        "items": {"cage1": "b1", "blaster1": "b1", "blaster2": "b1"},
        "counters": [{"kind": "intruder", "at": "b1"},
                     {"kind": "lab_animal", "at": "b1", "face_up": True, "caged": "cage1"},
                     {"kind": "intruder", "at": "lab"},
                     {"kind": "lab_animal", "at": "caged_lab"}]})


def test_objects_the_intruder_may_act_on_are_token_sized_buttons_saying_what_they_do() -> None:
    import re

    g = intruder_with_objects()
    legal = [a.to_dict() for a in g.legal_actions("intruder")]
    actable = board_input.actable_objects(legal)
    assert actable["cage1"] == "destroy or open" and actable["blaster1"] == "destroy"
    assert actable[board_input.LAB_CAGES] == "open"
    tokens = session.own_tokens(legal)
    view = g.view("intruder")
    svg = render.render_station(view, selected=tokens[0], selectable=tokens, unit="steps",
                                actable=actable)
    # the buttons (the Arms Room's objects, nobody's to act on, are a picture: "9 objects")
    buttons = re.findall(r'<g [^>]*data-items="([^"]*)"[^>]*role="button"[^>]*>', svg)
    names = re.findall(r'<g aria-label="([^"]*)"[^>]*data-items=[^>]*role="button"', svg)
    assert sorted(buttons) == sorted(["blaster1 blaster2", "cage1", "cage2 cage3 cage4",
                                      board_input.LAB_CAGES])
    assert len(set(names)) == len(names) == 4
    assert "Bl×2: Blaster 1 and Blaster 2 in Corridor B-1: destroy them" in names
    assert any(n.startswith("Cg:") and n.endswith("in Corridor B-1: destroy or open it")
               for n in names)
    assert "Lab: the permanent cages in Laboratory: open them" in names
    scene = render.Scene(view)
    scene.actable = actable
    for place in ("b1", "lab"):  # each at least a token's size: 24 CSS px on a phone
        assert all(p.w >= render.MIN_TOKEN and p.h >= render.MIN_TOKEN
                   for p in scene.item_pieces(place))
    # The crew's plan (nothing to act on) keeps them pictures.
    crew_svg = render.render_station(g.view("crew"))
    assert 'data-items="cage1"' in crew_svg and 'role="button" tabindex="0" data-items' \
        not in crew_svg and crew_svg.count('class="item kind-') >= 2


def test_a_click_on_an_object_button_does_what_the_engine_allows() -> None:
    g = intruder_with_objects()
    legal = [a.to_dict() for a in g.legal_actions("intruder")]
    here = next(c.token for c in g.counters.values() if c.kind == "intruder" and c.at == "b1")
    lab = next(c.token for c in g.counters.values() if c.kind == "intruder" and c.at == "lab")
    # The Lab's cages: the one legal action, whoever is in hand.
    cages = board_input.board_intent({}, here, {}, items=board_input.LAB_CAGES, at="lab",
                                     legal=legal, tokens=[here, lab])
    assert cages.action == {"type": "open_lab_cages", "token": lab}
    # Two Blasters: which one is the player's choice (the list names each).
    two = board_input.board_intent({}, here, {}, items="blaster1 blaster2", at="b1",
                                   legal=legal, tokens=[here, lab])
    assert two.action is None and two.message
    one = board_input.board_intent({}, lab, {}, items="blaster1", at="b1", legal=legal,
                                   tokens=[here, lab])
    assert one.action == {"type": "destroy", "token": here, "item": "blaster1"}
    g.apply(one.action)  # the engine takes it as it is
    assert g.items["blaster1"].at == "lost"


def test_the_intruder_player_is_asked_before_ending_his_movement_with_moves_left() -> None:
    from pages.game.play import guards as dialogs

    g = intruder_with_objects()
    legal = [a.to_dict() for a in g.legal_actions("intruder")]
    rows = [(i, a, "", "") for i, a in enumerate(legal)]
    view = g.view("intruder")
    end = {"type": "end_intruder_movement"}
    question = dialogs.guard_question(end, view, rows)
    tokens = session.own_tokens(legal)
    assert question.startswith(f"End the Intruder's movement? {len(tokens)} counters could "
                               "still move or act: ")
    assert all(t in question for t in tokens)
    assert dialogs.guard_question(end, view, [r for r in rows if r[1] == end]) == ""
    assert dialogs.guard_question(legal[0], view, rows) == ""


def test_the_intruder_player_is_not_asked_before_his_attack_decision() -> None:
    """Issue 23 item 5: his attack's button says the dice follow; a guard before each attack
    only taught players to switch guards off."""
    from core import panels
    from pages.game.play import guards as dialogs

    rows = [(0, {"type": "intruder_attack", "token": "c6", "crew": "en1"},
             "Intruder c6 in Crew's Mess: attack Engineer 1", ""),
            (1, {"type": "intruder_hold", "token": "c6"},
             "Intruder c6 in Crew's Mess: hold back, attack nobody", "")]
    assert [dialogs.guard_question(r[1], {}, rows) for r in rows] == ["", ""]
    assert "attack Engineer 1 (dice follow)</button>" in panels.action_button(rows[0])
    assert "(dice follow)" not in panels.action_button(rows[1])
    assert dialogs.guard_yes({"type": "end_intruder_movement"}) == "End anyway"


def test_a_crowded_room_stacks_the_pictures_before_the_object_buttons() -> None:
    import re

    g = ic.Game.from_position({
        "scenario": "intelligent_intruder", "phase": "movement", "seed": 5,
        "crew": {c: {"at": "command"} for c in ("co1", "co2", "co3", "so1", "so2", "so3", "en1",
                                                 "en2", "en3")},
        "items": {k: "c1" for k in ("cage1", "cage2", "blaster1", "blaster2", "gas1", "gas2",
                                    "prod1", "prod2", "dart1", "dart2")},
        "counters": [{"kind": "intruder", "at": "c1", "face_up": True}]})
    legal = [a.to_dict() for a in g.legal_actions("intruder")]
    view = g.view("intruder")
    actable = {k: v for k, v in board_input.actable_objects(legal).items()
               if k in ("cage1", "cage2")}  # say only the Cages may be acted on here
    parts = render.station_parts(view, actable=actable)
    room = parts["st-at-c1"]
    assert 'data-items="cage1 cage2"' in room and 'role="button"' in room
    # Every object drawn once: the Cages' button, the others in a stack or as pictures.
    held = " ".join(re.findall(r'data-(?:items|members)="([^"]*)"', room)).split()
    for item in ("cage1", "cage2", "blaster1", "blaster2", "gas1", "gas2", "prod1", "prod2",
                 "dart1", "dart2"):
        assert held.count(item) == 1, (item, held)
