"""The station plan as drawing data: where each compartment sits on the SVG.

Data only, read by render.py. The plan is the mapsheet's (shared/spec/mapsheet.md): the
Command Module in the centre with the Arms Room, Freezer and Computer Room around it, and
three spokes 120 degrees apart, drawn with axis-aligned rectangles so labels stay upright:

- spoke A runs east: A-1, A-2, the Main Airlock; working rooms (Mess, Living) to the north,
  storage to the south;
- spoke B runs up and to the left, 120 degrees from A (stepping up-left row by row): B-1,
  B-2, Shuttle Dock #1; working rooms (Lab, Infirmary) to the west, storage to the east;
- spoke C runs down and to the left, 240 degrees from A: C-1, C-2, Shuttle Dock #2; working
  rooms (Power, Maintenance) to the east, storage to the west;
- each access shaft fills the sector between two spokes and touches its four rooms.

A sideways Y is narrower than an upright one, which matters on a phone where the plan is
drawn at about 300-360 px wide. Coordinates are SVG user units; every gap between rooms is
at least GAP so that passageways (drawn across the gaps) are visible.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

Box = tuple[float, float, float, float]  # x, y, w, h in SVG user units

# The drawing's viewBox: (min x, min y, width, height).
VIEWBOX: Final[tuple[int, int, int, int]] = (0, 0, 666, 872)
GAP: Final[int] = 12

# id -> (x, y, w, h), top-left corner. The 28 compartments, then the two shuttle boxes.
ROOMS: Final[dict[str, tuple[int, int, int, int]]] = {
    # the hub
    "command": (236, 384, 124, 104),
    "freezer": (260, 304, 100, 68),
    "arms": (260, 500, 100, 68),
    "computer": (128, 402, 96, 68),
    # spoke A (east)
    "a1": (372, 400, 100, 72),
    "a2": (484, 400, 100, 72),
    "airlock": (596, 392, 62, 88),
    "mess": (372, 296, 100, 92),
    "living": (484, 296, 100, 92),
    "store_a1": (372, 484, 100, 92),
    "store_a2": (484, 484, 100, 92),
    # spoke B (up and left)
    "b1": (164, 192, 84, 180),
    "b2": (120, 92, 84, 88),
    "dock1": (86, 8, 64, 64),
    "lab": (52, 192, 100, 92),
    "infirmary": (8, 88, 100, 92),
    "store_b1": (260, 192, 100, 92),
    "store_b2": (216, 88, 100, 92),
    # spoke C (down and left)
    "c1": (164, 500, 84, 180),
    "c2": (120, 692, 84, 88),
    "dock2": (86, 800, 64, 64),
    "power": (260, 588, 100, 92),
    "maintenance": (216, 692, 100, 92),
    "store_c1": (52, 588, 100, 92),
    "store_c2": (8, 692, 100, 92),
    # the access shafts, one per sector
    "shaft2": (372, 88, 166, 196),
    "shaft3": (8, 296, 108, 280),
    "shaft1": (372, 588, 166, 196),
    # off the station: the shuttles, beside their docks
    "shuttle1": (162, 8, 200, 64),
    "shuttle2": (162, 800, 200, 64),
}

SHUTTLES: Final[dict[str, str]] = {"shuttle1": "dock1", "shuttle2": "dock2"}

# Short names for labels on the plan (the full names come from intruder_core.station).
SHORT: Final[dict[str, str]] = {
    "command": "Command",
    "arms": "Arms",
    "freezer": "Freezer",
    "computer": "Computer",
    "a1": "A-1", "a2": "A-2", "b1": "B-1", "b2": "B-2", "c1": "C-1", "c2": "C-2",
    "mess": "Mess",
    "living": "Living",
    "lab": "Lab",
    "infirmary": "Infirmary",
    "power": "Power",
    "maintenance": "Maint.",
    "store_a1": "Store A1", "store_a2": "Store A2",
    "store_b1": "Store B1", "store_b2": "Store B2",
    "store_c1": "Store C1", "store_c2": "Store C2",
    "shaft1": "Shaft 1", "shaft2": "Shaft 2", "shaft3": "Shaft 3",
    "airlock": "Airlock",
    "dock1": "Dock 1", "dock2": "Dock 2",
    "shuttle1": "Shuttle 1", "shuttle2": "Shuttle 2",
}

# Where a passageway crosses its gap when the middle of the shared edge would run alongside
# a third room: (a, b) in sorted order -> the x (vertical passage) or y (horizontal passage).
PASSAGE_AT: Final[dict[tuple[str, str], int]] = {
    ("infirmary", "shaft3"): 30,
    ("shaft3", "store_c2"): 30,
}

# Free corners of the plan for the key: (x, y, w, h).
KEY_BOXES: Final[tuple[tuple[int, int, int, int], ...]] = (
    (550, 8, 108, 276),
    (550, 588, 108, 276),
)

# The least scale at which the plan is readable and tappable: 14-unit text at 11 CSS px,
# 32-unit tokens at 25 px (WCAG 2.5.8). A box too small for the whole plan at this scale
# shows the part where things happen (zoom_box).
MIN_SCALE: Final[float] = 0.787
ZOOM_PAD: Final[int] = 16
# A box at least this many CSS px per unit of the plan's width is never zoomed (a desktop's
# board: app.css draws it whole, as high as the window).
SCROLL_SCALE: Final[float] = 1.0


def place_box(place: str, grown: Mapping[str, Box] | None = None) -> Box:
    """Where a place (compartment or shuttle) is drawn, in SVG coordinates: its grown box
    when it is drawn larger to hold its pieces (render.grown_boxes), else its rectangle.
    The hook for anything drawn at a place (moments, toasts)."""
    if grown and place in grown:
        return grown[place]
    x, y, w, h = ROOMS[place]
    return (float(x), float(y), float(w), float(h))


def place_centre(place: str, grown: Mapping[str, Box] | None = None) -> tuple[float, float]:
    """The middle of where a place is drawn (place_box)."""
    x, y, w, h = place_box(place, grown)
    return (x + w / 2, y + h / 2)


def zoom_box(width_px: float, height_px: float, places: list[str],
             centre: str = "command", grown: Mapping[str, Box] | None = None,
             scrolls: bool = True) -> tuple[int, int, int, int]:
    """The part of the plan a `width_px` x `height_px` box shows at MIN_SCALE: the whole plan
    when it fits, else a window of that size around `places` (their bounding box, padded;
    a place drawn grown by its grown box), or around their middle (or `centre`'s) when they
    do not fit, kept inside the plan. A box that `scrolls` (the game's) shows the whole plan
    once it is wide enough to draw it large; one that does not (the demo's) only if it fits."""
    vx, vy, vw, vh = VIEWBOX
    if width_px <= 0 or (scrolls and width_px >= vw * SCROLL_SCALE):  # not laid out yet (a hidden
        return VIEWBOX  # page), or a desktop's board, drawn large: it scrolls, whole
    ww = min(float(vw), width_px / MIN_SCALE)
    wh = min(float(vh), height_px / MIN_SCALE) if height_px > 0 else float(vh)
    if ww >= vw - 0.5 and wh >= vh - 0.5:
        return VIEWBOX
    rects = [place_box(p, grown) for p in places if p in ROOMS] or \
        [place_box(centre if centre in ROOMS else "command")]
    x0 = min(r[0] for r in rects) - ZOOM_PAD
    y0 = min(r[1] for r in rects) - ZOOM_PAD
    x1 = max(r[0] + r[2] for r in rects) + ZOOM_PAD
    y1 = max(r[1] + r[3] for r in rects) + ZOOM_PAD
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    left = min(max(cx - ww / 2, vx), vx + vw - ww)
    top = min(max(cy - wh / 2, vy), vy + vh - wh)
    return (round(left), round(top), round(ww), round(wh))


def toast_edge(places: list[str]) -> str:
    """Which edge of the plan a toast about events at `places` sits on: "bottom" when they
    happened in the upper half (so it does not hide them), else "top"."""
    ys = [ROOMS[p][1] + ROOMS[p][3] / 2 for p in places if p in ROOMS]
    return "bottom" if ys and sum(ys) / len(ys) < VIEWBOX[1] + VIEWBOX[3] / 2 else "top"


def shows(box: tuple[int, int, int, int], place: str,
          grown: Mapping[str, Box] | None = None) -> bool:
    """Whether the part `box` of the plan holds all of compartment `place` (as drawn: its
    grown box when crowded)."""
    if place not in ROOMS:
        return True
    x, y, w, h = place_box(place, grown)
    return box[0] <= x and box[1] <= y and x + w <= box[0] + box[2] and y + h <= box[1] + box[3]
