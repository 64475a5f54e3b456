"""The board drawn to be read (issue 23, item 1), measured in the browser.

The crowded Laboratory (every crewman, the revealed Intruder, objects) and the Command
Module with all nine crewmen (after a Panic), at 1280x800, 390x844 and 844x390: every
crewman and the Intruder a piece of its own, in view, at least 24 CSS px (the drawn size,
getBoundingClientRect; the desktop shows the whole plan: issue 28), named uniquely; every SVG
text at least 11 px high as drawn (its bounding box); axe clean; the plan's share of the
desktop's height. And a tap on a crewman selects him, never moves the selected one.
"""

from __future__ import annotations

import hashlib
import json

import pytest
import states
from conftest import Problems, Site
from game_page import Boot
from measures import axe_violations, shared_names
from playwright.sync_api import Page, expect

import intruder_core as ic

LEAST = {"desktop": 24, "phone": 24, "landscape": 24}

# Every piece on the plan (its drawn box and name) and every drawn text's box height.
PIECES = """() => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const pieces = [...document.querySelectorAll('#board [data-crew], #board [data-token]')]
    .map(el => { const r = el.getBoundingClientRect();
      return {id: el.dataset.crew || el.dataset.token, kind: el.dataset.crew ? 'crew' : 'counter',
              name: el.getAttribute('aria-label'), cls: el.getAttribute('class'),
              w: r.width, h: r.height,
              inside: r.left >= board.left - 1 && r.right <= board.right + 1
                && r.top >= board.top - 1 && r.bottom <= board.bottom + 1}; });
  const texts = [...document.querySelectorAll('#board svg text')]
    .filter(t => t.textContent.trim())
    .map(t => ({text: t.textContent.trim(), h: t.getBoundingClientRect().height}));
  const svg = document.querySelector('#board svg').getBoundingClientRect();
  return {pieces, texts, stacks: document.querySelectorAll('#board [data-stack]').length,
          board_w: svg.width, board_h: svg.height,
          insets: [...document.querySelectorAll('#board [data-inset]')]
            .map(e => e.dataset.inset)};
}"""


def digest(game: ic.Game) -> str:
    return hashlib.sha256(game.to_json().encode()).hexdigest()


@pytest.mark.parametrize("size", list(states.SIZES))
@pytest.mark.parametrize("where", ["lab", "command"])
def test_a_crowded_room_shows_every_crewman_and_the_intruder_as_pieces(
    page: Page, site: Site, problems: Problems, boot: Boot, size: str, where: str
) -> None:
    w, h = states.SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    game = states.crowded_lab() if where == "lab" else states.after_panic()
    states.on_origin(page, site.url)
    states.load_state(page, site.url, game)
    got = page.evaluate(PIECES)
    crew = [p for p in got["pieces"] if p["kind"] == "crew"]
    assert sorted(p["id"] for p in crew) == sorted(states.CREW), crew
    assert got["stacks"] == 0, "no crewman or counter folds into a stack"
    assert where in got["insets"], got["insets"]  # the crowded room drawn grown
    view = game.view("crew")
    counters = {c["token"]: c for c in view["counters"] if c["at"] == where}
    assert counters and set(counters) <= {p["id"] for p in got["pieces"]}
    for c in view["crew"]:
        (piece,) = [p for p in crew if p["id"] == c["id"]]
        assert piece["name"].startswith(f"{c['id'][0].upper()}") and \
            f"{c['name']}, {'Laboratory' if where == 'lab' else 'Command Module'}" \
            in piece["name"], piece["name"]
    intruder = [p for p in got["pieces"] if p["kind"] == "counter" and p["id"] in counters
                and "kind-intruder" in p["cls"]]
    assert len(intruder) == (1 if where == "lab" else 0)
    least = LEAST[size]
    for p in got["pieces"]:
        if p["id"] in counters or p["kind"] == "crew":
            assert min(p["w"], p["h"]) >= least, (size, p)
            assert p["inside"], f"{p['id']} is out of the plan's box at {size}"
    names = [p["name"] for p in got["pieces"]]
    assert len(set(names)) == len(names), "two pieces share a name"
    assert not shared_names(page)
    small = [t for t in got["texts"] if t["h"] < 11]
    assert not small, f"text under 11 px drawn: {small[:6]}"
    if size == "desktop":  # the whole plan as high as the window (issue 28)
        share = got["board_h"] / h
        print(f"{where} desktop: the plan is {got['board_h']:.0f} of {h} px high ({share:.0%})")
        assert share >= 0.95, share
    if size != "landscape":  # axe once per state and size that the screenshots show
        assert not axe_violations(page)


