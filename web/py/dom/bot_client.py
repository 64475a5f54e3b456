"""The page's side of the bots' worker (workers/bot_worker.py): started when a decision first
needs it or once the player pauses (never for the first decision: issue 31), then asked for
decisions and odds with plain data, so the bots never block the page.

Every call returns None when the worker is not there (still starting, failed to start, or a
browser without workers): the caller then does the work itself, as before the worker.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import js

from dom.jsvalue import js_obj, nn
from dom.standalone import next_task

NAME = "intruder-bots"
START_TIMEOUT_S = 120.0  # a worker that is not up by then is given up on
# The player has made no input this long (he reads the board): the worker starts then, its
# Pyodide's 1-2 CPU-s unnoticed. A decision that needs it first starts it at once.
QUIET_MS = 3000


def worker_config() -> dict[str, Any]:
    """The worker's PyScript config: the page's own Pyodide loader (the snapshot, the wheels
    and the glue archive with bot_tasks.py), no plugins, and only main-to-worker calls
    (sync_main_only), so no SharedArrayBuffer is needed."""
    base = str(js.URL.new("./", js.location.href).href)
    return {
        "interpreter": base + "pyodide/loader.mjs",  # from the snapshot, when one is stored
        "sync_main_only": True,
        "plugins": ["!py-editor", "!py-game", "!py-terminal", "!donkey",
                    "!deprecations-manager", "!error"],
    }


class BotWorker:
    """The bots' worker as the page sees it (`main`: the one that also answers Suggest and
    the computer's decisions, and whose state the page shows in body[data-bot-worker]; the
    others only help with Odds, see OddsPool)."""

    def __init__(self, name: str = NAME, main: bool = True) -> None:
        self.name = name
        self.main = main
        self.pool: OddsPool | None = None  # the main worker's Odds helpers, made on first use
        self.proxy: Any = None
        self.error = ""
        self.info: dict[str, Any] = {}
        self.started_ms = 0.0
        self.ready_ms = 0.0
        self._task: Any = None
        self._woken: asyncio.Event | None = None  # set once it starts (warm_pool waits on it)

    def wake(self) -> None:
        """Start the worker in the background, once: a decision needs it, or the player has
        paused (start_when_quiet)."""
        if self._task is None:
            self._task = asyncio.ensure_future(self._start())
            self.woken.set()

    @property
    def woken(self) -> asyncio.Event:
        if self._woken is None:  # made on first use: asyncio's loop is Pyodide's by then
            self._woken = asyncio.Event()
        return self._woken

    async def start(self) -> None:
        """Create the worker and wait until its functions are exported."""
        self.wake()
        await asyncio.shield(self._task)

    async def _start(self) -> None:
        # in a task of its own: creating a PyScript worker (its script element, Blob and
        # Worker) holds the main thread a while, not to be added to the click's (an Odds
        # helper starts on the first Odds where the device's memory is not known)
        await next_task()
        self.started_ms = float(js.performance.now())
        if self.main:
            js.document.body.dataset.botWorker = "starting"
        try:
            from pyscript import create_named_worker
            proxy = await asyncio.wait_for(
                create_named_worker(src="./py/workers/bot_worker.py", name=self.name,
                                    config=worker_config(), type="py"), START_TIMEOUT_S)
            self.info = json.loads(str(await proxy.hello()))
            self.proxy = proxy
            self.ready_ms = float(js.performance.now())
            if not self.main:  # an Odds helper: how many are up, for tests and benchmarks
                up = str(js.document.body.getAttribute("data-odds-helpers") or "0")
                js.document.body.dataset.oddsHelpers = str(int(up) + 1 if up.isdigit() else 1)
            if self.main:
                js.document.body.dataset.botWorker = "ready"
                js.document.body.dataset.botWorkerMs = str(round(self.ready_ms
                                                                 - self.started_ms))
        except Exception as exc:  # the page keeps working: the bots run on the main thread
            self.error = f"{type(exc).__name__}: {exc}"
            js.console.warn(f"[intruder] the bots' worker {self.name} did not start: "
                            f"{self.error}")
            if self.main:
                js.document.body.dataset.botWorker = "failed"
        if self.main:
            js.window.dispatchEvent(js.Event.new("intruder:worker"))  # boot.js: snapshot time

    @property
    def started(self) -> bool:
        """Whether the worker has been started (it may still be starting)."""
        return self._task is not None

    @property
    def up(self) -> bool:
        """Whether the worker has started and answers."""
        return self.proxy is not None

    async def ready(self, start: bool = False) -> bool:
        """Whether the worker is up (waits while it is starting; starts it first if `start`)."""
        if self._task is None and start:
            self.wake()
        if self._task is None:
            return False
        if not self._task.done():
            await asyncio.shield(self._task)
        return self.proxy is not None

    async def choose(self, state: str, side: str, policy: str = "heuristic",
                     budget_s: float = 1.0, seed: int = 0) -> dict[str, Any] | None:
        """The bot's decision (see bot_tasks.choose), or None while there is no worker (it is not
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

    async def odds_start(self, state: str, side: str, samples: int, seed: int,
                         run: int = 0) -> bool:
        """Start an estimate in the worker (waiting for it to start); False without one."""
        if not await self.ready():
            return False
        answer = json.loads(str(await self.proxy.odds_start(json.dumps(
            {"state": state, "side": side, "samples": samples, "seed": seed, "run": run}))))
        if answer.get("error"):
            raise RuntimeError(answer["error"])
        return True

    async def odds_play(self, indices: list[int], run: int = 0) -> dict[str, Any]:
        """The outcome counts of these samples of estimate `run` ({"counts", "ms"}, or
        {"stale": True} once the worker has dropped that run)."""
        answer: dict[str, Any] = json.loads(str(await self.proxy.odds_play(json.dumps(
            {"indices": indices, "run": run}))))
        if answer.get("error"):
            raise RuntimeError(answer["error"])
        return answer

    async def odds_stop(self, run: int = -1) -> None:
        """Drop the worker's estimate (the page stopped asking); only run `run` if given, so
        a stopped run never drops the one that replaced it."""
        if self.proxy is not None:
            await self.proxy.odds_stop(run)

    async def warm_pool(self) -> None:
        """Start the Odds helpers ahead of the first Odds, so that it runs at full speed: once
        the page has settled after its boot (boot.js's "intruder:settled", after the memory
        snapshot is made, which the helpers then boot from) and this worker has started, if
        the device has memory to spare for them (spare_memory)."""
        if not self.main or not (pool_size() > 1 and spare_memory()):
            return
        await self.woken.wait()  # the helpers never start before the worker they help
        if await self.ready():
            self.odds_pool().start_helpers()

    def odds_pool(self) -> OddsPool:
        """The Odds pool led by this worker (its helpers start on first use)."""
        if self.pool is None:
            self.pool = OddsPool(self, pool_size())
        return self.pool


