"""Browser glue for Intruder: the one module that touches the DOM.

PyScript runs this file after Pyodide has started (the "runtime" boot stage). It then
loads the wheels shipped in dist/pyodide/ ("packages"), creates the game ("game"), renders
it and tells boot.js that the page is ready. Everything is served from the page's own
origin: the lock file written by build.py maps each package name to a local wheel.

Page contract (used by e2e/ and by whoever extends this file):
  body[data-ready="1"]          boot finished
  body[data-engine-version]     intruder_core.__version__
  body[data-engine-api]         "game" if the engine has new_game(), else "none"
  #actions button[data-index]   one button per legal action
  #log li                       event texts, newest first
  #alert                        IllegalAction and other non-fatal messages (role="alert")
  #board                        filled with render.board_svg(view) if a render module exists
"""

from __future__ import annotations

import html
import importlib.util
import json
import random
import traceback
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

BOOT = window.intruderBoot
# Names as in the pyodide-lock.json that build.py writes next to the runtime.
PACKAGES = ["svgwrite", "intruder-core"]
MAX_SEED = 2**31 - 1


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


def js_obj(value: dict[str, Any]) -> Any:
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
    # svgwrite is for render.py: finding it proves the wheel is installed; importing it
    # here would cost ~0.35 s of boot for nothing.
    if importlib.util.find_spec("svgwrite") is None:
        raise RuntimeError(f"package svgwrite failed to load (loader: {said})")
    try:
        import intruder_core
    except ImportError as exc:
        raise RuntimeError(f"package failed to load: {exc} (loader: {said})") from exc
    return intruder_core


def load_render_module() -> Any:
    """The SVG station renderer lives in render.py (written separately); optional for now."""
    try:
        import render  # type: ignore[import-not-found]
    except ModuleNotFoundError as exc:
        if exc.name != "render":
            raise
        return None
    return render


def seed_from_url() -> tuple[int, str]:
    """The seed from ?seed=N, or a random one. Returns (seed, warning)."""
    raw = js.URLSearchParams.new(js.location.search).get("seed")
    if raw:
        try:
            return int(raw), ""
        except ValueError:
            return random.randint(1, MAX_SEED), f"Ignored bad seed {raw!r}; using a random one."
    return random.randint(1, MAX_SEED), ""


def describe(action: Any) -> tuple[str, str]:
    """(label, rule) of an action, whatever the engine provides."""
    label = getattr(action, "label", None)
    if not label:
        to_dict = getattr(action, "to_dict", None)
        label = json.dumps(to_dict(), sort_keys=True) if callable(to_dict) else str(action)
    return str(label), str(getattr(action, "rule", "") or "")


class App:
    """Holds the game and redraws the page after every action."""

    def __init__(self, ic: Any, seed: int, render: Any) -> None:
        self.ic = ic
        self.seed = seed
        self.render_module = render
        self.game = ic.new_game(seed=seed)
        self.actions: list[Any] = []
        self._on_click = create_proxy(self.on_click)
        el("actions").addEventListener("click", self._on_click)

    # --- events -------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        button = event.target.closest("button[data-index]")
        if button is None or button.disabled:
            return
        self.play(int(button.dataset.index))

    def play(self, index: int) -> None:
        if not 0 <= index < len(self.actions):
            return
        action = self.actions[index]
        try:
            events = self.game.apply(action)
        except self.ic.IllegalAction as exc:
            rule = getattr(exc, "rule", "")
            self.alert(f"Not allowed ({rule}): {exc}" if rule else f"Not allowed: {exc}")
            return
        except Exception as exc:  # an engine bug: show it, keep the page alive
            js.console.error(traceback.format_exc())
            self.alert(f"Engine error: {type(exc).__name__}: {exc}")
            return
        self.alert("")
        self.log(events)
        self.render()

    # --- drawing ------------------------------------------------------------------------

    def alert(self, text: str) -> None:
        el("alert").textContent = text

    def log(self, events: Any) -> None:
        box = el("log")
        for event in events or []:
            data = event.to_dict() if hasattr(event, "to_dict") else {"text": str(event)}
            text = data.get("text") or data.get("type") or str(data)
            kind = html.escape(str(data.get("type", "")), quote=True)
            item = f'<li data-type="{kind}">{html.escape(str(text))}</li>'
            box.insertAdjacentHTML("afterbegin", item)

    def render(self) -> None:
        view = self.game.view("crew")
        view = view if isinstance(view, dict) else {}
        el("turn").textContent = str(view.get("turn", "–"))
        phase = view.get("phase", "–")
        el("phase").textContent = phase if isinstance(phase, str) else json.dumps(phase)
        self.render_result()
        self.render_actions()
        self.render_board(view)

    def render_result(self) -> None:
        box = el("result")
        if not self.game.is_over:
            box.hidden = True
            return
        result = self.game.result or {}
        outcome = result.get("outcome", "game over") if isinstance(result, dict) else result
        score = result.get("score") if isinstance(result, dict) else None
        suffix = f" (score {score})" if score is not None else ""
        box.textContent = f"Game over: {outcome}{suffix}"
        box.hidden = False

    def render_actions(self) -> None:
        self.actions = [] if self.game.is_over else list(self.game.legal_actions())
        parts = []
        for i, action in enumerate(self.actions):
            label, rule = describe(action)
            data = action.to_dict() if hasattr(action, "to_dict") else {}
            parts.append(
                f'<li><button type="button" data-index="{i}"'
                f' data-action="{html.escape(json.dumps(data, sort_keys=True), quote=True)}"'
                f' title="{html.escape(rule, quote=True)}">'
                + (f'<span class="rule">{html.escape(rule)}</span> ' if rule else "")
                + f"{html.escape(label)}</button></li>"
            )
        if not parts:
            parts.append('<li class="none">No legal actions.</li>')
        el("actions").innerHTML = "".join(parts)

    def render_board(self, view: dict[str, Any]) -> None:
        board_svg = getattr(self.render_module, "board_svg", None)
        if callable(board_svg):
            el("board").innerHTML = board_svg(view)


def show_engine_missing(ic: Any) -> None:
    el("actions").innerHTML = (
        '<li class="none">The rules engine is not built yet: intruder_core '
        f"{html.escape(str(getattr(ic, '__version__', '?')))} has no new_game().</li>"
    )


async def main() -> None:
    try:
        ic = await load_packages()
        BOOT.stage("game", "Setting up the game")
        version = str(getattr(ic, "__version__", "?"))
        el("engine-version").textContent = version
        el("new-game").href = f"?seed={random.randint(1, MAX_SEED)}"
        if not hasattr(ic, "new_game"):
            show_engine_missing(ic)
            BOOT.ready(js_obj({"engine": version, "api": "none"}))
            return
        seed, warning = seed_from_url()
        el("seed").textContent = str(seed)
        app = App(ic, seed, load_render_module())
        app.render()
        app.alert(warning)
        window.intruderApp = create_proxy(app)  # for debugging from the console
        BOOT.ready(js_obj({"engine": version, "api": "game"}))
    except Exception as exc:
        traceback.print_exc()
        BOOT.fail(f"{type(exc).__name__}: {exc}")


await main()  # noqa: F704  (PyScript runs this file as async top-level code)
