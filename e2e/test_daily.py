"""The game of the day (issue 30, item 4; ruling R69) on the page, the clock fixed at a date:
the control in view without scrolling at 1280x800 (the toolbar's) and 390x844 (the phone's,
under the plan), starting that date's set-up,
a typed seed being no daily, a daily left in play resumed (asking first over a game in play),
the finished daily's result card copied (and shown selected when the clipboard refuses), the
control then offering its review; Your games listing it with the streak and the last 30 days,
an imported file's dailies across a month's end counted by their first finished game."""

from __future__ import annotations

import json
import sys
from datetime import date

import pytest
import states
from conftest import ROOT, Problems, Site, wait_until_booted
from game_page import Boot, click_action, digest, start
from measures import MEASURES
from playwright.sync_api import BrowserContext, Page, expect

import intruder_core as ic
from intruder_core import daily

sys.path.insert(0, str(ROOT / "web" / "py"))
from core import history, panels, storage

DAY = states.DAILY_DAY
NOON = "2026-03-01T12:00:00Z"  # the page's clock (Playwright's, fixed once the page is up)
NO_HELPS = {"suggest": 0, "odds": 0, "undo": 0}
# The control's box and text, as the player sees it without scrolling.
IN_VIEW = """(id) => { const e = document.getElementById(id), r = e.getBoundingClientRect();
  return {top: r.top, left: r.left, bottom: r.bottom, right: r.right, w: r.width, h: r.height,
          font: parseFloat(getComputedStyle(e).fontSize), vw: innerWidth, vh: innerHeight,
          scrolled: scrollY, label: e.textContent}; }"""


def assert_in_view(page: Page, element: str, where: str) -> None:
    box = page.evaluate(IN_VIEW, element)
    assert box["scrolled"] == 0, where
    assert box["top"] >= 0 and box["bottom"] <= box["vh"], f"{where}: out of view {box}"
    assert box["left"] >= 0 and box["right"] <= box["vw"], f"{where}: out of view {box}"
    assert box["w"] >= 24 and box["h"] >= 24, f"{where}: a target under 24 px {box}"
    assert box["font"] >= 11, f"{where}: text under 11 px {box}"


@pytest.mark.heavy  # two boots, a game's last move, an import of four games
def test_the_game_of_the_day_from_the_first_screen_to_your_games(
        context: BrowserContext, page: Page, site: Site, problems: Problems,
        boot: Boot) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(site.url)  # a first visit: a random game
    page.clock.set_fixed_time(NOON)
    for size, element in (("desktop", "daily"), ("phone", "daily-side")):
        w, h = states.SIZES[size]
        page.set_viewport_size({"width": w, "height": h})
        assert_in_view(page, element, size)
        expect(page.locator(f"#{element}")).to_have_text("Game of the day")
    control = page.locator("#daily-side")  # the phone's, under the plan: played on from here

    # The control starts the date's game: the standard solitaire game of its seed.
    control.click()  # the game in play has no move yet: nothing to ask
    expect(page.locator("body")).to_have_attribute("data-state-sha",
                                                   digest(daily.new_game(DAY)))
    expect(control).to_have_text("Game of the day: in play")
    expect(control).to_be_disabled()

    # The same seed typed in is no daily; the daily it replaced waits to be resumed.
    start(page, "solitaire", daily.seed(DAY))
    expect(control).to_have_text("Game of the day: resume")
    assert page.evaluate("localStorage.getItem('intruder:daily')") is None
    game = ic.new_game(seed=daily.seed(DAY))
    first = game.legal_actions().index(next(a for a in game.legal_actions()
                                            if a.to_dict().get("type") == "move"))
    click_action(page, first, str(game.legal_actions()[first].to_dict().get("crew")))
    expect(page.locator("body")).not_to_have_attribute("data-state-sha", digest(game))

    # The daily left in play, one move before its end (put in as the stash the page keeps):
    # the control asks first, since a game with moves is in play, then resumes it.
    done = states.finished_daily(DAY)
    record = done.record()
    before = ic.replay({"origin": record["origin"], "actions": record["actions"][:-1]})
    last = ic.Action.from_dict(record["actions"][-1])
    page.evaluate("t => localStorage.setItem('intruder:daily-left', t)", json.dumps(
        {"daily": DAY.isoformat(), "save": storage.pack(before.record())}))
    control.click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("The game in play is replaced")
    page.locator("#confirm-yes").click()
    expect(page.locator("body")).to_have_attribute("data-state-sha", digest(before))
    crew = record["actions"][-1].get("crew")
    click_action(page, before.legal_actions().index(last),
                 crew if isinstance(crew, str) else None)

    # The result card: date, outcome, turns, crewmen lost, score, helps; nothing hidden.
    card = history.card_text(DAY.isoformat(), done.view("crew"), NO_HELPS)
    expect(page.locator("#daily-card")).to_have_text(card)
    words = card.lower()
    for kind in ("dummy", "lab animal", "seed", str(daily.seed(DAY))):
        assert kind not in words
    page.locator("#copy-result").click()
    expect(page.locator("#copy-status")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == card
    result = done.result or {}
    expect(control).to_have_text(
        f"Today's game: {panels.OUTCOME_PAST[result['outcome']]}, {result['score']} · Review")
    # A browser that refuses the clipboard: said, and the card's text selected to copy.
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject("
                  "new DOMException('Write permission denied.', 'NotAllowedError')); }")
    page.locator("#copy-result").click()
    expect(page.locator("#copy-status")).to_contain_text("Copying is not allowed here")
    assert page.evaluate("getSelection().toString()").strip() == card

    # Your games: the daily listed with its Review and Replay; then a file's older dailies.
    page.locator("#your-games").click()
    wait_until_booted(page)
    item = page.locator("#history-games li.history-game").first
    expect(item).to_contain_text("Game of the day 2026-03-01")
    expect(item.get_by_role("link", name="Review game 1")).to_be_visible()
    expect(item.get_by_role("link", name="Replay game 1")).to_be_visible()
    expect(page.locator("#daily-streak")).to_have_text("1")

    games = states.earlier_dailies()
    assert games[3]["outcome"] != result["outcome"] or games[3]["score"] != result["score"]
    page.locator("#history-file").set_input_files(files=[{
        "name": "dailies.json", "mimeType": "application/json",
        "buffer": history.export_text(games).encode()}])
    expect(page.locator("#history-message")).to_have_text("Imported 4 games.")
    expect(page.locator("#daily-streak")).to_have_text("3")  # 27 Feb, 28 Feb, 1 Mar
    days = page.locator("#history-daily li")
    expect(days).to_have_count(30)
    expect(days.last).to_have_attribute("data-outcome", result["outcome"])
    for entry in (games[0], games[1], games[2]):
        day = date.fromisoformat(entry["daily"])
        name = f"{day.day} Feb: {history.result_words(entry)}"
        expect(page.locator("#history-daily").get_by_role("img", name=name)).to_be_visible()
    expect(page.locator("#history-daily").get_by_role("img", name="26 Feb: no game")
           ).to_be_visible()
    expect(page.locator("#history-daily").get_by_role(
        "img", name=f"1 Mar: {history.result_words(result)}")).to_be_visible()
    for size in ("desktop", "phone"):
        w, h = states.SIZES[size]
        page.set_viewport_size({"width": w, "height": h})
        small, _tiny, _height = page.evaluate(MEASURES)
        assert not small, f"{size}: text under 11 px: {small[:8]}"
        assert page.evaluate("document.documentElement.scrollWidth") <= w, size
