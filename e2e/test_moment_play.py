"""Moments that finish the story (issue 23, items 2 and 4): a metamorphosis grows the
Intruder's piece where it stands and lights the Life Stage Chart's new row; on a phone the
plan zooms to each moment's place and back; a computer turn waits for the moments the human
must see, and goes on once they have played or been skipped."""

from __future__ import annotations

import json
from typing import Any

import pytest
import states
from conftest import Problems, Site
from main_thread import MainThread
from playwright.sync_api import Page, expect

import intruder_core as ic

LAYER = "#board .moments"
BODY = "body"


def pos(**kw: Any) -> ic.Game:
    return ic.Game.from_position({"seed": 1, **kw})


def load(page: Page, site: Site, game: ic.Game, size: str = "desktop",
         settings: dict[str, Any] | None = None, seats: dict[str, str] | None = None,
         query: str = "") -> None:
    """The page resumes `game` at this size, with these settings (no guards) and seats."""
    w, h = states.SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    if not page.url.startswith(site.url):
        states.on_origin(page, site.url)
    page.evaluate("([s, seats]) => { localStorage.setItem('intruder:settings', s);"
                  " if (seats) localStorage.setItem('intruder:seats', seats);"
                  " else localStorage.removeItem('intruder:seats'); }",
                  [json.dumps({"confirm": False, **(settings or {})}),
                   json.dumps(seats) if seats else None])
    states.load_state(page, site.url + query, game)


def act(page: Page, text: str) -> None:
    """Click the first action button with this text, and wait for the page's answer."""
    sha = page.locator(BODY).get_attribute("data-state-sha")
    page.locator("#actions button[data-action]", has_text=text).first.click()
    page.wait_for_function("s => document.body.dataset.stateSha !== s", arg=sha)


def moment(page: Page, kind: str) -> Any:
    return page.locator(f'{LAYER} .moment[data-kind="{kind}"]')


def said(m: Any) -> str:
    """A moment's caption as read: its lines joined by spaces."""
    m.first.wait_for(state="attached")
    return " ".join(m.first.locator(".caption text").evaluate_all(
        "ts => ts.map(t => t.textContent)"))


def metamorphosis_game() -> ic.Game:
    """Crew Movement, a face-up stage 2 Intruder alone in Storage A-1: ending the movement,
    the metamorphosis die is a 1 (stage 2 grows on 1-2)."""
    return pos(phase="crew_movement", stage=2, known=["immune_gas", "very_fast", "clone"],
               crew={"so1": {"at": "command", "mp": 0}},
               counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
               dice=[1, 4, 4, 4, 4], strict_dice=False)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_metamorphosis_grows_the_piece_and_lights_the_new_row(
    page: Page, site: Site, problems: Problems, size: str
) -> None:
    game = metamorphosis_game()
    token = next(c["token"] for c in game.view("crew")["counters"] if c.get("face_up"))
    load(page, site, game, size, {"moments": "slow"})
    act(page, "End")
    grown = moment(page, "metamorphosis")
    text = said(grown)
    assert text.startswith("The Intruder grows to Life Stage 3"), text
    assert "Life Stage 3: attacks on 1-3, kills on 1-4, crew may kill" in text, text
    assert "Die 1: it grows to Life Stage 3" in text, text
    # the piece's copy grows where the piece stands (the same transform), drawn in full
    piece = page.locator(f'#board #st-counter-{token}')
    slot = grown.locator(f'[data-grow="{token}"]')
    expect(slot).to_have_attribute("transform", piece.get_attribute("transform") or "-")
    assert slot.locator(".grow .tok").count() == 1
    assert "kind-intruder" in (slot.get_attribute("class") or "")  # in the piece's colours
    heights = grown.locator(".caption text").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 11, heights
    # the chart's new row is lit while it plays, timed as the moment, and no longer after
    row = page.locator(".stage-chart tr.current")
    expect(row).to_have_class("current stage-grown")
    expect(row).to_contain_text("3")
    delay = grown.evaluate("g => g.style.animationDelay")
    assert row.evaluate("r => r.style.animationDelay") == delay
    assert row.evaluate("r => getComputedStyle(r).animationName") == "stage-lit"
    page.keyboard.press("Escape")
    expect(page.locator(LAYER)).to_have_count(0)
    expect(page.locator(".stage-chart tr.stage-grown")).to_have_count(0)


