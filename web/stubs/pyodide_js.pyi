"""The Pyodide runtime's JS API (`import pyodide_js`): loadPackage, loadedPackages, ..."""

from typing import Any

def __getattr__(name: str) -> Any: ...