def test_a_tap_on_a_crewman_selects_him_and_a_tap_on_a_lit_floor_moves_him(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """Science Officer 1 selected, Engineer 1 standing in a lit compartment: a tap on
    Engineer 1 selects Engineer 1 and nobody moves (issue 23: it walked Science Officer 1
    there); a tap on a lit compartment's floor then moves Engineer 1 there."""
    page.set_viewport_size({"width": 1280, "height": 800})
    game = ic.Game.from_position({
        "seed": 3, "phase": "crew_movement",
        "crew": {"so1": {"at": "command"}, "en1": {"at": "a1"}, "co1": {"at": "mess"}},
        "counters": [{"kind": "intruder", "at": "dock2"}]})
    states.on_origin(page, site.url)
    states.load_state(page, site.url, game)
    body = page.locator("body")
    sha = digest(game)
    expect(body).to_have_attribute("data-state-sha", sha)
    page.locator('#board [data-crew="so1"]').click()
    expect(body).to_have_attribute("data-selected", "so1")
    expect(page.locator('#board [data-compartment="a1"]')).to_have_class(
        "room kind-corridor reachable")
    page.locator('#board [data-crew="en1"]').click()
    expect(body).to_have_attribute("data-selected", "en1")
    expect(page.locator('#board [data-crew="en1"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#board [data-crew="so1"]')).to_have_attribute("aria-pressed", "false")
    assert body.get_attribute("data-state-sha") == sha, "nobody moved"
    assert page.evaluate("JSON.parse(intruderDebug.state())") == json.loads(game.to_json())
    # a tap on a lit compartment's floor moves the selected crewman there
    room = page.locator('#board [data-compartment="a2"]')
    expect(room).to_have_class("room kind-corridor reachable")
    room.click(position={"x": 60, "y": 70})
    game.apply({"type": "move", "crew": "en1", "to": "a2"})
    expect(body).to_have_attribute("data-state-sha", digest(game))


def test_a_tap_on_the_floor_of_a_crowded_room_grown_over_the_plan_is_a_tap_on_that_room(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """The Laboratory drawn grown: a tap on its inset's floor with nobody selected lists what
    is there (the room inspector); with a crewman selected next door, it moves him in."""
    page.set_viewport_size({"width": 1280, "height": 800})
    game = states.crowded_lab()
    states.on_origin(page, site.url)
    states.load_state(page, site.url, game)
    inset = page.locator('#board [data-inset="lab"]')
    inset.click(position={"x": 4, "y": 30})
    dialog = page.locator("#inspector")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".insp-crew")).to_have_count(9)
    dialog.get_by_role("button", name="Close").click()
    # Engineer 3 steps out to B-1 and back in by a tap on the grown Laboratory's floor
    body = page.locator("body")
    page.locator('#board [data-crew="en3"]').click()
    expect(body).to_have_attribute("data-selected", "en3")
    page.locator('#actions button[data-action*=\'"to": "b1"\']').first.click()
    game.apply({"type": "move", "crew": "en3", "to": "b1"})
    expect(body).to_have_attribute("data-state-sha", digest(game))
    expect(body).to_have_attribute("data-selected", "en3")
    expect(inset).to_have_class("inset reachable")
    inset.click(position={"x": 4, "y": 30})
    game.apply({"type": "move", "crew": "en3", "to": "lab"})
    expect(body).to_have_attribute("data-state-sha", digest(game))
