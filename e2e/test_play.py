"""Playing the real game in the page: clicks, keyboard, undo, saves, links, rules, embed.

Every check of the game's state compares the page's sha256 of `game.to_json()`
(body[data-state-sha]) with the same game played by the engine here on CPython, so the page
must play exactly the engine's game. Seeds used (found with the engine on CPython):
  3   starts in the Crew Movement Phase (Command Officer 1 in the Command Module);
  5   starts with a choice of Interactions (Laboratory, Power);
  52  starts with the Intruder attacking Engineer 1 in Power: a Self Defense choice.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import states
from conftest import ROOT, Problems, Site
from game_page import BODY, Boot, click_action, digest
from main_thread import NEAR_THE_BOUND, MainThread, click_at, wait_until
from measures import serious_axe_violations
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT / "web" / "py"))

import intruder_core as ic
from core import panels, session, storage


def played(seed: int, *actions: dict[str, Any]) -> ic.Game:
    game = ic.new_game(seed=seed)
    for action in actions:
        game.apply(action)
    return game


def expect_state(page: Page, game: ic.Game) -> None:
    expect(page.locator(BODY)).to_have_attribute("data-state-sha", digest(game))


def test_seeded_game_shows_the_mapsheet_and_a_new_game_takes_a_seed(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=5")
    expect_state(page, ic.new_game(seed=5))
    assert "seed" not in page.url, "the seed stays in the URL: a reload would restart"
    expect(page.locator("#prompt")).to_have_text(
        "Choose which Interaction to resolve next: Laboratory, Power")
    stage_rows = page.locator(".stage-chart tbody tr")
    expect(stage_rows).to_have_count(6)
    expect(page.locator(".stage-chart tr[aria-current='true']")).to_contain_text("1 now")
    mapsheet = page.locator("#mapsheet")
    for text in ("Unknown Powers 2", "Self-Destruct: not started", "Electric Prod 1",
                 "Clones Not Yet in Play", "Dummy Counters Discovered", "n1: face down",
                 "Caged Lab Animals", "Intruders killed", "Intruders captured", "Score 0"):
        expect(mapsheet).to_contain_text(text)
    # newest first: the phase under way is the first heading, the game's first the last
    expect(page.locator("#log li[data-type='phase']").first).to_contain_text(
        "Turn 1: First Interaction Phase")
    expect(page.locator("#log li[data-type='phase']").last).to_contain_text(
        "Turn 1: Intruder and Hidden Counter Movement Phase")

    # A compartment with an Interaction to resolve is a button on the map too.
    page.locator('#board [data-compartment="lab"]').click(position={"x": 8, "y": 8})
    expect_state(page, played(5, {"type": "interact", "at": "lab"}))
    expect(page.locator("#log")).to_contain_text("Counter c3 in Laboratory is the Intruder")

    # New game with a chosen seed; a bad seed is refused inside the dialog.
    page.locator("#new-game").click()
    page.locator("#new-seed").fill("banana")
    page.locator("#new-start").click()
    expect(page.locator("#new-error")).to_contain_text("Not a seed")
    page.locator("#new-seed").fill("3")
    page.locator("#new-seed").press("Enter")
    expect(page.locator("#new-dialog")).to_be_hidden()
    expect_state(page, ic.new_game(seed=3))
    expect(page.locator("#seed")).to_have_text("shown at the end")  # no spoiler in play
    page.locator("#new-game").click()
    expect(page.locator("#current-seed")).to_have_text("3")  # for those who want it
    page.locator("#new-dialog").get_by_role("button", name="Cancel").click()
    expect(page.locator("#undo")).to_be_disabled()


@NEAR_THE_BOUND
def test_a_new_game_from_the_dialog_is_drawn_with_no_long_task(
    page: Page, site: Site, problems: Problems, boot: Boot, main_thread: MainThread
) -> None:
    """Starting a game renders its plan in one task and draws it in the next
    (GameSession.switch_to): on this slow guest a new game was one task of 33-92 ms of CPU,
    the plan rendered and drawn together (the first after the boot the slowest)."""
    boot(site.url + "?seed=5")
    for seed in (3, 52):
        page.locator("#new-game").click()
        page.locator("#new-seed").fill(str(seed))
        page.wait_for_timeout(300)  # the dialog laid out and painted before the recording
        before = page.locator(BODY).get_attribute("data-state-sha")
        main_thread.start()
        click_at(page, "#new-start")
        wait_until(page, f"document.body.dataset.stateSha !== {before!r}", 30)
        page.wait_for_timeout(500)  # what the drawing leaves for later: the kept board
        long = main_thread.long()
        assert not long, f"new game {seed}: long tasks {[str(t) for t in long]}"
        expect_state(page, ic.new_game(seed=seed))
        expect(page.locator("#alert")).to_contain_text("New game: Solitaire")


def test_move_by_click_and_keyboard_refuse_illegal_and_undo(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    board = page.locator("#board")
    # Select Command Officer 1 on the map: his reachable compartments light up with costs.
    board.locator('[data-crew="co1"]').click()
    expect(page.locator(BODY)).to_have_attribute("data-selected", "co1")
    reachable = board.locator('[data-compartment][role="button"]')
    expect(reachable).to_have_count(3)
    expect(board.locator('[data-compartment="a1"]')).to_have_attribute(
        "aria-label", re.compile(r"Corridor A-1 \(reachable for 1 movement point\)"))
    expect(page.locator("#prompt")).to_contain_text("Command Officer 1 has 3 movement points")
    expect(page.locator('#actions [data-crew-group="co1"]')).to_contain_text(
        "move to Corridor A-1 (1 MP)")
    assert serious_axe_violations(page) == []
    board.locator('[data-compartment="a1"]').click()
    one = played(3, {"type": "move", "crew": "co1", "to": "a1"})
    expect_state(page, one)
    # the newest event first under the latest phase's heading; its rule link is named for
    # its rule and its entry
    newest = page.locator(f'#log li[data-seq="{len(one.log) - 1}"]')
    expect(newest).to_have_text("Command Officer 1 moves to Corridor A-1 (rule)")
    expect(page.locator("#log li").nth(1)).to_have_attribute("data-seq", str(len(one.log) - 1))
    expect(newest.locator(".rule-link")).to_have_attribute(
        "aria-label", re.compile(rf"^Rule: Crew Movement, log entry {len(one.log)}$"))

    # By keyboard: focus Command Officer 2's token, Enter; focus the Living Quarters, Enter.
    board.locator('[data-crew="co2"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(BODY)).to_have_attribute("data-selected", "co2")
    board.locator('[data-compartment="living"]').focus()
    page.keyboard.press("Enter")
    two = played(3, {"type": "move", "crew": "co1", "to": "a1"},
                 {"type": "move", "crew": "co2", "to": "living"})
    expect_state(page, two)
    assert page.evaluate("document.activeElement.dataset.compartment") == "living", \
        "keyboard focus was lost by the redraw"

    # An illegal attempt: the engine's reason and rule in the alert, nothing changes.
    board.locator('[data-compartment="freezer"]').click()
    expect(page.locator("#alert")).to_contain_text(
        "Not allowed: Freezer is not adjacent to Living Quarters (Crew Movement).")
    expect_state(page, two)

    # Undo twice (no dice, no reveals), then nothing is left to undo.
    page.locator("#undo").click()
    expect_state(page, one)
    page.locator("#undo").click()
    expect_state(page, ic.new_game(seed=3))
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#log li[data-type='phase']").first).to_contain_text(
        "Turn 1: Crew Movement Phase")

    # Esc deselects.
    board.locator('[data-crew="en1"]').click()
    page.keyboard.press("Escape")
    expect(page.locator(BODY)).to_have_attribute("data-selected", "")


def test_interaction_self_defense_rolls_are_logged_and_not_undoable(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=52")
    expect(page.locator("#prompt")).to_have_text(
        "The Intruder (c1) attacks Engineer 1: choose a Self Defense attack")
    group = page.locator('#actions [data-crew-group="en1"]')
    group.get_by_role("button", name="Engineer 1: Self Defense with improvised weapons").click()
    game = played(52, {"type": "defend", "crew": "en1", "weapon": "improvised"})
    expect_state(page, game)
    rolls = [e for e in game.log if e.type == "roll"]
    last_roll = rolls[-1]
    item = page.locator("#log li[data-type='roll']", has_text=last_roll.text).first
    expect(item).to_contain_text(last_roll.data["purpose"])
    expect(item.locator(".rule-link")).to_have_attribute("data-rule", last_roll.rule)
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#prompt")).to_have_text(panels.prompt(game.view("crew")))


def test_reload_resumes_and_export_import_round_trip(
    page: Page, site: Site, problems: Problems, boot: Boot,
    wait_booted: Callable[[], dict[str, str]], tmp_path: Path,
) -> None:
    boot(site.url + "?seed=3")
    page.locator('#actions [data-select="co1"]').click()  # his actions show
    page.locator('#actions button[data-action*="\\"unlock\\""]').first.click()
    one = played(3, {"type": "unlock", "crew": "co1", "room": "arms"})
    expect_state(page, one)

    page.reload()
    wait_booted()
    expect_state(page, one)
    assert page.evaluate("intruderDebug.state()") == one.to_json()
    expect(page.locator("#undo")).to_be_enabled()  # the undo stack is saved too

    with page.expect_download() as info:
        page.locator("#export").click()
    download = info.value
    assert download.suggested_filename == "intruder-seed3-turn1.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert "kind" not in saved.read_text()  # the page's envelope: nothing hidden readable
    assert storage.unpack(ic, saved.read_text()).to_json() == one.to_json()

    page.locator('#board [data-crew="co1"]').click()
    page.locator('#board [data-compartment="arms"]').click(position={"x": 8, "y": 8})
    expect_state(page, played(3, {"type": "unlock", "crew": "co1", "room": "arms"},
                              {"type": "move", "crew": "co1", "to": "arms"}))
    page.locator("#import-file").set_input_files(str(saved))
    expect_state(page, one)
    expect(page.locator("#alert")).to_contain_text("Imported intruder-seed3-turn1.json")

    # A damaged save is refused with the engine's reason; the game and its autosave stay.
    broken = tmp_path / "broken.json"
    broken.write_text(one.to_json()[:-40])
    page.locator("#import-file").set_input_files(str(broken))
    expect(page.locator("#alert")).to_contain_text("This file is not an Intruder save")
    expect(page.locator("#alert")).to_contain_text("Your game is kept")
    expect_state(page, one)
    page.reload()
    wait_booted()
    expect_state(page, one)


def test_share_link_reproduces_the_game_and_a_tampered_one_is_refused(
    page: Page, site: Site, problems: Problems, boot: Boot,
    wait_booted: Callable[[], dict[str, str]],
) -> None:
    boot(site.url + "?seed=3")
    page.locator('#board [data-crew="co1"]').click()
    page.locator('#board [data-compartment="a1"]').click()
    page.locator("#actions").get_by_role("button", name="End crew movement").click()
    # no guard (ruling R66): points are left, but no Intruder is revealed to hunt
    game = played(3, {"type": "move", "crew": "co1", "to": "a1"}, {"type": "end_movement"})
    expect_state(page, game)
    page.locator("#share").click()
    link = page.locator("#share-link").input_value()
    assert link.startswith(site.url + "#g=")
    assert session.decode_record(link.split("#g=", 1)[1]) == json.loads(
        json.dumps(game.record()))
    page.locator("#share-dialog").get_by_role("button", name="Close").click()

    # Opened on a fresh page (another player): the same game, action for action.
    other = page.context.new_page()
    other.goto(link)
    wait_until = other.locator("body[data-ready='1']")
    expect(wait_until).to_be_attached(timeout=60_000)
    expect(other.locator(BODY)).to_have_attribute("data-state-sha", digest(game))
    assert "#g=" not in other.url, "the link stays in the URL: a reload would replay it"
    other.close()

    # A tampered link (an action changed) is refused with a message; the game is kept.
    record = json.loads(json.dumps(game.record()))
    record["actions"][0]["to"] = "b2"
    page.goto(site.url + session.share_fragment(record))  # same document: hashchange
    expect(page.locator("#alert")).to_contain_text("This share link is damaged")
    expect(page.locator("#alert")).to_contain_text("Your game is kept")
    expect_state(page, game)
    # And on a fresh load of a damaged link: the autosave is resumed.
    page.goto(site.url + "?x=1#g=not-a-record")
    wait_booted()
    expect(page.locator("#notices")).to_contain_text("This share link is not an Intruder game")
    expect_state(page, game)


def test_rules_reference_opens_at_the_cited_rule_and_searches(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    page.locator('#actions [data-select="co1"]').click()  # his actions, with their rules
    link = page.locator('#actions [data-crew-group="co1"] .rule-link[data-rule="Functions"]')
    link.first.click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-cited")).to_have_text("Cited: Functions")
    expect(page.locator("#rules-content h3").first).to_have_text("Functions")
    expect(page.locator('#rules-nav [aria-pressed="true"]')).to_have_text("Functions")
    assert serious_axe_violations(page) == []

    page.locator("#rules-search").fill("freezer")
    expect(page.locator("#rules-count")).to_contain_text("entries")
    nav = page.locator("#rules-nav button")
    assert 0 < nav.count() < 40
    page.locator("#rules-nav").get_by_role("button", name="R13", exact=False).first.click()
    expect(page.locator("#rules-content h3").first).to_contain_text("R13")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    page.locator("#rules").click()
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-nav")).to_contain_text("R38")  # the project's rulings too


def finished_game() -> ic.Game:
    game = ic.new_game(seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_game_over_shows_outcome_reason_and_score(
    page: Page, site: Site, problems: Problems, boot: Boot, tmp_path: Path
) -> None:
    game = finished_game()
    assert game.result is not None
    saved = tmp_path / "finished.json"
    saved.write_text(game.to_json())
    boot(site.url + "?seed=3")
    page.locator("#import-file").set_input_files(str(saved))
    expect_state(page, game)
    result = page.locator("#result")
    expect(result).to_be_visible()
    outcome = {"win": "The crew wins", "loss": "The crew loses", "draw": "A draw"}
    expect(result.locator("h2")).to_have_text(outcome[game.result["outcome"]])
    expect(result).to_contain_text(str(game.result["reason"])[1:])
    expect(result).to_contain_text(f"Final score {game.result['score']}")
    for line in game.result["breakdown"]:
        expect(result).to_contain_text(line["label"])
    # nothing left to do or to advise on: no "No legal actions.", no greyed Suggest or Odds
    expect(page.locator("#actions")).to_be_hidden()
    expect(page.locator(".decision .advisor")).to_be_hidden()
    expect(page.locator("#log li")).to_have_count(len(game.log))
    # The long log scrolls in its box: nothing in it stretches the page.
    assert page.evaluate("document.documentElement.scrollHeight") < 4000
    result.get_by_role("button", name="New game").click()
    expect(page.locator("#new-dialog")).to_be_visible()


def test_engine_is_deterministic_in_pyodide(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=5")
    in_page = page.evaluate("intruderDebug.simulate(5, 200)")
    assert in_page == session.first_policy_digest(5, 200)


def test_embed_mode_boots_with_minimal_chrome_and_its_own_save(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=5")
    main_sha = page.locator(BODY).get_attribute("data-state-sha")
    boot(site.url + "embed.html?seed=3")
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#prompt")).to_be_visible()
    expect(page.locator("#actions button[data-index]").first).to_be_visible()
    expect(page.locator("#log")).to_be_visible()  # the latest events
    for hidden in (".toolbar", "#mapsheet", "#status"):  # (the h1 stays, for screen readers)
        expect(page.locator(hidden)).to_be_hidden()
    page.locator('#board [data-crew="co1"]').click()
    page.locator('#board [data-compartment="a1"]').click()
    expect_state(page, played(3, {"type": "move", "crew": "co1", "to": "a1"}))
    boot(site.url)  # the full page resumes its own game, not the embedded one
    expect(page.locator(BODY)).to_have_attribute("data-state-sha", main_sha or "")


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 740}, has_touch=True,
                                  is_mobile=True)
def test_phone_layout_fits_and_plays_by_touch(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator('#board [data-crew="co1"]').tap()
    expect(page.locator(BODY)).to_have_attribute("data-selected", "co1")
    page.locator('#board [data-compartment="a1"]').tap()
    expect_state(page, played(3, {"type": "move", "crew": "co1", "to": "a1"}))
    height = page.locator("#actions button[data-index]").first.bounding_box()
    assert height is not None and height["height"] >= 36, "touch targets are too small"


def test_a_step_where_no_crewman_can_act_is_passed_in_one_line(
    page: Page, site: Site, problems: Problems
) -> None:
    """R68: the crew's last action at the Interactions leads into the step for crewmen away
    from them, where all they could do is drop an object: the page passes it in the same
    move and says so in one line, where the prompt is; one undo takes both back."""
    before, index, crew, after, undoable = states.before_a_passed_step(1)
    states.on_origin(page, site.url)
    states.load_state(page, site.url, before)
    click_action(page, index, crew)
    expect_state(page, after)
    expect(page.locator("#alert")).to_have_text(session.PASSED)
    expect(page.locator("#alert")).to_be_in_viewport()
    assert page.locator(BODY).get_attribute("data-step") != "free_actions"
    if undoable:
        page.locator("#undo").click()
        expect_state(page, before)
