"""Boot: load the wheels shipped in dist/pyodide/, start or resume the game, tell boot.js.

main.py (run by PyScript once Pyodide has started: the "runtime" stage) calls `run()`. It loads
the wheels ("packages"), imports the game glue (app.py, which needs the engine), starts or
resumes a game ("game"), draws it and calls `intruderBoot.ready()`. Everything is served from
the page's own origin.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable, create_proxy

from dom.elements import at_idle, document, el, js, js_obj, window
from dom.packages import freeze_heap, load_packages

if TYPE_CHECKING:
    from pages.game.app import App

BOOT = window.intruderBoot


def mark(name: str) -> None:
    """A User Timing mark "intruder:NAME": the boot's steps, printed by bench/boot.py --phases
    beside loader.mjs's and boot.js's."""
    js.performance.mark(f"intruder:{name}")


SETTLE_MS = 1000  # work after the boot waits this long, then for an idle moment


def when_idle(callback: Callable[[], object], after_ms: int = SETTLE_MS) -> None:
    """Run `callback` `after_ms` after the boot, at an idle moment (requestIdleCallback; a
    timer alone where the browser has none): what follows the boot must not keep the page
    from answering its player's first click (issue 23: the page answered a script ~220 ms
    after data-ready, the bots' worker start and the first layout in the way)."""
    def run(*_args: object) -> None:
        try:
            callback()
        except Exception as exc:  # after the boot: say it, keep the page
            traceback.print_exc()
            BOOT.report(f"Something went wrong after loading: {exc}")

    window.setTimeout(create_once_callable(lambda *_args: at_idle(run)), after_ms)


def start_bot_worker(app: App, at_once: bool = False) -> None:
    """The bots' worker (Suggest, Odds, computer sides), made when the page is idle after its
    boot and started by the first decision that needs it or once the player pauses
    (bot_client.start_when_quiet), or `at_once` (?worker=1: the tests and benchmarks that
    time the worker itself); until it is up the page asks the heuristic itself (advisor.py)."""
    from dom import bot_client

    worker = app.advisor.worker = bot_client.BotWorker()
    if at_once:
        worker.wake()
    else:
        bot_client.start_when_quiet(worker)
    # the Odds helpers once the page has settled (boot.js, after the snapshot step)
    window.addEventListener("intruder:settled", create_proxy(
        lambda _event: app.tasks.spawn(worker.warm_pool())), js_obj({"once": True}))


async def next_frame() -> None:
    """Once the browser has drawn the next frame (a requestAnimationFrame, then a task after
    it): the page the player sees, before the boot says it is ready."""
    def after_frame(resolve: Any, _reject: Any) -> None:
        window.requestAnimationFrame(create_once_callable(
            lambda _time: window.setTimeout(resolve, 0)))

    await js.Promise.new(create_once_callable(after_frame))


def install_debug_hook(app: App) -> None:
    """window.intruderDebug for the e2e tests: the exact state, and a determinism probe."""
    from core import session

    hook = js.Object.new()
    hook.state = create_proxy(app.state)
    hook.sha = create_proxy(lambda: None if app.session.pending_side is not None else
                            session.state_digest(app.session.current.to_json()))
    hook.simulate = create_proxy(lambda seed, n: session.first_policy_digest(int(seed), int(n)))
    window.intruderDebug = hook


async def run() -> None:
    """Boot: load the engine, start the game, tell boot.js it is ready."""
    try:
        mark("main.py")
        ic = await load_packages()
        mark("engine imported")
        BOOT.stage("game", "Setting up the game")
        version = str(ic.__version__)
        el("engine-version").textContent = version
        params = js.URLSearchParams.new(js.location.search)
        embed = bool(document.body.classList.contains("embed")) or params.get("embed") == "1"
        if embed:
            document.body.classList.add("embed")
        from pages.game.app import App  # needs the engine: imported once the wheel is loaded

        mark("glue imported")
        app = App(embed)
        mark("parts built")
        app.start()
        mark("game drawn")
        freeze_heap()
        install_debug_hook(app)
        window.intruderApp = create_proxy(app)  # for debugging from the console
        # The page's first layout (the plan fitted to its box) and first frame before ready,
        # not in the way of the first click; nothing after ready: the rest when idle.
        BOOT.reveal()
        app.lay_out()
        mark("laid out")
        await next_frame()
        mark("painted")
        BOOT.ready(js_obj({"engine": version, "api": "game"}))
        when_idle(app.probe_history)
        if app.advisor.bots.available and params.get("worker") != "0":  # not in the boot
            when_idle(lambda: start_bot_worker(app, at_once=params.get("worker") == "1"))
    except Exception as exc:
        traceback.print_exc()
        BOOT.fail(f"{type(exc).__name__}: {exc}")
