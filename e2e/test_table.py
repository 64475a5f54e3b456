"""The table (issue 10): a board read at a glance and played without fumbling.

Measured on the page after a Panic (all nine crewmen in the Command Module, built with
Game.from_position in e2e/states.py) at 1280x800, 390x844 and in a 900x640 iframe: no text
under 11 CSS px, every tap target at least 24x24 CSS px (WCAG 2.5.8), page height within
about two viewports; crowded rooms, the room inspector, the guards, axe in every state.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import states
from conftest import Problems, Site
from game_page import Boot
from measures import BOARD_FIGURES, SMALL_TARGETS, SMALL_TEXT, axe_violations, check_table
from playwright.sync_api import Page, expect

import intruder_core as ic

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def load(page: Page, site: Site, boot: Boot, game: ic.Game) -> None:
    states.on_origin(page, site.url)
    states.load_state(page, site.url, game)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_after_a_panic_the_board_is_readable_and_tappable(
    page: Page, site: Site, problems: Problems, boot: Boot, size: str
) -> None:
    spec = DESKTOP if size == "desktop" else PHONE
    page.set_viewport_size(spec["viewport"])
    load(page, site, boot, states.after_panic())
    h = spec["viewport"]["height"]
    figures = check_table(page, h, f"{size} panic")
    # the whole plan fits a wide screen: no part of it is cut off
    zoom = page.locator("#board").get_attribute("data-zoom")
    assert (zoom is None) == (size == "desktop"), zoom
    assert figures["tokens"] >= 1 and figures["min_text"] >= 11
    # nine crewmen do not fit the Command Module at full size: it grows over the plan and
    # shows each of them, never a stack with a count (issue 23)
    stack = page.locator('#board [data-inset="command"]')
    expect(stack).to_have_count(1)
    expect(stack.locator("[data-crew]")).to_have_count(9)
    expect(page.locator("#board [data-stack]")).to_have_count(0)
    assert not axe_violations(page)
    # the selected crewman: his actions first, the others on one line each
    page.locator('[data-select="co1"]').first.click()
    expect(page.locator("#actions .crew-group").first).to_have_attribute(
        "data-crew-group", "co1")
    # an action of another phase he may look for is explained (he carries a Blaster)
    # in the engine's words (why_illegal), with the rule it cites as a rule link
    hint = page.locator('#actions [data-crew-group="co1"] .hint', has_text="No attacks now")
    expect(hint).to_contain_text("crew Actions are taken in a Crew Action Segment")
    expect(hint.locator(".rule-link")).to_have_attribute("data-rule", "Sequence of Play; Actions")
    check_table(page, h, f"{size} panic, co1 selected")
    # the room inspector lists every piece, with its actions; axe-clean too (a tap on the
    # grown room's floor, co1 deselected first)
    page.keyboard.press("Escape")
    expect(page.locator("body")).not_to_have_attribute("data-selected", "co1")
    stack.click(position={"x": 4, "y": 30})
    dialog = page.locator("#inspector")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".insp-crew")).to_have_count(9)
    expect(dialog).to_contain_text("Face-down counter")
    assert not axe_violations(page)
    dialog.get_by_role("button", name="Close").click()


def test_a_tap_on_a_crowded_room_moves_the_selected_crewman(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    game = states.after_panic()
    load(page, site, boot, game)
    # Engineer 3 leaves, then comes back: a tap on the crowded Command Module (the floor of
    # its grown box) moves him there instead of selecting anyone or opening the list.
    page.locator('[data-select="en3"]').first.click()
    page.locator('#board [data-compartment="a1"]').click()
    expect(page.locator("body")).to_have_attribute("data-selected", "en3")
    page.locator('#board [data-inset="command"]').click(position={"x": 4, "y": 30})
    game.apply({"type": "move", "crew": "en3", "to": "a1"})
    game.apply({"type": "move", "crew": "en3", "to": "command"})
    expect(page.locator("body")).to_have_attribute(
        "data-state-sha", page.evaluate("intruderDebug.sha()"))
    assert page.evaluate("JSON.parse(intruderDebug.state())") == json.loads(game.to_json())
    expect(page.locator("#inspector")).to_be_hidden()


def test_guard_asks_before_ending_movement_and_a_setting_turns_it_off(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    states.on_origin(page, site.url)
    states.load_state(page, site.url, states.hunt_left())  # R66: a hunt would be lost
    sha = page.locator("body").get_attribute("data-state-sha")
    end = page.locator("#actions").get_by_role("button", name="End crew movement")
    end.click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(states.HUNT_LEFT)
    assert not axe_violations(page)
    dialog.get_by_role("button", name="Go back").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-state-sha", sha or "")
    end.click()
    dialog.get_by_role("button", name="End anyway").click()
    expect(page.locator("body")).not_to_have_attribute("data-state-sha", sha or "")
    # Settings: the question can be turned off (and it stays off after a reload)
    page.get_by_role("button", name="Settings").click()
    settings = page.locator("#settings-dialog")
    assert not axe_violations(page)
    settings.get_by_role("checkbox").uncheck()
    settings.get_by_role("button", name="Close").click()
    # the same position again, after a reload: the setting holds, no guard asks
    states.load_state(page, site.url, states.hunt_left())
    before = page.locator("body").get_attribute("data-state-sha")
    assert before == sha
    page.locator("#actions").get_by_role("button", name="End crew movement").click()
    expect(page.locator("body")).not_to_have_attribute("data-state-sha", before or "")
    expect(dialog).to_be_hidden()


def test_undo_is_off_after_game_over(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    game = ic.Game.from_position({"seed": 2, "phase": "crew_movement",
                                  "counters": [{"kind": "intruder", "at": "dock2"}]})
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    load(page, site, boot, game)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#undo")).to_be_disabled()


@pytest.mark.parametrize("size", [(900, 640), (390, 600)], ids=["900x640", "390x600"])
def test_the_embed_in_an_iframe_shows_board_prompt_actions_and_events(
    page: Page, site: Site, problems: Problems, boot: Boot, size: tuple[int, int]
) -> None:
    w, h = size
    boot(site.url + "embed.html?seed=1")
    page.evaluate("s => localStorage.setItem('intruder:embed:save', s)",
                  states.after_panic().to_json())
    page.set_viewport_size({"width": w + 40, "height": h + 40})
    # (the game of the page replaced here still hears the embedded one start: it must not
    # fail on its emptied document)
    inner = states.embed_frame(page, site.url, w, h)
    assert inner is not None
    frame = page.frame_locator("iframe")
    expect(frame.locator('#board [data-inset="command"]')).to_be_attached()  # the Panic
    for part in ("#board svg", "#prompt", "#actions button[data-index]", "#log li"):
        box = inner.locator(part).first.bounding_box()
        assert box is not None and box["y"] < h and box["x"] < w, f"{part} not in view: {box}"
        if part != "#board svg":  # the prompt, the first action, the latest event: whole
            assert box["y"] + box["height"] <= h, f"{part} cut by the fold: {box}"
    small = inner.evaluate(SMALL_TEXT)
    assert not small, f"embed {w}x{h}: text under 11 px: {small[:8]}"
    tiny = inner.evaluate(SMALL_TARGETS)
    assert not tiny, f"embed {w}x{h}: tap targets under 24x24 px: {tiny[:8]}"
    print(f"embed {w}x{h}", json.dumps(inner.evaluate(BOARD_FIGURES)))
    assert not axe_violations(inner)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_big_events_show_in_a_banner_with_their_dice_and_on_the_plan(
    page: Page, site: Site, problems: Problems, boot: Boot, motion: str
) -> None:
    page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    page.set_viewport_size(DESKTOP["viewport"])
    boot(site.url + "?seed=52")  # the Intruder attacks Engineer 1 in Power
    game = ic.new_game(seed=52)
    defend = next(a for a in game.legal_actions() if a.type == "defend")
    events = [ev.to_dict() for ev in game.apply(defend)]
    page.locator("#actions button[data-action]", has_text="improvised").click()
    banner = page.locator("#banner")
    expect(banner.locator("li[data-type]")).to_have_count(3)
    types = banner.locator("li[data-type]").evaluate_all("ls => ls.map(l => l.dataset.type)")
    assert types == ["crew_killed", "panic", "metamorphosis"]  # cause first
    rolls = [ev for ev in events if ev["type"] == "roll"]
    moves = [ev for ev in rolls if ev["purpose"].startswith("random movement")]
    expect(banner.locator(".dice li")).to_have_count(len(rolls) - len(moves) + bool(moves))
    for ev in rolls:
        if ev not in moves:
            expect(banner).to_contain_text(f"for {ev['purpose']}")
    for place in ("power", "command"):
        room = page.locator(f'#board [data-compartment="{place}"]')
        expect(room).to_have_class(re_word("event-here"))
        anim = room.locator(".room-box").evaluate("r => getComputedStyle(r).animationName")
        assert (anim == "none") == (motion == "reduce"), anim
    # the crowded Command Module (eight crewmen after the Panic) is drawn grown over the
    # plan: its grown box is outlined too, not only the room under it
    expect(page.locator('#board [data-inset="command"]')).to_have_class(re_word("event-here"))
    check_table(page, DESKTOP["viewport"]["height"], f"events ({motion})")
    # the dead crewman stays in view: the status line names him, and the plan marks him
    # where he fell, as a casualty (not a token: no button, no data-crew)
    expect(page.locator("#status")).to_contain_text("Dead Engineer 1")
    mark = page.locator('#board .casualty[aria-label="Engineer 1, dead: killed here"]')
    expect(mark).to_have_count(1)
    expect(mark).to_contain_text("✝E1")
    expect(page.locator('#board [data-crew="en1"]')).to_have_count(0)
    room = page.locator('#board [data-compartment="power"] .room-box').bounding_box()
    chip = mark.bounding_box()
    assert room and chip and room["x"] <= chip["x"] and chip["x"] + chip["width"] <= \
        room["x"] + room["width"] and room["y"] <= chip["y"] and \
        chip["y"] + chip["height"] <= room["y"] + room["height"], (room, chip)
    # a tap on it is a tap on its room (a chip over a crowded room took a crewman's tap)
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)"
                        ".closest('[data-compartment]')?.dataset.compartment",
                        [chip["x"] + chip["width"] / 2, chip["y"] + chip["height"] / 2])
    assert hit == "power", hit
    assert not axe_violations(page)
    # a toast over the plan: it pushes nothing down, covers neither the prompt nor the
    # actions, and slides in only without reduced motion
    assert page.evaluate("getComputedStyle(document.getElementById('toast')).position") == \
        "absolute"
    toast = page.locator("#toast").bounding_box()
    window = page.viewport_size
    assert toast and window and toast["x"] >= 0 and toast["y"] >= 0 and \
        toast["x"] + toast["width"] <= window["width"] and \
        toast["y"] + toast["height"] <= window["height"], (toast, window)  # inside the window
    for part in ("#prompt", "#actions"):
        other = page.locator(part).bounding_box()
        assert toast and other and (toast["x"] + toast["width"] <= other["x"]
                                    or toast["y"] + toast["height"] <= other["y"]), part
    anim = banner.evaluate("b => getComputedStyle(b).animationName")
    assert (anim == "none") == (motion == "reduce"), anim
    if motion == "reduce":  # the toast can be dismissed; the log keeps the events
        page.locator("#banner-close").click()
        expect(banner.locator("li[data-type]")).to_have_count(0)
        expect(page.locator("#banner-close")).to_be_hidden()
        expect(page.locator('#log li[data-type="crew_killed"]')).to_have_count(1)
        return
    # the next action of the player clears the banner
    page.locator("#actions button[data-action]").first.click()
    if page.locator("#confirm-dialog[open]").count():
        page.locator("#confirm-yes").click()
    expect(banner.locator('li[data-type="panic"]')).to_have_count(0)


# The crewmen the events toast covers: [crew, x, y] where, at his token's centre (where a
# finger taps), the toast is on top and under it the token is the plan's top element.
COVERED = """() => {
  const banner = document.getElementById('banner').getBoundingClientRect();
  const out = [];
  for (const token of document.querySelectorAll('#board [data-crew]')) {
    const r = token.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    if (x < banner.left || x > banner.right || y < banner.top || y > banner.bottom) continue;
    const all = document.elementsFromPoint(x, y);
    const plan = all.find((e) => e.closest('#board'));
    if (all[0].closest('#banner') && plan && plan.closest('[data-crew]') === token)
      out.push([token.dataset.crew, x, y]);
  }
  return out;
}"""


# A point of the toast over an empty part of a compartment (no piece under it): [x, y].
OVER_A_ROOM = """() => {
  const banner = document.getElementById('banner').getBoundingClientRect();
  for (let y = banner.top + 4; y < banner.bottom; y += 8)
    for (let x = banner.left + 4; x < banner.right; x += 8) {
      const all = document.elementsFromPoint(x, y);
      const plan = all.find((e) => e.closest('#board'));
      if (all[0].closest('#banner') && plan && plan.closest('[data-compartment]') &&
          !plan.closest('[data-crew], [data-token], [data-items], [data-stack]')) return [x, y];
    }
  return null;
}"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_tap_on_a_crewman_under_the_events_toast_selects_him(
    page: Page, site: Site, problems: Problems, boot: Boot, size: str
) -> None:
    """The toast sits on the edge away from the events, not from every piece: where it covers
    a crewman, a tap there is his (the toast makes way); over an empty compartment the tap
    stays the toast's, so it never moves a crewman unseen. (Found by a Science Officer
    hot-seat game, seed 15, where Command Officer 1 could not be tapped.)"""
    w, h = states.SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    boot(site.url + "?seed=1")
    page.get_by_role("button", name="Resolve the Interaction in Laboratory").click()  # 2 Dummies
    banner, body = page.locator("#banner"), page.locator("body")
    expect(banner.locator("li[data-type]")).to_have_count(2)
    if body.get_attribute("data-moments") == "playing":
        page.keyboard.press("Escape")  # the toast shows once they end (a press skips them)
    expect(body).not_to_have_attribute("data-moments", "playing")
    mine = set(page.locator("#actions [data-select]").evaluate_all(
        "bs => bs.map(b => b.dataset.select)"))
    covered = [c for c in page.evaluate(COVERED) if c[0] in mine]
    assert covered, f"{size}: no crewman of the player's under the toast: this test needs one"
    selected = body.get_attribute("data-selected")
    room = page.evaluate(OVER_A_ROOM)
    assert room, f"{size}: the toast covers no empty compartment"
    page.mouse.click(*room)
    expect(banner.locator("li[data-type]")).to_have_count(2)  # still the toast's
    assert body.get_attribute("data-selected") == selected
    crew, x, y = covered[0]
    page.mouse.click(x, y)
    expect(body).to_have_attribute("data-selected", crew)
    expect(banner.locator("li[data-type]")).to_have_count(0)  # dismissed; the log keeps them
    expect(page.locator('#log li[data-type="reveal"]')).to_have_count(2)


