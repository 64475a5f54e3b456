#!/usr/bin/env python3
"""The value model's calibration (intruder_core/bots/value.py) against Monte Carlo odds on
held-out positions.

    python3 bench/calibration.py [--games 12] [--per-game 2] [--samples 40] [--jobs 2]
        [--seed 900000] [--difficulty easy standard hard nightmare] [--scenario solitaire]
        [--coef old.json current]

Plays heuristic games from seeds the model was not fitted on (fit-value trains from seed
100000; these start at 900000), takes `--per-game` of each game's crew positions at random
from the points the model learns from (balance.sample_point), and for each estimates the
crew's expected result (win 1, draw 1/2) by `--samples` sampled games with bots.win_odds, the
page's Odds machinery (the game's log gives its release constraints). Prints the model's log
loss and Brier score against those odds next to a constant guess (the mean of the odds: the
best constant in hindsight), by difficulty and overall, and a reliability table by decile of
the model's figure: predicted mean, Monte Carlo mean, the games' actual mean result, count.
`--coef` scores other coefficients (fit-value --out JSON files; "current" is value.COEF), each
on the same positions and odds, e.g. the old ones and the new for a before/after. `--save FILE`
keeps the positions and their odds (JSON), `--load FILE` scores them again without replaying.
The default run takes about 2 minutes here; raise --games/--samples for a finer one.
A benchmark: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import intruder_core as ic
from intruder_core import bots
from intruder_core.bots import intruder_ai
from intruder_core.bots.balance import LAB_SCENARIOS, sample_point
from intruder_core.bots.policy import MAX_TURNS
from intruder_core.bots.value import RESULT, value
from intruder_core.bots.value_fit import scores
from intruder_core.variants import DIFFICULTIES

Position = dict[str, Any]


def positions(seed: int, scenario: str, difficulty: str, per_game: int) -> list[Position]:
    """`per_game` crew positions of one heuristic game, with its log so far and its result."""
    options = None if difficulty == "standard" else {"difficulty": difficulty}
    g = ic.new_game(seed=seed, scenario=scenario, options=options)
    crew = bots.HeuristicPolicy()
    rng = random.Random(seed)
    found: list[Position] = []
    last = None
    while not g.is_over and g.turn <= MAX_TURNS:
        side = g.to_move()[0] if len(g.players) > 1 else None
        legal = g.legal_actions(side)
        if side == "intruder":
            action, _ = intruder_ai.choose(g.view("intruder"), legal, rng)
        else:
            view = g.view("crew")
            if sample_point(view, last):
                last = (view["turn"], view["phase"])
                found.append({"view": view, "log": [e.to_dict() for e in g.log]})
            action, _ = crew.choose(view, legal, rng)
        g.apply(action)
    result = RESULT.get(str((g.result or {}).get("outcome")), None)
    picks = random.Random(seed * 7 + 1).sample(found, min(per_game, len(found)))
    return [{**p, "seed": seed, "scenario": scenario, "difficulty": difficulty,
             "result": result} for p in picks if result is not None]


def odds(job: tuple[Position, int]) -> float:
    """The Monte Carlo expected result of a position (win 1, draw 1/2, loss 0)."""
    pos, samples = job
    o = bots.win_odds(pos["view"], pos["log"], samples=samples, seed=pos["seed"])
    return o["win"] + o["draw"] / 2


def reliability(rows: list[tuple[float, float, float]]) -> list[str]:
    """(predicted, Monte Carlo, actual) rows by decile of the prediction: one line each."""
    lines = ["  decile      predicted  Monte Carlo  actual  count"]
    for d in range(10):
        part = [r for r in rows if min(int(r[0] * 10), 9) == d]
        if not part:
            lines.append(f"  {d / 10:.1f}-{(d + 1) / 10:.1f}         -            -       -      0")
            continue
        n = len(part)
        pred, mc, actual = (sum(r[k] for r in part) / n for k in range(3))
        lines.append(f"  {d / 10:.1f}-{(d + 1) / 10:.1f}     {pred:6.3f}       {mc:6.3f}  "
                     f"{actual:6.3f}  {n:5}")
    return lines


def report(pos: list[Position], mc: list[float], coef: dict[str, float] | None) -> list[str]:
    """Log loss and Brier score by group and overall, then the reliability table."""
    pred = [value(p["view"], coef) for p in pos]
    lines = []
    groups: dict[str, list[int]] = {"all": list(range(len(pos)))}
    for i, p in enumerate(pos):
        groups.setdefault(f"{p['scenario']}/{p['difficulty']}", []).append(i)
    for name, idx in groups.items():
        ys = [mc[i] for i in idx]
        const = [sum(ys) / len(ys)] * len(ys)
        ll, br = scores([pred[i] for i in idx], ys)
        cll, cbr = scores(const, ys)
        lines.append(f"  {name:>28}: {len(idx):4} positions  log loss {ll:.4f} (constant "
                     f"{cll:.4f})  Brier {br:.4f} (constant {cbr:.4f})")
    lines += reliability([(pred[i], mc[i], pos[i]["result"]) for i in range(len(pos))])
    return lines


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=12, help="games per scenario and difficulty")
    p.add_argument("--per-game", type=int, default=2, help="positions taken from each game")
    p.add_argument("--samples", type=int, default=40, help="sampled games per position")
    p.add_argument("--seed", type=int, default=900_000, help="first seed (held out)")
    p.add_argument("--difficulty", nargs="+", choices=sorted(DIFFICULTIES),
                   default=["easy", "standard", "hard", "nightmare"])
    p.add_argument("--scenario", nargs="+", choices=LAB_SCENARIOS, default=["solitaire"])
    p.add_argument("--jobs", type=int, default=2, help="processes for the Monte Carlo odds")
    p.add_argument("--save", help="write the positions and their odds here (JSON)")
    p.add_argument("--load", help="score the positions and odds of a --save file")
    p.add_argument("--coef", nargs="+", default=["current"],
                   help="coefficients to score: JSON files (fit-value --out) or current")
    args = p.parse_args()
    t0 = time.perf_counter()
    if args.load:
        saved = json.loads(Path(args.load).read_text())
        pos, mc, about = saved["positions"], saved["odds"], saved["about"]
    else:
        pos = [q for sc in args.scenario for d in args.difficulty
               for s in range(args.seed, args.seed + args.games)
               for q in positions(s, sc, d, args.per_game)]
        jobs = [(q, args.samples) for q in pos]
        if args.jobs > 1:
            import multiprocessing as mp

            with mp.get_context("spawn").Pool(args.jobs) as pool:
                mc = pool.map(odds, jobs, chunksize=1)
        else:
            mc = [odds(j) for j in jobs]
        about = (f"{len(pos)} held-out positions ({args.per_game} from each of {args.games} "
                 f"games from seed {args.seed} per scenario and level), {args.samples} sampled "
                 "games each")
        if args.save:
            Path(args.save).write_text(json.dumps({"about": about, "positions": pos,
                                                   "odds": mc}))
    models = {name: None if name == "current" else json.loads(Path(name).read_text())
              for name in args.coef}
    print(f"{about} ({time.perf_counter() - t0:.0f} s)")
    for name, coef in models.items():
        print(f"calibration of {'value.COEF' if coef is None else name}:")
        print("\n".join(report(pos, mc, coef)))


if __name__ == "__main__":
    main()
