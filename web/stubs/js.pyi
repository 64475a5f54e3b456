"""The browser's global scope as Pyodide exposes it (`import js`): every name is a JS value."""

from typing import Any

def __getattr__(name: str) -> Any: ...
