"""Browser glue for Intruder: the one module that touches the DOM.

PyScript runs this file after Pyodide has started (the "runtime" boot stage). It then loads the
wheels shipped in dist/pyodide/ ("packages"), starts or resumes a game ("game"), draws it and
tells boot.js that the page is ready. Everything is served from the page's own origin.

The glue is thin: every choice offered comes from `game.legal_actions()`, every refusal is the
engine's `IllegalAction`; the HTML comes from panels.py, undo/share/boot logic from session.py
(both pure Python, tested on CPython), the station plan from render.py.

Page contract (used by e2e/ and by whoever extends this file):
  body[data-ready="1"]          boot finished; data-engine-version, data-engine-api as before
  body[data-state-sha]          sha256 of game.to_json() after every change
  body[data-step]               the pending decision step (move, choose, defense, ...)
  #actions button[data-index]   one button per legal action (data-action: its JSON)
  #board [data-compartment] / [data-crew]   clickable (Enter/Space) compartments and crewmen
  #log li                       events, newest first
  #alert                        IllegalAction, CorruptSave and other non-fatal messages
  window.intruderDebug          state(), sha(), simulate(seed, n) for the e2e tests
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import random
import time
import traceback
from typing import Any

import botworker
import js  # type: ignore[import-not-found]
import rulesref
from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

BOOT = window.intruderBoot
# Names as in the pyodide-lock.json that build.py writes next to the runtime.
PACKAGES = ["svgwrite", "intruder-core"]
RULE_FILES = ("rules/intruder-rulebook.txt", "rules/rulings.md", "docs/rulings.md")
# panels.py and session.py import intruder_core: main() imports them once the wheel is loaded.
panels: Any = None
session: Any = None
PACE_S = 0.6          # a computer side or the autoplay: one action per 600 ms
# Suggest asks SearchPolicy in the bots' worker (botworker.py) with this time budget
# (?advisor_ms=N changes it); before the worker is up, and in the main-thread fallback, the
# heuristic (1-5 ms) answers, since the search would block the page for the whole budget.
ADVISOR_SEARCH = False  # the main-thread fallback's choice
ADVISOR_ROLLOUTS = 16
ADVISOR_S = 1.0
ODDS_SAMPLES = 200    # Monte Carlo games per Odds estimate (?odds_samples=N changes it)
SCENARIO_RULES = {  # where the rules reference opens for each scenario
    "intelligent_intruder": "The Intelligent Intruder",
    "return_to_prometheus": "Return to Prometheus",
    "science_officer": "The Science Officer",
}


def nn(value: Any) -> Any:
    """None for JS null/undefined: Pyodide gives `jsnull`, which is not None."""
    return None if value is None or type(value).__name__ == "JsNull" else value


def closest(target: Any, selector: str) -> Any:
    """target.closest(selector), or None."""
    return nn(target.closest(selector)) if hasattr(target, "closest") else None


def el(element_id: str) -> Any:
    """The page element with this id."""
    return document.getElementById(element_id)


def js_obj(value: dict[str, Any]) -> Any:
    """A plain JS object from a dict."""
    return to_js(value, dict_converter=js.Object.fromEntries)


async def load_packages() -> Any:
    """Load the local wheels by name and prove they import: loadPackage can fail silently."""
    import pyodide_js  # type: ignore[import-not-found]

    BOOT.stage("packages", "Loading the rules engine")
    errors: list[str] = []
    on_error = create_proxy(lambda msg: errors.append(str(msg)))
    try:
        await pyodide_js.loadPackage(to_js(PACKAGES), js_obj({"errorCallback": on_error}))
    finally:
        on_error.destroy()
    said = "; ".join(errors) or "no error reported"
    if importlib.util.find_spec("svgwrite") is None:
        raise RuntimeError(f"package svgwrite failed to load (loader: {said})")
    try:
        import intruder_core
    except ImportError as exc:
        raise RuntimeError(f"package failed to load: {exc} (loader: {said})") from exc
    return intruder_core


def load_bots() -> dict[str, Any]:
    """The crew bots, the Intruder AI and the odds estimator, where this engine has them."""
    out: dict[str, Any] = {}
    try:
        from intruder_core import bots
    except ImportError:
        return out
    out["heuristic"] = bots.HeuristicPolicy()
    out["search"] = bots.SearchPolicy
    out["odds"] = bots.win_odds_iter
    try:
        from intruder_core import intruder_ai
    except ImportError:
        return out

    class IntruderBot:
        """intruder_ai as a policy."""

        @staticmethod
        def choose(view: Any, legal: Any, rng: Any) -> Any:
            return intruder_ai.choose(view, legal, rng)

    out["intruder"] = IntruderBot()
    return out


def load_render_module() -> Any:
    """The SVG station renderer (render.py), or None in a build without it."""
    try:
        import render  # type: ignore[import-not-found]
    except ModuleNotFoundError as exc:
        if exc.name not in ("render", "layout"):
            raise
        return None
    return render


class Store:
    """localStorage under one prefix; storage may be missing or full (private modes, iframes)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def get(self, key: str) -> str | None:
        """The stored value, or None."""
        try:
            value = nn(js.localStorage.getItem(self.prefix + key))
        except Exception:
            return None
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> str:
        """Store a value; returns the error message, or "" when it was stored."""
        try:
            js.localStorage.setItem(self.prefix + key, value)
        except Exception as exc:
            return str(exc)
        return ""

    def remove(self, key: str) -> None:
        """Forget a value."""
        with contextlib.suppress(Exception):
            js.localStorage.removeItem(self.prefix + key)


