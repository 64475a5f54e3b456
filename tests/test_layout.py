"""web/py/layout.py on CPython: the part of the plan a small box shows (issue 10, phone)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

from core.station import layout


def inside(box: tuple[int, int, int, int], rect: tuple[int, int, int, int]) -> bool:
    return (box[0] <= rect[0] and box[1] <= rect[1] and rect[0] + rect[2] <= box[0] + box[2]
            and rect[1] + rect[3] <= box[1] + box[3])


def test_a_box_big_enough_shows_the_whole_plan() -> None:
    w, h = layout.VIEWBOX[2] * layout.MIN_SCALE + 1, layout.VIEWBOX[3] * layout.MIN_SCALE + 1
    assert layout.zoom_box(w, h, ["lab"]) == layout.VIEWBOX
    assert layout.zoom_box(w, 0, ["lab"]) == layout.VIEWBOX  # no height limit
    assert layout.zoom_box(0, 0, ["lab"]) == layout.VIEWBOX  # not laid out yet


def test_a_phone_box_shows_the_places_at_a_readable_scale_inside_the_plan() -> None:
    box = layout.zoom_box(366, 340, ["command", "a1", "b1", "c1"])
    assert box[2] * layout.MIN_SCALE <= 366.5 and box[3] * layout.MIN_SCALE <= 340.5
    for room in ("command", "a1"):
        assert inside(box, layout.ROOMS[room]), (room, box)
    for corner in (["dock1"], ["dock2"], ["airlock"], ["infirmary"]):  # clamped to the plan
        x, y, w, h = layout.zoom_box(366, 340, corner)
        vx, vy, vw, vh = layout.VIEWBOX
        assert vx <= x and vy <= y and x + w <= vx + vw and y + h <= vy + vh
        assert inside((x, y, w, h), layout.ROOMS[corner[0]])
    # places too far apart for one window: centred on their middle, same size
    far = layout.zoom_box(366, 340, ["dock1", "dock2"])
    assert far[2:] == box[2:]
    assert layout.zoom_box(366, 340, []) == layout.zoom_box(366, 340, ["command"])


def test_the_toast_sits_away_from_where_the_events_happened() -> None:
    assert layout.toast_edge(["dock1", "b2"]) == "bottom"
    assert layout.toast_edge(["dock2", "power"]) == "top"
    assert layout.toast_edge([]) == "top"


def test_a_part_shows_a_room_only_whole() -> None:
    box = layout.zoom_box(366, 340, ["dock1"])
    assert layout.shows(box, "dock1") and not layout.shows(box, "dock2")
    assert layout.shows(layout.zoom_box(366, 340, ["dock2"]), "dock2")
    assert layout.shows(layout.VIEWBOX, "dock2") and layout.shows(box, "nowhere")


def test_a_place_drawn_grown_is_where_its_box_is_and_a_phone_shows_it_whole() -> None:
    """place_box / place_centre: a compartment's rectangle, or the larger box a crowded one
    is drawn in (render.grown_boxes); the phone's part of the plan holds the grown box."""
    assert layout.place_box("lab") == tuple(float(v) for v in layout.ROOMS["lab"])
    x, y, w, h = layout.ROOMS["lab"]
    assert layout.place_centre("lab") == (x + w / 2, y + h / 2)
    grown = {"lab": (52.0, 192.0, 230.0, 200.0)}
    assert layout.place_box("lab", grown) == grown["lab"]
    assert layout.place_centre("lab", grown) == (167.0, 292.0)
    assert layout.place_box("mess", grown) == tuple(float(v) for v in layout.ROOMS["mess"])
    part = layout.zoom_box(366, 340, ["lab"], grown=grown)
    assert part[0] <= 52 and part[1] <= 192 and part[0] + part[2] >= 52 + 230 \
        and part[1] + part[3] >= 192 + 200
    assert layout.zoom_box(366, 340, ["lab"]) != part
