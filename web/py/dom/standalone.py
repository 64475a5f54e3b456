"""Shared start-up of the pages demo-boot.mjs runs without PyScript (demo.html, replay.html).

pyodide/loader.mjs has already unpacked the wheels and marked them loaded; `load_packages`
asks for them by name anyway (nothing left to fetch) and proves they import, since loadPackage
can fail without raising.
"""

from __future__ import annotations

import importlib.util
from typing import Any

import js
from jsvalue import js_obj, nn
from pyodide.ffi import create_proxy, to_js

__all__ = ["box_limits", "el", "fit_plan", "js_obj", "load_packages", "nn"]

PACKAGES = ["svgwrite", "intruder-core"]  # names in our pyodide-lock.json


def el(element_id: str) -> Any:
    """The page's element with this id."""
    return js.document.getElementById(element_id)


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
    (demo.plan_fit) when the whole plan does not fit the board's box, `box` (width, max
    height px; None: measure it now, box_limits). Returns the box, to measure only once
    and again after a resize (None while not laid out). `leave_whole`: a plan that fits is
    left as drawn (a new size lays out all its text again: 0.6 s in a trace)."""
    import demo
    import layout

    svg = nn(board.querySelector("svg"))
    if svg is None:
        return box
    box = box or box_limits(board)
    if box is None:
        return None
    view_box, height = demo.plan_fit(*box, places)
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


async def load_packages() -> None:
    """The local wheels, by name from our own lock file; prove they import."""
    import pyodide_js

    js.window.intruderBoot.stage("packages", "Loading the rules engine")
    errors: list[str] = []
    on_error = create_proxy(lambda msg: errors.append(str(msg)))
    try:
        await pyodide_js.loadPackage(to_js(PACKAGES), js_obj({"errorCallback": on_error}))
    finally:
        on_error.destroy()
    if importlib.util.find_spec("svgwrite") is None or \
            importlib.util.find_spec("intruder_core") is None:
        raise RuntimeError("the rules engine did not load (" + ("; ".join(errors) or
                                                              "no error reported") + ")")
