"""The game as a file or a link: Share (the link and the replay viewer's), Export and Import
of the save (storage.py's envelope), and the download of a stored game that was set aside."""

from __future__ import annotations

import traceback
from typing import Any

from pyodide.ffi import create_once_callable, to_js

import intruder_core as ic
from core import session, storage
from core.shown import Shown
from dom.elements import document, el, js, js_obj, nn
from pages.game.events import Tasks
from pages.game.game_session import GameSession
from pages.game.messages import Messages


class SaveFiles:
    """The Share dialog, Export, Import and the set-aside download."""

    def __init__(self, shown: Shown, game: GameSession, messages: Messages,
                 tasks: Tasks) -> None:
        self.shown = shown
        self.session = game
        self.messages = messages
        self.tasks = tasks

    def share_link(self) -> str:
        """The link that reproduces this game."""
        base = str(js.URL.new("./", js.location.href).href)
        return base + session.share_fragment(self.session.record())

    def open_share(self) -> None:
        """Show the share dialog with the link selected, and what the link gives away."""
        el("share-link").value = self.share_link()
        el("share-replay").href = str(js.URL.new("./replay.html", js.location.href).href) + \
            session.share_fragment(self.session.record())  # the replay viewer (replay.html)
        el("share-status").textContent = ""
        note = el("share-spoiler")
        if nn(note) is not None:
            secrets = session.secrets_warning(self.session.seats, self.session.current.is_over)
            note.textContent = (
                "This link shows the finished game." if self.session.current.is_over else
                f"This link holds the whole set-up. {secrets}" if secrets else
                "This link holds the whole set-up: whoever opens it can work out where every "
                "hidden counter is. Share it with a friend, not to play this game yourself.")
        el("share-dialog").showModal()
        el("share-link").select()

    async def copy_link(self) -> None:
        """Copy the share link, where the browser allows it."""
        try:
            await js.navigator.clipboard.writeText(str(el("share-link").value))
            el("share-status").textContent = "Copied."
        except Exception:
            el("share-link").select()
            el("share-status").textContent = "Copying is not allowed here: press Ctrl+C."

    def export(self) -> None:
        """Download the save (the page's envelope: nothing hidden in plain text); with more
        than one side, say that the file holds every side's secrets."""
        record = self.session.record()
        self.download(storage.pack(record), session.save_filename(record, self.shown.view))
        secrets = session.secrets_warning(self.session.seats, self.session.current.is_over)
        if secrets:
            self.messages.notice("export", f"Exported this game's save. {secrets}")

    def download_aside(self) -> None:
        """Download the stored game that could not be loaded (for a bug report, or later)."""
        if self.session.aside:
            self.download(self.session.aside, "intruder-set-aside.json")

    def download(self, text: str, filename: str) -> None:
        """Offer `text` as a file download."""
        blob = js.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        document.body.append(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)

    def on_import(self, _event: Any) -> None:
        """A file chosen to import."""
        files = nn(el("import-file").files)
        if files is None or files.length == 0:
            return
        self.tasks.spawn(self.import_file(files.item(0)))

    async def import_file(self, file: Any) -> None:
        """Load a save file; a corrupt one is refused and the game kept."""
        name = str(file.name)
        try:
            if int(file.size) > 4_000_000:
                self.messages.alert(f"{name} is too large to be an Intruder save; your game "
                                    "is kept.", "error")
                return
            data = bytes((await file.arrayBuffer()).to_py())
            try:
                game = storage.unpack(ic, data)
            except Exception as exc:
                js.console.warn(traceback.format_exc())
                self.messages.alert(f"{storage.problem_text(exc, 'This file')} Your game is "
                                    "kept.", "error")
                return
            if not await self.session.switch_to(game):
                self.messages.alert("This save loads but cannot be shown; your game is kept.",
                                    "error")
                return
            self.messages.alert(f"Imported {name}.")
        except Exception:
            js.console.warn(traceback.format_exc())
            self.messages.alert(f"{name} could not be read; your game is kept.", "error")
        finally:
            el("import-file").value = ""
