"""The rules demos (demo.html): the same events as CPython, stepping in an iframe at two
sizes with "your move" answered right and wrong, links to a step, Play, the embed's privacy
and offline use, accessibility and tap-target sizes. Text is measured as drawn: an SVG
text by the height of its bounding box on screen, not by its CSS font-size (which a plan
scaled to fit leaves at 14 px while its labels render at 4 px)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import READY, Problems, Site
from main_thread import MainThread
from playwright.sync_api import BrowserContext, Frame, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web" / "py"))
from core.station import layout  # noqa: E402
from intruder_core import demos  # noqa: E402
from pages.demo import demo  # noqa: E402  (web/py/pages/demo/demo.py: where each step happens)

Boot = Callable[[str], dict[str, str]]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# What the reader sees, as drawn: the SVG texts on screen whose bounding box is under 11 px
# high (getBBox times the screen CTM's vertical scale), HTML text under 11 px, the controls
# and plan buttons on screen under 24x24 px, which step controls are outside the window, the
# page's height and width, the plan's viewBox and #board[data-zoom].
DRAWN = """() => {
  // What the reader sees in this frame, measured as drawn: SVG text by the height of its
  // bounding box on screen (getBBox times the screen CTM), HTML text by its font size;
  // every control and plan button on screen; the step controls; the page height.
  const vw = innerWidth, vh = innerHeight;
  const shown = (r, clip) => r.width > 0 && r.height > 0 && r.right > clip.left + 1
    && r.left < clip.right - 1 && r.bottom > clip.top + 1 && r.top < clip.bottom - 1;
  const visible = (e) => { const cs = getComputedStyle(e);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && !e.closest('[hidden]'); };
  const svg = document.querySelector('#board svg');
  const clip = svg ? svg.getBoundingClientRect() : {left: 0, top: 0, right: 0, bottom: 0};
  const page = {left: -1e9, top: -1e9, right: 1e9, bottom: 1e9};
  const tiny = [], small = [];
  let least = Infinity;
  for (const t of document.querySelectorAll('#board svg text')) {
    if (!t.textContent.trim() || !visible(t) || !shown(t.getBoundingClientRect(), clip)) continue;
    const m = t.getScreenCTM();
    const h = t.getBBox().height * Math.hypot(m.b, m.d);
    least = Math.min(least, h);
    if (h < 11) tiny.push(`svg "${t.textContent.trim().slice(0, 20)}" ${h.toFixed(1)}px`);
  }
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!el || el instanceof SVGElement || !node.textContent.trim()
        || el.closest('title, desc, script, style, .visually-hidden, noscript')) continue;
    if (!visible(el) || !shown(el.getBoundingClientRect(), page)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < 11) tiny.push(`${el.tagName} "${node.textContent.trim().slice(0, 20)}" ${px}px`);
  }
  const sel = 'button, a[href], input, select, textarea, summary, [role=button], '
    + '#board [tabindex]:not([tabindex="-1"])';
  for (const e of document.querySelectorAll(sel)) {
    if (!visible(e)) continue;
    const r = e.getBoundingClientRect();
    if (!shown(r, e instanceof SVGElement ? clip : page)) continue;
    const what = e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20);
    if (r.width < 24 || r.height < 24)
      small.push(`${e.tagName} ${what} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  }
  const out = [];
  for (const id of ['back', 'play', 'forward']) {
    const r = document.getElementById(id).getBoundingClientRect();
    if (!(r.top >= 0 && r.left >= 0 && r.bottom <= vh && r.right <= vw)) out.push(id);
  }
  const box = svg && svg.getAttribute('viewBox');
  return {tiny, small, outside: out, least_svg_text: least,
          height: document.documentElement.scrollHeight, scroll_y: scrollY, frame: vh,
          width: document.documentElement.scrollWidth, view_box: box,
          zoom: document.getElementById('board').dataset.zoom || ''};
}"""


def test_every_demo_gives_the_same_events_in_pyodide(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "demo.html")
    assert page.evaluate("Array.from(window.intruderDemo.ids())") == demos.ids()
    for demo_id in demos.ids():
        got = page.evaluate("(id) => window.intruderDemo.digest(id)", demo_id)
        assert got == demos.digest(demos.load(demo_id)), demo_id


def _host(page: Page, site: Site, width: int, height: int) -> Frame:
    """A page of another document holding the embed in an iframe of the given size."""
    page.set_content(
        f'<iframe id="f" title="Intruder rules demo" style="border:0" width="{width}" '
        f'height="{height}" src="{site.url}demo.html?embed=1"></iframe>')
    frame = page.frame_locator("#f")
    frame.locator(READY).wait_for(state="attached", timeout=60_000)
    handle = page.query_selector("#f")
    assert handle is not None
    f = handle.content_frame()
    assert f is not None
    return f


def _fits(f: Frame, width: int, height: int) -> dict[str, Any]:
    """No sideways scrolling, no page taller than the frame, the step controls inside it
    without scrolling, no text under 11 px as drawn, no target under 24x24 px."""
    m: dict[str, Any] = f.evaluate(DRAWN)
    assert m["width"] <= width, f"the embed scrolls sideways ({m['width']} > {width})"
    assert m["height"] <= height, f"the embed is {m['height']} px high in a {height} px frame"
    assert m["outside"] == [], f"step controls outside the frame: {m['outside']}"
    assert m["tiny"] == [], f"text under 11 px as drawn: {m['tiny']}"
    assert m["small"] == [], f"targets under 24x24 px: {m['small']}"
    return m


def _shows_the_step(view_box: str, frame: demos.Frame) -> None:
    """The plan's part on screen holds where the step happens: the compartment being
    resolved, else the middle of the step's places."""
    box = tuple(int(float(n)) for n in str(view_box).split())
    assert len(box) == 4, view_box
    places = demo.step_places(frame)
    at = (frame.view or {}).get("decision", {}).get("at")
    if at:
        assert layout.shows(box, str(at)), (at, box)
    else:
        rects = [layout.ROOMS[p] for p in places]
        cx = (min(r[0] for r in rects) + max(r[0] + r[2] for r in rects)) / 2
        cy = (min(r[1] for r in rects) + max(r[1] + r[3] for r in rects)) / 2
        assert box[0] <= cx <= box[0] + box[2] and box[1] <= cy <= box[1] + box[3], \
            (places, box)


# The open question's title and answers, as drawn: each inside the walkthrough's visible part
# and above the step controls (sticky at its bottom), so no scroll is needed to answer.
QUESTION_IN_VIEW = """() => {
  const side = document.querySelector('.demo-side').getBoundingClientRect();
  const controls = document.querySelector('.controls').getBoundingClientRect();
  const bottom = Math.min(side.bottom, innerHeight, controls.top);
  const out = [...document.querySelectorAll('#question h2, #question .ask, #question button')]
    .map((e) => [e.tagName, e.getBoundingClientRect()])
    .filter(([, r]) => r.top < Math.max(side.top, 0) - 1 || r.bottom > bottom + 1)
    .map(([t, r]) => `${t} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
  return {out, top: Math.round(side.top), bottom: Math.round(bottom)};
}"""


@pytest.mark.parametrize(("width", "height"), [(900, 640), (390, 600)])
def test_step_through_every_demo_in_an_iframe(
    page: Page, site: Site, problems: Problems, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width + 40, "height": height + 40})
    f = _host(page, site, width, height)
    wrong_seen = right_seen = 0
    least = 99.0
    for demo_id in demos.ids():
        f.evaluate("(id) => window.intruderDemo.open(id)", demo_id)
        expect(f.locator("body")).to_have_attribute("data-demo", demo_id)
        frames, _ = demos.play(demos.load(demo_id))
        m = _fits(f, width, height)
        assert m["zoom"] == "part", "the whole plan does not fit: a part of it is shown"
        _shows_the_step(m["view_box"], frames[0])
        for n in range(1, len(frames)):
            f.locator("#forward").click()
            if frames[n].your_move:
                expect(f.locator("body")).to_have_attribute("data-asking", "1")
                placed = f.evaluate(QUESTION_IN_VIEW)
                assert not placed["out"], f"{demo_id} step {n}: the question not in view: " \
                    f"{placed}"
                options = frames[n].your_move["options"]
                right = next(i for i, o in enumerate(options)
                             if o["do"] == frames[n].action)
                # answer wrong on odd demos (when there is a wrong answer), right otherwise
                pick = right if (n + len(demo_id)) % 2 == 0 or len(options) == 1 else \
                    next(i for i in range(len(options)) if i != right)
                f.locator(f'#question button[data-index="{pick}"]').click()
                verdict = f.locator("#feedback .verdict")
                if pick == right:
                    expect(verdict).to_have_class("verdict right")
                    right_seen += 1
                else:
                    expect(verdict).to_have_class("verdict wrong")
                    expect(verdict).to_contain_text(frames[n].label)
                    wrong_seen += 1
            expect(f.locator("body")).to_have_attribute("data-step", str(n))
            expect(f.locator("#narration .say")).to_have_text(frames[n].say)
            m = _fits(f, width, height)
            _shows_the_step(m["view_box"], frames[n])
            least = min(least, float(m["least_svg_text"]))
        expect(f.locator("#forward")).to_be_disabled()
    assert wrong_seen and right_seen
    print(f"{width}x{height}: least SVG text as drawn {least:.1f} px")


@pytest.mark.parametrize(("width", "height"), [(320, 480), (1200, 800)])
def test_embed_fits_the_smallest_and_largest_iframe(
    page: Page, site: Site, problems: Problems, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width + 40, "height": height + 40})
    f = _host(page, site, width, height)
    f.evaluate("() => window.intruderDemo.open('combat-example', 1)")
    expect(f.locator("body")).to_have_attribute("data-step", "1")
    _fits(f, width, height)


def test_step_link_scrubber_and_back(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "demo.html?d=panic&step=1")
    body = page.locator("body")
    expect(body).to_have_attribute("data-step", "1")
    expect(page.locator("#step-link")).to_have_attribute(
        "href", f"{site.url}demo.html?d=panic&step=1")
    page.locator("#back").click()
    expect(body).to_have_attribute("data-step", "0")
    page.locator("#scrubber").fill("1")
    expect(body).to_have_attribute("data-step", "1")
    expect(page.locator("#events li").first).to_contain_text("Rolled 4")
    page.locator("#narration a[data-rule]").first.click()
    assert page.evaluate("location.hash").startswith("#rule-")


def test_play_stops_at_a_your_move(page: Page, site: Site, problems: Problems, boot: Boot) -> None:
    boot(site.url + "demo.html?d=darts-and-cage&pace_ms=150")
    page.locator("#play").click()
    expect(page.locator("body")).to_have_attribute("data-asking", "1")
    expect(page.locator("#play")).to_have_text("Play")
    page.locator('#question button[data-index="0"]').click()
    expect(page.locator("#feedback .verdict")).to_have_class("verdict right")
    page.locator("#play").click()
    expect(page.locator("body")).to_have_attribute("data-step", "6", timeout=10_000)


def test_unknown_demo_lists_the_others(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "demo.html?d=nope")
    expect(page.locator("#demo-title")).to_have_text("No such demo")
    page.locator("#index a[data-demo='combat-example']").click()
    expect(page.locator("body")).to_have_attribute("data-demo", "combat-example")


def test_embed_keeps_no_state_and_works_offline(
    context: BrowserContext, page: Page, site: Site, problems: Problems,
    boot: Boot, wait_booted: Callable[[], dict[str, str]],
) -> None:
    boot(site.url + "demo.html?d=combat-example&embed=1")
    page.locator("#forward").click()
    page.locator('#question button[data-index="0"]').click()
    stored = page.evaluate("""async () => ({
        cookies: document.cookie, local: localStorage.length, session: sessionStorage.length,
        idb: (await indexedDB.databases()).length})""")
    assert stored == {"cookies": "", "local": 0, "session": 0, "idb": 0}
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert page.evaluate("async () => !!(await caches.match('./demo.html'))")
    problems.offline = True
    context.set_offline(True)
    before = len(site.requests)
    page.goto(site.url + "demo.html?d=panic&embed=1&step=1")
    wait_booted()
    expect(page.locator("body")).to_have_attribute("data-step", "1")
    assert len(site.requests) == before


def test_copy_embed_code(context: BrowserContext, page: Page, site: Site, problems: Problems,
                         boot: Boot) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    boot(site.url + "demo.html?d=panic")
    page.locator("details.demo-embed-code summary").click()
    code = page.locator("#embed-code").input_value()
    assert code.startswith('<iframe src="') and "d=panic&amp;embed=1" in code
    page.locator("#copy-embed").click()
    expect(page.locator("#copy-status")).to_have_text("Copied. Paste it into your page.")
    assert page.evaluate("navigator.clipboard.readText()") == code


@pytest.mark.parametrize("url", ["demo.html", "demo.html?d=combat-example",
                                 "demo.html?d=combat-example&embed=1"])
def test_demo_pages_have_no_accessibility_violations(
    page: Page, site: Site, problems: Problems, boot: Boot, url: str
) -> None:
    boot(site.url + url)
    if "d=" in url:
        page.locator("#forward").click()  # the "your move" question open
        expect(page.locator("body")).to_have_attribute("data-asking", "1")
        if "embed" not in url:
            page.locator("details.demo-rules summary").click()
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    found = [f"{v['id']} ({v['impact']}): {v['help']} - {[n['target'] for n in v['nodes']][:3]}"
             for v in result["violations"]]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_targets_text_and_names(page: Page, site: Site, problems: Problems, boot: Boot,
                                width: int, height: int) -> None:
    """Every tap target 24x24 px or more, no text under 11 px, no two controls with the same
    accessible name, and the page within about two screens."""
    page.set_viewport_size({"width": width, "height": height})
    boot(site.url + "demo.html?d=interaction")
    page.locator("#forward").click()
    report = page.evaluate("""() => {
      const visible = (e) => { const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
      const ctl = [...document.querySelectorAll('button, a[href], input, summary, textarea')]
        .filter(visible);
      const small = ctl.filter((e) => { const r = e.getBoundingClientRect();
        return r.width < 24 || r.height < 24; }).map((e) => e.outerHTML.slice(0, 80));
      const names = ctl.map((e) => (e.getAttribute('aria-label') || e.textContent ||
        (e.labels && e.labels[0] && e.labels[0].textContent) || '').trim());
      const dup = names.filter((n, i) => n && names.indexOf(n) !== i);
      return {small, dup, height: document.documentElement.scrollHeight};
    }""")
    drawn = page.evaluate(DRAWN)
    report["tiny"] = drawn["tiny"]
    report["small"] += drawn["small"]
    assert report["small"] == [], report["small"]
    assert report["dup"] == [], report["dup"]
    assert report["tiny"] == [], report["tiny"]
    assert report["height"] <= 2.2 * height, report["height"]


def test_stepping_keeps_the_main_thread_free(
    page: Page, site: Site, problems: Problems, boot: Boot, main_thread: MainThread
) -> None:
    """Each frame's plan is drawn once, ahead (render.py in Pyodide: 50-350 ms a drawing on
    this machine); once drawn, stepping only swaps it in: no long task (over 50 ms) while
    stepping, as a drawing made on the click would be."""
    boot(site.url + "demo.html?d=prod-and-freezer")
    expect(page.locator("body")).to_have_attribute("data-ahead", "done", timeout=60_000)
    main_thread.start()
    for _ in range(10):
        page.locator("#forward").click()
        if page.locator("body").get_attribute("data-asking") == "1":
            page.locator('#question button[data-index="0"]').click()
    page.wait_for_timeout(300)
    long = main_thread.long()
    assert not long, f"long tasks while stepping: {[str(t) for t in long]}"
