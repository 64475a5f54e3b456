"""localStorage under one prefix, and the player's settings kept there.

Pure Python with the backend injected (the page passes `js.localStorage`, the tests a dict
wrapper), so saving and failing storage are tested on CPython
(tests/test_web_session.py, tests/test_web_trust.py).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from typing import Any, Protocol

from intruder_core import codec
from intruder_core.codec import NotIntruder


class Backend(Protocol):
    """What Store needs of localStorage."""

    def getItem(self, key: str) -> Any: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class MemoryBackend:
    """A dict with localStorage's three methods (tests, and pages where storage is missing)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


def _none(value: Any) -> Any:
    """None for JS null/undefined too (Pyodide's `jsnull` is not None)."""
    return None if value is None or type(value).__name__ == "JsNull" else value


class Store:
    """localStorage under one prefix; storage may be missing or full (private modes, iframes)."""

    def __init__(self, prefix: str, backend: Any = None) -> None:
        self.prefix = prefix
        self.backend = backend

    def _backend(self) -> Any:
        if self.backend is None:
            import js  # the page's localStorage

            self.backend = js.localStorage
        return self.backend

    def get(self, key: str) -> str | None:
        """The stored value, or None."""
        try:
            value = _none(self._backend().getItem(self.prefix + key))
        except Exception:
            return None
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> str:
        """Store a value; returns what went wrong in plain words, or "" when it was stored."""
        try:
            self._backend().setItem(self.prefix + key, value)
        except Exception as exc:
            return storage_problem(exc)
        return ""

    def remove(self, key: str) -> None:
        """Forget a value."""
        with contextlib.suppress(Exception):
            self._backend().removeItem(self.prefix + key)



# --- what the page stores and exports --------------------------------------------------------
#
# The page's own save envelope holds only how the game began and every action since (its format
# is intruder_core.codec's): nothing hidden is readable at a glance in an export file or in
# localStorage, and loading always replays (intruder_core.saves). Older exports and autosaves
# (plain Game.to_json) and bare records still load.

SLOTS = ("save", "good")  # the autosave, and the last autosave that loaded and was drawn
GAME_PAGE = "intruder:"  # the game page's prefix (the embed's is "intruder:embed:")


def pack(record: Mapping[str, object]) -> str:
    """The envelope of a game's record (`game.record()`) as JSON text."""
    return codec.pack(record)


def unpack(ic: Any, text: Any) -> Any:
    """A game from an envelope, an old save (to_json) or a bare record; ic.CorruptSave (with
    a message in plain words, see problem_text) for anything else."""
    return codec.read(text)


def problem_text(exc: BaseException, what: str = "This file") -> str:
    """Why a file, link or stored game was refused, in plain words (no Python text)."""
    detail = str(exc)
    if isinstance(exc, NotIntruder) or "is not valid JSON" in detail or "is not text" in detail \
            or "not a game record" in detail or "not a JSON object" in detail:
        return f"{what} is not an Intruder save."
    if "too large" in detail or "nested" in detail:
        return f"{what} is too large or too deeply nested to be an Intruder save."
    if "newer version" in detail:
        return f"{what} comes from a newer version of the game."
    # The engine's reason names fields of the save: for the console, not for the player.
    return f"{what} is damaged or was changed by hand, so it cannot be trusted."


def storage_problem(exc: Any) -> str:
    """A browser storage failure in plain words (never "[object DOMException]")."""
    text = f"{getattr(exc, 'name', '')} {exc}"
    if "Quota" in text or "quota" in text or "full" in text:
        return "the browser's storage for this page is full"
    if "timed out" in text:
        return "the browser's storage did not answer in time (another tab may be clearing it)"
    return "this browser does not let the page store anything (private mode or blocked storage)"


# The player's settings (key "settings", JSON) and their defaults.
SETTINGS_DEFAULTS: dict[str, Any] = {
    "confirm": True,   # ask before ending a phase with movement points or actions left
    "pace_ms": 600,    # the computer's pace: ms between its moves (dialogs.PACES)
    "moments": "normal",  # how fast moments play on the board (moments.PACES; "off")
}


def load_settings(store: Store) -> dict[str, Any]:
    """The settings, defaults filled in; a damaged entry gives the defaults."""
    out = dict(SETTINGS_DEFAULTS)
    try:
        saved = json.loads(store.get("settings") or "{}")
    except ValueError:
        return out
    if isinstance(saved, dict):
        for key, default in SETTINGS_DEFAULTS.items():
            if isinstance(saved.get(key), type(default)) and \
                    isinstance(saved.get(key), bool) == isinstance(default, bool):
                out[key] = saved[key]
    return out


def save_settings(store: Store, settings: dict[str, Any]) -> str:
    """Store the settings; returns the storage error or ""."""
    return store.set("settings", json.dumps(settings, sort_keys=True))
