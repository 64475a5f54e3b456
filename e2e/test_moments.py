"""Moments on the board (issue 23, items 2-4): per kind, a position and scripted dice that
make it happen; the moment drawn at its place with its words (its caption over none of its
places), the toast leading with the outcome, pace off and reduced motion drawing nothing, a
click or Esc skipping, no long task while a moment plays, the crew never told a face-down
counter's kind, and the hot-seat hand-over's "Since your last turn"."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import states
from conftest import Problems, Site
from playwright.sync_api import Page, expect

import intruder_core as ic

Boot = Callable[[str], dict[str, str]]
LAYER = "#board .moments"

# Long tasks seen since the observer started (window.__longTasks), ms each.
WATCH_LONG_TASKS = """() => { window.__longTasks = [];
  new PerformanceObserver(l => { for (const e of l.getEntries())
    window.__longTasks.push(e.duration); }).observe({type: 'longtask'}); }"""


def pos(**kw: Any) -> ic.Game:
    return ic.Game.from_position({"seed": 1, **kw})


def reveal_game() -> ic.Game:
    """Crew Movement: the Science Officer beside a face-down Intruder in Storage A-1. Ending
    the movement: no metamorphosis (4), the reveal, powers 3+6 and 1+1, no attack (6)."""
    return pos(phase="crew_movement", stage=1, unknown=2, known=[],
               crew={"so1": {"at": "store_a1", "mp": 0}},
               counters=[{"kind": "intruder", "at": "store_a1"}], dice=[4, 6, 3, 6, 1, 1])


def attack_game() -> ic.Game:
    """Crew Movement: a face-up stage 1 Intruder with Science Officer 1 in Storage A-1; it
    attacks (2) and he survives (5)."""
    return pos(phase="crew_movement", stage=1, known=["immune_gas", "very_fast"],
               crew={"so1": {"at": "store_a1", "mp": 0}},
               counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
               dice=[4, 2, 5])


def start(page: Page, site: Site, game: ic.Game, size: str = "desktop",
          settings: dict[str, Any] | None = None, query: str = "") -> None:
    w, h = states.SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    if not page.url.startswith(site.url):  # once: later games load on the site's own page
        states.on_origin(page, site.url)
    page.evaluate("s => localStorage.setItem('intruder:settings', s)",
                  json.dumps({"confirm": False, **(settings or {})}))
    states.load_state(page, site.url + query, game)


def act(page: Page, text: str) -> None:
    """Click the action button with this text (the first), and wait for the page's answer."""
    sha = page.locator("body").get_attribute("data-state-sha")
    page.locator("#actions button[data-action]", has_text=text).first.click()
    page.wait_for_function("s => document.body.dataset.stateSha !== s", arg=sha)


def box(page: Page, selector: str) -> dict[str, float]:
    b = page.locator(selector).first.bounding_box()
    assert b, selector
    return b


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5 or \
        a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5


def moment(page: Page, kind: str) -> Any:
    return page.locator(f'{LAYER} .moment[data-kind="{kind}"]')


def said(m: Any) -> str:
    """A moment's caption as read: its lines joined by spaces."""
    return " ".join(m.first.locator(".caption text").evaluate_all(
        "ts => ts.map(t => t.textContent)"))


def says(m: Any, words: str) -> None:
    """Wait until the moment's caption says `words`."""
    m.first.wait_for(state="attached")
    text = said(m)
    assert words in text, (words, text)


