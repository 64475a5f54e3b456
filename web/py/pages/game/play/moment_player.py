"""The moments' player (page glue): puts moments.layer_svg on the board's SVG after an
action, where CSS plays it (app.css, /* moments */), and takes it off when it has played or
the player skips it (a click or Esc; a click on the plan that skips does nothing else, one
elsewhere still does what it does). Also the
Self-Destruct countdown on the plan while it runs. The layout is moments.py's, tested on
CPython."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy

from core import moments
from core.shown import Shown
from core.station import render
from dom.elements import document, el, js, listen, nn, window
from intruder_core import story

if TYPE_CHECKING:
    from pages.game.play.board import Board

LAYER = "st-moments"
COUNTDOWN = "st-countdown"


class MomentPlayer:
    """The moments of the last action on the board, and until when they play."""

    def __init__(self, shown: Shown, settings: dict[str, Any], board: Board) -> None:
        self.shown = shown
        self.settings = settings
        self.board = board        # its parts as drawn (where crowded places grew), its zoom
        self.until = 0.0          # performance.now() when the playing moments end
        self.concern = False      # they hold a moment the shown side must see
        self._timer: Any = None
        self._done = create_proxy(self.skip)
        self._timers: list[Any] = []  # the play's timers: the parts to show
        self._parts: list[tuple[int, int, int, int]] = []  # those parts, in order
        self._rezoom = create_proxy(self.next_part)
        self._release = create_proxy(self.release)
        self._held = False        # a tap skipped them: the part shown waits for its click
        self._swallow = False     # ... and that click does nothing else (issue 28)
        self._proxies = [listen(document, "pointerdown", self.on_pointer),
                         listen(document, "pointerup", self.on_pointer_up),
                         create_proxy(self.on_key), create_proxy(self.on_click)]
        document.addEventListener("keydown", self._proxies[2], True)  # before the page's
        document.addEventListener("click", self._proxies[3], True)

    def pace(self) -> int:
        """A moment's time now: the setting, none when the browser asks for less motion."""
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        return moments.pace_ms(str(self.settings.get("moments", moments.DEFAULT_PACE)),
                               reduced)

    def play(self, told: list[story.Moment], side: str | None) -> None:
        """Draw these moments on the board (after the redraw), replacing any still playing."""
        self.skip()
        svg = nn(el("board").querySelector("svg"))
        shown = str(svg.getAttribute("viewBox") or "").split() if svg is not None else []
        window_box = (float(shown[0]), float(shown[1]), float(shown[2]), float(shown[3])) \
            if len(shown) == 4 else None  # a phone shows part of the plan: captions in it
        zoomed = self.board.zoomed()
        grown = render.grown_boxes(self.board.parts)
        keep = moments.in_hand(self.shown.view, self.shown.selected, grown)
        steps = moments.steps(told, self.pace(), window_box, grown, keep=keep)
        if zoomed is not None and not moments.in_view(steps, window_box):
            steps = moments.steps(told, self.pace(), window_box, grown, zoomed, keep)  # to each
            # one's part; when all are in the part shown, the plan does not move (R67)
        if not steps or svg is None:
            return
        changes = moments.zoom_changes(steps)  # a phone: to each moment's place, in turn
        if changes and changes[0][0] == 0:
            self.board.hold_view(changes.pop(0)[1])
        self._parts = [part for _, part in changes]
        self._timers = [window.setTimeout(self._rezoom, at) for at, _ in changes]
        svg.insertAdjacentHTML("beforeend", moments.layer_svg(steps, LAYER))
        self.grow_pieces()
        self.light_stage(moments.stage_light(steps))
        total = moments.total_ms(steps)
        self.until = float(js.performance.now()) + total
        self.concern = any(story.concerns(m, side or "crew") for m in told)
        document.body.dataset.moments = "playing"
        self._timer = window.setTimeout(self._done, total)

    def next_part(self, *_args: Any) -> None:
        """The next moment plays elsewhere: the phone's plan shows its place."""
        if self._parts:
            self.board.hold_view(self._parts.pop(0))

    def release(self, *_args: Any) -> None:
        """After the skipping tap's click: back to the usual part of a phone's plan (unless
        new moments have taken it meanwhile)."""
        self._swallow = False
        if self._held:
            self._held = False
            self.board.hold_view(None)

    def skip(self, *_args: Any, keep_view: bool = False) -> None:
        """To the end: the layer goes, nothing waits for it any more, and a phone's plan
        shows again the part where things happen now (`keep_view`: after the tap's click,
        so the plan does not move under the finger)."""
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
        for timer in self._timers:
            window.clearTimeout(timer)
        self._timers, self._parts = [], []
        self._held = keep_view and self.board.moment_view is not None
        if not self._held:
            self.board.hold_view(None)
        layer = nn(document.getElementById(LAYER))
        if layer is not None:
            layer.remove()
            self.light_stage(None)
        self.until = 0.0
        self.concern = False
        document.body.dataset.moments = ""

    @staticmethod
    def grow_pieces() -> None:
        """Each piece a metamorphosis grows, copied where it stands into its slot of the layer
        (moments.layer_svg), which CSS scales: the piece itself keeps its place and name."""
        for slot in document.querySelectorAll(f"#{LAYER} [data-grow]"):
            piece = nn(document.getElementById(f"{render.ID}counter-{slot.dataset.grow}"))
            if piece is None:
                continue
            slot.setAttribute("transform", str(piece.getAttribute("transform") or ""))
            slot.setAttribute("class", f"grow-at {piece.getAttribute('class') or ''}")  # colours
            slot.firstElementChild.innerHTML = piece.innerHTML

    @staticmethod
    def light_stage(when: tuple[int, int] | None) -> None:
        """The Life Stage Chart's new row lit while the metamorphosis plays (app.css)."""
        for row in document.querySelectorAll(".stage-chart tr.stage-grown"):
            row.classList.remove("stage-grown")
        row = nn(document.querySelector(".stage-chart tr.current"))
        if when is None or row is None:
            return
        row.style.animationDelay = f"{when[0]}ms"
        row.style.animationDuration = f"{when[1]}ms"
        row.classList.add("stage-grown")

    def left(self) -> float:
        """Seconds the moments the shown side must see still play (0 when none): a computer
        turn waits for them."""
        if not self.concern:
            return 0.0
        return max(0.0, (self.until - float(js.performance.now())) / 1000)

    def on_pointer(self, event: Any) -> None:
        """A click or tap anywhere skips the moments; on the plan only that (its click is
        dropped: no piece moved, no room window under the finger), elsewhere (a button) it
        still does what it does."""
        if self.until:
            self.skip(keep_view=True)
            self._swallow = bool(el("board").contains(event.target))

    def on_pointer_up(self, _event: Any) -> None:
        """The tap that skipped the moments is let go: once its click is dropped (or none
        came: a drag), the plan goes back to its usual part."""
        if self._held or self._swallow:
            window.setTimeout(self._release, 0)

    def on_click(self, event: Any) -> None:
        """The click of a press on the plan that skipped the moments does nothing else."""
        if self._swallow:
            self._swallow = False
            event.preventDefault()
            event.stopImmediatePropagation()

    def on_key(self, event: Any) -> None:
        """Esc skips the moments (and only that, while they play)."""
        if event.key == "Escape" and self.until:
            self.skip()
            event.stopImmediatePropagation()

    def draw_countdown(self) -> None:
        """The Self-Destruct countdown on the plan while it runs (after every redraw)."""
        svg = nn(el("board").querySelector("svg"))
        old = nn(document.getElementById(COUNTDOWN))
        text = moments.countdown_svg(self.shown.view, COUNTDOWN) if self.shown.view else ""
        if old is not None:
            if old.getAttribute("aria-label") in text and text:
                return
            old.remove()
        if text and svg is not None:
            svg.insertAdjacentHTML("beforeend", text)
