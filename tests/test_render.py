"""The SVG station plan (web/py/render.py, web/py/layout.py): drawn from the crew view only.

The renderer runs in the browser, but it is plain Python over the crew view, so it is tested
here on CPython with real games: new ones, ones advanced by random legal actions, and
positions (docs/position.md).
"""

from __future__ import annotations

import math
import sys
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from helpers import play_randomly, position, random_play, seeds, swap_identities
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core.station import layout, render
from intruder_core import describe
from intruder_core.station import ADJACENT, COMPARTMENTS, SECURED, SHAFTS

NS = "{http://www.w3.org/2000/svg}"
HIDDEN_WORDS = ("Intruder", "Lab Animal", "Dummy", "intruder", "lab_animal", "dummy",
                "INT", "LAB", "DUM")


# --- helpers ---------------------------------------------------------------------------------


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_attr(root: ET.Element, attr: str) -> dict[str, list[ET.Element]]:
    """Elements carrying a data attribute, by its value."""
    out: dict[str, list[ET.Element]] = {}
    for el in root.iter():
        if attr in el.attrib:
            out.setdefault(el.attrib[attr], []).append(el)
    return out


def texts(el: ET.Element) -> str:
    """The visible text of an element: its <text> descendants (not <title>)."""
    return " ".join("".join(t.itertext()) for t in el.iter(f"{NS}text"))


def title(el: ET.Element) -> str:
    t = el.find(f"{NS}title")
    return "" if t is None else t.text or ""


def games() -> list[ic.Game]:
    """New games and games advanced by random play, some far into the game."""
    out = []
    for seed in range(10):
        out.append(play_randomly(ic.new_game(seed=seed), seed, seed * 23))
    return out


RICH = {
    "seed": 3, "turn": 4, "phase": "crew_movement", "stage": 3, "unlocked": ["arms"],
    "known": ["immune_gas"],
    "crew": {
        "co1": {"at": "mess", "carrying": ["blaster1", "gas1", "dart1"]},
        "so1": {"at": "mess", "carrying": ["cage1"]},
        "so2": {"at": "lab", "carrying": ["dart2"]},
        "en2": {"at": "a1", "carrying": ["flamethrower1", "prod2"]},
        "so3": {"at": "b1"},
        "co3": {"status": "escaped", "at": "shuttle1"},
        "en3": "dead",
    },
    "items": {"cage2": "store_a1", "blaster2": "store_a1"},
    "counters": [
        {"kind": "intruder", "at": "a1", "face_up": True, "controlled_by": "en2"},
        {"kind": "intruder", "at": "mess", "face_up": True, "caged": "cage1"},
        {"kind": "intruder", "at": "shaft1", "face_up": True, "asleep": True},
        {"kind": "lab_animal", "at": "lab", "face_up": True, "held_by": "so2"},
        {"kind": "lab_animal", "at": "store_a1", "face_up": True, "caged": "cage2"},
        {"kind": "dummy", "at": "b2"},
        {"kind": "lab_animal", "at": "b2"},
        {"kind": "intruder", "at": "store_c2"},
    ],
}


def rich() -> ic.Game:
    return ic.Game.from_position(RICH)


# --- the plan --------------------------------------------------------------------------------


def test_layout_has_a_rectangle_and_a_label_for_every_compartment() -> None:
    assert set(layout.ROOMS) == set(COMPARTMENTS) | {"shuttle1", "shuttle2"}
    assert set(layout.SHORT) == set(layout.ROOMS)
    vx, vy, vw, vh = layout.VIEWBOX
    for cid, (x, y, w, h) in layout.ROOMS.items():
        assert w > 0 and h > 0, cid
        assert vx <= x and x + w <= vx + vw and vy <= y and y + h <= vy + vh, cid


def test_no_two_rectangles_overlap_and_every_gap_shows() -> None:
    """Rooms (and shuttles and the key) never overlap; rooms are at least GAP apart so that
    walls and passageways are visible."""
    boxes = dict(layout.ROOMS)
    boxes.update({f"key{i}": b for i, b in enumerate(layout.KEY_BOXES)})
    for (a, (ax, ay, aw, ah)), (b, (bx, by, bw, bh)) in combinations(boxes.items(), 2):
        dx = max(bx - (ax + aw), ax - (bx + bw))  # > 0: apart horizontally
        dy = max(by - (ay + ah), ay - (by + bh))
        assert max(dx, dy) >= layout.GAP, f"{a} and {b} overlap or touch"


def test_passageways_join_every_adjacent_pair_across_the_gap_and_cross_no_room() -> None:
    lines = render.passages()
    pairs = {(a, b) for a, bs in ADJACENT.items() for b in bs if a < b}
    assert {(a, b) for a, b, _, _ in lines} == pairs
    for a, b, p, q in lines:
        assert p[0] == q[0] or p[1] == q[1], f"{a}-{b} is not straight"
        length = math.dist(p, q)
        assert layout.GAP <= length <= 120, f"{a}-{b} is {length} long"
        for end in (p, q):  # each end lies on the edge of one of the two rooms
            assert any(_on_edge(end, layout.ROOMS[r]) for r in (a, b)), (a, b, end)
        for other, rect in layout.ROOMS.items():
            if other not in (a, b):
                assert not _crosses(p, q, rect), f"{a}-{b} crosses {other}"


