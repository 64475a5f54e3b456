"""What the pages page-boot.mjs runs without PyScript (demo.html, replay.html, history.html)
share: their elements and the plan fitted to its box (the packages: packages.py)."""

from __future__ import annotations

from typing import Any

import js

from dom.jsvalue import js_obj, nn

__all__ = ["box_limits", "el", "fit_plan", "js_obj", "next_task", "nn"]



def el(element_id: str) -> Any:
    """The page's element with this id."""
    return js.document.getElementById(element_id)


async def next_task() -> None:
    """Let the browser draw and take input before going on: what follows runs in a later
    task, a timer's (setTimeout 0)."""
    from pyodide.ffi import create_once_callable

    await js.Promise.new(create_once_callable(
        lambda resolve, _reject: js.setTimeout(resolve, 0)))


def box_limits(element: Any) -> tuple[float, float] | None:
    """An element's width and CSS max height in px as laid out (0 for no max height), or
    None while it is not laid out yet (the boot screen shows). Reading them forces a
    layout: callers measure once, and again after a resize."""
    limit = str(js.window.getComputedStyle(element).maxHeight)
    width = float(element.clientWidth)
    return (width, float(limit[:-2]) if limit.endswith("px") else 0.0) if width > 0 else None


def fit_plan(board: Any, box: tuple[float, float] | None, places: list[str],
             leave_whole: bool = False) -> tuple[float, float] | None:
    """Show the part of the board's plan around `places` at the game's readable scale
    (steps.plan_fit) when the whole plan does not fit the board's box, `box` (width, max
    height px; None: measure it now, box_limits). Returns the box, to measure only once
    and again after a resize (None while not laid out). `leave_whole`: a plan that fits is
    left as drawn (a new size lays out all its text again: 0.6 s in a trace)."""
    from core import steps
    from core.station import layout

    svg = nn(board.querySelector("svg"))
    if svg is None:
        return box
    box = box or box_limits(board)
    if box is None:
        return None
    view_box, height = steps.plan_fit(*box, places)
    whole = view_box == layout.VIEWBOX
    if whole and leave_whole:
        if nn(board.getAttribute("data-zoom")) is not None:
            board.removeAttribute("data-zoom")
            svg.style.removeProperty("height")
        return box
    svg.setAttribute("viewBox", " ".join(str(n) for n in view_box))
    svg.style.height = f"{height}px"
    if whole:
        board.removeAttribute("data-zoom")
    else:
        board.dataset.zoom = "part"
    return box
