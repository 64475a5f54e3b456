"""What the demo and replay pages share about a step (both zoom their plan and list the step's
events the same way): where it happens, the part of the plan that shows it, its events as
list items. Pure Python, tested on CPython."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from core.station import layout
from intruder_core import demos


def step_places(f: demos.Frame) -> list[str]:
    """Where a step happens, for the part of the plan a small box shows (as the game's
    Board.zoom_places): the compartment being resolved, else where the step's action and
    events took place (the acting crewman, where pieces went), else the active crew."""
    view: Mapping[str, Any] = f.view or {}
    at = (view.get("decision") or {}).get("at")
    if at:
        return [str(at)]
    crew = {str(c["id"]): str(c["at"]) for c in view.get("crew", [])}
    places: list[str] = []
    action = f.action or {}
    who = action.get("crew")
    for c in who if isinstance(who, list) else [who]:
        if isinstance(c, str) and c in crew:
            places.append(crew[c])
    for where in [action.get("to"), action.get("shuttle"),
                  *(e.get(k) for e in f.events for k in ("at", "to"))]:
        if isinstance(where, str) and where in layout.ROOMS:
            places.append(where)
    if not places:
        places = [str(c["at"]) for c in view.get("crew", []) if c.get("status") == "active"]
    return [p for p in dict.fromkeys(places) if p in layout.ROOMS]


def plan_fit(width_px: float, max_height_px: float, places: list[str]
             ) -> tuple[tuple[int, int, int, int], float]:
    """The viewBox and CSS height of the demo's plan in a box `width_px` wide and at most
    `max_height_px` high: the part around `places` at the game's readable scale
    (layout.zoom_box: 14-unit text at 11 px, tokens 25 px), or the whole plan if it fits."""
    box = layout.zoom_box(width_px, max_height_px, places, scrolls=False)  # it never scrolls
    height = box[3] * width_px / box[2] if width_px > 0 else 0.0
    if max_height_px > 0:
        height = min(height, max_height_px)
    return box, round(height, 1)


def event_rows(events: Iterable[Mapping[str, Any]]) -> str:
    """The step's events as list items; each die says what it was rolled for."""
    out = []
    for e in events:
        kind = str(e.get("type", ""))
        text = escape(str(e.get("text", "")))
        if kind == "roll":
            text = f'<span class="die" aria-hidden="true">{"⚀⚁⚂⚃⚄⚅"[int(e["die"]) - 1]}</span> ' \
                   + text
        cls = {"refused": "refused", "game_over": "over"}.get(kind, "")
        out.append(f'<li class="{cls}" data-event="{escape(kind)}">{text}</li>'
                   if cls else f'<li data-event="{escape(kind)}">{text}</li>')
    return "".join(out) or '<li class="muted">Nothing is rolled or moved in this step.</li>'