def _on_edge(pt: tuple[float, float], rect: tuple[int, int, int, int]) -> bool:
    x, y, w, h = rect
    inside = x <= pt[0] <= x + w and y <= pt[1] <= y + h
    return inside and (pt[0] in (x, x + w) or pt[1] in (y, y + h))


def _crosses(p: tuple[float, float], q: tuple[float, float],
             rect: tuple[int, int, int, int]) -> bool:
    """Does the segment come within 2 units of the rectangle (sampled)?"""
    x, y, w, h = rect
    for i in range(101):
        t = i / 100
        px, py = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        if x - 2 < px < x + w + 2 and y - 2 < py < y + h + 2:
            return True
    return False


def _centre(cid: str) -> tuple[float, float]:
    x, y, w, h = layout.ROOMS[cid]
    return x + w / 2, y + h / 2


def _bearing(cid: str) -> float:
    """Degrees anticlockwise from east, seen from the Command Module (SVG y points down)."""
    (hx, hy), (x, y) = _centre("command"), _centre(cid)
    return math.degrees(math.atan2(hy - y, x - hx)) % 360


@pytest.mark.parametrize("spoke, bearing, end", [
    ("a", 0, "airlock"), ("b", 120, "dock1"), ("c", 240, "dock2"),
])
def test_three_spokes_120_degrees_apart_each_ending_in_its_airlock(
        spoke: str, bearing: float, end: str) -> None:
    hub = _centre("command")
    chain = [f"{spoke}1", f"{spoke}2", end]
    distances = [math.dist(hub, _centre(c)) for c in chain]
    assert distances == sorted(distances), "the spoke runs outward"
    for cid in chain:
        off = (_bearing(cid) - bearing + 180) % 360 - 180
        assert abs(off) <= 25, f"{cid} is {off:.0f} degrees off spoke {spoke.upper()}"


def test_hub_rooms_surround_the_command_module_and_shafts_sit_between_spokes() -> None:
    hub = _centre("command")
    for room in ("arms", "freezer", "computer"):
        assert math.dist(hub, _centre(room)) < 130
    bearings = sorted(_bearing(r) for r in ("arms", "freezer", "computer"))
    assert bearings[2] - bearings[0] > 180, "spread around the hub, not on one side"
    # each shaft lies in the sector between the two spokes whose rooms it joins
    for shaft, (lo, hi) in {"shaft2": (0, 120), "shaft3": (120, 240),
                            "shaft1": (240, 360)}.items():
        assert lo < _bearing(shaft) < hi, shaft


def test_shuttles_are_drawn_beside_their_docks() -> None:
    for shuttle, dock in layout.SHUTTLES.items():
        assert math.dist(_centre(shuttle), _centre(dock)) < 150


# --- the drawing -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", games(), ids=lambda g: f"turn{g.turn}-{g.phase}")
def test_svg_parses_and_shows_every_compartment_and_living_crewman(game: ic.Game) -> None:
    view = game.view("crew")
    root = parse(render.render_station(view))
    assert root.tag == f"{NS}svg"
    assert root.find(f"{NS}desc") is not None and root.find(f"{NS}title") is not None
    rooms = with_attr(root, "data-compartment")
    assert set(rooms) == set(COMPARTMENTS)
    for cid, els in rooms.items():
        assert len(els) == 1
        g = els[0]
        assert g.tag == f"{NS}g" and g.attrib["tabindex"] == "0"
        assert g.attrib["role"] == "group"  # not a button: nothing is reachable
        assert layout.SHORT[cid] in texts(g)
        assert g.attrib["aria-label"].startswith(COMPARTMENTS[cid][0])
        assert title(g) == g.attrib["aria-label"]
    crew = with_attr(root, "data-crew")
    items = {i["id"]: i["name"] for i in view["items"]}
    assert not [g for g in root.iter(f"{NS}g") if "data-stack" in g.attrib]  # never stacked
    for c in view["crew"]:
        if c["status"] == "dead" or c["at"] is None:
            assert c["id"] not in crew
            continue
        (token,) = crew[c["id"]]
        label = token.attrib["aria-label"]
        assert c["name"] in label and token.attrib["tabindex"] == "0"
        assert label.endswith(title(token)) and title(token).startswith(c["name"])
        for item in c["carrying"]:
            assert items[item] in label
        if not c["carrying"]:
            assert "empty-handed" in label
        letter = {"command": "C", "science": "S", "engineer": "E"}[c["role"]]
        assert f"{letter}{c['id'][-1]}" in texts(token)


