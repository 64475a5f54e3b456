"""web/py/moments.py on CPython: moments laid out on the plan against the real engine (their
captions beside their places, never over them; timing by pace; the layer and the toast)."""

from __future__ import annotations

import random
import sys
import xml.dom.minidom
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

from helpers import act, position, token_of

import intruder_core as ic
from core import moments, panels
from core.station import layout
from intruder_core import story


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


def inside(a: tuple[float, ...], view: tuple[float, ...]) -> bool:
    return a[0] >= view[0] and a[1] >= view[1] and a[0] + a[2] <= view[0] + view[2] and \
        a[1] + a[3] <= view[1] + view[3]


def game_moments(seed: int) -> list[story.Moment]:
    g, rng = ic.new_game(seed=seed), random.Random(seed)
    out: list[story.Moment] = []
    while not g.is_over:
        before = g.view("crew")
        events = [e.to_dict() for e in g.apply(rng.choice(g.legal_actions()))]
        out += moments.told(events, "crew", g.view("crew"), before)
    return out


def test_every_caption_sits_beside_its_places_and_on_the_plan() -> None:
    view = tuple(float(v) for v in layout.VIEWBOX)
    ms = game_moments(1) + game_moments(2)
    ss = moments.steps(ms, 1000)
    assert len(ss) > 20
    for m in ms:
        for s in moments.steps([m], 1000):
            rooms = [layout.ROOMS[p] for p in m.places if p in layout.ROOMS]
            assert inside(s.caption, view), (m, s.caption)
            assert not any(overlaps(s.caption, r) for r in rooms), (m, s.caption)
            if m.kind == "no_metamorphosis":  # its die and word, one short line
                assert s.lines == (str(m.dice[0]),), s.lines
                assert s.lines[0].endswith(": no metamorphosis")
                continue
            assert s.lines[0].split()[0] in m.words  # the outcome comes first


def test_no_caption_covers_the_place_of_the_piece_in_hand() -> None:
    """Issue 28 item 3: with a crewman selected, each caption keeps clear of his place too
    (the Command Module, where the crew stands most), beside its own places as before."""
    view = tuple(float(v) for v in layout.VIEWBOX)
    g = ic.new_game(seed=1)
    hand = moments.in_hand(g.view("crew"), "co1")
    assert hand == (layout.place_box("command"),)
    assert moments.in_hand(g.view("crew"), None) == ()
    checked = 0
    for m in game_moments(1) + game_moments(3):
        rooms = [layout.ROOMS[p] for p in m.places if p in layout.ROOMS]
        if "command" in m.places or not rooms:
            continue
        for s in moments.steps([m], 1000, keep=hand):
            if not s.lines:
                continue
            checked += 1
            assert inside(s.caption, view), (m, s.caption)
            assert not overlaps(s.caption, hand[0]), (m, s.caption)
            assert not any(overlaps(s.caption, r) for r in rooms), (m, s.caption)
    assert checked > 20


def test_a_caption_for_each_compartment_avoids_it() -> None:
    view = tuple(float(v) for v in layout.VIEWBOX)
    for place, room in layout.ROOMS.items():
        box = moments.place_caption(280, 120, [tuple(float(v) for v in room)])
        assert inside(box, view) and not overlaps(box, room), place


