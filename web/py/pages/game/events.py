"""How the page's components talk: a tiny typed event bus, and the tasks they start.

A component announces what happened (`Bus.emit`); the components that care subscribe
(`Bus.on`). Every event the page knows is declared in `Event`, so a misspelt one fails mypy.
Pure Python: tested on CPython (tests/test_web_components.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Literal, Protocol, get_args

from intruder_core.event_types import EventData

# What happened, in the words the subscribers use:
#   acting     a player's or a bot's action is about to be applied (estimates are stale)
#   game-set   another game is now the current one (new, loaded, resumed, taken over)
#   read-only  another tab has taken over this game
#   handover   the device passes to another human side (nothing of the last side shows)
#   drawn      the page shows the current position (the advisor draws its part, and
#              the computer plays on when it is its turn)
Event = Literal["acting", "game-set", "read-only", "handover", "drawn"]
EVENTS: tuple[Event, ...] = get_args(Event)
Handler = Callable[[], None]


class Bus:
    """Subscribers per event, called in the order they subscribed."""

    def __init__(self) -> None:
        self._handlers: dict[Event, list[Handler]] = {name: [] for name in EVENTS}

    def on(self, event: Event, handler: Handler) -> None:
        """Call `handler` whenever `event` is emitted."""
        if event not in self._handlers:
            raise ValueError(f"unknown page event {event!r}")
        self._handlers[event].append(handler)

    def emit(self, event: Event) -> None:
        """Tell every subscriber of `event`."""
        for handler in self._handlers[event]:
            handler()


class Redraw(Protocol):
    """Draw the current position again (ActionPanel.draw): with an action's new events for
    the log, or the whole log rebuilt (another game, an undo, a hand-over)."""

    def __call__(self, new_events: list[EventData] | None = None,
                 rebuild_log: bool = False) -> None: ...


class Tasks:
    """Coroutines run on the event loop (Pyodide's in the page), each kept referenced until
    done: the loop itself holds only weak references."""

    def __init__(self) -> None:
        self._running: set[asyncio.Future[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run `coro` without waiting for it."""
        task = asyncio.ensure_future(coro)
        self._running.add(task)
        task.add_done_callback(self._running.discard)
