"""The game on the page: App builds its parts, wires them, and routes the page's commands.

Imported by boot.py once the engine's wheel is loaded. Each part is a class in a module named
for its concern: game_session (the game, undo, autosave, share links), action_panel (the
redraw after every change), board (the station plan), handover (hot-seat), advisor (Suggest,
Autoplay, computer sides), odds, dialogs, rules_dialog and save_files, tabs, messages and
page_input (clicks and keys). They share what is shown (shown.Shown) and tell each other what
happened through the bus (events.py). Their pure logic is tested on CPython in
tests/test_web_*.py.

Page contract (used by e2e/ and by whoever extends the glue):
  body[data-ready="1"]          boot finished; data-engine-version, data-engine-api as before
  body[data-state-sha]          sha256 of game.to_json() after every change
  body[data-step]               the pending decision step (move, choose, defense, ...)
  #actions button[data-index]   one button per legal action (data-action: its JSON)
  #board [data-compartment] / [data-crew]   clickable (Enter/Space) compartments and crewmen
  #log li[data-seq]             events by phase, newest first: the heading, then its events
  #alert                        IllegalAction, CorruptSave and other non-fatal messages
  window.intruderDebug          state(), sha(), simulate(seed, n) for the e2e tests
"""

from __future__ import annotations

from collections.abc import Callable

from pyodide.ffi import create_proxy

from core import history, session, storage
from core.shown import Shown
from core.station import render
from dom.elements import document, el, js, listen, nn, window
from pages.game import tabs_page
from pages.game.advisor import Advisor
from pages.game.events import Bus, Tasks
from pages.game.game_session import GameSession
from pages.game.handover import Handover
from pages.game.messages import Messages
from pages.game.play.action_panel import ActionPanel
from pages.game.play.board import Board
from pages.game.play.daily import Daily
from pages.game.play.dialogs import Dialogs
from pages.game.play.kept_board import KeptBoard
from pages.game.play.moment_player import MomentPlayer
from pages.game.play.page_input import PageInput
from pages.game.play.rules_dialog import RulesDialog
from pages.game.save_files import SaveFiles

# data-command="<prefix><argument>": the prefix's handler gets the argument.
PREFIXES = ("dismiss:", "tabs:", "close:")


