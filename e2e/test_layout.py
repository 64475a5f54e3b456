"""The table (issue 28 item 1): the plan is the page.

On a desktop window from 1280x720 to 1920x1080 the whole station plan is in view with no
scrolling of the window or of a box around it, its text at least 11 px as drawn, the prompt
and the first action in view, the log and the mapsheet beside the plan, not below it. On a
phone (390x844, 844x390) and in a 390x600 embed the page is at most 1.25 viewports high and
the part of the plan where the decision is, its prompt and first action are on one screen.
One booted page is measured at each size in turn (the board fits itself on a resize).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import states
from conftest import Problems, Site
from game_page import Boot
from measures import BOARD_FIGURES
from playwright.sync_api import Frame, Page, expect

DESKTOPS = [(1280, 720), (1280, 800), (1366, 768), (1920, 1080)]
PHONES = [(390, 844), (844, 390)]
MAX_PHONE_VIEWPORTS = 1.25

# Where the plan, the prompt, the first action, the log and the mapsheet are, the boxes
# around the plan that scroll, and the page's size.
LAYOUT = """(action) => {
  const rect = (e) => { if (!e) return null; const b = e.getBoundingClientRect();
    return {x: b.x, y: b.y, right: b.right, bottom: b.bottom}; };
  const svg = document.querySelector('#board svg'), boxes = [];
  for (let e = svg.parentElement; e && e !== document.documentElement; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (/auto|scroll/.test(cs.overflowX + cs.overflowY)
        && (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1))
      boxes.push(e.id || e.className || e.tagName);
  }
  const root = document.documentElement;
  return {plan: rect(svg), zoom: document.getElementById('board').dataset.zoom || null,
          scroll_boxes: boxes, page_h: root.scrollHeight, page_w: root.scrollWidth,
          prompt: rect(document.getElementById('prompt')),
          action: rect(document.querySelector(action)),
          log: rect(document.querySelector('.log-wrap')),
          mapsheet: rect(document.getElementById('mapsheet-box'))};
}"""
FIRST_ACTION = "#actions button[data-index], #actions button[data-select]"
SELECTED_ACTION = "#actions .crew-group.selected button[data-index]"


def inside(box: dict[str, float] | None, w: int, h: int) -> bool:
    return box is not None and box["x"] >= -0.5 and box["y"] >= -0.5 and \
        box["right"] <= w + 0.5 and box["bottom"] <= h + 0.5


def measure(target: Page | Frame, name: str, action: str = FIRST_ACTION
            ) -> tuple[dict[str, Any], str]:
    """The LAYOUT figures and the plan's least text size, printed: (figures, what the
    asserts say when they fail)."""
    figures: dict[str, Any] = target.evaluate(LAYOUT, action)
    figures["min_text"] = target.evaluate(BOARD_FIGURES)["min_text"]
    print(name, json.dumps(figures))
    return figures, f"{name}: {figures}"


def at_sizes(page: Page, boot: Boot, url: str, sizes: list[tuple[int, int]]
             ) -> Iterator[tuple[int, int]]:
    """A new game (seed 3) booted at the first size, then the window at each size in turn."""
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    boot(url + "?seed=3")
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        yield w, h


def test_on_a_desktop_the_whole_plan_is_the_page(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    for w, h in at_sizes(page, boot, site.url, DESKTOPS):
        expect(page.locator("#board")).not_to_have_attribute("data-zoom", "part")
        f, where = measure(page, f"{w}x{h}")
        assert f["zoom"] is None and inside(f["plan"], w, h), where  # the whole plan in view
        assert not f["scroll_boxes"] and f["page_h"] <= h and f["page_w"] <= w, where
        assert f["min_text"] >= 10.95, where
        assert inside(f["prompt"], w, h) and inside(f["action"], w, h), where
        for panel in ("log", "mapsheet"):  # beside the plan, never a page below it
            assert f[panel]["x"] >= f["plan"]["right"], where


def test_on_a_phone_one_decision_fits_one_screen(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    for w, h in at_sizes(page, boot, site.url, PHONES):
        page.keyboard.press("Escape")  # nobody selected: the prompt and the crew's list
        expect(page.locator("body")).not_to_have_attribute("data-selected", "co1")
        for action in (FIRST_ACTION, SELECTED_ACTION):
            if action == SELECTED_ACTION:
                page.locator('#board [data-crew="co1"]').click()
                expect(page.locator("body")).to_have_attribute("data-selected", "co1")
            f, where = measure(page, f"{w}x{h} {action}", action)
            assert f["page_h"] <= MAX_PHONE_VIEWPORTS * h and f["page_w"] <= w, where
            assert not f["scroll_boxes"] and f["min_text"] >= 10.95, where
            assert f["plan"]["x"] >= -0.5 and f["plan"]["right"] <= w + 0.5, where
            assert f["plan"]["bottom"] <= h, where
            assert inside(f["prompt"], w, h) and inside(f["action"], w, h), where
            expect(page.locator('#board [data-compartment="command"]')).to_be_in_viewport()


def test_in_a_390x600_embed_the_decision_fits_the_frame(
    page: Page, site: Site, problems: Problems
) -> None:
    w, h = 390, 600
    states.on_origin(page, site.url)
    inner = states.embed_frame(page, site.url, w, h, "embed.html?seed=3")
    assert inner is not None
    f, where = measure(inner, f"embed {w}x{h}")
    assert f["page_h"] <= MAX_PHONE_VIEWPORTS * h and not f["scroll_boxes"], where
    assert f["plan"]["bottom"] <= h and inside(f["prompt"], w, h), where
    assert inside(f["action"], w, h), where


CENTRES = """() => Object.fromEntries([...document.querySelectorAll('#board [data-crew]')].map(
  e => { const r = e.getBoundingClientRect();
         return [e.dataset.crew, [r.x + r.width / 2, r.y + r.height / 2]]; }))"""


def test_a_piece_that_did_not_move_stays_where_it_was(
    page: Page, site: Site, problems: Problems
) -> None:
    """Nothing moves under the hand (ruling R67): after a Panic (nine crewmen in the grown
    Command Module) Engineer 3 is selected and walks out, then one walks in to the Mess
    beside two others; every other crewman's centre is where it was, to half a pixel."""
    page.set_viewport_size({"width": 1280, "height": 800})
    states.on_origin(page, site.url)
    states.load_state(page, site.url, states.after_panic())
    before = page.evaluate(CENTRES)
    page.locator('#board [data-crew="en3"]').click()
    expect(page.locator("body")).to_have_attribute("data-selected", "en3")
    assert page.evaluate(CENTRES) == before  # selecting moves nobody
    page.locator('#actions button[data-index]', has_text="move to Corridor A-1").first.click()
    expect(page.locator('#board [data-crew="en3"]')).to_have_attribute("data-at", "a1")
    after = page.evaluate(CENTRES)
    moved = {c: (before[c], after[c]) for c in before if c != "en3" and
             max(abs(a - b) for a, b in zip(before[c], after[c], strict=True)) > 0.5}
    print("after en3 left:", json.dumps(after))
    assert not moved, moved


