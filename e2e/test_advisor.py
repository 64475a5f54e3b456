"""The advisor in the page: Suggest highlights a legal action with its reason, Autoplay plays
the crew at a readable pace and stops on Stop (and Esc), Odds estimates win/draw/loss over
sampled games with a progress bar and its sample size, and an action cancels it.

Seed 3 starts in the Crew Movement Phase (see test_play.py)."""

from __future__ import annotations

import json

import pytest
import states
from conftest import Problems, Site
from game_page import BODY, Boot, storage
from playwright.sync_api import Page, expect

import intruder_core as ic


def legal_dicts(page: Page) -> list[dict[str, object]]:
    game = ic.Game.from_json(page.evaluate("intruderDebug.state()"))
    return [a.to_dict() for a in game.legal_actions()]


def test_suggest_highlights_a_legal_action_with_its_reason(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    body = page.locator(BODY)
    sha = body.get_attribute("data-state-sha")
    page.locator("#suggest").click()
    expect(page.locator("#advice")).to_contain_text("Suggested:")
    suggested = json.loads(body.get_attribute("data-suggested") or "null")
    assert suggested in legal_dicts(page), suggested
    reason = page.locator("#advice .reason").inner_text()
    assert len(reason) > 3, reason
    assert body.get_attribute("data-state-sha") == sha, "a suggestion must not play"
    highlighted = page.locator("#actions button.suggested")
    expect(highlighted).to_have_count(1)
    assert json.loads(highlighted.get_attribute("data-action") or "null") == suggested
    if suggested["type"] == "move":
        expect(page.locator(f'#board .suggested[data-compartment="{suggested["to"]}"]')) \
            .to_have_count(1)
        expect(body).to_have_attribute("data-selected", str(suggested["crew"]))
    ms = int(body.get_attribute("data-advice-ms") or "0")
    print(f"advisor: {ms} ms for one decision in Pyodide")
    # Playing the suggestion clears it.
    highlighted.click()
    expect(page.locator("#advice")).to_be_empty()

    # Seed 52 starts with a Self Defense choice.
    page.goto(site.url + "?seed=52")
    page.wait_for_selector("body[data-ready='1']")
    page.locator("#suggest").click()
    expect(page.locator("#advice")).to_contain_text("Suggested:")
    assert json.loads(body.get_attribute("data-suggested") or "null") in legal_dicts(page)
    expect(page.locator("#actions button.suggested")).to_have_count(1)
    print(f"advisor: {body.get_attribute('data-advice-ms')} ms for a Self Defense choice "
          f"({page.locator('#advice .reason').inner_text()})")


def test_autoplay_advances_the_game_and_stops(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    body = page.locator(BODY)
    first = body.get_attribute("data-state-sha")
    page.locator("#autoplay").click()
    expect(body).to_have_attribute("data-autoplay", "1")
    expect(page.locator("#autoplay-stop")).to_be_visible()
    page.wait_for_function(
        "n => document.querySelectorAll('#log li').length > n",
        arg=page.locator("#log li").count() + 2, timeout=20_000)
    page.locator("#autoplay-stop").click()
    expect(body).not_to_have_attribute("data-autoplay", "1")
    expect(page.locator("#autoplay")).to_be_visible()
    assert body.get_attribute("data-state-sha") != first
    stopped = body.get_attribute("data-state-sha")
    page.wait_for_timeout(1500)  # more than two paces: nothing more is played
    assert body.get_attribute("data-state-sha") == stopped
    # The page's state is the engine's game, and it was autosaved.
    assert storage.unpack(ic, page.evaluate("localStorage.getItem('intruder:save')"))\
        .to_json() == page.evaluate("intruderDebug.state()")
    # Esc stops it too.
    page.locator("#autoplay").click()
    expect(body).to_have_attribute("data-autoplay", "1")
    page.keyboard.press("Escape")
    expect(body).not_to_have_attribute("data-autoplay", "1")


@pytest.mark.heavy  # a whole game or many samples: dealt out first
def test_odds_shows_three_percentages_and_the_sample_size(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    odds = states.finished_odds(page, boot, site.url, 6)
    text = page.locator("#odds-text").inner_text()
    assert "(n = 6" in text, text
    percents = [int(part.split()[1].rstrip("%")) for part in text.split(" (")[0].split(" · ")]
    assert len(percents) == 3 and sum(percents) == 100, text
    total = sum(float(odds.get_attribute(f"data-{k}") or "nan") for k in ("win", "draw", "loss"))
    assert abs(total - 1) < 1e-6
    print(f"odds: {odds.get_attribute('data-rate')} samples/s in Pyodide")
    # A new estimate is cancelled by an action.
    page.goto(site.url + "?seed=3&odds_samples=400")
    page.wait_for_selector("body[data-ready='1']")
    page.locator("#odds-start").click()
    expect(odds).to_have_attribute("data-running", "1")
    # (an action that applies at once: ending the movement with points left asks first, so
    # one of Command Officer 1's)
    page.locator('#actions [data-select="co1"]').click()
    page.locator('#actions [data-crew-group="co1"] button[data-action]').first.click()
    expect(odds).not_to_have_attribute("data-running", "1")
    expect(page.locator("#odds-text")).to_contain_text("stopped")


@pytest.mark.cold  # a boot of its own: the worker's start is what it watches
def test_the_bots_worker_starts_on_need_or_when_the_player_pauses_never_at_boot(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """Issue 31: what the first decision does not need loads after it. The bots' worker is
    not started by the boot (its earliest start is a 3 s pause after the boot's idle
    moment); a Suggest starts it and is answered by it; left alone, a page starts it."""
    boot(site.url + "?seed=3")
    body = page.locator(BODY)
    page.wait_for_timeout(1500)
    assert body.get_attribute("data-bot-worker") is None, "the worker started with the boot"
    page.locator("#suggest").click()
    expect(page.locator("#advice")).to_contain_text("Suggested:")
    expect(body).to_have_attribute("data-advice-where", "worker")
    expect(body).to_have_attribute("data-bot-worker", "ready")
    # Left alone (no input for 3 s), a fresh page starts it of its own accord.
    page.goto(site.url + "?seed=5")
    page.wait_for_selector("body[data-ready='1']")
    expect(body).to_have_attribute("data-bot-worker", "ready", timeout=60_000)
