"""Browser glue for replay.html, the replay viewer: the one replay module that touches the
DOM. Logic and HTML are in replay.py (tested on CPython); the plan is render.py's drawing.
page-boot.mjs starts Pyodide and runs main.py, which awaits `main()` here (this module rides
in the glue archive, a third of its bytes; main.py stays a file of its own).

Page contract (e2e/test_replay.py):
  body[data-ready="1"]   boot finished;  body[data-step]  the action shown (0: the start)
  body[data-actions]     how many actions the game has
  #source-text + [data-command=open-text], #source-file, #game-select, #phase-select,
  #scrubber, #log button[data-step], #fork (a link to the game page at this point)
  The review (bot_client.ReviewWorker runs it in a worker, which draws it with
  review_view.py; this page sets the strings and moves the marker): #review-start,
  #review-stop, #review-chart svg (a slider), #review-turning (Show, Try again from here),
  #review-table (filled while #review-table-box is open); body[data-review] = running |
  done | stopped | error, body[data-review-first-ms] (the first figures on screen),
  body[data-review-ms] (all done), body[data-review-started-at] (performance.now() then);
  on the page's clock (ms since the navigation): body[data-review-asked-at] (0 for ?review=,
  else the click), [data-review-ready-at] (the worker's Python up), [data-review-first-at]
  and [data-review-done-at] (the frame after the first figures and the last were set).
  #review-early: for ?review=, the first figures while this page still boots (replay.html's
  first script shows the worker's strings there); removed when this page draws them.

Reads `#g=CODE` on load (the game page's "Open as replay"); `?review=1` also starts its
review, and `?review=saved` opens the game page's autosaved game (its finished game, from the
game-over screen's "Review this game") and reviews it: replay.html's first script has then
started the review's worker on the same game at parse time, and this page takes that run
over once its own Python is up. Stores nothing.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy

from dom.packages import freeze_heap, load_packages
from dom.standalone import el, fit_plan, js_obj, nn

# ?review=: how long the page's boot may wait for the worker's first figures to be shown
# before its own last step, one long task (a warm worker shows them 0.05-0.2 s after the
# page's packages are in; a cold one may take far longer, and then the page boots on)
EARLY_WAIT_MS = 1500
# the mistakes mode's buttons (replay.html's #learn-start and #learn) and what they do
LESSON_COMMANDS = {"learn": "start", "learn-try": "try_move", "learn-show": "show_me",
                   "learn-next": "next", "learn-close": "close"}
PREWARM_MS = 500  # after the boot, the review's worker starts for the game on show
document = js.document
window = js.window
BOOT = window.intruderBoot


class ReplayPage:
    """The games of one source and the one being watched."""

    def __init__(self) -> None:
        from core import replay, session
        from core.station import render

        self.render = render
        self.replay = replay
        self.session = session
        self.entries: list[Any] = []
        self.timeline: Any = None
        self.at = 0
        self.svgs: dict[int, str] = {}
        from core import review_view
        from dom import bot_client
        from pages.replay.learn import Lessons

        self.review_view = review_view
        self.asks = replay.Asks.of(str(js.location.search))
        self.reviewer = bot_client.ReviewWorker()
        self.lessons = Lessons(self.goto, self.reviewer)  # the mistakes mode
        self.review_marks: list[Any] = []  # review_view.marks: the points' steps and words
        self.review_table = ""             # the table's HTML, set when its box is open
        self.review_task: Any = None
        # The review panel is brought into view at its opening, its first figures and its
        # end, until the player does anything (a wheel, a touch, a key, a pointer) or the
        # window is no longer where the page left it (a wheel's scroll can reach the page
        # before its event: the compositor scrolls at once, the event waits for Python).
        self.follow = False
        self.left_at = 0.0  # window.scrollY after the page last brought the panel
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_scrub),
                         create_proxy(self.on_phase), create_proxy(self.on_game),
                         create_proxy(self.on_file), create_proxy(self.on_chart_key),
                         create_proxy(self.on_table_toggle), create_proxy(self.on_resize),
                         create_proxy(self.on_input)]
        for kind in ("wheel", "touchstart", "keydown", "pointerdown"):
            window.addEventListener(kind, self._proxies[8], js_obj({"passive": True}))
        document.addEventListener("click", self._proxies[0])
        el("scrubber").addEventListener("input", self._proxies[1])
        el("phase-select").addEventListener("change", self._proxies[2])
        el("game-select").addEventListener("change", self._proxies[3])
        el("source-file").addEventListener("change", self._proxies[4])
        el("review-chart").addEventListener("keydown", self._proxies[5])
        el("review-table-box").addEventListener("toggle", self._proxies[6])
        window.addEventListener("resize", self._proxies[7])
        self.box: tuple[float, float] | None = None  # the board's width and height at most

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
        self.stop_review()
        self.lessons.clear()
        el("review").hidden = True
        el("viewer").classList.remove("reviewing")
        el("review-start").hidden = False
        self.review_marks, self.review_table = [], ""
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
        self.fit()
        el("step").innerHTML = self.replay.step_html(t, self.at)
        from core import steps  # the event rows with each die's purpose, as in the demos

        el("step-events").innerHTML = steps.event_rows(s.events)
        el("phase-select").innerHTML = self.replay.phases_html(t, self.at)
        el("log").innerHTML = self.replay.log_html(t, self.at)
        current = nn(document.querySelector("#log li.here"))
        if current is not None:
            current.scrollIntoView(js_obj({"block": "nearest"}))
        el("scrubber").value = str(self.at)
        el("scrubber").setAttribute("aria-valuetext", f"action {self.at} of {t.last}")
        el("back").disabled = self.at == 0
        el("forward").disabled = self.at >= t.last
        base = str(js.location.origin) + str(js.location.pathname).rsplit("/", 1)[0] + "/"
        el("fork").href = base + self.session.share_fragment(t.fork(self.at))
        document.body.dataset.step = str(self.at)
        if self.review_marks:
            self.mark_review()

    def fit(self, measure: bool = False) -> None:
        """A phone's plan as the rules demos draw theirs (standalone.fit_plan): the part where
        the step happens at the game's readable scale (pieces 25 px) when the whole plan
        does not fit the board's box, measured once and again after a resize."""
        if self.timeline is not None:
            self.box = fit_plan(el("board"), None if measure else self.box,
                                self.replay.step_places(self.timeline, self.at),
                                leave_whole=True)

    def on_resize(self, _event: Any) -> None:
        if self.timeline is not None:
            self.fit(measure=True)

    # --- events -------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = nn(event.target.closest("[data-command]")) \
            if hasattr(event.target, "closest") else None
        if target is None:
            chart = nn(event.target.closest("#review-chart svg")) \
                if hasattr(event.target, "closest") else None
            if chart is not None and self.review_marks:
                box = chart.getBoundingClientRect()
                fraction = (float(event.clientX) - float(box.left)) / max(float(box.width), 1)
                self.goto(self.review_view.point_at(self.review_marks, fraction))
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
                if nn(target.closest("#review-turning")) is None:
                    el("step").focus()
                else:  # a turning point's Show: the plan at that point brought into view
                    el("step").focus(js_obj({"preventScroll": True}))
                    el("board").scrollIntoView(js_obj({"block": "start"}))
            elif command == "review":
                self.start_review()
            elif command == "review-stop":
                self.stop_review()
            elif command == "review-close":
                self.close_review()
            elif command in LESSON_COMMANDS:
                getattr(self.lessons, LESSON_COMMANDS[command])()
        except Exception as exc:  # never a dead page: say it in plain words
            traceback.print_exc()
            BOOT.report(f"Something went wrong: {exc}")

    # --- the review -----------------------------------------------------------------------

    def start_review(self, asked_at: float | None = None) -> None:
        """Review the game being watched, in the review's worker (progress as it goes).
        `asked_at`: when it was asked for (performance.now(); None: now, a click); the
        page's own ?review= review was asked for at the navigation (0), and takes over the
        run replay.html's first script started then."""
        if self.timeline is None:
            return
        self.stop_review()
        self.lessons.clear()
        el("review").hidden = False
        el("viewer").classList.add("reviewing")
        el("review-start").hidden = True
        el("review-stop").hidden = False
        self.review_marks, self.review_table = [], ""
        for part in ("review-chart", "review-turning", "review-table"):
            el(part).innerHTML = ""
        el("review-status").textContent = self.review_view.status_text(None)
        el("review-progress").value = 0
        early = nn(document.getElementById("review-early"))
        if early is not None:  # its first figures move into the panel (no frame without)
            el("review-chart").innerHTML = early.querySelector(".review-curve").innerHTML
            el("review-turning").innerHTML = early.querySelector(".review-turning").innerHTML
            early.remove()
        self.follow = True  # it opens below the plan (at 1280x800 900 px down)
        self.left_at = bring_review()
        document.body.dataset.review = "running"
        for mark in ("data-review-first-ms", "data-review-ms", "data-review-done-at",
                     *(() if asked_at is not None else ("data-review-first-at",))):
            document.body.removeAttribute(mark)  # (the first figures of an adopted run may
            # be on screen already: replay.html's #review-early set their mark)
        self.review_task = asyncio.ensure_future(self._review(self.timeline, asked_at))

    def close_review(self) -> None:
        """Stop the review and give its place back to the game log."""
        self.stop_review()
        self.lessons.clear()
        el("review").hidden = True
        el("viewer").classList.remove("reviewing")
        el("review-start").hidden = False
        el("review-start").focus()

    def stop_review(self) -> None:
        """Stop a running review (the worker drops it)."""
        if self.review_task is not None and not self.review_task.done():
            self.review_task.cancel()

    async def _review(self, timeline: Any, asked_at: float | None) -> None:
        started = float(js.performance.now())
        body = document.body.dataset
        body.reviewStartedAt = str(round(started))  # performance.now(): its long tasks after
        body.reviewAskedAt = str(round(started if asked_at is None else asked_at))
        base = str(js.location.origin) + str(js.location.pathname).rsplit("/", 1)[0] + "/"
        runs = self.reviewer.review(timeline.record, refine=self.asks.refine, base=base,
                                    budget_s=self.asks.budget,
                                    adopt=asked_at is not None)
        state = "stopped"
        try:
            async for res in runs:
                if self.timeline is not timeline:
                    break
                if res.get("error"):
                    el("review-status").textContent = self.review_view.status_text(res)
                    state = "error"
                    break
                if res.get("table_only"):  # asked for when the table's box opened
                    self.set_table(str(res["table"]))
                    continue
                self.draw_review(res)
                if self.review_marks and not document.body.hasAttribute("data-review-first-ms"):
                    body.reviewFirstMs = str(round(float(js.performance.now()) - started))
                    if not document.body.hasAttribute("data-review-first-at"):
                        on_screen("reviewFirstAt")
                if res["done"]:
                    body.reviewMs = str(round(float(js.performance.now()) - started))
                    on_screen("reviewDoneAt")
                    state = "done"
                    self.lessons.offer(res.get("mistakes", []), timeline.record)
                    if self.asks.learn:
                        self.lessons.start()  # the game-over screen's "Learn from ..."
        except asyncio.CancelledError:
            el("review-status").textContent = "The review was stopped."
        finally:
            await runs.aclose()
            el("review-stop").hidden = True
            body.review = state

    def draw_review(self, res: Any) -> None:
        """The worker's answer: its words and progress; when it drew the panel anew, its
        finished strings set as they are (the table only while its box is open: the worker
        sends it only then, and at the end)."""
        el("review-status").textContent = str(res["status"])
        el("review-progress").value = float(res["progress"])
        if not res.get("drawn"):
            return
        first = not self.review_marks
        self.review_marks = res["marks"]
        el("review-chart").innerHTML = str(res["chart"])
        el("review-turning").innerHTML = str(res["turning"])
        if self.follow and (first or res["done"]):  # it grew: into view again, at the frame
            done = bool(res["done"])
            window.requestAnimationFrame(create_once_callable(lambda *_: self._follow(done)))
        if "table" in res:
            self.set_table(str(res["table"]))
        elif self.review_marks:
            self.mark_review()

    def _follow(self, done: bool) -> None:
        """Bring the review into view again unless the player has scrolled or done anything
        since the page last brought it: run at a frame, when the page has taken that frame's
        scroll and input (a wheel scrolls before its event reaches the page; both arrive at
        the next frame). After the review's end it is followed no more."""
        if not self.follow or el("review").hidden:
            return
        if abs(float(window.scrollY) - self.left_at) > 1:  # the player scrolled
            self.follow = False
            return
        self.left_at = bring_review()
        self.follow = not done

    def set_table(self, table: str) -> None:
        """Keep the table's latest HTML; in the page while its box is open."""
        self.review_table = table
        if el("review-table-box").open:
            el("review-table").innerHTML = table
        if self.review_marks:
            self.mark_review()

    def on_table_toggle(self, _event: Any) -> None:
        """The table is put in the page when its box opens (not at every figure); the
        worker is told, so that it sends the table while the box is open."""
        shown = bool(el("review-table-box").open)
        if self.review_task is not None and not self.review_task.done():
            self.reviewer.show_table(shown)
        if shown and self.review_table:
            el("review-table").innerHTML = self.review_table
            self.mark_review()

    def mark_review(self) -> None:
        """Move the chart's marker, its slider's value and the table's row to the step shown
        (attributes only: the drawing is the worker's)."""
        view = self.review_view
        marks = self.review_marks
        k = view.current_index(marks, self.at)
        svg = nn(document.querySelector("#review-chart svg"))
        if svg is not None:
            svg.setAttribute("aria-valuenow", str(k))
            svg.setAttribute("aria-valuetext", str(marks[k]["words"]))
        here = nn(document.getElementById("review-here"))
        if here is not None:
            x = view.here_x(k, len(marks))
            here.setAttribute("x1", x)
            here.setAttribute("x2", x)
        old = nn(document.querySelector("#review-table tr.here"))
        if old is not None:
            old.classList.remove("here")
            old.removeAttribute("aria-current")
        row = nn(document.querySelector(
            f'#review-table button[data-step="{marks[k]["step"]}"]'))
        if row is not None:
            tr = row.closest("tr")
            tr.classList.add("here")
            tr.setAttribute("aria-current", "step")

    def on_chart_key(self, event: Any) -> None:
        """The chart's slider: arrows, Page Up/Down, Home and End step through the curve."""
        if not self.review_marks or self.timeline is None:
            return
        step = self.review_view.neighbour(self.review_marks, self.at, str(event.key))
        if step != self.at or str(event.key) in ("ArrowRight", "ArrowLeft", "ArrowUp",
                                                 "ArrowDown", "PageUp", "PageDown",
                                                 "Home", "End"):
            event.preventDefault()
            self.goto(step)
            svg = nn(document.querySelector("#review-chart svg"))
            if svg is not None:
                svg.focus()

    def on_input(self, _event: Any) -> None:
        """The player is doing something: the review no longer scrolls itself into view."""
        self.follow = False

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


