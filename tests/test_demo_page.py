"""web/py/demo.py on CPython: the rules demo player's stepping, questions and HTML."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "py"))

from core import rulesref  # noqa: E402
from intruder_core import demos  # noqa: E402
from pages.demo import demo  # noqa: E402

BOOK, NUMBERED = rulesref.load(str(ROOT))


def links(rule: str) -> list[tuple[str, str]]:
    return demo.citation_links(rule, lambda part: rulesref.lookup(part, BOOK, NUMBERED))


def test_parse_query() -> None:
    assert demo.parse_query("?d=panic&step=3&embed=1") == demo.Query("panic", 3, True)
    assert demo.parse_query("") == demo.Query(None, 0, False)
    assert demo.parse_query("?d=panic&step=-2&embed=no") == demo.Query("panic", 0, False)
    assert demo.parse_query("?d=x&pace_ms=100").pace_ms == 100
    assert demo.parse_query("?step=x") == demo.Query(None, 0, False)


def test_stepping_asks_before_a_your_move_step() -> None:
    p = demo.Player.load("combat-example")
    assert p.at == 0 and p.last == 2 and not p.asking
    assert p.forward() == "ask" and p.asking and p.at == 0
    assert p.question is not None and len(p.question["options"]) == 2
    result = p.answer(1)  # no Self Defense: not the example's
    assert not result["right"] and "Self Defense" in result["example"]
    assert p.forward() == "step" and p.at == 1 and not p.asking
    p.back()
    assert p.at == 0
    assert p.forward() == "step", "an answered question is not asked again"
    assert p.forward() == "ask"
    assert p.answer(0)["right"]
    assert p.forward() == "step" and p.at == 2
    assert p.forward() == "end"


def test_back_closes_an_open_question_first() -> None:
    p = demo.Player.load("combat-example")
    p.forward()
    p.back()
    assert not p.asking and p.at == 0
    with pytest.raises(ValueError):
        p.answer(0)


def test_goto_is_clamped_and_the_step_link_points_there() -> None:
    p = demo.Player.load("panic", step=99)
    assert p.at == p.last
    p.goto(-4)
    assert p.at == 0
    link = demo.step_link("https://x.org/demo.html", "panic", 1, embed=True)
    assert link == "https://x.org/demo.html?d=panic&step=1&embed=1"
    assert demo.Player.load("panic", demo.parse_query(link.split("html")[1]).step).at == 1


def test_unknown_demo_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        demo.Player.load("no-such-demo")


def _xml(fragment: str) -> ET.Element:
    return ET.fromstring(f"<div>{fragment}</div>")


@pytest.mark.parametrize("demo_id", demos.ids())
def test_every_frame_renders_valid_escaped_html(demo_id: str) -> None:
    p = demo.Player.load(demo_id)
    while True:
        _xml(demo.narration_html(p, links))
        _xml(demo.event_rows(p.frame.events))
        if p.asking:
            q = _xml(demo.question_html(p))
            assert len(q.findall(".//button")) == len(p.question["options"])  # type: ignore
            labels = [b.text for b in q.findall(".//button")]
            assert len(set(labels)) == len(labels), "two options with the same name"
            _xml(demo.feedback_html(p.answer(0)))
        if p.forward() == "end":
            break


def test_narration_links_its_rules_into_the_reference() -> None:
    p = demo.Player.load("combat-example", step=2)
    html = demo.narration_html(p, links)
    assert 'href="#rule-R5"' in html and "ruling R5" in html
    assert ">Combat Example<" in html  # named as cited, linked to the section holding it
    rules = [x for r in demo.cited(p) for x in rulesref.lookup(r, BOOK, NUMBERED)]
    ids = {r["id"] for r in rules}
    assert "R5" in ids
    body = _xml(demo.rules_html(list({r["id"]: r for r in rules}.values())))
    assert {s.get("id") for s in body.findall("section")} == {f"rule-{i}" for i in ids}


def test_dice_show_their_purpose_and_refusals_are_marked() -> None:
    p = demo.Player.load("three-attacks", step=2)
    rows = _xml(demo.event_rows(p.frame.events))
    assert rows.find("li").get("class") == "refused"  # type: ignore[union-attr]
    p.goto(1)
    assert "Rolled 4 for Command Officer 2" in demo.event_rows(p.frame.events)


def test_feedback_says_right_or_wrong_and_why() -> None:
    right = demo.feedback_html({"right": True, "why": "W<1>", "example": "E", "example_why": ""})
    assert "the example's move" in right and "W&lt;1&gt;" in right
    wrong = demo.feedback_html({"right": False, "why": "no", "example": "Fire",
                                "example_why": "because"})
    assert "Not the example" in wrong and "Fire" in wrong and "because" in wrong
    assert demo.feedback_html(None) == ""


def test_embed_snippet_and_index() -> None:
    d = demos.load("panic")
    snippet = demo.embed_snippet("https://x.org/demo.html", d)
    iframe = ET.fromstring(snippet)
    assert iframe.get("src") == "https://x.org/demo.html?d=panic&embed=1"
    assert iframe.get("title") == "Intruder rules demo: Panic"
    index = _xml(demo.index_html(demos.all_demos()))
    assert [a.get("href") for a in index.iter("a")] == [f"?d={i}" for i in demos.ids()]
    assert [a.get("data-demo") for a in index.iter("a")] == demos.ids()


def test_the_step_places_are_where_it_happens() -> None:
    """The part of the plan a small box shows: the Interaction's compartment, else the
    acting crewman and where pieces went, else the active crew."""
    fight = demo.Player.load("interaction", step=1).frame
    assert demo.step_places(fight) == ["store_b1"]
    walk = demo.Player.load("lost-crewmen", step=2).frame  # Command Officer 1 to the Lab
    assert walk.action == {"type": "move", "crew": "co1", "to": "lab"}
    assert demo.step_places(walk) == ["lab"]
    leave = demo.Player.load("shuttles", step=1).frame
    assert demo.step_places(leave) == ["shuttle1"]
    quiet = demo.Player.load("first-game", step=2).frame  # "end actions": nothing moved
    assert quiet.action == {"type": "end_actions"} and not quiet.events
    active = {c["at"] for c in (quiet.view or {})["crew"] if c["status"] == "active"}
    assert set(demo.step_places(quiet)) == active and len(active) > 1


@pytest.mark.parametrize(("width", "height"), [(374, 216), (520, 560), (300, 173)])
def test_plan_fit_shows_the_place_at_a_readable_scale(width: int, height: int) -> None:
    """A box too small for the whole plan shows the part around the step's place at no less
    than the game's readable scale (14-unit text at 11 px), never taller than allowed."""
    from core.station import layout

    box, css_h = demo.plan_fit(width, height, ["store_b1"])
    assert box != layout.VIEWBOX and layout.shows(box, "store_b1")
    assert css_h <= height
    scale = min(width / box[2], css_h / box[3])  # preserveAspectRatio "meet"
    assert scale >= layout.MIN_SCALE * 0.995, scale
    assert demo.plan_fit(1000, 2000, ["store_b1"]) == (layout.VIEWBOX, round(872 * 1000 / 666, 1))
    assert demo.plan_fit(0, 0, ["lab"]) == (layout.VIEWBOX, 0.0)  # not laid out yet
