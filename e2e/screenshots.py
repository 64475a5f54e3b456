"""Screenshots of the page in the states the e2e tests check, into docs/screenshots/.

    python3 build.py && .venv/bin/python e2e/screenshots.py

Serves dist/ on a free port (as the tests do), drives /usr/bin/chromium with Playwright and
writes one PNG per state and screen size, plus docs/screenshots/README.md listing them.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import states  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

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
        seed3(page, url)
        page.locator("#actions").get_by_role("button", name="End crew movement").click()
        page.wait_for_selector("#confirm-dialog[open]")

    def banner(page: Any, url: str) -> None:
        page.goto(url + "?seed=52")
        page.wait_for_selector("body[data-ready='1']", timeout=60_000)
        page.locator('#actions button[data-action*="improvised"]').first.click()
        page.wait_for_selector("#banner li")

    return [
        ("start", "a new game (seed 3), Crew Movement", seed3),
        ("start-selected", "seed 3, Command Officer 1 selected: where the plan does not fit, "
                           "the part with him and where he can go", seed3_selected),
        ("whole", "seed 3, Command Officer 1 selected, Whole station pressed (where the "
                  "plan does not fit)", whole),
        ("guard", "ending crew movement with points left asks first", guard),
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
    ]


def review_shots(browser: Any, url: str, lines: list[str]) -> None:
    """The review of the heuristic's finished game (seed 1) at 1280x800 and 390x844, while
    it runs (its first figures, the partial curve) and when it is done."""
    import random

    sys.path.insert(0, str(HERE.parent / "web" / "py"))
    import session

    from intruder_core import bots, new_game

    g = new_game(seed=1)
    bots.play(g, bots.HeuristicPolicy(), random.Random(1))
    lines += ["", "The review (issue 22): `replay.html?review=1#g=...` of the heuristic's "
              "finished game with seed 1:", ""]
    for w, h in ((1280, 800), (390, 844)):
        small = w < 600
        ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=small,
                                  has_touch=small)
        page = ctx.new_page()
        page.goto(url + "replay.html?review=1" + session.share_fragment(g.record()))
        page.wait_for_selector("body[data-review-first-at]", timeout=240_000)
        page.locator("#review").scroll_into_view_if_needed()
        for stem, what in ((f"review-{w}-running", "while it runs: the model's curve as it "
                            "comes, the progress and Stop"),
                           (f"review-{w}", "done: the win/draw/loss curve with its numbered "
                            "turning points, the turning points with Show and Try again")):
            if stem == f"review-{w}":
                page.wait_for_selector("body[data-review-done-at]", timeout=240_000)
                page.locator("#review").scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            write(page, f"{stem}.png", f"the review {what}, {w}x{h}", lines)
        ctx.close()


def write(page: Any, name: str, what: str, lines: list[str]) -> None:
    """Screenshot the page's window into OUT/name and list it in the README's lines."""
    page.screenshot(path=str(OUT / name))
    lines.append(f"- [{name}]({name}): {what}")
    print("wrote", OUT / name, flush=True)


def main(only: str = "") -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    server = build.make_server(build.DIST)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    lines = ["# Screenshots", "", "Made by `python3 build.py && .venv/bin/python "
             "e2e/screenshots.py` from the e2e states (e2e/states.py).", ""]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size, (w, h) in SIZES.items():
            for stem, what, go in shots():
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
                lines.append(f"- [{name}]({name}): {what}, {w}x{h}")
                print("wrote", OUT / name, flush=True)
                ctx.close()
        for w, h in ((900, 640), (390, 600)):
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
            write(page, f"embed-{w}x{h}.png", f"the embed in a {w}x{h} iframe after a Panic",
                  lines)
            ctx.close()
        if not only or only in "review":
            review_shots(browser, url, lines)
        browser.close()
    server.shutdown()
    if not only:
        (OUT / "README.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
