"""The rules demos (demo.html): the same events as CPython, stepping in an iframe at two
sizes with "your move" answered right and wrong, links to a step, Play, the embed's privacy
and offline use, accessibility and tap-target sizes."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import READY, Problems, Site
from playwright.sync_api import BrowserContext, Frame, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from intruder_core import demos  # noqa: E402

Boot = Callable[[str], dict[str, str]]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


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


def _fits(f: Frame, width: int) -> None:
    """No sideways scrolling; the controls are on screen."""
    sw = f.evaluate("document.documentElement.scrollWidth")
    assert sw <= width, f"the embed scrolls sideways ({sw} > {width})"
    box = f.locator("#forward").bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24


@pytest.mark.parametrize(("width", "height"), [(900, 640), (390, 600)])
def test_step_through_every_demo_in_an_iframe(
    page: Page, site: Site, problems: Problems, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width + 40, "height": height + 40})
    f = _host(page, site, width, height)
    wrong_seen = right_seen = 0
    for demo_id in demos.ids():
        f.evaluate("(id) => window.intruderDemo.open(id)", demo_id)
        expect(f.locator("body")).to_have_attribute("data-demo", demo_id)
        frames, _ = demos.play(demos.load(demo_id))
        for n in range(1, len(frames)):
            f.locator("#forward").click()
            if frames[n].your_move:
                expect(f.locator("body")).to_have_attribute("data-asking", "1")
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
            _fits(f, width)
        expect(f.locator("#forward")).to_be_disabled()
    assert wrong_seen and right_seen


@pytest.mark.parametrize(("width", "height"), [(320, 480), (1200, 800)])
def test_embed_fits_the_smallest_and_largest_iframe(
    page: Page, site: Site, problems: Problems, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width + 40, "height": height + 40})
    f = _host(page, site, width, height)
    f.evaluate("() => window.intruderDemo.open('combat-example', 1)")
    expect(f.locator("body")).to_have_attribute("data-step", "1")
    _fits(f, width)
    box = f.locator("#forward").bounding_box()
    assert box is not None and box["y"] + box["height"] <= height * 1.6, box


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
      const tiny = [...document.querySelectorAll('#app *, header *')].filter(visible)
        .filter((e) => [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
        .filter((e) => parseFloat(getComputedStyle(e).fontSize) < 11)
        .map((e) => e.tagName + ': ' + e.textContent.slice(0, 30));
      return {small, dup, tiny, height: document.documentElement.scrollHeight};
    }""")
    assert report["small"] == [], report["small"]
    assert report["dup"] == [], report["dup"]
    assert report["tiny"] == [], report["tiny"]
    assert report["height"] <= 2.2 * height, report["height"]


@pytest.mark.timing
def test_stepping_keeps_the_main_thread_free(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    """Each frame's plan is drawn once, ahead (render.py in Pyodide: 50-350 ms a drawing on
    this machine); once drawn, stepping only swaps it in. Prints the long tasks of stepping."""
    boot(site.url + "demo.html?d=prod-and-freezer")
    expect(page.locator("body")).to_have_attribute("data-ahead", "done", timeout=60_000)
    page.evaluate("""() => { window.__long = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries())
        window.__long.push(e.duration); }).observe({type: 'longtask'}); }""")
    for _ in range(10):
        page.locator("#forward").click()
        if page.locator("body").get_attribute("data-asking") == "1":
            page.locator('#question button[data-index="0"]').click()
    page.wait_for_timeout(300)
    tasks = page.evaluate("window.__long")
    print(f"long tasks while stepping: {len(tasks)}, longest {max(tasks, default=0):.0f} ms")