class App:
    """One game on the page: its parts, composed, and the command table."""

    def __init__(self, embed: bool) -> None:
        self.embed = embed
        self.store = storage.Store("intruder:embed:" if embed else storage.GAME_PAGE)
        self.settings = storage.load_settings(self.store)
        self.bus = Bus()
        self.tasks = Tasks()
        self.messages = Messages()
        self.shown = Shown()
        self.session = GameSession(self.store, self.shown, self.messages, self.bus, self.tasks)
        if not embed:  # Your games: the embed keeps none
            self.session.games.history = history.History(None, opener=history.browser_backend,
                                                         checks=self.store)
            self.session.games.notice = lambda text: self.messages.notice("history", text)
            self.session.games.spawn = self.tasks.spawn
            self.session.games.kept = self.mark_kept
            self.session.games.offer = lambda text: self.messages.notice(
                "history", text, "info", (("keep-copy", "Keep it in Your games"),))
        self.board = Board(self.shown, self.session)
        self.handover = Handover(self.shown, self.session, self.messages, self.bus)
        self.advisor = Advisor(self.shown, self.session, self.messages, self.bus, self.tasks,
                               self.settings, self.store)
        self.panel = ActionPanel(self.shown, self.session, self.board, self.advisor,
                                 self.handover, self.bus)
        self.session.redraw = self.handover.redraw = self.advisor.redraw = self.panel.draw
        self.session.prepare = self.board.prerender
        self.rules = RulesDialog(self.messages)
        self.dialogs = Dialogs(self.session, self.messages, self.rules, self.settings,
                               self.store)
        self.files = SaveFiles(self.shown, self.session, self.messages, self.tasks)
        self.input = PageInput(self.shown, self.session, self.board, self.panel, self.advisor,
                               self.dialogs, self.rules, self.messages, self.command)
        # the board's moments, lit where crowded places are drawn grown
        self.moments = MomentPlayer(self.shown, self.settings, self.board)
        self.session.play_moments = self.moments.play
        self.advisor.hold = self.moments.left
        self.bus.on("drawn", self.moments.draw_countdown)
        self.daily = Daily(self.session, self.messages, self.dialogs)  # the game of the day
        self.bus.on("drawn", self.daily.draw)
        self.kept = KeptBoard(self.session, self.store)  # the board for the next start
        self.bus.on("drawn", self.kept.schedule)
        self.commands = self.command_table()
        self._proxies = [
            listen(document, "click", self.input.on_click),
            listen(document, "keydown", self.input.on_key),
            listen(window, "hashchange", self.input.on_hash),
            listen(el("import-file"), "change", self.files.on_import),
            listen(el("new-form"), "submit", self.dialogs.on_new_submit),
            listen(el("rules-search"), "input", self.rules.on_rules_search),
            listen(el("new-scenario"), "change", self.dialogs.update_new_form),
            listen(el("setting-confirm"), "change", self.dialogs.on_setting),
            listen(el("setting-moments"), "change", self.dialogs.on_setting),
            listen(window, "resize", lambda _event: self.board.fit(measure=True)),
            listen(el("board"), "focusin", self.board.on_focus),
            listen(document, "change", self.input.on_change),
        ]
        self._resized = create_proxy(self.board.on_resize)  # kept for the page's life
        js.ResizeObserver.new(self._resized).observe(el("board"))

    # --- the commands (data-command) -----------------------------------------------------

    def command_table(self) -> dict[str, Callable[[], None]]:
        """Every toolbar and dialog button's command, by name (data-command)."""
        advisor, dialogs, files, tasks = self.advisor, self.dialogs, self.files, self.tasks
        return {
            "new": dialogs.open_new,
            "suggest": advisor.suggest,
            "banner-close": self.panel.close_banner,
            "board-zoom": self.board.toggle_whole,
            "autoplay": lambda: advisor.toggle_autoplay(True),
            "autoplay-stop": lambda: advisor.toggle_autoplay(False),
            "odds": lambda: tasks.spawn(advisor.odds.run()),
            "odds-cancel": advisor.odds.cancel,
            "skip": advisor.skip,
            "handover-continue": self.handover.end,
            "scenario-rules": self.rules.open_scenario_rules,
            "confirm-yes": lambda: dialogs.answer(True),
            "confirm-no": lambda: dialogs.answer(False),
            "settings": dialogs.open_settings,
            "undo": self.session.do_undo,
            "share": files.open_share,
            "copy-link": lambda: tasks.spawn(files.copy_link()),
            "export": files.export,
            "import": lambda: el("import-file").click(),
            "rules": lambda: self.rules.open_rules(""),
            "download-aside": files.download_aside,
            "keep-copy": self.session.games.keep_copy,
            "daily": self.daily.start,
            "copy-result": lambda: tasks.spawn(self.daily.copy()),
            "reload": lambda: js.location.reload(),
        }

    def prefixed(self, prefix: str) -> Callable[[str], None]:
        """The handler of the commands "<prefix><argument>"."""
        handlers: dict[str, Callable[[str], None]] = {
            "dismiss:": self.messages.dismiss,
            "tabs:": lambda name: self.session.tabs.command(name),
            "close:": lambda element_id: el(element_id).close(),
        }
        return handlers[prefix]

    def handler(self, name: str) -> Callable[[], None] | None:
        """What the command `name` does, or None for a command the page does not know."""
        if name in self.commands:
            return self.commands[name]
        for prefix in PREFIXES:
            if name.startswith(prefix):
                handle, arg = self.prefixed(prefix), name.removeprefix(prefix)
                return lambda: handle(arg)
        return None

    def command(self, name: str) -> bool:
        """A toolbar or dialog button (data-command); False for one refused: unknown, or
        locked while the device changes hands."""
        handle = self.handler(name)
        if handle is None:
            js.console.warn(f"[intruder] unknown command {name!r}")
            return False
        if name in session.HANDOVER_LOCKED and self.session.pending_side is not None:
            self.messages.alert("Not during the hand-over: the next player continues first.")
            return False
        handle()
        return True

    # --- boot ------------------------------------------------------------------------------

    def start(self) -> None:
        """Boot: the game (a share link, ?seed=N, the autosave or a new one), the page's
        toolbar, what to tell the player, and the tabs' coordination."""
        notes, problem, warning, first_visit = self.session.start()
        if first_visit:  # a new random game: offer the tutorial (demos)
            el("tutorial-offer").hidden = self.embed
        self.ready_page()
        text = " ".join(n for n in notes if n)
        if problem:  # a link or stored game refused: stays until dismissed
            self.messages.notice("boot", text, "error", (
                ("download-aside", "Download the set-aside save"),) if self.session.aside
                else ())
        else:
            self.messages.alert(text)
        if warning:
            self.messages.alert(warning, "error")
        self.session.tabs = tabs_page.Tabs(self.session, self.messages, self.bus)
        self.session.tabs.start()

    @staticmethod
    def mark_kept(key: str) -> None:
        """A finished game is in Your games (`body[data-last-kept]`, its key)."""
        js.document.body.dataset.lastKept = key

    def probe_history(self) -> None:
        """Tell the player if Your games cannot be kept: opens the IndexedDB store, so boot.py
        runs it when the page is idle after its boot, not in the way of the first click."""
        self.tasks.spawn(self.session.games.probe())

    def ready_page(self) -> None:
        """Once the game is drawn: the toolbar works, the key is filled in, and on a wide
        screen the mapsheet is open (on a phone it waits, closed, below the actions)."""
        for name in ("new-game", "share", "export", "import", "rules", "settings"):
            node = nn(el(name))
            if node is not None:
                node.disabled = False
        if nn(el("board-key")) is not None:
            el("board-key").innerHTML = render.key_html()
        box = nn(el("mapsheet-box"))
        if box is not None and bool(js.matchMedia("(min-width: 60rem)").matches):
            box.open = True

    def lay_out(self) -> None:
        """Once the page shows (boot.py calls it just before ready, so the first layout is
        done when the page says it is ready): the plan fits its box, and a board wider than
        its box is centred."""
        board = el("board")
        self.board.fit(measure=True)  # now that the page is laid out
        if board.getAttribute("data-zoom") is None:  # a part shown fits its box: no scroll,
            # and reading scrollWidth after its new viewBox would force a second layout
            board.scrollLeft = (int(board.scrollWidth) - int(board.clientWidth)) // 2

    def state(self) -> str | None:
        """The exact state, except during a hot-seat hand-over (nothing to peek at then)."""
        return None if self.session.pending_side is not None else \
            self.session.current.to_json()
