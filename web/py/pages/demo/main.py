"""Browser glue for demo.html, the embeddable rules demo: the one demo module that touches
the DOM. The logic and HTML are in demo.py (tested on CPython); the station plan is
render.py's drawing, called as it is. page-boot.mjs starts Pyodide and runs this file.

Page contract (used by e2e/test_demos.py):
  body[data-ready="1"]        boot finished (boot.js)
  body[data-demo]             the demo id shown ("" on the list)
  body[data-step]             the frame shown; body[data-asking="1"] while a question is open
  #narration, #events, #question, #feedback, #board, #scrubber, #step-link
  window.intruderDemo         digest(id) -> the events' fingerprint, for the CPython check

No cookies, no storage: the demo keeps its state in memory only (it is meant for iframes on
other sites), and asks nothing of any other origin.
"""

from __future__ import annotations

import asyncio
import traceback
from html import escape
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from core import rulesref
from dom.packages import freeze_heap, load_packages
from dom.standalone import el, fit_plan, js_obj, nn

document = js.document
window = js.window

BOOT = window.intruderBoot
PACE_S = 2.5  # play: one step every 2.5 s (reading time)


def closest(target: Any, selector: str) -> Any:
    return nn(target.closest(selector)) if hasattr(target, "closest") else None


class DemoPage:
    """One demo on the page (or the list of demos)."""

    def __init__(self) -> None:
        from core.station import render
        from pages.demo import demo

        self.demo_mod = demo
        self.render = render
        self.query = demo.parse_query(str(js.location.search))
        self.player: Any = None
        self.feedback: dict[str, Any] | None = None
        self.playing = False
        self.run = 0
        self.task: Any = None
        self.svgs: dict[int, str] = {}
        self.box: tuple[float, float] | None = None  # the board's width and max height (px)
        self.ahead: Any = None
        self.book: list[dict[str, str]] = []
        self.numbered: list[dict[str, str]] = []
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_input),
                         create_proxy(self.on_key), create_proxy(self.on_popstate),
                         create_proxy(self.on_resize)]
        document.addEventListener("click", self._proxies[0])
        el("scrubber").addEventListener("input", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])
        window.addEventListener("popstate", self._proxies[3])
        window.addEventListener("resize", self._proxies[4])
        self.pace = PACE_S if self.query.pace_ms is None else self.query.pace_ms / 1000

    # --- set-up -------------------------------------------------------------------------

    def load_rules(self) -> None:
        self.book, self.numbered = rulesref.load()

    def links(self, rule: str) -> list[tuple[str, str]]:
        return self.demo_mod.citation_links(
            rule, lambda part: rulesref.lookup(part, self.book, self.numbered))

    def start(self) -> None:
        self.load_rules()
        if self.query.embed:
            document.body.classList.add("demo-embed")
        self.show(self.query.demo, self.query.step)

    def open(self, demo_id: str | None, step: int = 0) -> None:
        """Show another demo (or the list) without reloading the page; the URL follows."""
        self.stop()
        self.feedback = None
        url = "?" + (f"d={demo_id}&step={step}&" if demo_id else "") + \
            ("embed=1" if self.query.embed else "")
        js.history.pushState(None, "", url.rstrip("&?") or js.location.pathname)
        self.show(demo_id, step)

    def on_popstate(self, _event: Any) -> None:
        q = self.demo_mod.parse_query(str(js.location.search))
        self.stop()
        self.feedback = None
        self.show(q.demo, q.step)

    def show(self, demo_id: str | None, step: int) -> None:
        from intruder_core import demos

        body = document.body
        self.player = None
        el("index").hidden = True
        el("player").hidden = False
        el("demo-quote").textContent = ""
        if demo_id is None:
            body.dataset.demo = ""
            el("demo-title").textContent = "Rules demos"
            el("index").innerHTML = self.demo_mod.index_html(demos.all_demos())
            el("index").hidden = False
            el("player").hidden = True
            return
        try:
            self.player = self.demo_mod.Player.load(demo_id, step)
        except KeyError:
            body.dataset.demo = ""
            el("demo-title").textContent = "No such demo"
            el("index").innerHTML = (f"<p>There is no demo called "
                                     f"“{escape(demo_id)}”. The demos are:</p>"
                                     + self.demo_mod.index_html(demos.all_demos()))
            el("index").hidden = False
            el("player").hidden = True
            return
        d = self.player.demo
        body.dataset.demo = d["id"]
        document.title = f"{d['title']} – Intruder rules demo"
        el("demo-title").textContent = d["title"]
        el("demo-quote").textContent = f"“{d['quote']}” ({d['section']})"
        el("scrubber").max = str(self.player.last)
        rules = [x for rule in self.demo_mod.cited(self.player)
                 for x in rulesref.lookup(rule, self.book, self.numbered)]
        unique = list({r["id"]: r for r in rules}.values())
        el("rules-cited").innerHTML = self.demo_mod.rules_html(unique)
        el("embed-code").value = self.demo_mod.embed_snippet(self.base(), d)
        self.svgs = {}
        self.draw()
        self.ahead = asyncio.ensure_future(self.prerender(self.player))

    def base(self) -> str:
        return str(js.location.origin) + str(js.location.pathname)

    # --- drawing ------------------------------------------------------------------------

    def svg(self, n: int) -> str:
        """Frame n's station plan, drawn once (a drawing takes 50-150 ms in Pyodide)."""
        if n not in self.svgs:
            self.svgs[n] = self.render.board_svg(self.player.frames[n].view)
        return str(self.svgs[n])

    async def prerender(self, player: Any) -> None:
        """Draw the other frames ahead, one per task, so that stepping only swaps them in."""
        order = list(range(player.at + 1, player.last + 1)) + list(range(player.at))
        document.body.dataset.ahead = "drawing"
        for n in order:
            await asyncio.sleep(0.01)
            if self.player is not player:
                return
            self.svg(n)
        document.body.dataset.ahead = "done"

    def draw(self) -> None:
        p = self.player
        dm = self.demo_mod
        f = p.frame
        el("board").innerHTML = self.svg(p.at)
        self.fit()
        el("narration").innerHTML = dm.narration_html(p, self.links)
        el("events").innerHTML = dm.event_rows(f.events)
        el("question").innerHTML = dm.question_html(p)
        el("question").hidden = not p.asking
        el("feedback").innerHTML = dm.feedback_html(self.feedback)
        el("scrubber").value = str(p.at)
        el("scrubber").setAttribute("aria-valuetext", f"step {p.at} of {p.last}")
        el("back").disabled = p.at == 0 and not p.asking
        el("forward").disabled = p.at >= p.last
        el("forward").textContent = "Show what happens" if p.asking else "Next step"
        el("play").textContent = "Pause" if self.playing else "Play"
        el("play").setAttribute("aria-pressed", "true" if self.playing else "false")
        link = dm.step_link(self.base(), p.demo["id"], p.at, self.query.embed)
        el("step-link").href = link
        document.body.dataset.step = str(p.at)
        document.body.dataset.asking = "1" if p.asking else "0"
        if p.asking:
            self.bring_question()

    @staticmethod
    def bring_question() -> None:
        """Scroll the walkthrough (when it scrolls: the embed, a phone) so that the question
        starts at its top, its answers above the step controls: below the narration, they
        were under the fold of a 390x600 frame, and only "Show what happens" showed."""
        question = el("question")
        side = question.closest(".demo-side")
        if side is None or side.scrollHeight <= side.clientHeight:
            return
        gap = question.getBoundingClientRect().top - side.getBoundingClientRect().top
        side.scrollTop = side.scrollTop + gap - 4

    def fit(self, measure: bool = False) -> None:
        """Show the part of the plan where the step happens at a readable scale when the
        whole does not fit the board's box (standalone.fit_plan). The box is measured once
        (and after a resize): reading it after every step's redraw would force a layout."""
        if self.player is not None:
            self.box = fit_plan(el("board"), None if measure else self.box,
                                self.demo_mod.step_places(self.player.frame))

    def on_resize(self, _event: Any) -> None:
        if self.player is not None:
            self.fit(measure=True)

    # --- controls -----------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        link = closest(event.target, "a[data-demo]")
        if link is not None and not (event.ctrlKey or event.metaKey or event.shiftKey):
            event.preventDefault()
            self.open(str(link.dataset.demo))
            return
        target = closest(event.target, "[data-command]")
        if target is None or self.player is None:
            return
        try:
            self.command(str(target.dataset.command), target)
        except Exception as exc:  # a bug must not leave a dead page: say it in plain words
            traceback.print_exc()
            BOOT.report(f"Something went wrong: {exc}")

    def command(self, name: str, target: Any) -> None:
        p = self.player
        if name == "forward":
            self.feedback = None
            self.stop()
            p.forward()
        elif name == "back":
            self.feedback = None
            self.stop()
            p.back()
        elif name == "play":
            if self.playing:
                self.stop()
            else:
                self.playing = True
                self.run += 1
                self.task = asyncio.ensure_future(self.play(self.run))
        elif name == "answer":
            self.feedback = p.answer(int(target.dataset.index))
            p.forward()
            el("feedback").focus()
        elif name == "copy-embed":
            self.copy_embed()
            return
        self.draw()
        if name == "answer":
            el("feedback").focus()

    def on_input(self, _event: Any) -> None:
        if self.player is None:
            return
        self.stop()
        self.feedback = None
        self.player.goto(int(el("scrubber").value))
        self.draw()

    def on_key(self, event: Any) -> None:
        tag = str(getattr(event.target, "tagName", "")).lower()
        if self.player is None or tag in ("input", "textarea", "button", "a"):
            return
        if event.key == "ArrowRight":
            self.command("forward", None)
        elif event.key == "ArrowLeft":
            self.command("back", None)

    def stop(self) -> None:
        self.playing = False
        self.run += 1

    async def play(self, run: int) -> None:
        """Step on every PACE_S until the end or a question (the reader answers it)."""
        self.draw()
        while self.playing and run == self.run:
            await asyncio.sleep(self.pace)
            if not self.playing or run != self.run:
                return
            self.feedback = None
            what = self.player.forward()
            if what != "step":
                self.playing = False
            self.draw()

    def copy_embed(self) -> None:
        box = el("embed-code")
        box.select()
        status = el("copy-status")

        def done(_: Any = None) -> None:
            status.textContent = "Copied. Paste it into your page."

        def failed(_: Any = None) -> None:
            status.textContent = "Copying is blocked here: the code is selected, copy it " \
                                 "with Ctrl+C (or long-press)."

        try:
            promise = js.navigator.clipboard.writeText(box.value)
            promise.then(create_proxy(done), create_proxy(failed))
        except Exception:
            failed()


