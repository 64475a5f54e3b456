"""The review's turning points measured on games whose blunder is known (issue 30, item 1).

The heuristic plays every crew decision of a standard solitaire game except one planted
blunder, of several kinds:

    self-destruct  starting the Self-Destruct System at turn 2 or 3;
    later          from turn 4 on, a drop or an attack that costs at least COST of
                   expected result (win 1, draw 1/2, loss 0) by sampled games from that
                   position (the engine's own: determinized from the crew view, then the
                   heuristic, the same seeds for the blunder and the heuristic's choice);

and games the heuristic plays alone. Each game is reviewed (bots/review.py, the page's sample
settings, every refinement: deterministic) and the figures printed:

    planted first / in the top 3   the planted decision's rank among the "choice" turning
                                   points' ranks (targets: >= 8 and >= 9 of 10)
    false alarms                   costly choices (swing < 0) flagged in the heuristic's own
                                   games (target: <= 1 in 4 games)
    no change                      turning points whose before and after win figures are the
                                   same to 2 points (target 0)
    luck given back                luck whose swing the next step of the curve takes back by
                                   half or more the other way (target 0)

    .venv/bin/python bench/planted_blunders.py                       # plant, review, print
    .venv/bin/python bench/planted_blunders.py --games-file /tmp/p.json   # planted once, kept
    .venv/bin/python bench/planted_blunders.py --planted 4 --alone 2      # a quick look
    .venv/bin/python bench/planted_blunders.py --games-file A --games-file B  # two plantings
    .venv/bin/python bench/planted_blunders.py --games-file bench/planted_games.json  # kept

bench/planted_games.json keeps session 43's games: 8 self-destructs and 3 later drops planted
(seeds 500001-500301 and 510001-510009, each confirmed on 100 sampled games) and 4 games of
the heuristic alone; the review alone takes about 20 s on them. A later blunder is rare (about
one in a hundred seeds), so planting ten anew takes hours: two runs side by side, stopped once
they had found enough (the games rebuilt from their printed lines), planted these.

Planting costs most of the time (sampled games over candidate actions); --games-file keeps
the planted records so the review alone can be measured again after a change.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web" / "py"))

import intruder_core as ic  # noqa: E402
from intruder_core import bots  # noqa: E402
from intruder_core.bots import review as rv  # noqa: E402
from intruder_core.bots.policy import MAX_TURNS  # noqa: E402
from intruder_core.bots.search import rollout  # noqa: E402

COST = 0.20          # a planted blunder costs at least this much expected result
SCREEN = 4           # sampled games per candidate when screening
SCREEN_TURNS = 3     # ... cut after this many turns (the value model scores the rest)
CONFIRM = 100        # ... and when confirming one (its standard error about 0.06)
SCAN_DECISIONS = 20  # crew decisions scanned per game for a later blunder, at most
LATER_TYPES = ("drop", "attack")
SCREENED = 4        # candidates screened at a decision, at most
SEEDS = 400          # seeds tried at most for each kind

Planter = Callable[[ic.Game, list[ic.Action], ic.Action, int], "ic.Action | None"]


def cost(g: ic.Game, base: ic.Action, other: ic.Action, n: int, seed: int,
         horizon: int = MAX_TURNS) -> float:
    """The expected result the heuristic's choice `base` keeps over `other`: `n` sampled games
    from the crew view after each, on the same seeds (cut after `horizon` turns and scored
    by the value model: the screen's cheap look)."""
    view = g.view("crew")
    log = [e.to_dict() for e in g.log]
    from intruder_core.bots.determinize import release_constraints

    cons = release_constraints(log)
    policy = bots.HeuristicPolicy()
    diff = 0.0
    for j in range(n):
        s = seed * 1009 + j
        diff += rollout(view, base, policy, s, cons, horizon) - \
            rollout(view, other, policy, s, cons, horizon)
    return diff / n


def play_planted(seed: int, planter: Planter | None) -> tuple[ic.Game, int | None, str, float]:
    """The heuristic's game from `seed`, with the planter's blunder at the first decision it
    answers (once): the game, the blunder's step, its label and its cost."""
    g = ic.new_game(seed=seed)
    rng = random.Random(seed)
    policy = bots.HeuristicPolicy()
    planted: int | None = None
    label, paid = "", 0.0
    decisions = 0
    while not g.is_over and g.turn <= 40:
        legal = g.legal_actions()
        base = policy.choose(g.view("crew"), legal, rng)[0]
        action = base
        if planted is None and planter is not None:
            decisions += 1
            blunder = planter(g, legal, base, decisions)
            if blunder is not None:
                paid = cost(g, base, blunder, CONFIRM, seed)
                planted, label, action = len(g.history), g.label(blunder), blunder
        g.apply(action)
    return g, planted, label, paid


def self_destruct(g: ic.Game, legal: list[ic.Action], base: ic.Action,
                  n: int) -> ic.Action | None:
    """Starting the Self-Destruct System at turn 2 or 3 (its first offer then)."""
    if g.turn not in (2, 3):
        return None
    return next((a for a in legal if a.type == "start_self_destruct" and a != base), None)


def later(seed: int) -> Planter:
    """A drop or an attack from turn 4 on whose screened cost is at least COST (and whose
    confirmed cost, measured again on more games, too): at each decision scanned, every drop
    of an object of another kind and every attack, SCREENED at most. (Screening also the
    move the value model liked least after the turn planted none in about 40 games, at
    several times the scan's cost.)"""
    scanned = [0]

    def plant(g: ic.Game, legal: list[ic.Action], base: ic.Action,
              n: int) -> ic.Action | None:
        if g.turn < 4 or scanned[0] >= SCAN_DECISIONS:
            return None
        seen = set()
        cands = []
        for a in legal:
            item = str(a.get("item") or "").rstrip("0123456789")  # an object's kind
            key = (a.type, a.get("crew"), item, a.get("weapon"))
            if a.type in LATER_TYPES and a != base and key not in seen:
                seen.add(key)
                cands.append(a)
        if not cands:
            return None
        scanned[0] += 1
        rng = random.Random(seed * 31 + n)
        rng.shuffle(cands)
        for a in cands[:SCREENED]:
            if cost(g, base, a, SCREEN, seed + n, SCREEN_TURNS) >= COST + 0.05 and \
                    cost(g, base, a, CONFIRM, seed) >= COST:
                return a
        return None

    return plant


def plant_games(planted: int, alone: int, first_seed: int,
                kept: Callable[[list[dict[str, Any]]], None] = lambda games: None
                ) -> list[dict[str, Any]]:
    """`planted` games with a blunder (half of each kind, self-destruct first) and `alone`
    games of the heuristic alone (of 10 turns or more); `kept` is handed the games so far
    after each one (a long planting stopped keeps what it found)."""
    out: list[dict[str, Any]] = []
    want = {"self-destruct": (planted + 1) // 2, "later": planted // 2}
    seed = first_seed
    for kind, n in want.items():
        found, last = 0, seed + SEEDS
        while found < n and seed < last:
            seed += 1
            if seed % 50 == 0:
                print(f"  ... {kind}: seed {seed}, {found} of {n} planted", flush=True)
            planter = self_destruct if kind == "self-destruct" else later(seed)
            g, step, label, paid = play_planted(seed, planter)
            if step is None or paid < COST:
                continue
            found += 1
            out.append({"kind": kind, "seed": seed, "step": step, "label": label,
                        "cost": round(paid, 3), "turns": g.turn, "record": dict(g.record())})
            kept(out)
            print(f"planted {kind:13} seed {seed}: step {step} {label!r} costs {paid:.2f} "
                  f"({g.turn} turns, {g.result['outcome'] if g.result else 'unfinished'})",
                  flush=True)
    found = 0
    while found < alone:
        seed += 1
        g, _, _, _ = play_planted(seed, None)
        if g.turn < 10:
            continue
        found += 1
        out.append({"kind": "alone", "seed": seed, "step": None, "label": "", "cost": 0.0,
                    "turns": g.turn, "record": dict(g.record())})
        kept(out)
        print(f"alone seed {seed}: {g.turn} turns, "
              f"{g.result['outcome'] if g.result else 'unfinished'}", flush=True)
    return out


def given_back(res: rv.ReviewResult, tp: rv.TurningPoint) -> bool:
    """Whether a luck point's swing is taken back, by half or more, by the curve's next step
    (from the decision after the luck to the one after that)."""
    steps = [p["step"] for p in res["points"]]
    later_points = [p for p in res["points"] if p["step"] > tp["step"]]
    if len(later_points) < 2 or tp["step"] not in steps:
        return False
    a, b = later_points[0]["figure"]["expected"], later_points[1]["figure"]["expected"]
    back = b - a
    return back * tp["swing"] < 0 and abs(back) >= 0.5 * abs(tp["swing"])


def measure(games: list[dict[str, Any]], samples: int, refine: int, expect: int,
            quality: int, verbose: bool, budget: float | None = None) -> None:
    """Review every game and print the figures (`budget`: the review's time budget, s)."""
    ranks: list[int | None] = []
    alarms = no_change = back = points = 0
    alone = unchecked = 0
    seconds = []
    for gm in games:
        start = time.perf_counter()
        res = rv.Review(gm["record"], samples=samples, refine=refine, expect_samples=expect,
                        quality_samples=quality, budget_s=budget).run()
        seconds.append(time.perf_counter() - start)
        unchecked += res["unchecked"]
        turning = sorted(res["turning"], key=lambda t: t["rank"])
        points += len(turning)
        for tp in turning:
            if abs(round(100 * tp["before"]["win"]) - round(100 * tp["after"]["win"])) <= 2:
                no_change += 1
            if tp["kind"] == "luck" and given_back(res, tp):
                back += 1
        rank = None
        if gm["kind"] == "alone":
            alone += 1
            alarms += sum(1 for t in turning if t["kind"] == "choice" and t["swing"] < 0)
        else:
            rank = next((n for n, t in enumerate(turning, 1)
                         if t["kind"] == "choice" and t["step"] == gm["step"]), None)
            ranks.append(rank)
        print(f"{gm['kind']:13} seed {gm['seed']}: {gm['turns']} turns, "
              f"{len(turning)} turning points, "
              + (f"planted {gm['label']!r} (step {gm['step']}, costs {gm['cost']:.2f}) "
                 f"ranked {rank}" if gm["kind"] != "alone" else
                 f"{sum(1 for t in turning if t['kind'] == 'choice' and t['swing'] < 0)} "
                 f"costly choices flagged") + f"; {seconds[-1]:.2f} s", flush=True)
        if verbose:
            for tp in turning[:4]:
                print(f"    {tp['rank']}. [{tp['kind']}] step {tp['step']} "
                      f"swing {tp['swing']:+.3f}: {tp['text']}")
    n = len(ranks)
    first = sum(1 for r in ranks if r == 1)
    top3 = sum(1 for r in ranks if r is not None and r <= 3)
    print(f"\nplanted ranked first: {first} of {n}; in the top 3: {top3} of {n} "
          f"(targets >= 8 and >= 9 of 10)")
    print(f"false alarms: {alarms} costly choices flagged in {alone} heuristic games "
          f"(target <= 1 in 4)")
    print(f"no change (before and after win the same to 2 points): {no_change} of {points} "
          f"turning points (target 0)")
    print(f"luck given back at the next decision: {back} (target 0)")
    print(f"review time: mean {sum(seconds) / max(len(seconds), 1):.2f} s, "
          f"max {max(seconds, default=0):.2f} s (CPython, "
          + ("every refinement)" if budget is None else
             f"a budget of {budget} s: {unchecked} candidates left unchecked)"))


def main() -> None:
    from workers import bot_tasks

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--planted", type=int, default=10, help="games with a planted blunder")
    ap.add_argument("--alone", type=int, default=4, help="games of the heuristic alone")
    ap.add_argument("--seed", type=int, default=500000, help="the first game's seed - 1")
    ap.add_argument("--games-file", type=Path, action="append", default=[],
                    help="read the planted games from here if it exists, else write them, "
                         "after each game planted (a planting stopped keeps what it found); "
                         "given again: the games of every file, planted apart, measured "
                         "together")
    ap.add_argument("--samples", type=int, default=bot_tasks.REVIEW_SAMPLES)
    ap.add_argument("--refine", type=int, default=bot_tasks.REVIEW_REFINE)
    ap.add_argument("--expect", type=int, default=bot_tasks.REVIEW_EXPECT)
    ap.add_argument("--quality", type=int, default=bot_tasks.REVIEW_QUALITY)
    ap.add_argument("--budget", type=float, default=None,
                    help="the review's time budget in s (the page's REVIEW_WHOLE_S in "
                         "Pyodide is about 1.45x slower: 2.75 here is the page's 4)")
    ap.add_argument("-v", "--verbose", action="store_true", help="each game's top points")
    args = ap.parse_args()
    missing = [f for f in args.games_file if not f.exists()]
    if args.games_file and not missing:
        games = [g for f in args.games_file for g in json.loads(f.read_text())]
    elif len(args.games_file) > 1:
        sys.exit(f"no such games file: {', '.join(map(str, missing))}")
    else:
        def keep(games: list[dict[str, Any]]) -> None:
            for f in args.games_file:
                f.write_text(json.dumps(games))

        games = plant_games(args.planted, args.alone, args.seed, keep)
    measure(games, args.samples, args.refine, args.expect, args.quality, args.verbose,
            args.budget)


if __name__ == "__main__":
    main()
