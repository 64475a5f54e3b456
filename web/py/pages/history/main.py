"""Browser glue for history.html, Your games: the one module of that page that touches the
DOM, its entry (run by page-boot.mjs, fetched on its own: the last line calls main()).
The figures, the list's HTML, the import's checks and the store are history.py's (tested on
CPython); IndexedDB is history-db.mjs.

Page contract (e2e/test_history.py):
  body[data-ready="1"]   boot finished;  body[data-games]  how many games are listed
  body[data-kept]        "1" while games are being kept, "0" when the store is unusable
  #history-figures, #history-games li.history-game[data-outcome][data-key]
  #history-daily[data-today] (#daily-streak, li[data-date][data-outcome]: the last 30 days)
  #history-export, #history-import (opens #history-file), #history-message, #history-notice
  #history-aside (the records set aside: body[data-aside] how many), #history-export-aside
  #history-pager button[data-command=page][data-page] (body[data-page]: the page shown)
  #history-filter (Show: all games, wins, losses, draws; body[data-shown]: how many)
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from dom.packages import freeze_heap, load_packages
from dom.standalone import el, js_obj, next_task

BOOT = js.window.intruderBoot


class HistoryPage:
    """The kept games shown, exported and imported."""

    def __init__(self) -> None:
        from core import history

        self.history = history
        from core import storage

        self.store = history.History(None, opener=history.browser_backend,
                                     checks=storage.Store(storage.GAME_PAGE))
        self.entries: list[Any] = []
        self.shown: list[Any] = []  # the entries the filter lets through (history.shown)
        self.page = 0  # the list's page shown (0: the latest games)
        self.tasks: set[asyncio.Future[Any]] = set()
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_file),
                         create_proxy(self.on_link), create_proxy(self.on_filter)]
        el("history-filter").innerHTML = history.show_html()
        el("history-filter").addEventListener("change", self._proxies[3])
        js.document.addEventListener("click", self._proxies[0])
        el("history-file").addEventListener("change", self._proxies[1])
        # A listed link gets its game's code before it is used: a press (any button, a
        # finger) or the focus that Enter needs come first.
        for kind in ("pointerdown", "focusin"):
            el("history-games").addEventListener(kind, self._proxies[2])

    def spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def keep_autosaved(self) -> None:
        """The game page's finished game, kept if that page was left before it kept it
        (kept once: a game already there stays as it was)."""
        from core import storage

        entry = self.history.autosaved_entry(storage.Store(storage.GAME_PAGE))
        if entry is not None:
            await self.store.keep(entry)

    async def refresh(self) -> None:
        """Read the store and draw the figures and the list."""
        h = self.history
        js.performance.mark("intruder:history list")  # e2e: the long tasks from here on
        self.entries = await self.store.load(next_task)
        await next_task()
        from core import storage

        learnt = storage.Store(storage.GAME_PAGE).get(h.LEARNT)
        el("history-figures").innerHTML = h.stats_html(h.stats(self.entries)) + \
            h.learnt_html(h.learnt_count(learnt))
        self.draw_daily()
        await next_task()
        self.page = 0
        self.shown = h.shown(self.entries, str(el("history-filter").value))
        self.draw_page()
        notice = el("history-notice")
        notice.textContent = self.store.problem
        notice.hidden = not self.store.problem
        aside = el("history-aside")
        aside.textContent = h.aside_message(self.store.damaged) if self.store.damaged else ""
        aside.hidden = el("history-export-aside").hidden = not self.store.damaged
        js.document.body.dataset.aside = str(self.store.damaged)
        el("history-export").disabled = not self.entries
        js.document.body.dataset.games = str(len(self.entries))
        js.document.body.dataset.kept = "0" if self.store.problem else "1"

    def draw_daily(self) -> None:
        """The game of the day's streak and last 30 days; today's finished daily noted for
        the game page's control (finished in another tab or browser, imported)."""
        from core import storage
        from intruder_core import daily

        today = daily.today().isoformat()
        box = el("history-daily")
        box.innerHTML = self.history.daily_html(self.entries, daily.today())
        box.dataset.today = today
        first = self.history.first_dailies(self.entries).get(today)
        if first is not None:
            storage.Store(storage.GAME_PAGE).set(self.history.DAILY_DONE,
                                                 self.history.stored_text(first))

    @staticmethod
    def download(text: str, name: str) -> None:
        """Save `text` as file `name` (a link clicked for the browser's download)."""
        blob = js.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = name
        js.document.body.append(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    def draw_page(self) -> None:
        """The list's page `self.page` (PAGE_SIZE games of those shown) and its pager."""
        h = self.history
        self.page = max(0, min(self.page, h.pages(len(self.shown)) - 1))
        el("history-games").innerHTML = h.games_html(self.shown, self.page)
        pager = el("history-pager")
        pager.innerHTML = h.pager_html(len(self.shown), self.page)
        pager.hidden = len(self.shown) <= h.PAGE_SIZE
        everything = len(self.shown) == len(self.entries)
        el("history-shown").textContent = "" if everything else \
            f"{len(self.shown):,} of {len(self.entries):,} games"
        js.document.body.dataset.page = str(self.page)
        js.document.body.dataset.shown = str(len(self.shown))

    def on_filter(self, _event: Any) -> None:
        """Another choice in Show: its games, from their latest."""
        self.shown = self.history.shown(self.entries, str(el("history-filter").value))
        self.page = 0
        self.draw_page()

    def export(self) -> None:
        """Download every kept game as one file (the codec's history kind)."""
        self.download(self.history.export_text(self.entries), self.history.EXPORT_NAME)
        el("history-message").textContent = f"Exported {len(self.entries)} game(s)."

    def export_aside(self) -> None:
        """Download the records set aside, as stored, with why each could not be read."""
        self.download(self.history.aside_text(self.store.aside), self.history.ASIDE_NAME)
        el("history-message").textContent = f"Exported {self.store.damaged} set-aside game(s)."

    async def import_file(self, file: Any) -> None:
        """Check every game of the file (replayed, one per frame), then add the new ones."""
        message, bar = el("history-message"), el("history-progress")
        message.textContent = "Checking the games in the file…"
        bar.hidden = False
        bar.value = 0
        def progress(n: int) -> None:
            bar.value = n

        try:
            text = str(await file.text())
            bar.max = max(1, text.count('"game":'))
            done = await self.store.import_text(text, next_task, progress)
        finally:
            bar.hidden = True
            el("history-file").value = ""
        if done.ok:
            await self.refresh()
        message.textContent = done.message
        message.dataset.kind = "" if done.ok else "error"

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-command]") if hasattr(event.target, "closest") \
            else None
        if target is None or str(type(target).__name__) == "JsNull":
            return
        try:
            command = str(target.dataset.command)
            if command == "export":
                self.export()
            elif command == "export-aside":
                self.export_aside()
            elif command == "page":
                self.page = int(str(target.dataset.page))
                self.draw_page()
                el("history-games").scrollTop = 0
            elif command == "import":
                el("history-file").click()
        except Exception as exc:  # never a dead page: say it in plain words
            traceback.print_exc()
            BOOT.report(f"Something went wrong: {exc}")

    def on_link(self, event: Any) -> None:
        """Give the link about to be used its game's whole replay URL (history.link_url)."""
        link = event.target.closest("a[href]") if hasattr(event.target, "closest") else None
        if link is None or str(type(link).__name__) == "JsNull":
            return
        url = self.history.link_url(self.shown, str(link.getAttribute("href")))
        if url is not None:
            link.setAttribute("href", url)

    def on_file(self, _event: Any) -> None:
        files = el("history-file").files
        if files.length:
            self.spawn(self.import_file(files.item(0)))


async def main() -> None:
    try:
        await load_packages()
        BOOT.stage("game", "Opening your games")
        import intruder_core

        page = HistoryPage()
        freeze_heap()
        js.window._intruderHistoryPage = create_proxy(lambda: page)
        await page.keep_autosaved()
        await page.refresh()
        BOOT.ready(js_obj({"engine": intruder_core.__version__, "api": "history"}))
    except Exception as exc:
        traceback.print_exc()
        BOOT.fail(f"{type(exc).__name__}: {exc}")


# Run as the page's script (__main__: PyScript, page-boot.mjs), the awaitable this last expression
# gives is awaited before the script counts as done; imported (CPython, the tests) it does nothing.
main() if __name__ == "__main__" else None