def re_word(word: str) -> Any:
    import re

    return re.compile(rf"(^|\s){word}(\s|$)")


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_on_a_phone_the_plan_fits_and_the_selected_actions_show_without_scrolling(
    page: Page, site: Site, problems: Problems, boot: Boot, orientation: str
) -> None:
    w, h = states.SIZES["phone" if orientation == "portrait" else "landscape"]
    page.set_viewport_size({"width": w, "height": h})
    boot(site.url + "?seed=3")

    def fits(where: str) -> None:
        """The plan inside the screen's width (no sideways scrolling, in its box or the
        page), at a readable scale; the prompt and the selected crewman's first action
        whole on the first screen."""
        figures = check_table(page, h, where)
        board = page.evaluate("""() => { const b = document.getElementById('board');
            return {sw: b.scrollWidth, cw: b.clientWidth, page: document.documentElement
            .scrollWidth, right: b.querySelector('svg').getBoundingClientRect().right}; }""")
        assert board["sw"] <= board["cw"] + 1 and board["page"] <= w, (where, board)
        assert board["right"] <= w and figures["min_text"] >= 11, (where, board, figures)
        for part in ("#prompt", "#actions .crew-group.selected button[data-index]"):
            box = page.locator(part).first.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= h, (where, part, box)

    page.locator('#board [data-crew="co1"]').click()
    expect(page.locator("body")).to_have_attribute("data-selected", "co1")
    # the part of the plan shown holds him and where he can go
    for room in ("command", "a1", "b1", "c1"):
        expect(page.locator(f'#board [data-compartment="{room}"]')).to_be_in_viewport()
    fits(f"{orientation}, new game, co1 selected")
    # "Whole station" shows all of the plan (smaller), and back
    zoom = page.locator("#board-zoom")
    expect(zoom).to_have_text("Whole station")
    part = page.locator("#board svg").get_attribute("viewBox")
    zoom.click()
    expect(page.locator("#board svg")).to_have_attribute("viewBox", "0 0 666 872")
    expect(page.locator("#board")).to_have_attribute("data-zoom", "whole")
    page.get_by_role("button", name="Zoom in").click()
    expect(page.locator("#board svg")).to_have_attribute("viewBox", part or "")
    # The overview is a map (R65): its pieces are under 24 px, so a tap on one does not act
    # on it (no selection, no move) but zooms in on the place tapped.
    state = page.locator("body").get_attribute("data-state-sha")
    for tapped, place in (('[data-compartment="dock2"]', "dock2"),
                          ('[data-crew="co1"]', "command")):
        zoom.click()
        expect(page.locator("#board")).to_have_attribute("data-zoom", "whole")
        page.locator(f"#board {tapped}").first.click()
        expect(page.locator("#board")).to_have_attribute("data-zoom", "part")
        expect(page.locator(f'#board [data-compartment="{place}"]')).to_be_in_viewport()
        expect(page.locator("body")).to_have_attribute("data-selected", "co1")
        expect(page.locator("body")).to_have_attribute("data-state-sha", state or "")
    expect(page.locator("#board svg")).to_have_attribute("viewBox", part or "")  # around him
    # keyboard focus on a compartment out of the part shown brings it into view
    dock = page.locator('#board [data-compartment="dock2"]')
    expect(dock).not_to_be_in_viewport(ratio=1)
    dock.focus()
    expect(page.locator("#board svg")).not_to_have_attribute("viewBox", part or "")
    box, plan = dock.bounding_box(), page.locator("#board").bounding_box()
    assert box and plan and plan["y"] <= box["y"] and box["y"] + box["height"] <= \
        plan["y"] + plan["height"] + 1, (box, plan)
    page.locator('#board [data-crew="co1"]').focus()  # and back to him
    expect(page.locator('#board [data-compartment="command"]')).to_be_in_viewport(ratio=1)
    # after a Panic, with a crewman selected
    states.load_state(page, site.url, states.after_panic())
    page.locator('#actions [data-select="so2"]').first.click()
    expect(page.locator("body")).to_have_attribute("data-selected", "so2")
    fits(f"{orientation}, after a Panic, so2 selected")


