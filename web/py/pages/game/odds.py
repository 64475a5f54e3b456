"""The Odds estimate: the shown crew side's chances of a win, a draw or a loss, by Monte Carlo
over the games the crew's knowledge allows, in the bots' workers once they are up
(bot_client.OddsPool), else on the page one game per chunk; any action or Cancel stops it."""

from __future__ import annotations

import asyncio
import random
import time
import traceback
from collections.abc import AsyncGenerator, Callable
from typing import TYPE_CHECKING, Any

from core import panels, session
from core.advice import Bots
from dom.elements import el, js, nn
from pages.game.events import Bus
from pages.game.game_session import GameSession

if TYPE_CHECKING:
    from dom.bot_client import BotWorker

ODDS_SAMPLES = 200    # Monte Carlo games per Odds estimate (?odds_samples=N changes it)


class Odds:
    """#odds: one estimate at a time (a new one, an action, another game or a hand-over
    cancels the running one)."""

    def __init__(self, game: GameSession, bus: Bus, bots: Bots, rng: random.Random,
                 worker: Callable[[], BotWorker | None]) -> None:
        self.session = game
        self.bots = bots
        self.rng = rng
        self.worker = worker  # the bots' worker, once boot.run has started it
        self.run_id = 0       # bumped to cancel a running estimate
        # The position the estimate shown was made for (its state digest and in words) and
        # its last words: marked old once the position changes, gone once the game is over.
        self.made: tuple[str, str] | None = None
        self.words = ""
        params = js.URLSearchParams.new(js.location.search)
        self.samples = session.parse_seed(nn(params.get("odds_samples"))) or ODDS_SAMPLES
        for event in ("acting", "game-set", "read-only", "handover"):
            bus.on(event, self.cancel)
        bus.on("drawn", self.on_drawn)

    def on_drawn(self) -> None:
        """The position is drawn: an estimate made for another one is marked old (greyed,
        saying which position it was for), and none is shown once the game is over."""
        box = nn(el("odds"))
        if self.made is None or box is None:
            return
        sha, made = self.made
        state = panels.freshness(sha, self.session.state_sha(), self.session.current.is_over)
        if state == "current":
            return
        self.cancel()
        if state == "gone":
            self.made, self.words = None, ""
            box.hidden = True
            el("odds-text").textContent = ""
            box.dataset.old = ""
            return
        box.dataset.old = "1"
        el("odds-text").textContent = panels.dated(self.words + " (stopped)", made, old=True)

    def cancel(self) -> None:
        """Stop a running estimate (its last figures stay, marked as stopped)."""
        box = nn(el("odds"))
        if box is not None and nn(box.getAttribute("data-running")) == "1":
            el("odds").dataset.running = ""
            el("odds-cancel").hidden = True
            el("odds-text").textContent = panels.dated(self.words + " (stopped)",
                                                       self.made[1] if self.made else "")
        self.run_id += 1

    async def run(self) -> None:
        """Win/draw/loss by Monte Carlo over determinizations, one game per chunk, yielding
        to the browser between chunks; any action or Cancel stops it."""
        if not self.bots.available or self.session.current.is_over or \
                not session.is_crew_side(self.session.side):
            return
        self.session.games.count("odds")
        self.cancel()
        run = self.run_id
        box = el("odds")
        box.hidden = False
        box.dataset.running = "1"
        box.dataset.done = ""
        box.dataset.old = ""
        view = self.session.current.view(self.session.side) \
            if len(self.session.current.players) > 1 else self.session.current.view("crew")
        self.made = (self.session.state_sha(), panels.made_for(view))
        self.words = ""
        el("odds-cancel").hidden = False
        bar = el("odds-progress")
        bar.max = self.samples
        bar.value = 0
        el("odds-text").textContent = f"Estimating over {self.samples} games…"
        start = time.perf_counter()
        try:
            fixed = session.parse_seed(nn(js.URLSearchParams.new(js.location.search)
                                          .get("odds_seed")))  # tests and benchmarks
            seed = self.rng.randrange(1 << 30) if fixed is None else fixed
            box.dataset.seed = str(seed)
            chunks = self.chunks(self.samples, seed)
            while True:
                await asyncio.sleep(0)
                if run != self.run_id:
                    await chunks.aclose()
                    return
                est = await anext(chunks, None)
                if run != self.run_id:  # cancelled while the worker sampled
                    await chunks.aclose()
                    return
                if est is None:
                    break
                bar.value = est.get("n", 0)
                self.words = session.odds_text(est)
                el("odds-text").textContent = panels.dated(self.words, self.made[1])
                for key in ("win", "draw", "loss", "n"):
                    box.setAttribute(f"data-{key}", str(est.get(key, "")))
                if est.get("done"):
                    break
        except Exception as exc:
            js.console.warn(traceback.format_exc())
            el("odds-text").textContent = f"The estimate failed: {type(exc).__name__}: {exc}"
        if run == self.run_id:
            secs = time.perf_counter() - start
            box.dataset.running = ""
            box.dataset.done = "1"
            box.dataset.rate = f"{float(nn(box.getAttribute('data-n')) or 0) / max(secs, 1e-6):.2f}"
            el("odds-cancel").hidden = True

    async def chunks(self, samples: int, seed: int) -> AsyncGenerator[dict[str, Any]]:
        """The running estimates of an Odds run: from the bots' workers (waiting for the
        first to start; bot_client.OddsPool shares the games among them), else computed here
        one game per chunk (each blocks the page ~0.3 s)."""
        state, side = self.session.state_json(), self.session.side
        worker = self.worker()
        if worker is not None:
            if not worker.up:
                el("odds-text").textContent = "Starting the bots' worker…"
            if await worker.ready(start=True):
                el("odds").dataset.where = "worker"
                runs = worker.odds_pool().run(state, side, samples, seed)
                try:
                    async for est in runs:
                        el("odds").dataset.workers = str(est.get("workers", 1))
                        yield est
                        if est.get("done"):
                            return
                finally:
                    await runs.aclose()
        el("odds").dataset.where = "page"
        view = self.session.current.view(side) if len(self.session.current.players) > 1 \
            else self.session.current.view("crew")
        log = [ev.to_dict() for ev in self.session.current.log]
        for est in self.bots.get("odds")(view, log, samples=samples, seed=seed, chunk=1):
            yield est
            await asyncio.sleep(0)