def test_pace_sets_the_time_and_off_or_reduced_motion_draws_nothing() -> None:
    g = position(phase="interaction1", stage=1, unknown=2, known=[],
                 crew={"so1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}], dice=[6, 3, 6, 1, 1])
    ms = moments.told([e.to_dict() for e in g.log], "crew", g.view("crew"))
    assert moments.pace_ms("off") == 0 and moments.steps(ms, moments.pace_ms("off")) == []
    assert moments.pace_ms("slow", reduced_motion=True) == 0
    fast = moments.steps(ms, moments.pace_ms("fast"))
    slow = moments.steps(ms, moments.pace_ms("slow"))
    assert [s.kind for s in fast] == ["reveal", "power", "power", "no_attack"]
    assert moments.total_ms(slow) == 4 * moments.total_ms(fast) // 1
    assert [s.start for s in fast] == [0, 900, 1800, 2700]
    reveal = fast[0]
    assert reveal.mark == "flip" and reveal.label == "Intruder"
    assert reveal.lit == (tuple(float(v) for v in layout.ROOMS["store_a1"]),)


def test_random_movements_play_together_along_their_paths() -> None:
    g = position(phase="movement", stage=2, known=["very_fast", "immune_gas", "clone"],
                 unknown=0, counters=[{"kind": "intruder", "at": "shaft1"},
                                      {"kind": "dummy", "at": "store_a1"}], dice=[4, 1, 1, 1])
    ms = moments.told([e.to_dict() for e in g.log], "crew", g.view("crew"))
    ss = [s for s in moments.steps(ms, 1000) if s.kind == "random_move"]
    assert ss and all(s.start == 0 for s in ss)
    captioned = [s for s in ss if s.lines]
    assert len(captioned) == 1 and len(captioned[0].lines) >= len(ss)  # one caption for all
    for s in ss:
        assert not any(overlaps(captioned[0].caption, box) for box in s.lit)
    said = " ".join(captioned[0].lines)
    assert said.startswith("Counter c1 moves to ") and ": die 4, 1" in said
    runner = max(ss, key=lambda s: len(s.path))
    assert len(runner.path) == 3  # Very Fast: two steps
    assert runner.path[0] == (layout.ROOMS["shaft1"][0] + layout.ROOMS["shaft1"][2] / 2,
                              layout.ROOMS["shaft1"][1] + layout.ROOMS["shaft1"][3] / 2)
    # on a phone one after another, each with its own caption in its own part of the plan
    one_by_one = [s for s in moments.steps(ms, 1000, zoom=PHONE) if s.kind == "random_move"]
    assert [s.start for s in one_by_one] == [1000 * n for n in range(len(ss))]
    for s in one_by_one:
        assert s.lines and s.view is not None and inside(s.caption, s.view)
        assert not any(overlaps(s.caption, box) for box in s.lit), (s.caption, s.lit)


def test_many_random_movements_show_their_dice_at_their_places_and_one_short_line() -> None:
    g = position(phase="movement", stage=1, unknown=2, counters=[
        {"kind": k, "at": at} for k, at in (("intruder", "shaft1"), ("dummy", "shaft2"),
                                            ("lab_animal", "shaft3"), ("dummy", "b1"))],
        dice=[1, 2, 3, 4, 5, 6])
    ms = moments.told([e.to_dict() for e in g.log], "crew", g.view("crew"))
    ss = [s for s in moments.steps(ms, 1000) if s.kind == "random_move"]
    assert len(ss) >= moments.MANY_MOVES
    assert [s.lines for s in ss if s.lines] == [(f"{len(ss)} counters move at random",)]
    for s, m in zip(ss, [m for m in ms if m.kind == "random_move" and len(m.places) > 1],
                    strict=True):
        assert s.mark == "die" and s.label == f"die {m.dice[0].values[0]}"
    layer = moments.layer_svg(ss)
    assert layer.count('class="die-mark"') == len(ss)
    xml.dom.minidom.parseString(layer)  # well-formed


def test_a_death_is_struck_and_the_layer_is_well_formed_svg_that_takes_no_input() -> None:
    g = position(phase="interaction1", stage=1, crew={"so1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 known=["immune_gas", "very_fast"], dice=[1, 2])
    later = act(g, "no_defense") if g.step == "defense" else []
    events = [e.to_dict() for e in [*g.log, *later]]
    ms = moments.told(events, "crew", g.view("crew"))
    ss = moments.steps(ms, 1000)
    death = next(s for s in ss if s.kind == "attack_on_crew")
    assert death.mark == "strike" and death.lines[0].startswith("Science Officer 1 is killed")
    svg = moments.layer_svg(ss)
    doc = xml.dom.minidom.parseString(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')
    layer = doc.getElementsByTagName("g")[0]
    assert layer.getAttribute("class") == "moments" and layer.getAttribute("aria-hidden")
    texts = [t for t in doc.getElementsByTagName("text") if t.getAttribute("font-size")]
    assert texts and all(float(t.getAttribute("font-size")) >= 14 for t in texts)
    assert " ".join(death.lines).endswith("Die 2: Science Officer 1 is killed")
    assert svg.count('class="moment ') == len(ss) and 'last"' in svg


def test_the_toast_leads_with_the_outcome_then_the_dice() -> None:
    g = position(phase="interaction2", crew={"so1": {"at": "lab"}},
                 counters=[{"kind": "lab_animal", "at": "lab"}], dice=[4, 6])
    events = [e.to_dict() for e in act(g, "catch", crew="so1", target=token_of(g, "lab_animal"))]
    html = moments.banner_html(events, moments.told(events, "crew", g.view("crew")))
    xml.dom.minidom.parseString(f"<div>{html}</div>")
    said = html.index("Die 4: the Lab Animal gets away")
    assert html.index("The Lab Animal gets away.") < said < html.index('class="dice"')
    assert 'data-moment="catch_failed"' in html and "data-type" not in html
    assert moments.flash(moments.told(events, "crew", g.view("crew"))) == ["lab"]


def test_headline_events_keep_their_type_in_the_toast() -> None:
    game = ic.new_game(seed=52)  # the Intruder attacks Engineer 1 in Power (test_web_panels)
    before = game.view("crew")
    defend = next(a for a in game.legal_actions() if a.type == "defend")
    events = [ev.to_dict() for ev in game.apply(defend)]
    html = moments.banner_html(events, moments.told(events, "crew", before, before))
    types = [part.split('"')[0] for part in html.split('data-type="')[1:]]
    assert types == ["crew_killed", "panic", "metamorphosis"]
    assert html.index("Crewman killed") < html.index("Panic!")
    assert moments.flash(moments.told(events, "crew", before, before))[:2] == ["power",
                                                                               "command"]


def test_the_countdown_shows_while_the_self_destruct_runs() -> None:
    g = position(phase="interaction2", self_destruct=5, crew={"co2": {"at": "dock1"}})
    svg = moments.countdown_svg(g.view("crew"))
    assert "Self-Destruct countdown: 5" in svg and ">5</text>" in svg
    box = moments.COUNTDOWN_BOX
    assert not any(overlaps(box, r) for r in layout.ROOMS.values())
    assert moments.countdown_svg(position(phase="interaction2").view("crew")) == ""


def test_on_a_phone_captions_stay_in_the_part_of_the_plan_shown() -> None:
    for place in ("store_a1", "lab", "dock2", "command", "airlock"):
        window = tuple(float(v) for v in layout.zoom_box(366, 340, [place]))
        room = layout.ROOMS[place]
        box = moments.place_caption(280, 90, [tuple(float(v) for v in room)], window)
        assert inside(box, window) and not overlaps(box, room), (place, window, box)


def test_a_moment_in_a_crowded_place_is_lit_at_its_grown_box() -> None:
    """A place drawn grown to hold its pieces (render.grown_boxes) is where its moment is lit
    and its caption kept clear of: the pieces are there, not in the room's own rectangle."""
    g = position(phase="interaction1", stage=1, crew={"so1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 known=["immune_gas", "very_fast"], dice=[1, 2])
    later = act(g, "no_defense") if g.step == "defense" else []
    ms = moments.told([e.to_dict() for e in [*g.log, *later]], "crew", g.view("crew"))
    plain = next(s for s in moments.steps(ms, 1000) if s.kind == "attack_on_crew")
    assert plain.lit == (layout.place_box("store_a1"),)
    x, y, w, h = layout.place_box("store_a1")
    grown = (x - 40, y - 30, w + 200, h + 120)
    death = next(s for s in moments.steps(ms, 1000, grown={"store_a1": grown})
                 if s.kind == "attack_on_crew")
    assert death.lit == (grown,) and not overlaps(death.caption, grown)


def test_a_metamorphosis_grows_the_pieces_and_lights_the_chart_while_it_plays() -> None:
    g = position(phase="crew_movement", stage=2, known=["immune_gas", "very_fast", "clone"],
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 dice=[1], strict_dice=False)
    token = token_of(g, "intruder")
    before = g.view("crew")
    events = [e.to_dict() for e in act(g, "end_movement")]
    ms = moments.told(events, "crew", before, before)
    ss = moments.steps(ms, 1000)
    grown = next(s for s in ss if s.kind == "metamorphosis")
    assert grown.grow == (token,) and grown.lit == (layout.place_box("store_a1"),)
    said = " ".join(grown.lines)
    assert said.startswith("The Intruder grows to Life Stage 3 ")
    assert "Life Stage 3: attacks on 1-3, kills on 1-4, crew may kill" in said
    assert said.endswith("Die 1: it grows to Life Stage 3")
    assert not overlaps(grown.caption, layout.place_box("store_a1"))
    svg = moments.layer_svg(ss)
    xml.dom.minidom.parseString(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')
    timing = f"animation-delay:{grown.start}ms;animation-duration:1000ms"
    assert f'data-grow="{token}"><g class="grow" style="{timing}">' in svg
    assert moments.stage_light(ss) == (grown.start, 1000)
    assert moments.stage_light(moments.steps(ms, 0)) is None  # pace off: nothing lit
    assert moments.stage_light(moments.steps(ms[:0], 1000)) is None


def test_no_metamorphosis_is_said_beside_its_die_in_the_toast() -> None:
    g = position(phase="crew_movement", stage=1, known=["immune_gas", "very_fast"],
                 crew={"so1": {"at": "store_a1", "mp": 0}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 dice=[4, 2, 5])
    before = g.view("crew")
    events = [e.to_dict() for e in act(g, "end_movement")]
    html = moments.banner_html(events, moments.told(events, "crew", before, before))
    xml.dom.minidom.parseString(f"<div>{html}</div>")
    dice = html[html.index('class="dice"'):]
    assert "for metamorphosis</span> <span class=\"die-says\">Die 4: no metamorphosis" in dice
    assert "no metamorphosis" not in html[:html.index('class="dice"')]  # not a headline


def test_the_dice_say_how_many_counters_moved_not_how_many_rolls() -> None:
    g = position(phase="movement", stage=2, known=["very_fast", "immune_gas", "clone"],
                 unknown=0, counters=[{"kind": "intruder", "at": "shaft1"},
                                      {"kind": "lab_animal", "at": "shaft2"},
                                      {"kind": "dummy", "at": "shaft3"}],
                 dice=[4, 1, 4, 4, 2], strict_dice=False)
    events = [e.to_dict() for e in g.log]
    rolls = [e for e in events if str(e.get("purpose", "")).startswith("random movement")]
    assert len(rolls) > 3  # the Very Fast Intruder rolled twice (a Lab Animal too)
    html = panels.dice_html(events)
    assert "for the random movement of 3 counters" in html
    assert panels.moved_counters(rolls) == list(dict.fromkeys(
        str(e["purpose"]).split()[3] for e in rolls))


def test_a_reveals_card_names_the_kind_the_story_carries_not_its_words_ending() -> None:
    from dataclasses import replace

    for kind, card in (("intruder", "Intruder"), ("lab_animal", "Lab Animal"),
                       ("dummy", "Dummy")):
        g = position(phase="interaction1", stage=1, unknown=2, known=[],
                     crew={"so1": {"at": "lab"}}, counters=[{"kind": kind, "at": "lab"}],
                     dice=[6, 3, 6, 1, 1], strict_dice=False)
        m = next(m for m in moments.told([e.to_dict() for e in g.log], "crew", g.view("crew"))
                 if m.kind == "reveal")
        assert m.revealed == kind, (kind, m)
        reworded = replace(m, words=f"Counter {m.token} turns over in the Laboratory")
        assert moments.steps([reworded], 900)[0].label == card


PHONE = (366.0, 340.0)  # the board of a 390 px wide phone, CSS px (its part of the plan)


def test_on_a_phone_each_moment_is_shown_at_its_place_or_all_of_them_in_one_readable_part(
) -> None:
    far = [story.Moment("reveal", "Counter c1 is the Intruder", ("lab",), revealed="intruder"),
           story.Moment("clone", "A Clone joins the game"),
           story.Moment("attack_target", "The Intruder attacks Engineer 1", ("maintenance",))]
    ss = moments.steps(far, 1000, zoom=PHONE)
    views = [s.view for s in ss]
    assert all(v is not None for v in views)
    assert views[0] != views[2] and views[1] == views[0]  # no place: the part before stays
    for s, m in zip(ss, far, strict=True):
        assert s.view is not None
        # readable: 14-unit text at 11 px and 32-unit tokens at 25 px (layout.MIN_SCALE)
        assert PHONE[0] / s.view[2] >= layout.MIN_SCALE - 0.01
        window = tuple(float(v) for v in s.view)
        assert all(layout.shows(s.view, p) for p in m.places), (m, s.view)
        assert inside(s.caption, window), (m.kind, s.caption, window)
        assert not any(overlaps(s.caption, layout.place_box(p)) for p in m.places)
    assert moments.zoom_changes(ss) == [(0, views[0]), (2000, views[2])]
    near = [story.Moment("reveal", "Counter c1 is the Intruder", ("store_a1",),
                         revealed="intruder"),
            story.Moment("attack_target", "The Intruder attacks Engineer 1", ("a1",))]
    ss = moments.steps(near, 1000, zoom=PHONE)
    one_part = ss[0].view
    assert one_part is not None and all(s.view == one_part for s in ss)
    assert layout.shows(one_part, "store_a1") and layout.shows(one_part, "a1")
    assert moments.zoom_changes(ss) == [(0, one_part)]
    # a desktop (no zoom) or moments with no place: the plan's part is left as it is
    assert moments.zoom_changes(moments.steps(far, 1000)) == []
    assert moments.zoom_changes(moments.steps(far[1:2], 1000, zoom=PHONE)) == []
    # moments whose places are all in the part shown need no zoom at all (ruling R67)
    shown = tuple(float(v) for v in one_part)
    assert moments.in_view(moments.steps(near, 1000, shown), shown)
    assert not moments.in_view(moments.steps(far, 1000, shown), shown)
    assert moments.in_view(moments.steps(far, 1000), None)


def test_a_crowded_place_drawn_grown_is_shown_whole_while_its_moment_plays() -> None:
    x, y, w, h = layout.place_box("store_a1")
    grown = {"store_a1": (x - 40, y - 30, w + 200, h + 120)}
    m = story.Moment("attack_target", "The Intruder attacks Engineer 1", ("store_a1",))
    part = moments.steps([m], 1000, grown=grown, zoom=PHONE)[0].view
    assert part is not None and layout.shows(part, "store_a1", grown)
    assert not layout.shows((0, 0, 300, 300), "store_a1", grown)


def test_in_a_small_crowded_part_a_caption_finds_a_spot_over_none_of_its_places() -> None:
    """Nothing beside the places, at the top or at the bottom of the part shown fits, but a
    spot in its middle does: the caption goes there; with no free spot at all, it covers as
    little of them as it can."""
    part = (0.0, 0.0, 300.0, 300.0)
    rooms = [(0.0, 0.0, 300.0, 60.0), (0.0, 240.0, 300.0, 60.0), (0.0, 100.0, 60.0, 100.0)]
    box = moments.place_caption(200, 100, rooms, part)
    assert inside(box, part) and not any(overlaps(box, r) for r in rooms), box
    full = [(0.0, 0.0, 300.0, 140.0), (0.0, 160.0, 300.0, 140.0)]  # a gap of 20: too small
    box = moments.place_caption(200, 100, full, part)
    assert inside(box, part)
    assert sum(moments._cover(box, r) for r in full) == 200 * 80, box  # the least possible
