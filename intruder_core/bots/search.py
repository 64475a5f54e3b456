"""Information-set Monte Carlo: a searching crew player and win odds from any position.

Both sample what the crew cannot see (`determinize`: face-down identities, the Not Used box,
fresh dice) consistently with the crew view, then play games forward with the heuristic
player. `SearchPolicy` compares candidate actions on the same samples (common random numbers)
and keeps the heuristic's choice unless another is clearly better; `win_odds` averages the
outcomes from the current position. Standard library only, single-threaded: runs in Pyodide.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Iterator, Mapping

from ..action_types import PASSIVE  # never worth a rollout unless the heuristic wants it
from ..actions import Action
from ..game import Game
from ..odds_tally import OUTCOMES, OddsEstimate, odds_estimate, sample_seed
from ..scoring import total
from ..view import View
from .determinize import Inconsistent, determinize
from .heuristic import HeuristicPolicy
from .policy import MAX_TURNS, Choice, Policy, play
from .value import value

VALUE = {"win": 1.0, "draw": 0.5, "loss": 0.0}
# Decisions worth searching: Self Defense, and action segments offering one of these.
CRITICAL = frozenset({"attack", "prod", "cage", "start_self_destruct", "stop_self_destruct",
                      "leave", "open_airlock", "prepare_hatches", "open_hatches", "freeze"})


def critical(view: View, legal: list[Action]) -> bool:
    """A decision where the choice can change the game: Self Defense, or an action segment
    with a weapon, a Cage, a prod, an airlock, the Freezer, the self-destruct or a shuttle."""
    step = view["decision"]["step"]
    if step == "defense":
        return True
    return step in ("crew_actions", "free_actions") and any(a.type in CRITICAL for a in legal)


def playout(view: View, first: Action | None, policy: Policy, seed: int,
            constraints: Iterable[Iterable[str]] = (), horizon: int = MAX_TURNS,
            kinds: Mapping[str, str] | None = None) -> Game:
    """One sampled game from the view: `first` (if any), then `policy` for at most `horizon`
    more turns. The view's hidden parts are sampled from `seed` (determinize; `kinds` as
    there)."""
    rng = random.Random(seed)
    g = determinize(view, rng, constraints, kinds)
    if first is not None:
        g.apply(first)
    play(g, policy, rng, max_turns=g.turn + horizon)
    return g


def scored_rollout(view: View, first: Action | None, policy: Policy, seed: int,
                   constraints: Iterable[Iterable[str]] = (), horizon: int = MAX_TURNS,
                   kinds: Mapping[str, str] | None = None) -> tuple[float, int]:
    """The value of one playout for the crew: its result (win 1, draw 1/2, loss 0), or the
    value model's estimate where the horizon cut it short (bots.value); and the score it
    reached (How to Win's ledger so far: Intruders killed and captured, crewmen dead)."""
    g = playout(view, first, policy, seed, constraints, horizon, kinds)
    if g.result is not None:
        return VALUE.get(str(g.result["outcome"]), 0.0), total(g)
    return value(g.view("crew")), total(g)


def rollout(view: View, first: Action | None, policy: Policy, seed: int,
            constraints: Iterable[Iterable[str]] = (), horizon: int = MAX_TURNS,
            kinds: Mapping[str, str] | None = None) -> float:
    """The value of one playout for the crew (scored_rollout's first figure)."""
    return scored_rollout(view, first, policy, seed, constraints, horizon, kinds)[0]


def outcome(view: View, policy: Policy, seed: int,
            constraints: Iterable[Iterable[str]] = ()) -> str:
    """How one sampled game from the view ends: "win", "draw", "loss" or "unfinished"."""
    g = playout(view, None, policy, seed, constraints)
    return str(g.result["outcome"]) if g.result is not None else "unfinished"


def _seed(base: int, rng: random.Random) -> int:
    return (base * 1_000_003 + rng.getrandbits(40)) & (2**62 - 1)


class SearchPolicy:
    """Chooses by rollouts: each candidate action is followed by heuristic play over the same
    determinizations; the heuristic's own choice wins ties and unclear differences.

    `budget_rollouts` bounds the rollouts per decision (deterministic given the seed and the
    rng it is handed); `budget_seconds` also stops early by the clock (then timing-dependent).
    Rollouts stop after `horizon` turns and are scored by the value model (bots.value).
    Only critical decisions are searched (`critical`), unless `everywhere`; the rest, like
    the many small Crew Movement steps, are the heuristic's."""

    name = "search"

    def __init__(self, budget_rollouts: int = 24, budget_seconds: float | None = None,
                 seed: int = 0, rollout_policy: Policy | None = None,
                 max_candidates: int = 4, everywhere: bool = False, horizon: int = 8,
                 z: float = 1.0) -> None:
        self.budget_rollouts = budget_rollouts
        self.budget_seconds = budget_seconds
        self.seed = seed
        self.rollout_policy: Policy = rollout_policy or HeuristicPolicy()
        self.max_candidates = max_candidates
        self.everywhere = everywhere
        self.horizon = horizon
        self.z = z
        self.constraints: list[set[str]] = []
        # per candidate of the last search: its mean score over the heuristic's choice's on
        # the same samples (points, paired), which an overruling choice may not lower
        self.score_gain: list[float] = []

    def candidates(self, legal: list[Action], base: Action) -> list[Action]:
        """The heuristic's choice first, then the other actions worth a rollout: one per kind
        of action, weapon and target (who fires matters little), passes included."""
        out = [base]
        seen = {(base.type, base.get("weapon"), base.get("target"), base.get("room"))}
        big_leave = max((len(a.names("crew")) for a in legal if a.type == "leave"),
                        default=0)
        for a in legal:
            key = (a.type, a.get("weapon"), a.get("target"), a.get("room"))
            if a == base or a.type in PASSIVE or key in seen:
                continue
            if a.type == "leave" and len(a.names("crew")) < big_leave:
                continue  # only the fullest shuttles: fewer departures, fewer stowaways
            seen.add(key)
            out.append(a)
        return out[:self.max_candidates]

    def choose(self, view: View, legal: list[Action],
               rng: random.Random) -> Choice:
        """Search the candidates; falls back to the heuristic when there is nothing to
        compare or the budget cannot give each candidate two rollouts."""
        base, why = self.rollout_policy.choose(view, legal, rng)
        if len(legal) == 1 or not (self.everywhere or critical(view, legal)):
            return base, why
        if base.type == "leave":
            # Boarding stands: shuttles leave only in a Second Interaction Phase (R18), and a
            # crewman who acts instead or waits can be left without a seat to die with the
            # station (seed 700008: a sampled 55% against 40% had one catch a Lab Animal).
            return base, why
        cands = self.candidates(legal, base)
        if len(cands) < 2 or self.budget_rollouts < 2 * len(cands):
            return base, why
        try:
            stats = self._search(view, cands, rng)
        except Inconsistent:
            return base, why + " (search skipped: the view does not add up)"
        n0, m0, _ = stats[0]
        best = 0
        for i, (n, m, d) in enumerate(stats[1:], 1):
            if n < 2:
                continue
            se = math.sqrt(max(d, 1e-9) / n)
            # Clearly better by outcome, and no worse by score: a choice as likely to win
            # that loses crewmen on the way is no better (issue 30, item 5: overruling by
            # outcome alone scored 2.0 points a game less than the heuristic, 200 seeds).
            if m - m0 > self.z * se and m > stats[best][1] and self.score_gain[i] >= 0:
                best = i
        n, m, _ = stats[best]
        if best == 0:
            return base, f"{why} (searched {len(cands)} options: {m0:.0%} over {n0} samples)"
        a = cands[best]
        return a, (f"search: {a.label or a.type} scores {m:.0%} against {m0:.0%} for the "
                   f"heuristic's choice over {n} samples")

    def known_kinds(self, view: View) -> Mapping[str, str] | None:
        """The hidden counters' kinds the rollouts start from: None, so each rollout samples
        them (determinize). Only the bench's clairvoyant bound (bench/advisor_paired.py
        --clairvoyant) answers with the true ones; a bot never knows them."""
        return None

    def _search(self, view: View, cands: list[Action],
                rng: random.Random) -> list[tuple[int, float, float]]:
        """Successive halving with paired samples. Returns, per candidate, (samples, mean
        value, variance of its difference from the heuristic's choice); sets score_gain."""
        start = time.perf_counter()
        kinds = self.known_kinds(view)
        alive = list(range(len(cands)))
        values: list[list[float]] = [[] for _ in cands]
        scores: list[list[int]] = [[] for _ in cands]
        seeds: list[int] = []
        budget = self.budget_rollouts
        rounds = max(1, math.ceil(math.log2(len(cands))))
        per_round = budget // rounds
        spent = 0
        for r in range(rounds):
            k = max(1, per_round // len(alive))
            while len(seeds) < len(values[alive[0]]) + k:
                seeds.append(_seed(self.seed, rng))
            for _ in range(k):
                j = len(values[alive[-1]])
                for i in alive:
                    if len(values[i]) > j:
                        continue
                    v, points = scored_rollout(view, cands[i], self.rollout_policy, seeds[j],
                                               self.constraints, self.horizon, kinds)
                    values[i].append(v)
                    scores[i].append(points)
                    spent += 1
                if self.budget_seconds is not None and \
                        time.perf_counter() - start > self.budget_seconds:
                    break
            if self.budget_seconds is not None and \
                    time.perf_counter() - start > self.budget_seconds:
                break
            if r < rounds - 1 and len(alive) > 2:
                keep = sorted(alive, key=lambda i: -sum(values[i]) / max(len(values[i]), 1))
                keep = keep[:max(2, len(alive) // 2)]
                alive = sorted(set(keep) | {0})
            if spent >= budget:
                break
        out = []
        self.score_gain = []
        for i in range(len(cands)):
            n = min(len(values[i]), len(values[0]))
            self.score_gain.append(sum(scores[i][j] - scores[0][j] for j in range(n)) / n
                                   if n else 0.0)
            if n == 0:
                out.append((0, 0.0, 0.0))
                continue
            m = sum(values[i][:n]) / n
            diffs = [values[i][j] - values[0][j] for j in range(n)]
            md = sum(diffs) / n
            var = sum((x - md) ** 2 for x in diffs) / max(n - 1, 1)
            out.append((n, m, var))
        return out


def win_odds_iter(view: View, log: Iterable[Mapping[str, object]] | None = None,
                  samples: int = 200, policy: Policy | None = None, seed: int = 0,
                  chunk: int = 10) -> Iterator[OddsEstimate]:
    """Win, draw and loss chances from the current position, by playing `samples` sampled
    games with `policy` (the heuristic by default). Yields the running estimate after every
    `chunk` games, so a page can run it between frames; the last one has "done": True.

    `log` (the game's public event dicts) adds what only the history tells (R14 releases)."""
    from .determinize import release_constraints

    policy = policy or HeuristicPolicy()
    if view["over"]:
        ended = view["result"]["outcome"] if view["result"] else "loss"
        yield {"win": float(ended == "win"), "draw": float(ended == "draw"),
               "loss": float(ended == "loss"), "n": 0, "unfinished": 0, "done": True}
        return
    constraints = release_constraints(log) if log is not None else []
    counts = dict.fromkeys(OUTCOMES, 0)
    for i in range(samples):
        counts[outcome(view, policy, sample_seed(seed, i), constraints)] += 1
        n = i + 1
        if n % chunk == 0 or n == samples:
            yield odds_estimate(counts, samples)


def win_odds(view: View, log: Iterable[Mapping[str, object]] | None = None,
             samples: int = 200, policy: Policy | None = None,
             seed: int = 0) -> OddsEstimate:
    """{"win": p, "draw": p, "loss": p, "n": N} from the current position (see win_odds_iter)."""
    *_, last = win_odds_iter(view, log, samples, policy, seed, chunk=max(samples, 1))
    return last
