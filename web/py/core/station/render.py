"""The station plan as SVG, drawn from the crew's view of the game and nothing else.

`render_station(view)` is a pure function: the same view (and options) always gives the same
string, and it reads only `game.view("crew")` (docs/api.md) plus the station's and charts'
names, so it cannot show what the crew does not know. The page glue (board.py) puts the string
into the page and finds the parts by their data attributes:

- compartments: `<g class="room" data-compartment="mess">`, `role="button"` when reachable;
- crewmen: `<g class="crew" data-crew="co2">`; counters: `<g class="counter" data-token="c4">`;
- shuttles: `<g class="shuttle" data-shuttle="shuttle1">`;
- a place too small for its pieces at full size, drawn grown over the plan (its pieces in it,
  every crewman and counter a token of its own): `<g class="inset" data-inset="lab"
  data-grown="lab" data-box="x y w h">` (no data-inset for a shuttle), in the `st-insets` layer.

Tokens are drawn in their own layer above the rooms, not inside the room groups, so that a
focusable crew token is never nested inside a room that is a button (nested controls are an
accessibility error). Every fact shown by colour is also shown by text or shape.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any
from xml.etree import ElementTree as ET

import svgwrite
from svgwrite.container import Group  # type: ignore[import-untyped]

from core.station import (
    layout,  # web/py/layout.py: the plan's coordinates (a sibling module, like this one)
)
from core.station.board_input import LAB_CAGES
from intruder_core.charts import OBJECTS, ROLES
from intruder_core.describe import KIND_SHORT, counter_states, entry_words, kind_name
from intruder_core.event_types import EventData
from intruder_core.phase_names import PHASE_NAMES
from intruder_core.station import (
    ADJACENT,
    AIRLOCK_CONTROL,
    COMPARTMENTS,
    PERMANENT_CAGES_AT,
    SECURED,
    SHAFTS,
)
from intruder_core.station import name as place_name
from intruder_core.view import CounterView, CrewView, ItemView, View, ViewIndex

ITEM_ABBR: dict[str, str] = {
    "blaster": "Bl", "dart": "Dt", "gas": "Gs", "prod": "Pr", "flamethrower": "Fl", "cage": "Cg",
}
ROLE_LETTER: dict[str, str] = {"command": "C", "science": "S", "engineer": "E"}
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif'
# A drawing used only as an element factory: its elements skip svgwrite's attribute checks,
# which would refuse the data-* and aria-* attributes the page relies on.
E = svgwrite.Drawing(profile="full", debug=False)
ID = "st-"  # prefix of every id, so the drawing can sit in a page without clashes

STYLE = f"""
.station-map {{ font-family: {FONT}; }}
.station-map .space {{ fill: #070b14; }}
.station-map .star {{ fill: #c9d6ea; }}
.station-map .passage {{ stroke: #8fb3dc; stroke-width: 5; stroke-linecap: butt; }}
.station-map .passage.shaftway {{ stroke-dasharray: 3 2.5; stroke-width: 7; }}
.station-map .door {{ stroke: #ffd27a; stroke-width: 2; }}
.station-map .door.locked {{ fill: #ffd27a; }}
.station-map .door.open {{ fill: #070b14; }}
.station-map .docking {{ stroke: #8fb3dc; stroke-width: 2; stroke-dasharray: 4 3; fill: none; }}
.station-map .hatch {{ stroke: #ff9d6e; stroke-width: 4; stroke-dasharray: 6 4; }}
.station-map .room-box {{ stroke: #6d8fbd; stroke-width: 1.5; }}
.station-map .kind-hub .room-box {{ fill: #1c3150; stroke: #9cc4f0; stroke-width: 2.5; }}
.station-map .kind-secured .room-box {{ fill: #2c2714; stroke: #d9b55a; }}
.station-map .kind-corridor .room-box {{ fill: #18263b; }}
.station-map .kind-working .room-box {{ fill: #1b3036; stroke: #6fb3b8; }}
.station-map .kind-storage .room-box {{ fill: #272339; stroke: #9a8cc9; }}
.station-map .kind-shaft .room-box {{ fill: #151b29; stroke: #7d8aa3; }}
.station-map .kind-airlock .room-box {{ fill: #33201c; stroke: #e08b6a; }}
.station-map .hatching {{ fill: url(#{ID}hatch); pointer-events: none; }}
.station-map .label {{ fill: #e9f1fb; font-size: 16px; font-weight: 700; }}
.station-map .label.narrow {{ font-size: 14px; }}
.station-map .sub {{ fill: #b8c7dc; font-size: 14px; font-weight: 600; }}
.station-map .lock-text {{ font-size: 14px; font-weight: 800; }}
.station-map .locked .lock-text {{ fill: #ffd27a; }}
.station-map .unlocked .lock-text {{ fill: #9ee6a0; }}
.station-map .lock-icon {{ fill: none; stroke-width: 1.8; }}
.station-map .locked .lock-icon {{ stroke: #ffd27a; }}
.station-map .unlocked .lock-icon {{ stroke: #9ee6a0; }}
.station-map .reachable .room-box {{ stroke: #7ff0ff; stroke-width: 3; stroke-dasharray: 7 4; }}
.station-map .cost {{ fill: #7ff0ff; stroke: #070b14; stroke-width: 1.5; }}
.station-map .cost-text {{ fill: #06121c; font-size: 14px; font-weight: 800; }}
.station-map .pending-mark {{ fill: #ffb347; stroke: #070b14; stroke-width: 1.5; }}
.station-map .pending-text {{ fill: #1a1000; font-size: 14px; font-weight: 900; }}
.station-map .focus-ring {{ fill: none; stroke: #ffb347; stroke-width: 2; }}
.station-map .focus .room-box {{ stroke: #ffb347; stroke-width: 3; }}
.station-map .room:focus {{ outline: none; }}
.station-map .room:focus-visible .room-box {{ stroke: #ffffff; stroke-width: 4; }}
.station-map .room[role=button] {{ cursor: pointer; }}
.station-map .room[role=button]:hover .room-box {{ stroke: #ffffff; }}
.station-map .tok {{ stroke: #070b14; stroke-width: 1.5; }}
.station-map .tok-main {{ fill: #0b0f18; font-size: 17px; font-weight: 800; }}
.station-map .tok-sub {{ fill: #0b0f18; font-size: 14px; font-weight: 700; }}
.station-map .role-command .tok {{ fill: #f4c95d; }}
.station-map .role-science .tok {{ fill: #72d6e8; }}
.station-map .role-engineer .tok {{ fill: #f7a668; }}
.station-map .crew {{ cursor: pointer; }}
.station-map .crew:focus {{ outline: none; }}
.station-map .crew:focus-visible .tok {{ stroke: #ffffff; stroke-width: 3; }}
.station-map .select-ring {{ fill: none; stroke: #ffffff; stroke-width: 2.5;
  stroke-dasharray: 5 3; }}
.station-map .face-down .tok {{ fill: #a7b2c2; stroke-dasharray: 3 2; }}
.station-map .kind-intruder .tok {{ fill: #ff7a7a; }}
.station-map .kind-lab_animal .tok {{ fill: #a5e88f; }}
.station-map .kind-dummy .tok {{ fill: #d0d0d0; }}
.station-map .bars {{ stroke: #070b14; stroke-width: 2; opacity: .55; }}
.station-map .badge {{ fill: #070b14; stroke: #ffffff; stroke-width: 1; }}
.station-map .badge-text {{ fill: #ffffff; font-size: 14px; font-weight: 800; }}
.station-map .chip {{ fill: #30405a; stroke: #9db3d3; stroke-width: 1; }}
.station-map .chip-text {{ fill: #eef4fc; font-size: 14px; font-weight: 700; }}
.station-map .shuttle-box {{ fill: #1d2536; stroke: #b9c7dd; stroke-width: 1.5; }}
.station-map .departed .shuttle-box {{ stroke-dasharray: 6 4; fill: #121826; }}
.station-map .inset-box {{ fill: #0d1524; stroke: #ffd27a; stroke-width: 2.5;
  fill-opacity: .97; }}
.station-map .inset.reachable {{ cursor: pointer; }}
.station-map .inset.reachable .inset-box {{ stroke: #7ff0ff; stroke-width: 3;
  stroke-dasharray: 7 4; }}
.station-map .stack {{ cursor: pointer; }}
.station-map .stack:focus {{ outline: none; }}
.station-map .stack:focus-visible .tok {{ stroke: #ffffff; stroke-width: 3; }}
.station-map .stack .tok {{ fill: #dfe7f2; }}
.station-map .stack .tok.under {{ fill: #8e9bb0; }}
.station-map .stack.has-crew .tok {{ fill: #f4c95d; }}
.station-map .stack.has-crew .tok.under {{ fill: #a98a3a; }}
"""


# --- small helpers ---------------------------------------------------------------------------


# Advance widths (in em) of DejaVu Sans Bold, the widest of the usual fallback fonts, so that
# estimates err on the generous side. Only used to lay tokens out; no font is measured.
_NARROW = dict.fromkeys("iljI.,:;'!|", 0.38) | dict.fromkeys("frt-() ", 0.5)
_WIDE = dict.fromkeys("mwMW", 1.0) | dict.fromkeys("+×", 0.84)


def _text_width(text: str, size: float, bold: bool = True) -> float:
    """An estimate of a text's width in user units (no font metrics here); for layout only."""
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += _NARROW[ch]
        elif ch in _WIDE:
            em += _WIDE[ch]
        elif ch.isupper():
            em += 0.8
        else:
            em += 0.7
    return em * size * (1.0 if bold else 0.92)


def _and(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _g(**attrs: Any) -> Group:
    """A group with attributes given in Python names (class_ -> class, data_x -> data-x)."""
    g: Group = E.g()
    for k, v in attrs.items():
        if v is None:
            continue
        key = "class" if k == "class_" else k.replace("_", "-")
        g.attribs[key] = v
    return g


def _title(g: Group, text: str) -> None:
    """A <title> child: the browser's tooltip."""
    g.add(svgwrite.base.Title(text))


def _number(x: float) -> str:
    """Coordinates with at most two decimals, so the output is short and stable."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


# --- the pieces in a compartment -------------------------------------------------------------


class Piece:
    """One token or chip: a size, its element's id and a function drawing it at the local
    origin."""

    def __init__(self, w: float, h: float, draw: Callable[[], Group], kind: str = "token",
                 ident: str = "") -> None:
        self.w, self.h, self.draw, self.ident = w, h, draw, ident
        self.button = kind == "button"  # an object the shown side may act on
        self.chip = kind == "chip"      # an object (or several) as a picture


MIN_TOKEN = 32.0  # a token's least width and height in user units: 25 CSS px at the
# smallest scale the page draws the plan at (0.787 px per unit: 524 CSS px for 666 units),
# over the 24 px of WCAG 2.5.8
SUB = 14.0        # the least font size on the plan: 11 CSS px at that scale
BADGE_H = 18.0    # a token's state badge, drawn above its shape


def _token_lines(lines: list[tuple[str, str]], pad: float = 8) -> tuple[float, float]:
    """Size of a token holding lines of (text, 'main' | 'sub')."""
    w = max([MIN_TOKEN - pad, *(_text_width(t, 17 if k == "main" else SUB)
                                for t, k in lines)]) + pad
    h = 5 + sum(18 if k == "main" else 15 for _, k in lines)
    return w, max(MIN_TOKEN, h)


def _add_lines(g: Group, lines: list[tuple[str, str]], w: float, h: float = 0) -> None:
    natural = 5 + sum(18 if k == "main" else 15 for _, k in lines)
    y = 3.0 + max(0.0, (h - natural) / 2)
    for text, kind in lines:
        y += 15.5 if kind == "main" else 13.5
        # the trailing space is not drawn, but keeps words apart when the texts are read
        # together (the visible text of a control, WCAG 2.5.3)
        g.add(E.text(text + " ", insert=(_number(w / 2), _number(y)),
                     class_=f"tok-{kind}", text_anchor="middle"))
        y += 2.5 if kind == "main" else 1.5


def _crew_shape(role: str, w: float, h: float) -> Any:
    """Command: square corners; Science: rounded; Engineer: cut corners (shape, not colour)."""
    if role == "science":
        return E.rect((0, 0), (w, h), rx=9, ry=9, class_="tok")
    if role == "engineer":
        c = 6
        pts = [(c, 0), (w - c, 0), (w, c), (w, h - c), (w - c, h), (c, h), (0, h - c), (0, c)]
        return E.polygon([(_number(x), _number(y)) for x, y in pts], class_="tok")
    return E.rect((0, 0), (w, h), rx=1.5, ry=1.5, class_="tok")


def _token_piece(attrs: dict[str, Any], words: str, shape: Callable[[float, float], Any],
                 lines: list[tuple[str, str]], badge: str, *, selected: bool = False,
                 caged: bool = False, shape_kind: str = "crew") -> Piece:
    """A token: a shape with one or two lines of text, and perhaps a state badge ("zz",
    "ctrl", "+LAB") over its top-right corner, above the shape: it never covers the
    token's letters (issue 28)."""
    bw, bh = _token_lines(lines, 8 if shape_kind == "crew" else 13)
    top = BADGE_H if badge else 0.0
    pw = _text_width(badge, SUB) + 8 if badge else 0.0
    w = bw + max(0.0, pw / 2 - 4)

    name = words
    if attrs.get("role") == "button":  # a control's name starts with its visible text, so
        # that speech input ("click C2") works (WCAG 2.5.3, Label in Name)
        name = " ".join([t for t, _ in lines] + ([badge] if badge else [])) + ": " + words

    def draw() -> Group:
        g = _g(**{k.replace("-", "_"): v for k, v in attrs.items() if k != "class"},
               class_=attrs.get("class"), aria_label=name)
        _title(g, words)
        body = _g(transform=f"translate(0,{_number(top)})") if top else g
        if selected:
            body.add(E.rect((-4, -4), (_number(bw + 8), _number(bh + 8)), rx=6, ry=6,
                            class_="select-ring"))
        body.add(shape(bw, bh))
        if caged:  # cage bars behind the text: the shape says "caged", not only the badge
            for i in range(1, 5):
                x = _number(bw * i / 5)
                body.add(E.line((x, 1.5), (x, _number(bh - 1.5)), class_="bars"))
        _add_lines(body, lines, bw, bh)
        if top:
            g.add(body)
            bx = bw - 4 - pw / 2
            g.add(E.rect((_number(bx), 0), (_number(pw), BADGE_H), rx=9, ry=9,
                         class_="badge"))
            g.add(E.text(badge, insert=(_number(bx + pw / 2), 13.5), class_="badge-text",
                         text_anchor="middle"))
        return g

    return Piece(w, bh + top, draw, ident=str(attrs.get("id", "")))


class Scene:
    """What the view says is where, indexed for drawing."""

    def __init__(self, view: View) -> None:
        self.view = view
        index = ViewIndex(view)  # the view's one index (intruder_core.view)
        self.index = index
        self.crew = [c for c in index.roster if c["status"] != "dead" and c["at"]]
        self.crew_by_id = index.crew
        self.counters = view.get("counters", [])
        self.counter_by_token = index.counters
        self.item_by_id = index.items
        self.unlocked = set(view.get("unlocked", ()))
        self.stage = view.get("stage")
        self._crew_at: dict[str, list[CrewView]] = {}
        self._counters_at: dict[str, list[CounterView]] = {}
        for c in self.crew:
            self._crew_at.setdefault(str(c["at"]), []).append(c)
        for t in self.counters:
            self._counters_at.setdefault(t["at"], []).append(t)
        self.selectable: set[str] = set()  # counters the shown side may select (its own)
        self.selected: str | None = None
        self.unit = "MP"  # what a lit compartment's number counts ("steps": counter moves)
        # objects the shown side may act on (board_input.actable_objects): buttons, not pictures
        self.actable: dict[str, str] = {}

    def crew_at(self, place: str) -> list[CrewView]:
        return list(self._crew_at.get(place, ()))

    def counters_at(self, place: str) -> list[CounterView]:
        return list(self._counters_at.get(place, ()))

    def items_at(self, place: str) -> list[ItemView]:
        """Objects lying in a place (not carried)."""
        return self.index.lying(place)

    def place_key(self, place: str, selected: str | None) -> str:
        """Everything the drawing of a place reads from the view, as text: its pieces, what
        they carry, hold or control and who controls or holds them, the Life Stage and
        the phase (movement points show in crew movement) and whether its crewman is
        selected. Two equal keys draw the same (_memo)."""
        crew = self.crew_at(place)
        counters = self.counters_at(place)
        items = self.items_at(place)
        carried = [self.item_by_id.get(i) for c in crew for i in c.get("carrying", ())]
        tokens = [t for c in crew for t in (c["holding"], c["controlling"])]
        tokens += [i["contents"] for i in [*items, *carried] if i]
        names = [self.crew_name(str(c.get(k))) for c in counters
                 for k in ("controlled_by", "held_by") if c.get(k)]
        sel = selected if any(c["id"] == selected for c in crew) or \
            any(c.get("token") == selected for c in counters) else None
        mine = sorted(str(c.get("token")) for c in counters if c.get("token") in self.selectable)
        acts = [(k, self.actable[k]) for k in [*(str(i["id"]) for i in items), LAB_CAGES]
                if k in self.actable and (k != LAB_CAGES or place == PERMANENT_CAGES_AT)]
        return repr((place, crew, counters, items, carried,
                     [self.counter_by_token.get(t) for t in tokens if t], names, self.stage,
                     self.view.get("phase"), sel, mine, acts))

    # --- words ------------------------------------------------------------------------------

    def item_words(self, item: ItemView) -> str:
        name = str(item.get("name") or item["id"])
        inside = item.get("contents")
        if inside:
            return f"{name} holding {self.counter_words(inside, short=True)}"
        return name

    def counter_words(self, token: str, short: bool = False) -> str:
        c = self.counter_by_token.get(token)
        if c is not None and not c.get("face_up") and c.get("kind"):  # the Intruder's view
            return f"{kind_name(c['kind'], 'counter')} {token}" + (
                "" if short else ", face down")
        if c is None or not c.get("face_up"):
            return f"counter {token}" if short else f"face-down counter {token}"
        kind = kind_name(c.get("kind"), "counter")
        if short:
            return f"{kind} {token}"
        states = counter_states(c, self.stage, self.crew_name)
        return f"{kind} {token}" + (f", {', '.join(states)}" if states else "")

    def crew_name(self, crew_id: str) -> str:
        c = self.crew_by_id.get(crew_id)
        return str(c["name"]) if c else crew_id

    def crew_words(self, c: CrewView, selected: bool = False, place: bool = False) -> str:
        """A crewman in words: what he carries, holds and controls, his movement points;
        with `place` (his token's name) where he stands first ("Science Officer 2,
        Infirmary, carrying Blaster 1")."""
        words = str(c["name"])
        carrying = [self.item_words(self.item_by_id[i]) if i in self.item_by_id else i
                    for i in c["carrying"]]
        if place and c.get("at"):
            words += f", {place_name(str(c['at']))}" + ("," if carrying else "")
        words += f" carrying {_and(carrying)}" if carrying else ", empty-handed"
        held, driven = c.get("holding"), c.get("controlling")
        if held:
            words += f", holding {self.counter_words(held, short=True)}"
        if driven:
            words += f", controlling {self.counter_words(driven, short=True)}"
        if self.view.get("phase") == "crew_movement" and c.get("status") == "active":
            words += f", {c.get('mp', 0)} movement points left"
        if c.get("status") == "escaped":
            words += ", escaped"
        if selected:
            words += ", selected"
        return words

    def contents_words(self, place: str, selected: str | None) -> list[str]:
        parts = [self.crew_words(c, c["id"] == selected) for c in self.crew_at(place)]
        parts += [self.counter_words(c["token"]) for c in self.counters_at(place)]
        parts += [self.item_words(i) for i in self.items_at(place)]
        return parts

    # --- pieces -----------------------------------------------------------------------------

    def crew_piece(self, c: CrewView, selected: bool) -> Piece:
        role = str(c.get("role", "command"))
        main = f"{ROLE_LETTER.get(role, '?')}{str(c['id'])[-1]}"
        carried = [ITEM_ABBR.get(self.item_by_id[i]["kind"], "?") if i in self.item_by_id
                   else "?" for i in c["carrying"]]
        lines = [(main, "main")] + ([(" ".join(carried), "sub")] if carried else [])
        badge = " ".join(b for b, on in (("+LAB", c.get("holding")),
                                         ("+INT", c.get("controlling"))) if on)
        attrs = {"id": f"{ID}crew-{c['id']}",
                 "class": f"crew role-{role}" + (" selected" if selected else ""),
                 "data-crew": c["id"], "data-at": c["at"], "tabindex": "0", "role": "button",
                 "aria-pressed": "true" if selected else "false"}
        return _token_piece(attrs, self.crew_words(c, selected, place=True),
                            lambda w, h: _crew_shape(role, w, h), lines, badge,
                            selected=selected)

    def counter_piece(self, c: CounterView) -> Piece:
        token = str(c["token"])
        badge = ""
        if not c.get("face_up") and c.get("kind"):  # the Intruder player's view
            kind = str(c.get("kind"))
            # face down to the crew: the dashed outline says so (as the crew's "?" counters),
            # and its name ("..., face down"); a "(hidden)" line made it wider than a corridor
            lines = [(KIND_SHORT.get(kind, "?"), "main"), (token, "sub")]
            cls = f"counter face-down known kind-{kind}"
        elif not c.get("face_up"):
            lines = [("?", "main"), (token, "sub")]
            cls = "counter face-down"
        else:
            kind = str(c.get("kind"))
            second = token + (f" L{self.stage}" if kind == "intruder" and self.stage else "")
            lines = [(KIND_SHORT.get(kind, "?"), "main"), (second, "sub")]
            badge = " ".join(b for b, on in (("zz", c.get("asleep")),
                                             ("ctrl", c.get("controlled_by")),
                                             ("held", c.get("held_by")),
                                             ("cage", c.get("caged"))) if on)
            cls = f"counter face-up kind-{kind}"
        attrs = {"id": f"{ID}counter-{token}", "class": cls, "data-token": token,
                 "data-at": c.get("at"), "role": "img"}
        words = self.counter_words(token)
        if token in self.selectable:  # the Intruder player's own piece: a button
            chosen = token == self.selected
            attrs.update({"role": "button", "tabindex": "0",
                          "aria-pressed": "true" if chosen else "false"})
            attrs["class"] += " selectable" + (" selected" if chosen else "")
            words += f" in {place_name(str(c.get('at')))}" + (", selected" if chosen else "")

        def shape(w: float, h: float) -> Any:
            r = min(w, h) / 2 - 1
            return E.rect((0, 0), (_number(w), _number(h)), rx=_number(r), ry=_number(r),
                          class_="tok")

        return _token_piece(attrs, words, shape, lines, badge,
                            caged=bool(c.get("face_up") and c.get("caged")),
                            shape_kind="counter")

    def item_pieces(self, place: str) -> list[Piece]:
        """Loose objects as chips: like objects grouped ("Bl×3"), cages with contents apart.
        Those the shown side may act on are buttons (first), grouped the same way."""
        pieces, buttons = [], []
        for ids, kind, text, words, caged in self._object_groups(place):
            verbs = {self.actable.get(i) for i in ids} - {None}
            if not verbs:
                pieces.append(self._chip(f"{ID}item-{ids[0]}" if caged else
                                         f"{ID}items-{place}-{kind}", text, words, kind, ids,
                                         place))
                continue
            what = " or ".join(sorted(str(v) for v in verbs))  # "destroy or open"
            ident = f"{ID}act-{place}-{kind}" if len(ids) > 1 else f"{ID}act-{ids[0]}"
            buttons.append(self._button(
                ident, text, f"{words} in {place_name(place)}: {what} "
                f"{'them' if len(ids) > 1 else 'it'}", kind, " ".join(ids), place))
        if place == PERMANENT_CAGES_AT and LAB_CAGES in self.actable:
            buttons.append(self._lab_cages_button())
        return buttons + pieces

    def _object_groups(self, place: str) -> list[tuple[list[str], str, str, str, bool]]:
        """The objects lying in a place as (ids, kind, visible text, words, holding a
        counter): like objects the shown side may act on alike grouped ("Bl×3"), a Cage with
        contents apart."""
        groups: dict[tuple[str, bool], list[ItemView]] = {}
        out = []
        order = list(OBJECTS)
        for i in self.items_at(place):
            if i.get("contents"):
                out.append(([str(i["id"])], str(i.get("kind")),
                             f"{ITEM_ABBR.get(str(i.get('kind')), '?')}:{i['contents']}",
                             self.item_words(i), True))
            else:
                key = (str(i.get("kind")), str(i["id"]) in self.actable)
                groups.setdefault(key, []).append(i)
        grouped = []
        for (kind, _), items in sorted(groups.items(), key=lambda kv: (
                order.index(kv[0][0]) if kv[0][0] in order else 99, not kv[0][1])):
            abbr = ITEM_ABBR.get(kind, kind[:2].title())
            text = abbr + (f"×{len(items)}" if len(items) > 1 else "")
            grouped.append(([str(i["id"]) for i in items], kind, text,
                            _and([self.item_words(i) for i in items]), False))
        return grouped + out

    def _lab_cages_button(self) -> Piece:
        """The Laboratory's permanent cages, when the Intruder player may open them."""
        words = f"the permanent cages in {place_name(PERMANENT_CAGES_AT)}: " \
            f"{self.actable[LAB_CAGES]} them"
        return self._button(f"{ID}act-{LAB_CAGES}", "Lab", words, "cage", LAB_CAGES,
                            PERMANENT_CAGES_AT)

    def _button(self, ident: str, text: str, words: str, kind: str, key: str,
                place: str) -> Piece:
        """An object chip drawn as a button: at least MIN_TOKEN square (24 CSS px at the
        smallest scale), its name starting with its visible text (WCAG 2.5.3)."""
        w, h = max(MIN_TOKEN, _text_width(text, SUB) + 8), MIN_TOKEN

        def draw() -> Group:
            g = _g(id=ident, class_=f"item actable kind-{kind}", role="button", tabindex="0",
                   aria_label=f"{text}: {words}", data_items=key, data_at=place)
            _title(g, words)
            g.add(E.rect((0, 0), (_number(w), h), rx=4, ry=4, class_="chip"))
            g.add(E.text(text + " ", insert=(_number(w / 2), _number(h / 2 + 5)),
                         class_="chip-text", text_anchor="middle"))
            return g

        return Piece(w, h, draw, "button", ident)

    def _chip(self, ident: str, text: str, words: str, kind: str,
              ids: list[str] | None = None, place: str | None = None) -> Piece:
        w, h = _text_width(text, SUB) + 8, 24

        def draw() -> Group:
            g = _g(id=ident, class_=f"item kind-{kind}", role="img", aria_label=words,
                   data_items=" ".join(ids or []), data_at=place)
            _title(g, words)
            g.add(E.rect((0, 0), (w, h), rx=3, ry=3, class_="chip"))
            g.add(E.text(text, insert=(_number(w / 2), 17), class_="chip-text",
                         text_anchor="middle"))
            return g

        return Piece(w, h, draw, "chip", ident)

    def pieces_at(self, place: str, selected: str | None) -> list[Piece]:
        pieces = [self.crew_piece(c, c["id"] == selected) for c in self.crew_at(place)]
        pieces += [self.counter_piece(c) for c in self.counters_at(place)]
        return pieces + self.item_pieces(place)

    def objects_chip(self, place: str, items: list[ItemView], max_w: float = 1e9) -> Piece:
        """The objects lying in a place folded into one chip saying what it counts ("+4
        objects"): a picture named with each of them; a tap on it opens the room inspector
        (board_input). Only objects fold: crewmen and counters are always pieces of their own."""
        n = len(items)
        noun = "object" if n == 1 else "objects"
        text = next((t for t in (f"+{n} {noun}", f"{n} {noun}", f"+{n} obj.")
                     if _text_width(t, SUB) + 8 <= max_w), f"+{n} obj.")
        words = f"{n} {noun}: " + _and([self.item_words(i) for i in items])
        return self._chip(f"{ID}objects-{place}", text, words, "objects",
                          [str(i["id"]) for i in items], place)

    def crowd(self, place: str, selected: str | None) -> list[Piece]:
        """The pieces of a place as drawn when they do not all fit at full size: every
        crewman and counter a token of its own, the objects the shown side may act on as
        buttons, the other objects folded into one chip."""
        pieces = [self.crew_piece(c, c["id"] == selected) for c in self.crew_at(place)]
        pieces += [self.counter_piece(c) for c in self.counters_at(place)]
        items = [i for i in self.items_at(place) if str(i["id"]) not in self.actable]
        buttons = [p for p in self.item_pieces(place) if p.button]
        if len(items) > 1:
            return pieces + buttons + [self.objects_chip(place, items)]
        return pieces + self.item_pieces(place)

    def fitted(self, place: str, selected: str | None, box: tuple[float, float, float, float],
               notch: tuple[float, float], held: Held | None = None) -> list[Group] | None:
        """The pieces in a place at full size inside its box: each one, or with the objects
        folded into a chip ("+4 objects"); None when even then they do not fit (the place
        then grows: `inset`). A piece in `held` stays where it was drawn (_hold)."""
        whole = self.pieces_at(place, selected)
        placed = _flow(whole, box, notch, force=False, held=held)
        if placed is not None:
            return placed
        items = [i for i in self.items_at(place) if str(i["id"]) not in self.actable]
        if len(items) > 1:
            pieces = [p for p in whole if not p.chip]
            pieces.append(self.objects_chip(place, items, box[2]))
            placed = _flow(pieces, box, notch, force=False, held=held)
            if placed is not None:
                return placed
        else:
            pieces = whole
        # a small room (a dock) may lend its pieces the wall gap below it, as ever
        x, y, w, h = box
        return _flow(pieces, (x, y, w, h + layout.GAP - 2), notch, force=False, held=held)


# --- a crowded place grows: its pieces drawn at full size in a larger box over the plan -----

INSET_HEAD = 24.0   # the grown box's heading (the place's label, lock, cost)
INSET_PAD = 6.0
INSET_MAX_W = 420.0


def inset_size(pieces: list[Piece], least: tuple[float, float]) -> tuple[float, float]:
    """The smallest roughly square box (at least `least`, w x h) holding `pieces` at full
    size in centred rows under a heading."""
    widest = max((p.w for p in pieces), default=0.0)
    w = max(least[0], widest + 2 * INSET_PAD)
    while True:
        def inner(_i: int, w: float = w) -> float:
            return w - 2 * INSET_PAD

        rows = _rows(pieces, 1.0, inner)
        _, bottom, _ = _place(rows, 1.0, 0.0, 0.0, inner, lambda i: 0.0, lambda i, y: y)
        h = max(least[1], INSET_HEAD + bottom + 2 * INSET_PAD)
        if h <= w or w >= INSET_MAX_W:
            return w, h
        w += 16.0


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
             ) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


Box = tuple[float, float, float, float]


def inset_box(place: str, size: tuple[float, float], occupied: Iterable[str],
              lit: Iterable[str], taken: Iterable[Box] = ()) -> Box:
    """Where a crowded place's grown box goes: over the place itself (it always holds the
    place's own rectangle), stretched the way that covers the least of the lit compartments
    (a tap must reach them), other places with pieces and other grown boxes, inside the
    plan."""
    rx, ry, rw, rh = layout.ROOMS[place]
    w, h = size
    vx, vy, vw, vh = layout.VIEWBOX
    others = [layout.ROOMS[p] for p in occupied if p != place and p in layout.ROOMS]
    lit_boxes = [layout.ROOMS[p] for p in lit if p != place and p in layout.ROOMS]
    boxes = list(taken)
    best: tuple[float, int, Box] | None = None
    n = 0
    for x in (rx, rx + rw - w, rx + (rw - w) / 2):
        for y in (ry, ry + rh - h, ry + (rh - h) / 2):
            x1 = min(max(x, vx + 2), vx + vw - 2 - w)
            y1 = min(max(y, vy + 2), vy + vh - 2 - h)
            box = (round(x1, 2), round(y1, 2), w, h)
            score = (sum(_overlap(box, o) for o in others) * 4  # a lit room is where a
                     + sum(_overlap(box, o) for o in lit_boxes) * 8  # tap must reach
                     + sum(_overlap(box, o) for o in boxes) * 20)
            n += 1
            if best is None or (score, n) < best[:2]:
                best = (score, n, box)
    assert best is not None
    return best[2]


def _inset(scene: Scene, place: str, selected: str | None, box: Box, cost: int | None,
           held: Held | None = None) -> Group:
    """A crowded place grown: a box over the plan holding its pieces at full size, headed
    with the place's label (and lock, cost); a tap on its floor is a tap on the place."""
    x, y, w, h = box
    lit = cost is not None
    g = _g(id=f"{ID}inset-{place}", class_="inset" + (" reachable" if lit else ""),
           data_inset=place if place in COMPARTMENTS else None,  # a tap there is a tap on it
           data_grown=place, data_box=" ".join(_number(v) for v in box),
           role="group", aria_label=f"{place_name(place)}, drawn larger to show all that "
           "stands in it")
    g.add(E.rect((_number(x), _number(y)), (_number(w), _number(h)), rx=6, ry=6,
                 class_="inset-box"))
    head = _visible_room_text(scene, place, cost) if place in COMPARTMENTS else \
        [layout.SHORT[place]]
    g.add(E.text("  ".join(t for t in head if t) + " ", insert=(_number(x + INSET_PAD),
                 _number(y + 18)), class_="label"))
    pieces = scene.crowd(place, selected)
    inner = (x + INSET_PAD, y + INSET_HEAD, w - 2 * INSET_PAD, h - INSET_HEAD - INSET_PAD)
    spots = {k: (inner[0] + dx, inner[1] + dy) for k, (dx, dy) in (held or {}).items()
             if k not in (BOX, AT)}  # (kept relative to the box: if it moves, with it)
    for piece in _flow(pieces, inner, (0.0, 0.0), force=True, held=spots) or []:
        g.add(piece)
    return g


# Tokens are never shrunk (their text would drop under 11 CSS px): a room too small for its
# pieces stacks them instead (Scene.fitted), and the room inspector lists them.
SCALES = (1.0,)
GAP = 4.0
Placement = list[tuple[Piece, float, float]]  # piece, x, y (top-left, already scaled)
Held = Mapping[str, tuple[float, float]]  # where pieces were drawn in a place: id -> x, y
HOLD_STEP = 4.0  # the grid a new piece's free spot is looked for on


def _hold(out: Placement, box: tuple[float, float, float, float], notch: tuple[float, float],
          held: Held) -> Placement | None:
    """Stable slots (issue 28): the placement `out` with each piece that was drawn in this
    place before back where it was, and each new one where `out` puts it, or else in the
    first free spot, row by row; None when the new ones find no room that way."""
    x0, y0, bw, bh = box
    nw, nh = notch
    taken: list[tuple[float, float, float, float]] = []  # pieces placed, GAP around each

    def free(x: float, y: float, p: Piece) -> bool:  # (a room may lend the wall gap below)
        low = y0 + bh + layout.GAP - 1.5
        if x < x0 - .5 or y < y0 - .5 or x + p.w > x0 + bw + .5 or y + p.h > low:
            return False
        if x < x0 + nw - .5 and y < y0 + nh - .5:  # under the label
            return False
        return not any(x < tx + tw + GAP - .5 and tx < x + p.w + GAP - .5 and
                       y < ty + th + GAP - .5 and ty < y + p.h + GAP - .5
                       for tx, ty, tw, th in taken)

    at: dict[int, tuple[float, float]] = {}
    for i, (p, _, _) in enumerate(out):
        spot = held.get(p.ident)
        if spot is not None and free(*spot, p):
            at[i] = spot
            taken.append((*spot, p.w, p.h))
    for i, (p, x, y) in enumerate(out):
        if i in at:
            continue
        spots = ((x0 + dx * HOLD_STEP, y0 + dy * HOLD_STEP)
                 for dy in range(int((bh - p.h) // HOLD_STEP) + 1)
                 for dx in range(int((bw - p.w) // HOLD_STEP) + 1))
        spot = (x, y) if free(x, y, p) else next((s for s in spots if free(*s, p)), None)
        if spot is None:
            return None
        at[i] = spot
        taken.append((*spot, p.w, p.h))
    return [(p, *at[i]) for i, (p, _, _) in enumerate(out)]


def _rows(pieces: list[Piece], scale: float, widths: Callable[[int], float]) -> list[list[Piece]]:
    """Greedy rows; widths(i) is the room row i has. A row too narrow for the next piece
    when a wider one follows (the row beside a label) is left empty."""
    rows: list[list[Piece]] = [[]]
    used = 0.0
    for p in pieces:
        pw = p.w * scale
        while True:
            room = widths(len(rows) - 1)
            need = pw if not rows[-1] else used + GAP + pw
            if need <= room or (not rows[-1] and widths(len(rows)) <= room):
                break
            rows.append([])
            used = 0.0
        used = need
        rows[-1].append(p)
    return rows


def _place(rows: list[list[Piece]], scale: float, x0: float, y0: float,
           width: Callable[[int], float], left: Callable[[int], float],
           top: Callable[[int, float], float]) -> tuple[Placement, float, float]:
    """Centre each row in its width; returns the placement, its bottom and widest overflow."""
    out: Placement = []
    y = y0
    overflow = 0.0
    for i, row in enumerate(rows):
        y = top(i, y)
        rh = max((p.h * scale for p in row), default=0.0)
        rw = sum(p.w * scale for p in row) + GAP * max(0, len(row) - 1)
        overflow = max(overflow, rw - width(i))
        x = left(i) + (width(i) - rw) / 2
        for p in row:
            out.append((p, x, y + (rh - p.h * scale) / 2))
            x += p.w * scale + GAP
        y += rh + (GAP if row else 0)
    return out, y - GAP, overflow


def _flow(pieces: list[Piece], box: tuple[float, float, float, float],
          notch: tuple[float, float] = (0.0, 0.0), force: bool = True,
          held: Held | None = None) -> list[Group] | None:
    """Place pieces in centred rows, shrinking them until they fit.

    box is the room's inside (x, y, w, h); notch is the (w, h) of its top-left corner taken
    by the label. Pieces go below the label when they fit there; a crowded room also uses
    the space to the right of a short label. When they do not fit: None, or with `force`
    the pieces placed anyway below the label. Pieces `held` keep their places (_hold).
    """
    x0, y0, bw, bh = box
    nw, nh = notch
    full: Callable[[int], float] = lambda i: bw  # noqa: E731
    at_left: Callable[[int], float] = lambda i: x0  # noqa: E731
    best: tuple[Placement, float] | None = None
    for scale in SCALES:
        rows = _rows(pieces, scale, full)
        out, bottom, over = _place(rows, scale, x0, y0 + nh, full, at_left, lambda i, y: y)
        if bottom <= y0 + bh and over <= 0:
            shift = (y0 + bh - bottom) / 2  # centre the block vertically below the label
            best = ([(p, x, y + shift) for p, x, y in out], scale)
            break
        if 0 < nw < bw - 20:
            def width(i: int) -> float:
                return bw - nw if i == 0 else bw

            def left(i: int) -> float:
                return x0 + nw if i == 0 else x0

            rows = _rows(pieces, scale, width)
            out, bottom, over = _place(rows, scale, x0, y0, width, left,
                                       lambda i, y: y if i == 0 else max(y, y0 + nh))
            if bottom <= y0 + bh and over <= 0:
                best = (out, scale)
                break
    if best is None and not force:
        return None
    if best is None:  # hopelessly crowded: the smallest scale, below the label
        scale = SCALES[-1]
        out, _, _ = _place(_rows(pieces, scale, full), scale, x0, y0 + nh, full, at_left,
                           lambda i, y: y)
        best = (out, scale)
    placed = []
    out, scale = best
    if held and scale == 1:
        out = _hold(out, box, notch, held) or out
    for p, x, y in out:
        g = p.draw()
        t = f"translate({_number(x)},{_number(y)})"
        g.attribs["transform"] = t + (f" scale({_number(scale)})" if scale != 1 else "")
        placed.append(g)
    return placed


# --- the plan --------------------------------------------------------------------------------


def _passage(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The short line across the gap between two adjacent rooms' facing edges."""
    ax, ay, aw, ah = layout.ROOMS[a]
    bx, by, bw, bh = layout.ROOMS[b]
    at = layout.PASSAGE_AT.get((min(a, b), max(a, b)))
    lo, hi = max(ax, bx), min(ax + aw, bx + bw)
    if lo < hi:  # one above the other: a vertical line
        x = at if at is not None else (lo + hi) / 2
        top, bottom = ((a, b) if ay < by else (b, a))
        ty = layout.ROOMS[top][1] + layout.ROOMS[top][3]
        return (x, ty), (x, layout.ROOMS[bottom][1])
    lo, hi = max(ay, by), min(ay + ah, by + bh)
    if lo < hi:  # side by side: a horizontal line
        y = at if at is not None else (lo + hi) / 2
        left, right = ((a, b) if ax < bx else (b, a))
        lx = layout.ROOMS[left][0] + layout.ROOMS[left][2]
        return (lx, y), (layout.ROOMS[right][0], y)
    # diagonal neighbours: nearest corners
    cx = (ax + aw, bx) if ax < bx else (ax, bx + bw)
    cy = (ay + ah, by) if ay < by else (ay, by + bh)
    return (cx[0], cy[0]), (cx[1], cy[1])


def passages() -> list[tuple[str, str, tuple[float, float], tuple[float, float]]]:
    """Every passageway once, (a, b) sorted, in a stable order."""
    pairs = sorted({(min(a, b), max(a, b)) for a, bs in ADJACENT.items() for b in bs})
    return [(a, b, *_passage(a, b)) for a, b in pairs]


def _stars(n: int = 70) -> Iterable[tuple[float, float, float]]:
    """Fixed pseudo-random stars (a tiny LCG, so every render is identical)."""
    _, _, w, h = layout.VIEWBOX
    s = 20250601
    for _ in range(n):
        s = (s * 1103515245 + 12345) % 2**31
        x = s % 10000 / 10000 * w
        s = (s * 1103515245 + 12345) % 2**31
        y = s % 10000 / 10000 * h
        s = (s * 1103515245 + 12345) % 2**31
        yield x, y, 0.5 + (s % 100) / 100


def _lock_icon(x: float, y: float, locked: bool) -> list[Any]:
    """A padlock: closed shackle when locked, open (lifted, to one side) when unlocked."""
    body = E.rect((_number(x), _number(y + 5)), (10, 8), rx=1.5, ry=1.5, class_="lock-icon")
    if locked:
        d = f"M{_number(x + 2)},{_number(y + 5)} v-2.5 a3,3 0 0 1 6,0 v2.5"
    else:  # the shackle swung up and free of the body on the left
        d = f"M{_number(x + 8)},{_number(y + 5)} v-2.5 a3,3 0 0 0 -6,0 v-1.5"
    return [body, E.path(d=d, class_="lock-icon")]


LOCK_W = 76.0  # the padlock and "LOCKED"


def _lock_at(cid: str) -> tuple[float, float]:
    """Where a secured room's lock line starts (x, baseline): beside the label if it fits."""
    x, y, w, _ = layout.ROOMS[cid]
    label_w = _text_width(layout.SHORT[cid], 15)
    if 6 + label_w + 8 + LOCK_W <= w:
        return x + w - LOCK_W - 2, y + 17
    return x + 7, y + 34


def content_box(cid: str, reachable: bool = False) -> tuple[tuple[float, float, float, float],
                                                          tuple[float, float]]:
    """The inside of a room left for tokens (below the notes at the bottom), and the notch
    taken by its label (and lock line) at the top left."""
    x, y, w, h = layout.ROOMS[cid]
    if cid in layout.SHUTTLES:  # under its label, clear of the rounded ends
        return (x + 12, y + 3, w - 24, h - 6), (0.0, 20.0)
    bottom = 16 if cid in SHAFTS else 5 if reachable else 3
    label_w = _text_width(layout.SHORT[cid], 15) + 8
    if cid in SECURED and _lock_at(cid)[1] > y + 17:  # the lock line is under the label
        notch = (max(label_w, LOCK_W + 10), 38.0)
    elif cid in SECURED:
        notch = (w, 21.0)
    else:
        notch = (label_w, 21.0)
    return (x + 3, y + 3, w - 6, h - 3 - bottom), notch


# --- the plan: a static layer drawn once, and parts updated in place -------------------------
#
# The plan is a skeleton that never changes (space, passageways, the layers' groups) with a
# slot for every part that can: the description, each door, room, shuttle and the pieces in
# each place. `station_parts` draws the parts, each an element with its own id, so the page
# (app.py) replaces only those whose text changed; `render_station` is the skeleton with the
# parts in their slots. A part is drawn again only when what it shows changed (_MEMO).

SLOT = "st-slot-"  # the placeholder of a part in the skeleton, replaced by the part


def _slot(part_id: str) -> Group:
    return _g(id=SLOT + part_id)


def part_ids() -> list[str]:
    """The ids of the parts, in the plan's drawing order."""
    return ([f"{ID}desc"] + [f"{ID}door-{room}" for room in _door_rooms()]
            + [f"{ID}room-{cid}" for cid in COMPARTMENTS]
            + [f"{ID}shuttle-{sid}" for sid in layout.SHUTTLES]
            + [f"{ID}at-{cid}" for cid in COMPARTMENTS] + [f"{ID}insets"])


_SKELETON: list[str] = []


def skeleton() -> list[str]:
    """The plan without its parts, as the text between the slots (drawn once)."""
    if _SKELETON:
        return _SKELETON
    vx, vy, vw, vh = layout.VIEWBOX
    dwg = svgwrite.Drawing(profile="full", debug=False, size=("100%", "100%"))
    del dwg.attribs["height"]
    dwg.attribs.update({
        "viewBox": f"{vx} {vy} {vw} {vh}", "class": "station-map", "role": "group",
        "aria-labelledby": f"{ID}title", "aria-describedby": f"{ID}desc",
        "preserveAspectRatio": "xMidYMid meet",
    })
    title = svgwrite.base.Title("Deep Space Station Prometheus")
    title.xml.set("id", f"{ID}title")
    dwg.add(title)
    dwg.add(_slot(f"{ID}desc"))
    dwg.defs.add(dwg.style(STYLE))
    hatch = dwg.pattern(id=f"{ID}hatch", size=(10, 10), patternUnits="userSpaceOnUse",
                        patternTransform="rotate(45)")
    hatch.add(dwg.rect((0, 0), (3, 10), fill="#2a3550"))
    dwg.defs.add(hatch)

    back = _g(id=f"{ID}backdrop", aria_hidden="true")
    back.add(dwg.rect((vx, vy), (vw, vh), class_="space"))
    for x, y, r in _stars():
        back.add(dwg.circle((_number(x), _number(y)), _number(r), class_="star",
                            opacity=_number(0.25 + r / 3)))
    dwg.add(back)
    dwg.add(_passage_layer())
    for layer, ids in (("rooms", [f"{ID}room-{cid}" for cid in COMPARTMENTS]),
                       ("shuttles", [f"{ID}shuttle-{sid}" for sid in layout.SHUTTLES]),
                       ("pieces", [f"{ID}at-{cid}" for cid in COMPARTMENTS]),
                       ("grown", [f"{ID}insets"])):
        group = _g(id=f"{ID}{layer}")
        for part_id in ids:
            group.add(_slot(part_id))
        dwg.add(group)
    text = svg_text(dwg)
    chunks = text.split(f'<g id="{SLOT}')
    out = [chunks[0]]
    for chunk in chunks[1:]:
        part_id, rest = chunk.split('" />', 1)
        out += [part_id, rest]
    if out[1::2] != part_ids():
        raise AssertionError("the plan's slots are not its parts")  # a bug in this module
    _SKELETON[:] = out
    return _SKELETON


def svg_text(element: Any) -> str:
    """An svgwrite element's markup, as its tostring() gives it, but written by ElementTree
    straight to text: tostring() encodes to UTF-8 and decodes again, some 3,000 small codec
    calls for the first board (about 20 ms of the boot in Pyodide)."""
    return ET.tostring(element.get_xml(), encoding="unicode")


_MEMO: dict[tuple[Any, ...], str] = {}


def _memo(key: tuple[Any, ...], draw: Callable[[], Any]) -> str:
    """A part's text: drawn once per distinct `key` (everything the drawing reads)."""
    text = _MEMO.get(key)
    if text is None:
        if len(_MEMO) > 5000:  # a long game: forget, rather than grow without end
            _MEMO.clear()
        text = _MEMO[key] = svg_text(draw())
    return text


def station_parts(view: View, *, selected: str | None = None,
                  reachable: dict[str, int] | None = None,
                  focus: str | None = None, selectable: Iterable[str] = (),
                  unit: str = "MP", actable: Mapping[str, str] | None = None,
                  held: Mapping[str, Held] | None = None) -> dict[str, str]:
    """The plan's parts for a crew view (see render_station), by element id, in drawing
    order: each the SVG text of one element that the page may swap for the one it shows.
    `held` (placements of the parts last drawn): pieces that stay in a place keep their
    spots there."""
    reachable = reachable or {}
    held = held or {}
    scene = Scene(view)
    scene.selectable = set(selectable)
    scene.selected = selected
    scene.unit = unit
    scene.actable = dict(actable or {})
    desc = svgwrite.base.Desc(_describe(scene, reachable))
    desc.xml.set("id", f"{ID}desc")
    parts = {f"{ID}desc": ET.tostring(desc.xml, encoding="unicode")}
    for room in _door_rooms():
        is_open = room in scene.unlocked
        parts[f"{ID}door-{room}"] = _memo(("door", room, is_open),
                                          functools.partial(_door, room, is_open))
    decision = view.get("decision") or {}
    pending = set(decision.get("compartments") or [])
    keys = {cid: scene.place_key(cid, selected) for cid in (*COMPARTMENTS, *layout.SHUTTLES)}
    for cid in COMPARTMENTS:
        parts[f"{ID}room-{cid}"] = _memo(
            ("room", keys[cid], cid in scene.unlocked, reachable.get(cid), cid in pending,
             focus == cid, unit), functools.partial(_room, scene, cid, reachable, focus, view))
    shuttles = view.get("shuttles") or {}
    for sid in layout.SHUTTLES:
        shuttle = shuttles.get(sid)
        parts[f"{ID}shuttle-{sid}"] = _memo(
            ("shuttle", keys[sid], repr(sorted(shuttle.items()) if shuttle else [])),
            functools.partial(_shuttle, scene, sid, selected))
    for cid in COMPARTMENTS:
        spots = held.get(cid) or {}

        def draw(cid: str = cid, spots: Held = spots) -> Group:
            box, notch = content_box(cid, cid in reachable)
            group = _g(id=f"{ID}at-{cid}")
            for g in scene.fitted(cid, selected, box, notch, spots) or []:  # None: inset
                group.add(g)
            return group
        parts[f"{ID}at-{cid}"] = _memo(("at", keys[cid], cid in reachable,
                                        tuple(sorted(spots.items()))), draw)
    parts[f"{ID}insets"] = _insets_part(scene, keys, selected, reachable, held)
    return parts


_CROWDED: dict[tuple[str, bool], bool] = {}


def _crowded(scene: Scene, place: str, key: str, lit: bool, selected: str | None) -> bool:
    """Whether a place's pieces do not fit its box at full size (remembered by its key)."""
    known = _CROWDED.get((key, lit))
    if known is None:
        if len(_CROWDED) > 5000:
            _CROWDED.clear()
        if not (scene.crew_at(place) or scene.counters_at(place) or scene.items_at(place)):
            known = False
        else:
            box, notch = content_box(place, lit)
            known = _CROWDED[(key, lit)] = scene.fitted(place, selected, box, notch) is None
    return known


def _insets_part(scene: Scene, keys: Mapping[str, str], selected: str | None,
                 reachable: Mapping[str, int], held: Mapping[str, Held]) -> str:
    """The layer of grown places: each place too small for its pieces at full size, drawn
    larger over the plan (inset_box), in the plan's order. A place grown before (`held`)
    keeps its pieces' spots and does not shrink while it stays grown."""
    places = (*COMPARTMENTS, *layout.SHUTTLES)
    crowded = [p for p in places if _crowded(scene, p, keys[p], p in reachable, selected)]
    occupied = sorted(p for p in places if scene.crew_at(p) or scene.counters_at(p)
                      or scene.items_at(p))
    grown = {p: held.get(GROWN + p) or {} for p in crowded}
    key = ("insets", tuple((p, keys[p], p in scene.unlocked) for p in crowded),
           tuple(occupied), tuple(sorted(reachable.items())), scene.unit,
           tuple((p, tuple(sorted(spots.items()))) for p, spots in grown.items()))

    def draw() -> Group:
        layer = _g(id=f"{ID}insets")
        taken: list[Box] = []
        for p in crowded:
            _, _, w, h = layout.ROOMS[p]
            was = grown[p].get(BOX, (0.0, 0.0))
            size = inset_size(scene.crowd(p, selected), (max(float(w), was[0]),
                                                         max(float(h), was[1])))
            at = grown[p].get(AT)
            box = (*at, *size) if at is not None and size == was and \
                not any(_overlap((*at, *size), t) for t in taken) else \
                inset_box(p, size, occupied, reachable, taken)  # (R67: it stays put)
            taken.append(box)
            layer.add(_inset(scene, p, selected, box, reachable.get(p), grown[p]))
        return layer

    return _memo(key, draw)


INSET_BOX = re.compile(r'data-box="([-\d. ]+)" data-grown="([\w-]+)"')  # sorted attributes


PIECE_AT = re.compile(r'id="(st-(?:crew|counter|item|items|objects|act)-[\w-]+)"[^>]*? '
                      r'transform="translate\(([-\d.]+),([-\d.]+)\)"')


GROWN = "grown:"  # placements' key of a grown place: its pieces' spots in its box...
BOX = "box"       # ... the box's size (w, h)
AT = "at"         # ... and where it is (x, y)


def placements(parts: Mapping[str, str]) -> dict[str, dict[str, tuple[float, float]]]:
    """Where each piece is drawn in a plan's parts, by place and piece id: what
    `station_parts(held=...)` keeps them at. A grown place (GROWN + place) has its pieces'
    spots from its box's inside and that box's size (BOX)."""
    out = {cid: {m.group(1): (float(m.group(2)), float(m.group(3)))
                 for m in PIECE_AT.finditer(parts.get(f"{ID}at-{cid}", ""))}
           for cid in COMPARTMENTS}
    layer = parts.get(f"{ID}insets", "")
    starts = list(INSET_BOX.finditer(layer))
    for n, m in enumerate(starts):
        x, y, w, h = (float(v) for v in m.group(1).split())
        spots: dict[str, tuple[float, float]] = {BOX: (w, h), AT: (x, y)}
        end = starts[n + 1].start() if n + 1 < len(starts) else len(layer)
        for p in PIECE_AT.finditer(layer, m.end(), end):
            spots[p.group(1)] = (float(p.group(2)) - x - INSET_PAD,
                                 float(p.group(3)) - y - INSET_HEAD)
        out[GROWN + m.group(2)] = spots
    return out


def grown_boxes(parts: Mapping[str, str]) -> dict[str, Box]:
    """The boxes of the places drawn grown (insets) in a plan's parts, by place, in SVG
    coordinates: where their pieces are (layout.place_box takes them)."""
    out: dict[str, Box] = {}
    for m in INSET_BOX.finditer(parts.get(f"{ID}insets", "")):
        nums, place = m.group(1), m.group(2)
        x, y, w, h = (float(v) for v in nums.split())
        out[place] = (x, y, w, h)
    return out


def assemble(parts: dict[str, str]) -> str:
    """The whole plan: the skeleton with each part in its slot."""
    out = skeleton()
    return "".join(text if i % 2 == 0 else parts[text] for i, text in enumerate(out))


def render_station(view: View, *, selected: str | None = None,
                   reachable: dict[str, int] | None = None, focus: str | None = None,
                   selectable: Iterable[str] = (), unit: str = "MP",
                   actable: Mapping[str, str] | None = None) -> str:
    """The station plan for a crew view, as an SVG string (deterministic, reads only the view).

    `selected` rings one crewman; `reachable` (compartment -> movement-point cost) makes those
    compartments buttons with the cost shown; `focus` marks one compartment as the current one
    (e.g. the Interaction being resolved). `selectable` counters (the Intruder player's) are
    buttons, `selected` may be one of them; `unit` "steps" shows a counter's moves left;
    `actable` objects (board_input.actable_objects) are buttons saying what may be done.
    """
    return assemble(station_parts(view, selected=selected, reachable=reachable, focus=focus,
                                  selectable=selectable, unit=unit, actable=actable))


PREVIEW_DROP = re.compile(r'<title[^>]*>.*?</title>|<desc[^>]*>.*?</desc>|<text[^>]*>.*?</text>'
                          r'|<g id="st-(?:at-[\w-]+|insets)" />'
                          r'| (?:tabindex|role|aria-[a-z]+|data-[a-z-]+|xmlns:\w+|baseProfile'
                          r'|version)="[^"]*"| id="(?!st-hatch")[^"]*"', re.S)


def preview_svg() -> str:
    """The empty station as a picture (no words, no controls, no ids but the hatching's):
    build.py puts it in the boot screen, so the first paint shows the plan before Python has
    started; the page removes it when it draws the game's plan (whose ids it would share).
    Its words would be under 11 px at the boot screen's size, so it has none."""
    text = PREVIEW_DROP.sub("", render_station({}))  # type: ignore[typeddict-item]  # empty
    text = re.sub(r"\s*\n\s*", "", text)
    for spaced, tight in ((": ", ":"), ("{ ", "{"), (" }", "}"), ("; ", ";"), (" {", "{")):
        text = text.replace(spaced, tight)
    return text.replace("<svg ", '<svg aria-hidden="true" ', 1)


def board_svg(view: View) -> str:
    """The plan for the demo and replay pages, marking the compartment being resolved."""
    return render_station(view, focus=(view.get("decision") or {}).get("at"))


def _describe(scene: Scene, reachable: dict[str, int]) -> str:
    v = scene.view
    on_station = [c for c in scene.crew if c["at"] in COMPARTMENTS]
    hidden = sum(1 for c in scene.counters if not c.get("face_up") and c["at"] in COMPARTMENTS)
    phase = PHASE_NAMES.get(str(v.get("phase")), str(v.get("phase", "")))
    parts = [
        "Plan of Deep Space Station Prometheus: the Command Module in the centre with the "
        "Arms Room, Freezer and Computer Room around it; spoke A runs east to the Main Airlock, "
        "spoke B north-west to Shuttle Dock 1, spoke C south-west to Shuttle Dock 2; an access "
        "shaft lies between each two spokes.",
        f"Turn {v.get('turn', '?')}, {phase}, Intruder Life Stage {v.get('stage', '?')}.",
        f"{len(on_station)} crewmen on the station, {hidden} face-down counters.",
    ]
    if reachable:
        parts.append(f"{len(reachable)} compartments can be reached.")
    return " ".join(parts)


@functools.cache
def _door_rooms() -> tuple[str, ...]:
    """The secured rooms, each with one door, in passage order."""
    return tuple(a if a in SECURED else b for a, b, _, _ in passages()
            if a in SECURED or b in SECURED)


def _door(room: str, is_open: bool) -> Any:
    """The door of a secured room: a filled bar when locked, hollow when open."""
    _, _, p, q = next(x for x in passages() if room in x[:2])
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    w, h = (14, 6) if p[0] == q[0] else (6, 14)
    return E.rect((_number(mx - w / 2), _number(my - h / 2)), (w, h),
                  class_=f"door {'open' if is_open else 'locked'}", id=f"{ID}door-{room}")


def _passage_layer() -> Group:
    """The passageways, docking lines and airlock hatches (doors are parts: _door)."""
    layer = _g(id=f"{ID}passages", aria_hidden="true")
    for a, b, p, q in passages():
        cls = "passage shaftway" if a in SHAFTS or b in SHAFTS else "passage"
        layer.add(E.line((_number(p[0]), _number(p[1])), (_number(q[0]), _number(q[1])),
                         id=f"{ID}pass-{a}-{b}", class_=cls, data_between=f"{a} {b}"))
        room = a if a in SECURED else b if b in SECURED else None
        if room:
            layer.add(_slot(f"{ID}door-{room}"))
    for shuttle, dock in layout.SHUTTLES.items():
        dx, dy, dw, dh = layout.ROOMS[dock]
        y = dy + dh / 2
        layer.add(E.line((dx + dw, y), (layout.ROOMS[shuttle][0], y), class_="docking"))
    # the outer hatch of each airlock, on the side facing space
    for lock in AIRLOCK_CONTROL:
        x, y, w, h = layout.ROOMS[lock]
        if lock == "airlock":
            p, q = (x + w, y + 8), (x + w, y + h - 8)
        elif lock == "dock1":
            p, q = (x + 8, y), (x + w - 8, y)
        else:
            p, q = (x + 8, y + h), (x + w - 8, y + h)
        layer.add(E.line(p, q, class_="hatch", id=f"{ID}hatch-{lock}"))
    return layer


def _visible_room_text(scene: Scene, cid: str, cost: int | None) -> list[str]:
    """The words drawn in a room, in drawing order (its label, notes, lock and cost)."""
    out = [layout.SHORT[cid]]
    if cid in SHAFTS:
        out.append(entry_words(cid))
    if cid in SECURED:
        out.append("OPEN" if cid in scene.unlocked else "LOCKED")
    if cost is not None:
        out.append(_cost_text(scene, cost))
    return out


def _cost_text(scene: Scene, cost: int) -> str:
    """A lit compartment's number: "2 MP" for a crewman, "1 step" left for a counter."""
    if scene.unit == "steps":
        return f"{cost} step" + ("s" if cost != 1 else "")
    return f"{cost} MP"


def _room(scene: Scene, cid: str, reachable: dict[str, int], focus: str | None,
          view: View) -> Group:
    full, kind = COMPARTMENTS[cid]
    x, y, w, h = layout.ROOMS[cid]
    state = []
    classes = ["room", f"kind-{kind}"]
    if cid in SECURED:
        locked = cid not in scene.unlocked
        state.append("locked" if locked else "unlocked")
        classes.append("locked" if locked else "unlocked")
    cost = reachable.get(cid)
    if cost is not None and scene.unit == "steps":
        state.append(f"reachable, {cost} step{'s' if cost != 1 else ''} left")
    elif cost is not None:
        state.append(f"reachable for {cost} movement point{'s' if cost != 1 else ''}")
    if cost is not None:
        classes.append("reachable")
    decision = view.get("decision") or {}
    pending = cid in (decision.get("compartments") or [])
    if pending:
        state.append("Interaction to resolve")
    if focus == cid:
        state.append("current")
        classes.append("focus")
    contents = scene.contents_words(cid, None)
    words = full + (f" ({', '.join(state)})" if state else "") + ": " + \
        ("; ".join(contents) if contents else "empty")
    name = words
    if cost is not None:  # a button's name starts with its visible text (WCAG 2.5.3)
        name = " ".join(_visible_room_text(scene, cid, cost)) + ": " + words
    g = _g(id=f"{ID}room-{cid}", class_=" ".join(classes), data_compartment=cid,
           tabindex="0", role="button" if cost is not None else "group", aria_label=name,
           aria_current="true" if focus == cid else None)
    _title(g, words)
    g.add(E.rect((x, y), (w, h), rx=4, ry=4, class_="room-box"))
    if kind == "shaft":
        g.add(E.rect((x + 1, y + 1), (w - 2, h - 2), rx=4, ry=4, class_="hatching"))
    if focus == cid:
        g.add(E.rect((x - 4, y - 4), (w + 8, h + 8), rx=6, ry=6, class_="focus-ring"))
    narrow = w < 70
    g.add(E.text(layout.SHORT[cid] + " ", insert=(x + (4 if narrow else 6), y + 17),
                 class_="label narrow" if narrow else "label"))
    if kind == "shaft":
        g.add(E.text(entry_words(cid) + " ", insert=(x + 6, y + h - 7), class_="sub"))
    if cid in SECURED:
        locked = cid not in scene.unlocked
        lx, ly = _lock_at(cid)
        for part in _lock_icon(lx, ly - 12, locked):
            g.add(part)
        g.add(E.text("LOCKED " if locked else "OPEN ", insert=(lx + 14, ly),
                     class_="lock-text"))
    if cost is not None:
        text = _cost_text(scene, cost)
        pw = _text_width(text, 11) + 6
        px, py = x + w - pw - 4, y + h - 9
        g.add(E.rect((_number(px), py), (_number(pw), 18), rx=9, ry=9, class_="cost"))
        g.add(E.text(text, insert=(_number(px + pw / 2), py + 13), class_="cost-text",
                     text_anchor="middle"))
    if pending:
        g.add(E.circle((x + 12, y + h), 9, class_="pending-mark"))
        g.add(E.text("!", insert=(x + 12, y + h + 4.5), class_="pending-text",
                     text_anchor="middle"))
    return g


def _shuttle(scene: Scene, sid: str, selected: str | None) -> Group:
    """A shuttle with its state and the pieces aboard."""
    info: Mapping[str, object] = (scene.view.get("shuttles") or {}).get(sid) or {}
    x, y, w, h = layout.ROOMS[sid]
    status = "departed" if info.get("departed") else "docked"
    if info.get("fight"):
        status += ", fighting an Intruder aboard"
    if info.get("prepared"):
        status += ", hatches prepared"
    contents = scene.contents_words(sid, selected)
    words = f"{place_name(sid)} ({status}): " + ("; ".join(contents) if contents else "empty")
    g = _g(id=f"{ID}shuttle-{sid}", class_=f"shuttle {status.split(',')[0]}",
           data_shuttle=sid, role="group", aria_label=words)
    _title(g, words)
    g.add(E.rect((x, y), (w, h), rx=h / 2 - 8, ry=h / 2 - 8, class_="shuttle-box"))
    g.add(E.text(layout.SHORT[sid], insert=(x + 16, y + 17), class_="label"))
    g.add(E.text(status.split(",")[0].upper(), insert=(x + w - 16, y + 17),
                 class_="sub", text_anchor="end"))
    box, notch = content_box(sid)
    for piece in scene.fitted(sid, selected, box, notch) or []:  # crowded: in its inset
        g.add(piece)
    return g


KEY_ROWS: tuple[tuple[tuple[str, str], ...], ...] = (
    (*((f"{ROLE_LETTER[role]}1", f"{name} 1") for role, name in ROLES.items()),
     ("?", "face-down counter: a dashed edge (the Intruder player sees its kind)"),
     ("INT", "Intruder"), ("L3", "at Life Stage 3"),
     ("LAB", "Lab Animal"), ("DUM", "Dummy"), ("zz", "asleep"), ("ctrl", "controlled"),
     ("held", "held by a crewman"), ("cage", "in a cage"),
     ("+4 objects", "objects folded: tap to list them")),
    (("Bl", "Blaster"), ("Dt", "Sleep Dart Pistol"), ("Gs", "Gas Canister"),
     ("Pr", "Electric Prod"), ("Fl", "Flamethrower"), ("Cg", "Cage"),
     ("+LAB", "holding a Lab Animal"), ("+INT", "controlling an Intruder"),
     ("1 MP", "reachable for 1 movement point"), ("!", "an Interaction to resolve"),
     ("LOCKED", "a secured room, locked")),
)


def key_html() -> str:
    """The key to the plan's abbreviations, as HTML for beside the plan (never under 11 px
    there, where the plan's corners would have drawn it too small on a phone)."""
    parts = []
    for rows, title in zip(KEY_ROWS, ("Pieces", "Objects and marks"), strict=True):
        items = "".join(f"<div><dt>{escape(abbr)}</dt><dd>{escape(text)}</dd></div>"
                        for abbr, text in rows)
        parts.append(f'<div class="key-part"><h3>{title}</h3><dl>{items}</dl></div>')
    return "".join(parts)


# --- casualties: the dead where they fell, killed and frozen Intruders ----------------------

MARK = {"dead": "✝", "killed": "✝", "frozen": "❄"}


def casualties(events: Iterable[EventData]) -> list[tuple[str, str, str]]:
    """(what, who, where) for each crewman killed and each Intruder killed or frozen, in the
    order they fell, from the public log: a crewman where he fell (his crew_killed event), a
    frozen Intruder in the Freezer (Capturing the Intruder), a killed one in the Interaction
    where it fell, else where it was last seen."""
    seen: dict[str, str] = {}
    fight = ""
    out: list[tuple[str, str, str]] = []
    for ev in events:
        kind, token = ev.get("type"), ev.get("token")
        if kind == "phase":
            fight = ""
        elif kind == "interaction" and ev.get("at"):
            fight = str(ev["at"])
        elif kind == "reveal" and token and ev.get("at"):
            seen[str(token)] = str(ev["at"])
        elif kind == "move" and token and ev.get("to"):
            seen[str(token)] = str(ev["to"])
        elif kind == "placed":
            seen.update({str(t): str(at) for t, at in ev.get("placed") or []})
        elif kind == "crew_killed" and ev.get("crew") and ev.get("at"):
            out.append(("dead", str(ev["crew"]), str(ev["at"])))
        elif kind == "intruder_killed" and token:
            out.append(("killed", str(token), fight or seen.get(str(token), "")))
        elif kind == "frozen" and token:
            out.append(("frozen", str(token), "freezer"))
    return [c for c in out if c[2] in layout.ROOMS]


def casualties_svg(view: Mapping[str, Any], events: Iterable[EventData]) -> str:
    """A layer for the plan (app.py adds it to the drawn SVG; app.css styles it): in each
    room's bottom left corner (clear of its label, its cost badge and a shaft's entry note)
    a grey dashed chip per casualty ("✝E1" a dead crewman, "✝c3" a
    killed Intruder, "❄c3" a frozen one), or one chip with their number where they do not
    fit; never a token: not a button, named in words."""
    names = {str(c.get("id")): c for c in view.get("crew", []) or []}
    by_place: dict[str, list[tuple[str, str, str]]] = {}
    for what, who, where in casualties(events):
        member = names.get(who, {})
        if what == "dead":
            short = f"{ROLE_LETTER.get(str(member.get('role')), '?')}{who[-1]}"
            words = f"{member.get('name', who)}, dead: killed here"
        else:
            short = who
            words = f"Intruder {who}, " + ("frozen" if what == "frozen" else "killed here")
        by_place.setdefault(where, []).append((what, MARK[what] + short, words))
    layer = _g(id=f"{ID}casualties", class_="casualties")
    for where, chips in by_place.items():
        x, y, w, h = layout.ROOMS[where]
        if sum(_text_width(t, 14) + 13 for _, t, _ in chips) > w - 50:
            chips = [("dead many", f"✝{len(chips)}", "; ".join(c[2] for c in chips))]
        left: float = x + 3
        top = y + h - 23 - (16 if where in SHAFTS else 0)
        for what, text, words in chips:
            cw = _text_width(text, 14) + 10
            g = _g(class_=f"casualty {what}", role="img", aria_label=words,
                   transform=f"translate({_number(left)},{_number(top)})")
            _title(g, words)
            g.add(E.rect((0, 0), (_number(cw), 20), rx=3, ry=3))
            g.add(E.text(text, insert=(_number(cw / 2), 15), text_anchor="middle"))
            layer.add(g)
            left += cw + 3
    return svg_text(layer)
