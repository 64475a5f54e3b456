"""Keyboard play on CPython: arrows follow the station's passageways, Enter selects or moves."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core.station import keys, layout
from intruder_core.station import ADJACENT


def test_arrows_lead_only_to_adjacent_compartments_in_their_direction() -> None:
    assert keys.neighbour("command", "ArrowRight") == "a1"
    assert keys.neighbour("a1", "ArrowRight") == "a2"
    assert keys.neighbour("a1", "ArrowLeft") == "command"
    for cid in layout.ROOMS:
        if cid not in ADJACENT:
            continue
        for key, (dx, dy) in keys.ARROWS.items():
            to = keys.neighbour(cid, key)
            if to is None:
                continue
            assert to in ADJACENT[cid], (cid, key, to)
            (x0, y0), (x1, y1) = keys.centre(cid), keys.centre(to)
            assert (x1 - x0) * dx + (y1 - y0) * dy > 0, (cid, key, to)


def test_every_compartment_is_reached_by_arrows_from_the_command_module() -> None:
    seen, todo = {"command"}, ["command"]
    while todo:
        cid = todo.pop()
        for key in keys.ARROWS:
            to = keys.neighbour(cid, key)
            if to and to not in seen:
                seen.add(to)
                todo.append(to)
    assert seen == {c for c in ADJACENT if c in layout.ROOMS}


def test_enter_selects_the_players_pieces_in_turn_then_moves_the_selected_one() -> None:
    g = ic.new_game(seed=3)
    view = g.view("crew")
    actions = [a.to_dict() for a in g.legal_actions()]
    room = next(c for c in ADJACENT if len(keys.own_pieces(view, c, actions)) > 1)
    here = keys.own_pieces(view, room, actions)
    assert keys.enter_target(view, room, None, {}, actions) == ("select", here[0])
    assert keys.enter_target(view, room, here[0], {}, actions) == ("select", here[1])
    assert keys.enter_target(view, room, here[-1], {}, actions) == ("select", here[0])
    assert keys.enter_target(view, "a1", here[0], {"a1": 1}, actions) == ("board", None)
    empty = next(c for c in ADJACENT if not keys.own_pieces(view, c, actions))
    assert keys.enter_target(view, empty, None, {}, actions) == ("board", None)


def test_the_tab_stop_stays_where_the_player_is() -> None:
    assert keys.roving_stop(None, {}, None) == "command"
    assert keys.roving_stop("a1", {"a2": 1}, None) == "a1"
    assert keys.roving_stop("a1", {"a2": 1}, "mess") == "mess"
    assert keys.roving_stop(None, {}, None, ["lab"]) == "lab"
    assert [s for s, _ in keys.SHORTCUTS][-1] == "?"


def test_an_action_is_announced_once_and_the_computers_moves_are_outlined() -> None:
    from core import session

    g = ic.new_game(seed=3)
    events = [e.to_dict() for e in g.apply({"type": "move", "crew": "co1", "to": "a1"})]
    said = session.announcement(events)
    assert said == "Command Officer 1 moves to Corridor A-1."
    assert session.moved_to(events) == ["a1"]
    many = [{"type": "roll", "text": f"Rolled {i}"} for i in range(1, 10)]
    said = session.announcement(many)
    assert said.startswith("Rolled 1. Rolled 2.") and said.endswith("and 3 more events in the log.")


def test_the_pace_control_offers_the_setting_and_skip() -> None:
    from core import storage
    from pages.game.play import guards as dialogs

    html = dialogs.watch_html("Intruder", 600)
    assert '<option value="600" selected>Normal (0.6 s a move)</option>' in html
    assert 'id="skip"' in html and 'for="pace"' in html
    assert '<option value="40" selected>40 ms a move</option>' in dialogs.watch_html("crew", 40)
    store = storage.Store("t:", storage.MemoryBackend())
    assert storage.load_settings(store)["pace_ms"] == 600
    storage.save_settings(store, {"confirm": False, "pace_ms": 200})
    assert storage.load_settings(store) == {"confirm": False, "pace_ms": 200, "moments": "normal"}
    storage.save_settings(store, {"confirm": 1, "pace_ms": True, "moments": 3})  # wrong types
    assert storage.load_settings(store) == {"confirm": True, "pace_ms": 600, "moments": "normal"}


def test_enter_goes_on_from_the_players_pieces_to_the_objects_he_may_act_on() -> None:
    g = ic.new_game(seed=1, scenario="intelligent_intruder")
    view = g.view("intruder")
    actions = [a.to_dict() for a in g.legal_actions("intruder")]
    room = next(c for c in ADJACENT if keys.own_pieces(view, c, actions))
    here = keys.own_pieces(view, room, actions)
    objects = ["blaster1 blaster2", "cage1"]
    assert keys.enter_target(view, room, None, {}, actions, objects) == ("select", here[0])
    assert keys.enter_target(view, room, here[-1], {}, actions, objects) == \
        ("object", objects[0])
    empty = next(c for c in ADJACENT if not keys.own_pieces(view, c, actions))
    assert keys.enter_target(view, empty, None, {}, actions, objects) == ("object", objects[0])
    # Arrows on an object: the next or previous one, past either end back to the room.
    assert keys.object_step(objects, objects[0], "ArrowRight") == objects[1]
    assert keys.object_step(objects, objects[1], "ArrowUp") == objects[0]
    assert keys.object_step(objects, objects[1], "ArrowDown") is None
    assert keys.object_step(objects, objects[0], "ArrowLeft") is None