class App:
    """One game on the page: applies the player's choices and redraws after each."""

    def __init__(self, ic: Any, render: Any, embed: bool) -> None:
        self.ic = ic
        self.render_module = render
        self.embed = embed
        self.store = Store("intruder:embed:" if embed else "intruder:")
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
        self.seats: dict[str, str] = {"crew": "human"}
        self.side: str = "crew"           # whose view and actions the page shows
        self.pending_side: str | None = None  # a hand-over screen waits for this side
        self.suggestion: tuple[dict[str, Any], str] | None = None
        self.suggestion_candidates: list[dict[str, Any]] = []
        self.autoplay = False
        self.driving = False
        self.odds_run = 0                 # bumped to cancel a running estimate
        self.rng = random.Random()
        self.bots = load_bots()
        self.worker: botworker.BotWorker | None = None  # started by main() once ready
        self.suggest_run = 0
        params = js.URLSearchParams.new(js.location.search)
        self.odds_samples = session.parse_seed(nn(params.get("odds_samples"))) or ODDS_SAMPLES
        advisor_ms = session.parse_seed(nn(params.get("advisor_ms")))
        self.advisor_s = ADVISOR_S if advisor_ms is None else advisor_ms / 1000
        pace_ms = session.parse_seed(nn(params.get("pace_ms")))
        self.pace = PACE_S if pace_ms is None else pace_ms / 1000
        self._proxies = [
            self._listen(document, "click", self.on_click),
            self._listen(document, "keydown", self.on_key),
            self._listen(window, "hashchange", self.on_hash),
            self._listen(el("import-file"), "change", self.on_import),
            self._listen(el("new-form"), "submit", self.on_new_submit),
            self._listen(el("rules-search"), "input", self.on_rules_search),
            self._listen(el("new-scenario"), "change", self.update_new_form),
        ]

    def spawn(self, coro: Any) -> None:
        """Run a coroutine on Pyodide's event loop, keeping a reference until it is done."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    def _listen(target: Any, kind: str, handler: Any) -> Any:
        """addEventListener with a proxy kept alive for the page's life."""
        proxy = create_proxy(handler)
        target.addEventListener(kind, proxy)
        return proxy

    # --- starting, saving, loading --------------------------------------------------------

    def start(self) -> None:
        """Boot: a share link, else ?seed=N, else the autosave, else a new random game."""
        params = js.URLSearchParams.new(js.location.search)
        has_save = self.store.get("save") is not None
        plan = session.boot_plan(nn(params.get("seed")), str(js.location.hash), has_save)
        notes = [plan.warning]
        loaded = True
        if plan.kind == "share" and plan.code is not None:
            loaded, note = self.load_code(plan.code)
            notes.append(note)
            if not loaded:
                plan = session.boot_plan(None, "", has_save)
        if plan.kind == "seed":
            self.set_game(self.ic.new_game(seed=plan.seed))
        elif plan.kind == "resume":
            notes.append(self.resume())
        elif plan.kind == "new":
            self.set_game(self.ic.new_game(seed=random.randint(0, session.MAX_SEED)))
            el("tutorial-offer").hidden = self.embed  # first visit: offer the tutorial (demos)
        self.clean_url()
        problem = not loaded or any(notes[:1]) or any(notes[2:])
        self.alert(" ".join(n for n in notes if n), "error" if problem else "info")

    def resume(self) -> str:
        """Load the autosave; a corrupt one is kept aside (":corrupt") and a new game starts."""
        text = self.store.get("save") or ""
        try:
            game = self.ic.Game.from_json(text)
        except self.ic.CorruptSave as exc:
            self.store.set("corrupt", text)
            self.set_game(self.ic.new_game(seed=random.randint(0, session.MAX_SEED)))
            return f"The saved game could not be resumed ({exc}); it is kept aside and a new " \
                   "game has started."
        self.set_game(game, session.UndoStack.load(self.store.get("undo")),
                      session.load_seats(self.store.get("seats"), self.players(game)))
        return ""

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
        return tuple(getattr(game, "players", None) or ("crew",))

    def set_game(self, game: Any, undo: session.UndoStack | None = None,
                 seats: dict[str, str] | None = None) -> None:
        """Make `game` the current one: save it and redraw everything."""
        self.stop_bots()
        self.game = game
        self.undo = undo or session.UndoStack()
        self.selected = None
        self.seats = seats or session.load_seats(None, self.players(game))
        self.side = session.shown_side(self.seats, None)
        self.pending_side = None
        record = self.record()
        self.stage_rows = panels.stage_rows((record.get("origin") or {}).get("options"))
        self.save()
        self.draw(rebuild_log=True)

    def record(self) -> dict[str, Any]:
        """The game's record (how it began and every action since)."""
        rec = getattr(self.game, "record", None)
        return rec() if callable(rec) else {}

    def seed(self) -> Any:
        """The seed the game was started with."""
        return (self.record().get("origin") or {}).get("seed", getattr(self.game, "seed", "–"))

    def save(self) -> None:
        """Autosave the game and the undo snapshots that fit."""
        error = self.store.set("save", self.game.to_json())
        if error:
            self.alert(f"Autosave failed: {error}. Export the game to keep it.", "error")
        if self.store.set("undo", self.undo.dump()):
            self.store.remove("undo")
        self.store.set("seats", json.dumps(self.seats))

    def load_code(self, code: str) -> tuple[bool, str]:
        """Open a share link's game; a damaged or tampered one is refused and nothing changes.
        Returns (loaded, what to tell the player)."""
        self.clean_url()
        try:
            game = session.game_from_code(code)
        except self.ic.CorruptSave as exc:
            return False, f"The share link was refused: {exc}. Your game is kept."
        self.set_game(game)
        return True, "Loaded the shared game."

    # --- playing -----------------------------------------------------------------------------

    def apply(self, action: dict[str, Any], by: str = "human", note: str = "") -> bool:
        """Apply one action (`by` "human", "autoplay" or "computer"): on IllegalAction show
        the engine's reason and change nothing. Any action cancels a running estimate."""
        before = self.game.to_json()
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
        except Exception as exc:  # an engine bug: show it, keep the page alive
            js.console.warn(traceback.format_exc())
            self.alert(f"Engine error: {type(exc).__name__}: {exc}", "error")
            return False
        dicts = [ev.to_dict() for ev in events or []]
        if by == "computer":  # the computer's moves are not taken back with the player's
            self.undo = session.UndoStack()
        else:
            self.undo.record(before, dicts)
        self.alert(note)
        self.save()
        self.draw(new_events=dicts)
        return True

    def refuse(self, exc: Any) -> None:
        """Show an IllegalAction's reason and rule (with its rule link)."""
        reason = str(getattr(exc, "reason", "") or exc)
        rule = str(getattr(exc, "rule", "") or "")
        text = panels.e(f"Not allowed: {reason}" + (f" ({rule})." if rule else "."))
        self.alert("", "error")
        el("alert").innerHTML = f"{text} {panels.rule_link(rule)}"

    def do_undo(self) -> None:
        """Go back to the state before the last undoable choice."""
        if not self.undo.can_undo:
            self.alert("Nothing to undo: the last die roll or reveal cannot be taken back.")
            return
        game = self.ic.Game.from_json(self.undo.pop())
        self.game = game
        self.alert("")
        self.save()
        self.draw(rebuild_log=True)

    def select(self, crew: str | None) -> None:
        """Select a crewman (again: deselect him) and redraw."""
        self.selected = None if crew == self.selected else crew
        self.draw()

    def on_compartment(self, cid: str) -> None:
        """A click on a compartment: resolve its Interaction, or move the selected crewman."""
        decision = self.view.get("decision") or {}
        step = decision.get("step")
        if step == "choose" and cid in (decision.get("compartments") or []):
            self.apply({"type": "interact", "at": cid})
        elif self.selected:
            self.apply({"type": "move", "crew": self.selected, "to": cid})
        elif step == "move":
            self.alert("Select a crewman first: click his token on the map or his name below.")

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
        if self.selected and (crew.get(self.selected) or {}).get("status") not in (None,
                                                                                  "active"):
            self.selected = None
        step = (self.view.get("decision") or {}).get("step")
        costs = session.reachable([r[1] for r in self.rows], self.selected, self.view)

        el("status").innerHTML = panels.status_html(self.view, self.seed()) + self.seat_html()
        el("prompt").textContent = self.prompt_text(turn)
        el("actions").innerHTML = panels.actions_html(self.view, self.rows, self.selected, costs)
        el("mapsheet").innerHTML = panels.mapsheet_html(self.view, self.stage_rows)
        result = el("result")
        result.innerHTML = panels.result_html(getattr(self.game, "result", None))
        result.hidden = not self.game.is_over
        self.draw_board(costs)
        if rebuild_log:
            log = [ev.to_dict() for ev in getattr(self.game, "log", [])]
            el("log").innerHTML = panels.log_html(log)
        elif new_events:
            el("log").insertAdjacentHTML("afterbegin", panels.log_html(new_events))

        undo = el("undo")
        undo.disabled = not self.undo.can_undo
        undo.title = ("Take back your last choice" if self.undo.can_undo else
                      "Nothing to undo since the last die roll or reveal")
        body = document.body.dataset
        body.stateSha = session.state_digest(self.game.to_json())
        body.step = str(step or "")
        body.selected = self.selected or ""
        body.side = self.side
        body.turn = f"{turn.kind}:{turn.side or ''}"
        self.draw_advisor()
        self.restore_focus(focus)
        if turn.kind == "computer" or self.autoplay:
            self.spawn(self.drive())

    def seat_html(self) -> str:
        """" · You: crew · Intruder: computer" when the game has more than one side."""
        if len(self.seats) < 2:
            return ""
        parts = [f"{panels.e(session.side_name(s).capitalize())}: "
                 f"{'computer' if who == 'computer' else ('you' if s == self.side else 'human')}"
                 for s, who in self.seats.items()]
        return f' <span class="seats">· {" · ".join(parts)}</span>'

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
            text = f"{session.side_name(self.side).capitalize()}: {text}"
        return text

    # --- hot-seat hand-over ------------------------------------------------------------------

    def show_handover(self, side: str) -> None:
        """Hide everything the last side saw, and ask to pass the device to `side`."""
        self.pending_side = side
        self.selected = None
        self.stop_autoplay()
        self.cancel_odds()
        for box in ("board", "actions", "mapsheet", "log", "status", "result", "advice"):
            el(box).innerHTML = ""
        el("prompt").textContent = ""
        self.alert("")  # a refusal or a note may name what the last side saw
        el("share-link").value = ""
        el("odds").hidden = True
        document.body.dataset.suggested = ""
        el("game-view").hidden = True
        el("handover-text").textContent = (
            f"Pass the device to the {session.side_name(side)} player.")
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
        document.body.dataset.handover = ""
        self.draw(rebuild_log=True)

    # --- computer players, the advisor, autoplay and odds ---------------------------------

    def policy(self, side: str, search: bool = False) -> Any:
        """The bot for a side: intruder_ai for the Intruder, else a crew policy."""
        if side == "intruder":
            return self.bots.get("intruder")
        if search and self.bots.get("search") is not None:
            return self.bots["search"](budget_rollouts=ADVISOR_ROLLOUTS,
                                       budget_seconds=ADVISOR_S,
                                       seed=self.rng.randrange(1 << 30))
        return self.bots.get("heuristic")

    def bot_choice(self, side: str, search: bool = False) -> tuple[dict[str, Any], str] | None:
        """The bot's action (as a dict) and its reason for `side`, or None without one."""
        legal = list(self.game.legal_actions(side)) if len(self.players(self.game)) > 1 \
            else list(self.game.legal_actions())
        if not legal:
            return None
        view = self.game.view(side) if len(self.players(self.game)) > 1 \
            else self.game.view("crew")
        bot = self.policy(side, search)
        if bot is None:
            return legal[0].to_dict(), "the first legal action (no bot in this build)"
        try:
            action, reason = bot.choose(view, legal, self.rng)
        except Exception as exc:  # a bot bug must not stop the game
            js.console.warn(traceback.format_exc())
            return legal[0].to_dict(), f"the first legal action (the bot failed: {exc})"
        return action.to_dict(), str(reason)

    async def ask_bot(self, side: str, search: bool = False) -> dict[str, Any] | None:
        """The bot's decision for `side` as {"action", "reason", "candidates", ...}: from the
        bots' worker (the search with the advisor's budget when `search`), else computed here
        with the heuristic; None when `side` has no decision."""
        if self.worker is not None and self.worker.up:
            answer = await self.worker.choose(
                self.game.to_json(), side, "search" if search else "heuristic",
                self.advisor_s, self.rng.randrange(1 << 30))
            if answer is not None and answer.get("none"):
                return None
            if answer is not None and answer.get("action"):
                answer["where"] = "worker"
                return answer
            if answer is not None:
                js.console.warn(f"[intruder] the bots' worker failed: {answer.get('error')}")
        choice = self.bot_choice(side, search and ADVISOR_SEARCH)
        if choice is None:
            return None
        return {"action": choice[0], "reason": choice[1], "candidates": [], "where": "page"}

    def suggest(self) -> None:
        """Ask the advisor for the shown crew side's next action and highlight it."""
        if self.game.is_over or not session.is_crew_side(self.side):
            self.alert("The advisor plays the crew: nothing to suggest now.")
            return
        self.spawn(self.suggest_async())

    async def suggest_async(self) -> None:
        """Suggest, without blocking the page: the answer is shown only if the game has not
        moved on meanwhile (any action also drops it)."""
        self.suggest_run += 1
        run, game = self.suggest_run, self.game
        moves = len(getattr(game, "log", []))
        el("advice").textContent = "Thinking…"
        start = time.perf_counter()
        answer = await self.ask_bot(self.side, search=True)
        ms = (time.perf_counter() - start) * 1000
        if run != self.suggest_run or game is not self.game or \
                moves != len(getattr(game, "log", [])):
            return
        if answer is None:
            el("advice").textContent = ""
            self.alert("Nothing to suggest: the crew has no decision now.")
            return
        action = answer["action"]
        if action.get("type") == "move":
            self.selected = str(action.get("crew"))
        self.suggestion = (action, str(answer.get("reason", "")))
        self.suggestion_candidates = list(answer.get("candidates") or [])
        document.body.dataset.adviceMs = str(round(ms))
        document.body.dataset.adviceWhere = str(answer.get("where", ""))
        document.body.dataset.adviceRollouts = str(answer.get("rollouts", 0))
        self.draw()

    def draw_advisor(self) -> None:
        """The advisor's buttons for the shown side, and the suggestion highlighted."""
        crew_turn = session.is_crew_side(self.side) and not self.game.is_over
        has_bots = self.bots.get("heuristic") is not None
        for name in ("suggest", "autoplay", "odds-start"):
            el(name).disabled = not (crew_turn and has_bots)
        el("autoplay").hidden = self.autoplay
        el("autoplay-stop").hidden = not self.autoplay
        advice = el("advice")
        if self.suggestion is None:
            advice.innerHTML = ""
            document.body.dataset.suggested = ""
            return
        action, reason = self.suggestion
        data = json.dumps(action, sort_keys=True)
        label = next((r[2] for r in self.rows if r[1] == action), data)
        advice.innerHTML = (f'<strong>Suggested:</strong> {panels.e(label)} '
                            f'<span class="reason">— {panels.e(reason)}</span>'
                            + botworker.candidates_html(self.suggestion_candidates,
                                                        self.rows, panels.e))
        document.body.dataset.suggested = data
        for node in document.querySelectorAll("#actions button[data-action]"):
            if json.loads(str(node.dataset.action)) == action:
                node.classList.add("suggested")
        if action.get("type") == "move":
            for node in document.querySelectorAll(
                    f'#board [data-compartment="{action.get("to")}"]'):
                node.classList.add("suggested")

    def toggle_autoplay(self, on: bool) -> None:
        """Start or stop the bot playing the shown crew side."""
        if on and (self.game.is_over or not session.is_crew_side(self.side)
                   or self.bots.get("heuristic") is None):
            return
        self.autoplay = on
        document.body.dataset.autoplay = "1" if on else ""
        self.draw_advisor()
        if on:
            self.alert("Autoplay: the computer plays the crew. Stop (or Esc) takes over.")
            el("autoplay-stop").focus()
            self.spawn(self.drive())
        else:
            self.alert("Autoplay stopped.")
            el("autoplay").focus()

    def stop_autoplay(self) -> None:
        """Stop the autoplay without a message."""
        if self.autoplay:
            self.autoplay = False
            document.body.dataset.autoplay = ""

    def stop_bots(self) -> None:
        """A new game: no autoplay, no estimate, no suggestion."""
        self.stop_autoplay()
        self.cancel_odds()
        self.suggestion = None

    async def drive(self) -> None:
        """Play the computer sides (and the autoplay's crew) one action per PACE_S, until a
        human decides, the autoplay stops or the game ends."""
        if self.driving:
            return
        self.driving = True
        try:
            while not self.game.is_over and self.pending_side is None:
                turn = self.current_turn()
                bot_turn = turn.kind == "computer" or (
                    self.autoplay and turn.kind == "human" and turn.side == self.side)
                if not bot_turn:
                    break
                game = self.game
                await asyncio.sleep(self.pace)
                if game is not self.game or self.current_turn() != turn or (
                        turn.kind == "human" and not self.autoplay):
                    continue
                answer = await self.ask_bot(str(turn.side))
                if game is not self.game or self.current_turn() != turn or (
                        turn.kind == "human" and not self.autoplay):
                    continue  # the game moved on while the bot thought
                if answer is None:
                    break
                action, reason = answer["action"], str(answer.get("reason", ""))
                document.body.dataset.botWhere = str(answer.get("where", ""))
                # The Intruder's reasons name what its counters are: never shown to the crew.
                who = session.side_name(str(turn.side))
                note = "" if turn.side == "intruder" else f"Computer ({who}): {reason}"
                if not self.apply(action, by="computer" if turn.kind == "computer"
                                  else "autoplay", note=note):
                    self.stop_autoplay()
                    break
        finally:
            self.driving = False
            if self.autoplay and (self.game.is_over or self.pending_side is not None
                                  or self.current_turn().side != self.side):
                self.stop_autoplay()
                self.draw_advisor()

    def cancel_odds(self) -> None:
        """Stop a running estimate (its last figures stay, marked as stopped)."""
        if nn(el("odds").getAttribute("data-running")) == "1":
            el("odds").dataset.running = ""
            el("odds-cancel").hidden = True
            el("odds-text").textContent = (str(el("odds-text").textContent)
                                           + " (stopped)")
        self.odds_run += 1

    async def run_odds(self) -> None:
        """Win/draw/loss by Monte Carlo over determinizations, one game per chunk, yielding
        to the browser between chunks; any action or Cancel stops it."""
        win_odds_iter = self.bots.get("odds")
        if win_odds_iter is None or self.game.is_over or not session.is_crew_side(self.side):
            return
        self.cancel_odds()
        run = self.odds_run
        box = el("odds")
        box.hidden = False
        box.dataset.running = "1"
        box.dataset.done = ""
        el("odds-cancel").hidden = False
        bar = el("odds-progress")
        bar.max = self.odds_samples
        bar.value = 0
        el("odds-text").textContent = f"Estimating over {self.odds_samples} games…"
        start = time.perf_counter()
        try:
            chunks = self.odds_chunks(self.odds_samples, self.rng.randrange(1 << 30))
            while True:
                await asyncio.sleep(0)
                if run != self.odds_run:
                    await chunks.aclose()
                    return
                est = await anext(chunks, None)
                if run != self.odds_run:  # cancelled while the worker sampled
                    await chunks.aclose()
                    return
                if est is None:
                    break
                bar.value = est.get("n", 0)
                el("odds-text").textContent = session.odds_text(est)
                for key in ("win", "draw", "loss", "n"):
                    box.setAttribute(f"data-{key}", str(est.get(key, "")))
                if est.get("done"):
                    break
        except Exception as exc:
            js.console.warn(traceback.format_exc())
            el("odds-text").textContent = f"The estimate failed: {type(exc).__name__}: {exc}"
        if run == self.odds_run:
            secs = time.perf_counter() - start
            box.dataset.running = ""
            box.dataset.done = "1"
            box.dataset.rate = f"{float(nn(box.getAttribute('data-n')) or 0) / max(secs, 1e-6):.2f}"
            el("odds-cancel").hidden = True

    async def odds_chunks(self, samples: int, seed: int) -> Any:
        """The running estimates of an Odds run: from the bots' worker (waiting for it to
        start), else computed here one game per chunk (each blocks the page ~0.3 s)."""
        state, side = self.game.to_json(), self.side
        if self.worker is not None:
            if not self.worker.up:
                el("odds-text").textContent = "Starting the bots' worker…"
            if await self.worker.odds_start(state, side, samples, seed):
                el("odds").dataset.where = "worker"
                try:
                    while True:
                        est = await self.worker.odds_next(0.25)
                        yield est
                        if est.get("done"):
                            return
                finally:
                    await self.worker.odds_stop()
        el("odds").dataset.where = "page"
        view = self.game.view(side) if len(self.players(self.game)) > 1 \
            else self.game.view("crew")
        log = [ev.to_dict() for ev in getattr(self.game, "log", [])]
        for est in self.bots["odds"](view, log, samples=samples, seed=seed, chunk=1):
            yield est
            await asyncio.sleep(0)

    def draw_board(self, costs: dict[str, int]) -> None:
        """The station plan, with the selection and the reachable compartments."""
        render_station = getattr(self.render_module, "render_station", None)
        if not callable(render_station):
            return
        focus = (self.view.get("decision") or {}).get("at")
        el("board").innerHTML = render_station(self.view, selected=self.selected,
                                               reachable=costs, focus=focus)

    def focus_key(self) -> tuple[str, str] | None:
        """What has keyboard focus, as (attribute, value), to find it again after a redraw."""
        active = nn(document.activeElement)
        if active is None or active == document.body:
            return None
        for attr in ("data-compartment", "data-crew", "data-select", "data-action"):
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
        el("prompt").focus(js_obj({"preventScroll": True}))

    # --- events ------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        """Every click on the page, delegated by what was clicked."""
        try:
            self.click(event.target, event)
        except Exception as exc:  # never let a handler die silently
            js.console.warn(traceback.format_exc())
            self.alert(f"Page error: {type(exc).__name__}: {exc}", "error")

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
        node = closest(target, "button.act-btn")
        if node is not None:
            if not node.disabled:
                self.apply(json.loads(str(node.dataset.action)))
            return
        node = closest(target, "[data-select]") or closest(target, "#board [data-crew]")
        if node is not None:
            crew = nn(node.getAttribute("data-select")) or nn(node.getAttribute("data-crew"))
            self.select(str(crew))
            return
        node = closest(target, "#board [data-compartment]")
        if node is not None:
            self.on_compartment(str(node.dataset.compartment))

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
        if event.key not in ("Enter", " "):
            return
        if closest(target, "#board [data-crew], #board [data-compartment]") is not None:
            event.preventDefault()
            self.on_click(event)

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
            el("new-seed").value = ""
            self.update_new_form()
            el("new-dialog").showModal()
        elif name == "suggest":
            self.suggest()
        elif name == "autoplay":
            self.toggle_autoplay(True)
        elif name == "autoplay-stop":
            self.toggle_autoplay(False)
        elif name == "odds":
            self.spawn(self.run_odds())
        elif name == "odds-cancel":
            self.cancel_odds()
        elif name == "handover-continue":
            self.end_handover()
        elif name == "scenario-rules":
            scenario = str(el("new-scenario").value)
            self.open_rules(SCENARIO_RULES.get(scenario, "Multi-Player Scenarios"))
            found = [x["id"] for x in rulesref.lookup(
                SCENARIO_RULES.get(scenario, "Multi-Player Scenarios"), self.book, self.numbered)]
            self.show_rules([*found, "R39", "R40", "R41", "R42", "R43"])
        elif name == "undo":
            self.do_undo()
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
        elif name.startswith("close:"):
            el(name.removeprefix("close:")).close()

    def update_new_form(self, _event: Any = None) -> None:
        """The New game dialog shows the options and seatings the chosen scenario allows."""
        scenarios = tuple(getattr(self.ic, "SCENARIOS", ("solitaire",)))
        select = el("new-scenario")
        if int(select.options.length) == 0:
            select.innerHTML = "".join(
                f'<option value="{panels.e(sc)}">'
                f"{panels.e(session.SCENARIO_NAMES.get(sc, sc))}</option>" for sc in scenarios)
            diffs = self.difficulties()
            el("new-difficulty").innerHTML = "".join(
                f'<option value="{panels.e(d)}" title="{panels.e(about)}">'
                f'{panels.e(d.replace("_", " ").capitalize())}'
                f'{"" if d == "standard" else " (variant)"}</option>' for d, about in diffs)
            el("new-difficulty-row").hidden = len(diffs) < 2
        scenario = str(select.value)
        allowed = session.OPTIONS_ALLOWED.get(scenario, ())
        for opt in ("lost_crewmen", "marines"):
            box = el(f"new-{opt.replace('_', '-')}")
            box.disabled = opt not in allowed
            if opt not in allowed:
                box.checked = False
            el(f"new-{opt.replace('_', '-')}-row").hidden = opt not in allowed
        seatings = session.SEATINGS.get(scenario, [])
        el("new-seats").innerHTML = "".join(
            f'<option value="{panels.e(k)}">{panels.e(label)}</option>'
            for k, label, _ in seatings)
        el("new-seats-row").hidden = len(seatings) < 2
        el("scenario-rules").hidden = scenario == "solitaire"

    def difficulties(self) -> list[tuple[str, str]]:
        """The difficulty levels of this engine (standard first), each with its description."""
        try:
            from intruder_core.variants import DIFFICULTIES
        except ImportError:
            return [("standard", "")]
        levels = {"standard": {}, **DIFFICULTIES}
        return [(d, str((levels[d] or {}).get("about", "the rulebook's game")))
                for d in sorted(levels, key=lambda d: (d != "standard", d))]

    def on_new_submit(self, event: Any) -> None:
        """The New game form: scenario, options, difficulty, seats, and the seed typed (or a
        random one)."""
        event.preventDefault()
        try:
            seed = session.parse_seed(str(el("new-seed").value))
        except ValueError as exc:
            el("new-error").textContent = f"Not a seed: {exc}"
            return
        seed = random.randint(0, session.MAX_SEED) if seed is None else seed
        scenario = str(el("new-scenario").value or "solitaire")
        options: dict[str, Any] = {}
        for opt in session.OPTIONS_ALLOWED.get(scenario, ()):
            if el(f"new-{opt.replace('_', '-')}").checked:
                options[opt] = True
        difficulty = str(el("new-difficulty").value or "standard")
        if difficulty != "standard":
            options["difficulty"] = difficulty
        try:
            if scenario == "solitaire" and not options:
                game = self.ic.new_game(seed=seed)
            else:
                game = self.ic.new_game(seed=seed, scenario=scenario, options=options)
        except (ValueError, TypeError) as exc:
            el("new-error").textContent = f"Cannot start this game: {exc}"
            return
        el("new-dialog").close()
        seats = session.seats_for(scenario, str(el("new-seats").value), self.players(game))
        self.set_game(game, seats=seats)
        name = session.SCENARIO_NAMES.get(scenario, scenario).split(" (")[0]
        self.alert(f"New game: {name}, seed {seed}.")

    # --- share, export, import -----------------------------------------------------------

    def share_link(self) -> str:
        """The link that reproduces this game."""
        base = str(js.URL.new("./", js.location.href).href)
        return base + session.share_fragment(self.record())

    def open_share(self) -> None:
        """Show the share dialog with the link selected."""
        el("share-link").value = self.share_link()
        el("share-replay").href = str(js.URL.new("./replay.html", js.location.href).href) + \
            session.share_fragment(self.record())  # the replay viewer (replay.html)
        el("share-status").textContent = ""
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
        """Download the save (game.to_json()) as a .json file."""
        text = self.game.to_json()
        blob = js.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = session.save_filename(self.record(), self.view)
        document.body.append(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)

    def on_import(self, _event: Any) -> None:
        """A file chosen to import."""
        files = nn(el("import-file").files)
        if files is None or files.length == 0:
            return
        self.spawn(self.import_file(files.item(0)))

    async def import_file(self, file: Any) -> None:
        """Load a save file; a corrupt one is refused and the game kept."""
        name = str(file.name)
        try:
            text = str(await file.text())
            try:
                game = self.ic.Game.from_json(text)
            except self.ic.CorruptSave as exc:
                self.alert(f"Could not import {name}: {exc}. Your game is kept.", "error")
                return
            self.set_game(game)
            self.alert(f"Imported {name}.")
        except Exception as exc:
            js.console.warn(traceback.format_exc())
            self.alert(f"Could not import {name}: {type(exc).__name__}: {exc}", "error")
        finally:
            el("import-file").value = ""

    # --- the rules reference ---------------------------------------------------------------

    def load_rules(self) -> list[dict[str, str]]:
        """The rules reference entries, read once from Pyodide's file system."""
        if self.rules is None:
            try:
                texts = []
                for path in RULE_FILES:
                    with open(path, encoding="utf-8") as f:
                        texts.append(f.read())
            except OSError as exc:
                self.alert(f"The rules texts are missing: {exc}", "error")
                return []
            self.book = rulesref.sections(texts[0])
            self.numbered = rulesref.rulings(*texts[1:])
            self.rules = panels.rule_entries(self.book, self.numbered)
        return self.rules

    def open_rules(self, rule: str) -> None:
        """Open the reference at the entries a rule citation points to (or the first one)."""
        entries = self.load_rules()
        if not entries:
            return
        found = [x["id"] for x in rulesref.lookup(rule, self.book, self.numbered)] if rule \
            else []
        el("rules-search").value = ""
        el("rules-cited").textContent = f"Cited: {rule}" if rule else ""
        self.show_rules(found or [entries[0]["id"]])
        dialog = el("rules-dialog")
        if not dialog.open:
            dialog.showModal()
        el("rules-content").focus()

    def show_rules(self, ids: list[str], shown: list[str] | None = None) -> None:
        """Show these entries, the contents listing `shown` ones (all by default)."""
        entries = self.load_rules()
        by_id = {x["id"]: x for x in entries}
        el("rules-nav").innerHTML = panels.rules_nav_html(entries, shown, ids)
        content = el("rules-content")
        content.innerHTML = "".join(panels.rule_entry_html(by_id[i]) for i in ids if i in by_id)
        content.scrollTop = 0

    def on_rules_search(self, _event: Any) -> None:
        """Filter the rules contents as the player types."""
        entries = self.load_rules()
        query = str(el("rules-search").value)
        shown = panels.search_rules(query, entries)
        el("rules-count").textContent = f"{len(shown)} of {len(entries)} entries"
        el("rules-nav").innerHTML = panels.rules_nav_html(entries, shown)
        if shown and query.strip():
            by_id = {x["id"]: x for x in entries}
            el("rules-content").innerHTML = panels.rule_entry_html(by_id[shown[0]])


