"""Screenshots of the page in the states the e2e tests check, into docs/screenshots/.

    python3 build.py && .venv/bin/python e2e/screenshots.py [--only moment]

Serves dist/ on a free port (as the tests do), drives /usr/bin/chromium with Playwright and
writes one PNG per state and screen size, one per moment case (e2e/moment_cases.py) at
1280x800 and 390x844 while its moments play at pace "slow", plus docs/screenshots/README.md
listing them all (whatever `--only` takes; the part of it made by hand below HAND is kept).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import moment_cases as mc  # noqa: E402
import states  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from game_page import click_action  # noqa: E402

import build  # noqa: E402

OUT = HERE.parent / "docs" / "screenshots"
SIZES = states.SIZES


def shots() -> list[tuple[str, str, Callable[[Any, str], None]]]:
    """(file stem, what it shows, how to get there from a booted page)."""

    def panic(page: Any, url: str) -> None:
        states.load_state(page, url, states.after_panic())

    def lab(page: Any, url: str) -> None:
        states.load_state(page, url, states.crowded_lab())

    def panic_selected(page: Any, url: str) -> None:
        panic(page, url)
        page.locator('[data-select="co1"]').first.click()

    def seed3(page: Any, url: str) -> None:
        page.goto(url + "?seed=3")
        page.wait_for_selector("body[data-ready='1']", timeout=60_000)

    def seed3_selected(page: Any, url: str) -> None:
        seed3(page, url)
        page.locator('#board [data-crew="co1"]').click()
        page.wait_for_selector("body[data-selected='co1']")

    def whole(page: Any, url: str) -> None:
        seed3_selected(page, url)
        if page.locator("#board-zoom").is_visible():  # only where the plan does not fit
            page.locator("#board-zoom").click()

    def inspector(page: Any, url: str) -> None:
        panic(page, url)
        page.locator('#board [data-inset="command"]').click(position={"x": 4, "y": 30})
        page.wait_for_selector("#inspector[open]")

    def guard(page: Any, url: str) -> None:
        states.load_state(page, url, states.hunt_left())
        page.locator("#actions").get_by_role("button", name="End crew movement").click()
        page.wait_for_selector("#confirm-dialog[open]")

    def banner(page: Any, url: str) -> None:
        page.goto(url + "?seed=52")
        page.wait_for_selector("body[data-ready='1']", timeout=60_000)
        page.locator('#actions button[data-action*="improvised"]').first.click()
        page.wait_for_selector("#banner li")

    def passed(page: Any, url: str) -> None:
        before, index, _crew, _after, _undoable = states.before_a_passed_step(1)
        states.load_state(page, url, before)
        page.locator(f'#actions button[data-index="{index}"]').click()
        page.wait_for_function("() => document.body.dataset.step === 'move'")
        page.keyboard.press("Escape")  # the moments (its dice) skipped: the line in view

    return [
        ("start", "a new game (seed 3), Crew Movement", seed3),
        ("start-selected", "seed 3, Command Officer 1 selected: where the plan does not fit, "
                           "the part with him and where he can go", seed3_selected),
        ("whole", "seed 3, Command Officer 1 selected, Whole station pressed (where the "
                  "plan does not fit)", whole),
        ("guard", "ending crew movement while an armed crewman could reach the Intruder asks "
         "first", guard),
        ("events", "seed 52 after Self Defense: a death, a Panic and a metamorphosis in the "
                   "toast with their dice, highlighted on the plan; Engineer 1 marked dead in "
                   "Power", banner),
        ("inspector", "after a Panic, the room inspector of the Command Module", inspector),
        ("panic", "after a Panic: all nine crewmen in the Command Module, grown over the "
                  "plan to show each of them", panic),
        ("crowded-lab", "every crewman, the revealed Intruder and objects in the Laboratory, "
                        "grown over the plan: each a piece of its own, the objects folded into "
                        "'+6 objects'", lab),
        ("panic-selected", "after a Panic, Command Officer 1 selected", panic_selected),
        ("passed-step", "seed 1, End actions here: the step for crewmen away from the "
                        "Interactions, where they could only drop objects, passed in one line "
                        "(R68)", passed),
    ]


HAND = "<!-- made by hand below: e2e/screenshots.py keeps it -->"
MOMENT_SIZES = ("desktop", "phone")  # 1280x800 and 390x844: named by their width
EMBEDS = ((900, 640), (390, 600))
# The table (issue 28, e2e/test_layout.py): seed 3, Command Officer 1 selected, at each size.
TABLES = ((1280, 720), (1280, 800), (1366, 768), (1920, 1080), (390, 844), (844, 390))


def moment_name(case: mc.Case, size: str) -> str:
    return f"moment-{case.name}-{SIZES[size][0]}.png"


def kind_shots() -> dict[tuple[str, int], list[mc.Shows]]:
    """One shot of each kind the board draws, the first time a case shows it: (case name,
    click) -> the kinds to photograph after that click."""
    seen: set[str] = set()
    out: dict[tuple[str, int], list[mc.Shows]] = {}
    for case in mc.CASES:
        for n, step in enumerate(case.steps):
            for shows in step.shows:
                if shows.board and shows.kind not in seen:
                    seen.add(shows.kind)
                    out.setdefault((case.name, n), []).append(shows)
    return out


def kind_name(kind: str, size: str) -> str:
    return f"moment-kind-{kind.replace('_', '-')}-{SIZES[size][0]}.png"


def readme() -> str:
    """docs/screenshots/README.md: every shot this script makes, then what was made by hand
    (kept from the README as it is)."""
    lines = ["# Screenshots", "", "Made by `python3 build.py && .venv/bin/python "
             "e2e/screenshots.py` from the e2e states (e2e/states.py) and the moment cases "
             "(e2e/moment_cases.py).", ""]
    for size, (w, h) in SIZES.items():
        lines += [f"- [{stem}-{size}.png]({stem}-{size}.png): {what}, {w}x{h}"
                  for stem, what, _go in shots()]
    lines += [f"- [embed-{w}x{h}.png](embed-{w}x{h}.png): the embed in a {w}x{h} iframe after "
              "a Panic" for w, h in EMBEDS]
    lines += [f"- [table-{w}x{h}.png](table-{w}x{h}.png): the table (issue 28), seed 3, "
              f"Command Officer 1 selected, {w}x{h}" for w, h in TABLES]
    lines += ["", "Every moment kind on the board (issue 23), at pace \"slow\", photographed "
              "while the named moment plays:", ""]
    for case in mc.CASES:
        shot = case.shot
        playing = f"; shown: {shot.kind}" if shot else "; the board draws none (the log " \
            "tells it)"
        for size in MOMENT_SIZES:
            w, h = SIZES[size]
            name = moment_name(case, size)
            lines.append(f"- [{name}]({name}): {case.what}{playing}, {w}x{h}")
    lines += ["", "Each kind of moment the board draws, once, in the window while it plays "
              "half way (the plan scrolled or zoomed to it as it plays):", ""]
    for (case_name, n), kinds in kind_shots().items():
        for shows in kinds:
            for size in MOMENT_SIZES:
                w, h = SIZES[size]
                name = kind_name(shows.kind, size)
                lines.append(f"- [{name}]({name}): {shows.kind}, case {case_name} click "
                             f"{n + 1}: \"{shows.words[0]}\", {w}x{h}")
    lines += ["", "The review (issue 22): `replay.html?review=1#g=...` of the heuristic's "
              "finished game with seed 1:", ""]
    lines += [f"- [review-{w}{stage}.png](review-{w}{stage}.png): the review {what}, {w}x{h}"
              for w, h in REVIEWS for stage, what in REVIEW_STAGES]
    lines += ["", "Learn from your mistakes (issue 30 item 3): the one costly choice of "
              "tests/review_games.sent_alone asked again, a better move tried and judged:", ""]
    lines += [f"- [learn-{w}.png](learn-{w}.png): {w}x{h}" for w, h in REVIEWS]
    lines += ["", "The game of the day (issue 30, ruling R69), the clock fixed at "
              f"{states.DAILY_DAY.isoformat()}:", ""]
    lines += [f"- [{stem}-{w}.png]({stem}-{w}.png): {what}, {w}x{h}"
              for w, h in REVIEWS for stem, what in DAILY_SHOTS]
    old = (OUT / "README.md").read_text() if (OUT / "README.md").exists() else ""
    kept = old[old.index(HAND):] if HAND in old else HAND + "\n"
    return "\n".join(lines) + "\n\n" + kept


# Freeze every animation of the page at `t` ms from its start: the moments' layer was put in
# at once, so one time shows the same instant of each.
FREEZE = "t => { for (const a of document.getAnimations()) { a.pause(); a.currentTime = t; } }"
# Half way through the moment of this kind whose caption says these words (ms from the
# layer's start: its inline delay and duration), or -1 if there is none.
MIDDLE_OF = """([kind, words]) => { for (const m of document.querySelectorAll(
    `#board .moments .moment[data-kind="${kind}"]`)) {
  const said = [...m.querySelectorAll('.caption text')].map(t => t.textContent).join(' ');
  if (words.every(w => said.includes(w)))
    return parseFloat(m.style.animationDelay) + parseFloat(m.style.animationDuration) / 2; }
  return -1; }"""


# Wait until the moments have played `t` ms (their animations' time), as a player sees them.
PLAYED_TO = """t => new Promise(done => { const tick = () => {
  const as = document.getAnimations();
  if (!as.length || as.some(a => (a.currentTime || 0) >= t)) done(as.length > 0);
  else requestAnimationFrame(tick); }; tick(); })"""


def moment_shots(browser: Any, url: str, only: str) -> None:
    """Each moment case played in one page per size, photographed with its shot moment
    frozen in full view (its words shown, its runner half way)."""
    for size in MOMENT_SIZES:
        cases = [c for c in mc.CASES if not only or only in moment_name(c, size)]
        if not cases:
            continue
        w, h = SIZES[size]
        small = size != "desktop"
        ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=small,
                                  has_touch=small)
        page = ctx.new_page()
        states.on_origin(page, url)
        page.evaluate("s => localStorage.setItem('intruder:settings', s)",
                      json.dumps({"confirm": False, "moments": "slow"}))
        page.goto(url + "?seed=1")
        page.wait_for_selector("body[data-ready='1']", timeout=60_000)
        each = kind_shots()
        for case in cases:
            states.open_link(page, case.game())
            for n, (step, _events, _before, game) in enumerate(mc.walk(case)):
                mc.click_on_page(page, step, game)
                for shows in each.get((case.name, n), []):
                    middle = page.evaluate(MIDDLE_OF, [shows.kind, list(shows.words)])
                    assert middle >= 0, (case.name, shows)
                    page.evaluate(PLAYED_TO, middle)  # in real time: its scroll or zoom done
                    page.screenshot(path=str(OUT / kind_name(shows.kind, size)))
                    print("wrote", OUT / kind_name(shows.kind, size), flush=True)
            shot = case.shot
            if shot is not None:
                middle = page.evaluate(MIDDLE_OF, [shot.kind, list(shot.words)])
                assert middle >= 0, (case.name, shot)
                page.evaluate(FREEZE, middle)
            name = moment_name(case, size)
            page.screenshot(path=str(OUT / name), full_page=True)
            if shot is not None:  # still there: the shot shows it, not the plan without it
                assert page.locator("#board .moments").count() == 1, name
            print("wrote", OUT / name, flush=True)
        ctx.close()


REVIEWS = ((1280, 800), (390, 844))
REVIEW_STAGES = (("-booting", "the first figures while the page's own Python still boots "
                  "(replay.html's #review-early, the worker's strings)"),
                 ("", "done: the win/draw/loss curve with its numbered turning points, the "
                  "turning points with Show and Try again"))


def review_shots(browser: Any, url: str) -> None:
    """The review of the heuristic's finished game (seed 1) at 1280x800 and 390x844: its
    first figures while the page boots, and the review done."""
    import random

    sys.path.insert(0, str(HERE.parent / "web" / "py"))
    from core import session
    from intruder_core import bots, new_game

    g = new_game(seed=1)
    bots.play(g, bots.HeuristicPolicy(), random.Random(1))
    for w, h in REVIEWS:
        small = w < 600
        ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=small,
                                  has_touch=small)
        page = ctx.new_page()
        release = states.hold_back(page, "**/py/pages/replay/main.py")  # the page's boot waits
        page.goto(url + "replay.html?review=1" + session.share_fragment(g.record()),
                  wait_until="commit")
        page.wait_for_selector("#review-early", state="visible", timeout=240_000)
        for stage, _what in REVIEW_STAGES:
            if not stage:  # (a review takes 1-4 s now: no shot of one running)
                release()
                page.wait_for_selector("body[data-review-done-at]", timeout=240_000)
                page.locator("#review").scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"review-{w}{stage}.png"))
            print("wrote", OUT / f"review-{w}{stage}.png", flush=True)
        ctx.close()


def learn_shots(browser: Any, url: str) -> None:
    """The mistakes mode (issue 30 item 3) at 1280x800 and 390x844: a game with one costly
    choice (tests/review_games.sent_alone), a better move tried and judged."""
    sys.path.insert(0, str(HERE.parent / "web" / "py"))
    sys.path.insert(0, str(HERE.parent / "tests"))
    from review_games import sent_alone

    from core import session

    for w, h in REVIEWS:
        small = w < 600
        ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=small,
                                  has_touch=small)
        page = ctx.new_page()
        page.goto(url + "replay.html?review=1&refine=0&learn=1"
                  + session.share_fragment(sent_alone()))
        page.wait_for_selector("#learn:not([hidden])", timeout=240_000)
        page.get_by_label("Your move instead").select_option(
            label="Engineer 1: move to Access Shaft #1")
        page.get_by_role("button", name="Try this move").click()
        page.wait_for_function("document.getElementById('learn-verdict').textContent"
                               ".startsWith('Better')", timeout=120_000)
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"learn-{w}.png"))
        print("wrote", OUT / f"learn-{w}.png", flush=True)
        ctx.close()


def seed3_page(browser: Any, url: str, w: int, h: int, small: bool) -> tuple[Any, Any]:
    """(a new context of this size, its game page booted with seed 3)."""
    ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=small,
                              has_touch=small)
    page = ctx.new_page()
    page.goto(url + "?seed=3")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    return ctx, page


DAILY_SHOTS = (("daily-control", "the first screen: the Game of the day control in view"),
               ("daily-card", "a finished game of the day: its result card and Copy result"),
               ("daily-games", "Your games: the daily streak and the last 30 days"))


def daily_shots(browser: Any, url: str) -> None:
    """The game of the day (R69) at 1280x800 and 390x844, the clock fixed at
    states.DAILY_DAY: the control on the first screen, a finished daily's card, Your games."""
    sys.path.insert(0, str(HERE.parent / "web" / "py"))
    from core import history, storage

    done = states.finished_daily(states.DAILY_DAY)
    record = done.record()
    before = states.ic.replay({"origin": record["origin"], "actions": record["actions"][:-1]})
    last = before.legal_actions().index(states.ic.Action.from_dict(record["actions"][-1]))
    for w, h in REVIEWS:
        ctx, page = seed3_page(browser, url, w, h, w < 600)
        page.clock.set_fixed_time(f"{states.DAILY_DAY.isoformat()}T12:00:00Z")
        page.screenshot(path=str(OUT / f"daily-control-{w}.png"))
        page.evaluate("t => localStorage.setItem('intruder:daily-left', t)", json.dumps(
            {"daily": states.DAILY_DAY.isoformat(), "save": storage.pack(before.record())}))
        page.locator("#daily-side" if w < 600 else "#daily").click()  # a phone's: under the plan
        crew = record["actions"][-1].get("crew")
        click_action(page, last, crew if isinstance(crew, str) else None)
        page.wait_for_selector("#daily-card")
        page.locator("#copy-result").scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"daily-card-{w}.png"))
        page.goto(url + "history.html")
        page.wait_for_selector("body[data-ready='1']", timeout=60_000)
        page.locator("#history-file").set_input_files(files=[{
            "name": "dailies.json", "mimeType": "application/json",
            "buffer": history.export_text(states.earlier_dailies()).encode()}])
        page.wait_for_selector("#history-message:has-text('Imported')", timeout=120_000)
        page.screenshot(path=str(OUT / f"daily-games-{w}.png"), full_page=True)
        for stem, _what in DAILY_SHOTS:
            print("wrote", OUT / f"{stem}-{w}.png", flush=True)
        ctx.close()


