"""After each drawn position, the board as the player sees it, kept beside the autosave
(core/station/kept_board.py) for web/kept.js to paint at the next start, before Python is up.

Only the crew's view is kept, and only while the autosave holds the game on the page: another
side's view, a hand-over screen, a game not (or not yet) autosaved drop it. Kept after the
frame (a timer), never in the way of the click that drew it.
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable

from core import storage
from core.station import kept_board
from dom.elements import document, el, nn, window
from pages.game.game_session import GameSession

WAIT_MS = 400  # while moments play, the kept board is looked at again this much later


class KeptBoard:
    """Writes (or drops) the kept board once a drawn position has settled."""

    def __init__(self, session: GameSession, store: storage.Store) -> None:
        self.session = session
        self.store = store
        self.pending = False

    def schedule(self) -> None:
        """After a drawn position: keep it once the current task is over (the autosave of
        the same action may come after the drawing)."""
        if not self.pending:
            self.pending = True
            window.setTimeout(create_once_callable(self.keep), 0)

    def keep(self, *_args: object) -> None:
        """Store the board as drawn if it is the crew's view of the autosaved game, else
        drop what is kept. Never while moments play: reading and storing the whole plan is a
        long task (about 60 ms), so it waits until they are over."""
        if str(document.body.getAttribute("data-moments") or "") == "playing":
            window.setTimeout(create_once_callable(self.keep), WAIT_MS)
            return
        self.pending = False
        session = self.session
        build = str(document.documentElement.getAttribute("data-build") or "")
        svg = nn(el("board").querySelector("svg.station-map[data-live]"))
        save = self.store.get("save")
        if not build or svg is None or session.game is None or session.side != "crew" \
                or session.pending_side is not None or save is None \
                or save != storage.pack(session.record()):
            self.store.remove(kept_board.KEY)
            return
        text = kept_board.record(str(svg.outerHTML), str(el("status").innerHTML),
                                 str(el("prompt").textContent), save, build)
        if self.store.set(kept_board.KEY, text):  # storage full: nothing kept, nothing stale
            self.store.remove(kept_board.KEY)