def install_debug_hook(app: App) -> None:
    """window.intruderDebug for the e2e tests: the exact state, and a determinism probe."""
    hook = js.Object.new()
    hook.state = create_proxy(lambda: app.game.to_json())
    hook.sha = create_proxy(lambda: session.state_digest(app.game.to_json()))
    hook.simulate = create_proxy(lambda seed, n: session.first_policy_digest(int(seed), int(n)))
    window.intruderDebug = hook


def show_engine_missing(ic: Any) -> None:
    """Say that the engine has no game yet (an early engine build)."""
    el("actions").innerHTML = (
        '<p class="none">The rules engine is not built yet: intruder_core '
        f"{panels.e(getattr(ic, '__version__', '?'))} has no new_game().</p>"
    )


async def main() -> None:
    """Boot: load the engine, start the game, tell boot.js it is ready."""
    global panels, session
    try:
        ic = await load_packages()
        import panels
        import session
        BOOT.stage("game", "Setting up the game")
        version = str(getattr(ic, "__version__", "?"))
        el("engine-version").textContent = version
        params = js.URLSearchParams.new(js.location.search)
        embed = bool(document.body.classList.contains("embed")) or params.get("embed") == "1"
        if embed:
            document.body.classList.add("embed")
        if not hasattr(ic, "new_game"):
            show_engine_missing(ic)
            BOOT.ready(js_obj({"engine": version, "api": "none"}))
            return
        app = App(ic, load_render_module(), embed)
        app.start()
        install_debug_hook(app)
        window.intruderApp = create_proxy(app)  # for debugging from the console
        BOOT.ready(js_obj({"engine": version, "api": "game"}))
        if app.bots.get("heuristic") is not None and params.get("worker") != "0":
            app.worker = botworker.BotWorker()  # after ready: it must not slow the boot
            app.spawn(app.worker.start())
    except Exception as exc:
        traceback.print_exc()
        BOOT.fail(f"{type(exc).__name__}: {exc}")


await main()  # noqa: F704  (PyScript runs this file as async top-level code)