@pytest.mark.parametrize("game", games(), ids=lambda g: f"turn{g.turn}-{g.phase}")
def test_face_down_counters_are_tokens_without_identity(game: ic.Game) -> None:
    view = game.view("crew")
    root = parse(render.render_station(view))
    tokens = with_attr(root, "data-token")
    for c in view["counters"]:
        (el,) = tokens[c["token"]]
        label = el.attrib["aria-label"]
        if c["face_up"]:
            assert describe.KIND_NAMES[c["kind"]] in label
            continue
        shown = " ".join([label, title(el), texts(el), el.attrib["class"]])
        for word in HIDDEN_WORDS:
            assert word not in shown, f"{c['token']} shows {word!r}"
        assert label == f"face-down counter {c['token']}"
        assert "?" in texts(el) and c["token"] in texts(el)
        room = with_attr(root, "data-compartment").get(c["at"])
        if room:
            assert f"face-down counter {c['token']}" in room[0].attrib["aria-label"]


def test_revealed_intruders_and_lab_animals_show_kind_stage_and_state() -> None:
    g = rich()
    view = g.view("crew")
    root = parse(render.render_station(view))
    by_kind: dict[str, list[ET.Element]] = {}
    face_up = {c["token"]: c for c in view["counters"] if c["face_up"]}
    for token, (el,) in with_attr(root, "data-token").items():
        if token in face_up:
            by_kind.setdefault(face_up[token]["kind"], []).append(el)
    labels = {el.attrib["aria-label"]: texts(el) for els in by_kind.values() for el in els}

    def marked(text: str, *marks: str) -> bool:
        return all(m in text for m in marks)

    asleep = [(lab, t) for lab, t in labels.items() if "asleep" in lab]
    assert len(asleep) == 1 and marked(asleep[0][1], "zz", "INT", "L3")
    assert "Life Stage 3" in asleep[0][0]
    controlled = [(lab, t) for lab, t in labels.items() if "controlled by Engineer 2" in lab]
    assert len(controlled) == 1 and marked(controlled[0][1], "ctrl")
    caged = [lab for lab in labels if lab.startswith("Intruder") and "caged" in lab]
    assert len(caged) == 1
    held = [(lab, t) for lab, t in labels.items() if "held by Science Officer 2" in lab]
    assert len(held) == 1 and marked(held[0][1], "LAB", "held")
    # the crewmen are marked too
    for crew_id, words, mark in (("so2", "holding Lab Animal", "+LAB"),
                                 ("en2", "controlling Intruder", "+INT"),
                                 ("so1", "Cage 1 holding Intruder", "")):
        name = next(c["name"] for c in view["crew"] if c["id"] == crew_id)
        found = [(lab, t) for lab, t in labels.items() if lab.startswith(name)]
        token = with_attr(root, "data-crew").get(crew_id)
        if token:
            found.append((token[0].attrib["aria-label"], texts(token[0])))
        assert any(words in lab and marked(t, mark) for lab, t in found), crew_id
    # a cage lying in a compartment shows what it holds
    store = with_attr(root, "data-compartment")["store_a1"][0].attrib["aria-label"]
    assert "Cage 2 holding Lab Animal" in store and "Blaster 2" in store


def test_compartment_label_lists_what_is_there() -> None:
    g = ic.Game.from_position({
        "seed": 1, "phase": "crew_movement",
        "crew": {"co2": {"at": "mess", "carrying": ["blaster1"]}, "so3": {"at": "lab"}},
        "counters": [{"kind": "dummy", "at": "mess"}, {"kind": "intruder", "at": "dock2"}],
    })
    view = g.view("crew")
    token = next(c["token"] for c in view["counters"] if c["at"] == "mess")
    root = parse(render.render_station(view))
    label = with_attr(root, "data-compartment")["mess"][0].attrib["aria-label"]
    assert label.startswith("Crew's Mess: Command Officer 2 carrying Blaster 1")
    assert label.endswith(f"; face-down counter {token}")
    assert "Dummy" not in label
    empty = with_attr(root, "data-compartment")["store_a2"][0].attrib["aria-label"]
    assert empty == "Storage A-2: empty"


def test_items_lying_in_compartments_are_drawn() -> None:
    view = ic.new_game(seed=5).view("crew")
    root = parse(render.render_station(view))
    arms = with_attr(root, "data-compartment")["arms"][0].attrib["aria-label"]
    for name in ("Blaster 1", "Blaster 3", "Gas Canister 2", "Sleep Dart Pistol 3"):
        assert name in arms
    chips = " ".join(texts(el) for el in root.iter(f"{NS}g")
                     if "item" in el.attrib.get("class", "").split())
    assert "Cg×4" in chips  # the Laboratory's cages; the Arms Room is too small for 3 chips:
    (chip,) = [g for g in root.iter(f"{NS}g") if g.attrib.get("id") == "st-objects-arms"]
    assert texts(chip) == "9 objects" and chip.attrib["role"] == "img"  # says what it counts
    assert chip.attrib["aria-label"].startswith("9 objects: Blaster 1, Blaster 2")
    assert len(chip.attrib["data-items"].split()) == 9


def test_escaped_crew_ride_in_their_shuttle() -> None:
    root = parse(render.render_station(rich().view("crew")))
    (shuttle,) = with_attr(root, "data-shuttle")["shuttle1"]
    inside = {el.attrib["data-crew"] for el in shuttle.iter() if "data-crew" in el.attrib}
    assert inside == {"co3"}
    assert "Command Officer 3" in shuttle.attrib["aria-label"]
    assert "en3" not in with_attr(root, "data-crew")  # dead


