"""The scenarios from the New game dialog: options, who plays which side, the hot-seat
hand-over that hides the board, computer sides that play on their own, and hidden information
kept out of the DOM of the side that may not see it.

Seeds (found with the engine on CPython): the Intelligent Intruder with seed 1 starts with the
Intruder player's movement; the Science Officer with seed 3 starts in the Crew Movement Phase
with both crew players to move."""

from __future__ import annotations

from conftest import Problems, Site
from game_page import BODY, Boot, digest, page_game, start
from playwright.sync_api import Page, expect

import intruder_core as ic
from intruder_core.variants import DIFFICULTIES


def assert_no_hidden_kinds(page: Page) -> None:
    """The face-down counters' kinds (the Intruder view's) are nowhere in the crew's DOM."""
    game = page_game(page)
    hidden = {c["token"]: c["kind"] for c in game.view("intruder")["counters"]
              if not c["face_up"]}
    assert hidden, "no face-down counter to check"
    expect(page.locator("#board .counter.known")).to_have_count(0)
    for token, kind in hidden.items():
        node = page.locator(f'#board [data-token="{token}"]')
        if node.count():
            cls = node.get_attribute("class") or ""
            assert cls == "counter face-down" and f"kind-{kind}" not in cls, (token, cls)
    assert "(hidden)" not in page.locator("#board").inner_text()


