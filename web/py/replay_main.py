"""Browser glue for replay.html, the replay viewer: the one replay module that touches the
DOM. Logic and HTML are in replay.py (tested on CPython); the plan is render.py's drawing.
demo-boot.mjs starts Pyodide and runs this file.

Page contract (e2e/test_replay.py):
  body[data-ready="1"]   boot finished;  body[data-step]  the action shown (0: the start)
  body[data-actions]     how many actions the game has
  #source-text + [data-command=open-text], #source-file, #game-select, #phase-select,
  #scrubber, #log button[data-step], #fork (a link to the game page at this point)

Reads `#g=CODE` on load (the game page's "Open as replay"). Stores nothing.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js
from standalone import el, load_packages, nn

document = js.document
window = js.window
BOOT = window.intruderBoot


class ReplayPage:
    """The games of one source and the one being watched."""

    def __init__(self) -> None:
        import render
        import replay
        import session

        self.render = render
        self.replay = replay
        self.session = session
        self.entries: list[Any] = []
        self.timeline: Any = None
        self.at = 0
        self.svgs: dict[int, str] = {}
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_scrub),
                         create_proxy(self.on_phase), create_proxy(self.on_game),
                         create_proxy(self.on_file)]
        document.addEventListener("click", self._proxies[0])
        el("scrubber").addEventListener("input", self._proxies[1])
        el("phase-select").addEventListener("change", self._proxies[2])
        el("game-select").addEventListener("change", self._proxies[3])
        el("source-file").addEventListener("change", self._proxies[4])

    # --- opening ------------------------------------------------------------------------

    def open_text(self, text: str) -> None:
        """Show the first game of a pasted link or file; errors in plain words."""
        import intruder_core as ic

        el("source-error").textContent = ""
        el("note").textContent = ""
        try:
            self.entries = self.replay.entries(text)
        except ic.CorruptSave as exc:
            el("source-error").textContent = f"This cannot be opened: {exc}."
            return
        many = len(self.entries) > 1
        el("games").hidden = not many
        el("game-select").innerHTML = self.replay.entries_html(self.entries)
        self.show_entry(0)

    def show_entry(self, index: int) -> None:
        import intruder_core as ic

        entry = self.entries[index]
        note = ""
        try:
            if entry.record is not None:
                record = entry.record
            else:
                record, note = self.replay.lab_record(entry.lab)
            self.timeline = self.replay.Timeline.build(record)
        except (ic.CorruptSave, KeyError, TypeError, ValueError) as exc:
            el("source-error").textContent = f"This game cannot be replayed: {exc}."
            el("viewer").hidden = True
            return
        el("note").textContent = note
        self.svgs = {}
        el("viewer").hidden = False
        el("scrubber").max = str(self.timeline.last)
        document.body.dataset.actions = str(self.timeline.last)
        self.goto(0)

    # --- drawing ------------------------------------------------------------------------

    def goto(self, step: int) -> None:
        t = self.timeline
        self.at = max(0, min(t.last, step))
        s = t.steps[self.at]
        if self.at not in self.svgs:
            self.svgs[self.at] = self.render.board_svg(s.view)
        el("board").innerHTML = self.svgs[self.at]
        el("step").innerHTML = self.replay.step_html(t, self.at)
        import demo  # the event rows with each die's purpose, as in the demos

        el("step-events").innerHTML = demo.event_rows(s.events)
        el("phase-select").innerHTML = self.replay.phases_html(t, self.at)
        el("log").innerHTML = self.replay.log_html(t, self.at)
        current = nn(document.querySelector("#log li.here"))
        if current is not None:
            current.scrollIntoView(to_js({"block": "nearest"},
                                         dict_converter=js.Object.fromEntries))
        el("scrubber").value = str(self.at)
        el("scrubber").setAttribute("aria-valuetext", f"action {self.at} of {t.last}")
        el("back").disabled = self.at == 0
        el("forward").disabled = self.at >= t.last
        base = str(js.location.origin) + str(js.location.pathname).rsplit("/", 1)[0] + "/"
        el("fork").href = base + self.session.share_fragment(t.fork(self.at))
        document.body.dataset.step = str(self.at)

    # --- events -------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = nn(event.target.closest("[data-command]")) \
            if hasattr(event.target, "closest") else None
        if target is None:
            return
        command = str(target.dataset.command)
        try:
            if command == "open-text":
                self.open_text(str(el("source-text").value))
            elif self.timeline is None:
                return
            elif command == "forward":
                self.goto(self.at + 1)
            elif command == "back":
                self.goto(self.at - 1)
            elif command == "goto":
                self.goto(int(target.dataset.step))
                el("step").focus()
        except Exception as exc:  # never a dead page: say it in plain words
            traceback.print_exc()
            BOOT.report(f"Something went wrong: {exc}")

    def on_scrub(self, _event: Any) -> None:
        if self.timeline is not None:
            self.goto(int(el("scrubber").value))

    def on_phase(self, _event: Any) -> None:
        if self.timeline is not None:
            self.goto(int(el("phase-select").value))

    def on_game(self, _event: Any) -> None:
        self.show_entry(int(el("game-select").value))

    def on_file(self, _event: Any) -> None:
        files = el("source-file").files
        if files.length:
            self.task = asyncio.ensure_future(self.read_file(files.item(0)))

    async def read_file(self, file: Any) -> None:
        text = await file.text()
        el("source-text").value = ""
        self.open_text(str(text))


async def main() -> None:
    try:
        await load_packages()
        BOOT.stage("game", "Opening the game")
        import intruder_core

        page = ReplayPage()
        window._intruderReplayPage = create_proxy(lambda: page)
        fragment = str(js.location.hash)
        if fragment.startswith("#g="):
            page.open_text(fragment)
        BOOT.ready(to_js({"engine": intruder_core.__version__, "api": "replay"},
                         dict_converter=js.Object.fromEntries))
    except Exception as exc:
        traceback.print_exc()
        BOOT.fail(f"{type(exc).__name__}: {exc}")


await main()  # noqa: F704  (run by demo-boot.mjs with runPythonAsync: top-level await)
