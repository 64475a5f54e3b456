"""The dialogs: New game, Share, Export and Import, the rules reference, the guards' "are you
sure?" and the settings.

`guard_question` and `difficulties` are pure (tested on CPython); `DialogsMixin` is the page
glue App (app.py) mixes in.
"""

from __future__ import annotations

import contextlib
import random
import traceback
from collections.abc import Mapping, Sequence
from typing import Any

import panels
import rulesref
import session
import storage

RULE_FILES = ("rules/intruder-rulebook.txt", "rules/rulings.md", "docs/rulings.md")
SCENARIO_RULES = {  # where the rules reference opens for each scenario
    "intelligent_intruder": "The Intelligent Intruder",
    "return_to_prometheus": "Return to Prometheus",
    "science_officer": "The Science Officer",
}


def _names(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def guard_question(action: Mapping[str, Any], view: Mapping[str, Any],
                   rows: Sequence[panels.ActionRow]) -> str:
    """The question to ask before an action that throws choices away ("" if none): ending
    the Crew Movement Phase while crewmen still have movement points and something to do
    with them, or ending the actions while crewmen could still act. Neither can be undone
    once the dice that follow are rolled. The Intruder player's end of his movement is asked
    the same way while his counters could still move or act (Intelligent Intruder A, C), and
    his choice of whom to attack (B): its dice follow at once."""
    kind = action.get("type")
    if kind == "end_intruder_movement":
        return _intruder_guard(view, rows)
    if kind in ("intruder_attack", "intruder_hold"):
        label = next((r[2] for r in rows if r[1] == dict(action)), "")
        return f"{label}?" if label else ""
    if kind not in ("end_movement", "end_actions"):
        return ""
    crew = panels.crew_by_id(view)
    can_act: dict[str, int] = {}
    for _, data, _, _ in rows:
        who = data.get("crew")
        if isinstance(who, str) and data.get("type") not in ("end_movement", "end_actions"):
            can_act[who] = can_act.get(who, 0) + 1
    if kind == "end_movement":
        left = [f"{crew[c].get('name', c)} ({crew[c].get('mp', 0)})" for c in crew
                if c in can_act and int(crew[c].get("mp", 0) or 0) > 0]
        if not left:
            return ""
        return (f"End crew movement? {panels.plural(len(left), 'crewman', 'crewmen')} "
                f"still {'has' if len(left) == 1 else 'have'} movement points: "
                f"{_names(left)}.")
    left = [str(crew.get(c, {}).get("name", c)) for c in crew if c in can_act]
    if not left:
        return ""
    return (f"End the actions? {_names(left)} could still "
            f"take {'an action' if len(left) == 1 else 'actions'}.")


# The computer's pace, as the page offers it: ms between its moves, and the word for it.
PACES: tuple[tuple[int, str], ...] = ((1500, "Slow"), (600, "Normal"), (200, "Fast"),
                                      (0, "Instant"))


def watch_html(side: str, pace_ms: int) -> str:
    """While the computer plays: what it is doing, its pace (a setting) and Skip."""
    options = "".join(f'<option value="{ms}"{" selected" if ms == pace_ms else ""}>{word}'
                      f"{f' ({ms / 1000:g} s a move)' if ms else ''}</option>"
                      for ms, word in PACES)
    if all(ms != pace_ms for ms, _ in PACES):
        options += f'<option value="{pace_ms}" selected>{pace_ms} ms a move</option>'
    return (f'<div class="watching"><p>The computer is playing the {panels.e(side)}: each '
            "move is outlined on the plan as it is made.</p>"
            '<label for="pace">Computer\'s pace</label> '
            f'<select id="pace" data-setting="pace_ms">{options}</select> '
            '<button type="button" id="skip" data-command="skip">Skip to your turn</button>'
            "</div>")


KIND_WORDS = {"intruder": "Intruder", "lab_animal": "Lab Animal", "dummy": "Dummy"}


def guard_yes(action: Mapping[str, Any]) -> str:
    """The guard's button that goes ahead, in the words of the action held back."""
    return {"intruder_attack": "Attack", "intruder_hold": "Hold back"}.get(
        str(action.get("type")), "End anyway")


def _intruder_guard(view: Mapping[str, Any], rows: Sequence[panels.ActionRow]) -> str:
    """Before the Intruder player ends his movement: the counters that still have a legal
    action this phase (a move, or an object to destroy or open), by name; "" if none."""
    kinds = {str(c.get("token")): str(c.get("kind")) for c in view.get("counters", [])}
    left: list[str] = []
    for _, data, _, _ in rows:
        t = data.get("token")
        name = f"{KIND_WORDS.get(kinds.get(str(t), ''), 'Counter')} {t}"
        if isinstance(t, str) and name not in left:
            left.append(name)
    if not left:
        return ""
    return (f"End the Intruder's movement? {panels.plural(len(left), 'counter')} could still "
            f"move or act: {_names(left[:6] + (['others'] if len(left) > 6 else []))}.")


def other_counters_html(view: Mapping[str, Any], rows: Sequence[Any],
                        selected: str | None) -> str:
    """The Intruder player's other counters, one line each with its number of actions (a
    button that selects it), folded under a disclosure like the other crewmen."""
    counts: dict[str, int] = {}
    for r in rows:
        t = r[1].get("token")
        if isinstance(t, str) and t != selected:
            counts[t] = counts.get(t, 0) + 1
    if not counts:
        return ""
    where = {str(c.get("token")): c for c in view.get("counters", [])}
    lines = []
    for t, n in counts.items():
        c = where.get(t, {})
        name = f"{KIND_WORDS.get(str(c.get('kind')), 'Counter')} {t}"
        lines.append(f'<li><button type="button" class="crew-pick" data-select="{panels.e(t)}" '
                     f'aria-pressed="false">{panels.e(name)}<span class="crew-line"> in '
                     f'{panels.e(panels.place(c.get("at")))}: {n} action'
                     f'{"s" if n != 1 else ""}</span></button></li>')
    return (f'<details class="crew-others"><summary class="others-title">{len(counts)} other '
            f'counter{"s" if len(counts) != 1 else ""}<span class="vh">: select one to see its '
            f'actions</span></summary><ul class="acts">{"".join(lines)}</ul></details>')


def difficulties() -> list[tuple[str, str]]:
    """The difficulty levels of this engine (standard first), each with its description."""
    try:
        from intruder_core.variants import DIFFICULTIES
    except ImportError:
        return [("standard", "")]
    levels = {"standard": {}, **DIFFICULTIES}
    return [(d, str((levels[d] or {}).get("about", "the rulebook's game")))
            for d in sorted(levels, key=lambda d: (d != "standard", d))]


with contextlib.suppress(ImportError):  # the page (Pyodide); CPython tests use the pure part
    from dom import closest, document, el, js, js_obj, nn, window  # noqa: F401
with contextlib.suppress(ImportError):
    from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]


