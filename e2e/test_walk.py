"""Every state a game reaches keeps the table's bounds (issue 10), not just the three states
test_table.py builds: a seeded game played by the crew bot (HeuristicPolicy, on CPython),
each of its choices clicked on the page as a player would, at 1280x800 and 390x844. At
each step: the page within about two viewports, no text under 11 CSS px, every tap target
at least 24x24 CSS px, and no two controls (buttons, links, inputs, focusable SVG elements)
with the same accessible name (read from Chromium's accessibility tree); the same names
check in the room inspector, the guard and the rules reference.
"""

from __future__ import annotations

import hashlib
import random

import pytest
import states
from conftest import Problems, Site
from game_page import Boot, click_action, play_along
from measures import check_table, shared_names
from playwright.sync_api import Page, expect

import intruder_core as ic
from intruder_core.bots import HeuristicPolicy

SIZES = {k: states.SIZES[k] for k in ("desktop", "phone")}
SEED = 21
STEPS = 36  # turn 1 and into turn 2: moves, the Interactions, the Arms Room


def check_step(page: Page, height: int, where: str) -> None:
    """The table's measures (check_table: text, tap targets, page height; figures printed with
    pytest -s), and no two controls sharing an accessible name."""
    check_table(page, height, where)
    same = shared_names(page)
    assert not same, f"{where}: controls sharing a name: {same[:8]}"


@pytest.mark.heavy  # a whole game or many samples: dealt out first
@pytest.mark.parametrize("size", list(SIZES))
def test_a_bot_game_keeps_the_table_in_bounds_at_every_step(
    page: Page, site: Site, problems: Problems, boot: Boot, size: str
) -> None:
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    boot(site.url + f"?seed={SEED}")
    game = ic.new_game(seed=SEED)
    bot, rng = HeuristicPolicy(), random.Random(SEED)
    for step in range(STEPS):
        if game.is_over:
            break
        check_step(page, h, f"{size} step {step} ({game.view('crew')['decision']['step']})")
        legal = list(game.legal_actions())
        action, _why = bot.choose(game.view("crew"), legal, rng)
        who = action.to_dict().get("crew")
        click_action(page, legal.index(action), who if isinstance(who, str) else None)
        play_along(game, action)
        expect(page.locator("body")).to_have_attribute(
            "data-state-sha", hashlib.sha256(game.to_json().encode()).hexdigest())
    check_step(page, h, f"{size} after {STEPS} steps")


def test_no_two_controls_share_a_name_in_the_dialogs(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    states.on_origin(page, site.url)
    states.load_state(page, site.url, states.after_panic())
    assert not shared_names(page)
    page.locator('[data-select="co1"]').first.click()
    assert not shared_names(page), "co1 selected"
    page.keyboard.press("Escape")  # co1 let go: a tap on the grown room lists it
    page.locator('#board [data-inset="command"]').click(position={"x": 4, "y": 30})
    expect(page.locator("#inspector")).to_be_visible()
    assert not shared_names(page), "the room inspector"
    page.locator("#inspector").get_by_role("button", name="Close").click()
    states.load_state(page, site.url, states.hunt_left())  # where the guard asks (R66)
    page.locator("#actions").get_by_role("button", name="End crew movement").click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    assert not shared_names(page), "the guard"
    page.locator("#confirm-no").click()
    page.locator("#rules").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    assert not shared_names(page), "the rules reference"
