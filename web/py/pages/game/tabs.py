"""Two tabs on the same game: the newest one plays, the others go read-only and say why.

A tab that opens (or takes over) announces itself on a BroadcastChannel; a tab that was
playing hears it, stops saving and playing, and answers, so the new tab can say that the other
one stopped. A read-only tab can take over (it reloads the autosave: the other tab's moves are
not lost) or play a copy that is never autosaved. Where BroadcastChannel is missing, the
`storage` event (another tab wrote the autosave) makes a playing tab read-only too.

`Coordinator` is the pure protocol (tested on CPython in tests/test_web_trust.py); `Tabs` is the
page glue.
"""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

with contextlib.suppress(ImportError):  # the page (Pyodide); CPython tests use the pure part
    from dom import document, js, listen, window

if TYPE_CHECKING:
    from events import Bus
    from game_session import GameSession
    from messages import Messages

READ_ONLY = ("This game is now open in another tab, which has taken over. This tab is "
             "read-only so that no move is lost.")
OTHER_STOPPED = ("This game was also open in another tab. That tab is now read-only; play "
                 "continues here.")
COPY = ("You are playing a copy of the game in this tab. It is not autosaved: export it to "
        "keep it.")
TOOK_OVER = "Play continues in this tab; the other tab is now read-only."


@dataclass
class Coordinator:
    """One tab's part in the protocol. Each handler returns the messages to post and the
    notice to show (None: leave it; "": remove it)."""

    id: str = field(default_factory=lambda: f"{random.getrandbits(48):012x}")
    mode: str = "playing"  # "playing", "read_only" or "copy"

    def hello(self) -> list[dict[str, str]]:
        """This tab opens or takes over: tell the others."""
        self.mode = "playing"
        return [{"type": "claim", "from": self.id}]

    def receive(self, msg: Any) -> tuple[list[dict[str, str]], str | None]:
        """A message from another tab."""
        if not isinstance(msg, dict) or msg.get("from") == self.id:
            return [], None
        kind = msg.get("type")
        if kind == "claim" and self.mode == "playing":
            self.mode = "read_only"
            return [{"type": "yielded", "from": self.id, "to": str(msg.get("from"))}], READ_ONLY
        if kind == "yielded" and msg.get("to") == self.id and self.mode == "playing":
            return [], OTHER_STOPPED
        if kind == "released" and self.mode == "read_only":
            return self.hello(), ""
        return [], None

    def stored_elsewhere(self) -> str | None:
        """Another tab wrote the autosave (the `storage` event): stop if this tab plays."""
        if self.mode == "playing":
            self.mode = "read_only"
            return READ_ONLY
        return None

    def play_copy(self) -> tuple[list[dict[str, str]], str]:
        """Play on in this tab without saving; the tab that yielded may play again."""
        was = self.mode
        self.mode = "copy"
        return ([{"type": "released", "from": self.id}] if was == "playing" else []), COPY

    @property
    def may_save(self) -> bool:
        return self.mode == "playing"

    @property
    def may_play(self) -> bool:
        return self.mode != "read_only"


class Solo:
    """No coordination (before the game is up, or in a page without storage events)."""

    def start(self) -> None:
        """Nothing to announce."""

    def may_save(self) -> bool:
        return True

    def may_play(self) -> bool:
        return True

    def saved(self) -> None:
        """The autosave was written."""

    def explain(self) -> None:
        """Why a move was not taken (nothing to say here)."""

    def command(self, name: str) -> None:
        """A button of the tabs notice."""


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
                import storage

                import intruder_core

                self.game.set_game(storage.unpack(intruder_core, text))

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