def test_reachable_compartments_are_buttons_with_their_cost() -> None:
    view = ic.new_game(seed=2).view("crew")
    reachable = {"a1": 1, "shaft2": 2, "living": 1}
    root = parse(render.render_station(view, reachable=reachable))
    for cid, (g,) in with_attr(root, "data-compartment").items():
        if cid in reachable:
            assert g.attrib["role"] == "button"
            assert f"{reachable[cid]} MP" in texts(g)
            assert f"reachable for {reachable[cid]} movement point" in g.attrib["aria-label"]
        else:
            assert g.attrib["role"] != "button"
            assert "MP" not in texts(g).replace("entry 2 MP", "")


def test_controls_are_named_starting_with_their_visible_text() -> None:
    """Label in Name (WCAG 2.5.3, axe's label-content-name-mismatch): a speech user says
    what he sees ("click C2"), so every button's name begins with its visible words."""
    view = rich().view("crew")
    root = parse(render.render_station(view, selected="so2", reachable={"a1": 1, "shaft2": 2}))
    buttons = [el for el in root.iter() if el.attrib.get("role") == "button"]
    assert len(buttons) == 2 + sum(1 for c in view["crew"] if c["status"] != "dead")
    for el in buttons:
        visible = " ".join(texts(el).split())
        assert visible and el.attrib["aria-label"].startswith(visible + ": "), visible


def test_locked_and_unlocked_secured_rooms_differ_in_text() -> None:
    closed = parse(render.render_station(ic.new_game(seed=1).view("crew")))
    # a Command Officer in the Command Module unlocks the Arms Room (Crew Movement Phase)
    g = ic.Game.from_position({"seed": 1, "phase": "crew_movement",
                               "counters": [{"kind": "intruder", "at": "dock2"}]})
    g.apply(ic.Action.make("unlock", crew="co1", room="arms"))
    assert g.view("crew")["unlocked"] == ["arms"]
    opened = parse(render.render_station(g.view("crew")))
    for room in SECURED:
        (el,) = with_attr(closed, "data-compartment")[room]
        assert "LOCKED" in texts(el) and "(locked)" in el.attrib["aria-label"]
    (arms,) = with_attr(opened, "data-compartment")["arms"]
    assert "OPEN" in texts(arms) and "LOCKED" not in texts(arms)
    assert "(unlocked)" in arms.attrib["aria-label"]
    (freezer,) = with_attr(opened, "data-compartment")["freezer"]
    assert "LOCKED" in texts(freezer)


def test_selected_crewman_and_focus_are_marked_in_text_and_state() -> None:
    view = ic.new_game(seed=4).view("crew")
    root = parse(render.render_station(view, selected="co2", focus="mess"))
    crew = with_attr(root, "data-crew")
    assert crew["co2"][0].attrib["aria-pressed"] == "true"
    assert crew["co2"][0].attrib["aria-label"].endswith("selected")
    assert all(els[0].attrib["aria-pressed"] == "false" for c, els in crew.items() if c != "co2")
    (mess,) = with_attr(root, "data-compartment")["mess"]
    assert mess.attrib.get("aria-current") == "true" and "current" in mess.attrib["aria-label"]


def test_board_svg_marks_the_interaction_being_resolved() -> None:
    """An Intruder met in an Interaction Phase: the Sub-routine in A1 is marked, and only it."""
    g = position(phase="interaction1", crew={"co1": {"at": "a1"}},
                 counters=[{"kind": "intruder", "at": "a1"}])
    assert g.view("crew")["decision"].get("at") == "a1"
    root = parse(render.board_svg(g.view("crew")))
    marked = [at for at, rooms in with_attr(root, "data-compartment").items()
              for room in rooms if room.attrib.get("aria-current") == "true"]
    assert marked == ["a1"]


@pytest.mark.parametrize("game", [*games()[::3], rich()], ids=lambda g: f"turn{g.turn}")
def test_ids_are_unique_and_stable(game: ic.Game) -> None:
    svg = render.render_station(game.view("crew"), selected="co1", reachable={"a1": 1})
    ids = [el.attrib["id"] for el in parse(svg).iter() if "id" in el.attrib]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(render.ID) for i in ids)
    assert {f"{render.ID}room-{c}" for c in COMPARTMENTS} <= set(ids)


def test_rendering_is_deterministic() -> None:
    for g in [*games(), rich()]:
        view = g.view("crew")
        once = render.render_station(view, selected="so1", reachable={"b1": 1}, focus="lab")
        again = render.render_station(g.view("crew"), selected="so1", reachable={"b1": 1},
                                      focus="lab")
        copy = ic.Game.from_json(g.to_json()).view("crew")
        assert once == again == render.render_station(copy, selected="so1", reachable={"b1": 1},
                                                      focus="lab")


