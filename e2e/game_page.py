"""Booting, reading and driving the game page, shared by the browser tests (not a test file).

The page's state is compared by the sha256 of `game.to_json()` it shows in body[data-state-sha]
(`digest`); `page_game` reads its whole game back; `start` begins a scenario from the New game
dialog; `click_action` plays a legal action with the page's controls as a player would.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from conftest import ROOT
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT / "web" / "py"))  # web/py/core: the page's own code

import intruder_core as ic
from core import session, storage

__all__ = [
    "BODY",
    "Boot",
    "click_action",
    "crew_by_hand",
    "digest",
    "drop_service_worker",
    "page_game",
    "play_along",
    "start",
    "storage",
    "wait_for_kept_board",
]

Boot = Callable[[str], dict[str, str]]
BODY = "body"


# An action that applies at once: ending a phase with points or actions left asks first.
UNGUARDED = "#actions button[data-index]:not([data-action*='\"end_'])"


def digest(game: ic.Game) -> str:
    """The page's digest of this game (its body[data-state-sha])."""
    return session.state_digest(game.to_json())


def page_game(page: Page) -> ic.Game:
    """The game the page holds, read back through its debug hook."""
    return ic.Game.from_json(page.evaluate("intruderDebug.state()"))


def play_along(game: ic.Game, action: ic.Action | dict[str, object],
               crew_by_hand: bool = True) -> None:
    """Play on CPython what the page plays for a player's action (session.play: with the
    crew seated by a human, a step where no crewman can act passed, R68)."""
    session.play(game, action, crew_by_hand)


def crew_by_hand(page: Page) -> bool:
    """Whether the page's crew is seated by a human (its stored seats; by default it is)."""
    seats = page.evaluate("JSON.parse(localStorage.getItem('intruder:seats') || 'null')")
    return not isinstance(seats, dict) or seats.get("crew", "human") == "human"


def start(page: Page, scenario: str, seed: int, seats: str | None = None,
          options: tuple[str, ...] = ()) -> None:
    """Start `scenario` with `seed` (and seats, options) from the New game dialog."""
    page.locator("#new-game").click()
    page.locator("#new-scenario").select_option(scenario)
    if seats is not None:
        page.locator("#new-seats").select_option(seats)
    for opt in options:
        page.locator(f"#new-{opt.replace('_', '-')}").check()
    page.locator("#new-seed").fill(str(seed))
    page.locator("#new-start").click()
    expect(page.locator("#new-dialog")).to_be_hidden()


def click_action(page: Page, index: int, who: str | None) -> None:
    """Click legal action `index` as a player would: first select its crewman (opening the
    list of the other crewmen if he is in it), then the button; confirm a guard."""
    button = page.locator(f'#actions button[data-index="{index}"]')
    if who and not button.is_visible():
        pick = page.locator(f'#actions [data-select="{who}"]').first
        if not pick.is_visible():
            page.locator("#actions .crew-others > summary").click()
        pick.click()
        expect(page.locator("body")).to_have_attribute("data-selected", who)
    button.click()
    if page.locator("#confirm-dialog[open]").count():
        page.locator("#confirm-yes").click()


KEPT_MATCHES = """(prefix) => {
  const kept = JSON.parse(localStorage.getItem(prefix + 'kept') || 'null');
  const save = localStorage.getItem(prefix + 'save');
  return !!kept && !!save && kept.length === new TextEncoder().encode(save).length;
}"""


def wait_for_kept_board(page: Page, prefix: str = "intruder:") -> dict[str, object]:
    """Wait until the page has kept its board for the autosave as it is now (web/kept.js's
    record: pages/game/kept_board.py writes it after each drawn position); the record."""
    page.wait_for_function(KEPT_MATCHES, arg=prefix, timeout=20_000)
    record: dict[str, object] = page.evaluate(
        "(prefix) => JSON.parse(localStorage.getItem(prefix + 'kept'))", prefix)
    return record


def drop_service_worker(page: Page) -> None:
    """Wait for the page's service worker, then unregister it: the next load is not served by
    it, so a test's route can hold back the runtime (the worker's cache answers unrouted)."""
    page.evaluate("""async () => {
      await navigator.serviceWorker.ready;
      await Promise.all((await navigator.serviceWorker.getRegistrations())
        .map(r => r.unregister()));
    }""")
