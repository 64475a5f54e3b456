"""The game being played: start or resume it, make another one current, apply an action,
undo, autosave, and open share links. The page's other parts learn of a change through
the bus (events.py) and the redraw callback."""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import intruder_core as ic
from core import history, moments, panels, session, storage
from core.shown import Shown
from dom.elements import js, nn
from dom.standalone import next_task
from pages.game import tabs
from pages.game.events import Bus, Redraw, Tasks
from pages.game.messages import Messages

if TYPE_CHECKING:
    from intruder_core import Game
    from intruder_core.json_types import Record
    from intruder_core.story import Moment
    from intruder_core.view import View


class GameSession:
    """The current game, its undo snapshots, who sits at each side and which side shows."""

    def __init__(self, store: storage.Store, shown: Shown, messages: Messages,
                 bus: Bus, tasks: Tasks) -> None:
        self.store = store
        self.shown = shown
        self.messages = messages
        self.bus = bus
        self.tasks = tasks
        self.redraw: Redraw = lambda new_events=None, rebuild_log=False: None  # App wires it
        # render a view's plan ahead of its drawing (App wires the board's prerender)
        self.prepare: Callable[[View], None] = lambda view: None
        # the moments of an action, once it is drawn (App wires the board's player)
        self.play_moments: Callable[[list[Moment], str | None], None] = lambda told, side: None
        # an action applied and not yet drawn: the game, its log's length then, its events
        # and moments (draw_played)
        self.played: tuple[Game, int, list[Any], list[Moment]] | None = None
        self.tabs: tabs.Solo = tabs.Solo()  # replaced by tabs.Tabs once the game is up
        self.game: Game | None = None
        self.undo = session.UndoStack()
        self.undo_states: dict[str, str] = {}  # undo envelope -> its state (to_json)
        self.seats: dict[str, str] = {"crew": "human"}
        self.side: str = "crew"           # whose view and actions the page shows
        self.pending_side: str | None = None  # a hand-over screen waits for this side
        self.stage_rows: dict[int, dict[str, Any]] = {}
        self.aside: str | None = None     # a stored game that could not be loaded
        self._sha: tuple[Game | None, str, str] = (None, "", "")
        # The helps used and each finished game kept (Your games; App gives it a history).
        self.games = history.Keeper(None, store, lambda _text: None, lambda coro: coro.close(),
                                    may_save=lambda: self.tabs.may_save())

    @property
    def current(self) -> Game:
        """The game on the page (there is one from the end of the boot on)."""
        assert self.game is not None, "no game yet"
        return self.game

    # --- which game ------------------------------------------------------------------------

    def start(self) -> tuple[list[str], bool, str, bool]:
        """Boot: a share link, else ?seed=N, else the autosave, else a new random game.
        Returns what to tell the player, whether it is a problem, the URL's warning, and
        whether this is a first visit (a new random game)."""
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
            self.set_game(ic.new_game(seed=plan.seed or 0))
        elif plan.kind == "resume":
            note = self.resume()
            notes.append(note)
            problem = problem or bool(note)
        elif plan.kind == "new":
            self.set_game(ic.new_game(seed=random.randint(0, session.MAX_SEED)))
        self.clean_url()
        return notes, problem, plan.warning, plan.kind == "new"

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
                game = storage.unpack(ic, text)
                undo = session.UndoStack.load(self.store.get("undo")) if slot == "save" \
                    else None
                shown = self.set_game(game, undo, session.load_seats(self.store.get("seats"),
                                                                     tuple(game.players)),
                                      self.kept_daily(game))
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
        self.set_game(ic.new_game(seed=random.randint(0, session.MAX_SEED)))
        return f"{' '.join(refused)} It is set aside and a new game has started."

    def clean_url(self) -> None:
        """Drop ?seed= and #g= once used, so that a reload resumes the autosave."""
        params = js.URLSearchParams.new(js.location.search)
        params.delete("seed")
        query = str(params.toString())
        js.history.replaceState(None, "", str(js.location.pathname) + (f"?{query}" if query
                                                                      else ""))

    def kept_daily(self, game: Game) -> str:
        """The date of the game of the day the autosaved `game` is (history.DAILY), or ""."""
        return history.load_daily(self.store.get(history.DAILY), game)

    def set_game(self, game: Game, undo: session.UndoStack | None = None,
                 seats: dict[str, str] | None = None, daily: str = "") -> bool:
        """Make `game` the current one: draw it first, and only once it is drawn save it.
        A game that cannot be drawn is not kept: the previous one comes back (False).
        `daily`: it is that date's game of the day (only its control and a resume say so)."""
        kept = (self.game, self.undo, self.seats, self.side, self.stage_rows)
        was = self.games.daily
        self.games.leave(self.game, was, game, daily)  # a daily left in play: kept
        self.bus.emit("game-set")
        self.game, self.games.daily = game, daily  # drawn as a daily (its result card)
        self.undo = undo or session.UndoStack()
        self.shown.selected = None
        self.seats = seats or session.load_seats(None, tuple(game.players))
        self.side = session.shown_side(self.seats, None)
        self.pending_side = None
        self.shown.forget_headline()
        try:
            options = self.record()["origin"].get("options")
            self.stage_rows = panels.stage_rows(options if isinstance(options, dict) else None)
            self.redraw(rebuild_log=True)
        except Exception:
            js.console.warn(traceback.format_exc())
            self.game, self.undo, self.seats, self.side, self.stage_rows = kept
            self.games.daily = was
            if self.game is not None:
                self.redraw(rebuild_log=True)
            return False
        self.games.begin(game, daily)
        self.save()
        return True

    def switch_soon(self, game: Game, then: Callable[[bool], None],
                    seats: dict[str, str] | None = None, daily: str = "") -> None:
        """switch_to from an event handler: `then(drawn)` once it is done."""
        async def switch() -> None:
            then(await self.switch_to(game, seats, daily))

        self.tasks.spawn(switch())

    async def switch_to(self, game: Game, seats: dict[str, str] | None = None,
                        daily: str = "") -> bool:
        """set_game for a game the player asked for once the page is live (New game, the
        game of the day, a file): its plan rendered first (prepare, no DOM), then drawn in a
        later task, so that neither holds the main thread over 50 ms (issue 31)."""
        seats = seats or session.load_seats(None, tuple(game.players))  # as set_game seats it
        try:
            self.prepare(session.shown_view(game, session.shown_side(seats, None)))
        except Exception:  # only time is lost: set_game draws it all the same
            js.console.warn(traceback.format_exc())
        await next_task()
        return self.set_game(game, seats=seats, daily=daily)

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

    def record(self) -> Record:
        """The game's record (how it began and every action since)."""
        return self.current.record()

    def seed(self) -> Any:
        """The seed the game was started with; a game set up from a position (an imported
        one, a rules demo) says so beside its dice's seed, since a new game with that seed
        is another game."""
        origin = self.record()["origin"]
        if "seed" in origin:
            return origin["seed"]
        position = origin.get("position")
        if isinstance(position, dict):
            return f"{position.get('seed', 0)} (of a set-up position)"
        return "–"

    def save(self) -> None:
        """Autosave the game (its record, in the page's envelope) and the undo snapshots
        that fit; a failure stays on screen until dismissed or a later save works."""
        if not self.tabs.may_save():
            return
        error = self.store.set("save", storage.pack(self.record()))
        if error:
            self.messages.notice("autosave", f"Autosave failed: {error}. Your game is still "
                                 "here and playable; export it to keep it.", "error")
        else:
            self.messages.dismiss("autosave")
            self.tabs.saved()
        if self.store.set("undo", self.undo.dump()):
            self.store.remove("undo")
        self.store.set("seats", json.dumps(self.seats))

    # --- playing ---------------------------------------------------------------------------

    def apply(self, action: dict[str, Any], by: str = "human", note: str = "",
              draw: bool = True) -> bool:
        """Apply one action (`by` "human", "autoplay" or "computer"): on IllegalAction show
        the engine's reason and change nothing. Any action cancels a running estimate.
        `draw` False leaves the drawing to `draw_played` (the computer's moves: in a task
        of their own)."""
        if not self.tabs.may_play():
            self.tabs.explain()
            return False
        game = self.current
        before = storage.pack(self.record())
        state = self.state_json()
        self.bus.emit("acting")
        try:
            if by == "human":
                why = game.why_illegal(action)
                if why is None and self.owner(action) not in (None, self.side):
                    raise ic.IllegalAction(
                        f"it is not the {session.side_name(self.side)} player's decision",
                        "Scenarios")
            events, passed = session.play(game, action, by == "human" and
                                          self.seats.get("crew") == "human")
            if passed:  # R68: no crewman could act in the step: said in one line
                note = session.PASSED
        except ic.IllegalAction as exc:
            self.messages.refuse(exc)
            return False
        except Exception:  # an engine bug: show it, keep the page alive
            js.console.warn(traceback.format_exc())
            self.messages.alert("The rules engine failed on that move; nothing changed and "
                                "your game is kept (details in the browser console).", "error")
            return False
        self._sha = (None, "", "")
        dicts = [ev.to_dict() for ev in events or []]
        told = moments.told(dicts, self.side, self.shown.view, self.shown.view)
        banner = moments.banner_html(dicts, told)
        if banner or by == "human":
            self.shown.banner = banner
            self.shown.flash = moments.flash(told)
        if by == "computer":  # watching the computer: where its move went, outlined
            self.shown.flash = list(dict.fromkeys(self.shown.flash + session.moved_to(dicts)))
        self.messages.announce(dicts, told)
        if by == "computer":  # the computer's moves are not taken back with the player's
            self.undo = session.UndoStack()
        else:
            self.undo.record(before, dicts)
            # This session's own snapshots undo at once (no replay): envelope -> exact state.
            kept = set(self.undo.snapshots)
            self.undo_states = {k: v for k, v in self.undo_states.items() if k in kept}
            if before in kept:
                self.undo_states[before] = state
        self.messages.alert(note)
        self.save()
        if game.is_over:
            self.games.finished(game)
        self.played = (game, len(game.log), dicts, told)
        if draw:
            self.draw_played()
        return True

    def draw_played(self) -> None:
        """Draw the position the last action left, and play its moments (once); nothing if
        the game has moved on meanwhile (another game, an undo: drawn by then)."""
        if self.played is None:
            return
        (game, logged, dicts, told), self.played = self.played, None
        if game is self.current and len(game.log) == logged:
            self.redraw(new_events=dicts)
            self.play_moments(told, self.side)

    def do_undo(self) -> None:
        """Go back to the state before the last undoable choice."""
        if self.current.is_over:
            self.messages.alert("The game is over: its last move stands.")
            return
        if not self.undo.can_undo:
            self.messages.alert("Nothing to undo: the last die roll or reveal cannot be taken "
                                "back.")
            return
        snap = self.undo.pop()
        self.games.count("undo")
        state = self.undo_states.pop(snap, None)
        self.game = ic.Game.from_stored(json.loads(state)) if state else \
            storage.unpack(ic, snap)
        self.shown.forget_headline()
        self.messages.alert("")
        self.save()
        self.redraw(rebuild_log=True)

    def owner(self, action: dict[str, Any]) -> str | None:
        """The side an action belongs to, or None if the engine cannot say."""
        try:
            return str(self.current.owner(ic.Action.from_dict(action)))
        except Exception:
            return None

    def current_turn(self) -> session.Turn:
        """Who acts next (session.turn) from the engine's to_move()."""
        if self.current.is_over:
            return session.Turn("none", None)
        return session.turn(list(self.current.to_move()), self.seats, self.side)

    def state_sha(self) -> str:
        """The state digest for body[data-state-sha], computed once per position."""
        self.state_json()
        return self._sha[2]

    def state_json(self) -> str:
        """game.to_json() of the current position, computed once per position (the digest
        and the next action's undo snapshot share it)."""
        if self._sha[0] is not self.game:  # apply() forgets it: the game changed
            text = self.current.to_json()
            self._sha = (self.game, text, session.state_digest(text))
        return self._sha[1]