def check_caption_beside(page: Page, kind: str, place: str, words: str) -> None:
    """The moment of `kind` is drawn at `place` with `words`, its caption beside the place,
    its text at least 11 px high as drawn."""
    says(moment(page, kind), words)
    m = moment(page, kind).first
    room = box(page, f'#board [data-compartment="{place}"] .room-box')
    lit = m.locator(".lit").first.bounding_box()
    assert lit and abs(lit["x"] - room["x"]) < 4 and abs(lit["y"] - room["y"]) < 4, (lit, room)
    caption = m.locator(".caption rect").bounding_box()
    assert caption and apart(caption, room), (kind, caption, room)
    heights = m.locator(".caption text").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 11, heights


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_reveal_and_its_powers_play_at_their_place_and_lead_the_toast(
    page: Page, site: Site, problems: Problems, size: str
) -> None:
    start(page, site, reveal_game(), size, {"moments": "slow"})
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(1)
    check_caption_beside(page, "reveal", "store_a1", "Counter c1 is the Intruder")
    powers = moment(page, "power")
    expect(powers).to_have_count(2)
    says(powers.first, "The Intruder gains Immune to Flame")
    says(powers.first, "Flamethrowers do nothing to it")
    says(powers.first, "Die 3 and 6: Immune to Flame")
    says(moment(page, "no_attack"), "Die 6: it does not attack")
    # the toast: the outcome first, then what each die decided, then the dice
    banner = page.locator("#banner")
    first = banner.locator("li").first
    expect(first).to_contain_text("Counter c1 is the Intruder")
    text = banner.text_content() or ""
    assert text.index("gains Immune to Flame") < text.index("Die 3 and 6: Immune to Flame")
    assert text.index("does not attack") < text.index("for whether the Intruder attacks")
    assert page.locator("body").get_attribute("data-moments") == "playing"


@pytest.mark.timing  # run alone: another test's browser lengthens this page's tasks
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_no_long_task_while_the_moments_play(
    page: Page, site: Site, problems: Problems, size: str
) -> None:
    start(page, site, reveal_game(), size, {"moments": "slow"})
    page.evaluate(WATCH_LONG_TASKS)
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(1)
    page.evaluate(WATCH_LONG_TASKS)  # from now on: the moments play
    expect(moment(page, "no_attack")).to_have_count(1)
    page.wait_for_timeout(1500)
    assert page.locator("body").get_attribute("data-moments") == "playing"
    assert not [t for t in page.evaluate("window.__longTasks") if t > 50]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_attack_on_a_crewman_plays_its_outcome_at_the_target(
    page: Page, site: Site, problems: Problems, size: str
) -> None:
    start(page, site, attack_game(), size, settings={"moments": "slow"})
    act(page, "End")
    check_caption_beside(page, "attack_target", "store_a1",
                         "The Intruder attacks Science Officer 1")
    says(moment(page, "attack_target"), "Die 2: it attacks")
    if page.locator("body").get_attribute("data-step") == "defense":
        act(page, "o")  # no Self Defense: the first button is taken
    expect(page.locator("#banner")).to_contain_text("Science Officer 1 survives the attack")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_crew_attack_without_effect_says_so_at_the_intruder(
    page: Page, site: Site, problems: Problems, size: str
) -> None:
    game = pos(phase="interaction1", stage=5,
               known=["immune_flame", "immune_gas", "very_fast", "immune_cold", "clone",
                      "fast_reflexes"],
               crew={"co1": {"at": "store_a1", "carrying": ["flamethrower1"]}},
               counters=[{"kind": "intruder", "at": "store_a1", "face_up": True},
                         *[{"kind": "intruder", "at": "clones_pending"}] * 3],
               dice=[6, 2])
    start(page, site, game, size, settings={"moments": "slow"})
    act(page, "Flamethrower")
    check_caption_beside(page, "crew_attack", "store_a1",
                         "No effect: Command Officer 1 uses the Flamethrower")
    says(moment(page, "crew_attack"), "the Intruder is immune to it")


def test_pace_off_and_reduced_motion_draw_no_moment_and_esc_or_a_click_skips(
    page: Page, site: Site, problems: Problems
) -> None:
    start(page, site, reveal_game(), settings={"moments": "off"})
    act(page, "End")
    expect(page.locator("#banner")).to_contain_text("Counter c1 is the Intruder")
    expect(page.locator(LAYER)).to_have_count(0)
    page.emulate_media(reduced_motion="reduce")
    start(page, site, reveal_game(), settings={"moments": "slow"})
    act(page, "End")
    expect(page.locator("#banner")).to_contain_text("Counter c1 is the Intruder")
    expect(page.locator(LAYER)).to_have_count(0)
    page.emulate_media(reduced_motion="no-preference")
    start(page, site, reveal_game(), settings={"moments": "slow"})
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(LAYER)).to_have_count(0)
    assert page.locator("body").get_attribute("data-moments") == ""
    start(page, site, attack_game(), settings={"moments": "slow"})
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(1)
    page.locator("#prompt").click()
    expect(page.locator(LAYER)).to_have_count(0)


