"""The board as the player left it, kept beside the autosave for the next start (issue 31).

The game page keeps, after each drawn position, the crew's board (its SVG as drawn), the status
and the prompt, with the build that drew them and the length and SHA-256 of the autosave they
belong to; web/kept.js paints it at first paint only while both still match. Pure: no DOM.
"""

from __future__ import annotations

import hashlib
import json

KEY = "kept"  # under the page's storage prefix: "intruder:kept", "intruder:embed:kept"


def fingerprint(save: str) -> tuple[int, str]:
    """(length, sha256 hex) of an autosave's UTF-8 bytes: what kept.js checks it by."""
    data = save.encode()
    return len(data), hashlib.sha256(data).hexdigest()


def record(board_svg: str, status_html: str, prompt: str, save: str, build: str) -> str:
    """The kept board as stored text (JSON)."""
    length, digest = fingerprint(save)
    return json.dumps({"build": build, "length": length, "sha256": digest,
                       "board": board_svg, "status": status_html, "prompt": prompt},
                      separators=(",", ":"))


def belongs(text: str | None, save: str | None, build: str) -> bool:
    """Whether a kept board (stored text) may be shown for this autosave and build: the
    same test as kept.js's."""
    if not text or not save:
        return False
    try:
        kept = json.loads(text)
    except ValueError:
        return False
    length, digest = fingerprint(save)
    return isinstance(kept, dict) and kept.get("build") == build and \
        kept.get("length") == length and kept.get("sha256") == digest