def digest(demo_id: str) -> str:
    """The demo's events fingerprint in this Python (the e2e test compares it to CPython)."""
    from intruder_core import demos

    return demos.digest(demos.load(demo_id))


def demo_ids() -> list[str]:
    from intruder_core import demos

    return demos.ids()


async def main() -> None:
    try:
        await load_packages()
        BOOT.stage("game", "Replaying the demo on the engine")
        await asyncio.sleep(0)
        import intruder_core

        page = DemoPage()
        page.start()
        freeze_heap()
        window.intruderDemo = js_obj({
            "digest": create_proxy(digest),
            "open": create_proxy(lambda demo_id, step=0: page.open(demo_id, int(step))),
            "ids": create_proxy(lambda: to_js(demo_ids()))})
        window._intruderDemoPage = create_proxy(lambda: page)
        BOOT.ready(js_obj({"engine": intruder_core.__version__, "api": "demo"}))
        page.fit(measure=True)  # the page is shown now: its board has a size
    except Exception as exc:
        traceback.print_exc()
        BOOT.fail(f"{type(exc).__name__}: {exc}")


# Run as the page's script (__main__: PyScript, page-boot.mjs), the awaitable this last expression
# gives is awaited before the script counts as done; imported (CPython, the tests) it does nothing.
main() if __name__ == "__main__" else None
