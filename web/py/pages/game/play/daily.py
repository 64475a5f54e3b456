"""The game of the day on the game page (ruling R69): the "Game of the day" control (toolbar
and New game dialog), starting or resuming today's game, and copying a finished daily's result
card. What the control says and the card's text are core/history.py's (pure, tested on
CPython); the set-up and the date are intruder_core.daily's."""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

import intruder_core as ic
from core import history, storage
from dom.elements import document, el, js, nn
from intruder_core import daily

if TYPE_CHECKING:
    from pages.game.game_session import GameSession
    from pages.game.messages import Messages
    from pages.game.play.dialogs import Dialogs

CONTROLS = ("daily", "daily-side", "new-daily")  # the toolbar's, a phone's, the dialog's


class Daily:
    """The control, kept up to date after every drawn position, and its two commands."""

    def __init__(self, game: GameSession, messages: Messages, dialogs: Dialogs) -> None:
        self.session = game
        self.messages = messages
        self.dialogs = dialogs
        self.drawn: tuple[object, ...] = ()

    def control(self) -> history.DailyControl:
        """What the control says today."""
        store, keeper, day = self.session.store, self.session.games, self.day()
        playing = keeper.daily == day and not self.session.current.is_over
        return history.daily_control(day, store.get(history.DAILY_DONE),
                                     store.get(history.DAILY_LEFT), playing)

    @staticmethod
    def day() -> str:
        return daily.today().isoformat()

    def draw(self) -> None:
        """The control's words (once per game, end and date: it reads the stored notes)."""
        game = self.session.current
        now = (game, game.is_over, self.session.games.daily, self.day())
        if now == self.drawn:
            return
        self.drawn = now
        shown = self.control()
        for name in CONTROLS:
            node = nn(el(name))
            if node is not None:
                node.textContent = shown.label + (" · Review" if shown.href else "")
                node.disabled = shown.disabled
                node.toggleAttribute("data-done", bool(shown.href))

    def start(self) -> None:
        """The control pressed: today's finished daily's review, else today's game (resumed
        if it was left in play), asking first when a game in play would be replaced (the New
        game dialog has said so already)."""
        shown = self.control()
        if shown.href:
            js.location.href = shown.href
            return
        if shown.disabled:
            return
        dialog = el("new-dialog")
        if bool(dialog.open):
            dialog.close()
        elif not self.session.current.is_over and self.session.record()["actions"]:
            self.dialogs.ask_call("Start today's game of the day? The game in play is replaced "
                                  "(export it first to keep it).", "Start today's game",
                                  self.begin)
            return
        self.begin()

    def begin(self) -> None:
        """Make today's game the current one: the one left in play today, else a new one."""
        today = daily.today()
        day = today.isoformat()
        left = history.read_left(self.session.store.get(history.DAILY_LEFT), day)
        game = None
        if left:
            try:
                game = storage.unpack(ic, left)
            except Exception:  # a damaged stash: today's game from its start
                js.console.warn(traceback.format_exc())
            if game is not None and not daily.is_daily(game.record()["origin"], today):
                game = None
        resumed = game is not None
        if game is None:
            game = daily.new_game(today)

        def started(drawn: bool) -> None:
            if drawn:
                self.session.store.remove(history.DAILY_LEFT)
                self.messages.alert(f"Game of the day {day}: " + (
                    "back where you left it." if resumed else
                    "the same set-up for every player today. It counts once."))

        self.session.switch_soon(game, started, daily=day)

    async def copy(self) -> None:
        """Copy the result card; where the browser refuses, say so and select the card's text
        for the player to copy."""
        card, status = el("daily-card"), el("copy-status")
        try:
            await js.navigator.clipboard.writeText(str(card.textContent))
            status.textContent = "Copied."
        except Exception:
            status.textContent = "Copying is not allowed here: the card's text is selected, " \
                "copy it with Ctrl+C (or your device's Copy)."
            card.focus()
            document.getSelection().selectAllChildren(card)