class DialogsMixin:
    """App's dialogs (page glue)."""

    ic: Any
    game: Any
    view: dict[str, Any]
    rules: list[dict[str, str]] | None
    book: list[dict[str, str]]
    numbered: list[dict[str, str]]
    pending_action: dict[str, Any] | None
    settings: dict[str, bool]
    store: Any

    def ask_first(self, action: dict[str, Any], question: str) -> None:
        """The guard: ask before an action that throws choices away (the setting "confirm"
        turns it off); the answer comes back as the command confirm-yes or confirm-no."""
        self.pending_action = action
        el("confirm-text").textContent = question
        el("confirm-yes").textContent = guard_yes(action)
        el("confirm-dialog").showModal()
        el("confirm-no").focus()

    def answer(self, yes: bool) -> None:
        """The guard's answer: apply the action held back, or forget it."""
        action, self.pending_action = self.pending_action, None
        el("confirm-dialog").close()
        if yes and action is not None:
            self.apply(action)

    def on_pace(self, value: str) -> None:
        """The computer's pace chosen on the page: used at once and stored in the settings."""
        import storage

        try:
            ms = int(value)
        except ValueError:
            return
        self.pace = ms / 1000
        self.settings["pace_ms"] = ms
        storage.save_settings(self.store, self.settings)

    def open_keys_help(self) -> None:
        """The keyboard shortcuts (keys.SHORTCUTS) in a dialog, made on first use."""
        import keys

        dialog = nn(el("keys-dialog"))
        if dialog is None:
            dialog = document.createElement("dialog")
            dialog.id = "keys-dialog"
            dialog.setAttribute("aria-labelledby", "keys-title")
            rows = "".join(f"<tr><th scope=\"row\"><kbd>{panels.e(k)}</kbd></th>"
                           f"<td>{panels.e(what)}</td></tr>" for k, what in keys.SHORTCUTS)
            dialog.innerHTML = (
                '<h2 id="keys-title">Keyboard shortcuts</h2>'
                f'<table class="chart keys"><tbody>{rows}</tbody></table>'
                '<div class="dialog-buttons"><button type="button" class="primary" '
                'data-command="close:keys-dialog">Close</button></div>')
            document.body.append(dialog)
        dialog.showModal()

    def open_settings(self) -> None:
        """The settings dialog, showing the stored settings."""
        el("setting-confirm").checked = bool(self.settings.get("confirm", True))
        el("settings-dialog").showModal()

    def on_setting(self, _event: Any) -> None:
        """A setting changed: store it at once."""
        import storage

        self.settings["confirm"] = bool(el("setting-confirm").checked)
        error = storage.save_settings(self.store, self.settings)
        el("settings-status").textContent = (
            f"Could not store the setting ({error}): it holds until the page is closed."
            if error else "Saved.")

    def open_scenario_rules(self) -> None:
        """The rules reference at the chosen scenario's section, with its rulings."""
        scenario = str(el("new-scenario").value)
        self.open_rules(SCENARIO_RULES.get(scenario, "Multi-Player Scenarios"))
        found = [x["id"] for x in rulesref.lookup(
            SCENARIO_RULES.get(scenario, "Multi-Player Scenarios"), self.book, self.numbered)]
        self.show_rules([*found, "R39", "R40", "R41", "R42", "R43"])

    def update_new_form(self, _event: Any = None) -> None:
        """The New game dialog shows the options and seatings the chosen scenario allows."""
        scenarios = tuple(getattr(self.ic, "SCENARIOS", ("solitaire",)))
        select = el("new-scenario")
        if int(select.options.length) == 0:
            select.innerHTML = "".join(
                f'<option value="{panels.e(sc)}">'
                f"{panels.e(session.SCENARIO_NAMES.get(sc, sc))}</option>" for sc in scenarios)
            diffs = difficulties()
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
        self.alert(f"New game: {name}. Its seed is shown at the end (or in the New game "
                   "dialog).")

    def share_link(self) -> str:
        """The link that reproduces this game."""
        base = str(js.URL.new("./", js.location.href).href)
        return base + session.share_fragment(self.record())

    def open_share(self) -> None:
        """Show the share dialog with the link selected, and what the link gives away."""
        el("share-link").value = self.share_link()
        el("share-replay").href = str(js.URL.new("./replay.html", js.location.href).href) + \
            session.share_fragment(self.record())  # the replay viewer (replay.html)
        el("share-status").textContent = ""
        note = el("share-spoiler")
        if nn(note) is not None:
            secrets = session.secrets_warning(getattr(self, "seats", {}), self.game.is_over)
            note.textContent = (
                "This link shows the finished game." if self.game.is_over else
                f"This link holds the whole set-up. {secrets}" if secrets else
                "This link holds the whole set-up: whoever opens it can work out where every "
                "hidden counter is. Share it with a friend, not to play this game yourself.")
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
        """Download the save (the page's envelope: nothing hidden in plain text); with more
        than one side, say that the file holds every side's secrets."""
        self.download(storage.pack(self.record()), session.save_filename(self.record(),
                                                                         self.view))
        secrets = session.secrets_warning(getattr(self, "seats", {}), self.game.is_over)
        if secrets:
            self.notice("export", f"Exported this game's save. {secrets}")

    def download_aside(self) -> None:
        """Download the stored game that could not be loaded (for a bug report, or later)."""
        if getattr(self, "aside", None):
            self.download(str(getattr(self, "aside", "")), "intruder-set-aside.json")

    def download(self, text: str, filename: str) -> None:
        """Offer `text` as a file download."""
        blob = js.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
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
            if int(file.size) > 4_000_000:
                self.alert(f"{name} is too large to be an Intruder save; your game is kept.",
                           "error")
                return
            data = bytes((await file.arrayBuffer()).to_py())
            try:
                game = storage.unpack(self.ic, data)
            except Exception as exc:
                js.console.warn(traceback.format_exc())
                self.alert(f"{storage.problem_text(exc, 'This file')} Your game is kept.",
                           "error")
                return
            if not self.set_game(game):
                self.alert("This save loads but cannot be shown; your game is kept.", "error")
                return
            self.alert(f"Imported {name}.")
        except Exception:
            js.console.warn(traceback.format_exc())
            self.alert(f"{name} could not be read; your game is kept.", "error")
        finally:
            el("import-file").value = ""

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