def main(only: str = "") -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    server = build.make_server(build.DIST)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size, (w, h) in SIZES.items():
            for stem, _what, go in shots():
                if only and only not in stem:
                    continue
                small = size != "desktop"
                ctx = browser.new_context(viewport={"width": w, "height": h},
                                          is_mobile=small, has_touch=small)
                page = ctx.new_page()
                page.goto(url + "?seed=1")
                page.wait_for_selector("body[data-ready='1']", timeout=60_000)
                go(page, url)
                page.wait_for_timeout(300)
                name = f"{stem}-{size}.png"
                page.screenshot(path=str(OUT / name), full_page=True)
                print("wrote", OUT / name, flush=True)
                ctx.close()
        for w, h in TABLES:
            if only and only not in f"table-{w}x{h}":
                continue
            ctx, page = seed3_page(browser, url, w, h, w < 900)
            page.locator('#board [data-crew="co1"]').click()
            page.wait_for_selector("body[data-selected='co1']")
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"table-{w}x{h}.png"))
            print("wrote", OUT / f"table-{w}x{h}.png", flush=True)
            ctx.close()
        for w, h in EMBEDS:
            if only and only not in f"embed-{w}x{h}":
                continue
            ctx = browser.new_context(viewport={"width": w + 20, "height": h + 20})
            page = ctx.new_page()
            page.goto(url + "embed.html?seed=1")
            page.wait_for_selector("body[data-ready='1']", timeout=60_000)
            page.evaluate("s => localStorage.setItem('intruder:embed:save', s)",
                          states.after_panic().to_json())
            page.set_content(f'<iframe src="{url}embed.html" width="{w}" height="{h}" '
                             'title="Intruder" style="border:0"></iframe>')
            page.frame_locator("iframe").locator("body[data-ready='1']").wait_for(
                state="attached", timeout=60_000)
            page.wait_for_timeout(300)
            name = f"embed-{w}x{h}.png"
            page.screenshot(path=str(OUT / name))
            print("wrote", OUT / name, flush=True)
            ctx.close()
        moment_shots(browser, url, only)
        if not only or only in "review":
            review_shots(browser, url)
        if not only or only in "learn":
            learn_shots(browser, url)
        if not only or "daily" in only:
            daily_shots(browser, url)
        browser.close()
    server.shutdown()
    (OUT / "README.md").write_text(readme())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("only", nargs="?", default="", help="as --only")
    parser.add_argument("--only", dest="only_opt", default="",
                        help="only the shots whose file name holds this (e.g. moment)")
    args = parser.parse_args()
    main(args.only_opt or args.only)