LOG_LINES_IN_VIEW = """() => { const side = document.querySelector('.log-wrap').closest('.side')
    .getBoundingClientRect();
  const top = Math.max(0, side.top), bottom = Math.min(innerHeight, side.bottom);
  return [...document.querySelectorAll('#log li')].filter(li => {
    const r = li.getBoundingClientRect();
    return r.height > 0 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5; }).length; }"""


def test_the_log_reads_at_least_eight_lines_newest_first(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """Issue 28 item 5: brought into view in the panel beside (or, on a phone, under) the
    plan, the log shows at least eight of its lines at once, the newest phase on top."""
    for w, h in at_sizes(page, boot, site.url, [(1280, 800), (390, 844)]):
        for _ in range(6):
            if page.locator("#log li").count() >= 12:
                break
            sha = page.locator("body").get_attribute("data-state-sha")
            page.locator("#actions button[data-index]").first.click()  # the step's end first
            if page.locator("#confirm-dialog[open]").count():
                page.locator("#confirm-yes").click()
            page.wait_for_function("s => document.body.dataset.stateSha !== s", arg=sha)
            page.keyboard.press("Escape")  # the moments skipped
        assert page.locator("#log li").count() >= 12
        page.locator(".log-wrap").scroll_into_view_if_needed()
        page.locator("#log li").nth(7).scroll_into_view_if_needed()
        lines = page.evaluate(LOG_LINES_IN_VIEW)
        print(f"log at {w}x{h}: {lines} lines in view")
        assert lines >= 8, (w, h, lines)
        status = " ".join(page.locator("#status").inner_text().split())
        first = page.locator('#log li[data-head="1"]').first.inner_text()  # "Turn 2: ..."
        turn, phase = first.split(" (rule)")[0].split(": ", 1)
        assert turn in status and phase.strip() in status, (first, status)