def test_the_settings_offer_the_pace_of_moments(
    page: Page, site: Site, problems: Problems
) -> None:
    start(page, site, reveal_game())
    page.locator("#settings").click()
    pace = page.locator("#setting-moments")
    expect(pace).to_have_value("normal")
    pace.select_option("off")
    stored = page.evaluate("JSON.parse(localStorage.getItem('intruder:settings')).moments")
    assert stored == "off"
    page.locator("#settings-dialog [data-command='close:settings-dialog']").click()
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(0)


def test_random_movement_never_tells_the_crew_a_face_down_kind(
    page: Page, site: Site, problems: Problems
) -> None:
    """A face-down Lab Animal and Dummy move; the crew's moments name them by token only."""
    game = pos(phase="interaction2", stage=1, known=["immune_gas", "very_fast"],
               crew={"co1": {"at": "command"}},
               counters=[{"kind": "lab_animal", "at": "shaft1"},
                         {"kind": "dummy", "at": "store_a1"},
                         {"kind": "intruder", "at": "dock2"}], dice=[4, 1, 1, 1, 1])
    start(page, site, game, settings={"moments": "slow"})
    act(page, "End")
    moves = moment(page, "random_move")
    says(moves.first, "moves to")
    text = " ".join(moves.evaluate_all("ms => ms.map(m => m.textContent)")) + \
        page.locator('#banner li[data-moment="random_move"]').inner_text()
    assert "Lab Animal" not in text and "Dummy" not in text, text
    assert moves.first.locator(".trail").count() == 1
    start(page, site, game, "phone", settings={"moments": "slow"})
    act(page, "End")
    expect(moment(page, "random_move").first).to_be_attached()


def test_the_self_destruct_countdown_shows_on_the_board(
    page: Page, site: Site, problems: Problems
) -> None:
    game = pos(phase="interaction2", self_destruct=5, crew={"co1": {"at": "command"}},
               counters=[{"kind": "intruder", "at": "dock2"}], dice=[6, 6, 6, 6])
    start(page, site, game, settings={"moments": "slow"})
    count = page.locator("#board .countdown")
    expect(count).to_have_attribute("aria-label", "Self-Destruct countdown: 5")
    act(page, "End")
    expect(count).to_have_attribute("aria-label", "Self-Destruct countdown: 4")
    says(moment(page, "self_destruct"), "Self-Destruct countdown: 4")
    start(page, site, game, "phone", settings={"moments": "off"})
    expect(count).to_have_attribute("aria-label", "Self-Destruct countdown: 5")
    page.locator("#board-zoom").click()  # the whole station: the countdown's corner


def test_a_hot_seat_hand_over_opens_with_since_your_last_turn(
    page: Page, site: Site, problems: Problems
) -> None:
    game = ic.new_game(seed=1, scenario="intelligent_intruder")
    w, h = states.SIZES["desktop"]
    page.set_viewport_size({"width": w, "height": h})
    states.on_origin(page, site.url)
    page.evaluate("() => { localStorage.setItem('intruder:seats', "
                  "JSON.stringify({crew: 'human', intruder: 'human'})); }")
    states.load_state(page, site.url, game)
    for _ in range(40):  # play until the device has changed hands twice
        if page.locator("#handover").is_visible():
            page.locator("#handover-continue").click()
            since = page.locator("#banner .since")
            if since.count():
                break
            continue
        sha = page.locator("body").get_attribute("data-state-sha")
        buttons = page.locator("#actions button[data-action]")
        buttons.last.click()
        if page.locator("#confirm-dialog[open]").count():
            page.locator("#confirm-yes").click()
        page.wait_for_function("s => document.body.dataset.stateSha !== s || "
                               "!!document.body.dataset.handover", arg=sha)
    since = page.locator("#banner .since")
    expect(since).to_contain_text("Since your last turn: ")
    side = page.locator("body").get_attribute("data-side")
    if side == "crew":  # the crew is never told what a face-down counter is
        text = since.inner_text()
        assert "Lab Animal)" not in text and "Dummy)" not in text, text
