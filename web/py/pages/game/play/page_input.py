"""The player's clicks and keys: a command button goes to the command table (app.py), a rule
link to the rules reference, an action button to the game, a piece or compartment of the plan
to what it means there (board_input.board_intent), the arrows and shortcuts on the plan to
the board's keyboard place (keys.py)."""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

from core import logbook, session
from core.shown import Shown
from core.station import board_input, keys
from dom.elements import closest, document, el, js, nn
from pages.game.advisor import Advisor
from pages.game.game_session import GameSession
from pages.game.messages import Messages
from pages.game.play import dialogs, guards
from pages.game.play.action_panel import ActionPanel
from pages.game.play.board import Board, place_of
from pages.game.play.rules_dialog import RulesDialog

# The pieces of the plan by their attribute, in click's order: a crewman, a counter, items
# (each one piece), then a stack of counters.
PIECES = ("data-crew", "data-token", "data-items")
PIECE = ", ".join(f"#board [{attr}]" for attr in (*PIECES, "data-stack"))


class PageInput:
    """Every click, key and change on the page, delegated by what it was on."""

    def __init__(self, shown: Shown, game: GameSession, board: Board, panel: ActionPanel,
                 advisor: Advisor, dialogs: dialogs.Dialogs, rules: RulesDialog,
                 messages: Messages, command: Callable[[str], bool]) -> None:
        self.shown = shown
        self.game = game
        self.board = board
        self.panel = panel
        self.advisor = advisor
        self.dialogs = dialogs
        self.rules = rules
        self.messages = messages
        self.command = command

    def on_click(self, event: Any) -> None:
        """Every click on the page, delegated by what was clicked."""
        try:
            self.click(self.through_toast(event))
        except Exception:  # never let a handler die silently
            js.console.warn(traceback.format_exc())
            self.messages.alert("Something went wrong on the page; your game is kept (details "
                                "in the browser console).", "error")

    def through_toast(self, event: Any) -> Any:
        """What a click is on: a tap on the events toast where a piece of the plan lies under
        it is the piece's, and the toast makes way (dismissed; the log keeps its events). The
        toast sits on the edge away from the events, not from every piece, so it may cover
        one (a Science Officer hot-seat game, seed 15: Command Officer 1 under it). A tap
        over an empty compartment stays the toast's: it never moves a crewman unseen."""
        target = event.target
        if closest(target, "#banner") is None or not event.detail:  # (a key's click: no point)
            return target
        under = next((node for node in document.elementsFromPoint(event.clientX, event.clientY)
                      if closest(node, "#board") is not None), None)  # the plan's top element
        if under is None or closest(under, PIECE) is None:
            return target
        self.panel.close_banner()
        return under

    def click(self, target: Any) -> None:
        """Act on a click on `target`: a command, rule link, action, crewman or compartment."""
        if nn(target) is None:
            return
        node = closest(target, "[data-command]")
        if node is not None:
            self.command(str(node.dataset.command))
            return
        node = closest(target, ".log-filter")
        if node is not None:
            self.toggle_log_filter(node)
            return
        node = closest(target, ".rule-link")
        if node is not None:
            self.rules.open_rules(str(node.dataset.rule))
            return
        node = closest(target, ".rule-nav")
        if node is not None:
            self.rules.show_rules([str(node.dataset.ruleId)])
            return
        if closest(target, '#board[data-zoom="whole"] svg') is not None:
            self.board.zoom_in_on(place_of(target))  # the overview is a map, not buttons (R65)
            return
        node = closest(target, "button.act-btn")
        if node is not None:
            if not node.disabled:
                self.panel.close_inspector()
                self.request(json.loads(str(node.dataset.action)))
            return
        node = closest(target, "[data-select]")
        if node is not None:
            self.panel.close_inspector()
            self.panel.select(str(node.getAttribute("data-select")))
            return
        for attr in PIECES:
            node = closest(target, f"#board [{attr}]")
            if node is not None:
                self.on_board(**{attr.removeprefix("data-"): str(node.getAttribute(attr)),
                                 "at": str(nn(node.getAttribute("data-at")) or "")})
                return
        node = closest(target, "#board [data-stack]")
        if node is not None:
            self.on_board(stack=str(node.getAttribute("data-stack")),
                          members=str(nn(node.getAttribute("data-members")) or ""))
            return
        node = closest(target, "#board [data-inset]")  # a crowded place drawn grown
        if node is not None:
            self.on_board(compartment=str(node.getAttribute("data-inset")))
            return
        node = closest(target, "#board [data-compartment]")
        if node is not None:
            self.on_board(compartment=str(node.dataset.compartment))

    def on_board(self, **clicked: str) -> None:
        """A click on the plan (board_input.board_intent says what it means)."""
        shown = self.shown
        intent = board_input.board_intent(shown.decision(), shown.selected, shown.costs,
                                          legal=shown.legal(), tokens=shown.tokens, **clicked)
        if intent.action is not None:
            self.request(intent.action)
        elif intent.select is not None:
            self.panel.select(intent.select)
            if intent.message:
                self.messages.alert(intent.message)
        elif intent.inspect is not None:
            self.panel.open_inspector(intent.inspect)
        elif intent.message:
            self.messages.alert(intent.message)

    def request(self, action: dict[str, Any]) -> None:
        """A player's action: applied, unless a guard asks first (guards.guard_question)."""
        question = guards.guard_question(action, self.shown.view, self.shown.rows) \
            if self.dialogs.settings.get("confirm", True) else ""
        if question:
            self.dialogs.ask_first(action, question)
        else:
            self.game.apply(action)

    @staticmethod
    def toggle_log_filter(button: Any) -> None:
        """A log filter toggled: its category shown or hidden (#log[data-hide])."""
        log = el("log")
        cat = str(button.dataset.logFilter)
        hide = logbook.toggled(str(nn(log.getAttribute("data-hide")) or ""), cat)
        log.setAttribute("data-hide", hide)
        button.setAttribute("aria-pressed", "false" if cat in hide.split() else "true")
        stop = nn(document.querySelector('#log li[tabindex="0"]'))
        if stop is not None and nn(stop.offsetParent) is None:  # hidden: the stop moves on
            stop.tabIndex = -1
            shown = next((li for li in document.querySelectorAll("#log li")
                          if nn(li.offsetParent) is not None), None)
            if shown is not None:
                shown.tabIndex = 0

    def log_key(self, event: Any) -> bool:
        """The log's roving focus: arrows, Home and End go along the entries shown, Enter
        or Space opens the focused entry's rule; True when the key was used."""
        entry = closest(event.target, "#log li")
        if entry is None or closest(event.target, ".rule-link") is not None:
            return False
        key = str(event.key)
        if key in ("Enter", " "):
            event.preventDefault()
            link = nn(entry.querySelector(".rule-link"))
            if link is not None:
                self.rules.open_rules(str(link.dataset.rule))
            return True
        shown = [li for li in document.querySelectorAll("#log li")
                 if nn(li.offsetParent) is not None]
        at = next((i for i, li in enumerate(shown) if li == entry), 0)
        to = logbook.roving_step(len(shown), at, key)
        if to is None:
            return False
        event.preventDefault()
        entry.tabIndex = -1
        shown[to].tabIndex = 0
        shown[to].focus()
        return True

    def on_key(self, event: Any) -> None:
        """Enter/Space on a token or compartment of the plan clicks it; Esc deselects; the
        log's keys move along it."""
        target = event.target
        if self.log_key(event):
            return
        if event.key == "Escape" and self.advisor.autoplay:
            self.advisor.toggle_autoplay(False)
            return
        if event.key == "Escape" and self.shown.selected and nn(document.querySelector(
                "dialog[open]")) is None:
            self.panel.select(self.shown.selected)
            return
        if event.key == "?" and not closest(target, "input, textarea, select") and \
                nn(document.querySelector("dialog[open]")) is None:
            event.preventDefault()
            self.dialogs.open_keys_help()
            return
        if self.board_key(event):
            return
        if event.key not in ("Enter", " "):
            return
        token = closest(target, "#board [data-crew]")
        if token is not None:  # a token focused by keyboard: that crewman is meant
            event.preventDefault()
            self.panel.select(str(token.getAttribute("data-crew")))
            return
        counter = closest(target, "#board [data-token][tabindex]")
        if counter is not None:  # one of the Intruder player's counters
            event.preventDefault()
            self.panel.select(str(counter.getAttribute("data-token")))
            return
        if closest(target, "#board [data-stack], #board [data-compartment]") is not None:
            event.preventDefault()
            self.on_click(event)

    def board_key(self, event: Any) -> bool:
        """Arrows, Enter/Space, I and A on the plan; True when the key was used."""
        key = str(event.key)
        board = self.board
        cid = board.where(event.target)
        if cid is None:
            return False
        thing = closest(event.target, "#board [data-items][role=button]")
        if thing is not None and key in (*keys.ARROWS, "Enter", " "):
            event.preventDefault()  # an object the player may act on (keys.object_step)
            if key in keys.ARROWS:
                step = keys.object_step(board.objects(cid),
                                        str(thing.getAttribute("data-items")), key)
                board.focus_object(step) if step is not None else board.go_to(cid)
            else:
                self.on_board(items=str(thing.getAttribute("data-items")), at=cid)
            return True
        if key in keys.ARROWS:
            event.preventDefault()  # the page does not scroll
            to = keys.neighbour(cid, key)
            if to is not None:
                board.go_to(to)
            return True
        if key in ("i", "I"):
            event.preventDefault()
            board.at = cid
            self.panel.open_inspector(cid)
            return True
        if key in ("a", "A"):
            event.preventDefault()
            board.at = cid
            self.panel.focus_actions()
            return True
        if key in ("Enter", " ") and closest(event.target, "#board [data-compartment]"):
            event.preventDefault()
            board.at = cid
            shown = self.shown
            what, piece = keys.enter_target(shown.view, cid, shown.selected, shown.costs,
                                            shown.legal(), board.objects(cid))
            if what == "select" and piece is not None:
                self.panel.select(piece)
            elif what == "object" and piece is not None:
                board.focus_object(piece)
            else:
                self.on_board(compartment=cid)
            return True
        return False

    def on_change(self, event: Any) -> None:
        """A control of the page changed (the computer's pace)."""
        if str(event.target.id) == "pace":
            self.advisor.on_pace(str(event.target.value))

    def on_hash(self, _event: Any) -> None:
        """A share link opened in this page (only the #g= part changed)."""
        code = session.fragment_code(str(js.location.hash))
        if code is not None:
            ok, note = self.game.load_code(code)
            self.messages.alert(note, "info" if ok else "error")
