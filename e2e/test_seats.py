"""Every seat played by hand: the Intruder player by clicks on the plan (his counters, the
lit compartments, the crewmen he attacks) against the crew bot and in hot-seat, with every
control's accessible name unique in every state reached and axe clean.

The test reads the page's game (intruderDebug.state) to choose a legal action, performs it
with the page's own controls, and checks the page's state against the same game on CPython.
"""

from __future__ import annotations

import re
from collections import Counter

from conftest import Problems, Site
from playwright.sync_api import Page, expect
from test_play import AXE, BODY, Boot, digest
from test_scenarios import start

import intruder_core as ic

NAMED = ("button", "link", "checkbox", "combobox", "textbox", "radio", "spinbutton",
         "slider", "switch", "tab", "menuitem", "option")


def page_game(page: Page) -> ic.Game:
    return ic.Game.from_json(page.evaluate("intruderDebug.state()"))


def duplicate_names(page: Page) -> list[str]:
    """Controls that share a role and accessible name (from the accessibility tree)."""
    snap = page.locator("body").aria_snapshot()
    names = re.findall(r"^\s*- (\w+) \"(.*?)\"", snap, flags=re.M)
    seen = Counter((role, name) for role, name in names if role in NAMED)
    return [f"{role} {name!r} x{n}" for (role, name), n in seen.items() if n > 1]


def axe_violations(page: Page) -> list[str]:
    page.evaluate(AXE.read_text() + "\n;0")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} - {[n['target'] for n in v['nodes']][:3]}"
            for v in result["violations"]]


def wait_turn(page: Page, turn: str) -> None:
    """Until it is `turn` ("human:intruder") or the game is over."""
    page.wait_for_function(
        "t => document.body.dataset.turn === t || document.body.dataset.turn === 'none:'",
        arg=turn, timeout=120_000)


def select_counter(page: Page, token: str) -> None:
    """Select one of the Intruder's counters on the plan: its token, or the stack holding it
    (each click on a stack selects the next of his counters there)."""
    body = page.locator(BODY)
    for _ in range(6):
        if body.get_attribute("data-selected") == token:
            return
        own = page.locator(f'#board [data-token="{token}"]')
        if own.count():
            own.click()
        else:
            page.locator(f'#board [data-stack][data-members~="{token}"]').click()
        page.wait_for_function("s => document.body.dataset.stateSha !== undefined", arg=None)
    expect(body).to_have_attribute("data-selected", token)


def intruder_moves_by_clicks(page: Page, game: ic.Game, moves: int) -> ic.Game:
    """Move up to `moves` counters by clicking them and a lit compartment, then end the
    movement with its button; each step checked against CPython."""
    for _ in range(moves):
        legal = [a for a in game.legal_actions("intruder") if a.type == "move_counter"]
        if not legal:
            break
        a = legal[len(legal) // 2]
        select_counter(page, a["token"])
        room = page.locator(f'#board [data-compartment="{a["to"]}"]')
        expect(room).to_have_attribute("role", "button")
        expect(room).to_have_class(re.compile(r"\breachable\b"))
        assert "step" in (room.get_attribute("aria-label") or "")
        assert not duplicate_names(page), duplicate_names(page)
        room.click(position={"x": 6, "y": 6})  # its corner: not a token in it
        game.apply(a)
        expect(page.locator(BODY)).to_have_attribute("data-state-sha", digest(game))
    end = next(a for a in game.legal_actions("intruder") if a.type == "end_intruder_movement")
    page.locator("#actions").get_by_role("button", name=end.label, exact=True).click()
    game.apply(end)
    return game


def intruder_attacks_by_clicks(page: Page, game: ic.Game) -> None:
    """An attack decision: click the crewman attacked (or the button when he is stacked)."""
    legal = game.legal_actions("intruder")
    attack = next((a for a in legal if a.type == "intruder_attack"), legal[-1])
    token = page.locator(f'#board [data-crew="{attack.get("crew")}"]')
    if attack.type == "intruder_attack" and token.count():
        token.click()
    else:
        page.locator("#actions").get_by_role("button", name=attack.label, exact=True).click()


def test_the_intruder_player_plays_by_clicks_against_the_crew_bot(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3&pace_ms=10")
    body = page.locator(BODY)
    start(page, "intelligent_intruder", 1, seats="intruder")
    expect(body).to_have_attribute("data-side", "intruder")
    # The buttons say what each does: the counter as he knows it, from where to where.
    first = page.locator('#actions button[data-action*="move_counter"]').first
    expect(first).to_contain_text(re.compile(r"(Intruder|Lab Animal|Dummy) \S+: .+ -> .+"))
    assert not axe_violations(page), axe_violations(page)
    decisions = 0
    for _turn in range(60):
        wait_turn(page, "human:intruder")
        if body.get_attribute("data-turn") == "none:":
            break
        game = page_game(page)
        assert not duplicate_names(page), duplicate_names(page)
        if game.step == "intruder_move":
            intruder_moves_by_clicks(page, game, moves=2 if decisions < 6 else 1)
        else:
            intruder_attacks_by_clicks(page, game)
        decisions += 1
        page.wait_for_function(
            "s => document.body.dataset.stateSha !== s", arg=digest(game), timeout=60_000) \
            if game.is_over is False and body.get_attribute("data-state-sha") == digest(game) \
            else None
        if decisions == 3:
            assert not axe_violations(page), axe_violations(page)
    game = page_game(page)  # whatever the page holds replays on CPython, as it is
    assert decisions >= 3
    assert game.is_over or decisions >= 20, (decisions, game.step)
