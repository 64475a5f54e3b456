"""A solitaire game from set-up to game over with the keyboard alone: the crew bot chooses
each action, and only key presses perform it (arrows along the corridors, Enter to select and
move, A to reach the actions, Tab within them, Enter to press). Also: the plan is one Tab
stop, arrow keys do not scroll the page, and `?` lists the shortcuts.

Seed 1 is a short game for the heuristic (54 decisions on CPython)."""

from __future__ import annotations

import importlib
import json
import random
from collections import deque
from typing import Any

import pytest
from conftest import Problems, Site, guard_asked
from game_page import BODY, Boot, digest, page_game, play_along
from measures import NAMES_SAMPLE, axe_violations, duplicate_names
from playwright.sync_api import Page, expect

import intruder_core as ic
from intruder_core.bots import HeuristicPolicy

# web/py/core/station/keys.py (game_page puts web/py on the path)
keys = importlib.import_module("core.station.keys")

ACTIVE = "document.activeElement"


def active_room(page: Page) -> str | None:
    """The compartment the keyboard focus is on (a room of the plan), or None."""
    return page.evaluate(f"{ACTIVE} && {ACTIVE}.closest('#board') ? "
                         f"{ACTIVE}.getAttribute('data-compartment') : null")


def into_board(page: Page) -> str:
    """Tab (or Shift+Tab) to the plan's one Tab stop; returns its compartment."""
    for _ in range(80):
        room = active_room(page)
        if room:
            return room
        after = page.evaluate(f"""() => !!({ACTIVE} && {ACTIVE} !== document.body &&
            (document.getElementById('board').compareDocumentPosition({ACTIVE}) & 4))""")
        page.keyboard.press("Shift+Tab" if after else "Tab")
    raise AssertionError("the plan never took the focus")


def path(start: str, goal: str) -> list[str]:
    """Arrow keys from `start` to `goal` along keys.neighbour (breadth first)."""
    seen: dict[str, list[str]] = {start: []}
    todo = deque([start])
    while todo:
        cid = todo.popleft()
        if cid == goal:
            return seen[cid]
        for key in keys.ARROWS:
            to = keys.neighbour(cid, key)
            if to and to not in seen:
                seen[to] = [*seen[cid], key]
                todo.append(to)
    raise AssertionError(f"no way by arrows from {start} to {goal}")


def walk_to(page: Page, goal: str) -> None:
    for key in path(into_board(page), goal):
        page.keyboard.press(key)
    assert active_room(page) == goal


def select_by_keys(page: Page, crew: str, at: str) -> None:
    body = page.locator(BODY)
    if body.get_attribute("data-selected") not in ("", crew):
        # Enter in a lit compartment would move the selected crewman there: let go first.
        into_board(page)
        if body.get_attribute("data-moments") == "playing":
            page.keyboard.press("Escape")  # the first Esc skips the moments still playing
            expect(body).not_to_have_attribute("data-moments", "playing")
        page.keyboard.press("Escape")
        expect(body).to_have_attribute("data-selected", "")
    walk_to(page, at)
    for _ in range(10):
        if body.get_attribute("data-selected") == crew:
            return
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement && "
                               "document.activeElement.closest('#board')")
    expect(body).to_have_attribute("data-selected", crew)


def press_button_by_keys(page: Page, action: Any) -> None:
    """A to the actions, then Tab until the action's button has the focus, then Enter."""
    into_board(page)
    page.keyboard.press("a")
    want = action.to_dict()
    for _ in range(300):
        data = page.evaluate(f"{ACTIVE} && {ACTIVE}.dataset ? {ACTIVE}.dataset.action : null")
        if data and json.loads(data) == want:
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"no button reached for {want}")


def perform_by_keys(page: Page, game: ic.Game, action: Any) -> None:
    before = page.locator(BODY).get_attribute("data-state-sha")
    view = game.view("crew")
    where = {c["id"]: c["at"] for c in view["crew"]}
    if action.type == "move":
        select_by_keys(page, action["crew"], where[action["crew"]])
        walk_to(page, action["to"])
        page.keyboard.press("Enter")
    elif action.type == "interact":
        walk_to(page, action["at"])
        page.keyboard.press("Enter")
    else:
        crew = action.get("crew")
        if isinstance(crew, str) and where.get(crew) and game.step != "choose":
            select_by_keys(page, crew, where[crew])
        press_button_by_keys(page, action)
    if guard_asked(page, before):  # the guard: its going-ahead button has the focus: Enter
        assert page.evaluate(f"{ACTIVE}.id") == "confirm-yes"
        page.keyboard.press("Enter")


@pytest.mark.heavy  # a whole game or many samples: dealt out first
def test_a_solitaire_game_to_the_end_by_keyboard_alone(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=1")
    body = page.locator(BODY)
    # One Tab stop on the plan: from it, Tab leaves the plan.
    into_board(page)
    assert page.locator('#board [tabindex="0"]').count() == 1
    page.keyboard.press("Tab")
    assert active_room(page) is None
    # Arrows move along the corridors and the page does not scroll.
    walk_to(page, "command")
    y = page.evaluate("window.scrollY")
    page.keyboard.press("ArrowRight")
    assert active_room(page) == "a1" and page.evaluate("window.scrollY") == y
    # ? lists the shortcuts.
    page.keyboard.press("?")
    expect(page.locator("#keys-dialog")).to_be_visible()
    expect(page.locator("#keys-dialog")).to_contain_text("Arrow keys")
    assert not axe_violations(page), axe_violations(page)
    page.keyboard.press("Escape")
    expect(page.locator("#keys-dialog")).to_be_hidden()

    bot, rng = HeuristicPolicy(), random.Random(1)
    game = page_game(page)  # then played along on CPython (the page's sha checked each step)
    for decision in range(400):
        page.wait_for_function("() => document.body.dataset.turn === 'human:crew' || "
                               "document.body.dataset.turn === 'none:'")
        if body.get_attribute("data-turn") == "none:":
            break
        action = bot.choose(game.view("crew"), game.legal_actions(), rng)[0]
        before = body.get_attribute("data-state-sha")
        perform_by_keys(page, game, action)
        page.wait_for_function("s => document.body.dataset.stateSha !== s", arg=before,
                               timeout=60_000)
        play_along(game, action)
        expect(body).to_have_attribute("data-state-sha", digest(game))
        if action.type == "move":  # focus stays where the player is: where he moved to
            assert active_room(page) == action["to"], (action.label, active_room(page))
        if decision % NAMES_SAMPLE == 0:  # as in test_seats
            assert not duplicate_names(page), duplicate_names(page)
    assert body.get_attribute("data-turn") == "none:"
    assert not duplicate_names(page), duplicate_names(page)
    expect(page.locator("#result")).to_be_visible()
    assert not axe_violations(page), axe_violations(page)
