"""The panels beside the plan (issue 23, items 5-8): guards only where something is lost,
with the confirming button focused; Odds marked old once the position changes; the log's
filters and its Tab stops."""

from __future__ import annotations

import sys
from collections.abc import Callable

from conftest import ROOT, Problems, Site
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT / "web" / "py"))

import session

import intruder_core as ic


def digest(game: ic.Game) -> str:
    return str(session.state_digest(game.to_json()))


Boot = Callable[[str], dict[str, str]]
BODY = "body[data-ready='1']"
ACTIVE = "document.activeElement"


def test_the_guard_focuses_its_confirming_button_and_says_what_is_lost(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    body = page.locator(BODY)
    sha = body.get_attribute("data-state-sha")
    page.locator("#actions").get_by_role("button", name="End crew movement").click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("what they have left is lost when the phase ends")
    expect(dialog).to_contain_text("Command Officer 1 (3 MP)")
    assert page.evaluate(f"{ACTIVE}.id") == "confirm-yes"
    page.keyboard.press("Escape")  # Esc goes back and changes nothing
    expect(dialog).to_be_hidden()
    assert body.get_attribute("data-state-sha") == sha
    page.locator("#actions").get_by_role("button", name="End crew movement").click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Enter")  # one key ends the phase
    game = ic.new_game(seed=3)
    game.apply({"type": "end_movement"})
    expect(body).to_have_attribute("data-state-sha", digest(game))


def test_odds_name_their_position_and_are_marked_old_after_a_move(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3&odds_samples=4")
    odds = page.locator("#odds")
    page.locator("#odds-start").click()
    expect(odds).to_have_attribute("data-done", "1", timeout=60_000)
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
