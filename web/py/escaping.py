"""HTML escaping for the glue's markup: what `html.escape` gives, without importing `html`,
whose entity table (`html.entities`, only needed to unescape) cost some 35 ms of the page's
boot in Pyodide."""

from __future__ import annotations

# html.escape(text, quote=True): "&" first, then the rest, as one translation
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                          "'": "&#x27;"})


def escape(text: str, quote: bool = True) -> str:
    """`text` safe inside HTML or SVG markup and (with `quote`) inside a quoted attribute."""
    if quote:
        return text.translate(_ESCAPES)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
