"""web/py/panels.py on CPython: the side displays, built from real crew views."""

from __future__ import annotations

import random
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import panels
import rulesref
import session

import intruder_core as ic

ROOT = Path(__file__).resolve().parent.parent


def rows(game: ic.Game) -> list[panels.ActionRow]:
    return [(i, a.to_dict(), a.label, a.rule) for i, a in enumerate(game.legal_actions())]


def well_formed(html: str) -> ET.Element:
    """Parse a fragment as XML: every tag closed, attributes quoted."""
    return ET.fromstring(f"<root>{html}</root>")


def test_prompt_for_each_decision() -> None:
    game = ic.new_game(seed=5)
    view = game.view("crew")
    assert panels.prompt(view) == "Choose which Interaction to resolve next: Laboratory, Power"
    view = dict(view, decision={"step": "defense", "intruder": "c3", "target": "so1"})
    assert panels.prompt(view) == ("The Intruder (c3) attacks Science Officer 1: "
                                   "choose a Self Defense attack")
    move = ic.new_game(seed=3).view("crew")
    assert panels.prompt(move).startswith("Crew Movement: select a crewman")
    assert "Command Officer 1 has 3 movement points" in panels.prompt(move, "co1")


def test_actions_the_selected_crewman_first_the_others_on_one_line_each() -> None:
    game = ic.new_game(seed=3)
    view = game.view("crew")
    listed = rows(game)
    costs = session.reachable([r[1] for r in listed], "co2", view)
    html = panels.actions_html(view, listed, "co2", costs)
    tree = well_formed(html)
    buttons = tree.findall(".//button[@data-index]")
    # The selected crewman's actions and the phase's; the others are one line each.
    shown = [int(b.get("data-index", "-1")) for b in buttons]
    expected = {i for i, d, _, _ in listed if d.get("crew") in (None, "co2")}
    assert set(shown) == expected
    first = tree.find(".//div[@data-crew-group]")
    assert first is not None and first.get("data-crew-group") == "co2"
    assert "move to Access Shaft #2 (2 MP)" in "".join(tree.itertext())
    assert 'aria-pressed="true"' in html and "End crew movement" in html
    lines = {li.get("data-crew-group"): "".join(li.itertext())
             for li in tree.iter("li") if li.get("data-crew-group")}
    assert set(lines) == {c["id"] for c in view["crew"]
                          if any(d.get("crew") == c["id"] for _, d, _, _ in listed)} - {"co2"}
    for who, text in lines.items():
        n = sum(1 for _, d, _, _ in listed if d.get("crew") == who)
        member = next(c for c in view["crew"] if c["id"] == who)
        assert text.endswith(f"{member['mp']} MP · {panels.plural(n, 'action')}")
        assert panels.place(member["at"]) in text
    # each of them can be selected from his line
    assert {b.get("data-select") for b in tree.iter("button") if b.get("data-select")} == \
        set(lines) | {"co2"}


def test_a_few_actions_are_all_shown_without_selecting() -> None:
    view = {"decision": {"step": "crew_actions", "at": "lab"},
            "crew": [{"id": "co1", "name": "Command Officer 1", "at": "lab"},
                     {"id": "so1", "name": "Science Officer 1", "at": "lab"}]}
    listed: list[panels.ActionRow] = [
        (0, {"type": "pick_up", "crew": "co1", "item": "cage1"}, "Command Officer 1: pick up", ""),
        (1, {"type": "pick_up", "crew": "so1", "item": "cage1"}, "Science Officer 1: pick up", ""),
        (2, {"type": "end_actions"}, "End the actions", "")]
    tree = well_formed(panels.actions_html(view, listed, None))
    assert len(tree.findall(".//button[@data-index]")) == 3
    assert panels.plural(1, "move") == "1 move" and panels.plural(2, "move") == "2 moves"


def test_rule_links_carry_the_rule() -> None:
    game = ic.new_game(seed=5)
    html = panels.actions_html(game.view("crew"), rows(game), None)
    assert html.count('class="rule-link" data-rule="ruling R2"') == 2


def test_life_stage_chart_has_six_rows_and_marks_the_current_one_in_words() -> None:
    view = ic.new_game(seed=5).view("crew")
    html = panels.life_stage_html(view, panels.stage_rows())
    tree = well_formed(html)
    body_rows = tree.findall(".//tbody/tr")
    assert len(body_rows) == 6
    current = [r for r in body_rows if r.get("aria-current") == "true"]
    assert len(current) == 1 and "now" in "".join(current[0].itertext())
    assert "never" in html


def test_mapsheet_has_every_display() -> None:
    game = ic.new_game(seed=0)
    rng = random.Random(0)
    for _ in range(120):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    html = panels.mapsheet_html(game.view("crew"), panels.stage_rows())
    well_formed(html)
    for title in ("Life Stage", "Powers", "Self-Destruct", "Weapons Construction", "Boxes",
                  "Score", "Unknown Powers", "Known Powers", "Clones Not Yet in Play",
                  "Dummy Counters Discovered", "Not Used", "Caged Lab Animals",
                  "Intruders killed", "Intruders captured", "Electric Prod 1", "Flamethrower 3"):
        assert title in html, title


def test_self_destruct_marker_in_words() -> None:
    view = {"self_destruct": {"box": 6, "stopped": False, "shuttles_may_leave": False}}
    html = panels.self_destruct_html(view)
    assert "marker in 6" in html and html.count('aria-current="true"') == 1
    assert "not started" in panels.self_destruct_html({"self_destruct": {"box": None}})


def test_log_newest_first_with_dice_and_rules() -> None:
    game = ic.new_game(seed=5)
    events = [e.to_dict() for e in game.log]
    html = panels.log_html(events)
    well_formed(html)
    items = re.findall(r'data-type="(\w+)"', html)
    assert items[0] == events[-1]["type"] and items[-1] == "setup"
    assert "Rolled" in html and 'data-rule="Random Movement System"' in html


def test_result_of_a_finished_game() -> None:
    game = ic.new_game(seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.result is not None
    html = panels.result_html(game.result)
    well_formed(html)
    assert panels.OUTCOMES[game.result["outcome"]] in html and 'data-command="new"' in html
    assert str(game.result["score"]) in html and game.result["reason"][1:] in html
    assert panels.prompt(game.view("crew")).startswith("Game over")


def test_rules_reference_entries_search_and_html() -> None:
    book = rulesref.sections((ROOT / "rules" / "intruder-rulebook.txt").read_text())
    numbered = rulesref.rulings((ROOT / "rules" / "rulings.md").read_text(),
                                (ROOT / "docs" / "rulings.md").read_text())
    entries = panels.rule_entries(book, numbered)
    assert {"R1", "R22", "crew-movement"} <= {x["id"] for x in entries}
    assert panels.search_rules("crew movement", entries)[0] == "crew-movement"
    assert panels.search_rules("", entries) == [x["id"] for x in entries]
    assert panels.search_rules("zzzqqq", entries) == []
    nav = panels.rules_nav_html(entries, ["R1"], ["R1"])
    well_formed(nav)
    assert nav.count("<button") == 1 and 'aria-pressed="true"' in nav
    well_formed(panels.rule_entry_html(entries[0]))


def test_text_is_escaped() -> None:
    view = {"crew": [{"id": "x", "name": "<b>&"}], "decision": {"step": "free_actions"}}
    html = panels.actions_html(view, [(0, {"type": "t", "crew": "x"}, "<b>&: go", "<r>")],
                               None)
    well_formed(html)
    assert "<b>&" not in html
