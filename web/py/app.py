"""The game on the page: App applies the player's choices and redraws after each.

Imported by boot.py once the engine's wheel is loaded (panels and session import it). The
advisor and the dialogs are mixed in from advisor.py and dialogs.py; the pure logic of all
of them is tested on CPython in tests/test_web_*.py.

Page contract (used by e2e/ and by whoever extends this file):
  body[data-ready="1"]          boot finished; data-engine-version, data-engine-api as before
  body[data-state-sha]          sha256 of game.to_json() after every change
  body[data-step]               the pending decision step (move, choose, defense, ...)
  #actions button[data-index]   one button per legal action (data-action: its JSON)
  #board [data-compartment] / [data-crew]   clickable (Enter/Space) compartments and crewmen
  #log li[data-seq]             events by phase: latest phase first, in order within it
  #alert                        IllegalAction, CorruptSave and other non-fatal messages
  window.intruderDebug          state(), sha(), simulate(seed, n) for the e2e tests
"""

from __future__ import annotations

import asyncio
import json
import random
import traceback
from typing import Any

import advisor
import board_input
import dialogs
import keys
import layout
import panels
import session
import storage
import tabs
from advisor import AdvisorMixin
from dialogs import DialogsMixin
from dom import closest, document, el, js, js_obj, listen, nn, window
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]


def place_of(target: Any) -> str:
    """The place of the plan a node stands for or lies in (a compartment, a piece's place, a
    stack's), or ""."""
    node = closest(target, "[data-compartment], [data-at], [data-stack]")
    if node is None:
        return ""
    return str(node.getAttribute("data-compartment") or node.getAttribute("data-at")
               or node.getAttribute("data-stack") or "")


