"""The review of a game: the crew's win chance at every decision, and the turning points.

A record (origin + actions) is replayed with the loader's checked replay. Stage 1 scores every
crew decision with the value model (bots.value, from the crew view only) and, for an action
that rolled dice or turned counters over, the expected value of the choice itself (the model
averaged over a few sampled hidden states and fresh dice), so that what the player chose is
told apart from the luck that followed (dice, counters revealed, the Intruder's moves). Stage 2
refines the largest swings with sampled games (the machinery of the page's Odds), paired by
seed across actions and neighbouring moments and sampled further while unclear, and names the
advisor's alternative. A turning point stands only when it is real: its sampled interval
excludes no change, its before and after differ by more than SAME points, and (luck) the next
decision does not give it back; "No significant mistakes." when no costly choice stands.
Everything is computed from the crew view and the public log, so a review never learns a
face-down counter's kind or the dice to come, mid-game or after.

Work comes in slices (`Review.step(budget_s)`), so a worker can report progress and stop.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NotRequired, TypedDict

from .. import event_types
from ..actions import Action
from ..errors import CorruptSave, IllegalAction
from ..event_types import EventData
from ..game import Game
from ..odds_tally import OUTCOMES, sample_seed
from ..phase_names import PHASE_NAMES
from ..view import View
from .determinize import Inconsistent, determinize, release_constraints
from .faces import chance_words, faces
from .heuristic import HeuristicPolicy
from .search import SearchPolicy, playout
from .value import value

# The value model gives an expected result (win 1, draw 1/2, loss 0), not a split. The draw
# band is split from it as DRAW_SHARE * 4e(1 - e): no draw where the game is decided, most at
# an even game. DRAW_SHARE is the least-squares fit of that curve to the draws of heuristic
# self-play (bench/review.py --fit-draw: 150 standard games from seed 300000 give 0.262
# with the refitted value model).
DRAW_SHARE = 0.26
# Events that carry chance for the crew (dice, and counters turned over), and those worth
# quoting when luck moved the chance (in their own texts): declared in event_types.py.
CHANCE = event_types.CHANCE
HEADLINES = event_types.QUOTED
PASS_TYPES = frozenset({"end_movement", "end_actions", "no_defense", "interact"})
PASSES = 12          # passes at most after a choice, to judge it (stage 1)
QUALITY_SAMPLES = 4  # sampled hidden states per choice judged against the advisor's
EXPECT_SAMPLES = 6   # sampled hidden states per chance-bearing choice (stage 1)
SAMPLES = 16         # sampled games per figure refined in stage 2
REFINE = 4           # turning points refined in stage 2
KEEP = 8             # turning points listed
MIN_SWING = 0.03     # smaller changes of the expected result are not turning points
MORE = 3             # a refined swing not yet clear is sampled up to MORE x `samples` games
MIN_MORE = 40        # ... and up to this many at least
Z = 1.64             # a sampled swing is significant when its 90% interval excludes 0
SEARCH_ROLLOUTS = 12  # the search at a sampled choice: it names a candidate, which the
#                      sampled games then judge (half the page advisor's 24: the 5 s review)
SAME = 2             # before and after this many win points apart or less: no change shown
NO_MISTAKES = "No significant mistakes."


class Figure(TypedDict):
    """A chance and what it is: the value model's ("model"), or `n` sampled games with the
    95% half-width `margin` of the win share ("samples")."""

    win: float
    draw: float
    loss: float
    expected: float  # win + draw / 2
    source: Literal["model", "samples"]
    n: int
    margin: float


class Point(TypedDict):
    """One crew decision of the curve (or the end): the position after `step` actions."""

    step: int
    turn: int
    phase: str
    phase_name: str
    over: bool
    figure: Figure


class Advisor(TypedDict):
    """What the advisor (the heuristic) would have done instead, with its chance."""

    action: dict[str, object]
    label: str
    figure: Figure


class TurningPoint(TypedDict):
    """A decision ("choice") or the dice and moves after it ("luck") that moved the chance.
    `step`: the position to show (the decision); `fork`: the actions to keep to try again
    from that decision; `swing`: the change of the expected result."""

    kind: Literal["choice", "luck"]
    step: int
    fork: int
    turn: int
    phase: str
    what: str
    text: str     # the sentence, outcome first
    figures: str  # the statistics behind it (samples, margins)
    before: Figure
    after: Figure
    swing: float
    margin: float  # the swing's interval half-width (Z standard errors) when sampled, else 0
    rank: int
    advisor: NotRequired[Advisor]


class Choice(TypedDict):
    """One move the player may try at a mistake: the action and its label."""

    action: dict[str, object]
    label: str


class Mistake(TypedDict):
    """A costly choice of the player's, as the mistakes mode asks it again: where, what was
    played and about how many win points it lost, the moves to try, the advisor's move."""

    step: int
    turn: int
    phase: str
    played: str
    lost: int
    choices: list[Choice]
    advisor: str


class Judged(TypedDict):
    """A try judged: its figure beside the move played and the advisor's (the same sampled
    games), the paired gain in expected result, the win points kept and the verdict."""

    step: int
    action: dict[str, object]
    label: str
    figure: Figure
    played: Figure
    advisor: Figure
    gain: float
    points: int
    verdict: Literal["better", "same", "worse"]
    words: str


