"""The page glue (web/py/main.py, panels.py, session.py) against e2e/stub_engine: known rules,
known answers, and a view with almost nothing in it."""

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
    expect(page.locator("#seed")).to_have_text("shown at the end")  # no spoiler in play
    buttons = page.locator("#actions button[data-index]")
    expect(buttons).to_have_count(3)
    expect(buttons.nth(0)).to_contain_text("Advance the turn")
    expect(page.locator("#actions .rule-link").nth(0)).to_have_attribute(
        "data-rule", "Turn Sequence")
    expect(page.locator("#undo")).to_be_disabled()

    # A legal action: the status and the log change: the new phase on top, its events in
    # the order they happened.
    buttons.nth(0).click()
    expect(page.locator("#turn")).to_have_text("2")
    expect(page.locator("#log li").first).to_contain_text("Turn 2 begins.")
    expect(page.locator("#log li").nth(1)).to_contain_text("Nothing happens on turn 2.")

    # A listed action the engine refuses (a stale button): the alert says why and which rule,
    # nothing else changes.
    buttons.nth(1).click()
    alert = page.get_by_role("alert").filter(has_text="Test Rule")
    expect(alert).to_contain_text("the stub never allows this")
    expect(page.locator("#turn")).to_have_text("2")
    expect(page.locator("#log li")).to_have_count(2)

    # No die was rolled: the advance can be undone, and the log forgets it.
    expect(page.locator("#undo")).to_be_enabled()
    page.locator("#undo").click()
    expect(page.locator("#turn")).to_have_text("1")
    expect(page.locator("#log li")).to_have_count(0)
    expect(page.locator("#undo")).to_be_disabled()

    # The next legal action clears the alert; ending the game shows the result.
    buttons.nth(2).click()
    expect(page.locator("#alert")).to_have_text("")
    expect(page.locator("#result h2")).to_have_text("crew wins")
    expect(page.locator("#result")).to_contain_text("Final score 7")
    expect(page.locator("#result button", has_text="New game")).to_be_visible()
    expect(page.locator("#actions")).to_contain_text("No legal actions.")
    expect(page.locator("#log li").first).to_contain_text("The stub game is over.")


def test_bad_seed_falls_back_to_random(
    page: Page, stub_site: Site, problems: Problems, boot: Boot
) -> None:
    boot(stub_site.url + "?seed=banana")
    expect(page.locator("#alert")).to_contain_text("Ignored bad seed")
    expect(page.locator("#seed")).to_have_text("shown at the end")
