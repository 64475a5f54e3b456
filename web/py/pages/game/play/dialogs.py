"""The dialogs: New game, the guards' "are you sure?", the settings and the keyboard help
(the rules reference is rules_dialog.py; Share, Export and Import are save_files.py).

The guards' questions, `difficulties` and the HTML helpers are pure (guards.py, tested on
CPython); `Dialogs` is the page glue.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import intruder_core as ic
from core import panels, session, storage
from dom.elements import document, el, nn
from pages.game.play.guards import difficulties, guard_yes

if TYPE_CHECKING:
    from pages.game.game_session import GameSession
    from pages.game.messages import Messages
    from pages.game.play.rules_dialog import RulesDialog


class Dialogs:
    """New game, the guard, the settings and the keyboard help (page glue)."""

    def __init__(self, game: GameSession, messages: Messages, rules: RulesDialog,
                 settings: dict[str, Any], store: storage.Store) -> None:
        self.session = game
        self.messages = messages
        self.rules = rules
        self.settings = settings
        self.store = store
        self.pending_action: dict[str, Any] | None = None
        self.pending_call: Callable[[], None] | None = None  # ask_call's, not an action

    def open_new(self) -> None:
        """The New game dialog, showing the current game's seed."""
        el("new-error").textContent = ""
        el("current-seed").textContent = str(self.session.seed())
        el("new-seed").value = ""
        self.update_new_form()
        el("new-dialog").showModal()

    def ask_first(self, action: dict[str, Any], question: str) -> None:
        """The guard: ask before an action that throws away what the player had (the setting
        "confirm" turns it off), the going-ahead button focused; the answer comes back as the
        command confirm-yes or confirm-no."""
        self.pending_action = action
        el("confirm-text").textContent = question
        document.querySelector("#confirm-dialog .muted").hidden = not action  # dice, settings
        el("confirm-yes").textContent = guard_yes(action)
        el("confirm-dialog").showModal()
        el("confirm-yes").focus()  # the player meant it: one key goes ahead, Esc goes back

    def ask_call(self, question: str, yes: str, call: Callable[[], None]) -> None:
        """The guard for a page command (not an action): `call` once the player says `yes`."""
        self.ask_first({}, question)
        self.pending_action, self.pending_call = None, call
        el("confirm-yes").textContent = yes

    def answer(self, yes: bool) -> None:
        """The guard's answer: apply the action held back (or make the call), or forget it."""
        action, self.pending_action = self.pending_action, None
        call, self.pending_call = self.pending_call, None
        el("confirm-dialog").close()
        if yes and action is not None:
            self.session.apply(action)
        if yes and call is not None:
            call()

    def open_keys_help(self) -> None:
        """The keyboard shortcuts (keys.SHORTCUTS) in a dialog, made on first use."""
        from core.station import keys

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
        el("setting-moments").value = str(self.settings.get("moments", "normal"))
        el("settings-dialog").showModal()

    def on_setting(self, _event: Any) -> None:
        """A setting changed: store it at once."""
        self.settings["confirm"] = bool(el("setting-confirm").checked)
        self.settings["moments"] = str(el("setting-moments").value)  # moments.PACES
        error = storage.save_settings(self.store, self.settings)
        el("settings-status").textContent = (
            f"Could not store the setting ({error}): it holds until the page is closed."
            if error else "Saved.")

    def update_new_form(self, _event: Any = None) -> None:
        """The New game dialog shows the options and seatings the chosen scenario allows."""
        scenarios = tuple(ic.SCENARIOS)
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
                game = ic.new_game(seed=seed)
            else:
                game = ic.new_game(seed=seed, scenario=scenario, options=options)
        except (ValueError, TypeError) as exc:
            el("new-error").textContent = f"Cannot start this game: {exc}"
            return
        el("new-dialog").close()
        seats = session.seats_for(scenario, str(el("new-seats").value), tuple(game.players))
        name = session.SCENARIO_NAMES.get(scenario, scenario).split(" (")[0]

        def started(drawn: bool) -> None:
            if drawn:
                self.messages.alert(f"New game: {name}. Its seed is shown at the end (or in "
                                    "the New game dialog).")

        self.session.switch_soon(game, started, seats=seats)