class ReviewResult(TypedDict):
    """A review so far: the curve, the turning points and how far the work has got."""

    points: list[Point]
    turning: list[TurningPoint]
    actions: int
    turns: int
    over: bool
    outcome: str | None
    stage: int       # 1: the model's figures; 2: refining with sampled games
    verdict: str     # NO_MISTAKES when no costly choice stands and none was left unchecked
    unchecked: int   # candidate turning points the time budget left unsampled (left out)
    progress: float  # 0..1
    done: bool
    seconds: float
    note: str


@dataclass
class _Moment:
    """The position before one action (or the end): the crew's view and what came next."""

    step: int
    turn: int
    phase: str
    view: View
    crew: bool  # a crew decision (else the Intruder player's, or the end)
    action: Action | None = None
    label: str = ""
    events: tuple[EventData, ...] = ()
    log_len: int = 0
    legal: tuple[Action, ...] = ()


def model_figure(e: float) -> Figure:
    """The value model's expected result `e` split into win, draw and loss (DRAW_SHARE)."""
    e = min(max(e, 0.0), 1.0)
    d = DRAW_SHARE * 4 * e * (1 - e)
    return {"win": e - d / 2, "draw": d, "loss": 1 - e - d / 2, "expected": e,
            "source": "model", "n": 0, "margin": 0.0}


def sample_figure(counts: Mapping[str, int]) -> Figure:
    """Sampled games' outcome counts as a figure (unfinished games left out of the shares),
    with the Wilson 95% half-width of the win share."""
    n = sum(counts.get(k, 0) for k in ("win", "draw", "loss"))
    m = max(n, 1)
    win, draw, loss = (counts.get(k, 0) / m for k in ("win", "draw", "loss"))
    z = 1.96
    margin = z * math.sqrt(win * (1 - win) / m + z * z / (4 * m * m)) / (1 + z * z / m)
    return {"win": win, "draw": draw, "loss": loss, "expected": win + draw / 2,
            "source": "samples", "n": n, "margin": margin}


def points_gained(before: Figure, after: Figure) -> int:
    """The win chance's change in the points the curve shows (each figure rounded to a
    whole percent first): what the sentences, the no-change rule and the judge all read."""
    return round(100 * after["win"]) - round(100 * before["win"])


def pct(x: float) -> str:
    """A share as a whole percentage."""
    return f"{round(100 * x)}%"


def source_words(f: Figure) -> str:
    """What a figure is, in words: "the value model" or "16 sampled games, ±24%"."""
    return "the value model" if f["source"] == "model" else \
        f"{f['n']} sampled games, ±{pct(f['margin'])}"


def crew_side(g: Game) -> str:
    """The side whose view the review takes: the crew (the first crew player with two)."""
    return "crew" if "crew" in g.players else g.players[0]


def refuse(record: object) -> tuple[object, list[object]]:
    """The record's origin and actions, or CorruptSave saying what is wrong with it."""
    if not isinstance(record, Mapping) or set(record) != {"origin", "actions"}:
        raise CorruptSave("not a game record: it must have an origin and actions")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise CorruptSave("the record's actions must be a list")
    return record["origin"], actions


