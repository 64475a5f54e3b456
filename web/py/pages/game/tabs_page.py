"""Two tabs on the same game, the page glue of tabs.Coordinator: BroadcastChannel, the storage
event, the notice (the protocol and its words are tabs.py)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from dom.elements import document, js, listen, window
from pages.game.events import Bus
from pages.game.game_session import GameSession
from pages.game.messages import Messages
from pages.game.tabs import READ_ONLY, TOOK_OVER, Coordinator, Solo


class Tabs(Solo):
    """The page glue of Coordinator: BroadcastChannel, the storage event, the notice."""

    def __init__(self, game: GameSession, messages: Messages, bus: Bus) -> None:
        self.game = game
        self.messages = messages
        self.bus = bus
        self.core = Coordinator()
        self.channel: Any = None
        self._proxies: list[Any] = []
        self._writing = False

    def start(self) -> None:
        """Listen to the other tabs and announce this one."""
        prefix = str(self.game.store.prefix)
        with contextlib.suppress(Exception):
            self.channel = js.BroadcastChannel.new(f"{prefix}tabs")
            self._proxies.append(listen(self.channel, "message", self.on_message))
        self._proxies.append(listen(window, "storage", self.on_storage))
        self.post(self.core.hello())

    def post(self, messages: list[dict[str, str]]) -> None:
        for msg in messages:
            if self.channel is not None:
                self.channel.postMessage(json.dumps(msg))

    def on_message(self, event: Any) -> None:
        try:
            msg = json.loads(str(event.data))
        except ValueError:
            return
        was = self.core.mode
        out, note = self.core.receive(msg)
        self.post(out)
        if was != "playing" and self.core.mode == "playing":
            self.reload()  # the other tab plays a copy: continue from the autosave
        self.show(note)

    def on_storage(self, event: Any) -> None:
        if str(event.key) == f"{self.game.store.prefix}save" and self.channel is None:
            self.show(self.core.stored_elsewhere())

    def show(self, note: str | None) -> None:
        """Show (or remove) the tabs notice and mark the page read-only."""
        document.body.dataset.tab = self.core.mode
        if note is None:
            return
        if note == "":
            self.messages.dismiss("tabs")
            return
        if self.core.mode == "read_only":
            self.bus.emit("read-only")
            self.messages.notice("tabs", note, "error", (("tabs:take-over", "Take over here"),
                                                         ("tabs:copy", "Play a copy here")))
        elif self.core.mode == "copy":
            self.messages.notice("tabs", note, "info", (("export", "Export the copy"),))
        else:
            self.messages.notice("tabs", note, "info",
                                 (("tabs:copy", "Play a copy here instead"),))

    def reload(self) -> None:
        """Continue from the autosave (the latest state the other tab saved)."""
        text = self.game.store.get("save")
        if text:
            with contextlib.suppress(Exception):
                import intruder_core
                from core import storage

                game = storage.unpack(intruder_core, text)
                self.game.set_game(game, daily=self.game.kept_daily(game))

    def command(self, name: str) -> None:
        if name == "take-over":
            self.reload()
            self.post(self.core.hello())
            self.show(TOOK_OVER)
        elif name == "copy":
            out, note = self.core.play_copy()
            self.post(out)
            self.show(note)

    def may_save(self) -> bool:
        return self.core.may_save

    def may_play(self) -> bool:
        return self.core.may_play

    def explain(self) -> None:
        self.show(READ_ONLY)