def test_the_renderer_never_reads_hidden_state() -> None:
    swapped = 0
    for seed in range(12):
        g = play_randomly(ic.new_game(seed=seed), seed, seed * 15)
        svg = render.render_station(g.view("crew"))
        other = ic.Game.from_json(g.to_json())
        if swap_identities(other):
            swapped += 1
            assert render.render_station(other.view("crew")) == svg
        other.dice.seed += 1  # the dice still to come
        other.dice.script = [1, 2, 3]
        assert render.render_station(other.view("crew")) == svg
    assert swapped >= 6


def test_the_renderer_takes_only_the_view() -> None:
    """A view that went through JSON (as it would from a worker) renders the same."""
    import json

    view = rich().view("crew")
    assert render.render_station(json.loads(json.dumps(view))) == render.render_station(view)


ALL_CREW = ("co1", "co2", "co3", "so1", "so2", "so3", "en1", "en2", "en3")


def crowded_lab() -> ic.Game:
    """Every crewman, the revealed Intruder (asleep), a held Lab Animal, a face-down counter
    and objects in the Laboratory: far more than its box holds at full size."""
    crew: dict[str, Any] = {c: {"at": "lab"} for c in ALL_CREW}
    crew["co1"]["carrying"] = ["blaster1", "gas1"]
    crew["so2"]["carrying"] = ["dart1"]
    return ic.Game.from_position({
        "seed": 1, "phase": "crew_movement", "stage": 3, "crew": crew,
        "counters": [{"kind": "intruder", "at": "lab", "face_up": True, "asleep": True},
                     {"kind": "lab_animal", "at": "lab", "face_up": True, "held_by": "so3"},
                     {"kind": "dummy", "at": "lab"}],
        "items": {"blaster2": "lab", "prod1": "lab", "flamethrower1": "lab"}})


def _inside(el: ET.Element, box: tuple[float, float, float, float]) -> bool:
    tx, ty, scale = _transform(el.attrib["transform"])
    return box[0] <= tx <= box[0] + box[2] and box[1] <= ty <= box[1] + box[3] and scale == 1


def test_a_crowded_room_grows_and_shows_every_crewman_and_counter_as_a_piece() -> None:
    """The crowded Laboratory: each crewman, the Intruder, the Lab Animal and the face-down
    counter a token of its own (never a stack with a count), named with who and where;
    drawn at full size in the room grown over the plan (an inset holding its rectangle)."""
    g = crowded_lab()
    view = g.view("crew")
    parts = render.station_parts(view, selected="so2", reachable={"b1": 1, "infirmary": 1})
    root = parse(render.assemble(parts))
    assert not [el for el in root.iter(f"{NS}g") if "data-stack" in el.attrib]
    (inset,) = [el for el in root.iter(f"{NS}g") if "data-inset" in el.attrib]
    assert inset.attrib["data-inset"] == "lab"
    box = render.grown_boxes(parts)["lab"]
    x, y, w, h = layout.ROOMS["lab"]
    assert box[0] <= x and box[1] <= y and x + w <= box[0] + box[2] \
        and y + h <= box[1] + box[3], "the inset holds the room it grows"
    assert box[2] > w and box[3] > h
    crew = with_attr(inset, "data-crew")
    assert set(crew) == set(ALL_CREW)
    for c in view["crew"]:
        (token,) = crew[c["id"]]
        label = token.attrib["aria-label"]
        assert f"{c['name']}, Laboratory" in label and token.attrib["role"] == "button"
        assert _inside(token, box)
    assert "Science Officer 2, Laboratory, carrying Sleep Dart Pistol 1, " \
        in crew["so2"][0].attrib["aria-label"]
    counters = with_attr(inset, "data-token")
    assert len(counters) == 3
    assert all(_inside(el, box) for els in counters.values() for el in els)
    kinds = {t["token"]: t for t in view["counters"]}
    words = {kinds[t].get("kind") or "face down": els[0] for t, els in counters.items()}
    assert "Life Stage 3" in words["intruder"].attrib["aria-label"]
    assert "asleep" in words["intruder"].attrib["aria-label"]
    assert {"INT", "L3", "zz"} <= set(texts(words["intruder"]).split())  # marks on the piece
    assert "held by Science Officer 3" in words["lab_animal"].attrib["aria-label"]
    assert "held" in texts(words["lab_animal"]).split()
    assert words["face down"].attrib["aria-label"].startswith("face-down counter")
    # nothing of the room's own box is drawn under the inset
    assert not list(with_attr(root, "data-at")) or all(
        el in list(inset.iter()) for els in with_attr(root, "data-at").values() for el in els
        if el.attrib.get("data-at") == "lab")
    # its objects fold into one chip saying what it counts
    chips = [el for el in inset.iter(f"{NS}g") if "kind-objects" in el.attrib.get("class", "")]
    (chip,) = chips
    assert texts(chip).split() == ["+7", "objects"]  # its four cages and the three left
    label = chip.attrib["aria-label"]
    assert label.startswith("7 objects: ") and "Cage 1" in label
    assert all(n in label for n in ("Blaster 2", "Electric Prod 1", "Flamethrower 1"))