def test_intelligent_intruder_hot_seat_hands_over_and_hides_the_other_side(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    body = page.locator(BODY)
    start(page, "intelligent_intruder", 1, seats="hotseat")
    expect(page.locator("#handover")).to_be_visible()
    expect(page.locator("#handover-text")).to_have_text(
        "Pass the device to the Intruder player.")
    expect(page.locator("#game-view")).to_be_hidden()
    assert page.locator("#board").inner_html() == ""
    page.locator("#handover-continue").click()
    expect(body).to_have_attribute("data-side", "intruder")
    # The Intruder player sees what his counters are, and only his own actions.
    expect(page.locator("#board .counter.known").first).to_be_visible()
    expect(page.locator("#prompt")).to_contain_text("Intruder")
    expect(page.locator("#advice")).to_be_empty()
    expect(page.locator("#suggest")).to_be_disabled()
    move = page.locator('#actions button[data-action*="move_counter"]').first
    move.click()
    page.locator('#actions button[data-action*="end_intruder_movement"]').click()
    page.locator("#confirm-yes").click()  # the guard: his other counters could still move
    # The crew's turn: hand over, and nothing of the Intruder's view stays in the page.
    expect(page.locator("#handover-text")).to_have_text("Pass the device to the crew player.")
    expect(page.locator("#board .counter")).to_have_count(0)
    for box in ("#actions", "#log", "#mapsheet", "#alert", "#prompt"):
        assert page.locator(box).inner_text().strip() == "", box
    page.locator("#handover-continue").click()
    expect(body).to_have_attribute("data-side", "crew")
    expect(page.locator("#board .counter").first).to_be_visible()
    assert_no_hidden_kinds(page)
    game = page_game(page)
    assert page.locator("#actions button[data-action]").count() == len(
        game.legal_actions("crew"))


def test_intelligent_intruder_against_the_computer(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3&pace_ms=100")
    body = page.locator(BODY)
    start(page, "intelligent_intruder", 1, seats="crew")
    # The computer moves the Intruder's counters at a readable pace; the crew never hands over.
    expect(page.locator("#handover")).to_be_hidden()
    expect(body).to_have_attribute("data-turn", "human:crew", timeout=30_000)
    expect(page.locator("#log")).to_contain_text("moves to")
    expect(body).to_have_attribute("data-side", "crew")
    assert_no_hidden_kinds(page)
    assert page.locator("#log li").count() > 3
    # The crew side plays, with the advisor's help.
    page.locator("#suggest").click()
    expect(page.locator("#actions button.suggested")).to_have_count(1)


def test_science_officer_hot_seat_and_the_scenario_rules(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    body = page.locator(BODY)
    page.locator("#new-game").click()
    page.locator("#new-scenario").select_option("science_officer")
    expect(page.locator("#new-seats-row")).to_be_visible()
    expect(page.locator("#new-marines-row")).to_be_hidden()
    page.locator("#scenario-rules").click()
    expect(page.locator("#rules-content")).to_contain_text("Science Officer")
    expect(page.locator("#rules-content")).to_contain_text("R39")
    page.locator("#rules-dialog [data-command='close:rules-dialog']").click()
    page.locator("#new-dialog [data-command='close:new-dialog']").click()

    start(page, "science_officer", 3, seats="hotseat", options=("lost_crewmen",))
    expected = ic.new_game(seed=3, scenario="science_officer", options={"lost_crewmen": True})
    expect(body).to_have_attribute("data-state-sha", digest(expected))
    expect(body).to_have_attribute("data-side", "command")
    expect(page.locator("#prompt")).to_contain_text("Command")
    # Command ends his movement: the Science Officer's turn, after a hand-over.
    end = page.locator('#actions button[data-action*="end_movement"]')
    expect(end).to_have_count(1)
    end.click()  # no guard (ruling R66): no Intruder revealed to hunt yet
    expect(page.locator("#handover-text")).to_have_text(
        "Pass the device to the Science Officer player.")
    page.locator("#handover-continue").click()
    expect(body).to_have_attribute("data-side", "science")
    game = page_game(page)
    page.locator('#actions [data-select="so1"]').click()  # his actions show when selected
    shown = page.locator("#actions button[data-action]:not([data-action*='\"move\"'])").count()
    # (moves are listed once their crewman is selected)
    others = [a for a in game.legal_actions("science") if a.type != "move"]
    assert shown == len(others) and shown > 0
    assert all(game.owner(a) == "science" for a in game.legal_actions("science"))


def test_return_to_prometheus_with_marines_from_the_dialog(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    body = page.locator(BODY)
    page.locator("#new-game").click()
    page.locator("#new-scenario").select_option("return_to_prometheus")
    expect(page.locator("#new-marines-row")).to_be_visible()
    expect(page.locator("#new-seats-row")).to_be_hidden()
    page.locator("#new-dialog [data-command='close:new-dialog']").click()
    start(page, "return_to_prometheus", 4, options=("marines",))
    game = ic.new_game(seed=4, scenario="return_to_prometheus", options={"marines": True})
    expect(body).to_have_attribute("data-state-sha", digest(game))
    first = page.locator("#actions button[data-action]").first
    action = game.legal_actions()[0]
    first.click()
    game.apply(action)
    expect(body).to_have_attribute("data-state-sha", digest(game))
    expect(page.locator("#handover")).to_be_hidden()


def test_intruder_player_against_the_crew_bot_and_the_difficulty(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3&pace_ms=40")
    body = page.locator(BODY)
    start(page, "intelligent_intruder", 1, seats="intruder")
    expect(page.locator("#handover")).to_be_hidden()
    expect(body).to_have_attribute("data-side", "intruder")
    expect(body).to_have_attribute("data-turn", "human:intruder")
    expect(page.locator("#board .counter.known").first).to_be_visible()
    before = page.locator("#log li").count()
    page.locator('#actions button[data-action*="end_intruder_movement"]').click()
    page.locator("#confirm-yes").click()  # the guard: his other counters could still move
    # The crew bot plays the crew's turn by itself, then it is the Intruder player's again.
    page.wait_for_function("n => document.querySelectorAll('#log li').length > n + 3",
                           arg=before, timeout=30_000)
    expect(body).to_have_attribute("data-turn", "human:intruder", timeout=60_000)
    expect(page.locator("#handover")).to_be_hidden()
    # Difficulty: the variants the engine has are offered; a chosen one starts that game.
    levels = [d for d in DIFFICULTIES if d != "standard"]
    page.locator("#new-game").click()
    page.locator("#new-scenario").select_option("solitaire")
    assert levels, "the engine has no difficulty variant to offer"
    option = page.locator(f'#new-difficulty option[value="{levels[0]}"]')
    expect(option).to_contain_text("(variant)")
    page.locator("#new-difficulty").select_option(levels[0])
    page.locator("#new-seed").fill("7")
    page.locator("#new-start").click()
    game = ic.new_game(seed=7, scenario="solitaire", options={"difficulty": levels[0]})
    expect(body).to_have_attribute("data-state-sha", digest(game))
