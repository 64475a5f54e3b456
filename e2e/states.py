"""Game states the browser tests and the screenshots start from, built with the engine here.

Each is a `Game` from `Game.from_position` (docs/position.md) or from a seed; `load_state`
puts one into the page as its autosave and reloads, so the page resumes exactly that game.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))

import intruder_core as ic
from core import session
from intruder_core import codec, daily
from intruder_core.bots import HeuristicPolicy, make_policy, play

# The windows the page is checked and photographed at (CSS px): desktop, phone, phone turned.
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}

CREW = ("co1", "co2", "co3", "so1", "so2", "so3", "en1", "en2", "en3")
# After a Panic (rulebook, Panic): all crew in the Command Module, armed as a crew would be.
PANIC_CARRY = {
    "co1": ["blaster1"], "co2": ["blaster2"], "co3": ["dart1"], "so1": ["gas1"],
    "so2": ["dart2", "gas2"], "so3": [], "en1": ["blaster3"], "en2": ["gas3"], "en3": [],
}


def after_panic(phase: str = "crew_movement") -> ic.Game:
    """The board after a Panic: nine crewmen in the Command Module, Intruders about."""
    return ic.Game.from_position({
        "seed": 7, "turn": 3, "phase": phase, "stage": 2,
        "crew": {c: {"at": "command", "carrying": PANIC_CARRY[c]} for c in CREW},
        "counters": [
            {"kind": "intruder", "at": "b2"},
            {"kind": "dummy", "at": "command"},
            {"kind": "lab_animal", "at": "mess"},
            {"kind": "dummy", "at": "store_a1"},
        ],
    })


def hunt_left() -> ic.Game:
    """Crew Movement where ending it asks (ruling R66): Command Officer 1, armed and with all
    his points, in the Command Module could still reach the revealed Intruder in the Mess;
    the others in Corridor A-1 have none left."""
    crew: dict[str, Any] = {c: {"mp": 0, "at": "a1"} for c in CREW}
    crew["co1"] = {"mp": 3, "at": "command", "carrying": ["blaster1"]}
    return ic.Game.from_position({
        "seed": 5, "phase": "crew_movement", "crew": crew,
        "counters": [{"kind": "intruder", "at": "mess", "face_up": True}],
    })


HUNT_LEFT = "Command Officer 1 has not moved and, armed, could still reach the Intruder in"


def crowded_arms() -> ic.Game:
    """Crew Movement with four crewmen and the weapons in the Arms Room, one in the Mess."""
    return ic.Game.from_position({
        "seed": 11, "turn": 2, "phase": "crew_movement",
        "crew": {
            "co1": {"at": "arms"}, "co2": {"at": "arms"}, "en1": {"at": "arms"},
            "so1": {"at": "arms"}, "co3": {"at": "command"},
        },
        "counters": [{"kind": "intruder", "at": "dock2"}],
    })


def crowded_lab(phase: str = "crew_movement") -> ic.Game:
    """Every crewman, the revealed Intruder and objects in the Laboratory (issue 23: it drew
    as a "5 pieces" badge): crowded far past its box."""
    crew: dict[str, Any] = {c: {"at": "lab", "carrying": PANIC_CARRY[c]} for c in CREW}
    return ic.Game.from_position({
        "seed": 7, "turn": 3, "phase": phase, "stage": 2, "crew": crew,
        "counters": [
            {"kind": "intruder", "at": "lab", "face_up": True},
            {"kind": "dummy", "at": "b1"},
            {"kind": "lab_animal", "at": "mess"},
        ],
        "items": {"prod1": "lab", "flamethrower1": "lab"},
    })


@cache
def _finished_daily(day: date, seed: int, policy: str) -> str:
    game = daily.new_game(day)
    play(game, make_policy(policy), random.Random(seed))
    assert game.is_over
    return game.to_json()


def finished_daily(day: date, seed: int = 0, policy: str = "heuristic") -> ic.Game:
    """`day`'s game of the day played to its end by a bot (ruling R69)."""
    return ic.Game.from_json(_finished_daily(day, seed, policy))


DAILY_DAY = date(2026, 3, 1)  # the date the daily's tests and screenshots fix the clock at