def test_nine_crewmen_in_the_command_module_are_nine_pieces() -> None:
    crew: dict[str, Any] = {c: {"at": "command"} for c in ALL_CREW}
    crew["en1"]["carrying"] = ["blaster1", "gas1", "dart1"]
    g = ic.Game.from_position({"seed": 1, "phase": "crew_movement", "crew": crew,
                               "counters": [{"kind": "intruder", "at": "dock2"}]})
    parts = render.station_parts(g.view("crew"), selected="co1",
                                 reachable={"a1": 1, "arms": 1})
    root = parse(render.assemble(parts))
    box = render.grown_boxes(parts)["command"]
    crew_els = with_attr(root, "data-crew")
    assert set(crew_els) == set(ALL_CREW)
    assert all(_inside(els[0], box) for els in crew_els.values())
    names = [els[0].attrib["aria-label"] for els in crew_els.values()]
    assert len(set(names)) == 9
    # the grown box keeps off the lit compartments where it can
    for lit in ("a1", "arms"):
        assert render._overlap(box, layout.ROOMS[lit]) == 0


def test_an_inset_goes_where_it_covers_fewest_pieces() -> None:
    """inset_box: the grown box always holds its room and stays inside the plan, and moves
    off a neighbour with pieces when another way is free."""
    size = (190.0, 170.0)
    free = render.inset_box("lab", size, occupied=[], lit=[])
    crowded = render.inset_box("lab", size, occupied=["b1", "store_b1", "shaft3"], lit=[])
    vx, vy, vw, vh = layout.VIEWBOX
    for box in (free, crowded):
        x, y, w, h = layout.ROOMS["lab"]
        assert box[0] <= x and box[1] <= y and x + w <= box[0] + box[2] \
            and y + h <= box[1] + box[3]
        assert vx <= box[0] and box[0] + box[2] <= vx + vw and vy <= box[1] \
            and box[1] + box[3] <= vy + vh
    covered = sum(render._overlap(crowded, layout.ROOMS[p]) for p in ("b1", "store_b1",
                                                                      "shaft3"))
    assert covered < sum(render._overlap(free, layout.ROOMS[p])
                         for p in ("b1", "store_b1", "shaft3"))


def test_a_crowded_shuttle_grows_too_and_its_grown_box_is_no_compartment_to_tap() -> None:
    crew: dict[str, Any] = {c: {"at": "shuttle1"} for c in ALL_CREW[:8]}
    crew["en3"] = {"at": "dock1"}
    g = ic.Game.from_position({"seed": 1, "phase": "crew_movement", "crew": crew,
                               "counters": [{"kind": "intruder", "at": "dock2"}]})
    parts = render.station_parts(g.view("crew"))
    box = render.grown_boxes(parts)["shuttle1"]
    x, y, _, h = layout.ROOMS["shuttle1"]
    assert box[0] <= x and box[1] <= y and box[3] > h
    root = parse(parts["st-insets"])
    (inset,) = with_attr(root, "data-grown")["shuttle1"]  # (a part: no namespace)
    assert "data-inset" not in inset.attrib  # a tap there moves nobody into the shuttle
    assert set(with_attr(inset, "data-crew")) == set(ALL_CREW[:8])
    assert "data-crew" not in parts["st-shuttle-shuttle1"]  # drawn once, in the grown box


def test_a_room_that_fits_is_not_grown() -> None:
    g = ic.Game.from_position({"seed": 1, "phase": "crew_movement",
                               "crew": {"co1": {"at": "command"}, "co2": {"at": "command"}},
                               "counters": [{"kind": "intruder", "at": "dock2"}]})
    parts = render.station_parts(g.view("crew"))
    assert render.grown_boxes(parts) == {}
    assert parts["st-insets"] == '<g id="st-insets" />'


def test_a_room_that_fits_its_pieces_shows_each_one() -> None:
    g = ic.Game.from_position({"seed": 1, "phase": "crew_movement",
                               "crew": {"co1": {"at": "command"}, "co2": {"at": "command"},
                                        "co3": {"at": "command"}},
                               "counters": [{"kind": "intruder", "at": "dock2"}]})
    root = parse(render.render_station(g.view("crew")))
    assert {"co1", "co2", "co3"} <= set(with_attr(root, "data-crew"))
    assert not [el for el in root.iter(f"{NS}g") if el.attrib.get("data-stack") == "command"]


def test_no_text_on_the_plan_is_smaller_than_the_least_size() -> None:
    """Every font size on the plan is at least render.SUB user units (11 CSS px at the
    smallest scale the page draws it at; e2e measures the pixels)."""
    import re

    sizes = [float(v) for v in re.findall(r"font-size: ([0-9.]+)px", render.STYLE)]
    assert sizes and min(sizes) >= render.SUB


def _transform(t: str) -> tuple[float, float, float]:
    """translate(x,y) [scale(s)] -> (x, y, s)."""
    head, _, rest = t.partition(")")
    x, y = (float(v) for v in head.removeprefix("translate(").split(","))
    scale = float(rest.strip().removeprefix("scale(").rstrip(")")) if rest.strip() else 1.0
    return x, y, scale


