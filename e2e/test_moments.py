"""Moments on the board (issue 23, items 2-4): every kind, from the cases of
e2e/moment_cases.py (a position, scripted dice, the buttons to click), walked in one page per
size: the moment drawn at its place with its words (its caption over none of its places),
the toast leading with the outcome, the crew never told a face-down counter's kind, the
Self-Destruct countdown; and pace off and reduced motion drawing nothing, a click or Esc
skipping, no long task while a moment plays, and the hot-seat hand-over's "Since your last
turn"."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import moment_cases as mc
import pytest
import states
from conftest import Problems, Site
from main_thread import MainThread
from playwright.sync_api import Page, expect

import intruder_core as ic

Boot = Callable[[str], dict[str, str]]
LAYER = "#board .moments"

# The moment the moments' layer joins the plan (window.__layerAt, ms): the tasks that start
# after it are the ones while the moments play, not the click's own.
WATCH_LAYER = """() => { window.__layerAt = null;
  new MutationObserver((_, seen) => { if (document.querySelector('#board .moments')) {
    window.__layerAt = performance.now(); seen.disconnect(); } })
    .observe(document.body, {childList: true, subtree: true}); }"""


def reveal_game() -> ic.Game:
    """Ending Crew Movement beside a face-down Intruder: the reveal, two powers, no attack."""
    return mc.case("reveal").game()


def attack_game() -> ic.Game:
    """Ending Crew Movement beside a face-up Intruder: it attacks, the crewman survives."""
    return mc.case("attack").game()


def start(page: Page, site: Site, game: ic.Game, size: str = "desktop",
          settings: dict[str, Any] | None = None, query: str = "") -> None:
    w, h = states.SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    if not page.url.startswith(site.url):  # once: later games load on the site's own page
        states.on_origin(page, site.url)
    page.evaluate("s => localStorage.setItem('intruder:settings', s)",
                  json.dumps({"confirm": False, **(settings or {})}))
    states.load_state(page, site.url + query, game)


def act(page: Page, text: str) -> None:
    """Click the action button with this text (the first), and wait for the page's answer."""
    sha = page.locator("body").get_attribute("data-state-sha")
    page.locator("#actions button[data-action]", has_text=text).first.click()
    page.wait_for_function("s => document.body.dataset.stateSha !== s", arg=sha)


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5 or \
        a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5


def moment(page: Page, kind: str) -> Any:
    return page.locator(f'{LAYER} .moment[data-kind="{kind}"]')


# Everything the walk checks of a step, read in one go right after the click (a moment at
# pace "slow" holds the board 3.6 s): each moment's kind, caption, lit boxes (SVG units and
# as drawn), caption box, text heights and trails; the toast's items; the state's digest.
READ_STEP = """() => ({
  moments: [...document.querySelectorAll('#board .moments .moment')].map(m => ({
    kind: m.dataset.kind,
    said: [...m.querySelectorAll('.caption text')].map(t => t.textContent).join(' '),
    lit: [...m.querySelectorAll('.lit')].map(r =>
      ['x', 'y', 'width', 'height'].map(a => +r.getAttribute(a))),
    drawn: [...m.querySelectorAll('.lit')].map(r => r.getBoundingClientRect().toJSON()),
    caption: (r => r && r.getBoundingClientRect().toJSON())(m.querySelector('.caption rect')),
    heights: [...m.querySelectorAll('.caption text')].map(t =>
      t.getBoundingClientRect().height),
    trails: m.querySelectorAll('.trail').length,
    text: m.textContent})),
  toast: [...document.querySelectorAll('#banner li')].map(li => ({
    kind: li.dataset.moment || '', text: li.textContent})),
  banner: document.querySelector('#banner').textContent,
  playing: document.body.dataset.moments,
  countdown: (c => c && c.getAttribute('aria-label'))(document.querySelector('#board .countdown')),
  sha: document.body.dataset.stateSha})"""

# A place's box in SVG units: its grown box where it is drawn grown, else its room's.
PLACE_BOX = """p => { const g = document.querySelector(`#board [data-grown="${p}"]`);
  if (g) return g.dataset.box.split(' ').map(Number);
  const r = document.querySelector(`#board [data-compartment="${p}"] .room-box`);
  return r && ['x', 'y', 'width', 'height'].map(a => +r.getAttribute(a)); }"""
TOLD_ELSEWHERE = ("random_move", "counter_move")  # the toast: the moves in one last line


