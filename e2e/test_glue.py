"""The page glue (web/py/main.py) against e2e/stub_engine: known rules, known answers."""

from __future__ import annotations

from collections.abc import Callable

from conftest import Problems, Site
from playwright.sync_api import Page, expect

Boot = Callable[[str], dict[str, str]]


def test_glue_renders_plays_and_reports(
    page: Page, stub_site: Site, problems: Problems, boot: Boot
) -> None:
    data = boot(stub_site.url + "?seed=5")
    assert data["engineApi"] == "game" and data["engineVersion"] == "stub-1"
    expect(page.locator("#turn")).to_have_text("1")
    expect(page.locator("#phase")).to_have_text("Crew Movement")
    expect(page.locator("#seed")).to_have_text("5")
    buttons = page.locator("#actions button")
    expect(buttons).to_have_count(3)
    expect(buttons.nth(0)).to_contain_text("Advance the turn")
    expect(buttons.nth(0)).to_have_attribute("title", "Turn Sequence")

    # A legal action: the status and the log change, newest event first.
    buttons.nth(0).click()
    expect(page.locator("#turn")).to_have_text("2")
    expect(page.locator("#log li").first).to_have_text("Nothing happens on turn 2.")
    expect(page.locator("#log li").nth(1)).to_have_text("Turn 2 begins.")

    # An illegal action: the alert region says why, nothing else changes.
    buttons.nth(1).click()
    alert = page.get_by_role("alert").filter(has_text="Test Rule")
    expect(alert).to_contain_text("the stub never allows this")
    expect(page.locator("#turn")).to_have_text("2")
    expect(page.locator("#log li")).to_have_count(2)

    # The next legal action clears the alert; ending the game shows the result.
    buttons.nth(2).click()
    expect(page.locator("#alert")).to_have_text("")
    expect(page.locator("#result")).to_have_text("Game over: crew wins (score 7)")
    expect(page.locator("#actions")).to_contain_text("No legal actions.")
    expect(page.locator("#log li").first).to_have_text("The stub game is over.")


def test_bad_seed_falls_back_to_random(
    page: Page, stub_site: Site, problems: Problems, boot: Boot
) -> None:
    boot(stub_site.url + "?seed=banana")
    expect(page.locator("#alert")).to_contain_text("Ignored bad seed")
    assert page.inner_text("#seed").isdigit()
