"""The advisor (Suggest), the autoplay, the computer players and the Odds estimate.

`load_bots` and `bot_choice` are pure (tested on CPython in tests/test_web_advisor.py); the
`AdvisorMixin` methods are the page glue that App (main.py) mixes in. Every bot sees only
`game.view(side)` and `game.legal_actions(side)`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import traceback
from typing import Any

import panels
import session

PACE_S = 0.6          # a computer side or the autoplay: one action per 600 ms
# The Suggest button asks the heuristic (1-5 ms in Pyodide): the search (SearchPolicy, 1 s
# budget) took 1.1-1.3 s there for 2-4 rollouts per candidate, too few to beat the heuristic
# it starts from; ADVISOR_SEARCH = True brings it back with this budget.
ADVISOR_SEARCH = False
ADVISOR_ROLLOUTS = 16
ADVISOR_S = 1.0
ODDS_SAMPLES = 60     # Monte Carlo games per Odds estimate (?odds_samples=N changes it)


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


def players(game: Any) -> tuple[str, ...]:
    """The game's sides (("crew",) for an engine without scenarios)."""
    return tuple(getattr(game, "players", None) or ("crew",))


def side_view_and_legal(game: Any, side: str) -> tuple[Any, list[Any]]:
    """What a bot (or the page) playing `side` may see: its view and its legal actions."""
    if len(players(game)) > 1:
        return game.view(side), list(game.legal_actions(side))
    return game.view("crew"), list(game.legal_actions())


def bot_choice(game: Any, side: str, bot: Any, rng: Any,
               warn: Any = None) -> tuple[dict[str, Any], str] | None:
    """The bot's action (as a dict) and its reason for `side`, or None without a decision.
    No bot: the first legal action; a bot that fails: the same, saying so (`warn` gets the
    traceback)."""
    view, legal = side_view_and_legal(game, side)
    if not legal:
        return None
    if bot is None:
        return legal[0].to_dict(), "the first legal action (no bot in this build)"
    try:
        action, reason = bot.choose(view, legal, rng)
    except Exception as exc:  # a bot bug must not stop the game
        if warn is not None:
            warn(traceback.format_exc())
        return legal[0].to_dict(), f"the first legal action (the bot failed: {exc})"
    return action.to_dict(), str(reason)


with contextlib.suppress(ImportError):  # the page (Pyodide); CPython tests use the pure part
    from dom import closest, document, el, js, js_obj, nn, window  # noqa: F401


class AdvisorMixin:
    """App's advisor, autoplay, computer sides and odds (page glue)."""

    game: Any
    side: str
    bots: dict[str, Any]
    rng: Any
    rows: list[Any]
    suggestion: tuple[dict[str, Any], str] | None
    autoplay: bool
    driving: bool
    odds_run: int
    odds_samples: int
    pace: float
    pending_side: str | None
    selected: str | None

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
        return bot_choice(self.game, side, self.policy(side, search), self.rng, js.console.warn)

    def suggest(self) -> None:
        """Ask the advisor for the shown crew side's next action and highlight it."""
        if self.game.is_over or not session.is_crew_side(self.side):
            self.alert("The advisor plays the crew: nothing to suggest now.")
            return
        start = time.perf_counter()
        choice = self.bot_choice(self.side, search=ADVISOR_SEARCH)
        ms = (time.perf_counter() - start) * 1000
        if choice is None:
            self.alert("Nothing to suggest: the crew has no decision now.")
            return
        action, _ = choice
        if isinstance(action.get("crew"), str):  # his actions show, the suggested one lit
            self.selected = str(action.get("crew"))
        self.suggestion = choice
        document.body.dataset.adviceMs = str(round(ms))
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
                            f'<span class="reason">— {panels.e(reason)}</span>')
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
                choice = self.bot_choice(str(turn.side))
                if choice is None:
                    break
                action, reason = choice
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
        view = self.game.view(self.side) if len(self.players(self.game)) > 1 \
            else self.game.view("crew")
        log = [ev.to_dict() for ev in getattr(self.game, "log", [])]
        start = time.perf_counter()
        try:
            chunks = win_odds_iter(view, log, samples=self.odds_samples,
                                   seed=self.rng.randrange(1 << 30), chunk=1)
            while True:
                await asyncio.sleep(0)
                if run != self.odds_run:
                    return
                est = next(chunks, None)
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
