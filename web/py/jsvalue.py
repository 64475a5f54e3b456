"""JS values as Pyodide hands them over, for glue modules that also import on CPython (tests):
unlike dom.py, this imports neither js nor pyscript."""

from __future__ import annotations

from typing import Any


def nn(value: Any) -> Any:
    """None for JS null/undefined: Pyodide gives `jsnull`, which is not None."""
    return None if value is None or type(value).__name__ == "JsNull" else value
