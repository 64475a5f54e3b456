"""The page's side of the bots' worker (worker.py): start it once the page is interactive,
then ask it for decisions and odds with plain data, so the bots never block the page.

Every call returns None when the worker is not there (still starting, failed to start, or a
browser without workers): the caller then does the work itself, as before the worker.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import js  # type: ignore[import-not-found]

NAME = "intruder-bots"
START_TIMEOUT_S = 120.0  # a worker that is not up by then is given up on


def worker_config() -> dict[str, Any]:
    """The worker's PyScript config: the page's own Pyodide loader (the snapshot, the wheels
    and the glue archive with botwork.py), no plugins, and only main-to-worker calls
    (sync_main_only), so no SharedArrayBuffer is needed."""
    base = str(js.URL.new("./", js.location.href).href)
    return {
        "interpreter": base + "pyodide/loader.mjs",  # from the snapshot, when one is stored
        "sync_main_only": True,
        "plugins": ["!py-editor", "!py-game", "!py-terminal", "!donkey",
                    "!deprecations-manager", "!error"],
    }


class BotWorker:
    """The bots' worker as the page sees it."""

    def __init__(self) -> None:
        self.proxy: Any = None
        self.error = ""
        self.info: dict[str, Any] = {}
        self.started_ms = 0.0
        self.ready_ms = 0.0
        self._task: Any = None

    async def start(self) -> None:
        """Create the worker and wait until its functions are exported."""
        if self._task is not None:
            return
        self._task = asyncio.ensure_future(self._start())
        await self._task

    async def _start(self) -> None:
        self.started_ms = float(js.performance.now())
        js.document.body.dataset.botWorker = "starting"
        try:
            from pyscript import create_named_worker  # type: ignore[import-not-found]
            proxy = await asyncio.wait_for(
                create_named_worker(src="./py/worker.py", name=NAME, config=worker_config(),
                                    type="py"), START_TIMEOUT_S)
            self.info = json.loads(str(await proxy.hello()))
            self.proxy = proxy
            self.ready_ms = float(js.performance.now())
            js.document.body.dataset.botWorker = "ready"
            js.document.body.dataset.botWorkerMs = str(round(self.ready_ms - self.started_ms))
        except Exception as exc:  # the page keeps working: the bots run on the main thread
            self.error = f"{type(exc).__name__}: {exc}"
            js.console.warn(f"[intruder] the bots' worker did not start: {self.error}")
            js.document.body.dataset.botWorker = "failed"
        js.window.dispatchEvent(js.Event.new("intruder:worker"))  # boot.js: snapshot time

    @property
    def up(self) -> bool:
        """Whether the worker has started and answers."""
        return self.proxy is not None

    async def ready(self) -> bool:
        """Whether the worker is up (waits while it is starting)."""
        if self._task is None:
            return False
        if not self._task.done():
            await asyncio.shield(self._task)
        return self.proxy is not None

    async def choose(self, state: str, side: str, policy: str = "heuristic",
                     budget_s: float = 1.0, seed: int = 0) -> dict[str, Any] | None:
        """The bot's decision (see botwork.choose), or None while there is no worker (it is not
        waited for: the caller decides on the main thread meanwhile). A bot error comes back as
        {"error": message}, no decision as {"none": True}."""
        if not self.up:
            return None
        start = time.perf_counter()
        answer = json.loads(str(await self.proxy.choose(json.dumps(
            {"state": state, "side": side, "policy": policy, "budget_s": budget_s,
             "seed": seed}))))
        if isinstance(answer, dict):
            answer["round_trip_ms"] = round((time.perf_counter() - start) * 1000, 1)
        return answer if isinstance(answer, dict) else {"none": True}

    async def odds_start(self, state: str, side: str, samples: int, seed: int) -> bool:
        """Start an estimate in the worker (waiting for it to start); False without one."""
        if not await self.ready():
            return False
        answer = json.loads(str(await self.proxy.odds_start(json.dumps(
            {"state": state, "side": side, "samples": samples, "seed": seed}))))
        if answer.get("error"):
            raise RuntimeError(answer["error"])
        return True

    async def odds_next(self, budget_s: float = 0.25) -> dict[str, Any]:
        """The running estimate after about budget_s more seconds of sampled games."""
        answer: dict[str, Any] = json.loads(str(await self.proxy.odds_next(budget_s)))
        if answer.get("error"):
            raise RuntimeError(answer["error"])
        return answer

    async def odds_stop(self) -> None:
        """Drop the worker's estimate (the page stopped asking)."""
        if self.proxy is not None:
            await self.proxy.odds_stop()


def candidates_html(candidates: list[dict[str, Any]], rows: list[Any], esc: Any) -> str:
    """The search's estimate per candidate it weighed, best first ("" without a search):
    the mean value of its rollouts (the fitted chance of a crew win) and the sample count."""
    shown = [c for c in candidates if int(c.get("n", 0)) > 0]
    if not shown:
        return ""
    labels = {json.dumps(r[1], sort_keys=True): str(r[2]) for r in rows}
    items = []
    for c in sorted(shown, key=lambda c: -float(c.get("value", 0))):
        label = labels.get(json.dumps(c.get("action"), sort_keys=True), str(c.get("label", "")))
        n = int(c.get("n", 0))
        items.append(f'<li data-action="{esc(json.dumps(c.get("action"), sort_keys=True))}">'
                     f"{esc(label)}: win about {float(c.get('value', 0)):.0%} "
                     f'<span class="muted">({n} sample{"" if n == 1 else "s"})</span></li>')
    return ('<ul class="candidates" aria-label="Estimated win chance per option">'
            + "".join(items) + "</ul>")
