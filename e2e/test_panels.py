"""The panels beside the plan (issue 23, items 5-8): guards only where something is lost,
with the confirming button focused; Odds marked old once the position changes; the log's
filters and its Tab stops."""

from __future__ import annotations

import sys
from collections.abc import Callable

from conftest import ROOT, Problems, Site
from playwright.sync_api import Locator, Page, expect

sys.path.insert(0, str(ROOT / "web" / "py"))

import states

import intruder_core as ic
from core import session


def digest(game: ic.Game) -> str:
    return str(session.state_digest(game.to_json()))


Boot = Callable[[str], dict[str, str]]
BODY = "body[data-ready='1']"
ACTIVE = "document.activeElement"


def end_crew_movement(page: Page, site: Site, boot: Boot) -> tuple[Locator, str]:
    """A Crew Movement Phase where an armed crewman with all his points could reach the
    revealed Intruder (states.hunt_left): End crew movement clicked (its guard asks); the
    page's body and the state digest before."""
    states.on_origin(page, site.url)
    states.load_state(page, site.url, states.hunt_left())
    body = page.locator(BODY)
    sha = body.get_attribute("data-state-sha") or ""
    page.locator("#actions").get_by_role("button", name="End crew movement").click()
    return body, sha


def test_the_guard_focuses_its_confirming_button_and_says_what_is_lost(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    body, sha = end_crew_movement(page, site, boot)
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(states.HUNT_LEFT)
    expect(dialog).to_contain_text("His points are lost when the phase ends")
    assert page.evaluate(f"{ACTIVE}.id") == "confirm-yes"
    page.keyboard.press("Escape")  # Esc goes back and changes nothing
    expect(dialog).to_be_hidden()
    assert body.get_attribute("data-state-sha") == sha
    page.locator("#actions").get_by_role("button", name="End crew movement").click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Enter")  # one key ends the phase
    game = states.hunt_left()
    game.apply({"type": "end_movement"})
    expect(body).to_have_attribute("data-state-sha", digest(game))


def test_odds_name_their_position_and_are_marked_old_after_a_move(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    odds = states.finished_odds(page, boot, site.url, 4)
    text = page.locator("#odds-text")
    expect(text).to_contain_text(", for turn 1, Crew Movement Phase")
    assert odds.get_attribute("data-old") in (None, "")
    # a move changes the position: the estimate stays, greyed and marked old
    page.locator('#board [data-crew="co1"]').click()
    page.locator('#board [data-compartment="a1"]').click()
    expect(odds).to_have_attribute("data-old", "1")
    expect(text).to_contain_text("Old: made for turn 1, Crew Movement Phase, before the "
                                 "position changed")
    assert page.evaluate("getComputedStyle(document.getElementById('odds-text')).fontStyle") \
        == "italic"


# The Tab stops inside the log's section, and Tab presses from its entry until the plan.
TAB_STOPS = """() => [...document.querySelectorAll('.log-wrap button, .log-wrap [tabindex]')]
  .filter(n => n.tabIndex >= 0 && n.offsetParent !== null && !n.disabled).length"""


def test_the_log_is_one_tab_stop_read_by_arrows_and_filtered_by_toggles(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")  # seed 3's first Crew Movement, ended: a log of the set-up
    body = page.locator(BODY)
    sha = body.get_attribute("data-state-sha") or ""
    page.locator("#actions").get_by_role("button", name="End crew movement").click()
    expect(body).not_to_have_attribute("data-state-sha", sha)  # no guard: nothing to hunt
    entries = page.locator("#log li").count()
    links = page.locator("#log .rule-link").count()
    assert entries > 10 and links > 10
    stops = page.evaluate(TAB_STOPS)
    print(f"log: {entries} entries, {links} rule links; Tab stops in the log's section: "
          f"{stops} (one per rule link before issue 23)")
    assert stops == 4  # three filters and the one roving entry
    first = page.locator('#log li[tabindex="0"]')
    expect(first).to_have_count(1)
    first.focus()
    presses = 0
    while presses < 60 and not page.evaluate(
            f"!!{ACTIVE}.closest('#board, #log-filters')"):
        page.keyboard.press("Shift+Tab")  # back to the plan, past the filters
        presses += 1
    print(f"Shift+Tab presses from the log's entry to the filters or the plan: {presses}")
    assert presses <= 3
    # arrows go along the entries, Enter opens the focused entry's rule
    first.focus()
    seq = page.evaluate(f"{ACTIVE}.dataset.seq")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(f"{ACTIVE}.dataset.seq") != seq
    assert page.locator('#log li[tabindex="0"]').count() == 1
    rule = page.evaluate(f"{ACTIVE}.querySelector('.rule-link').dataset.rule")
    page.keyboard.press("Enter")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-cited")).to_contain_text(rule)
    page.keyboard.press("Escape")
    # the filters: Show dice off hides the rolls, on shows them again
    dice = page.locator("#log-filters").get_by_role("button", name="Show dice")
    expect(dice).to_have_attribute("aria-pressed", "true")
    rolls = page.locator("#log li[data-type='roll']")
    expect(rolls.first).to_be_visible()
    dice.click()
    expect(dice).to_have_attribute("aria-pressed", "false")
    expect(rolls.first).to_be_hidden()
    assert page.locator("#log li[data-type='move']").first.is_visible()
    assert page.evaluate(TAB_STOPS) == 4  # a hidden entry never holds the log's stop
    dice.click()
    expect(rolls.first).to_be_visible()