def start_when_quiet(worker: BotWorker, quiet_ms: int = QUIET_MS) -> None:
    """Start `worker` at an idle moment once the player has made no input (pointer or key)
    for `quiet_ms`, unless a decision has started it first: what the first decision does not
    need loads after it (issue 31, item 2), and the test pages that never ask a bot never
    pay for its Pyodide."""
    from pyodide.ffi import create_once_callable, create_proxy  # the page's (CPython tests)

    from dom.elements import at_idle

    last_input = [float(js.performance.now())]
    options = js_obj({"capture": True, "passive": True})

    def on_input(*_args: object) -> None:
        last_input[0] = float(js.performance.now())

    listener = create_proxy(on_input)
    for kind in ("pointerdown", "keydown"):
        js.window.addEventListener(kind, listener, options)

    def done() -> None:
        for kind in ("pointerdown", "keydown"):
            js.window.removeEventListener(kind, listener, options)
        listener.destroy()

    def check(*_args: object) -> None:
        if worker.started:
            done()
            return
        quiet = float(js.performance.now()) - last_input[0]
        if quiet < quiet_ms:
            js.window.setTimeout(create_once_callable(check), max(50, round(quiet_ms - quiet)))
            return
        done()
        at_idle(worker.wake)

    js.window.setTimeout(create_once_callable(check), quiet_ms)


