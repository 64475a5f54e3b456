"""The PyScript names the glue uses: the page's document and window, and named workers."""

from typing import Any

document: Any
window: Any

async def create_named_worker(src: str, name: str, config: Any = ..., type: str = ...) -> Any: ...
def __getattr__(name: str) -> Any: ...
