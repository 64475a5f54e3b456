"""The few DOM helpers every glue module shares (Pyodide only: imports js and pyscript).

The glue modules import this under a guard, so that their pure functions still import and
run on CPython in tests/test_web_*.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from dom.jsvalue import js_obj, nn

__all__ = ["at_idle", "closest", "document", "el", "js", "js_obj", "listen", "nn", "window"]

IDLE_TIMEOUT_MS = 2000  # an idle moment is waited for this long at most


def closest(target: Any, selector: str) -> Any:
    """target.closest(selector), or None."""
    return nn(target.closest(selector)) if hasattr(target, "closest") else None


def el(element_id: str) -> Any:
    """The page element with this id."""
    return document.getElementById(element_id)


def listen(target: Any, kind: str, handler: Any) -> Any:
    """addEventListener with a proxy kept alive for the page's life (keep the return value)."""
    proxy = create_proxy(handler)
    target.addEventListener(kind, proxy)
    return proxy


def at_idle(callback: Callable[[], object], timeout_ms: int = IDLE_TIMEOUT_MS) -> None:
    """Run `callback` at the page's next idle moment (requestIdleCallback, `timeout_ms` at
    the latest), or at once in a browser without it: work that must not stand in the way
    of the player's next click."""
    if hasattr(window, "requestIdleCallback"):
        window.requestIdleCallback(create_once_callable(lambda *_args: callback()),
                                   js_obj({"timeout": timeout_ms}))
    else:
        callback()