def countdown(game: ic.Game) -> str | None:
    """The Self-Destruct countdown the board shows while it runs (None when it does not)."""
    sd = game.view("crew")["self_destruct"]
    box = sd.get("box")
    if box is None or sd.get("stopped"):
        return None
    return f"Self-Destruct countdown: {'Active' if box == 'active' else box}"


def near(a: list[float], b: list[float] | None) -> bool:
    return b is not None and all(abs(x - y) < 1 for x, y in zip(a, b, strict=True))


# The first moment's caption and lit place inside the board's box: a wide screen's plan
# scrolls there in its box, a phone's zooms to its part (each later one's: tests/test_moments).
FIRST_IN_VIEW = """() => { const b = document.querySelector('#board').getBoundingClientRect();
  const m = document.querySelector('#board .moments .moment'); if (!m) return true;
  return [...m.querySelectorAll('.caption rect, .lit')].every(e => {
    const r = e.getBoundingClientRect(); return r.top >= b.top - 1 && r.bottom <= b.bottom + 1
      && r.left >= b.left - 1 && r.right <= b.right + 1;
  }); }"""


def check_shows(page: Page, seen: dict[str, Any], shows: mc.Shows, where: str,
                phone: bool) -> None:
    """One moment of the table on the page: drawn (or, for a kind the board leaves to the
    log, not), with its words, lit at its place with its caption apart from it and its
    text at least 11 px as drawn; its toast item leads with its outcome."""
    ms = [m for m in seen["moments"] if m["kind"] == shows.kind]
    if not shows.board:
        assert not ms, (where, shows.kind)
        return
    said = [m for m in ms if all(w in m["said"] for w in shows.words)]
    assert said, (where, shows, [m["said"] for m in ms])
    m = said[0]
    assert m["heights"] and min(m["heights"]) >= 11, (where, shows.kind, m["heights"])
    if shows.kind == "random_move":  # the movers share the first one's caption
        lit = [(svg, drawn) for r in ms for svg, drawn in zip(r["lit"], r["drawn"],
                                                              strict=True)]
    else:
        lit = list(zip(m["lit"][:1], m["drawn"][:1], strict=True))
    if shows.gap or (phone and shows.phone_gap):
        pass  # listed in the report: the page does not get it right yet
    elif shows.place:
        box = page.evaluate(PLACE_BOX, shows.place)
        at = [drawn for svg, drawn in lit if near(svg, box)]
        assert at, (where, shows, box, lit)
        assert apart(m["caption"], at[0]), (where, shows.kind, m["caption"], at[0])
    else:
        assert not lit, (where, shows.kind, lit)  # the whole station: no one place
    if shows.kind == "panic" or shows.kind == "random_move":
        assert any(r["trails"] for r in ms), (where, shows.kind)  # each flight drawn
    if not shows.toast:  # told on the board only (moments.BOARD_ONLY)
        return
    # (the counters' moves share one line: data-moment "counter_move random_move")
    items = [i["text"] for i in seen["toast"] if shows.kind in i["kind"].split()]
    first = shows.words[0]
    assert any(first in t and ("Die " not in t or t.index(first) < t.index("Die "))
               for t in items), (where, shows.kind, seen["toast"])


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_moment_kind_plays_at_its_place_with_its_words(
    page: Page, site: Site, problems: Problems, size: str
) -> None:
    """e2e/moment_cases.py walked in ONE page: each case loaded through its share link,
    each click's moments drawn at their places with their words, the toast leading with
    the outcome, the crew never told what a face-down counter is, and the Self-Destruct
    countdown on the board while it runs (5, then 4 in the case "self-destruct")."""
    start(page, site, ic.new_game(seed=1), size, {"moments": "slow"})
    for case in mc.CASES:
        states.open_link(page, case.game())
        shown = page.locator("#board .countdown").get_attribute("aria-label") \
            if countdown(case.game()) else None
        assert shown == countdown(case.game()), (case.name, shown)
        for n, (step, _events, _before, game) in enumerate(mc.walk(case)):
            where = f"{case.name} {n + 1}"
            mc.click_on_page(page, step, game)
            seen = page.evaluate(READ_STEP)
            assert seen["countdown"] == countdown(game), (where, seen["countdown"])
            drawn = [s for s in step.shows if s.board]
            assert seen["playing"] == ("playing" if drawn else ""), (where, seen["playing"])
            for shows in step.shows:
                check_shows(page, seen, shows, where, size == "phone")
            if drawn:  # the first moment's place and caption in view: the plan scrolls
                page.wait_for_function(FIRST_IN_VIEW)  # (wide) or zooms (phone) there
            toasted = [s for s in step.shows
                       if s.board and s.toast and s.kind not in TOLD_ELSEWHERE]
            if toasted:  # the toast opens with the first outcome
                assert toasted[0].words[0] in seen["toast"][0]["text"], (where, seen["toast"])
            said = " ".join(m["text"] for m in seen["moments"]) + seen["banner"]
            leaked = [w for w in mc.secrets(game) if w in said]
            assert not leaked, (where, leaked, said)
            if game.is_over:  # the seed shown at the end: a set-up position's, said so
                expect(page.locator("#seed")).to_contain_text("(of a set-up position)")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_no_long_task_while_the_moments_play(
    page: Page, site: Site, problems: Problems, size: str, main_thread: MainThread
) -> None:
    start(page, site, reveal_game(), size, {"moments": "slow"})
    page.evaluate(WATCH_LAYER)
    main_thread.start()
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(1)
    expect(moment(page, "no_attack")).to_have_count(1)
    page.wait_for_timeout(1500)
    assert page.locator("body").get_attribute("data-moments") == "playing"
    layer_at = page.evaluate("window.__layerAt")
    assert layer_at is not None
    long = main_thread.long(since=layer_at)
    assert not long, [str(t) for t in long]


