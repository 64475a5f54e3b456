"""Keyboard play on the station plan, decided from plain data (no DOM).

The plan is one Tab stop (a roving tabindex): arrow keys move the focus to the adjacent
compartment in that direction along the station's passageways (the engine's station graph,
`intruder_core.station.ADJACENT`, placed by the plan's coordinates in layout.py), Enter
selects or moves, `i` opens the room inspector, `a` goes to the selected piece's actions,
`?` lists the shortcuts. app.py wires it; tested on CPython in tests/test_web_keys.py.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from core.station import layout

ARROWS = {"ArrowRight": (1.0, 0.0), "ArrowLeft": (-1.0, 0.0), "ArrowUp": (0.0, -1.0),
          "ArrowDown": (0.0, 1.0)}
# The shortcuts, as the help dialog lists them: (keys, what they do).
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Tab", "Into the station plan (one stop), then on to the actions"),
    ("Arrow keys", "To the next compartment that way along the corridors"),
    ("Enter or Space", "Select your piece here (again: the next one, then the objects you "
                       "may act on), or move the selected piece to this lit compartment, or "
                       "resolve its Interaction; on an object: act on it"),
    ("Arrow keys on an object", "To the next object here; past the last, back to its "
                                "compartment"),
    ("I", "Open the room inspector for this compartment"),
    ("A", "Go to the selected piece's actions (or the first action)"),
    ("Esc", "Let go of the selected piece; stop Autoplay; close a dialog"),
    ("?", "Show these shortcuts"),
)


def adjacent() -> Mapping[str, Sequence[str]]:
    """The station graph: compartment -> its neighbours (the engine's own data)."""
    from intruder_core.station import ADJACENT

    return ADJACENT


def centre(cid: str) -> tuple[float, float]:
    """The middle of a compartment on the plan."""
    x, y, w, h = layout.ROOMS[cid]
    return x + w / 2, y + h / 2


def neighbour(cid: str, key: str, graph: Mapping[str, Sequence[str]] | None = None
              ) -> str | None:
    """The compartment an arrow key leads to from `cid`: the adjacent one whose direction on
    the plan is closest to the arrow's (within 80 degrees), or None when none lies that way."""
    direction = ARROWS.get(key)
    if direction is None or cid not in layout.ROOMS:
        return None
    graph = graph if graph is not None else adjacent()
    x0, y0 = centre(cid)
    best: tuple[float, str] | None = None
    for other in graph.get(cid, ()):
        if other not in layout.ROOMS:
            continue
        x, y = centre(other)
        dx, dy = x - x0, y - y0
        length = math.hypot(dx, dy) or 1.0
        cos = (dx * direction[0] + dy * direction[1]) / length
        if cos < math.cos(math.radians(80)):
            continue
        score = cos - length / 10_000  # the straighter way first, then the nearer
        if best is None or score > best[0]:
            best = (score, other)
    return best[1] if best else None


def own_pieces(view: Mapping[str, Any], cid: str, actions: Sequence[Mapping[str, Any]]
               ) -> list[str]:
    """The shown side's pieces in a compartment that have a legal action: crewmen (by id)
    then counters (by token), in the view's order."""
    crew = {str(a["crew"]) for a in actions if isinstance(a.get("crew"), str)
            and a.get("type") != "intruder_attack"}
    tokens = {str(a["token"]) for a in actions if isinstance(a.get("token"), str)}
    out = [str(c["id"]) for c in view.get("crew", []) if c.get("at") == cid and c["id"] in crew]
    out += [str(c["token"]) for c in view.get("counters", []) if c.get("at") == cid
            and c.get("token") in tokens]
    return out


def enter_target(view: Mapping[str, Any], cid: str, selected: str | None,
                 costs: Mapping[str, int], actions: Sequence[Mapping[str, Any]],
                 objects: Sequence[str] = ()) -> tuple[str, str | None]:
    """What Enter on compartment `cid` does: ("board", None) acts as a click there (move the
    selected piece to a lit compartment, resolve an Interaction, or inspect), ("select", id)
    selects the next of the player's pieces there, ("object", key) goes to the first of the
    `objects` there he may act on (their buttons' data-items) after his last piece."""
    decision = view.get("decision") or {}
    if decision.get("step") == "choose" and cid in (decision.get("compartments") or []):
        return "board", None
    if selected and cid in costs:
        return "board", None
    mine = own_pieces(view, cid, actions)
    stops = [("select", p) for p in mine] + [("object", o) for o in objects[:1]]
    if not stops:
        return "board", None
    after = mine.index(selected) + 1 if selected in mine else 0
    what, target = stops[after % len(stops)]
    return what, target


def object_step(objects: Sequence[str], current: str, key: str) -> str | None:
    """An arrow key on an object button: the next (Right, Down) or previous (Left, Up) object
    the player may act on in that compartment, None past either end (back to the room)."""
    if current not in objects or key not in ARROWS:
        return None
    i = objects.index(current) + (1 if key in ("ArrowRight", "ArrowDown") else -1)
    return objects[i] if 0 <= i < len(objects) else None


def roving_stop(selected_at: str | None, costs: Mapping[str, int], last: str | None,
                pending: Sequence[str] = ()) -> str:
    """The compartment that holds the plan's one Tab stop: where the player last was, else
    where the selected piece stands, else the first Interaction to resolve or lit
    compartment, else the Command Module."""
    for cid in (last, selected_at, *pending, *costs):
        if cid and cid in layout.ROOMS:
            return cid
    return "command"
