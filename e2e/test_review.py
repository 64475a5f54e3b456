"""The review panel of replay.html: a share link and a finished game from the game-over screen
reviewed in the review's worker, at both sizes (targets, text, names, long tasks), Show and
Try again from here, the keyboard, and the curve the same as on CPython."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import states
from conftest import Problems, Site
from main_thread import NEAR_THE_BOUND, MainThread, Task, wait_until
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web" / "py"))
sys.path.insert(0, str(ROOT / "tests"))
from review_games import sent_alone  # noqa: E402

import intruder_core as ic  # noqa: E402
from core import review_view as rvw  # noqa: E402
from core import session  # noqa: E402
from intruder_core import bots  # noqa: E402
from intruder_core.bots import review as rv  # noqa: E402
from workers import bot_tasks  # noqa: E402

Boot = Callable[[str], dict[str, str]]
REVIEW_TIMEOUT_MS = 240_000  # the worker's boot and the review, on a loaded 2-core machine

# When the page became ready (window.__readyAt, ms).
WATCH_READY = """{ new MutationObserver(() => { if (!window.__readyAt && document.body &&
    document.body.dataset.ready === '1') window.__readyAt = performance.now(); })
  .observe(document, {subtree: true, attributeFilter: ['data-ready']}); }"""
# Once the review had started and the page was ready (the page's own boot, during which a
# ?review=1 review starts, is not the review's).
REVIEW_AND_READY = """() => Math.max(window.__readyAt,
  Number(document.body.dataset.reviewStartedAt))"""

# What timed_review reads each 100 ms of a recorded review, in one bare evaluate: its state,
# its status line's words, and whether its end is on screen (data-review-done-at).
REVIEW_LOOK = """() => [document.body.dataset.review || '',
  document.getElementById('review-status')?.innerText || '',
  document.body.dataset.reviewDoneAt !== undefined
    || ['error', 'failed'].includes(document.body.dataset.review)]"""

CHECK = """() => {
  const visible = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  // the whole page's controls (names), the review's own (sizes: the board is not ours)
  const ctl = [...document.querySelectorAll(
    'button, a[href], input, summary, textarea, select, [role=slider]')].filter(visible);
  const mine = ctl.filter((e) => e.closest('#review') || e.id === 'review-start');
  const small = mine.filter((e) => { const r = e.getBoundingClientRect();
    return r.width < 24 || r.height < 24; }).map((e) => e.outerHTML.slice(0, 90));
  const name = (e) => (e.getAttribute('aria-label') || e.textContent ||
    (e.labels && e.labels[0] && e.labels[0].textContent) || '').trim();
  const names = ctl.map(name);  // each of ours named once on the whole page
  const dup = mine.map(name).filter((n) => names.filter((m) => m === n).length > 1);
  const tiny = [...document.querySelectorAll('#review *')].filter(visible)
    .filter((e) => !(e instanceof SVGElement))
    .filter((e) => [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
    .filter((e) => parseFloat(getComputedStyle(e).fontSize) < 11)
    .map((e) => e.tagName + ': ' + e.textContent.slice(0, 30));
  const svgText = [...document.querySelectorAll('#review-chart svg text')]
    .map((t) => t.getBoundingClientRect().height);
  return {small, dup, tiny, svgText, mine: mine.length,
          height: document.documentElement.scrollHeight};
}"""


def short_game(seed: int = 58, turns: int = 4) -> ic.Game:
    """The heuristic's game cut short (a review of a few seconds), still in play."""
    g = ic.new_game(seed=seed)
    bots.play(g, bots.HeuristicPolicy(), random.Random(seed), max_turns=turns)
    return g


def finished_game(seed: int = 1) -> ic.Game:
    g = ic.new_game(seed=seed)
    bots.play(g, bots.HeuristicPolicy(), random.Random(seed))
    assert g.is_over
    return g


def wait_review(page: Page) -> None:
    """Until the review has ended and its end is on screen (data-review-done-at is set at the
    frame after, when the page has also brought it into view if it follows it)."""
    page.wait_for_function("['done', 'error'].includes(document.body.dataset.review)",
                           timeout=REVIEW_TIMEOUT_MS)
    assert page.locator("body").get_attribute("data-review") == "done", \
        page.locator("#review-status").inner_text()
    page.wait_for_function("document.body.dataset.reviewDoneAt !== undefined")


def timed_review(page: Page, url: str, main_thread: MainThread | None = None,
                 statuses: list[str] | None = None) -> tuple[list[Task], int, int]:
    """Boot `url` (a review that starts at once) and wait for the review: the main thread's
    long tasks meanwhile (the page's own boot left out; with `main_thread` only), the first
    figures' and the whole review's ms; `statuses` gathers the status line's words while it
    runs. The page is read by bare evaluates alone, which a recording does not count
    (Playwright's locators and waits run scripts of their own in the page: main_thread)."""
    if main_thread is not None:
        page.add_init_script(WATCH_READY)
        main_thread.start()
    page.goto(url)
    wait_until(page, "document.body.dataset.ready === '1' || "
               "document.body.dataset.bootError === '1'", REVIEW_TIMEOUT_MS / 1000)
    assert page.evaluate("document.body.dataset.bootError") is None, \
        page.inner_text("#boot-error")
    for _ in range(REVIEW_TIMEOUT_MS // 100):
        review, status, shown = page.evaluate(REVIEW_LOOK)
        if review != "running" and shown:
            break
        if statuses is not None and review == "running" and len(statuses) < 2000:
            statuses.append(status)
        page.wait_for_timeout(100)
    assert review == "done" and shown, (review, status)
    long = [] if main_thread is None else main_thread.long(page.evaluate(REVIEW_AND_READY))
    body = page.locator("body")
    return (long, int(body.get_attribute("data-review-first-ms") or 0),
            int(body.get_attribute("data-review-ms") or 0))


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_review_a_share_link(page: Page, site: Site, problems: Problems, width: int,
                             height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    g = short_game()
    _, first, whole = timed_review(
        page, site.url + "replay.html?review=1&budget=120"  # the whole review: the
        + session.share_fragment(g.record()))  # same turning points on any machine
    print(f"{width}x{height}: first figures {first} ms, whole review {whole} ms after the page "
          f"was ready (the worker's boot included)")
    expect(page.locator("#review-status")).to_contain_text("Reviewed: ")
    assert page.evaluate(IN_VIEW), "the review opened out of the window"
    rows = page.locator("#review-table tbody tr")
    assert rows.count() == 0  # the table is put in the page when its box is opened
    assert page.locator("#review-turning li[data-kind]").count() >= 1
    report = page.evaluate(CHECK)
    page.locator("details.review-table-box summary").click()
    expect(rows).to_have_count(len(g.history) + 1)  # on the box's toggle event
    opened = page.evaluate(CHECK)
    assert opened["small"] == [] and opened["dup"] == [] and opened["tiny"] == [], opened
    assert report["mine"] >= 5 and report["small"] == [], report["small"]
    assert opened["mine"] >= report["mine"] + len(g.history) + 1  # a Show per row
    assert report["dup"] == [], report["dup"]
    assert report["tiny"] == [], report["tiny"]
    assert report["svgText"] and min(report["svgText"]) >= 11, report["svgText"]
    print(f"page height {report['height']} px ({report['height'] / height:.1f} viewports)")
    assert report["height"] <= 2.2 * height, report["height"]


# The review panel opened by the page (shown, laid out, its review running or done).
SHOWN = """(below) => { const p = document.getElementById('review');
  const r = p.getBoundingClientRect();
  return !p.hidden && r.height > 0 && (below == null || r.top < below)
    && ['running', 'done'].includes(document.body.dataset.review); }"""

# The review panel wholly in the window, or (taller than the window) from its top.
IN_VIEW = """() => { const r = document.getElementById('review').getBoundingClientRect();
  return r.top >= 0 && (r.bottom <= innerHeight + 1 || r.top <= 1); }"""


def test_the_review_button_opens_the_review_in_view(page: Page, site: Site,
                                                    problems: Problems, boot: Boot) -> None:
    g = short_game(seed=3, turns=12)  # a review of a few seconds: time to scroll during it
    boot(site.url + "replay.html" + session.share_fragment(g.record()))
    assert not page.evaluate("() => document.getElementById('review').hidden === false")
    page.get_by_role("button", name="Review this game").click()
    page.wait_for_function(SHOWN)
    top = page.evaluate("() => document.getElementById('review').getBoundingClientRect().top")
    assert 0 <= top < 800 - 200, f"the review opened out of the window: its top at {top}"
    wait_review(page)
    expect(page.locator("#review-chart svg")).to_be_visible()
    assert page.evaluate(IN_VIEW)
    expect(page.get_by_role("button", name="Review this game")).to_be_hidden()
    page.get_by_role("button", name="Close the review").click()
    expect(page.locator("#review")).to_be_hidden()
    expect(page.get_by_role("button", name="Review this game")).to_be_focused()
    # Again, and the player scrolls away while it runs: the page leaves him there.
    page.get_by_role("button", name="Review this game").click()
    # once the page has shown the panel and brought it into view (a hidden panel's rect is
    # all zeros: its top 0 passed the old wait before the page had opened it)
    page.wait_for_function(SHOWN, arg=600)
    page.mouse.move(1275, 400)  # the page's margin: no box of its own scrolls there
    page.mouse.wheel(0, -3000)
    page.wait_for_function("() => scrollY < 5")
    assert page.locator("body").get_attribute("data-review") == "running"
    wait_review(page)
    assert page.evaluate("() => scrollY") < 5, "the review scrolled itself back into view"


def forty_turns() -> rv.ReviewResult:
    """A review of 40 turns (more than any game lasts), 1-9 decisions a turn, with the most
    turning points listed, crowded together and at the very end: the chart's worst case."""
    rng = random.Random(40)
    points: list[rv.Point] = []
    for turn in range(1, 41):
        for _ in range(rng.randint(1, 9)):
            points.append({"step": len(points), "turn": turn, "phase": "crew_movement",
                           "phase_name": "Crew Movement Phase", "over": False,
                           "figure": rv.model_figure(rng.random())})
    n = len(points)
    steps = [3, 4, 5, n // 2, n // 2 + 1, n - 3, n - 2, n - 1][:rv.KEEP]
    figure = rv.model_figure(0.5)
    turning: list[rv.TurningPoint] = [
        {"kind": "luck", "step": s, "fork": s, "turn": points[s]["turn"], "phase": "x",
         "what": "", "text": "", "figures": "", "before": figure, "after": figure,
         "swing": 0.1, "margin": 0.0, "rank": k} for k, s in enumerate(steps, 1)]
    return {"points": points, "turning": turning, "actions": n - 1, "turns": 40, "over": False,
            "outcome": None, "stage": 2, "verdict": "", "unchecked": 0, "progress": 1.0,
            "done": True, "seconds": 1.0, "note": ""}


CHART_TEXTS = """() => { const svg = document.querySelector('svg');
  const box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].map((t) => { const r = t.getBoundingClientRect();
    return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            px: parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a}; });
  return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom}, texts}; }"""


@pytest.mark.parametrize("width", [330, 576])  # the chart on a phone; at most 36rem
def test_the_chart_at_40_turns_keeps_its_labels_apart_and_its_legend_in_view(
        page: Page, width: int) -> None:
    """The chart drawn for a 40-turn game (review_view.chart_svg, as the worker draws it):
    no two of its texts (turns, turning points' numbers, axis, legend) overlap, all lie in
    the drawing, none smaller than 11 px, and the legend names the three bands."""
    page.set_content(f'<div style="width:{width}px">{rvw.chart_svg(forty_turns(), 0)}</div>')
    got = page.evaluate(CHART_TEXTS)
    texts, box = got["texts"], got["box"]
    words = [t["text"] for t in texts]
    assert {"Win", "Draw", "Loss", "turning point"} <= set(words), words
    assert sum(w.startswith("T") for w in words) >= 8, words  # turns labelled along the way
    assert [w for w in words if w.isdigit()] == [str(k) for k in range(1, rv.KEEP + 1)]
    for t in texts:
        assert t["px"] >= 11 - 1e-6, t
        assert box["left"] - 0.5 <= t["left"] and t["right"] <= box["right"] + 0.5, t
        assert box["top"] - 0.5 <= t["top"] and t["bottom"] <= box["bottom"] + 0.5, t
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            apart = (a["right"] <= b["left"] or b["right"] <= a["left"]
                     or a["bottom"] <= b["top"] or b["bottom"] <= a["top"])
            assert apart, (a, b)


LEARN_IN_VIEW = """() => { const r = document.getElementById('learn').getBoundingClientRect();
  return r.top >= -1 && r.bottom <= innerHeight + 1; }"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_learn_from_your_mistakes_asks_judges_shows_and_counts(
        page: Page, site: Site, problems: Problems, boot: Boot, width: int,
        height: int) -> None:
    """The mistakes mode (issue 30 item 3) on a game with one costly choice (Engineer 2 sent
    alone to the Intruder; ?refine=0: the model's figures stand): asked at its position
    without the advisor's move, a try judged in the worker, a take-back, Show me, the end,
    and the better move found counted in Your games."""
    page.set_viewport_size({"width": width, "height": height})
    boot(site.url + "replay.html?review=1&refine=0&learn=1" + session.share_fragment(
        sent_alone()))
    wait_review(page)
    learn = page.locator("#learn")
    expect(learn).to_be_visible()
    page.wait_for_function(LEARN_IN_VIEW)
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    expect(page.locator("#learn-where")).to_have_text(
        "Mistake 1 of 1: Turn 3, Crew Movement Phase")
    ask = page.locator("#learn-ask").inner_text()
    assert "Engineer 2: move to Storage A-1" in ask and "Arms Room" not in ask, ask
    expect(page.get_by_role("button", name="Learn from your mistakes (1)")).to_be_visible()
    choice = page.get_by_label("Your move instead")
    choice.select_option(label="Engineer 1: move to Access Shaft #1")
    page.get_by_role("button", name="Try this move").click()
    verdict = page.locator("#learn-verdict")
    expect(verdict).to_have_text(re.compile(r"^Better: you keep about \d+ points"),
                                 timeout=60_000)
    learnt = page.evaluate("() => JSON.parse(localStorage.getItem('intruder:learnt'))")
    assert list(learnt.values()) == [[0]], learnt
    # the take-back: another try, the move played again
    choice.select_option(label="Engineer 2: move to Storage A-1 (the move you played)")
    page.get_by_role("button", name="Try another move").click()
    expect(verdict).to_have_text(re.compile(r"^About the same as the move you played"),
                                 timeout=60_000)
    page.get_by_role("button", name="Show me").click()
    expect(verdict).to_have_text(re.compile(
        r"^The advisor's move: Command Officer 1: unlock the Arms Room"))
    page.get_by_role("button", name="Finish").click()
    expect(verdict).to_have_text("That was the last mistake: you found a better move for 1 "
                                 "of 1.")
    sizes = page.eval_on_selector_all("#learn button, #learn select", """els => els.map((e) => {
      const r = e.getBoundingClientRect(); return [e.textContent, r.width, r.height]; })""")
    assert all(w >= 24 and h >= 24 for _, w, h in sizes), sizes
    if width > 600:  # Your games counts it (once is enough: the phone's is the same page)
        boot(site.url + "history.html")
        expect(page.locator(".history-learnt")).to_have_text("Mistakes learnt in reviews: 1")
    assert not problems.summary(), problems.summary()


def test_show_keys_and_try_again_from_here(page: Page, site: Site, problems: Problems,
                                           boot: Boot) -> None:
    g = short_game()  # its turning points from the model's figures (?refine=0) are enough
    boot(site.url + "replay.html?review=1&refine=0" + session.share_fragment(g.record()))
    wait_review(page)
    item = page.locator("#review-turning li[data-kind]").first
    step = int(item.get_attribute("data-step") or -1)
    item.get_by_role("button", name="Show turning point 1").click()
    expect(page.locator("body")).to_have_attribute("data-step", str(step))
    # Show brings the plan at that point into view (its top inside the window)
    page.wait_for_function("""() => { const r = document.getElementById('board')
      .getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight / 2; }""")
    chart = page.locator("#review-chart svg")
    chart.focus()
    page.keyboard.press("Home")
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-step", "1")
    expect(page.locator("#review-chart svg")).to_have_attribute("aria-valuenow", "1")
    page.locator("details.review-table-box summary").click()
    page.get_by_role("button", name="Show action 3", exact=True).click()
    expect(page.locator("body")).to_have_attribute("data-step", "3")
    again = item.get_by_role("link", name="Try again from here, turning point 1")
    href = again.get_attribute("href")
    assert href is not None and "#g=" in href
    assert again.get_attribute("target") is None  # one tab: Back returns to the review
    fork = ic.replay({"origin": g.record()["origin"], "actions": g.history[:step]})
    again.click()
    page.wait_for_selector("body[data-ready='1'][data-engine-api='game']", state="attached",
                           timeout=120_000)
    expect(page.locator("body")).to_have_attribute(
        "data-state-sha", session.state_digest(fork.to_json()))
    assert len(page.context.pages) == 1
    page.go_back()
    expect(page).to_have_url(re.compile(r"/replay\.html"))


def test_the_curve_is_the_same_as_on_cpython(page: Page, site: Site, problems: Problems,
                                             boot: Boot) -> None:
    """The model's figures (no sampled games: ?refine=0) at every decision, to 6 places."""
    g = short_game(seed=15, turns=3)
    boot(site.url + "replay.html?review=1&refine=0" + session.share_fragment(g.record()))
    wait_review(page)
    page.locator("details.review-table-box summary").click()
    expect(page.locator("#review-table tbody tr")).to_have_count(len(g.history) + 1)
    got = page.eval_on_selector_all("#review-table tbody tr",
                                    "rows => rows.map((r) => r.dataset.expected)")
    res = rv.Review(dict(g.record()), refine=0, expect_samples=bot_tasks.REVIEW_EXPECT,
                    quality_samples=bot_tasks.REVIEW_QUALITY).run()
    assert got == [f"{p['figure']['expected']:.6f}" for p in res["points"]]
    turning = page.eval_on_selector_all("#review-turning .tp-text",
                                        "ps => ps.map((p) => p.textContent)")
    assert turning == [t["text"] for t in res["turning"]]


@pytest.mark.heavy  # a whole game or many samples: dealt out first
def test_review_a_finished_game_from_the_game_over_screen(
        context: BrowserContext, page: Page, site: Site, problems: Problems,
        boot: Boot) -> None:
    g = finished_game()
    boot(site.url + session.share_fragment(g.record()))
    link = page.get_by_role("link", name="Review this game")
    expect(link).to_be_visible(timeout=30_000)
    assert link.get_attribute("target") is None  # one tab (issue 28, item 6)
    link.click()
    expect(page).to_have_url(re.compile(r"/replay\.html\?review=saved"))
    page.wait_for_selector("body[data-ready='1']", timeout=120_000)
    wait_review(page)
    assert page.locator("body").get_attribute("data-actions") == str(len(g.history))
    expect(page.locator("#review-status")).to_contain_text(
        "Finished game: the last point is its result.")
    assert len(context.pages) == 1
    # Back: the finished game as it was, still the page's own (never read-only)
    page.go_back()
    page.wait_for_selector("body[data-ready='1'][data-engine-api='game']", state="attached",
                           timeout=120_000)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("body")).not_to_have_attribute("data-tab", "read_only")


EARLY = """() => {
  const box = document.getElementById('review-early');
  const visible = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const tiny = [...box.querySelectorAll('*')].filter(visible)
    .filter((e) => !(e instanceof SVGElement))
    .filter((e) => [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
    .filter((e) => parseFloat(getComputedStyle(e).fontSize) < 11)
    .map((e) => e.tagName + ': ' + e.textContent.slice(0, 30));
  const svgText = [...box.querySelectorAll('svg text')].filter(visible)
    .map((t) => t.getBoundingClientRect().height);
  const controls = [...box.querySelectorAll('button, a[href], [tabindex]')].filter(visible)
    .filter((e) => !e.closest('[inert]'));
  const r = box.getBoundingClientRect();
  return {tiny, svgText, controls: controls.length, top: r.top, bottom: r.bottom,
          points: box.querySelectorAll('svg circle, svg path, svg polyline').length,
          turning: box.querySelectorAll('.review-turning li').length,
          status: box.querySelector('.review-early-status').textContent,
          ready: document.body.dataset.ready || '', first: document.body.dataset.reviewFirstAt,
          height: document.documentElement.scrollHeight};
}"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_first_figures_show_while_the_page_boots(
        page: Page, site: Site, problems: Problems, width: int, height: int) -> None:
    """replay.html?review=: the worker's first figures are on screen before the page's own
    Python is up (its glue module held back here), then the page's panel takes them over."""
    page.set_viewport_size({"width": width, "height": height})
    release = states.hold_back(page, "**/py/pages/replay/main.py")
    g = short_game(seed=3, turns=12)  # the first figures, not the refined ones (?refine=0)
    page.goto(site.url + "replay.html?review=1&refine=0" + session.share_fragment(g.record()),
              wait_until="commit")
    early = page.locator("#review-early")
    expect(early).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    expect(early.locator(".review-curve svg")).to_be_visible()
    # the mark is set at the frame after the chart went in (replay.html's preview)
    page.wait_for_function("document.body.dataset.reviewFirstAt !== undefined")
    shown = page.evaluate(EARLY)
    assert shown["ready"] == "", "the page booted before its glue module came"
    # the boot screen's words: this page has no PyScript to load
    expect(page.locator("#boot-status")).to_have_text("Starting Python (WebAssembly)")
    assert shown["first"], "no first-figures mark"
    assert shown["status"].startswith(("Scoring every decision", "Refining", "Reviewed")), \
        shown["status"]
    assert shown["points"] >= 1 and shown["tiny"] == [], shown
    assert shown["svgText"] and min(shown["svgText"]) >= 11, shown["svgText"]
    assert shown["controls"] == 0, "the preview's buttons work only once the page is up"
    assert shown["top"] < height, f"the first figures start below the window: {shown['top']}"
    assert shown["height"] <= 2.2 * height, shown["height"]
    release()
    page.wait_for_selector("body[data-ready='1']", timeout=REVIEW_TIMEOUT_MS)
    expect(page.locator("#review-chart svg")).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    expect(early).to_have_count(0)  # the panel has them now, with their buttons
    wait_review(page)
    assert page.locator("body").get_attribute("data-review-first-at") == shown["first"]


@NEAR_THE_BOUND  # one task of 53 ms of CPU in a fresh-clone CI on a slow guest (0 alone)
def test_a_12_turn_game_is_reviewed_with_no_long_task_on_the_main_thread(
        page: Page, site: Site, problems: Problems, main_thread: MainThread) -> None:
    """The worker draws the panel (review_view.py) and sends it at most every 0.25 s; the main
    thread only sets its strings: no task over 50 ms there while a whole game is reviewed."""
    g = short_game(seed=3, turns=12)
    assert g.turn >= 10 and len(g.history) > 150, (g.turn, len(g.history))
    seen: list[str] = []
    long_tasks, first, whole = timed_review(
        page, site.url + "replay.html?review=1" + session.share_fragment(g.record()),
        main_thread, seen)
    print(f"12 turns, {len(g.history)} actions: first figures {first} ms, whole review "
          f"{whole} ms after the page was ready (the worker's boot included)")
    # its progress in words while it runs (stage 1 may be over before the page is up: the
    # worker started on the link at parse time)
    assert any(t.startswith(("Scoring every decision", "Refining the largest swings"))
               for t in seen), seen[-5:]
    assert page.locator("#review-chart svg").get_attribute("aria-valuemax") == \
        str(len(g.history))
    page.locator("details.review-table-box summary").click()
    expect(page.locator("#review-table tbody tr")).to_have_count(len(g.history) + 1)
    assert not long_tasks, f"reviewing: long tasks {[str(t) for t in long_tasks]}"


PHONE = """() => {
  const head = document.querySelector('.demo-head');
  const name = head.querySelector('.brand-name');
  const links = [...head.querySelectorAll('a[href]')].map((a) => {
    const r = a.getBoundingClientRect(), range = document.createRange();
    range.selectNodeContents(a);
    const lines = new Set([...range.getClientRects()].map((q) => Math.round(q.top))).size;
    const words = range.getBoundingClientRect();  // the text inside its box, not over it
    return {text: a.textContent.trim(), height: r.height, width: r.width, lines,
            inside: r.left >= 0 && r.right <= innerWidth && words.left >= r.left
              && words.right <= r.right}; });
  const svg = document.querySelector('#board svg'), clip = svg.getBoundingClientRect();
  const pieces = [...svg.querySelectorAll('.tok')].map((t) => t.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.right > clip.left && r.left < clip.right
            && r.bottom > clip.top && r.top < clip.bottom)
    .map((r) => Math.min(r.width, r.height));
  const box = head.querySelector('.brand').getBoundingClientRect();
  const said = document.createRange();
  said.selectNodeContents(name);
  const shown = said.getBoundingClientRect();
  return {name: [shown.left >= box.left - 1 && shown.right <= box.right + 1,
                 name.scrollWidth <= name.clientWidth + 1, shown.right <= innerWidth],
          links, pieces, zoom: document.getElementById('board').dataset.zoom || '',
          viewBox: svg.getAttribute('viewBox'), width: innerWidth};
}"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_the_replay_page_on_a_phone_shows_its_name_whole_and_pieces_at_tap_size(
        page: Page, site: Site, problems: Problems, boot: Boot) -> None:
    """The header's name is not cut and each link stays on one line, 24 px high or more;
    the plan shows the part where the step happens with its pieces at least 24 px (the
    rules demos' zoom: demo.plan_fit), as the game page's are on a phone."""
    g = short_game(seed=58, turns=2)
    boot(site.url + "replay.html" + session.share_fragment(g.record()))
    for step in ("0", "5"):
        if step != "0":
            page.locator("#scrubber").fill(step)
            expect(page.locator("body")).to_have_attribute("data-step", step)
        m = page.evaluate(PHONE)
        print(step, m)
        assert all(m["name"]), m["name"]  # inside its box and the window, not cut
        assert len(m["links"]) == 2
        for link in m["links"]:
            assert link["lines"] == 1 and link["height"] >= 24 and link["inside"], link
        assert m["zoom"] == "part" and m["viewBox"] != "0 0 666 872", m["viewBox"]
        assert m["pieces"] and min(m["pieces"]) >= 24, sorted(m["pieces"])[:5]