class Review:
    """A game's review, computed in slices: `step(budget_s)` works for about that long and
    returns the result so far (`result()`); `run()` does it all at once.

    Deterministic for a record and `seed` (the slices' timing changes nothing)."""

    def __init__(self, record: object, seed: int = 0,
                 samples: int = SAMPLES, refine: int = REFINE, keep: int = KEEP,
                 expect_samples: int = EXPECT_SAMPLES, quality_samples: int = QUALITY_SAMPLES,
                 budget_s: float | None = None) -> None:
        for name, n, top in (("samples", samples, 400), ("refine", refine, 40),
                             ("keep", keep, 100), ("expect_samples", expect_samples, 100),
                             ("quality_samples", quality_samples, 100)):
            if not isinstance(n, int) or not 0 <= n <= top:
                raise ValueError(f"{name} must be a whole number from 0 to {top}")
        self.seed, self.samples, self.refine = seed, samples, max(0, min(refine, keep))
        self.keep, self.expect_samples = keep, expect_samples
        self.quality_samples = quality_samples
        # the whole review's work time at most (None: no bound): sampling stops there, and
        # the points left unsampled are left out (a turning point is a significant one)
        self.budget_s = budget_s
        self._slice = 0.0
        origin, actions = refuse(record)
        from ..saves import replay_checked

        end = replay_checked(origin, actions)  # CorruptSave here, before any work
        self.last = end.view(crew_side(end))   # the end's view (the result's outcome)
        self.count = len(actions) + 1          # the moments: one per action and the end
        # Replayed again moment by moment as stage 1 scores them, so that the first figures
        # come at once (a view per action is most of the replay's time).
        self.moments: list[_Moment] = []
        self._replay = _moments(origin, actions)
        self._points: tuple[tuple[int, int, int], list[Point]] = ((-1, -1, -1), [])
        self.log: list[EventData] = []  # the public log, for R14's release constraints
        self.values: list[float] = []        # the model's expected result at each moment
        self.expect: dict[int, Figure] = {}  # moment -> the expected value of its choice
        self.refined: dict[tuple[int, str], Figure] = {}  # (moment, first) -> sampled figure
        # (moment, first) -> each sampled game's result (None: unfinished), by sample index:
        # sample j has the same seed at every moment and for every action (common random
        # numbers), so differences between neighbouring figures are paired
        self.draws: dict[tuple[int, str], list[float | None]] = {}
        self.quality: dict[int, Figure] = {}  # moment -> its choice judged further on
        self.expect_advice: dict[int, Figure] = {}  # ... and the advisor's the same way
        self.advice: dict[int, Action] = {}
        self.searched: dict[int, Action | None] = {}  # moment -> the search's other choice
        self.chances: dict[tuple[int, int], str] = {}  # (moment, event) -> a die's chance words
        self.turning: list[tuple[float, str, int]] = []   # (swing, kind, moment)
        self.stage = 1
        self.todo: list[tuple[float, str, int]] = []  # the candidates stage 2 samples, in order
        self.judged = 0  # stage 1: the moments whose choice is judged
        self.played = 0  # stage 2: the sampled games played (or found played already)
        self.seconds = 0.0
        self._work = self._plan()
        self.done = False

    # --- the work ---------------------------------------------------------------------------

    def _progress(self) -> float:
        """How far the work is, 0..1, never going back: the model's values (the first 5%),
        the choices judged moment by moment (to 50%), then the sampled games."""
        if self.done:
            return 1.0
        n = max(self.count, 1)
        if self.stage == 1:
            return 0.05 * len(self.values) / n + 0.45 * self.judged / n
        planned = max(len(self.turning[:self.refine]) * 2 * self.samples, 1)
        return min(0.5 + 0.5 * self.played / planned, 0.99)

    def _plan(self) -> Iterator[None]:
        """Stage 1 for every moment, then stage 2 for the largest swings, one unit a yield."""
        for m in self._replay:
            self.moments.append(m)
            self.values.append(value(m.view))
            yield
        for i, m in enumerate(self.moments):
            self.judged = i
            if not m.crew or m.action is None:
                continue
            constraints = self._constraints(i)
            if _chanceful(m.events):
                yield from self._expect(i, m.action, constraints, self.expect, 0)
            else:
                self.expect[i] = model_figure(self.values[i + 1])
            b = self._advice(i)
            if b != m.action:
                yield from self._expect(i, m.action, constraints, self.quality, PASSES)
                yield from self._expect(i, b, constraints, self.expect_advice, PASSES)
            yield
        self._choose_turning()
        self.stage = 2
        self.todo = self._to_refine()
        for _, kind, i in self.todo:
            if self._out_of_time():
                break  # the rest are left out, and counted (`unchecked`)
            n = self.samples
            while True:
                for k, key in self._pair(kind, i):
                    yield from self._refine(k, key, n)
                other = self._searched(i) if kind == "choice" and not self._out_of_time() \
                    else None
                if other is not None:  # the search's choice, on the same seeds
                    yield from self._refine(i, "advisor", n)
                    yield from self._refine(i, "search", n, other)
                diff = self._paired(kind, i)
                if diff is None or self._settled(kind, *diff, n) or n >= self._most() or \
                        self._out_of_time():
                    break
                n += max(self.samples, 8)  # not yet clear: more games, the same seeds
            if kind == "luck" and self._significant(kind, i):
                # the decision after: is the swing given back there?
                after = self._next_crew(self._next_crew(i))
                yield from self._refine(after, "advisor", self.samples)

    def _work_s(self) -> float:
        """Seconds of work so far, the current slice included."""
        return self.seconds + (time.perf_counter() - self._slice if self._slice else 0.0)

    def _out_of_time(self) -> bool:
        """Whether the review has worked its budget (`budget_s`)."""
        return self.budget_s is not None and self._work_s() >= self.budget_s

    @staticmethod
    def _settled(kind: str, mean: float, se: float, n: int) -> bool:
        """Whether a sampled swing needs no more games: clear either way, or (luck) too small
        or too far from clear for more games to clear it. A choice that is not clear is
        sampled on to the most games: a costly one missed is a lesson lost (issue 30 item 1)."""
        if abs(mean) > Z * se or abs(mean) + Z * se < MIN_SWING:
            return True
        return kind != "choice" and (abs(mean) < MIN_SWING or (n >= 16 and abs(mean) < Z * se / 2))

    def _most(self) -> int:
        """The sampled games a figure not yet clear may have: MORE x `samples`, and at least
        MIN_MORE (a swing between two positions is only paired by its seeds)."""
        return max(MORE * self.samples, min(MIN_MORE, 400))

    def _to_refine(self) -> list[tuple[float, str, int]]:
        """The turning points stage 2 samples: the largest swings, half the places (at least)
        kept for choices, which are what a player can learn from, and sampled first (when
        the page's time runs out, they are the figures to have)."""
        choices = [t for t in self.turning if t[1] == "choice"][:self.refine // 2]
        rest = [t for t in self.turning if t not in choices]
        return choices + rest[:self.refine - len(choices)]

    def _pair(self, kind: str, i: int) -> list[tuple[int, str]]:
        """The two sampled figures a turning point compares: a choice, the best of the
        advisor's (`_best`) and the chosen action's; luck, the chosen action's and the next
        crew decision's."""
        if kind == "choice":
            return [(i, self._best(i)), (i, "chosen")]
        return [(i, "chosen"), (self._next_crew(i), "advisor")]

    def _searched(self, i: int) -> Action | None:
        """The advisor's search's choice at moment i (bots.search, from the crew view, its
        samples seeded by the moment) where it is neither the heuristic's nor the move played:
        a choice is judged against the best the search finds, not the heuristic's alone
        (issue 30 item 1). Searched once, and only for the choices stage 2 samples."""
        if i not in self.searched:
            m = self.moments[i]
            search = SearchPolicy(budget_rollouts=SEARCH_ROLLOUTS, seed=self.seed * 7919 + i)
            search.constraints = self._constraints(i)
            a, _ = search.choose(m.view, list(m.legal), random.Random(sample_seed(self.seed, i)))
            self.searched[i] = None if a in (self._advice(i), m.action) else a
        return self.searched[i]

    def _best(self, i: int) -> str:
        """The key of the advisor's figure a choice at moment i is judged against: the
        search's choice where its sampled games did better than the heuristic's on the same
        seeds, else the heuristic's ("advisor")."""
        if self.searched.get(i) is None:
            return "advisor"
        diff = self._difference((i, "advisor"), (i, "search"))
        return "search" if diff is not None and diff[0] > 0 else "advisor"

    def _best_action(self, i: int) -> Action:
        """The action of the figure a choice is judged against (see _best)."""
        other = self.searched.get(i)
        return other if other is not None and self._best(i) == "search" else self._advice(i)

    def _paired(self, kind: str, i: int) -> tuple[float, float] | None:
        """The sampled swing (the second figure of the pair less the first: the chosen less
        the advisor's, the next decision less the choice) as its mean and standard error over
        the samples both figures have (paired by seed), or None when they are not sampled."""
        first, second = self._pair(kind, i)
        return self._difference(first, second)

    def _difference(self, first: tuple[int, str], second: tuple[int, str],
                    least: int = 2) -> tuple[float, float] | None:
        """The second figure's sampled games less the first's, paired by seed: their mean and
        standard error, or None with fewer than `least` pairs."""
        xs, ys = self.draws.get(first), self.draws.get(second)
        if xs is None or ys is None:
            return None
        d = [y - x for x, y in zip(xs, ys, strict=False) if x is not None and y is not None]
        if len(d) < least:
            return None
        mean = sum(d) / len(d)
        var = sum((v - mean) ** 2 for v in d) / (len(d) - 1) if len(d) > 1 else 0.0
        return mean, math.sqrt(var / len(d))

    def _sampled(self, kind: str, i: int) -> bool:
        """Whether a turning point's two figures have their `samples` games each (at most 8
        asked): a figure the time budget cut shorter is not judged."""
        return all(len(self.draws.get(key, ())) >= min(self.samples, 8)
                   for key in self._pair(kind, i))

    def unchecked(self) -> list[tuple[float, str, int]]:
        """The candidates stage 2 was to sample and the time budget left unsampled."""
        return [t for t in self.todo if not self._sampled(t[1], t[2])] if self.done else []

    def _significant(self, kind: str, i: int) -> bool | None:
        """Whether a sampled swing's 90% interval excludes no change (None: not sampled)."""
        diff = self._paired(kind, i)
        if diff is None or not self._sampled(kind, i):
            return None
        return abs(diff[0]) > Z * diff[1] and abs(diff[0]) >= MIN_SWING

    def _shown(self, kind: str, i: int) -> bool:
        """A turning point stands: large enough, significant where sampled (once the review is
        done, unsampled only when no sampling was asked for, refine 0), before and after more
        than SAME points apart, and (luck) not given back at the next decision."""
        significant = self._significant(kind, i)
        if abs(self._swing(kind, i)) < MIN_SWING or significant is False:
            return False
        if significant is None and self.done and self.refine > 0:
            return False  # left unsampled (smaller than those sampled, or out of time)
        before, after, _ = self._figures(kind, i)
        if abs(points_gained(before, after)) <= SAME:
            return False
        if kind == "luck":
            nxt = self._next_crew(i)
            back = self.figure(self._next_crew(nxt))["expected"] - self.figure(nxt)["expected"]
            swing = after["expected"] - before["expected"]
            if nxt < len(self.moments) - 1 and back * swing < 0 and \
                    abs(back) >= 0.5 * abs(swing):
                return False
        return True

    def _constraints(self, i: int) -> list[set[str]]:
        """R14's release constraints from the public log before moment i."""
        if not any(e.get("type") == "released" for m in self.moments[:i] for e in m.events):
            return []
        return release_constraints(e for m in self.moments[:i] for e in m.events)

    def _expect(self, i: int, a: Action, constraints: list[set[str]],
                into: dict[int, Figure], passes: int) -> Iterator[None]:
        """The model's value after action `a` at moment i, averaged over sampled hidden states
        and dice (the same samples for every action of a moment). With `passes`, a choice is
        judged further on: the crew then passes (standing as it is, choosing Interactions in
        order) up to that many times, through the Intruder's answer, so that a move is judged
        by what the Intruder then does to the crew it leaves; the advisor's the same way."""
        vals = []
        for j in range(self.expect_samples if passes == 0 else self.quality_samples):
            try:
                g = determinize(self.moments[i].view,
                                random.Random(sample_seed(self.seed * 7919 + i, j)), constraints)
                events = [e.to_dict() for e in g.apply(a)]
                turn = g.turn
                for _ in range(passes):
                    if g.is_over or g.turn > turn or (g.step == "move" and _chanceful(events)
                                                      and g.phase == "crew_movement"):
                        break  # the Intruder has answered: the turn is over

                    step = [x for x in g.legal_actions() if x.type in PASS_TYPES]
                    if not step:
                        break
                    events += [e.to_dict() for e in g.apply(step[0])]
            except (Inconsistent, IllegalAction):
                continue
            vals.append(value(g.view(crew_side(g))))
            yield
        into[i] = model_figure(sum(vals) / len(vals) if vals else self.values[i])

    def _advice(self, i: int) -> Action:
        """The advisor's choice at moment i: the heuristic's, from the crew view."""
        if i not in self.advice:
            m = self.moments[i]
            action, _ = HeuristicPolicy().choose(m.view, list(m.legal),
                                                 random.Random(sample_seed(self.seed, i)))
            self.advice[i] = action
        return self.advice[i]

    def _refine(self, i: int, key: str, n: int, first: Action | None = None
                ) -> Iterator[None]:
        """Sampled games from moment i (after the chosen action, the advisor's, or `first`
        under its own key), up to `n` of them; sample j has the same seed at every moment
        (common random numbers), so the difference of two figures is sharper than either."""
        m = self.moments[i]
        draws = self.draws.setdefault((i, key), [])
        if len(draws) >= n:
            self.played += n
            return
        if m.view["over"]:
            outcome = m.view["result"]["outcome"] if m.view["result"] else "loss"
            draws.extend([_RESULT.get(str(outcome), 0.0)] * (n - len(draws)))
            self.played += n
        else:
            if first is None:
                first = m.action if key == "chosen" else self._advice(i) if m.crew else None
            constraints = self._constraints(i)
            policy = HeuristicPolicy()
            # out of time, a figure stops where it is (see `_sampled`)
            while len(draws) < n and not self._out_of_time():
                try:
                    g = playout(m.view, first, policy, sample_seed(self.seed * 7919, len(draws)),
                                constraints)
                    draws.append(_RESULT.get(str(g.result["outcome"])) if g.result else None)
                except (Inconsistent, IllegalAction):
                    draws.append(None)
                self.played += 1
                yield
        counts = dict.fromkeys(OUTCOMES, 0)
        for v in draws:
            counts[_OUTCOME.get(v, "unfinished") if v is not None else "unfinished"] += 1
        if sum(counts.values()) > counts["unfinished"]:  # else the model's figure stands
            self.refined[(i, key)] = sample_figure(counts)

    def _next_crew(self, i: int) -> int:
        """The next crew decision after moment i (or the end)."""
        for k in range(i + 1, len(self.moments)):
            if self.moments[k].crew:
                return k
        return len(self.moments) - 1

    def _swing(self, kind: str, i: int) -> float:
        """The change a turning point made to the expected result, by the figures so far:
        a choice against the advisor's, luck against the chance after the choice."""
        paired = self._paired(kind, i)
        if paired is not None:  # sampled: the mean of the paired differences
            return paired[0]
        before, after, advice = self._figures(kind, i)
        if kind == "choice":
            return 0.0 if advice is None else after["expected"] - advice["expected"]
        return after["expected"] - before["expected"]

    def _figures(self, kind: str, i: int) -> tuple[Figure, Figure, Figure | None]:
        """(before, after, the advisor's) of a turning point, sampled where refined."""
        if kind == "choice":
            if i not in self.quality:  # the advisor's choice: nothing to judge
                return self.figure(i), self.expect[i], None
            advice = self.refined.get((i, self._best(i))) or self.expect_advice[i]
            return advice, self.refined.get((i, "chosen")) or self.quality[i], advice
        nxt = self._next_crew(i)
        return self.refined.get((i, "chosen")) or self.expect[i], self.figure(nxt), None

    def _costly(self, kind: str, i: int) -> bool:
        """A choice of the player's that cost him (against the advisor's)."""
        return kind == "choice" and self._swing(kind, i) < 0

    def _lucky(self, i: int) -> bool:
        """Whether chance came between moment i's choice and the next crew decision: its
        action rolled or turned something over, or the Intruder player moved."""
        nxt = self._next_crew(i)
        return _chanceful(self.moments[i].events) or nxt > i + 1

    def _choose_turning(self) -> None:
        """The candidates stage 2 may refine, largest swings first: luck and choices that
        moved the model's figure by MIN_SWING or more, and every choice that differs from
        the advisor's however little the model prices it (what the model misses, a weapon
        dropped, sampled games may find: they come last, in the slots left)."""
        found = []
        for i in self.expect:
            for kind in ("choice", "luck") if self._lucky(i) else ("choice",):
                swing = self._swing(kind, i)
                if abs(swing) >= MIN_SWING or (kind == "choice" and i in self.quality):
                    found.append((swing, kind, i))
        found.sort(key=lambda t: (-abs(t[0]), t[2], t[1]))
        # the choices past the first `keep` stay candidates too: the model may price a costly
        # one at nothing, and stage 2 keeps places for choices
        self.turning = found[:self.keep] + [t for t in found[self.keep:] if t[1] == "choice"]

    def step(self, budget_s: float) -> ReviewResult:
        """Work for about `budget_s` seconds (at least one unit); the result so far."""
        start = self._slice = time.perf_counter()
        while not self.done:
            if next(self._work, StopIteration) is StopIteration:
                self.done = True
            elif time.perf_counter() - start >= budget_s:
                break
        self.seconds += time.perf_counter() - start
        self._slice = 0.0
        return self.result()

    def run(self) -> ReviewResult:
        """The whole review."""
        return self.step(math.inf)

    # --- learning from the mistakes (issue 30 item 3) ------------------------------------

    def mistakes(self, res: ReviewResult) -> list[Mistake]:
        """The costly choices of a finished review, in the game's order, each with what the
        player may try instead (the crew's legal actions there, as the page labelled them)
        and the advisor's move (shown only when asked: "Show me")."""
        out: list[Mistake] = []
        for tp in sorted(res["turning"], key=lambda t: t["step"]):
            if not costly(tp) or "advisor" not in tp:
                continue
            m = self.moments[tp["step"]]
            lost = -points_gained(tp["before"], tp["after"])
            out.append({"step": tp["step"], "turn": tp["turn"], "phase": tp["phase"],
                        "played": m.label, "lost": lost,
                        "choices": [{"action": a.to_dict(), "label": _label_of(m, a)}
                                    for a in m.legal],
                        "advisor": tp["advisor"]["label"]})
        return out

    def judge(self, step: int, action: object) -> Judged:
        """A try at the decision before action `step`, judged by the review's own figures:
        sampled games with the same seeds (common random numbers) after the try, after the
        move played and after the advisor's, at least `samples` of each."""
        if not 0 <= step < self.count - 1 or not self.moments[step].crew:
            raise IllegalAction(f"action {step} is no decision of the crew's")
        m = self.moments[step]
        a = Action.from_dict(action)
        if a not in m.legal:
            raise IllegalAction(f"{a.type} is not among the moves there")
        n = max(len(self.draws.get((step, "chosen"), ())), self.samples, 8)
        key = f"try {json.dumps(a.to_dict(), sort_keys=True)}"  # the try's own figure
        best = self._best(step)
        for k, first in (("chosen", None), (best, self._best_action(step)), (key, a)):
            for _ in self._refine(step, k, n, first):
                pass
        tried, played, advice = (self.refined[(step, k)] for k in (key, "chosen", best))
        diff = self._difference((step, "chosen"), (step, key), least=1)
        gain = diff[0] if diff else 0.0
        points = points_gained(played, tried)
        verdict: Literal["better", "same", "worse"] = (
            "better" if gain >= MIN_SWING and points > SAME else
            "worse" if gain <= -MIN_SWING and points < -SAME else "same")
        return {"step": step, "action": a.to_dict(), "label": _label_of(m, a),
                "figure": tried, "played": played, "advisor": advice,
                "gain": round(gain, 4), "points": points, "verdict": verdict,
                "words": judged_words(verdict, points, tried, played)}

    # --- the result -------------------------------------------------------------------------

    def figure(self, i: int) -> Figure:
        """Moment i's chance: sampled when stage 2 has played games from it, else the model."""
        return self.refined.get((i, "advisor")) or model_figure(self.values[i])

    def result(self) -> ReviewResult:
        """The review so far, JSON-ready."""
        last = self.last
        res = last["result"] if last["over"] else None
        # the player's costly choices first (what he can learn from), largest first, then
        # the rest (luck, and choices better than the advisor's) by their swings
        order = sorted((t for t in self.turning if self._shown(t[1], t[2])),
                       key=lambda t: (not self._costly(t[1], t[2]),
                                      -abs(self._swing(t[1], t[2])), t[2]))
        turning = [self._turning(rank, kind, i)
                   for rank, (_, kind, i) in enumerate(order[:self.keep], 1)]
        unchecked = self.unchecked()
        # "No significant mistakes" only when no costly choice stands and none went unchecked
        open_ = any(costly(t) for t in turning) or \
            any(kind == "choice" for _, kind, _ in unchecked)
        return {"points": self._curve(), "turning": turning, "actions": self.count - 1,
                "turns": int(last["turn"]), "over": bool(last["over"]),
                "outcome": str(res["outcome"]) if res else None, "stage": self.stage,
                "verdict": NO_MISTAKES if self.done and not open_ else "",
                "unchecked": len(unchecked),
                "progress": round(self._progress(), 4),
                "done": self.done, "seconds": round(self.seconds, 3),
                "note": ("Finished game: the last point is its result." if last["over"]
                         else "Game in play: from the crew's view only.")}

    def _curve(self) -> list[Point]:
        """The points so far: built anew only when a value or a sampled figure was added
        (result() comes after every slice; most slices change neither)."""
        key = (len(self.values), len(self.refined), self.played)
        if self._points[0] != key:
            end = self.count - 1
            self._points = (key, [
                {"step": m.step, "turn": m.turn, "phase": m.phase,
                 "phase_name": PHASE_NAMES.get(m.phase, m.phase), "over": bool(m.view["over"]),
                 "figure": self.figure(i)}
                for i, m in enumerate(self.moments[:len(self.values)])
                if m.crew or i == end])
        return list(self._points[1])

    def _chance(self, k: int, at: int) -> str:
        """" (1 chance in 6)" for the die at moment k's event `at`, from the crew's view
        (bots/faces.py), counted once."""
        if (k, at) not in self.chances:
            m = self.moments[k]
            self.chances[(k, at)] = "" if m.action is None else chance_words(faces(
                m.view, m.action, m.events, at, self._constraints(k), self.seed * 7919 + k))
        return self.chances[(k, at)]

    def _turning(self, rank: int, kind: str, i: int) -> TurningPoint:
        m = self.moments[i]
        before, after, advice = self._figures(kind, i)
        if kind == "choice":
            turn, phase = m.turn, m.phase
            what = m.label + _alone(m, self.moments[i + 1])
        else:
            spans = [(k, n) for k in range(i, self._next_crew(i))
                     for n in range(len(self.moments[k].events))]
            turn, phase, what = _luck_words([self.moments[k].events[n] for k, n in spans],
                                            m.turn, m.phase, lambda at: self._chance(*spans[at]))
        paired = self._paired(kind, i)
        margin = round(Z * paired[1], 4) if paired else 0.0
        out: TurningPoint = {"kind": "choice" if kind == "choice" else "luck",
                             "step": m.step, "fork": m.step, "turn": turn, "phase": phase,
                             "what": what, "text": "", "figures": "", "before": before,
                             "after": after, "swing": round(self._swing(kind, i), 4),
                             "margin": margin, "rank": rank}
        label = ""
        if advice is not None:
            b = self._best_action(i)
            label = _label_of(m, b)
            out["advisor"] = {"action": b.to_dict(), "label": label, "figure": advice}
        out["text"] = sentence(out["kind"], what, before, after, label)
        out["figures"] = figures_words(out["kind"], before, after, margin)
        return out


_RESULT = {"win": 1.0, "draw": 0.5, "loss": 0.0}
_OUTCOME = {v: k for k, v in _RESULT.items()}


def drawn_key(res: ReviewResult) -> tuple[object, ...]:
    """What a drawing of the review depends on: it changes when a figure or turning point
    does, not at every slice (the worker sends, and the page redraws, only then)."""
    sampled = sum(1 for p in res["points"] if p["figure"]["source"] == "samples")
    refined = sum(1 for t in res["turning"] if t["after"]["source"] == "samples")
    return (len(res["points"]), res["stage"], res["done"], sampled, refined,
            len(res["turning"]))


# --- the game replayed ------------------------------------------------------------------------


def _moments(origin: object, actions: Sequence[object]) -> Iterator[_Moment]:
    """The game replayed, one moment per action and then the end (a record Review has
    checked with the loader's checked replay: the same start, the same actions)."""
    from ..saves import check_origin, start_at

    g = start_at(check_origin(origin))
    for n, step in enumerate(actions):
        a = Action.from_dict(step)
        side = crew_side(g)
        owner = g.owner(a)
        crew = owner != "intruder"
        legal = tuple(g.legal_actions(owner) if len(g.players) > 1 else g.legal_actions()) \
            if crew else ()
        label = g.label(a) if crew else ""  # the Intruder player's labels name kinds
        log_len = len(g.log)
        view = g.view(side)
        events = tuple(e.to_dict() for e in g.apply(a))
        yield _Moment(n, g_turn(view), view["phase"], view, crew, a, label, events, log_len,
                      legal)
    view = g.view(crew_side(g))
    yield _Moment(len(actions), g_turn(view), view["phase"], view, False, log_len=len(g.log))


def g_turn(view: View) -> int:
    """The turn a view is in."""
    return int(view["turn"])


def _chanceful(events: Sequence[EventData]) -> bool:
    return any(e.get("type") in CHANCE for e in events)


def _label_of(m: _Moment, a: Action) -> str:
    """An action's label as the page showed it among moment m's choices."""
    for b in m.legal:
        if b == a:
            return str(b.label or b.type)
    return str(a.label or a.type)


def _alone(m: _Moment, after: _Moment) -> str:
    """", alone there" when the action left its crewman with no other active crewman."""
    if m.action is None or m.action.type != "move":
        return ""
    who = m.action.get("crew")
    crew = [c for c in after.view["crew"] if c["status"] == "active"]
    at = next((c["at"] for c in crew if c["id"] == who), None)
    if at is None or any(c["at"] == at and c["id"] != who for c in crew):
        return ""
    return ", alone there"


def _luck_words(events: Sequence[EventData], turn: int, phase: str,
                chance: Callable[[int], str] = lambda at: "") -> tuple[int, str, str]:
    """The turn and phase of the first headline among these events, and what happened, read
    from the events' fields: each die's first headline in its own words after the die ("a 1
    for the Intruder's attack on Engineer 2 — Engineer 2 is killed (1 chance in 6)": `chance`
    of the die's index), two at most; else the dice, else the counters' moves."""
    said: list[str] = []
    at: tuple[int, str] | None = None
    last_roll = ""
    roll_at = -1
    for n, e in enumerate(events):
        kind = e.get("type")
        if kind == "phase" and "turn" in e:
            turn, phase = int(e["turn"]), str(e["phase"])
        if kind == "roll":
            last_roll, roll_at = _die_words(e), n
            continue
        if kind in HEADLINES and kind != "game_over" and (last_roll or not said):
            # (a headline with no new die after one told is that die's outcome told again)
            if at is None:
                at = (turn, phase)
            text = str(e.get("text", ""))
            said.append(f"{last_roll} — {text}{chance(roll_at)}" if last_roll else text)
            last_roll = ""
            if len(said) == 2:
                break
    if not said:
        rolls = [_die_words(e) for e in events if e.get("type") == "roll"][:2]
        moves = [str(e.get("text", "")) for e in events if e.get("type") == "move"][:2]
        said = rolls or moves or ["what followed"]
    t, p = at or (turn, phase)
    return t, p, "; ".join(said)


def _die_words(roll: EventData) -> str:
    """A roll by its fields: "a 1 for the Intruder's attack on Engineer 2"."""
    return f"a {roll.get('die')} for {roll.get('purpose', 'a roll')}"


def costly(tp: TurningPoint) -> bool:
    """A turning point that is a choice of the player's that cost him (its swing below the
    advisor's)."""
    return tp["kind"] == "choice" and tp["swing"] < 0


def sentence(kind: str, what: str, before: Figure, after: Figure,
             advice: str = "") -> str:
    """A turning point in one sentence, its outcome first, in the win chance the curve shows:
    "Bad luck: ...: your chance fell from 75% to 50%."; "Your move: ...: your chance fell
    from 58% to 42%; <the advisor's action> was worth about 16 points more." (issue 30)."""
    a, b = round(100 * before["win"]), round(100 * after["win"])
    moved = f"your chance {'rose' if b > a else 'fell'} from {a}% to {b}%"
    if kind == "luck":
        return f"{'Good' if b > a else 'Bad'} luck: {what}: {moved}."
    if not advice:
        return f"Your move: {what}: {moved}."
    if b < a:
        return f"Your move: {what}: {moved}; {advice} was worth about {a - b} points more."
    return f"Good move: {what}: {moved}, about {b - a} points more than {advice}."


def judged_words(verdict: str, points: int, tried: Figure, played: Figure) -> str:
    """A try's verdict in one sentence, the outcome first ("Better: you keep about 12
    points.")."""
    if verdict == "better":
        return f"Better: you keep about {points} points ({pct(tried['win'])} against " \
            f"{pct(played['win'])})."
    if verdict == "worse":
        return f"Worse: about {-points} points less than the move you played " \
            f"({pct(tried['win'])} against {pct(played['win'])})."
    return f"About the same as the move you played ({pct(tried['win'])} against " \
        f"{pct(played['win'])}): try another, or Show me."


def when(tp: TurningPoint | Mistake) -> str:
    """Where in the game a turning point is: "Turn 3, First Interaction Phase"."""
    return f"Turn {tp['turn']}, {PHASE_NAMES.get(tp['phase'], tp['phase'])}"


def figures_words(kind: str, before: Figure, after: Figure, margin: float) -> str:
    """The statistics behind a turning point's sentence (shown behind a disclosure)."""
    first, then = ("The advisor's move", "Yours") if kind == "choice" else \
        ("Before", "At the next decision")
    out = f"{first}: {source_words(before)}. {then}: {source_words(after)}."
    if margin:
        out += f" The change is sure to within ±{round(100 * margin)} points (90%)."
    return out


# --- the command line ------------------------------------------------------------------------


def read_record(text: str) -> dict[str, object]:
    """A record from a file's text: a record, a save (its history) or a page envelope."""
    from ..codec import envelope_record, kind
    from ..saves import parse_json

    data = parse_json(text, "the file")
    found = kind(data)
    if found == "envelope" and isinstance(data, dict):
        rec = envelope_record(data)
        if isinstance(rec, dict):
            return rec
    if found == "record" and isinstance(data, dict):
        return {"origin": data["origin"], "actions": data["actions"]}
    if found == "save" and isinstance(data, dict):
        return {"origin": data.get("origin"), "actions": data["history"]}
    raise CorruptSave("not a game record, a save or a page save file")


def report(res: ReviewResult) -> str:
    """The review in words: the outcome, each turning point, the time."""
    lines = [f"{res['actions']} actions, {res['turns']} turns, "
             f"{res['outcome'] or 'still in play'}; {len(res['points'])} decisions scored."]
    for tp in sorted(res["turning"], key=lambda t: t["step"]):
        lines.append(f"  [{tp['kind']}] {when(tp)}: {tp['text']} {tp['figures']}")
    lines.append(f"Reviewed in {res['seconds']:.2f} s.")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """`review FILE`: print the turning points of the game in FILE and the time taken."""
    ap = argparse.ArgumentParser(prog="review", description=main.__doc__)
    ap.add_argument("file", help="a game record, a save or a page save file (JSON)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--samples", type=int, default=SAMPLES,
                    help="sampled games per refined figure")
    ap.add_argument("--refine", type=int, default=REFINE,
                    help="turning points refined with sampled games")
    ap.add_argument("--json", action="store_true", help="print the whole review as JSON")
    args = ap.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
        review = Review(read_record(text), seed=args.seed, samples=args.samples,
                        refine=args.refine)
    except (OSError, ValueError) as exc:
        print(f"review: {args.file}: {exc}", file=sys.stderr)
        return 2
    res = review.run()
    print(json.dumps(res) if args.json else report(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
