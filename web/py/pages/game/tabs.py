"""Two tabs on the same game: the newest one plays, the others go read-only and say why.

A tab that opens (or takes over) announces itself on a BroadcastChannel; a tab that was
playing hears it, stops saving and playing, and answers, so the new tab can say that the other
one stopped. A read-only tab can take over (it reloads the autosave: the other tab's moves are
not lost) or play a copy that is never autosaved. Where BroadcastChannel is missing, the
`storage` event (another tab wrote the autosave) makes a playing tab read-only too.

`Coordinator` is the pure protocol (tested on CPython in tests/test_tabs.py), `Solo` the one tab
the game starts with; `Tabs` (tabs_page.py) is the page glue.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

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
