"""The advisor (Suggest), the autoplay and the computer players (the Odds estimate: odds.py):
the page glue. The settings and the pure part (`load_bots`, `bot_choice`) are core/advice.py.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core import panels, session, storage
from core.advice import ADVISOR_ROLLOUTS, ADVISOR_S, ADVISOR_SEARCH, Bots, bot_choice
from dom.elements import document, el, js, nn
from dom.standalone import next_task
from pages.game.odds import Odds

PACE_S = 0.6          # a computer side or the autoplay: one action per 600 ms
# Suggest asks SearchPolicy in the bots' worker (bot_client.py) with this time budget
# (?advisor_ms=N changes it); before the worker is up, and in the main-thread fallback, the
# heuristic (1-5 ms) answers, since the search would block the page for the whole budget.

if TYPE_CHECKING:
    from core.shown import Shown
    from dom import bot_client
    from pages.game.events import Bus, Redraw, Tasks
    from pages.game.game_session import GameSession
    from pages.game.messages import Messages


class Advisor:
    """Suggest, the autoplay, the computer sides and Odds: the page's bots, each asked in the
    bots' worker once it is up (bot_client.py), else on the page."""

    def __init__(self, shown: Shown, game_session: GameSession, messages: Messages, bus: Bus,
                 tasks: Tasks, settings: dict[str, Any], store: storage.Store) -> None:
        self.shown = shown
        self.session = game_session
        self.messages = messages
        self.tasks = tasks
        self.settings = settings
        self.store = store
        self.redraw: Redraw = lambda new_events=None, rebuild_log=False: None  # App wires it
        self.bots = Bots()  # imported on first use, not at boot
        self.rng = random.Random()
        self.worker: bot_client.BotWorker | None = None  # started by boot.run once ready
        self.suggestion: tuple[dict[str, Any], str] | None = None
        self.suggestion_candidates: list[dict[str, Any]] = []
        self.suggest_run = 0
        self.autoplay = False
        self.driving = False
        self.skipping = False             # Skip: the computer plays on without pauses
        self.hold: Callable[[], float] = lambda: 0.0  # s the human's moments still play
        params = js.URLSearchParams.new(js.location.search)
        advisor_ms = session.parse_seed(nn(params.get("advisor_ms")))
        self.advisor_s = ADVISOR_S if advisor_ms is None else advisor_ms / 1000
        pace_ms = session.parse_seed(nn(params.get("pace_ms")))  # the URL, else the setting
        self.pace = int(settings.get("pace_ms", 600)) / 1000 if pace_ms is None \
            else pace_ms / 1000
        self.odds = Odds(game_session, bus, self.bots, self.rng, lambda: self.worker)
        bus.on("acting", self.drop_advice)
        bus.on("game-set", self.stop_bots)
        bus.on("read-only", self.stop_bots)
        bus.on("handover", self.pause)
        bus.on("drawn", self.on_drawn)

    def drop_advice(self) -> None:
        """An action is being applied: the suggestion no longer holds."""
        self.suggestion = None

    def pause(self) -> None:
        """A hand-over: no autoplay (the next side starts afresh)."""
        self.stop_autoplay()

    def on_drawn(self) -> None:
        """The position is drawn: the advisor's part too, and the computer plays on when it
        is its turn (or the autoplay's)."""
        self.draw_advisor()
        if self.session.current_turn().kind == "computer" or self.autoplay:
            self.tasks.spawn(self.drive())

    def on_pace(self, value: str) -> None:
        """The computer's pace chosen on the page: used at once and stored in the settings."""
        try:
            ms = int(value)
        except ValueError:
            return
        self.pace = ms / 1000
        self.settings["pace_ms"] = ms
        storage.save_settings(self.store, self.settings)

    def policy(self, side: str, search: bool = False) -> Any:
        """The bot for a side: intruder_ai for the Intruder, else a crew policy."""
        if side == "intruder":
            return self.bots.get("intruder")
        searcher = self.bots.get("search") if search else None
        if searcher is not None:
            return searcher(budget_rollouts=ADVISOR_ROLLOUTS, budget_seconds=ADVISOR_S,
                            seed=self.rng.randrange(1 << 30))
        return self.bots.get("heuristic")

    def bot_choice(self, side: str, search: bool = False) -> tuple[dict[str, Any], str] | None:
        """The bot's action (as a dict) and its reason for `side`, or None without one."""
        return bot_choice(self.session.current, side, self.policy(side, search), self.rng,
                          js.console.warn)

    async def ask_bot(self, side: str, search: bool = False) -> dict[str, Any] | None:
        """The bot's decision for `side` as {"action", "reason", "candidates", ...}: from the
        bots' worker (the search with the advisor's budget when `search`), else computed here
        with the heuristic; None when `side` has no decision."""
        if self.worker is not None:
            if search:  # Suggest searches in the worker: it waits for its start, once
                await self.worker.ready(start=True)
            else:  # a computer decision: the heuristic decides here while it starts
                self.worker.wake()
        if self.worker is not None and self.worker.up:
            answer = await self.worker.choose(
                self.session.state_json(), side, "search" if search else "heuristic",
                self.advisor_s, self.rng.randrange(1 << 30))
            if answer is not None and answer.get("none"):
                return None
            if answer is not None and answer.get("action"):
                answer["where"] = "worker"
                return dict(answer)
            if answer is not None:
                js.console.warn(f"[intruder] the bots' worker failed: {answer.get('error')}")
        choice = self.bot_choice(side, search and ADVISOR_SEARCH)
        if choice is None:
            return None
        return {"action": choice[0], "reason": choice[1], "candidates": [], "where": "page"}

    def suggest(self) -> None:
        """Ask the advisor for the shown crew side's next action and highlight it."""
        if self.session.current.is_over or not session.is_crew_side(self.session.side):
            self.messages.alert("The advisor plays the crew: nothing to suggest now.")
            return
        self.session.games.count("suggest")
        self.tasks.spawn(self.suggest_async())

    async def suggest_async(self) -> None:
        """Suggest, without blocking the page: the answer is shown only if the game has not
        moved on meanwhile (any action also drops it)."""
        self.suggest_run += 1
        run, game = self.suggest_run, self.session.current
        moves = len(game.log)
        el("advice").textContent = "Thinking…"
        start = time.perf_counter()
        answer = await self.ask_bot(self.session.side, search=True)
        ms = (time.perf_counter() - start) * 1000
        if run != self.suggest_run or game is not self.session.game or \
                moves != len(game.log):
            return
        if answer is None:
            el("advice").textContent = ""
            self.messages.alert("Nothing to suggest: the crew has no decision now.")
            return
        action = answer["action"]
        if isinstance(action.get("crew"), str):  # his actions show, the suggested one lit
            self.shown.selected = str(action.get("crew"))
        self.suggestion = (action, str(answer.get("reason", "")))
        self.suggestion_candidates = list(answer.get("candidates") or [])
        document.body.dataset.adviceMs = str(round(ms))
        document.body.dataset.adviceWhere = str(answer.get("where", ""))
        document.body.dataset.adviceRollouts = str(answer.get("rollouts", 0))
        self.redraw()

    def draw_advisor(self) -> None:
        """The advisor's buttons for the shown side, and the suggestion highlighted."""
        crew_turn = session.is_crew_side(self.session.side) and not self.session.current.is_over
        has_bots = self.bots.available
        for name in ("suggest", "autoplay", "odds-start"):
            el(name).disabled = not (crew_turn and has_bots)
        el("autoplay").hidden = self.autoplay
        el("autoplay-stop").hidden = not self.autoplay
        for node in document.querySelectorAll("#actions .suggested, #board .suggested"):
            node.classList.remove("suggested")  # a redraw keeps what did not change
        advice = el("advice")
        if self.suggestion is None:
            advice.innerHTML = ""
            document.body.dataset.suggested = ""
            return
        from dom import bot_client  # once there is a suggestion: not at boot

        action, reason = self.suggestion
        data = json.dumps(action, sort_keys=True)
        label = next((r[2] for r in self.shown.rows if r[1] == action), data)
        advice.innerHTML = panels.advice_html(
            label, reason, panels.made_for(self.shown.view),
            bot_client.candidates_html(self.suggestion_candidates, self.shown.rows, panels.e))
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
        if on and (self.session.current.is_over or not session.is_crew_side(self.session.side)
                   or not self.bots.available):
            return
        self.autoplay = on
        document.body.dataset.autoplay = "1" if on else ""
        self.draw_advisor()
        if on:
            self.messages.alert("Autoplay: the computer plays the crew. Stop (or Esc) takes over.")
            el("autoplay-stop").focus()
            self.tasks.spawn(self.drive())
        else:
            self.messages.alert("Autoplay stopped.")
            el("autoplay").focus()

    def skip(self) -> None:
        """Skip: the computer plays on without pauses until a human decides."""
        self.skipping = True

    def stop_autoplay(self) -> None:
        """Stop the autoplay without a message."""
        if self.autoplay:
            self.autoplay = False
            document.body.dataset.autoplay = ""

    def stop_bots(self) -> None:
        """A new game: no autoplay, no estimate, no suggestion."""
        self.stop_autoplay()
        self.suggestion = None

    async def drive(self) -> None:
        """Play the computer sides (and the autoplay's crew) one action per PACE_S, until a
        human decides, the autoplay stops or the game ends."""
        if self.driving:
            return
        self.driving = True
        fresh = True  # the first computer action of this run: the toast starts afresh
        try:
            while not self.session.current.is_over and self.session.pending_side is None:
                turn = self.session.current_turn()
                bot_turn = turn.kind == "computer" or (
                    self.autoplay and turn.kind == "human" and turn.side == self.session.side)
                if not bot_turn:
                    break
                game = self.session.game
                await asyncio.sleep(0 if self.skipping else self.pace)
                while self.hold() > 0 and not self.skipping:  # moments he must see play
                    await asyncio.sleep(min(self.hold(), 0.25))
                if game is not self.session.game or self.session.current_turn() != turn or (
                        turn.kind == "human" and not self.autoplay):
                    continue
                answer = await self.ask_bot(str(turn.side))
                await next_task()  # the answer's arrival (the worker's message) apart
                if game is not self.session.game or self.session.current_turn() != turn or (
                        turn.kind == "human" and not self.autoplay):
                    continue  # the game moved on while the bot thought
                if answer is None:
                    break
                action, reason = answer["action"], str(answer.get("reason", ""))
                document.body.dataset.botWhere = str(answer.get("where", ""))
                # The Intruder's reasons name what its counters are: never shown to the crew.
                who = session.side_name(str(turn.side))
                label = next((row[2] for row in self.shown.rows if row[1] == action), "")
                # (the note says which action it is about: it stays under the next prompt)
                note = "" if turn.side == "intruder" else \
                    f"Computer ({who}), {label}: {reason}" if label else \
                    f"Computer ({who}): {reason}"
                if fresh and turn.kind == "computer":
                    # the human's last toast goes as the computer's turn begins: left up, it
                    # stood through the whole turn as if its own actions had done nothing
                    # (session.apply shows a computer action's toast only when it has one)
                    self.shown.forget_headline()
                    fresh = False
                # the move, then its drawing in a task of its own: together they came to
                # 40-60 ms of the main thread on a slow machine (e2e/test_worker.py)
                if not self.session.apply(action, by="computer" if turn.kind == "computer"
                                          else "autoplay", note=note, draw=False):
                    self.stop_autoplay()
                    break
                await next_task()
                self.session.draw_played()
        finally:
            self.driving = False
            self.skipping = False
            play = self.session
            if self.autoplay and (play.current.is_over or play.pending_side is not None
                                  or play.current_turn().side != play.side):
                self.stop_autoplay()
                self.draw_advisor()