def earlier_dailies() -> list[codec.HistoryGame]:
    """Finished dailies before DAILY_DAY across February's end (27 and 28 Feb, then a gap to
    25 Feb) and DAILY_DAY's again, finished at 13:00 (after the page's, at noon: it does not
    count), as a history file's entries."""
    def entry(day: date, ended: str, seed: int = 0, policy: str = "heuristic"
              ) -> codec.HistoryGame:
        return codec.history_game(finished_daily(day, seed, policy), {}, ended,
                                  day.isoformat())

    return [entry(date(2026, 2, 28), "2026-02-28T21:00:00+00:00"),
            entry(date(2026, 2, 27), "2026-02-27T08:00:00+00:00"),
            entry(date(2026, 2, 25), "2026-02-25T08:00:00+00:00"),
            entry(DAILY_DAY, "2026-03-01T13:00:00+00:00", 1, "random")]


def finished_odds(page: Any, boot: Any, url: str, samples: int) -> Any:
    """Boot seed 3 with `samples` sampled games per estimate, ask for the win odds and wait
    until they are done: the #odds panel."""
    boot(url + f"?seed=3&odds_samples={samples}")
    odds = page.locator("#odds")
    page.locator("#odds-start").click()
    odds.wait_for(state="visible")
    page.wait_for_selector("#odds[data-done='1']", timeout=60_000)
    return odds


@dataclass
class Warm:
    """This worker's booted game page, which the tests marked `warm` share (conftest.py):
    `load_state` and `boot` put their game into it in place, through the page's own share
    link import (a hashchange: page_input.on_hash), instead of booting Pyodide again (about
    2 s and 4-5 CPU-s a boot with its workers, on two shared cores)."""

    page: Any = None
    root: str = ""  # the game page's address, once booted: the only one loaded in place
    viewport: Any = None  # the size it booted at: a game is put in only at that size
    stored: Any = None  # the settings and seats stored when it booted (a boot reads them)
    settled: Any = None  # its SETTLED look when it booted

    def holds(self, page: Any, url: str) -> bool:
        """Whether `page` is the warm page, on the game page as booted, at its boot's size
        and with the settings and seats it read: then a game put in shows as a boot of
        `url` would show it."""
        return (page is self.page and bool(self.root) and url == self.root
                and page.url == self.root and page.viewport_size == self.viewport
                and page.evaluate(STORED) == self.stored)

    def booted(self, page: Any) -> None:
        """`page` (the warm one) booted again, at its present size, with what is stored now:
        games go in as long as these hold."""
        if page is self.page:
            self.root, self.viewport = page.url.split("?")[0].split("#")[0], page.viewport_size
            self.stored, self.settled = page.evaluate(STORED), page.evaluate(SETTLED)

    def settles(self, page: Any) -> bool:
        """After a test: whether the warm page booted with no settings stored (as after a
        wipe) and looks as its boot left it (the game aside)."""
        return (self.holds(page, self.root) and self.stored[0] is None
                and page.evaluate(SETTLED) == self.settled)

    def keep(self, page: Any) -> None:
        """Keep the settled warm page for the next test, its storage as a wipe leaves it (the
        seats too: a game put in gets its default seats, as a boot with none stored does)."""
        page.evaluate(WIPED)
        page.evaluate("localStorage.removeItem('intruder:seats')")
        self.stored = page.evaluate(STORED)


STORED = "[localStorage.getItem('intruder:settings'), localStorage.getItem('intruder:seats')]"

# What must be as a boot leaves it for the warm page to serve the next test (the game aside):
# no dialog, notice, hand-over, computer turn or autoplay, set-aside save, and the motion,
# zoom, panels and the log's toggles as they were (the settings: Warm.settles).
SETTLED = """() => { const b = document.body.dataset;
  if (b.ready !== '1' || !document.getElementById('odds')) return null;  // not the game page
  return {handover: b.handover || '', autoplay: b.autoplay || '',
          computer: (b.turn || '').startsWith('computer'),
          dialogs: document.querySelectorAll('dialog[open]').length,
          notices: document.querySelectorAll('#notices > *').length,
          aside: localStorage.getItem('intruder:corrupt'),
          reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
          zoom: document.getElementById('board').getAttribute('data-zoom'),
          odds: document.getElementById('odds').hidden,
          mapsheet: document.getElementById('mapsheet-box').open,
          toggles: [...document.querySelectorAll('#log [aria-pressed]')]
            .map(t => t.getAttribute('aria-pressed')).join()}; }"""


WARM = Warm()

# Storage as a wiped context's before a game goes in: only the settings and seats the page
# booted with (Warm.holds) are kept; the page writes its autosave, undo and seats again.
WIPED = """() => {
  for (const key of Object.keys(localStorage))
    if (key !== 'intruder:settings' && key !== 'intruder:seats') localStorage.removeItem(key);
  sessionStorage.clear();
}"""

