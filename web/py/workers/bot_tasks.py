"""What the bots' worker computes: plain data in, plain data out, no DOM.

The page (advisor.py, through bot_client.py) sends the game as `game.to_json()` with the
side to decide for; this module rebuilds the game, hands the bot only that side's view and legal
actions (as the page did), and answers with dicts that cross the worker boundary as JSON.
It runs in the worker (workers/bot_worker.py) and on CPython in the tests.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import intruder_core as ic
from core.advice import ADVISOR_MIN_ROLLOUTS, ADVISOR_ROLLOUTS, ADVISOR_S, ADVISOR_Z, side_view
from intruder_core import bots
from intruder_core.odds_tally import OUTCOMES
from intruder_core.view import View

__all__ = ["ADVISOR_MIN_ROLLOUTS", "ADVISOR_ROLLOUTS", "ADVISOR_S", "ADVISOR_Z", "Odds",
           "ReviewTask", "TracedSearch", "choose", "side_view"]


class TracedSearch(bots.SearchPolicy):
    """SearchPolicy that keeps each candidate's sample count and mean value of its search
    (so the page can show a win estimate per candidate), and lets the heuristic's choice
    stand when the search got fewer than `min_rollouts` rollouts."""

    def __init__(self, min_rollouts: int = ADVISOR_MIN_ROLLOUTS, **kw: Any) -> None:
        super().__init__(**kw)
        self.min_rollouts = min_rollouts
        self.trace: list[tuple[Any, int, float]] = []
        self.rollouts = 0

    def choose(self, view: View, legal: list[Any],
               rng: random.Random) -> tuple[Any, str]:
        self.trace, self.rollouts = [], 0
        state = rng.getstate()
        base, why = self.rollout_policy.choose(view, legal, rng)
        rng.setstate(state)  # the search starts from the same heuristic choice
        action, reason = super().choose(view, legal, rng)
        if self.trace and action != base and self.rollouts < self.min_rollouts:
            return base, (f"{why} (the search preferred {action.label or action.type}, but "
                          f"{self.rollouts} rollouts are too few to overrule)")
        return action, reason

    def _search(self, view: View, cands: list[Any],
                rng: random.Random) -> list[tuple[int, float, float]]:
        stats = super()._search(view, cands, rng)
        self.trace = [(a, n, m) for a, (n, m, _) in zip(cands, stats, strict=False)]
        self.rollouts = sum(n for _, n, _ in self.trace)
        return stats


def choose(state: str, side: str, policy: str = "heuristic", budget_s: float = ADVISOR_S,
           seed: int = 0) -> dict[str, Any] | None:
    """The bot's action for `side` in the game saved as `state`, or None without a decision.

    policy: "heuristic" or "search" for a crew side (the search has `budget_s` seconds);
    the Intruder side always plays intruder_ai. The answer: {"action", "reason", "ms",
    "candidates": [{"action", "label", "n", "value"}], "rollouts"}."""
    game = ic.Game.from_json(state)
    if game.is_over:
        return None
    view, legal = side_view(game, side)
    if not legal:
        return None
    rng = random.Random(seed)
    start = time.perf_counter()
    search: TracedSearch | None = None
    if side == "intruder":
        from intruder_core.bots import intruder_ai
        action, reason = intruder_ai.choose(view, legal, rng)
    elif policy == "search":
        search = TracedSearch(budget_rollouts=ADVISOR_ROLLOUTS, budget_seconds=budget_s,
                              seed=seed, z=ADVISOR_Z)
        action, reason = search.choose(view, legal, rng)
    else:
        action, reason = bots.HeuristicPolicy().choose(view, legal, rng)
    ms = (time.perf_counter() - start) * 1000
    out: dict[str, Any] = {"action": action.to_dict(), "reason": str(reason),
                           "ms": round(ms, 1), "candidates": [], "rollouts": 0}
    if search is not None and search.trace:
        out["candidates"] = [
            {"action": a.to_dict(), "label": str(a.label or a.type),
             "n": n, "value": round(m, 4)} for a, n, m in search.trace]
        out["rollouts"] = search.rollouts
    return out


class Odds:
    """One Odds run's sampled games (bots.win_odds_iter's, by index: sample i depends on i
    alone). `play` plays the indices it is given and returns their outcome counts, so a pool
    of workers can share one run and merge the counts; `step` plays the next games in order
    for about a time budget and returns the running estimate (one worker on its own)."""

    def __init__(self, state: str, side: str, samples: int, seed: int) -> None:
        from intruder_core.bots.determinize import release_constraints

        game = ic.Game.from_json(state)
        self.view, _ = side_view(game, side)
        log = [ev.to_dict() for ev in game.log]
        self.constraints = release_constraints(log)
        self.policy = bots.HeuristicPolicy()
        self.samples = samples
        self.seed = seed
        self.counts = dict.fromkeys(OUTCOMES, 0)
        self.next = 0  # step(): the next index to play
        self.seconds = 0.0
        self.over: str | None = None  # a finished game: its outcome for every sample
        if self.view["over"]:
            result = self.view["result"]
            self.over = result["outcome"] if result else "loss"

    def play(self, indices: list[int]) -> dict[str, int]:
        """The outcome counts of the sampled games with these indices."""
        counts = dict.fromkeys(OUTCOMES, 0)
        for i in indices:
            if not 0 <= i < self.samples:
                raise ValueError(f"sample {i} is outside 0..{self.samples - 1}")
            counts[self.over or bots.outcome(self.view, self.policy,
                                             bots.sample_seed(self.seed, i),
                                             self.constraints)] += 1
        return counts

    def step(self, budget_s: float) -> dict[str, Any]:
        """Play games in order for about `budget_s` seconds (at least one); the running
        estimate, with "rate" in games per second of worker time."""
        start = time.perf_counter()
        while self.next < self.samples:
            for k, v in self.play([self.next]).items():
                self.counts[k] += v
            self.next += 1
            if time.perf_counter() - start >= budget_s:
                break
        self.seconds += time.perf_counter() - start
        est = bots.odds_estimate(self.counts, self.samples)
        if self.samples == 0:
            est["done"] = True
        return {**est, "rate": round(est["n"] / max(self.seconds, 1e-6), 2)}


# The review's sampled games in the page (bots/review.py's defaults are for the command line):
# fewer, in one worker.
REVIEW_SAMPLES = 12
REVIEW_REFINE = 4
# The whole review's work time: sampling stops there (choices first), so that a 12-turn game's
# review is on screen within 5 s of the asking (issue 30; bench/review.py --page); what is
# left unchecked is left out, and the status says how many. A request that says when it was
# asked ("asked", epoch ms: the click, or the navigation of ?review=) gets what is left of it
# since then (the worker's boot comes first), REVIEW_MIN_S at least.
REVIEW_WHOLE_S = 4.0
REVIEW_MIN_S = 2.5  # a cold start (the worker boots 3-4 s) still checks the choices
REVIEW_EXPECT = 4      # stage 1's sampled states per choice (the command line's: 6 and 4)
REVIEW_QUALITY = 3
REVIEW_DRAW_S = 0.25   # the panel drawn anew at most this often (and at the end)


def review_budget(request: dict[str, Any], now_ms: float | None = None) -> float:
    """The review's work time for a request: REVIEW_WHOLE_S, less the time since it was
    asked where it says (its "asked", epoch ms), REVIEW_MIN_S at least."""
    asked = request.get("asked")
    if not isinstance(asked, (int, float)) or isinstance(asked, bool):
        return REVIEW_WHOLE_S
    now = time.time() * 1000 if now_ms is None else now_ms
    return max(REVIEW_MIN_S, REVIEW_WHOLE_S - max(0.0, now - float(asked)) / 1000)


class ReviewTask:
    """A game's review in a worker (bots.review.Review), drawn there too (review_view.py), so
    that the page's main thread only sets finished strings: the request's JSON in; after each
    slice a small JSON answer out, and when it says "drawn", the panel's strings in `chart`,
    `table` and `turning` (at most every `draw_every_s`, and always at the end)."""

    def __init__(self, request: str, draw_every_s: float = REVIEW_DRAW_S) -> None:
        from intruder_core.bots.review import Review

        self.review: Review | None = None
        self.error = ""
        self.sig: tuple[object, ...] | None = None
        self.draw_every_s = draw_every_s
        self.drawn_at = float("-inf")
        self.chart = self.table = self.turning = ""
        self.base = "./"
        self.record: dict[str, Any] = {}
        try:
            req = json.loads(request)
            if not isinstance(req, dict):
                raise ic.CorruptSave("the review request is not a JSON object")
            if "source" in req and "record" not in req:
                req["record"] = self.source_record(str(req["source"]))
            self.review = Review(req.get("record"), seed=int(req.get("seed", 0)),
                                 samples=int(req.get("samples", REVIEW_SAMPLES)),
                                 refine=int(req.get("refine", REVIEW_REFINE)),
                                 budget_s=float(req.get("budget_s", review_budget(req))),
                                 expect_samples=REVIEW_EXPECT, quality_samples=REVIEW_QUALITY)
            self.record = req["record"]  # Review checked it: an origin and a list of actions
            self.base = str(req.get("base", "./"))
        except (ValueError, TypeError, KeyError) as exc:  # CorruptSave is a ValueError
            self.error = str(exc)

    @staticmethod
    def source_record(text: str) -> dict[str, Any]:
        """The record of the first game a replay source holds (a share link, a save, a lab
        file: what replay.html shows first, replay.entries), so that the worker can start on
        the page's source before the page's own Python is up."""
        from core import replay

        entry = replay.entries(text)[0]
        if entry.record is None:
            return dict(replay.lab_record(entry.lab or {})[0])
        return entry.record

    def step(self, budget_s: float) -> str:
        """Work for about `budget_s` seconds; {"error"}, or where the review is ("progress",
        "stage", "done", "seconds", "status": its words), with "drawn" and the points'
        `marks` (review_view.marks) when the panel's strings were drawn anew."""
        if self.review is None:
            return json.dumps({"error": self.error, "done": True})
        from core import review_view
        from intruder_core.bots.review import drawn_key

        res = self.review.step(budget_s)
        out: dict[str, Any] = {k: res[k] for k in ("progress", "stage", "done", "seconds")}
        out["status"] = review_view.status_text(res)
        sig = drawn_key(res)
        now = time.perf_counter()
        if sig != self.sig and (res["done"] or now - self.drawn_at >= self.draw_every_s):
            self.sig, self.drawn_at = sig, now
            self.draw(res)
            out["drawn"] = True
            out["marks"] = review_view.marks(res)
        if res["done"]:
            out["mistakes"] = self.review.mistakes(res)  # the mistakes mode asks them again
        return json.dumps(out)

    def judge(self, request: str) -> str:
        """A try at one of the finished review's mistakes (request: {step, action}), judged
        by the review's own sampled games (Review.judge); {"error"} for a bad request."""
        try:
            if self.review is None or not self.review.done:
                raise ic.IllegalAction("the review is not finished")
            req = json.loads(request)
            return json.dumps(self.review.judge(int(req["step"]), req["action"]))
        except (ValueError, TypeError, KeyError) as exc:  # IllegalAction is a ValueError
            return json.dumps({"error": str(exc)})

    def draw(self, res: Any) -> None:
        """The panel's strings (the marker at step 0: the page moves it to its step)."""
        from core import review_view, session

        origin, actions = self.record["origin"], self.record["actions"]
        self.chart = review_view.chart_svg(res, 0)
        self.table = review_view.table_html(res, 0)
        self.turning = review_view.turning_html(res, lambda step: self.base + (
            session.share_fragment({"origin": origin, "actions": actions[:step]})))