MAX_ODDS_WORKERS = 4
CHUNK_S = 0.25  # each worker is handed about this many seconds of games at a time


def chunk_size(per_game_s: float, left: int, workers: int) -> int:
    """How many samples to hand a worker next: about CHUNK_S seconds of its games (1 to 16),
    but at most its share of half the samples left, so that the chunks shrink toward the end
    and the workers finish together instead of one waiting on the other's last chunk."""
    by_time = max(1, min(16, int(CHUNK_S / max(per_game_s, 1e-3))))
    return max(1, min(by_time, left // (2 * max(workers, 1))))


def pool_size() -> int:
    """How many workers share an Odds run: one per core (the page's main thread is idle
    meanwhile), at most MAX_ODDS_WORKERS; ?odds_workers=N sets it (tests, benchmarks). On
    two cores at rest two workers made 29 samples/s against 15 for one, with no main-thread
    long task (bench/page.py, docs/bots.md)."""
    asked = nn(js.URLSearchParams.new(js.location.search).get("odds_workers"))
    if asked is not None and str(asked).isdigit():
        return max(1, min(int(str(asked)), MAX_ODDS_WORKERS))
    cores = int(getattr(js.navigator, "hardwareConcurrency", 0) or 0)
    return max(1, min(cores, MAX_ODDS_WORKERS))


PRESTART_MEMORY_GB = 4  # each helper keeps a Pyodide of its own (some 50 MB) in memory


def spare_memory() -> bool:
    """Whether the helpers may start before the first Odds: on a device that says it has at
    least PRESTART_MEMORY_GB (navigator.deviceMemory: Chromium's browsers only, so elsewhere
    they start on the first Odds); ?odds_prestart=0 or 1 decides instead (tests)."""
    asked = nn(js.URLSearchParams.new(js.location.search).get("odds_prestart"))
    if asked is not None:
        return str(asked) == "1"
    try:  # a JS number (not always a Python int or float here), or undefined
        memory = float(getattr(js.navigator, "deviceMemory", None) or 0)
    except (TypeError, ValueError):
        memory = 0.0
    return memory >= PRESTART_MEMORY_GB


class OddsPool:
    """Odds shared by several workers: the page hands out sample indices a few at a time to
    whichever worker is free and adds up their outcome counts. Each sample depends on its
    index alone (odds.sample_seed), so the estimate is the same with any number of workers;
    a helper still starting joins the run once it is up. The helpers start once the page has
    settled after its boot (BotWorker.warm_pool) where memory allows, else on the first
    Odds; never during the boot."""

    def __init__(self, main: BotWorker, size: int) -> None:
        self.workers = [main] + [BotWorker(f"{NAME}-{k}", main=False)
                                 for k in range(2, size + 1)]
        self._starting: list[Any] = []  # the helpers' start tasks (kept referenced)
        self.runs = 0  # each run's id, so the workers refuse a stopped run's calls

    def start_helpers(self) -> None:
        """Start the helper workers (once)."""
        if not self._starting:
            self._starting = [asyncio.ensure_future(w.start()) for w in self.workers[1:]]

    async def run(self, state: str, side: str, samples: int, seed: int) -> Any:
        """Running estimates (bots.odds_estimate), one per answer of any worker, until all
        `samples` games are counted. Closing the generator stops every worker's share."""
        from intruder_core.odds_tally import (  # not the bots: see odds_tally.py
            OUTCOMES,
            odds_estimate,
        )

        self.start_helpers()
        self.runs += 1
        run = self.runs
        counts = dict.fromkeys(OUTCOMES, 0)
        answers: asyncio.Queue[Any] = asyncio.Queue()
        todo = iter(range(samples))
        handed = 0  # samples handed out so far

        async def share(k: int, w: BotWorker) -> None:
            """Play chunks of the indices left until none is; answers go to the queue."""
            nonlocal handed
            try:
                if not await w.ready() or \
                        not await w.odds_start(state, side, samples, seed, run):
                    return
                chunk = 1
                while True:
                    indices = [i for _, i in zip(range(chunk), todo, strict=False)]
                    if not indices:
                        return
                    handed += len(indices)
                    answer = await w.odds_play(indices, run)
                    if answer.get("stale"):
                        return  # a newer run replaced this one in that worker
                    answers.put_nowait((k, answer["counts"]))
                    per_game = float(answer.get("ms", 0)) / 1000 / len(indices)
                    chunk = chunk_size(per_game, samples - handed, len(self.workers))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the run fails in plain words
                answers.put_nowait(exc)
            finally:
                answers.put_nowait(None)  # this worker is done

        shares = [asyncio.ensure_future(share(k, w)) for k, w in enumerate(self.workers)]
        took: set[int] = set()  # the workers that answered
        ended = 0
        n = 0
        try:
            while n < samples:
                got = await answers.get()
                if got is None:
                    ended += 1
                    if ended == len(shares):
                        raise RuntimeError("the bots' workers stopped before the estimate "
                                           "was done")
                    continue
                if isinstance(got, Exception):
                    raise got
                k, part = got
                took.add(k)
                for key, v in part.items():
                    counts[key] += int(v)
                n = sum(counts.values())
                est = odds_estimate(counts, samples)
                est["workers"] = len(took)
                yield est
        finally:
            for task in shares:
                task.cancel()
            for w in self.workers:
                if w.up:
                    await w.odds_stop(run)


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


class ReviewWorker:
    """The review's own worker (review-worker.mjs, a module worker with a Pyodide of its own:
    replay.html runs without PyScript): a game's review runs there in slices, never on the
    page's main thread. `review` yields the result after every slice; closing it (or a newer
    review) cancels the run in the worker."""

    SLICE_S = 0.15  # the worker's slices: progress this often, and a cancel waits no longer

    def __init__(self) -> None:
        self.worker: Any = None
        self.state = "idle"  # "starting", "ready", "failed"
        self.error = ""
        self.ready_ms = 0.0
        self.runs = 0
        self._queues: dict[int, asyncio.Queue[dict[str, Any]]] = {}
        self._proxies: list[Any] = []
        self.early_run = 0         # the run replay.html's first script started (0: none)
        self.done_run = 0          # the last run the worker finished: its tries are judged
        self._judged: asyncio.Future[dict[str, Any]] | None = None
        self._kept: list[Any] = []  # its answers that came before the page took over

    def start(self) -> None:
        """Start the worker (once); Python boots there while the page goes on. A worker
        replay.html's first script started at parse time (window.intruderReviewEarly) is
        taken over: its state, and the answers to its run 1 kept for `review(adopt=True)`."""
        if self.worker is not None:
            return
        from pyodide.ffi import create_proxy

        self.state = "starting"
        js.document.body.dataset.reviewWorker = "starting"
        self._proxies = [create_proxy(self._on_message), create_proxy(self._on_error)]
        early = nn(getattr(js.window, "intruderReviewEarly", None))
        if early is None:
            self.worker = js.Worker.new("./review-worker.mjs", js_obj({"type": "module"}))
        else:
            self.worker = early.worker
            self.early_run = int(early.run)
            self.runs = self.early_run
            self._kept = [e for e in (early.drawn, early.last) if nn(e) is not None]
            early.take = self._proxies[0]  # its listener hands every later message on
            for e in (early.ready, early.failed):
                if nn(e) is not None:
                    self._on_message(e)
        self.worker.addEventListener("error", self._proxies[1])
        if early is None:
            self.worker.addEventListener("message", self._proxies[0])

    def _fail(self, error: str) -> None:
        self.state, self.error = "failed", error
        js.document.body.dataset.reviewWorker = "failed"
        for q in self._queues.values():
            q.put_nowait({"error": f"the review's worker did not start ({error})",
                          "done": True})

    def _on_error(self, event: Any) -> None:
        self._fail(str(getattr(event, "message", "") or "a script error"))

    def _on_message(self, event: Any) -> None:
        data = event.data
        kind = str(getattr(data, "type", "") or "")
        if kind == "ready":
            self.state = "ready"
            self.ready_ms = float(data.ms)
            body = js.document.body.dataset
            body.reviewWorker = "ready"
            # when it was up, on the page's clock (ms since the navigation began)
            body.reviewReadyAt = str(round(float(data.at) - float(js.performance.timeOrigin)))
            body.reviewSnapshot = "used" if data.snapshot else "none"
        elif kind == "failed":
            self._fail(str(data.error))
        elif kind == "judged":
            if self._judged is not None and not self._judged.done():
                self._judged.set_result(json.loads(str(data.judged)))
        else:
            q = self._queues.get(int(data.run))
            if q is None and int(data.run) == self.early_run:
                # run 1's answers between start() and review(adopt=True): kept for it, in
                # order (dropped, a quick review's "done" left the page waiting for ever)
                self._kept.append(event)
            elif q is not None:
                result = nn(getattr(data, "result", None))
                got = {"table_only": True} if result is None else json.loads(str(result))
                for part in ("chart", "table", "turning"):  # the strings drawn in the worker
                    value = nn(getattr(data, part, None))
                    if value is not None:
                        got[part] = str(value)
                q.put_nowait(got)

    async def judge(self, step: int, action: dict[str, Any]) -> dict[str, Any]:
        """A try at a mistake of the last finished review, judged in the worker by the
        review's own sampled games (bot_tasks.ReviewTask.judge); {"error"} if there is none."""
        if self.worker is None or not self.done_run or self.state == "failed":
            return {"error": "the review of this game is not finished"}
        self._judged = asyncio.get_event_loop().create_future()
        self.worker.postMessage(js_obj({"type": "judge", "run": self.done_run, "request":
                                        json.dumps({"step": step, "action": action})}))
        return await self._judged

    def show_table(self, run_open: bool) -> None:
        """Tell the worker whether the page shows the table (it then sends it with every
        drawing, and the latest one at once)."""
        if self.worker is not None:
            self.worker.postMessage(js_obj({"type": "table", "open": run_open}))

    async def review(self, record: dict[str, Any], seed: int = 0,
                     refine: int | None = None, base: str = "./", adopt: bool = False,
                     budget_s: float | None = None) -> Any:
        """The review of a record, answer by answer (bot_tasks.ReviewTask's, with the panel's
        strings when drawn; or {"error"}), until it is done; closing the generator stops it in
        the worker. `base`: what the Try again links start with (the page's folder). `adopt`:
        the run replay.html's first script started on the same game, when there is one (its
        answers so far first), instead of a new one."""

        self.start()
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        if adopt and self.early_run:
            run, self.early_run = self.early_run, 0
            self._queues[run] = q
            for event in self._kept:
                self._on_message(event)
            self._kept = []
        else:
            self.early_run, self._kept = 0, []  # never taken over: this start replaces it
            self.runs += 1
            run = self.runs
            self._queues[run] = q
            request = {"record": record, "seed": seed, "base": base,
                       "asked": float(js.Date.now()),  # its time budget counts from now
                       **({} if refine is None else {"refine": refine}),
                       **({} if budget_s is None else {"budget_s": budget_s})}
            self.worker.postMessage(js_obj({"type": "start", "run": run,
                                            "budget": self.SLICE_S,
                                            "request": json.dumps(request)}))
        if self.state == "failed":
            self._fail(self.error)
        done = False
        try:
            while not done:
                got = await q.get()
                done = bool(got.get("done") or got.get("error"))
                if got.get("done") and not got.get("error"):
                    self.done_run = run
                yield got
        finally:
            self._queues.pop(run, None)
            if not done:
                self.worker.postMessage(js_obj({"type": "cancel", "run": run}))