# A fresh boot's look once a game is in: the alert empty, the window and the side scrolled
# to the top (the plan's own scroll, centred at boot, stays), nothing focused.
FRESH = """() => {
  const alert = document.getElementById('alert');
  alert.textContent = ''; alert.dataset.kind = 'info';
  for (const e of document.querySelectorAll('body *'))
    if ((e.scrollTop || e.scrollLeft) && !e.closest('#board')) e.scrollTop = e.scrollLeft = 0;
  window.scrollTo(0, 0);
  if (document.activeElement) document.activeElement.blur();
}"""


def open_link(page: Any, game: ic.Game) -> None:
    """Open the game as a share link in this page (no reload: page_input.on_hash) and wait
    until the page holds exactly that game, scripted dice and all."""
    code = codec.encode_record(game.record())
    page.evaluate("c => location.hash = '#g=' + c", code)
    page.wait_for_function("s => document.body.dataset.stateSha === s",
                           arg=session.state_digest(game.to_json()))


def put_in(page: Any, game: ic.Game) -> None:
    """Put `game` into the booted game page as a share link opened there, once the last
    moments have played, on storage as a wipe leaves it, and leave the page as a boot would
    show it (FRESH)."""
    page.wait_for_function("document.body.dataset.moments !== 'playing'", timeout=30_000)
    page.evaluate(WIPED)
    open_link(page, game)
    page.evaluate(FRESH)
    WARM.stored = page.evaluate(STORED)  # the seats it stored: as a boot of this game


def load_state(page: Any, url: str, game: ic.Game, prefix: str = "intruder:") -> None:
    """Make `game` the page's autosave and reload: the page resumes it (on the warm page, the
    game is put in in place: the same game, undo empty, the seats as stored by default)."""
    if prefix == "intruder:" and WARM.holds(page, url):
        put_in(page, game)
        return
    page.evaluate("([p, s]) => { localStorage.setItem(p + 'save', s);"
                  " localStorage.removeItem(p + 'undo'); }", [prefix, game.to_json()])
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    WARM.booted(page)


BLANK = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>-</title>'


def on_origin(page: Any, url: str) -> None:
    """Open an empty page of the site's origin (answered by the test, not the site; with an
    icon of its own, so the browser asks for no /favicon.ico) instead of booting the game, so
    that load_state can write the site's storage: one boot instead of two. The warm page,
    once booted, is on the origin already: it stays booted."""
    if page is WARM.page and page.url.startswith(url):
        return
    blank = url + "e2e-blank.html"
    page.route(blank, lambda route: route.fulfill(status=200, content_type="text/html",
                                                  body=BLANK))
    page.goto(blank)
    page.unroute(blank)


def hold_back(page: Any, pattern: str) -> Callable[[], None]:
    """Hold back the page's requests for `pattern` (its boot stops at them) until the
    returned function lets them go."""
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route(pattern, hold)

    def release() -> None:
        for route in held:
            route.continue_()
        page.unroute(pattern, hold)

    return release


def embed_frame(page: Any, url: str, w: int, h: int, src: str = "embed.html") -> Any:
    """The embed booted in a w x h iframe of this page (replaced by it): its Frame."""
    page.set_content(f'<link rel="icon" href="data:,"><iframe name="embed" '  # no favicon.ico
                     f'src="{url}{src}" width="{w}" height="{h}" title="Intruder" '
                     'style="border:0"></iframe>')
    page.frame_locator("iframe").locator("body[data-ready='1']").wait_for(
        state="attached", timeout=60_000)
    return page.frame(name="embed")


def before_a_passed_step(seed: int) -> tuple[ic.Game, int, str | None, ic.Game, bool]:
    """A heuristic game up to the crew's action that leads into a step where no crewman can
    act (R68): the game before it, the action's index and crewman, the game after it and
    the pass, and whether the two may be undone (no die rolled)."""
    game, policy, rng = ic.new_game(seed=seed), HeuristicPolicy(), random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        action = policy.choose(game.view("crew"), legal, rng)[0]
        after = ic.Game.from_json(game.to_json())
        events, passed = session.play(after, action)
        if passed and game.step != "free_actions":
            crew = action.get("crew")
            return game, legal.index(action), crew if isinstance(crew, str) else None, after, \
                session.undoable([e.to_dict() for e in events])
        game.apply(action)
    raise AssertionError(f"seed {seed}: no step to pass")