def bring_review() -> float:
    """The review panel scrolled into the middle of the window unless it is all in view
    (centred: it grows below as its turning points come); one taller than the window shows
    from its top (its chart, then the largest turning points). Returns the window's scrollY
    after it."""
    panel = el("review")
    box = panel.getBoundingClientRect()
    if float(box.top) < 0 or float(box.bottom) > float(window.innerHeight):
        tall = float(box.height) > float(window.innerHeight)
        panel.scrollIntoView(js_obj({"block": "start" if tall else "center"}))
    return float(window.scrollY)


def drop_early() -> None:
    """replay.html's #review-early goes (start_review moves its figures into the panel)."""
    early = nn(document.getElementById("review-early"))
    if early is not None:
        early.remove()


def on_screen(mark: str) -> None:
    """body.dataset[mark] = performance.now() at the next frame: what was just set is then
    drawn on screen (bench/review.py and the e2e tests read these marks)."""
    def at_frame(now: float) -> None:
        setattr(document.body.dataset, mark, str(round(float(now))))

    js.requestAnimationFrame(create_once_callable(at_frame))


def saved_game() -> str:
    """The game page's autosaved game (its envelope, app.py's store and storage.SLOTS' first
    slot), read only; "" if there is none or storage is blocked."""
    from core import storage

    return storage.Store(storage.GAME_PAGE).get(storage.SLOTS[0]) or ""