def test_the_part_of_the_plan_shown_follows_the_window(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """fit_board measures the board once and again only on a resize (a click never forces
    a layout): the window shrunk to a phone's shows the part where things happen, and
    widened again the whole plan, without a click in between."""
    page.set_viewport_size(DESKTOP["viewport"])
    boot(site.url + "?seed=3")
    page.locator('#board [data-crew="co1"]').click()
    expect(page.locator("body")).to_have_attribute("data-selected", "co1")
    expect(page.locator("#board")).not_to_have_attribute("data-zoom", re_word("part|whole"))
    expect(page.locator("#board-zoom")).to_be_hidden()
    page.set_viewport_size(PHONE["viewport"])
    expect(page.locator("#board")).to_have_attribute("data-zoom", "part")
    expect(page.locator("#board-zoom")).to_be_visible()
    expect(page.locator("#board svg")).not_to_have_attribute("viewBox", "0 0 666 872")
    expect(page.locator('#board [data-compartment="command"]')).to_be_in_viewport()
    page.set_viewport_size(DESKTOP["viewport"])
    expect(page.locator("#board svg")).to_have_attribute("viewBox", "0 0 666 872")
    expect(page.locator("#board")).not_to_have_attribute("data-zoom", re_word("part|whole"))
    expect(page.locator("#board-zoom")).to_be_hidden()
