"""The mistakes mode of replay.html's review (issue 30 item 3): each costly choice of the
player's asked again at its position, without the advisor's move; a try is judged in the
review's worker by the review's own sampled games (bot_client.ReviewWorker.judge), with a
take-back ("Try this move" again), "Show me" and the next mistake. A better move found is
counted in the game page's store (history.LEARNT), which Your games shows.

The words and the option list are review_view's (pure, CPython-tested); this module only
sets them and keeps where the player is.
"""

from __future__ import annotations

import asyncio
from typing import Any

from core import history, review_view, storage
from dom.standalone import el, js_obj


class Lessons:
    """The finished review's mistakes and the one being asked."""

    def __init__(self, goto: Any, reviewer: Any) -> None:
        self.goto = goto            # ReplayPage.goto: the board at a step
        self.reviewer = reviewer    # bot_client.ReviewWorker: judges a try
        self.mistakes: list[Any] = []
        self.k = 0
        self.found: set[int] = set()  # the steps where a better move was found this time
        self.record: Any = None
        self.task: Any = None

    def offer(self, mistakes: list[Any], record: Any) -> None:
        """A finished review's mistakes: the button that opens the mode, if there are any."""
        self.mistakes, self.record, self.found = list(mistakes), record, set()
        button = el("learn-start")
        button.textContent = review_view.learn_offer(self.mistakes)
        button.hidden = not self.mistakes

    def clear(self) -> None:
        """No finished review (a new one runs): no button, no mode."""
        self.offer([], None)
        self.close()

    def start(self) -> None:
        """The mode opens at the first mistake."""
        if self.mistakes:
            el("learn").hidden = False
            self.show(0)

    def show(self, k: int) -> None:
        """Mistake k asked: its position on the board, the question, the moves to try."""
        self.k = k
        m = self.mistakes[k]
        self.goto(int(m["step"]))
        el("learn-where").textContent = review_view.learn_where(m, k, len(self.mistakes))
        el("learn-ask").textContent = review_view.learn_ask(m)
        el("learn-choice").innerHTML = review_view.learn_options_html(m)
        el("learn-verdict").textContent = ""
        el("learn-try").disabled = False
        el("learn-next").textContent = ("Next mistake" if k + 1 < len(self.mistakes)
                                        else "Finish")
        # the plan and the question together: the plan's top at the window's (beside the
        # question on a desktop), then the question wholly in view (below it on a phone)
        el("board").scrollIntoView(js_obj({"block": "start"}))
        el("learn").scrollIntoView(js_obj({"block": "nearest"}))
        el("learn-choice").focus(js_obj({"preventScroll": True}))

    def try_move(self) -> None:
        """The chosen move judged in the worker (a second try is the take-back)."""
        if self.task is not None and not self.task.done():
            return
        self.task = asyncio.ensure_future(self._judge(self.k))

    async def _judge(self, k: int) -> None:
        m = self.mistakes[k]
        choice = m["choices"][int(el("learn-choice").value)]
        el("learn-try").disabled = True
        el("learn-verdict").textContent = "Judging your move with sampled games…"
        try:
            got = await self.reviewer.judge(int(m["step"]), choice["action"])
        finally:
            el("learn-try").disabled = False
        if k != self.k or el("learn").hidden:
            return  # the player moved on meanwhile
        el("learn-verdict").textContent = str(got.get("words") or got.get("error", ""))
        el("learn-try").textContent = "Try another move"
        if got.get("verdict") == "better":
            self.found.add(int(m["step"]))
            store = storage.Store(storage.GAME_PAGE)
            store.set(history.LEARNT, history.add_learnt(
                store.get(history.LEARNT), history.learnt_key(self.record), int(m["step"])))

    def show_me(self) -> None:
        """The advisor's move, when asked."""
        if self.mistakes:
            el("learn-verdict").textContent = review_view.learn_show_me(self.mistakes[self.k])

    def next(self) -> None:
        """The next mistake, or the mode's last words."""
        el("learn-try").textContent = "Try this move"
        if self.k + 1 < len(self.mistakes):
            self.show(self.k + 1)
        else:
            el("learn-verdict").textContent = review_view.learn_end(len(self.found),
                                                                    len(self.mistakes))

    def close(self) -> None:
        el("learn").hidden = True