def test_pace_off_lights_nothing_and_a_miss_says_its_die_in_the_toast(
    page: Page, site: Site, problems: Problems
) -> None:
    load(page, site, metamorphosis_game(), settings={"moments": "off"})
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(0)
    expect(page.locator(".stage-chart tr.stage-grown")).to_have_count(0)
    expect(page.locator("#banner")).to_contain_text("The Intruder grows to Life Stage 3")
    # no metamorphosis (a 4), beside a reveal that makes a toast: the die says so
    game = pos(phase="crew_movement", stage=1, unknown=2, known=[],
               crew={"so1": {"at": "store_a1", "mp": 0}},
               counters=[{"kind": "intruder", "at": "store_a1"}], dice=[4, 6, 3, 6, 1, 1])
    load(page, site, game, settings={"moments": "off"})
    act(page, "End")
    expect(page.locator("#banner .dice")).to_contain_text("Die 4: no metamorphosis")


def death_and_panic_game(where: str = "store_a1") -> ic.Game:
    """Crew Movement, a face-up stage 3 Intruder with Command Officer 1 in `where`, the
    rest of the crew in their rooms around the station. Ending the movement: no metamorphosis
    (4), it attacks (1); without Self Defense it kills him (1) and the crew panics to the
    Command Module (the part a phone shows afterwards is the Module's)."""
    return pos(phase="crew_movement", stage=3,
               known=["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
               crew={"co1": {"at": where, "mp": 0}, "en1": {"at": "infirmary", "mp": 0}},
               counters=[{"kind": "intruder", "at": where, "face_up": True}],
               dice=[4, 1, 1, 6, 6, 6, 6], strict_dice=False)


SHOWN = """ids => { const svg = document.querySelector('#board svg').getBoundingClientRect();
  return ids.every(id => {
    const r = document.querySelector(`#board [data-compartment="${id}"] .room-box`)
      .getBoundingClientRect();
    return r.left >= svg.left - 1 && r.top >= svg.top - 1 && r.right <= svg.right + 1
      && r.bottom <= svg.bottom + 1; }); }"""


def shown(page: Page, *places: str) -> bool:
    """Whether these compartments are all inside the part of the plan on the screen."""
    return bool(page.evaluate(SHOWN, list(places)))


def view_box(page: Page) -> str:
    return str(page.locator("#board svg").first.get_attribute("viewBox"))


def usual_part(page: Page, site: Site, game: ic.Game) -> str:
    """The part of the plan a phone shows after the death and the Panic, moments off."""
    load(page, site, game, "phone", {"moments": "off"})
    act(page, "End")
    page.locator(NO_DEFENSE).click()
    expect(page.locator(BODY)).to_have_attribute("data-step", "move")
    expect(page.locator("#board")).to_have_attribute("data-zoom", "part")
    return view_box(page)


NO_DEFENSE = '#actions button[data-action*="no_defense"]'


def test_on_a_phone_the_plan_zooms_to_a_moment_off_its_part_and_back(
    page: Page, site: Site, problems: Problems
) -> None:
    """Dock 2 and the Command Module do not fit in one part at a readable scale: the plan
    shows the death where he fell, then the Panic's flight, then the usual part again."""
    usual = usual_part(page, site, death_and_panic_game("dock2"))
    load(page, site, death_and_panic_game("dock2"), "phone", {"moments": "slow"})
    act(page, "End")
    page.locator(NO_DEFENSE).click()
    death = moment(page, "attack_on_crew")
    death.wait_for(state="attached")
    assert "Command Officer 1 is killed" in said(death)
    assert shown(page, "dock2"), view_box(page)
    first = view_box(page)
    page.wait_for_function("v => document.querySelector('#board svg')"
                           ".getAttribute('viewBox') !== v", arg=first, timeout=8000)
    assert shown(page, "command"), view_box(page)  # where the crew falls back to
    panic = moment(page, "panic")
    heights = panic.locator(".caption text").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 11, heights
    caption = panic.locator(".caption rect").bounding_box()
    board = page.locator("#board svg").first.bounding_box()
    assert caption and board and caption["y"] >= board["y"] - 1 and \
        caption["y"] + caption["height"] <= board["y"] + board["height"] + 1, (caption, board)
    expect(page.locator("#board")).to_have_attribute("data-zoom", "part")
    page.keyboard.press("Escape")  # skipped: back to the usual part
    expect(page.locator(LAYER)).to_have_count(0)
    assert view_box(page) == usual, (view_box(page), usual)


def test_on_a_phone_moments_in_the_part_shown_play_without_moving_the_plan(
    page: Page, site: Site, problems: Problems
) -> None:
    """R67: the death in Storage A-1 and the flight to the Command Module both lie in the part
    the phone shows, so the plan holds still while they play."""
    usual = usual_part(page, site, death_and_panic_game())
    assert shown(page, "store_a1", "command")
    load(page, site, death_and_panic_game(), "phone", {"moments": "slow"})
    before = view_box(page)
    act(page, "End")
    page.locator(NO_DEFENSE).click()
    assert "Command Officer 1 is killed" in said(moment(page, "attack_on_crew"))
    boxes = {view_box(page)}
    panic = moment(page, "panic")
    panic.wait_for(state="attached")
    boxes.add(view_box(page))
    assert boxes == {usual} == {before}, (boxes, usual, before)


THE_INTRUDER_BY_HAND = {"crew": "computer", "intruder": "human"}
SHA = "document.body.dataset.stateSha"


def sha(page: Page) -> str:
    return str(page.locator(BODY).get_attribute("data-state-sha"))


def armed_crew_game() -> ic.Game:
    """The Intelligent Intruder, First Interaction Phase: the Intruder player's face-up stage 3
    Intruder with Command Officers 1 and 2 and their Blasters in Storage A-1. He holds back;
    the crew bot fires both Blasters, one action each, and every die is a 6: no effect."""
    return ic.Game.from_position({
        "scenario": "intelligent_intruder", "seed": 1, "phase": "interaction1", "stage": 3,
        "known": ["immune_gas", "immune_cold", "very_fast", "fast_reflexes"],
        "crew": {"co1": {"at": "store_a1", "carrying": ["blaster1"]},
                 "co2": {"at": "store_a1", "carrying": ["blaster2"]}},
        "counters": [{"kind": "intruder", "at": "store_a1", "face_up": True}],
        "dice": [6] * 8, "strict_dice": False})


def test_the_computer_waits_while_the_humans_moments_play_and_goes_on_after(
    page: Page, site: Site, problems: Problems
) -> None:
    load(page, site, armed_crew_game(), settings={"moments": "slow"},
         seats=THE_INTRUDER_BY_HAND, query="?pace_ms=10")
    expect(page.locator(BODY)).to_have_attribute("data-turn", "human:intruder",
                                                 timeout=60_000)
    page.locator('#actions button[data-action*="intruder_hold"]').click()
    # the crew bot's first shot: a moment that concerns the Intruder player
    shot = moment(page, "crew_attack")
    shot.wait_for(state="attached", timeout=30_000)
    assert "Command Officer 1 uses the Blaster" in said(shot), said(shot)
    held = sha(page)
    page.wait_for_timeout(1500)  # the bot's pace is 10 ms: it would have fired again
    expect(page.locator(BODY)).to_have_attribute("data-moments", "playing")
    assert sha(page) == held, "the computer acted while the human's moment played"
    # its result is the toast's (not a toast of the human's own last action)
    expect(page.locator("#banner")).to_contain_text("No effect: Command Officer 1 uses")
    page.keyboard.press("Escape")  # skipped: the computer goes on
    page.wait_for_function(f"s => {SHA} !== s", arg=held, timeout=30_000)
    second = page.locator(f'{LAYER} .moment[data-kind="crew_attack"]')
    second.first.wait_for(state="attached", timeout=30_000)
    assert "Command Officer 2 uses the Blaster" in said(second), said(second)
    held = sha(page)
    page.wait_for_timeout(1500)
    assert sha(page) == held and \
        page.locator(BODY).get_attribute("data-moments") == "playing"
    # played to its end (3.6 s at the slow pace): the computer goes on by itself
    page.wait_for_function("() => document.body.dataset.moments !== 'playing'",
                           timeout=30_000)
    page.wait_for_function(f"s => {SHA} !== s", arg=held, timeout=30_000)


def test_the_humans_last_toast_goes_when_the_computers_turn_begins(
    page: Page, site: Site, problems: Problems
) -> None:
    """Issue 23: in the Intelligent Intruder game a reveal's toast stayed up through the crew
    bot's whole turn, as if the bot's actions had done nothing."""
    game = ic.Game.from_position({
        "scenario": "intelligent_intruder", "seed": 1, "phase": "movement", "stage": 1,
        "crew": {"co1": {"at": "store_a1"}},
        "counters": [{"kind": "lab_animal", "at": "store_a1"}, {"kind": "intruder", "at": "dock2"}],
        "dice": [6] * 8, "strict_dice": False})
    load(page, site, game, settings={"moments": "off"}, seats=THE_INTRUDER_BY_HAND,
         query="?pace_ms=400")
    expect(page.locator(BODY)).to_have_attribute("data-turn", "human:intruder",
                                                 timeout=60_000)
    before = sha(page)
    page.locator('#actions button[data-action*="end_intruder_movement"]').click()
    page.wait_for_function(f"s => {SHA} !== s", arg=before, timeout=30_000)
    expect(page.locator("#banner")).to_contain_text("Counter c1 is a Lab Animal")
    mine = sha(page)
    page.wait_for_function(f"s => {SHA} !== s", arg=mine, timeout=30_000)  # the bot acts
    expect(page.locator("#banner")).not_to_contain_text("is a Lab Animal")


# When the plan re-zooms and the moments end (ms), to say which of them a long task came with.
WATCH_MARKS = """() => { window.__marks = [['t0', performance.now() | 0]];
  const svg = document.querySelector('#board svg');
  new MutationObserver(() => window.__marks.push(['zoom', performance.now() | 0]))
    .observe(svg, {attributes: true, attributeFilter: ['viewBox']});
  new MutationObserver(() => window.__marks.push(['moments', performance.now() | 0,
    document.body.dataset.moments])).observe(document.body,
    {attributes: true, attributeFilter: ['data-moments', 'data-state-sha']}); }"""


def test_no_long_task_while_a_phone_zooms_from_moment_to_moment(
    page: Page, site: Site, problems: Problems, main_thread: MainThread
) -> None:
    load(page, site, death_and_panic_game("dock2"), "phone", {"moments": "fast"})
    # the work after the boot (the bots' worker, at an idle moment) is not the moments'
    expect(page.locator(BODY)).to_have_attribute("data-bot-worker", "ready", timeout=60_000)
    page.wait_for_timeout(500)
    act(page, "End")
    page.keyboard.press("Escape")
    page.locator('#actions button[data-action*="no_defense"]').click()
    moment(page, "attack_on_crew").first.wait_for(state="attached")
    page.wait_for_timeout(300)  # the action's own work is done (the click's, timed elsewhere)
    main_thread.start()  # from now on: the moments play, the plan re-zooms
    page.evaluate(WATCH_MARKS)
    first = view_box(page)
    page.wait_for_function("v => document.querySelector('#board svg')"
                           ".getAttribute('viewBox') !== v", arg=first, timeout=8000)
    page.wait_for_function("() => document.body.dataset.moments !== 'playing'",
                           timeout=15_000)
    page.wait_for_timeout(300)
    t0 = page.evaluate("window.__marks[0][1]")
    long = main_thread.long(since=t0)
    assert not long, ([str(t) for t in long], page.evaluate("window.__marks"))


IN_VIEW = """() => { const r = document.querySelector('#board').getBoundingClientRect();
  return r.bottom > 80 && r.top < innerHeight - 80; }"""


def test_an_action_far_down_the_list_plays_its_moments_on_the_plan_in_view(
    page: Page, site: Site, problems: Problems
) -> None:
    """On a phone the player scrolls the panel under the plan down to an action (the mapsheet
    open under it): the plan stays in view (the page itself never scrolls: issue 28), and
    the action's moments play on it."""
    load(page, site, death_and_panic_game(), "phone", {"moments": "slow"})
    page.locator(".mapsheet > summary").click()  # open below the actions: the panel is long
    button = page.locator("#actions button[data-action]", has_text="End").first
    button.evaluate("b => b.scrollIntoView({block: 'start'})")
    assert page.evaluate(f"({IN_VIEW})()") and page.evaluate("scrollY") == 0
    sha = page.locator(BODY).get_attribute("data-state-sha")
    button.dispatch_event("click")  # as a tap there: no scrolling by the test
    page.wait_for_function("s => document.body.dataset.stateSha !== s", arg=sha)
    expect(page.locator("#st-moments")).to_have_count(1)
    assert page.evaluate(f"({IN_VIEW})()") and page.evaluate("scrollY") == 0