def test_shafts_say_what_they_cost() -> None:
    root = parse(render.render_station(ic.new_game(seed=1).view("crew")))
    for shaft in SHAFTS:
        (el,) = with_attr(root, "data-compartment")[shaft]
        assert "2 MP" in texts(el)


# --- the plan in parts (the page swaps only the parts that changed) --------------------------


def _fresh_parts(view: dict[str, Any], **kw: Any) -> dict[str, str]:
    """station_parts with nothing remembered: every part drawn from the view."""
    render._MEMO.clear()
    return render.station_parts(view, **kw)


@settings(max_examples=len(seeds(10)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), pick=st.integers(0, 50))
def test_a_remembered_part_is_the_part_drawn_afresh(seed: int, steps: int, pick: int) -> None:
    """Along a random game, the parts drawn with what earlier positions left in the memo are
    those drawn from nothing: its keys hold everything a part's drawing reads."""
    g = ic.new_game(seed=seed)
    render._MEMO.clear()
    for step, _ in enumerate(random_play(g, seed, steps)):
        view = g.view("crew")
        active = [c["id"] for c in view["crew"] if c.get("status") == "active"]
        selected = active[(pick + step) % len(active)] if active and step % 3 else None
        reachable = {"a1": 1, "mess": 2} if step % 2 else {}
        focus = (view.get("decision") or {}).get("at")
        remembered = render.station_parts(view, selected=selected, reachable=reachable,
                                          focus=focus)
        saved = dict(render._MEMO)
        assert remembered == _fresh_parts(view, selected=selected, reachable=reachable,
                                          focus=focus)
        render._MEMO.update(saved)


def test_each_part_is_one_element_with_its_id_and_the_plan_is_its_parts() -> None:
    g = rich()
    parts = render.station_parts(g.view("crew"), selected="co1", reachable={"a1": 1})
    assert list(parts) == render.part_ids()
    for part_id, text in parts.items():
        assert ET.fromstring(text).attrib["id"] == part_id
    svg = render.render_station(g.view("crew"), selected="co1", reachable={"a1": 1})
    root = parse(svg)
    found = {el.attrib["id"] for el in root.iter() if "id" in el.attrib}
    assert set(parts) <= found
    assert not any(i.startswith(render.SLOT) for i in found)
    for text in parts.values():
        assert text in svg


def test_a_selection_changes_only_the_parts_it_shows() -> None:
    """Selecting a crewman redraws his place's pieces and the reachable rooms, nothing else."""
    g = ic.new_game(seed=3)
    view = g.view("crew")
    crew = next(c for c in view["crew"] if c.get("status") == "active")
    before = render.station_parts(view)
    after = render.station_parts(view, selected=crew["id"], reachable={"a1": 1})
    changed = {k for k in before if before[k] != after[k]}
    assert changed == {f"{render.ID}at-{crew['at']}", f"{render.ID}room-a1",
                       f"{render.ID}desc", *({f"{render.ID}at-a1"} if any(
                           c["at"] == "a1" for c in view["crew"]) else set())}


def test_the_preview_is_the_empty_plan_as_a_picture() -> None:
    """The boot screen's picture: every compartment and shuttle drawn as on the plan, but no
    words (they would be under 11 px there), no controls and no id but the hatching's."""
    svg = render.preview_svg()
    root = parse(svg)
    assert root.attrib["aria-hidden"] == "true"
    boxes = [el for el in root.iter(f"{NS}rect") if el.attrib.get("class") == "room-box"]
    assert len(boxes) == len(COMPARTMENTS)
    assert not list(root.iter(f"{NS}text")) and not list(root.iter(f"{NS}title"))
    assert [el.attrib["id"] for el in root.iter() if "id" in el.attrib] == [f"{render.ID}hatch"]
    assert not [el for el in root.iter() if {"tabindex", "role", "aria-label"} & set(el.attrib)]
    full = render.render_station({})
    for box in boxes:  # the same boxes where the plan draws them
        assert f'x="{box.attrib["x"]}" y="{box.attrib["y"]}"' in full


def test_casualties_are_drawn_where_they_fell_and_never_as_live_tokens() -> None:
    game = ic.new_game(seed=52)  # Self Defense: Engineer 1 dies in Power (improvised attack)
    game.apply(next(a for a in game.legal_actions() if a.type == "defend"
                    and "improvised" in a.label))
    log = [ev.to_dict() for ev in game.log]
    assert ("dead", "en1", "power") in render.casualties(log)
    layer = ET.fromstring(render.casualties_svg(game.view("crew"), log))
    chips = [g for g in layer.iter() if "casualty" in (g.get("class") or "").split()]
    assert [c.get("aria-label") for c in chips] == ["Engineer 1, dead: killed here"]
    assert all(c.get("role") == "img" and c.get("tabindex") is None and c.get("data-crew") is None
               for c in chips)
    # the live plan has no token for him
    assert 'data-crew="en1"' not in render.render_station(game.view("crew"))
    # an Intruder killed in an Interaction, one frozen: where the rules keep them
    events = [{"type": "reveal", "token": "c4", "at": "b1"},
              {"type": "interaction", "at": "lab"},
              {"type": "intruder_killed", "token": "c9"},
              {"type": "phase"},
              {"type": "intruder_killed", "token": "c4"},
              {"type": "frozen", "token": "c7"}]
    assert render.casualties(events) == [("killed", "c9", "lab"), ("killed", "c4", "b1"),
                                         ("frozen", "c7", "freezer")]


