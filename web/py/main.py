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
import traceback
from typing import Any

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
        self._proxies = [
            self._listen(document, "click", self.on_click),
            self._listen(document, "keydown", self.on_key),
            self._listen(window, "hashchange", self.on_hash),
            self._listen(el("import-file"), "change", self.on_import),
            self._listen(el("new-form"), "submit", self.on_new_submit),
            self._listen(el("rules-search"), "input", self.on_rules_search),
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
        self.set_game(game, session.UndoStack.load(self.store.get("undo")))
        return ""

    def clean_url(self) -> None:
        """Drop ?seed= and #g= once used, so that a reload resumes the autosave."""
        params = js.URLSearchParams.new(js.location.search)
        params.delete("seed")
        query = str(params.toString())
        js.history.replaceState(None, "", str(js.location.pathname) + (f"?{query}" if query
                                                                      else ""))

    def set_game(self, game: Any, undo: session.UndoStack | None = None) -> None:
        """Make `game` the current one: save it and redraw everything."""
        self.game = game
        self.undo = undo or session.UndoStack()
        self.selected = None
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

    def apply(self, action: dict[str, Any]) -> bool:
        """Apply one action: on IllegalAction show the engine's reason and change nothing."""
        before = self.game.to_json()
        try:
            events = self.game.apply(action)
        except self.ic.IllegalAction as exc:
            self.refuse(exc)
            return False
        except Exception as exc:  # an engine bug: show it, keep the page alive
            js.console.warn(traceback.format_exc())
            self.alert(f"Engine error: {type(exc).__name__}: {exc}", "error")
            return False
        dicts = [ev.to_dict() for ev in events or []]
        self.undo.record(before, dicts)
        self.alert("")
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

    def draw(self, new_events: list[dict[str, Any]] | None = None,
             rebuild_log: bool = False) -> None:
        """Redraw from the crew view; keep keyboard focus on the same thing if it still exists."""
        focus = self.focus_key()
        view = self.game.view("crew")
        self.view = view if isinstance(view, dict) else {}
        actions = [] if self.game.is_over else list(self.game.legal_actions())
        self.rows = [(i, a.to_dict(), str(getattr(a, "label", "") or a.to_dict()),
                      str(getattr(a, "rule", "") or "")) for i, a in enumerate(actions)]
        crew = panels.crew_by_id(self.view)
        if self.selected and (crew.get(self.selected) or {}).get("status") not in (None,
                                                                                  "active"):
            self.selected = None
        step = (self.view.get("decision") or {}).get("step")
        costs = session.reachable([r[1] for r in self.rows], self.selected, self.view)

        el("status").innerHTML = panels.status_html(self.view, self.seed())
        el("prompt").textContent = panels.prompt(self.view, self.selected)
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
        self.restore_focus(focus)

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
            el("new-dialog").showModal()
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

    def on_new_submit(self, event: Any) -> None:
        """The New game form: start with the seed typed, or a random one."""
        event.preventDefault()
        try:
            seed = session.parse_seed(str(el("new-seed").value))
        except ValueError as exc:
            el("new-error").textContent = f"Not a seed: {exc}"
            return
        el("new-dialog").close()
        seed = random.randint(0, session.MAX_SEED) if seed is None else seed
        self.set_game(self.ic.new_game(seed=seed))
        self.alert(f"New game, seed {seed}.")

    # --- share, export, import -----------------------------------------------------------

    def share_link(self) -> str:
        """The link that reproduces this game."""
        base = str(js.URL.new("./", js.location.href).href)
        return base + session.share_fragment(self.record())

    def open_share(self) -> None:
        """Show the share dialog with the link selected."""
        el("share-link").value = self.share_link()
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
    except Exception as exc:
        traceback.print_exc()
        BOOT.fail(f"{type(exc).__name__}: {exc}")


await main()  # noqa: F704  (PyScript runs this file as async top-level code)