async def main() -> None:
    try:
        await load_packages()
        BOOT.stage("game", "Opening the game")
        early = getattr(window, "intruderReviewEarly", None)
        if early is not None:  # ?review=: its first figures on screen first (replay.html)
            await early.shown(EARLY_WAIT_MS)
        import intruder_core
        from core import session

        page = ReplayPage()
        freeze_heap()
        window._intruderReplayPage = create_proxy(lambda: page)
        fragment = str(js.location.hash)
        asked = page.asks.review
        if asked is not None:
            page.reviewer.start()  # Python boots in the worker meanwhile
        if session.fragment_code(fragment) is not None:
            page.open_text(fragment)
        elif asked == "saved":
            kept = saved_game()
            if kept:
                page.open_text(kept)
            else:
                el("source-error").textContent = "No game is kept in this browser to review."
        BOOT.ready(js_obj({"engine": intruder_core.__version__, "api": "replay"}))
        page.fit(measure=True)  # the board is laid out now (the boot screen is gone)
        if asked is not None and page.timeline is not None:
            page.start_review(asked_at=0.0)  # asked for by the navigation itself
            return
        drop_early()  # (no game this page could open: no figures of one either)
        if page.timeline is not None:  # a game to watch: its review's worker boots now, so
            # that a click finds it ready
            js.setTimeout(create_once_callable(page.reviewer.start), PREWARM_MS)
    except Exception as exc:
        traceback.print_exc()
        BOOT.fail(f"{type(exc).__name__}: {exc}")