def set_pace(page: Page, value: str) -> None:
    """Choose the pace of moments in the Settings dialog."""
    page.locator("#settings").click()
    page.locator("#setting-moments").select_option(value)
    page.locator("#settings-dialog [data-command='close:settings-dialog']").click()


def test_pace_off_and_reduced_motion_draw_no_moment_and_esc_or_a_click_skips(
    page: Page, site: Site, problems: Problems
) -> None:
    """In one page, the cases loaded by share link: the Settings offer the pace (normal at
    first, stored when chosen); pace off and reduced motion draw no moment while the toast
    still tells it; Esc or a click skips the moments playing."""
    start(page, site, ic.new_game(seed=1))
    page.locator("#settings").click()
    expect(page.locator("#setting-moments")).to_have_value("normal")
    page.locator("#settings-dialog [data-command='close:settings-dialog']").click()
    set_pace(page, "off")
    stored = page.evaluate("JSON.parse(localStorage.getItem('intruder:settings')).moments")
    assert stored == "off"
    states.open_link(page, reveal_game())
    act(page, "End")
    expect(page.locator("#banner")).to_contain_text("Counter c1 is the Intruder")
    expect(page.locator(LAYER)).to_have_count(0)
    set_pace(page, "slow")
    page.emulate_media(reduced_motion="reduce")
    states.open_link(page, reveal_game())
    act(page, "End")
    expect(page.locator("#banner")).to_contain_text("Counter c1 is the Intruder")
    expect(page.locator(LAYER)).to_have_count(0)
    page.emulate_media(reduced_motion="no-preference")
    states.open_link(page, reveal_game())
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(LAYER)).to_have_count(0)
    assert page.locator("body").get_attribute("data-moments") == ""
    states.open_link(page, attack_game())
    act(page, "End")
    expect(page.locator(LAYER)).to_have_count(1)
    page.locator("#prompt").click()
    expect(page.locator(LAYER)).to_have_count(0)


def test_a_hot_seat_hand_over_opens_with_since_your_last_turn(
    page: Page, site: Site, problems: Problems
) -> None:
    game = ic.new_game(seed=1, scenario="intelligent_intruder")
    w, h = states.SIZES["desktop"]
    page.set_viewport_size({"width": w, "height": h})
    states.on_origin(page, site.url)
    page.evaluate("() => { localStorage.setItem('intruder:seats', "
                  "JSON.stringify({crew: 'human', intruder: 'human'})); }")
    states.load_state(page, site.url, game)
    for _ in range(40):  # play until the device has changed hands twice
        if page.locator("#handover").is_visible():
            page.locator("#handover-continue").click()
            since = page.locator("#banner .since")
            if since.count():
                break
            continue
        sha = page.locator("body").get_attribute("data-state-sha")
        buttons = page.locator("#actions button[data-action]")
        buttons.last.click()
        if page.locator("#confirm-dialog[open]").count():
            page.locator("#confirm-yes").click()
        page.wait_for_function("s => document.body.dataset.stateSha !== s || "
                               "!!document.body.dataset.handover", arg=sha)
    since = page.locator("#banner .since")
    expect(since).to_contain_text("Since your last turn: ")
    side = page.locator("body").get_attribute("data-side")
    if side == "crew":  # the crew is never told what a face-down counter is
        text = since.inner_text()
        assert "Lab Animal)" not in text and "Dummy)" not in text, text