def test_svg_text_is_svgwrite_tostring_without_the_utf8_round_trip() -> None:
    """render.svg_text writes an element as svgwrite's tostring() does (CDATA style, escaping,
    marks outside ASCII), straight to text."""
    import svgwrite

    dwg = svgwrite.Drawing(profile="full", debug=False)
    dwg.defs.add(dwg.style("a > b { fill: red }"))
    group = dwg.add(dwg.g(id="st-x", class_="casualty dead", aria_label="Dead: \"Kane\" & co"))
    group.add(dwg.text("✝2 ❄ <Lab>", insert=(1.5, 2)))
    group.add(dwg.rect((0, 0), (3, 4), rx=1))
    for element in (dwg, group):
        assert render.svg_text(element) == element.tostring()
    assert "<![CDATA[" in render.svg_text(dwg) and "✝2 ❄ &lt;Lab&gt;" in render.svg_text(group)


# --- stable slots (issue 28 item 2) -----------------------------------------------------------


def _in_mess(crew: tuple[str, ...], held: dict[str, dict[str, tuple[float, float]]]
             ) -> dict[str, dict[str, tuple[float, float]]]:
    """Where the pieces are drawn with `crew` in the Crew's Mess, the last drawing `held`."""
    return render.placements(render.station_parts(ic.Game.from_position({
        "seed": 1, "phase": "crew_movement", "crew": {c: {"at": "mess"} for c in crew},
        "counters": [{"kind": "intruder", "at": "dock2"}],
    }).view("crew"), held=held))


def test_a_piece_that_stays_keeps_its_spot_when_another_leaves_or_enters() -> None:
    three = _in_mess(("co1", "co2", "so1"), {})
    two = _in_mess(("co2", "so1"), three)
    assert two["mess"] == {k: v for k, v in three["mess"].items() if k != "st-crew-co1"}
    came = _in_mess(("co2", "so1", "en1"), two)  # nobody re-centres, either way
    assert {k: came["mess"][k] for k in two["mess"]} == two["mess"]
    assert "st-crew-en1" in came["mess"]
    fresh = _in_mess(("co2", "so1", "en1"), {})  # drawn afresh: centred as ever
    assert set(fresh["mess"]) == set(came["mess"]) and fresh["mess"] != came["mess"]


def test_held_spots_never_overlap_and_mostly_hold_through_a_random_game() -> None:
    g = ic.new_game(seed=4)
    held: dict[str, dict[str, tuple[float, float]]] = {}
    stayed = kept = 0
    for _turn in random_play(g, 4, steps=150):
        parts = render.station_parts(g.view("crew"), held=held)
        now = render.placements(parts)
        root = parse("<svg xmlns='http://www.w3.org/2000/svg'>" + "".join(
            parts[f"st-at-{cid}"] for cid in COMPARTMENTS) + "</svg>")
        boxes = {el.attrib["id"]: el for el in root.iter(f"{NS}g")
                 if el.attrib.get("id", "").startswith(("st-crew", "st-counter"))}
        for cid, spots in now.items():
            for a, b in combinations([k for k in spots if k in boxes], 2):
                (ax, ay), (bx, by) = spots[a], spots[b]
                assert abs(ax - bx) >= 30 or abs(ay - by) >= 30, (cid, a, b, spots)
            for piece, spot in spots.items():
                if piece in held.get(cid, {}):
                    stayed += 1
                    kept += spot == held[cid][piece]
        held = now
    assert stayed > 100 and kept / stayed > 0.95, (kept, stayed)


def test_a_grown_room_keeps_its_pieces_spots_and_its_size_when_one_leaves() -> None:
    crew = ("co1", "co2", "co3", "so1", "so2", "so3", "en1", "en2", "en3")

    def panic(away: tuple[str, ...], held: dict[str, dict[str, tuple[float, float]]]
              ) -> dict[str, dict[str, tuple[float, float]]]:
        return render.placements(render.station_parts(ic.Game.from_position({
            "seed": 7, "turn": 3, "phase": "crew_movement", "stage": 2,
            "crew": {c: {"at": "a1" if c in away else "command"} for c in crew},
            "counters": [{"kind": "intruder", "at": "b2"}],
        }).view("crew"), held=held))

    nine = panic((), {})
    grown = nine[render.GROWN + "command"]
    assert len(grown) == 2 + 9  # its box, where it is, and each crewman
    eight = panic(("en3",), nine)[render.GROWN + "command"]
    assert eight == {k: v for k, v in grown.items() if k != "st-crew-en3"}
    fresh = panic(("en3",), {})[render.GROWN + "command"]
    assert fresh != eight  # drawn afresh it lays out anew
