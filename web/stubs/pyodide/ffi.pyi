"""The Pyodide foreign function interface as the glue uses it."""

from collections.abc import Callable
from typing import Any

class JsProxy:
    """A JS object seen from Python."""
    def __getattr__(self, name: str) -> Any: ...

class JsException(Exception):
    """An error thrown in JS, raised in Python."""

def create_proxy(obj: object, *, roundtrip: bool = ...) -> Any: ...
def create_once_callable(obj: Callable[..., Any]) -> Any: ...
def to_js(obj: Any, *, dict_converter: Any = ..., create_pyproxies: bool = ...) -> Any: ...
