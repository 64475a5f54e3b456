"""localStorage under one prefix, and the player's settings kept there.

Pure Python with the backend injected (the page passes `js.localStorage`, the tests a dict
wrapper), so saving and failing storage are tested on CPython
(tests/test_web_storage.py).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, Protocol


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
            import js  # type: ignore[import-not-found]  # the page's localStorage

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
        """Store a value; returns the error message, or "" when it was stored."""
        try:
            self._backend().setItem(self.prefix + key, value)
        except Exception as exc:
            return str(exc)
        return ""

    def remove(self, key: str) -> None:
        """Forget a value."""
        with contextlib.suppress(Exception):
            self._backend().removeItem(self.prefix + key)



# The player's settings (key "settings", JSON) and their defaults.
SETTINGS_DEFAULTS: dict[str, bool] = {
    "confirm": True,   # ask before ending a phase with movement points or actions left
}


def load_settings(store: Store) -> dict[str, bool]:
    """The settings, defaults filled in; a damaged entry gives the defaults."""
    out = dict(SETTINGS_DEFAULTS)
    try:
        saved = json.loads(store.get("settings") or "{}")
    except ValueError:
        return out
    if isinstance(saved, dict):
        for key, default in SETTINGS_DEFAULTS.items():
            if isinstance(saved.get(key), type(default)):
                out[key] = saved[key]
    return out


def save_settings(store: Store, settings: dict[str, bool]) -> str:
    """Store the settings; returns the storage error or ""."""
    return store.set("settings", json.dumps(settings, sort_keys=True))
