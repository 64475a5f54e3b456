"""The action panel and what surrounds it: the status line, the prompt, one button per legal
action (the selected piece's first), the mapsheet, the result, the log, Undo, and the page's
data attributes; redrawn after every change, keeping the keyboard focus where it was."""

from __future__ import annotations

from typing import Any

from core import history, logbook, panels, session
from core.shown import Shown
from dom.elements import closest, document, el, js_obj, nn
from intruder_core.event_types import EventData
from pages.game.advisor import Advisor
from pages.game.events import Bus
from pages.game.game_session import GameSession
from pages.game.handover import Handover
from pages.game.play import guards
from pages.game.play.board import Board

FOCUS_ATTRS = ("data-seq", "data-log-filter", "data-compartment", "data-crew", "data-token",
               "data-items", "data-select",
               "data-action")


class ActionPanel:
    """Draws the shown side's position (Shown) into the page."""

    def __init__(self, shown: Shown, game: GameSession, board: Board, advisor: Advisor,
                 handover: Handover, bus: Bus) -> None:
        self.shown = shown
        self.game = game
        self.board = board
        self.advisor = advisor
        self.handover = handover
        self.bus = bus
        self.html_shown = handover.html_shown  # panels' HTML as last set (set_html)
        self.step_was: tuple[Any, Any] | None = None  # the phase and step last drawn

    def draw(self, new_events: list[EventData] | None = None,
             rebuild_log: bool = False) -> None:
        """Redraw the shown side's view (a hand-over screen first when the turn passes to
        another human); keep keyboard focus on the same thing if it still exists."""
        game, shown = self.game, self.shown
        turn = game.current_turn()
        if game.pending_side is not None:
            return  # the hand-over screen stays until the next player continues
        if turn.kind == "human" and turn.side != game.side:
            if turn.handover:
                self.handover.show(str(turn.side))
                return
            game.side = str(turn.side)
            rebuild_log = True
        focus = self.focus_key()
        current = game.current
        shown.view = session.shown_view(current, game.side)
        if current.is_over:
            actions = []
        elif len(current.players) > 1:
            actions = list(current.legal_actions(game.side))
        else:
            actions = list(current.legal_actions())
        shown.rows = panels.action_rows(actions)
        crew = panels.crew_by_id(shown.view)
        acts = shown.legal()
        shown.tokens = session.own_tokens(acts)  # the Intruder player's counters
        if shown.selected and (crew.get(shown.selected) or {}).get("status") not in (
                None, "active"):
            shown.selected = None
        if shown.selected and shown.selected not in crew and \
                shown.selected not in shown.tokens:
            shown.selected = None  # a counter with nothing left to do this phase
        step = shown.decision().get("step")
        now = (shown.view.get("phase"), step)
        if shown.selected in crew and now != self.step_was and \
                not any(a.get("crew") == shown.selected for a in acts):
            shown.selected = None  # nobody stays selected into a step he cannot act in
        self.step_was = now
        if shown.tokens and shown.selected not in shown.tokens:
            shown.selected = shown.tokens[0]  # the Intruder player always has a counter
        if shown.selected in shown.tokens:
            shown.costs = session.counter_reach(acts, shown.selected, shown.view)
            shown.rows = session.selected_first(shown.rows, shown.selected)
        else:
            shown.costs = session.reachable(acts, shown.selected, shown.view)

        seed = game.seed() if current.is_over else "shown at the end"  # no spoilers
        self.set_html("status", panels.status_html(shown.view, seed) + self.seat_html())
        el("prompt").textContent = self.prompt_text(turn)
        self.draw_actions(turn)
        self.set_html("mapsheet", panels.mapsheet_html(shown.view, game.stage_rows))
        day = game.games.daily  # a game of the day's result card (history.card_text)
        self.set_html("result", panels.result_html(current.result, history.card_text(
            day, shown.view, game.games.used) if day and current.is_over else ""))
        el("result").hidden = not current.is_over
        self.board.draw()
        self.board.rove()
        self.set_html("banner", shown.banner)
        self.board.light()
        if rebuild_log:
            el("log").innerHTML = logbook.log_html([ev.to_dict() for ev in current.log])
            self.rove_log()
        elif new_events:
            self.add_to_log(new_events)
        self.draw_undo()
        body = document.body.dataset
        body.stateSha = game.state_sha()
        body.step = str(step or "")
        body.selected = shown.selected or ""
        body.side = game.side
        body.turn = f"{turn.kind}:{turn.side or ''}"
        self.bus.emit("drawn")
        self.restore_focus(focus)

    def draw_actions(self, turn: session.Turn) -> None:
        """#actions: the shown side's choices, or the computer's pace and Skip."""
        shown = self.shown
        over = self.game.current.is_over  # the result says it all: no actions, no advisor
        el("actions").hidden = over
        document.querySelector(".decision .advisor").hidden = over
        if over:
            return
        if turn.kind == "computer":  # watching the computer: its pace, and Skip
            if nn(el("pace")) is None:  # set once, so the pace control keeps its focus
                el("actions").innerHTML = guards.watch_html(
                    session.side_name(str(turn.side)), round(self.advisor.pace * 1000))
                self.html_shown.pop("actions", None)
        elif shown.tokens:  # the selected counter's actions; the others one line each
            rows = session.counter_rows(shown.rows, shown.selected)
            self.set_html("actions", panels.actions_html(shown.view, rows, shown.selected,
                                                         shown.costs, self.why_illegal())
                          + guards.other_counters_html(shown.view, shown.rows,
                                                        shown.selected))
        else:
            self.set_html("actions", panels.actions_html(shown.view, shown.rows,
                                                         shown.selected, shown.costs,
                                                         self.why_illegal()))

    def why_illegal(self) -> panels.WhyIllegal | None:
        """The game's refusals, for the hints on actions not offered (none once it is over)."""
        current = self.game.current
        return None if current.is_over else current.why_illegal

    def draw_undo(self) -> None:
        """The Undo button: enabled, or saying why not."""
        over = self.game.current.is_over
        undo = el("undo")
        can_undo = self.game.undo.can_undo and not over
        undo.disabled = not can_undo
        undo.title = ("Take back your last choice" if can_undo else "The game is over"
                      if over else "Nothing to undo since the last die roll or reveal")

    def set_html(self, element_id: str, html: str) -> None:
        """Replace an element's HTML only when it changed (a redraw keeps the rest as is)."""
        node = el(element_id)
        if self.html_shown.get(element_id) != html or nn(node.firstChild) is None:
            node.innerHTML = html
            self.html_shown[element_id] = html

    def add_to_log(self, events: list[EventData]) -> None:
        """New events into the log, newest first (logbook.log_update): the newest phase's
        on top of its events, under its heading; a new phase's group on top."""
        start = len(self.game.current.log) - len(events)
        log = el("log")
        first = nn(log.firstElementChild)
        current = int(first.dataset.group) if first is not None else 0
        tail, top = logbook.log_update(events, start, current)
        if tail and first is not None and first.hasAttribute("data-head"):
            first.insertAdjacentHTML("afterend", tail)
        elif tail:
            log.insertAdjacentHTML("afterbegin", tail)
        if top:
            log.insertAdjacentHTML("afterbegin", top)
        self.rove_log()

    @staticmethod
    def rove_log() -> None:
        """The log is one Tab stop: its first entry, unless one already holds it; its
        filters (logbook.FILTERS) are made on first use."""
        filters = el("log-filters")
        if nn(filters.firstElementChild) is None:
            filters.innerHTML = logbook.filters_html()
        if nn(document.querySelector('#log li[tabindex="0"]')) is None:
            first = nn(document.querySelector("#log li"))
            if first is not None:
                first.tabIndex = 0

    def seat_html(self) -> str:
        """" · You: crew · Intruder: computer" when the game has more than one side."""
        game = self.game
        if len(game.seats) < 2:
            return ""
        scores = session.side_scores(game.current)  # The Science Officer: each one's points
        parts = []
        for s, who in game.seats.items():
            name = session.side_name(s)
            who_words = "computer" if who == "computer" else "you" if s == game.side \
                else "human"
            part = f"{name[:1].upper()}{name[1:]}: {who_words}"
            if s in scores:
                part += f", {scores[s]} points"
            parts.append(panels.e(part))
        mine = session.side_crewmen(game.current, game.side) if scores else ""
        yours = f' <span class="yours">· Your crewmen: {panels.e(mine)}</span>' if mine else ""
        return f' <span class="seats">· {" · ".join(parts)}</span>{yours}'

    def prompt_text(self, turn: session.Turn) -> str:
        """The pending decision, or who else is deciding."""
        if turn.kind == "computer":
            return f"The computer is playing the {session.side_name(str(turn.side))}…"
        game = self.game
        text = panels.prompt(self.shown.view, self.shown.selected)
        step = self.shown.decision().get("step")
        if step in ("intruder_move", "intruder_attack") and game.side == "intruder":
            text = ("Intruder Movement: move counters (each up to its movement), destroy or "
                    "open, then end the movement" if step == "intruder_move" else
                    "The Intruder attacks: choose whom each counter attacks, or hold")
        if len(game.seats) > 1 and not game.current.is_over:
            name = session.side_name(game.side)
            text = f"{name[:1].upper()}{name[1:]}: {text}"  # "Science Officer: ..."
        return text

    def close_banner(self) -> None:
        """The events toast, dismissed (the log keeps them)."""
        self.shown.forget_headline()
        el("banner").innerHTML = ""
        self.board.unlight()
        el("prompt").focus(js_obj({"preventScroll": True}))

    # --- the selection, the inspector, the focus ---------------------------------------------

    def select(self, crew: str | None) -> None:
        """Select a crewman (again: deselect him) and redraw."""
        self.shown.selected = None if crew == self.shown.selected else crew
        self.draw()

    def open_inspector(self, place: str) -> None:
        """The room inspector: everything in `place`, each piece with its state and actions."""
        shown = self.shown
        el("inspector-title").textContent = panels.place(place)
        el("inspector-body").innerHTML = panels.inspector_html(
            shown.view, place, shown.rows, shown.selected, shown.costs, self.why_illegal())
        dialog = el("inspector")
        if not dialog.open:
            dialog.showModal()

    @staticmethod
    def close_inspector() -> None:
        """Close the room inspector (an action or a selection made in it)."""
        dialog = nn(el("inspector"))
        if dialog is not None and dialog.open:
            dialog.close()

    @staticmethod
    def focus_actions() -> None:
        """Focus the selected piece's first action (else the first action on the page)."""
        first = nn(document.querySelector("#actions .crew-group.selected button.act-btn")) \
            or nn(document.querySelector("#actions button.act-btn"))
        if first is not None:
            first.focus()

    @staticmethod
    def focus_key() -> tuple[str, str] | None:
        """What has keyboard focus, as (attribute, value), to find it again after a redraw."""
        active = nn(document.activeElement)
        if active is None or active == document.body:
            return None
        for attr in FOCUS_ATTRS:
            holder = closest(active, f"[{attr}]")
            if holder is not None:
                return attr, str(holder.getAttribute(attr))
        return None

    def restore_focus(self, key: tuple[str, str] | None) -> None:
        """Focus what had focus before the redraw, or else the prompt."""
        active = nn(document.activeElement)
        if key is None or (active is not None and active != document.body):
            return
        attr, value = key
        for node in document.querySelectorAll(f"[{attr}]"):
            if node.getAttribute(attr) == value:
                node.focus()
                return
        stop = nn(document.querySelector('#board [data-compartment][tabindex="0"]'))
        if attr in ("data-compartment", "data-crew", "data-token", "data-items") and \
                stop is not None:
            stop.focus()  # a piece that left: the player stays on the plan where he was
            return
        if attr == "data-action" and nn(document.querySelector("#actions button.act-btn")):
            self.focus_actions()  # the button pressed is gone: the next choice, in the list
            return
        el("prompt").focus(js_obj({"preventScroll": True}))
