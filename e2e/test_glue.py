"""The page glue (web/py: game_session, action_panel, page_input, the command table) against
the real engine: a stale action the engine refuses, the log and Undo after it, the commands
the page does not know, and a bad seed in the URL."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from conftest import ROOT, Problems, Site
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT / "web" / "py"))

import intruder_core as ic
from core import session

Boot = Callable[[str], dict[str, str]]
ACTION = "#actions button[data-index]"


def digest(game: ic.Game) -> str:
    return session.state_digest(game.to_json())


def test_a_stale_action_is_refused_with_its_rule_and_undo_forgets_the_last_move(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    data = boot(site.url + "?seed=3")
    assert data["engineApi"] == "game" and data["engineVersion"] == ic.__version__
    start = ic.new_game(seed=3)
    expect(page.locator("body")).to_have_attribute("data-state-sha", digest(start))
    expect(page.locator("#seed")).to_have_text("shown at the end")  # no spoiler in play
    expect(page.locator("#undo")).to_be_disabled()
    logged = page.locator("#log li").count()
    assert logged == len(start.log)

    # A legal move by its button: the state and the log follow the engine's.
    index, move = next((i, a) for i, a in enumerate(start.legal_actions())
                       if a.type == "move")
    crew = move.to_dict()["crew"]
    page.locator(f'#actions [data-select="{crew}"]').click()  # his actions show
    page.locator(f'{ACTION}[data-index="{index}"]').click()
    start.apply(move)
    expect(page.locator("body")).to_have_attribute("data-state-sha", digest(start))
    expect(page.locator("#log li")).to_have_count(len(start.log))
    expect(page.locator("#undo")).to_be_enabled()

    # A listed action the engine refuses (a stale button): the alert says why and which
    # rule, with its link; nothing changes.
    stale = {"type": "move", "crew": crew, "to": "freezer"}
    reason = start.why_illegal(stale)
    assert reason is not None and reason.rule
    button = page.locator(ACTION).first
    button.evaluate("(b, a) => { b.dataset.action = a; }", json.dumps(stale))
    button.click()
    alert = page.locator("#alert")
    expect(alert).to_contain_text(f"Not allowed: {reason.reason}")
    expect(alert.locator(".rule-link")).to_have_attribute("data-rule", reason.rule)
    expect(page.locator("body")).to_have_attribute("data-state-sha", digest(start))
    expect(page.locator("#log li")).to_have_count(len(start.log))

    # No die was rolled: Undo takes the move back, the log forgets it and the alert goes.
    page.locator("#undo").click()
    expect(page.locator("body")).to_have_attribute("data-state-sha",
                                                   digest(ic.new_game(seed=3)))
    expect(page.locator("#log li")).to_have_count(logged)
    expect(page.locator("#undo")).to_be_disabled()
    expect(alert).to_have_text("")


def test_a_command_the_page_does_not_know_changes_nothing(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=5")
    sha = page.locator("body").get_attribute("data-state-sha")
    page.evaluate("() => { const b = document.createElement('button'); b.id = 'bogus';"
                  " b.dataset.command = 'no-such-command'; b.textContent = 'x';"
                  " document.body.append(b); }")
    page.locator("#bogus").click()
    expect(page.locator("#alert")).not_to_contain_text("Something went wrong")
    expect(page.locator("body")).to_have_attribute("data-state-sha", sha or "")
    # ... while a known one still works: the New game dialog opens.
    page.locator("#new-game").click()
    expect(page.locator("#new-dialog")).to_be_visible()


def test_bad_seed_falls_back_to_random(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=banana")
    expect(page.locator("#alert")).to_contain_text("Ignored bad seed")
    expect(page.locator("#seed")).to_have_text("shown at the end")
    assert page.locator(ACTION).count() > 0
