"""The station plan on the page: drawn from the shown view (only the parts that changed),
fitted to a small screen (the part where things happen, or the whole station), and the
keyboard's place on it (one Tab stop, the arrows move)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core import panels
from core.shown import Shown
from core.station import board_input, keys, layout, render
from dom.elements import closest, document, el, nn, window
from pages.game.game_session import GameSession

if TYPE_CHECKING:
    from intruder_core.view import View


def place_of(target: Any) -> str:
    """The place of the plan a node stands for or lies in (a compartment, a piece's place, a
    stack's), or ""."""
    node = closest(target, "[data-compartment], [data-at], [data-stack]")
    if node is None:
        return ""
    return str(node.getAttribute("data-compartment") or node.getAttribute("data-at")
               or node.getAttribute("data-stack") or "")


class Board:
    """#board: the plan as last drawn, its fit on the screen and the keyboard's stop."""

    def __init__(self, shown: Shown, game: GameSession) -> None:
        self.shown = shown
        self.game = game
        self.parts: dict[str, str] = {}   # the plan's parts as shown (draw)
        self.whole = False                # "Whole station" on a small screen (fit)
        self.at: str | None = None        # where the keyboard player is on the plan
        self._box: tuple[float, float] | None = None  # board's (width, max height) px
        self._fitted: tuple[Any, ...] | None = None   # what fit last showed
        self._casualties: tuple[str, str] = ("", "")  # (game and log length, its layer)
        self.moment_view: tuple[int, int, int, int] | None = None  # moments' part (hold_view)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self) -> None:
        """The station plan, with the selection and the reachable compartments: the whole
        plan the first time, then only the parts that changed (render.station_parts), so a
        click redraws in one frame."""
        shown = self.shown
        focus = shown.decision().get("at")
        extra: dict[str, Any] = {}
        if shown.tokens:  # the Intruder player's counters are pieces he selects and moves
            extra = {"selectable": shown.tokens,
                     "unit": "steps" if shown.selected in shown.tokens else "MP",
                     "actable": board_input.actable_objects(shown.legal())}
        board = el("board")
        drawn = self.drawn()
        # stable slots: a piece that stays in its place keeps its spot (issue 28)
        parts = render.station_parts(shown.view, selected=shown.selected,
                                     reachable=shown.costs, focus=focus,
                                     held=render.placements(drawn), **extra)
        changed = [k for k, text in parts.items() if drawn.get(k) != text]
        nodes = [nn(document.getElementById(k)) for k in changed] if drawn else [None]
        if any(node is None for node in nodes):  # first drawing, or the board was cleared
            preview = nn(el("boot-station"))  # the boot screen's picture shares the ids
            if preview is not None:
                preview.remove()
            board.innerHTML = render.assemble(parts)
            board.firstElementChild.setAttribute("data-live", "1")
            self._fitted = None  # a new <svg>: its viewBox is the whole plan again
        else:
            for node, part_id in zip(nodes, changed, strict=True):
                assert node is not None  # every changed part is on the page (checked above)
                node.outerHTML = parts[part_id]
        self.parts = parts
        self.draw_casualties()
        self.fit()

    def drawn(self) -> dict[str, str]:
        """The plan's parts as the page shows them ({} before the live plan is drawn)."""
        live = nn(el("board").querySelector("svg.station-map[data-live]")) is not None
        return self.parts if live else {}

    def prerender(self, view: View) -> None:
        """Render the plan of a position about to be drawn (another game) without touching
        the page: render's memo keeps its parts, so the drawing, in a later task, swaps them
        in and each task stays short (issue 31). A part that comes out otherwise then (a
        selection, the Intruder player's counters) is rendered again: nothing shown depends
        on this."""
        render.station_parts(view, focus=(view.get("decision") or {}).get("at"),
                             held=render.placements(self.drawn()))

    def draw_casualties(self) -> None:
        """The dead where they fell, killed and frozen Intruders (render.casualties_svg, from
        the public log; redrawn from it only when the log changed), over the plan (a crowded
        room's grown box too); a tap on a chip goes through to what is under it (app.css)."""
        svg = nn(el("board").querySelector("svg"))
        if svg is None:
            return
        game = self.game.current
        key = f"{id(game)}:{len(game.log)}"  # a new game object (load, undo) or new events
        layer = nn(document.getElementById(f"{render.ID}casualties"))
        if self._casualties[0] == key and layer is not None:
            return  # the plan kept its layer (only changed parts are swapped)
        if self._casualties[0] != key:
            self._casualties = (key, render.casualties_svg(
                self.shown.view, (ev.to_dict() for ev in game.log)))
        if layer is not None:
            layer.remove()
        svg.insertAdjacentHTML("beforeend", self._casualties[1])

    def light(self) -> None:
        """Outline the compartments where the last action's headline events happened."""
        el("toast").dataset.edge = layout.toast_edge(self.shown.flash)
        self.unlight()
        for place in self.shown.flash:
            for node in document.querySelectorAll(  # the room, and its grown box if crowded
                    f'#board [data-compartment="{place}"], #board [data-inset="{place}"]'):
                node.classList.add("event-here")

    @staticmethod
    def unlight() -> None:
        """No compartment outlined (the events toast dismissed, or a new headline)."""
        for node in document.querySelectorAll("#board .event-here"):
            node.classList.remove("event-here")

    # --- fitting a small screen ------------------------------------------------------------

    def on_focus(self, event: Any) -> None:
        """Keyboard focus on a piece or compartment outside the part of the plan shown (a
        phone): the part moves to it, so the focus is never out of sight."""
        board = el("board")
        if board.getAttribute("data-zoom") != "part":  # absent when the plan fits
            return
        place = place_of(event.target)
        if place:
            self.show_place(place)

    def show_place(self, place: str) -> None:
        """Move the part of the plan shown on a small screen to `place` if it is out of it."""
        svg = nn(el("board").querySelector("svg"))
        if svg is None:
            return
        now = [int(float(n)) for n in str(svg.getAttribute("viewBox")).split()]
        if len(now) != 4 or layout.shows((now[0], now[1], now[2], now[3]), place):
            return
        width, height = self.box()
        box = layout.zoom_box(width, height, [place], grown=render.grown_boxes(self.parts))
        svg.setAttribute("viewBox", " ".join(str(n) for n in box))
        self._fitted = None  # the next fit puts back the part where things happen

    def zoom_in_on(self, place: str) -> None:
        """A tap on the "Whole station" overview: back to the readable part of the plan,
        showing the place tapped. Its pieces are drawn under the 24 px tap-target size, so
        the tap never acts on one (the keyboard still does: focus is not a tap)."""
        self.whole = False
        self.fit()
        if place:
            self.show_place(place)

    def zoomed(self) -> tuple[float, float] | None:
        """The board's (width, max height) px when a small screen shows a part of the plan
        (moments then zoom to their places, moments.zoom_views), else None."""
        if el("board").getAttribute("data-zoom") != "part":
            return None
        return self.box()

    def hold_view(self, part: tuple[int, int, int, int] | None) -> None:
        """While moments play on a small screen: show this part of the plan, where they
        happen; None: back to the usual part (where things happen now)."""
        if part == self.moment_view:
            return
        self.moment_view = part
        self.fit()

    def toggle_whole(self) -> None:
        """The "Whole station" / "Zoom in" button."""
        self.whole = not self.whole
        self.fit()

    def zoom_places(self) -> list[str]:
        """Where things happen, for a small screen's part of the plan: the selected crewman
        (or counter) and where he can go, else the Interaction, else the last events, else
        the crew."""
        shown = self.shown
        crew = panels.crew_by_id(shown.view)
        if shown.selected and shown.selected in crew:
            return [str(crew[shown.selected].get("at")), *(shown.costs or {})]
        held = next((c for c in shown.view.get("counters", [])
                     if shown.selected and c.get("token") == shown.selected), None)
        if held is not None:  # the Intruder player's counter in hand, and where it may go
            return [str(held.get("at")), *(shown.costs or {})]
        at = shown.decision().get("at")
        if at:
            return [str(at)]
        if shown.flash:
            return list(shown.flash)
        return [str(c.get("at")) for c in crew.values() if c.get("status") == "active"]

    def box(self, measure: bool = False) -> tuple[float, float]:
        """The board's width and max height in CSS px as the layout gives it (without
        data-zoom), measured once and again only after a resize: reading them right after a
        redraw would force a layout on every click."""
        if self._box is None or measure:
            board = el("board")
            zoom = nn(board.getAttribute("data-zoom"))
            if zoom is not None:  # "whole" lifts the max height: measure without it
                board.removeAttribute("data-zoom")
            limit = str(window.getComputedStyle(board).maxHeight)
            box = (float(board.clientWidth), float(limit[:-2]) if limit.endswith("px") else 0.0)
            if zoom is not None:
                board.dataset.zoom = zoom
            self._box = box if box[0] > 0 else None  # hidden (a handover): not yet
            return box
        return self._box

    def on_resize(self, entries: Any, _observer: Any = None) -> None:
        """The board's box changed width (a scrollbar, a layout change the window's resize
        event does not tell): fit the plan to it again."""
        known = self._box
        for entry in entries:
            if known is None or abs(float(entry.contentRect.width) - known[0]) > 0.5:
                self.fit(measure=True)
                return

    def fit(self, measure: bool = False) -> None:
        """A box too small for the whole plan at a readable scale (a phone) shows the part
        where things happen (layout.zoom_box); the "Whole station" button shows it all.
        Touches the page only when what it shows changes (most clicks change nothing)."""
        board = nn(el("board"))
        svg = None if board is None else nn(board.querySelector("svg"))
        if svg is None:  # no plan drawn (or no board: the page is going away)
            return
        width, height = self.box(measure)
        places, grown = self.zoom_places(), render.grown_boxes(self.parts)
        part = layout.zoom_box(width, height, places, grown=grown)
        small = part != layout.VIEWBOX
        box = layout.VIEWBOX if self.whole or not small else self.moment_view or part
        was = self._fitted[0] if self._fitted and self._fitted[1] and not self._fitted[2] \
            else None
        if box == part and was is not None and not measure and was[2:] == part[2:] and \
                all(layout.shows(was, p, grown) for p in places if p in layout.ROOMS):
            box = was  # it still shows where things happen: it does not move under the hand
        fitted = (box, small, self.whole)
        if fitted == self._fitted:
            return
        self._fitted = fitted
        svg.setAttribute("viewBox", " ".join(str(n) for n in box))
        if small:  # else no data-zoom at all: the plan keeps its wide-screen sizing
            board.dataset.zoom = "whole" if self.whole else "part"
        else:
            board.removeAttribute("data-zoom")
        button = nn(el("board-zoom"))
        if button is not None:
            button.hidden = not small
            button.textContent = "Zoom in" if self.whole else "Whole station"

    # --- the keyboard's place on the plan (keys.py) -----------------------------------------

    @staticmethod
    def where(node: Any) -> str | None:
        """The compartment a plan element stands for (a room, or the room of a piece)."""
        for attr in ("data-compartment", "data-stack", "data-at"):
            holder = closest(node, f"#board [{attr}]")
            if holder is not None:
                return str(holder.getAttribute(attr))
        return None

    def rove(self) -> None:
        """The plan is one Tab stop (roving tabindex): one compartment takes Tab, the rest of
        the plan is reached with the arrow keys."""
        board = nn(el("board"))
        if board is None:
            return
        shown = self.shown
        sel_at = None
        if shown.selected:
            member = panels.crew_by_id(shown.view).get(shown.selected) or {}
            counter = next((c for c in shown.view["counters"]
                            if c["token"] == shown.selected), None)
            sel_at = member.get("at") or (counter["at"] if counter else None)
        pending = list(shown.decision().get("compartments") or [])
        stop = keys.roving_stop(sel_at, shown.costs, self.at, pending)
        for node in board.querySelectorAll("[tabindex]"):
            node.setAttribute("tabindex", "-1")
        room = nn(board.querySelector(f'[data-compartment="{stop}"]'))
        if room is not None:
            room.setAttribute("tabindex", "0")

    def go_to(self, cid: str) -> None:
        """Move the keyboard focus (and the plan's Tab stop) to a compartment."""
        room = nn(document.querySelector(f'#board [data-compartment="{cid}"]'))
        if room is None:
            return
        self.at = cid
        for node in document.querySelectorAll('#board [tabindex="0"]'):
            node.setAttribute("tabindex", "-1")
        room.setAttribute("tabindex", "0")
        room.focus()

    @staticmethod
    def objects(cid: str) -> list[str]:
        """The objects in a compartment the player may act on (their buttons' data-items)."""
        return [str(n.getAttribute("data-items")) for n in document.querySelectorAll(
            f'#board [data-items][role=button][data-at="{cid}"]')]

    @staticmethod
    def focus_object(key: str) -> None:
        """Move the keyboard focus (and the plan's Tab stop) to an object's button."""
        node = nn(document.querySelector(f'#board [data-items="{key}"][role=button]'))
        if node is None:
            return
        for other in document.querySelectorAll('#board [tabindex="0"]'):
            other.setAttribute("tabindex", "-1")
        node.setAttribute("tabindex", "0")
        node.focus()
