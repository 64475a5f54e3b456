"""The hot-seat hand-over: when the turn passes to another human side, everything the last
side saw is hidden until the next player, at the device, continues."""

from __future__ import annotations

from core import moments, session
from core.shown import Shown
from dom.elements import document, el, nn
from pages.game.events import Bus, Redraw
from pages.game.game_session import GameSession
from pages.game.messages import Messages

HIDDEN = ("board", "actions", "mapsheet", "log", "status", "result", "advice", "banner")


class Handover:
    """The hand-over screen (#handover) between two human sides."""

    def __init__(self, shown: Shown, game: GameSession, messages: Messages, bus: Bus) -> None:
        self.shown = shown
        self.game = game
        self.messages = messages
        self.bus = bus
        self.html_shown: dict[str, str] = {}  # the panels' HTML as last set (ActionPanel)
        self.seen: dict[str, int] = {}  # side -> the log's length when he last had the device
        self.redraw: Redraw = lambda new_events=None, rebuild_log=False: None  # App wires it

    def show(self, side: str) -> None:
        """Hide everything the last side saw, and ask to pass the device to `side`."""
        self.seen[self.game.side] = len(self.game.current.log)
        self.game.pending_side = side
        self.shown.selected = None
        self.html_shown.clear()
        self.bus.emit("handover")
        self.shown.forget_headline()
        for box in HIDDEN:
            el(box).innerHTML = ""
        el("prompt").textContent = ""
        self.messages.alert("")  # a refusal or a note may name what the last side saw
        self.messages.clear_announcement()
        el("share-link").value = ""
        el("odds").hidden = True
        document.body.dataset.suggested = ""
        el("game-view").hidden = True
        el("handover-text").textContent = (
            f"Pass the device to the {session.side_name(side)} player.")
        self.lock(True)  # their files and links hold both sides' secrets
        for dialog in document.querySelectorAll("dialog[open]"):
            dialog.close()
        el("handover").hidden = False
        document.body.dataset.handover = side
        document.body.dataset.side = ""
        el("handover-continue").focus()

    def end(self) -> None:
        """The next player is at the device: show his side."""
        if self.game.pending_side is None:
            return
        self.game.side = self.game.pending_side
        self.game.pending_side = None
        self.game.undo = session.UndoStack()  # no taking back the other player's moves
        el("handover").hidden = True
        el("game-view").hidden = False
        self.lock(False)
        document.body.dataset.handover = ""
        self.shown.banner = self.since(self.game.side)
        self.redraw(rebuild_log=True)

    def since(self, side: str) -> str:
        """"Since your last turn: ..." for `side`, from the events since he last had the
        device, told as his view may know them ("" the first time he has it)."""
        start = self.seen.get(side)
        if start is None:
            return ""
        game = self.game.current
        events = [ev.to_dict() for ev in game.log[start:]]
        view = game.view(side)
        return moments.since_html(moments.told(events, side, view))

    @staticmethod
    def lock(locked: bool) -> None:
        """The toolbar buttons that are off while the device changes hands."""
        for name in session.HANDOVER_LOCKED:
            node = nn(el(name))
            if node is not None:
                node.disabled = locked
