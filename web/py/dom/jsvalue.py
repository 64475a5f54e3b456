"""JS values as Pyodide hands them over, for glue modules that also import on CPython (tests)
and for the pages without PyScript: unlike dom.py, this imports neither js nor pyscript
(js_obj imports Pyodide's parts when it is called, in the page)."""

from __future__ import annotations

from typing import Any


def nn(value: Any) -> Any:
    """None for JS null/undefined: Pyodide gives `jsnull`, which is not None."""
    return None if value is None or type(value).__name__ == "JsNull" else value


def js_obj(value: dict[str, Any]) -> Any:
    """A plain JS object from a dict (options for scrollIntoView, addEventListener, ...)."""
    import js
    from pyodide.ffi import to_js

    return to_js(value, dict_converter=js.Object.fromEntries)