class App(AdvisorMixin, DialogsMixin):
    """One game on the page: applies the player's choices and redraws after each."""

    def __init__(self, ic: Any, render: Any, embed: bool) -> None:
        self.ic = ic
        self.render_module = render
        self.embed = embed
        self.store = storage.Store("intruder:embed:" if embed else "intruder:")
        self.settings = storage.load_settings(self.store)
        self.game: Any = None
        self.undo = session.UndoStack()
        self.selected: str | None = None
        self.rows: list[panels.ActionRow] = []
        self.view: dict[str, Any] = {}
        self.stage_rows: dict[int, dict[str, Any]] = {}
        self.rules: list[dict[str, str]] | None = None
        self.book: list[dict[str, str]] = []
        self.numbered: list[dict[str, str]] = []
        self._tasks: set[Any] = set()
        self.costs: dict[str, int] = {}
        self.tokens: list[str] = []       # counters the shown side may select (the Intruder's)
        self.board_at: str | None = None  # where the keyboard player is on the plan
        self.banner = ""                  # the last action's headline events (panels.banner_html)
        self.flash: list[str] = []        # where they happened, highlighted on the plan
        self.pending_action: dict[str, Any] | None = None
        self.inspecting: str | None = None
        self.seats: dict[str, str] = {"crew": "human"}
        self.side: str = "crew"           # whose view and actions the page shows
        self.pending_side: str | None = None  # a hand-over screen waits for this side
        self.suggestion: tuple[dict[str, Any], str] | None = None
        self.suggestion_candidates: list[dict[str, Any]] = []
        self.suggest_run = 0
        self.worker: Any = None           # the bots' worker, started by boot.run once ready
        self.autoplay = False
        self.driving = False
        self.odds_run = 0                 # bumped to cancel a running estimate
        self.board_parts: dict[str, str] = {}   # the plan's parts as shown (draw_board)
        self.html_shown: dict[str, str] = {}    # panels' HTML as last set (set_html)
        self._sha: tuple[Any, str, str] = (None, "", "")
        self.rng = random.Random()
        self.aside: str | None = None     # a stored game that could not be loaded
        self.undo_states: dict[str, str] = {}  # undo envelope -> its state (to_json)
        self.tabs: Any = tabs.Solo()      # replaced by tabs.Tabs once the game is up
        self.bots = advisor.Bots()  # imported on first use, not at boot
        params = js.URLSearchParams.new(js.location.search)
        self.odds_samples = (session.parse_seed(nn(params.get("odds_samples")))
                             or advisor.ODDS_SAMPLES)
        advisor_ms = session.parse_seed(nn(params.get("advisor_ms")))
        self.advisor_s = advisor.ADVISOR_S if advisor_ms is None else advisor_ms / 1000
        pace_ms = session.parse_seed(nn(params.get("pace_ms")))  # the URL wins, else the setting
        self.pace = int(self.settings.get("pace_ms", 600)) / 1000 if pace_ms is None \
            else pace_ms / 1000
        self.skipping = False             # Skip: the computer plays on without pauses
        self._proxies = [
            listen(document, "click", self.on_click),
            listen(document, "keydown", self.on_key),
            listen(window, "hashchange", self.on_hash),
            listen(el("import-file"), "change", self.on_import),
            listen(el("new-form"), "submit", self.on_new_submit),
            listen(el("rules-search"), "input", self.on_rules_search),
            listen(el("new-scenario"), "change", self.update_new_form),
            listen(el("setting-confirm"), "change", self.on_setting),
            listen(window, "resize", lambda _event: self.fit_board(measure=True)),
            listen(el("board"), "focusin", self.on_board_focus),
            listen(document, "change", self.on_change),
        ]
        self.board_whole = False  # "Whole station" on a small screen (fit_board)
        self._board_box: tuple[float, float] | None = None  # board's (width, max height) px
        self._fitted: tuple[Any, ...] | None = None  # what fit_board last showed
        self._resized = create_proxy(self.on_board_resize)  # kept for the page's life
        js.ResizeObserver.new(self._resized).observe(el("board"))
        self._casualties: tuple[str, str] = ("", "")  # (game and log length, its layer)

    def spawn(self, coro: Any) -> None:
        """Run a coroutine on Pyodide's event loop, keeping a reference until it is done."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- starting, saving, loading --------------------------------------------------------

    def start(self) -> None:
        """Boot: a share link, else ?seed=N, else the autosave, else a new random game."""
        params = js.URLSearchParams.new(js.location.search)
        has_save = any(self.store.get(slot) is not None for slot in storage.SLOTS)
        plan = session.boot_plan(nn(params.get("seed")), str(js.location.hash), has_save)
        notes = []
        problem = False
        if plan.kind == "share" and plan.code is not None:
            loaded, note = self.load_code(plan.code)
            notes.append(note)
            problem = problem or not loaded
            if not loaded:
                plan = session.boot_plan(None, "", has_save)
        if plan.kind == "seed":
            self.set_game(self.ic.new_game(seed=plan.seed))
        elif plan.kind == "resume":
            note = self.resume()
            notes.append(note)
            problem = problem or bool(note)
        elif plan.kind == "new":
            self.set_game(self.ic.new_game(seed=random.randint(0, session.MAX_SEED)))
            el("tutorial-offer").hidden = self.embed  # first visit: offer the tutorial (demos)
        self.clean_url()
        self.ready_page()
        text = " ".join(n for n in notes if n)
        if problem:  # a link or stored game refused: stays until dismissed
            self.notice("boot", text, "error", (("download-aside", "Download the set-aside "
                                                 "save"),) if self.aside else ())
        else:
            self.alert(text)
        if plan.warning:
            self.alert(plan.warning, "error")
        self.tabs = tabs.Tabs(self)
        self.tabs.start()

    def ready_page(self) -> None:
        """Once the game is drawn: the toolbar works, the key is filled in, and on a wide
        screen the mapsheet is open (on a phone it waits, closed, below the actions)."""
        for name in ("new-game", "share", "export", "import", "rules", "settings"):
            node = nn(el(name))
            if node is not None:
                node.disabled = False
        key_html = getattr(self.render_module, "key_html", None)
        if callable(key_html) and nn(el("board-key")) is not None:
            el("board-key").innerHTML = key_html()
        box = nn(el("mapsheet-box"))
        if box is not None and bool(js.matchMedia("(min-width: 60rem)").matches):
            box.open = True

    def after_ready(self) -> None:
        """Once the page shows: a board wider than its box (a phone) is centred on the
        Command Module."""
        board = el("board")
        self.fit_board(measure=True)  # now that the page is laid out
        board.scrollLeft = (int(board.scrollWidth) - int(board.clientWidth)) // 2

    def resume(self) -> str:
        """Load the autosave, else the last good one; one that cannot be loaded or drawn is
        set aside (downloadable from the message) and never blocks the page. Returns what to
        tell the player ("" if the autosave loaded)."""
        refused: list[str] = []
        for slot in storage.SLOTS:
            text = self.store.get(slot)
            if text is None or (slot == "good" and text == self.store.get("save")):
                continue
            try:
                game = storage.unpack(self.ic, text)
                undo = session.UndoStack.load(self.store.get("undo")) if slot == "save" \
                    else None
                shown = self.set_game(game, undo, session.load_seats(self.store.get("seats"),
                                                                     self.players(game)))
            except Exception as exc:
                js.console.warn(traceback.format_exc())
                refused.append(storage.problem_text(exc, "The saved game"))
                shown = False
            if shown:
                if slot == "save":
                    self.store.set("good", text)
                    return ""
                return f"{' '.join(refused)} It is set aside; your previous autosave is " \
                       "restored."
            if not refused:
                refused.append("The saved game could not be shown.")
            self.aside = text
            self.store.set("corrupt", text)
        self.set_game(self.ic.new_game(seed=random.randint(0, session.MAX_SEED)))
        return f"{' '.join(refused)} It is set aside and a new game has started."

    def clean_url(self) -> None:
        """Drop ?seed= and #g= once used, so that a reload resumes the autosave."""
        params = js.URLSearchParams.new(js.location.search)
        params.delete("seed")
        query = str(params.toString())
        js.history.replaceState(None, "", str(js.location.pathname) + (f"?{query}" if query
                                                                      else ""))

    @staticmethod
    def players(game: Any) -> tuple[str, ...]:
        """The game's sides (("crew",) for an engine without scenarios)."""
        return advisor.players(game)

    def set_game(self, game: Any, undo: session.UndoStack | None = None,
                 seats: dict[str, str] | None = None) -> bool:
        """Make `game` the current one: draw it first, and only once it is drawn save it.
        A game that cannot be drawn is not kept: the previous one comes back (False)."""
        kept = (self.game, self.undo, self.seats, self.side, self.stage_rows)
        self.stop_bots()
        self.game = game
        self.undo = undo or session.UndoStack()
        self.selected = None
        self.seats = seats or session.load_seats(None, self.players(game))
        self.side = session.shown_side(self.seats, None)
        self.pending_side = None
        self.banner, self.flash = "", []
        try:
            record = self.record()
            self.stage_rows = panels.stage_rows((record.get("origin") or {}).get("options"))
            self.draw(rebuild_log=True)
        except Exception:
            js.console.warn(traceback.format_exc())
            self.game, self.undo, self.seats, self.side, self.stage_rows = kept
            if self.game is not None:
                self.draw(rebuild_log=True)
            return False
        self.save()
        return True

    def record(self) -> dict[str, Any]:
        """The game's record (how it began and every action since)."""
        rec = getattr(self.game, "record", None)
        return rec() if callable(rec) else {}

    def seed(self) -> Any:
        """The seed the game was started with."""
        return (self.record().get("origin") or {}).get("seed", getattr(self.game, "seed", "–"))

    def save(self) -> None:
        """Autosave the game (its record, in the page's envelope) and the undo snapshots
        that fit; a failure stays on screen until dismissed or a later save works."""
        if not self.tabs.may_save():
            return
        error = self.store.set("save", storage.pack(self.record()))
        if error:
            self.notice("autosave", f"Autosave failed: {error}. Your game is still here and "
                        "playable; export it to keep it.", "error")
        else:
            self.dismiss("autosave")
            self.tabs.saved()
        if self.store.set("undo", self.undo.dump()):
            self.store.remove("undo")
        self.store.set("seats", json.dumps(self.seats))

    def notice(self, key: str, text: str, kind: str = "info",
               buttons: tuple[tuple[str, str], ...] = ()) -> None:
        """A message that stays until dismissed (autosave failed, a new version, another
        tab): one per key, with optional (command, label) buttons."""
        if not text:
            return
        box = nn(el("notices"))
        if box is None:  # the page's document was replaced (a test's set_content)
            return
        old = nn(box.querySelector(f'[data-notice="{key}"]'))
        node = old if old is not None else document.createElement("p")
        node.className = "notice"
        node.dataset.notice = key
        node.dataset.kind = kind
        node.setAttribute("role", "alert" if kind == "error" else "status")
        extra = "".join(f'<button type="button" data-command="{panels.e(cmd)}">'
                        f"{panels.e(label)}</button>" for cmd, label in buttons)
        node.innerHTML = (f"<span>{panels.e(text)}</span> {extra}"
                          f'<button type="button" data-command="dismiss:{panels.e(key)}" '
                          f'aria-label="Dismiss: {panels.e(text[:40])}">Dismiss</button>')
        if old is None:
            box.append(node)

    def dismiss(self, key: str) -> None:
        """Remove a notice (when the player dismisses it, or its cause is gone)."""
        node = nn(el("notices").querySelector(f'[data-notice="{key}"]'))
        if node is not None:
            node.remove()

    def load_code(self, code: str) -> tuple[bool, str]:
        """Open a share link's game; a damaged or tampered one is refused and nothing changes.
        Returns (loaded, what to tell the player)."""
        self.clean_url()
        try:
            game = session.game_from_code(code)
        except Exception as exc:
            return False, storage.problem_text(exc, "This share link").replace(
                "an Intruder save", "an Intruder game link") + " Your game is kept."
        if not self.set_game(game):
            return False, "This share link's game cannot be shown. Your game is kept."
        return True, "Loaded the shared game."

    # --- playing -----------------------------------------------------------------------------

    def apply(self, action: dict[str, Any], by: str = "human", note: str = "") -> bool:
        """Apply one action (`by` "human", "autoplay" or "computer"): on IllegalAction show
        the engine's reason and change nothing. Any action cancels a running estimate."""
        if not self.tabs.may_play():
            self.tabs.explain()
            return False
        before = storage.pack(self.record())
        state = self.state_json()
        self.cancel_odds()
        self.suggestion = None
        try:
            if by == "human":
                why = self.game.why_illegal(action) if hasattr(self.game, "why_illegal") \
                    else None
                if why is None and self.owner(action) not in (None, self.side):
                    raise self.ic.IllegalAction(
                        f"it is not the {session.side_name(self.side)} player's decision",
                        "Scenarios")
            events = self.game.apply(action)
        except self.ic.IllegalAction as exc:
            self.refuse(exc)
            return False
        except Exception:  # an engine bug: show it, keep the page alive
            js.console.warn(traceback.format_exc())
            self.alert("The rules engine failed on that move; nothing changed and your game "
                       "is kept (details in the browser console).", "error")
            return False
        self._sha = (None, "", "")
        dicts = [ev.to_dict() for ev in events or []]
        banner = panels.banner_html(dicts)
        if banner or by == "human":
            self.banner = banner
            self.flash = [h["at"] for h in panels.headlines(dicts) if h["at"]]
        if by == "computer":  # watching the computer: where its move went, outlined
            self.flash = list(dict.fromkeys(self.flash + session.moved_to(dicts)))
        self.announce(dicts)
        if by == "computer":  # the computer's moves are not taken back with the player's
            self.undo = session.UndoStack()
        else:
            self.undo.record(before, dicts)
            # This session's own snapshots undo at once (no replay): envelope -> exact state.
            kept = set(self.undo.snapshots)
            self.undo_states = {k: v for k, v in self.undo_states.items() if k in kept}
            if before in kept:
                self.undo_states[before] = state
        self.alert(note)
        self.save()
        self.draw(new_events=dicts)
        return True

    def announce(self, events: list[dict[str, Any]]) -> None:
        """Say an action's events once, in a polite live region of their own (not the log)."""
        box = nn(el("announce"))
        if box is None:
            box = document.createElement("p")
            box.id = "announce"
            box.className = "vh"
            box.setAttribute("role", "status")
            box.setAttribute("aria-live", "polite")
            document.body.append(box)
        box.textContent = session.announcement(events)

    def refuse(self, exc: Any) -> None:
        """Show an IllegalAction's reason and rule (with its rule link)."""
        reason = str(getattr(exc, "reason", "") or exc)
        rule = str(getattr(exc, "rule", "") or "")
        text = panels.e(f"Not allowed: {reason}" + (f" ({rule})." if rule else "."))
        self.alert("", "error")
        el("alert").innerHTML = f"{text} {panels.rule_link(rule)}"

    def do_undo(self) -> None:
        """Go back to the state before the last undoable choice."""
        if self.game.is_over:
            self.alert("The game is over: its last move stands.")
            return
        if not self.undo.can_undo:
            self.alert("Nothing to undo: the last die roll or reveal cannot be taken back.")
            return
        snap = self.undo.pop()
        state = self.undo_states.pop(snap, None)
        load_state = getattr(self.ic.Game, "_from_state", None)
        game = load_state(json.loads(state)) if state and callable(load_state) else \
            storage.unpack(self.ic, snap)
        self.game = game
        self.banner, self.flash = "", []
        self.alert("")
        self.save()
        self.draw(rebuild_log=True)

    def select(self, crew: str | None) -> None:
        """Select a crewman (again: deselect him) and redraw."""
        self.selected = None if crew == self.selected else crew
        self.draw()

    # --- drawing -----------------------------------------------------------------------------

    def alert(self, text: str, kind: str = "info") -> None:
        """A message in the alert region: "info", or "error" (a refusal, a bad file)."""
        box = el("alert")
        box.textContent = text
        box.dataset.kind = kind

    def owner(self, action: dict[str, Any]) -> str | None:
        """The side an action belongs to, or None if the engine cannot say."""
        fn = getattr(self.game, "owner", None)
        make = getattr(getattr(self.ic, "Action", None), "from_dict", None)
        if not callable(fn) or not callable(make):
            return None
        try:
            return str(fn(make(action)))
        except Exception:
            return None

    def current_turn(self) -> Any:
        """Who acts next (session.turn) from the engine's to_move()."""
        if self.game.is_over:
            return session.Turn("none", None)
        to_move = getattr(self.game, "to_move", None)
        waiting = list(to_move()) if callable(to_move) else ["crew"]
        return session.turn(waiting, self.seats, self.side)

    def multi_human(self) -> bool:
        """Two human sides share the device (hot-seat)."""
        return sum(1 for who in self.seats.values() if who == "human") > 1

    def draw(self, new_events: list[dict[str, Any]] | None = None,
             rebuild_log: bool = False) -> None:
        """Redraw the shown side's view (a hand-over screen first when the turn passes to
        another human); keep keyboard focus on the same thing if it still exists."""
        turn = self.current_turn()
        if self.pending_side is not None:
            return  # the hand-over screen stays until the next player continues
        if turn.kind == "human" and turn.side != self.side:
            if turn.handover:
                self.show_handover(turn.side)
                return
            self.side = turn.side
            rebuild_log = True
        focus = self.focus_key()
        view = self.game.view(self.side) if len(self.players(self.game)) > 1 \
            else self.game.view("crew")
        self.view = view if isinstance(view, dict) else {}
        if self.game.is_over:
            actions = []
        elif len(self.players(self.game)) > 1:
            actions = list(self.game.legal_actions(self.side))
        else:
            actions = list(self.game.legal_actions())
        self.rows = [(i, a.to_dict(), str(getattr(a, "label", "") or a.to_dict()),
                      str(getattr(a, "rule", "") or "")) for i, a in enumerate(actions)]
        crew = panels.crew_by_id(self.view)
        acts = [r[1] for r in self.rows]
        self.tokens = session.own_tokens(acts)  # the Intruder player's counters
        if self.selected and (crew.get(self.selected) or {}).get("status") not in (None,
                                                                                  "active"):
            self.selected = None
        if self.selected and self.selected not in crew and self.selected not in self.tokens:
            self.selected = None  # a counter with nothing left to do this phase
        step = (self.view.get("decision") or {}).get("step")
        if self.tokens and self.selected not in self.tokens:
            self.selected = self.tokens[0]  # the Intruder player always has a counter in hand
        if self.selected in self.tokens:
            costs = session.counter_reach(acts, self.selected, self.view)
            self.rows = session.selected_first(self.rows, self.selected)
        else:
            costs = session.reachable(acts, self.selected, self.view)
        self.costs = costs

        seed = self.seed() if self.game.is_over else "shown at the end"  # no spoilers
        self.set_html("status", panels.status_html(self.view, seed) + self.seat_html())
        el("prompt").textContent = self.prompt_text(turn)
        if turn.kind == "computer":  # watching the computer: its pace, and Skip
            if nn(el("pace")) is None:  # set once, so the pace control keeps its focus
                el("actions").innerHTML = dialogs.watch_html(session.side_name(str(turn.side)),
                                                             round(self.pace * 1000))
                self.html_shown.pop("actions", None)
        elif self.tokens:  # the selected counter's actions; the others one line each
            shown = session.counter_rows(self.rows, self.selected)
            self.set_html("actions", panels.actions_html(self.view, shown, self.selected, costs)
                          + dialogs.other_counters_html(self.view, self.rows, self.selected))
        else:
            self.set_html("actions", panels.actions_html(self.view, self.rows, self.selected,
                                                         costs))
        self.set_html("mapsheet", panels.mapsheet_html(self.view, self.stage_rows))
        self.set_html("result", panels.result_html(getattr(self.game, "result", None)))
        el("result").hidden = not self.game.is_over
        self.draw_board(costs)
        self.rove()
        self.set_html("banner", self.banner)
        el("toast").dataset.edge = layout.toast_edge(self.flash)
        for node in document.querySelectorAll("#board .event-here"):
            node.classList.remove("event-here")
        for place in self.flash:
            for node in document.querySelectorAll(f'#board [data-compartment="{place}"]'):
                node.classList.add("event-here")
        if rebuild_log:
            log = [ev.to_dict() for ev in getattr(self.game, "log", [])]
            el("log").innerHTML = panels.log_html(log)
        elif new_events:
            self.add_to_log(new_events)

        undo = el("undo")
        can_undo = self.undo.can_undo and not self.game.is_over
        undo.disabled = not can_undo
        undo.title = ("Take back your last choice" if can_undo else "The game is over"
                      if self.game.is_over else
                      "Nothing to undo since the last die roll or reveal")
        body = document.body.dataset
        body.stateSha = self.state_sha()
        body.step = str(step or "")
        body.selected = self.selected or ""
        body.side = self.side
        body.turn = f"{turn.kind}:{turn.side or ''}"
        self.draw_advisor()
        self.restore_focus(focus)
        if turn.kind == "computer" or self.autoplay:
            self.spawn(self.drive())

    def add_to_log(self, events: list[dict[str, Any]]) -> None:
        """New events into the log grouped by phase (panels.log_update): the latest phase's
        events at the end of its group, a new phase's group on top."""
        start = len(getattr(self.game, "log", [])) - len(events)
        log = el("log")
        first = nn(log.firstElementChild)
        current = int(first.dataset.group) if first is not None else 0
        tail, top = panels.log_update(events, start, current)
        if tail:
            after = nn(log.querySelector(f'li:not([data-group="{current}"])'))
            if after is not None:
                after.insertAdjacentHTML("beforebegin", tail)
            else:
                log.insertAdjacentHTML("beforeend", tail)
        if top:
            log.insertAdjacentHTML("afterbegin", top)

    def seat_html(self) -> str:
        """" · You: crew · Intruder: computer" when the game has more than one side."""
        if len(self.seats) < 2:
            return ""
        scores = session.side_scores(self.game)  # The Science Officer: each player's points
        parts = []
        for s, who in self.seats.items():
            name = session.side_name(s)
            who_words = "computer" if who == "computer" else "you" if s == self.side \
                else "human"
            part = f"{name[:1].upper()}{name[1:]}: {who_words}"
            if s in scores:
                part += f", {scores[s]} points"
            parts.append(panels.e(part))
        mine = session.side_crewmen(self.game, self.side) if scores else ""
        yours = f' <span class="yours">· Your crewmen: {panels.e(mine)}</span>' if mine else ""
        return f' <span class="seats">· {" · ".join(parts)}</span>{yours}'

    def prompt_text(self, turn: Any) -> str:
        """The pending decision, or who else is deciding."""
        if turn.kind == "computer":
            return f"The computer is playing the {session.side_name(turn.side)}…"
        text = panels.prompt(self.view, self.selected)
        step = (self.view.get("decision") or {}).get("step")
        if step in ("intruder_move", "intruder_attack") and self.side == "intruder":
            text = ("Intruder Movement: move counters (each up to its movement), destroy or "
                    "open, then end the movement" if step == "intruder_move" else
                    "The Intruder attacks: choose whom each counter attacks, or hold")
        if len(self.seats) > 1 and not self.game.is_over:
            name = session.side_name(self.side)
            text = f"{name[:1].upper()}{name[1:]}: {text}"  # "Science Officer: ..."
        return text

    # --- hot-seat hand-over ------------------------------------------------------------------

    def show_handover(self, side: str) -> None:
        """Hide everything the last side saw, and ask to pass the device to `side`."""
        self.pending_side = side
        self.selected = None
        self.html_shown.clear()
        self.stop_autoplay()
        self.cancel_odds()
        self.banner, self.flash = "", []
        for box in ("board", "actions", "mapsheet", "log", "status", "result", "advice",
                    "banner"):
            el(box).innerHTML = ""
        el("prompt").textContent = ""
        self.alert("")  # a refusal or a note may name what the last side saw
        if nn(el("announce")) is not None:
            el("announce").textContent = ""
        el("share-link").value = ""
        el("odds").hidden = True
        document.body.dataset.suggested = ""
        el("game-view").hidden = True
        el("handover-text").textContent = (
            f"Pass the device to the {session.side_name(side)} player.")
        for name in session.HANDOVER_LOCKED:  # their files and links hold both sides' secrets
            node = nn(el(name))
            if node is not None:
                node.disabled = True
        for dialog in document.querySelectorAll("dialog[open]"):
            dialog.close()
        el("handover").hidden = False
        document.body.dataset.handover = side
        document.body.dataset.side = ""
        el("handover-continue").focus()

    def end_handover(self) -> None:
        """The next player is at the device: show his side."""
        if self.pending_side is None:
            return
        self.side = self.pending_side
        self.pending_side = None
        self.undo = session.UndoStack()  # no taking back the other player's moves
        el("handover").hidden = True
        el("game-view").hidden = False
        for name in session.HANDOVER_LOCKED:
            node = nn(el(name))
            if node is not None:
                node.disabled = False
        document.body.dataset.handover = ""
        self.draw(rebuild_log=True)

    def draw_board(self, costs: dict[str, int]) -> None:
        """The station plan, with the selection and the reachable compartments: the whole
        plan the first time, then only the parts that changed (render.station_parts), so a
        click redraws in one frame."""
        station_parts = getattr(self.render_module, "station_parts", None)
        if not callable(station_parts):
            return
        focus = (self.view.get("decision") or {}).get("at")
        extra: dict[str, Any] = {}
        if self.tokens:  # the Intruder player's counters are pieces he selects and moves
            extra = {"selectable": self.tokens,
                     "unit": "steps" if self.selected in self.tokens else "MP",
                     "actable": board_input.actable_objects([r[1] for r in self.rows])}
        parts: dict[str, str] = station_parts(self.view, selected=self.selected,
                                              reachable=costs, focus=focus, **extra)
        board = el("board")
        shown = self.board_parts if nn(board.querySelector("svg.station-map[data-live]")) \
            is not None else {}
        changed = [k for k, text in parts.items() if shown.get(k) != text]
        nodes = [nn(document.getElementById(k)) for k in changed] if shown else [None]
        if any(node is None for node in nodes):  # first drawing, or the board was cleared
            preview = nn(el("boot-station"))  # the boot screen's picture shares the ids
            if preview is not None:
                preview.remove()
            board.innerHTML = self.render_module.assemble(parts)
            board.firstElementChild.setAttribute("data-live", "1")
            self._fitted = None  # a new <svg>: its viewBox is the whole plan again
        else:
            for node, part_id in zip(nodes, changed, strict=True):
                node.outerHTML = parts[part_id]
        self.board_parts = parts
        self.draw_casualties()
        self.fit_board()

    def draw_casualties(self) -> None:
        """The dead where they fell, killed and frozen Intruders (render.casualties_svg, from
        the public log; redrawn from it only when the log changed)."""
        layer = getattr(self.render_module, "casualties_svg", None)
        svg = nn(el("board").querySelector("svg"))
        if not callable(layer) or svg is None:
            return
        log = getattr(self.game, "log", [])
        key = f"{id(self.game)}:{len(log)}"  # a new game object (load, undo) or new events
        shown = nn(document.getElementById(f"{self.render_module.ID}casualties"))
        if self._casualties[0] == key and shown is not None:
            return  # the plan kept its layer (only changed parts are swapped)
        if self._casualties[0] != key:
            self._casualties = (key, str(layer(self.view, (ev.to_dict() for ev in log))))
        if shown is not None:
            shown.remove()
        svg.insertAdjacentHTML("beforeend", self._casualties[1])

    def on_board_focus(self, event: Any) -> None:
        """Keyboard focus on a piece or compartment outside the part of the plan shown (a
        phone): the part moves to it, so the focus is never out of sight."""
        board = el("board")
        if board.getAttribute("data-zoom") != "part":  # absent when the plan fits
            return
        place = place_of(event.target)
        if place:
            self.show_place(place)

    def show_place(self, place: str) -> None:
        """Move the part of the plan shown on a small screen to `place` if it is out of it."""
        svg = nn(el("board").querySelector("svg"))
        if svg is None:
            return
        now = [int(float(n)) for n in str(svg.getAttribute("viewBox")).split()]
        if len(now) != 4 or layout.shows((now[0], now[1], now[2], now[3]), place):
            return
        width, height = self.board_box()
        box = layout.zoom_box(width, height, [place])
        svg.setAttribute("viewBox", " ".join(str(n) for n in box))
        self._fitted = None  # the next fit puts back the part where things happen

    def zoom_in_on(self, place: str) -> None:
        """A tap on the "Whole station" overview: back to the readable part of the plan,
        showing the place tapped. Its pieces are drawn under the 24 px tap-target size, so
        the tap never acts on one (the keyboard still does: focus is not a tap)."""
        self.board_whole = False
        self.fit_board()
        if place:
            self.show_place(place)

    def zoom_places(self) -> list[str]:
        """Where things happen, for a small screen's part of the plan: the selected crewman
        (or counter) and where he can go, else the Interaction, else the last events, else
        the crew."""
        crew = panels.crew_by_id(self.view)
        if self.selected and self.selected in crew:
            return [str(crew[self.selected].get("at")), *(self.costs or {})]
        held = next((c for c in self.view.get("counters", [])
                     if self.selected and c.get("token") == self.selected), None)
        if held is not None:  # the Intruder player's counter in hand, and where it may go
            return [str(held.get("at")), *(self.costs or {})]
        at = (self.view.get("decision") or {}).get("at")
        if at:
            return [str(at)]
        if self.flash:
            return list(self.flash)
        return [str(c.get("at")) for c in crew.values() if c.get("status") == "active"]

    def board_box(self, measure: bool = False) -> tuple[float, float]:
        """The board's width and max height in CSS px as the layout gives it (without
        data-zoom), measured once and again only after a resize: reading them right after a
        redraw would force a layout on every click."""
        if self._board_box is None or measure:
            board = el("board")
            zoom = nn(board.getAttribute("data-zoom"))
            if zoom is not None:  # "whole" lifts the max height: measure without it
                board.removeAttribute("data-zoom")
            limit = str(window.getComputedStyle(board).maxHeight)
            box = (float(board.clientWidth), float(limit[:-2]) if limit.endswith("px") else 0.0)
            if zoom is not None:
                board.dataset.zoom = zoom
            self._board_box = box if box[0] > 0 else None  # hidden (a handover): not yet
            return box
        return self._board_box

    def on_board_resize(self, entries: Any, _observer: Any = None) -> None:
        """The board's box changed width (a scrollbar, a layout change the window's resize
        event does not tell): fit the plan to it again."""
        known = self._board_box
        for entry in entries:
            if known is None or abs(float(entry.contentRect.width) - known[0]) > 0.5:
                self.fit_board(measure=True)
                return

    def fit_board(self, measure: bool = False) -> None:
        """A box too small for the whole plan at a readable scale (a phone) shows the part
        where things happen (layout.zoom_box); the "Whole station" button shows it all.
        Touches the page only when what it shows changes (most clicks change nothing)."""
        board = nn(el("board"))
        svg = None if board is None else nn(board.querySelector("svg"))
        if svg is None:  # no plan drawn (or no board: the page is going away)
            return
        width, height = self.board_box(measure)
        part = layout.zoom_box(width, height, self.zoom_places())
        small = part != layout.VIEWBOX
        box = layout.VIEWBOX if self.board_whole or not small else part
        shown = (box, small, self.board_whole)
        if shown == self._fitted:
            return
        self._fitted = shown
        svg.setAttribute("viewBox", " ".join(str(n) for n in box))
        if small:  # else no data-zoom at all: the plan keeps its wide-screen sizing
            board.dataset.zoom = "whole" if self.board_whole else "part"
        else:
            board.removeAttribute("data-zoom")
        button = nn(el("board-zoom"))
        if button is not None:
            button.hidden = not small
            button.textContent = "Zoom in" if self.board_whole else "Whole station"

    def set_html(self, element_id: str, html: str) -> None:
        """Replace an element's HTML only when it changed (a redraw keeps the rest as is)."""
        node = el(element_id)
        if self.html_shown.get(element_id) != html or nn(node.firstChild) is None:
            node.innerHTML = html
            self.html_shown[element_id] = html

    def state_sha(self) -> str:
        """The state digest for body[data-state-sha], computed once per position."""
        self.state_json()
        return self._sha[2]

    def state_json(self) -> str:
        """game.to_json() of the current position, computed once per position (the digest
        and the next action's undo snapshot share it)."""
        if self._sha[0] is not self.game:  # apply() forgets it: the game changed
            text = self.game.to_json()
            self._sha = (self.game, text, session.state_digest(text))
        return self._sha[1]

    def focus_key(self) -> tuple[str, str] | None:
        """What has keyboard focus, as (attribute, value), to find it again after a redraw."""
        active = nn(document.activeElement)
        if active is None or active == document.body:
            return None
        for attr in ("data-compartment", "data-crew", "data-token", "data-items", "data-select",
                     "data-action"):
            holder = closest(active, f"[{attr}]")
            if holder is not None:
                return attr, str(holder.getAttribute(attr))
        return None

    def restore_focus(self, key: tuple[str, str] | None) -> None:
        """Focus what had focus before the redraw, or else the prompt."""
        active = nn(document.activeElement)
        if key is None or (active is not None and active != document.body):
            return
        attr, value = key
        for node in document.querySelectorAll(f"[{attr}]"):
            if node.getAttribute(attr) == value:
                node.focus()
                return
        stop = nn(document.querySelector('#board [data-compartment][tabindex="0"]'))
        if key[0] in ("data-compartment", "data-crew", "data-token", "data-items") and \
                stop is not None:
            stop.focus()  # a piece that left: the player stays on the plan where he was
            return
        if key[0] == "data-action" and nn(document.querySelector("#actions button.act-btn")):
            self.focus_actions()  # the button pressed is gone: the next choice, in the list
            return
        el("prompt").focus(js_obj({"preventScroll": True}))

    # --- keyboard on the plan (keys.py) ------------------------------------------------------

    def where(self, node: Any) -> str | None:
        """The compartment a plan element stands for (a room, or the room of a piece)."""
        for attr in ("data-compartment", "data-stack", "data-at"):
            holder = closest(node, f"#board [{attr}]")
            if holder is not None:
                return str(holder.getAttribute(attr))
        return None

    def rove(self) -> None:
        """The plan is one Tab stop (roving tabindex): one compartment takes Tab, the rest of
        the plan is reached with the arrow keys."""
        board = nn(el("board"))
        if board is None:
            return
        sel_at = None
        if self.selected:
            member = panels.crew_by_id(self.view).get(self.selected) or {}
            counter = next((c for c in self.view.get("counters", [])
                            if c.get("token") == self.selected), {})
            sel_at = member.get("at") or counter.get("at")
        pending = list((self.view.get("decision") or {}).get("compartments") or [])
        stop = keys.roving_stop(sel_at, self.costs, self.board_at, pending)
        for node in board.querySelectorAll("[tabindex]"):
            node.setAttribute("tabindex", "-1")
        room = nn(board.querySelector(f'[data-compartment="{stop}"]'))
        if room is not None:
            room.setAttribute("tabindex", "0")

    def go_to(self, cid: str) -> None:
        """Move the keyboard focus (and the plan's Tab stop) to a compartment."""
        room = nn(document.querySelector(f'#board [data-compartment="{cid}"]'))
        if room is None:
            return
        self.board_at = cid
        for node in document.querySelectorAll('#board [tabindex="0"]'):
            node.setAttribute("tabindex", "-1")
        room.setAttribute("tabindex", "0")
        room.focus()

    def board_key(self, event: Any) -> bool:
        """Arrows, Enter/Space, I and A on the plan; True when the key was used."""
        key = str(event.key)
        cid = self.where(event.target)
        if cid is None:
            return False
        thing = closest(event.target, "#board [data-items][role=button]")
        if thing is not None and key in (*keys.ARROWS, "Enter", " "):
            event.preventDefault()  # an object the player may act on (keys.object_step)
            if key in keys.ARROWS:
                step = keys.object_step(self.board_objects(cid),
                                        str(thing.getAttribute("data-items")), key)
                self.focus_object(step) if step is not None else self.go_to(cid)
            else:
                self.on_board(items=str(thing.getAttribute("data-items")), at=cid)
            return True
        if key in keys.ARROWS:
            event.preventDefault()  # the page does not scroll
            to = keys.neighbour(cid, key)
            if to is not None:
                self.go_to(to)
            return True
        if key in ("i", "I"):
            event.preventDefault()
            self.board_at = cid
            self.open_inspector(cid)
            return True
        if key in ("a", "A"):
            event.preventDefault()
            self.board_at = cid
            self.focus_actions()
            return True
        if key in ("Enter", " ") and closest(event.target, "#board [data-compartment]"):
            event.preventDefault()
            self.board_at = cid
            what, piece = keys.enter_target(self.view, cid, self.selected, self.costs,
                                            [r[1] for r in self.rows], self.board_objects(cid))
            if what == "select" and piece is not None:
                self.select(piece)
            elif what == "object" and piece is not None:
                self.focus_object(piece)
            else:
                self.on_board(compartment=cid)
            return True
        return False

    def board_objects(self, cid: str) -> list[str]:
        """The objects in a compartment the player may act on (their buttons' data-items)."""
        return [str(n.getAttribute("data-items")) for n in document.querySelectorAll(
            f'#board [data-items][role=button][data-at="{cid}"]')]

    def focus_object(self, key: str) -> None:
        """Move the keyboard focus (and the plan's Tab stop) to an object's button."""
        node = nn(document.querySelector(f'#board [data-items="{key}"][role=button]'))
        if node is None:
            return
        for other in document.querySelectorAll('#board [tabindex="0"]'):
            other.setAttribute("tabindex", "-1")
        node.setAttribute("tabindex", "0")
        node.focus()

    def focus_actions(self) -> None:
        """Focus the selected piece's first action (else the first action on the page)."""
        first = nn(document.querySelector("#actions .crew-group.selected button.act-btn")) \
            or nn(document.querySelector("#actions button.act-btn"))
        if first is not None:
            first.focus()

    # --- events ------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        """Every click on the page, delegated by what was clicked."""
        try:
            self.click(event.target, event)
        except Exception:  # never let a handler die silently
            js.console.warn(traceback.format_exc())
            self.alert("Something went wrong on the page; your game is kept (details in the "
                       "browser console).", "error")

    def click(self, target: Any, event: Any) -> None:
        """Act on a click on `target`: a command, rule link, action, crewman or compartment."""
        if nn(target) is None:
            return
        node = closest(target, "[data-command]")
        if node is not None:
            self.command(str(node.dataset.command))
            return
        node = closest(target, ".rule-link")
        if node is not None:
            self.open_rules(str(node.dataset.rule))
            return
        node = closest(target, ".rule-nav")
        if node is not None:
            self.show_rules([str(node.dataset.ruleId)])
            return
        if closest(target, '#board[data-zoom="whole"] svg') is not None:
            self.zoom_in_on(place_of(target))  # the overview is a map, not buttons (R65)
            return
        node = closest(target, "button.act-btn")
        if node is not None:
            if not node.disabled:
                self.close_inspector()
                self.request(json.loads(str(node.dataset.action)))
            return
        node = closest(target, "[data-select]")
        if node is not None:
            self.close_inspector()
            self.select(str(node.getAttribute("data-select")))
            return
        node = closest(target, "#board [data-crew]")
        if node is not None:
            self.on_board(crew=str(node.getAttribute("data-crew")),
                          at=str(nn(node.getAttribute("data-at")) or ""))
            return
        node = closest(target, "#board [data-token]")
        if node is not None:
            self.on_board(token=str(node.getAttribute("data-token")),
                          at=str(nn(node.getAttribute("data-at")) or ""))
            return
        node = closest(target, "#board [data-items]")
        if node is not None:
            self.on_board(items=str(node.getAttribute("data-items")),
                          at=str(nn(node.getAttribute("data-at")) or ""))
            return
        node = closest(target, "#board [data-stack]")
        if node is not None:
            self.on_board(stack=str(node.getAttribute("data-stack")),
                          members=str(nn(node.getAttribute("data-members")) or ""))
            return
        node = closest(target, "#board [data-compartment]")
        if node is not None:
            self.on_board(compartment=str(node.dataset.compartment))

    def on_board(self, **clicked: str) -> None:
        """A click on the plan (board_input.board_intent says what it means)."""
        intent = board_input.board_intent(self.view.get("decision") or {}, self.selected,
                                          self.costs, legal=[r[1] for r in self.rows],
                                          tokens=self.tokens, **clicked)
        if intent.action is not None:
            self.request(intent.action)
        elif intent.select is not None:
            self.select(intent.select)
            if intent.message:
                self.alert(intent.message)
        elif intent.inspect is not None:
            self.open_inspector(intent.inspect)
        elif intent.message:
            self.alert(intent.message)

    def open_inspector(self, place: str) -> None:
        """The room inspector: everything in `place`, each piece with its state and actions."""
        self.inspecting = place
        el("inspector-title").textContent = panels.place(place)
        el("inspector-body").innerHTML = panels.inspector_html(
            self.view, place, self.rows, self.selected, self.costs)
        dialog = el("inspector")
        if not dialog.open:
            dialog.showModal()

    def close_inspector(self) -> None:
        """Close the room inspector (an action or a selection made in it)."""
        self.inspecting = None
        dialog = nn(el("inspector"))
        if dialog is not None and dialog.open:
            dialog.close()

    def request(self, action: dict[str, Any]) -> None:
        """A player's action: applied, unless a guard asks first (dialogs.guard_question)."""
        question = dialogs.guard_question(action, self.view, self.rows) \
            if self.settings.get("confirm", True) else ""
        if question:
            self.ask_first(action, question)
        else:
            self.apply(action)

    def on_key(self, event: Any) -> None:
        """Enter/Space on a token or compartment of the plan clicks it; Esc deselects."""
        target = event.target
        if event.key == "Escape" and self.autoplay:
            self.toggle_autoplay(False)
            return
        if event.key == "Escape" and self.selected and nn(document.querySelector(
                "dialog[open]")) is None:
            self.select(self.selected)
            return
        if event.key == "?" and not closest(target, "input, textarea, select") and \
                nn(document.querySelector("dialog[open]")) is None:
            event.preventDefault()
            self.open_keys_help()
            return
        if self.board_key(event):
            return
        if event.key not in ("Enter", " "):
            return
        token = closest(target, "#board [data-crew]")
        if token is not None:  # a token focused by keyboard: that crewman is meant
            event.preventDefault()
            self.select(str(token.getAttribute("data-crew")))
            return
        counter = closest(target, "#board [data-token][tabindex]")
        if counter is not None:  # one of the Intruder player's counters
            event.preventDefault()
            self.select(str(counter.getAttribute("data-token")))
            return
        if closest(target, "#board [data-stack], #board [data-compartment]") is not None:
            event.preventDefault()
            self.on_click(event)

    def on_change(self, event: Any) -> None:
        """A control of the page changed (the computer's pace)."""
        if str(getattr(event.target, "id", "")) == "pace":
            self.on_pace(str(event.target.value))

    def on_hash(self, _event: Any) -> None:
        """A share link opened in this page (only the #g= part changed)."""
        code = session.fragment_code(str(js.location.hash))
        if code is not None:
            ok, note = self.load_code(code)
            self.alert(note, "info" if ok else "error")

    def command(self, name: str) -> None:
        """A toolbar or dialog button (data-command)."""
        if name == "new":
            el("new-error").textContent = ""
            el("current-seed").textContent = str(self.seed())
            el("new-seed").value = ""
            self.update_new_form()
            el("new-dialog").showModal()
        elif name == "suggest":
            self.suggest()
        elif name == "banner-close":  # the events toast, dismissed (the log keeps them)
            self.banner, self.flash = "", []
            el("banner").innerHTML = ""
            for node in document.querySelectorAll("#board .event-here"):
                node.classList.remove("event-here")
            el("prompt").focus(js_obj({"preventScroll": True}))
        elif name == "board-zoom":
            self.board_whole = not self.board_whole
            self.fit_board()
        elif name == "autoplay":
            self.toggle_autoplay(True)
        elif name == "autoplay-stop":
            self.toggle_autoplay(False)
        elif name == "odds":
            self.spawn(self.run_odds())
        elif name == "odds-cancel":
            self.cancel_odds()
        elif name == "skip":
            self.skipping = True
        elif name == "handover-continue":
            self.end_handover()
        elif name == "scenario-rules":
            self.open_scenario_rules()
        elif name in ("confirm-yes", "confirm-no"):
            self.answer(name == "confirm-yes")
        elif name == "settings":
            self.open_settings()
        elif name == "undo":
            self.do_undo()
        elif name in session.HANDOVER_LOCKED and self.pending_side is not None:
            self.alert("Not during the hand-over: the next player continues first.")
        elif name == "share":
            self.open_share()
        elif name == "copy-link":
            self.spawn(self.copy_link())
        elif name == "export":
            self.export()
        elif name == "import":
            el("import-file").click()
        elif name == "rules":
            self.open_rules("")
        elif name.startswith("dismiss:"):
            self.dismiss(name.removeprefix("dismiss:"))
        elif name == "download-aside":
            self.download_aside()
        elif name.startswith("tabs:"):
            self.tabs.command(name.removeprefix("tabs:"))
        elif name == "reload":
            js.location.reload()
        elif name.startswith("close:"):
            el(name.removeprefix("close:")).close()

# --- the rules reference ---------------------------------------------------------------
