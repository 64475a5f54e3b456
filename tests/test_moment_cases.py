"""The moment cases of e2e/moment_cases.py on the real engine (CPython, fast), so that the
table the browser test walks cannot rot: each click names one legal action; each moment it
must show is told (as the page tells it, web/py/moments.told with the view shown before the
action), with its words and lit at its place; the crew is not told the secret kinds; the
share link (the e2e's route) keeps the scripted dice; and every kind of story.KINDS is in
some case or listed as not on the page, with the reason."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import moment_cases as mc

import intruder_core as ic
from core import moments
from core.station import layout
from intruder_core import codec, story


def played(case: mc.Case) -> Iterator[tuple[mc.Step, list[story.Moment], ic.Game]]:
    """Each click of the case and its moments as the page tells them (GameSession.apply:
    the shown side's view before the action, for names, places and Panic flights)."""
    for step, events, before, g in mc.walk(case):
        yield step, moments.told(events, "crew", before, before), g


def caption(m: story.Moment) -> str:
    """A moment's words as its caption reads them: outcome, meaning, each die."""
    return " ".join(moments.caption_lines(m))


def matching(ms: list[story.Moment], shows: mc.Shows) -> list[story.Moment]:
    return [m for m in ms if m.kind == shows.kind and all(w in caption(m) for w in shows.words)]


@pytest.mark.parametrize("case", mc.CASES, ids=lambda c: c.name)
def test_each_click_shows_its_moments_with_their_words_at_their_place(case: mc.Case) -> None:
    for step, ms, _g in played(case):
        for shows in step.shows:
            found = matching(ms, shows)
            assert found, (case.name, shows, [(m.kind, caption(m)) for m in ms])
            m = found[0]
            assert shows.board == (shows.kind not in moments.QUIET), shows
            assert shows.toast == (shows.kind not in moments.BOARD_ONLY), shows
            drawn = moments.steps([m], 1000)
            if not shows.board:
                assert drawn == [] and (m.places[:1] == (shows.place,) or not shows.place)
                continue
            lit = drawn[0].lit[:1]
            if shows.gap:  # the page gets it wrong: when it is put right, drop the gap
                assert lit != (layout.place_box(shows.place),), (case.name, shows.gap)
            elif shows.place:
                assert lit == (layout.place_box(shows.place),), (case.name, shows, m.places)
            else:  # the whole station: no place lit
                assert lit == (), (case.name, shows, m.places)


@pytest.mark.parametrize("case", mc.CASES, ids=lambda c: c.name)
def test_the_crew_is_not_told_a_face_down_counters_kind(case: mc.Case) -> None:
    """After each click, no moment nor the toast names the kind of a counter still face
    down (mc.secrets: what the e2e checks on the page too)."""
    for _step, ms, g in played(case):
        said = " ".join(m.text() for m in ms) + moments.banner_html([], ms)
        for secret in mc.secrets(g):
            assert secret not in said, (case.name, secret, said)


def test_the_secrets_are_the_hidden_kinds_and_tokens() -> None:
    """The panic's placed counters and the random movers are face down: their tokens, and
    a face-down Lab Animal's kind, are secret; a kind also seen face up is not."""
    *_, (_s, _e, _b, g) = mc.walk(mc.case("random-move"))
    assert mc.secrets(g) == ("Lab Animal", "Counter c1 (", "Counter c1 is", "Counter c3 (",
                             "Counter c3 is")
    *_, (_s, _e, _b, g) = mc.walk(mc.case("panic"))
    assert "Counter c3 (" in mc.secrets(g) and "Dummy" not in mc.secrets(g)
    *_, (_s, _e, _b, g) = mc.walk(mc.case("catch"))
    assert "Lab Animal" not in mc.secrets(g)  # it is face up: the crew has seen it


@pytest.mark.parametrize("case", mc.CASES, ids=lambda c: c.name)
def test_the_share_link_keeps_the_scripted_dice(case: mc.Case) -> None:
    """The e2e loads each case through '#g=' + codec.encode_record(record): the game rebuilt
    from the link is the position's, with its dice, and tells the same moments."""
    assert case.position.get("dice") or case.name in ("freezer", "inventory"), case.name
    g = case.game()
    linked = ic.replay(codec.decode_record(codec.encode_record(g.record())))
    assert linked.to_json() == g.to_json()
    steps = [(step, events) for step, events, _b, _g in mc.walk(case)]
    for step, events in steps:
        assert events == [e.to_dict() for e in linked.apply(mc.clicked(linked, step.click))]


def test_every_kind_is_in_a_case_or_said_not_to_be_on_the_page() -> None:
    shown = {s.kind for c in mc.CASES for step in c.steps for s in step.shows}
    assert shown <= set(story.KINDS)
    assert not shown & set(mc.NOT_ON_PAGE)
    assert set(story.KINDS) - shown == set(mc.NOT_ON_PAGE)
    assert len({c.name for c in mc.CASES}) == len(mc.CASES)
    assert [c.name for c in mc.CASES if c.shot is None] == ["inventory"]  # QUIET: the log
    assert mc.case("panic").shot == mc.case("panic").steps[0].shows[1]  # its shot_kind


def test_released_is_told_for_the_intruder_players_own_action() -> None:
    """The kind not on the page (NOT_ON_PAGE): the Intelligent Intruder player opens a Cage
    with a Lab Animal in it; the crew is told it at the Cage's place."""
    g = ic.Game.from_position({
        "seed": 1, "scenario": "intelligent_intruder", "phase": "movement",
        "items": {"cage1": "b1"},
        "counters": [{"kind": "intruder", "at": "b1"},
                     {"kind": "lab_animal", "at": "b1", "face_up": True, "caged": "cage1"}]})
    before = g.view("crew")
    action = next(a for a in g.legal_actions("intruder") if a.type == "open_cage")
    ms = moments.told([e.to_dict() for e in g.apply(action)], "crew", before, before)
    m = next(m for m in ms if m.kind == "released")
    assert m.words == "The Intruder opens the Cage 1 in Corridor B-1" and m.places == ("b1",)
    assert "released" in mc.NOT_ON_PAGE


def test_a_click_that_names_no_action_or_several_is_refused() -> None:
    g = mc.case("catch").game()
    before = g.to_json()
    with pytest.raises(ValueError, match="'catch' names 2 of the legal actions"):
        mc.clicked(g, "catch")  # both Science Officers may
    with pytest.raises(ValueError, match="names 0"):
        mc.clicked(g, "fly away")
    assert g.to_json() == before
    with pytest.raises(KeyError, match="no case 'nope'"):
        mc.case("nope")


def test_the_toast_says_the_intruder_climbs_back_in() -> None:
    """Fast Reflexes: the Intruder's way back in from the airlock is told in the toast,
    with the counters' random moves, after the outcomes."""
    case = next(c for c in mc.CASES if any(s.kind == "counter_move" for st in c.steps
                                           for s in st.shows))
    _step, events, before, _g = next(mc.walk(case))
    html = moments.banner_html(events, moments.told(events, "crew", before, before))
    assert "The Intruder climbs back in from Main Airlock to Corridor A-2" in html
    assert html.index("swept into space") < html.index("climbs back in"), html
    assert html.count('data-moment="counter_move random_move"') == 1, html
