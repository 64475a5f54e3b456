#!/usr/bin/env python3
"""Fit the search's position value (intruder_core/bots/value.py) on heuristic self-play.

    python3 bench/fit_value.py [--games 1000] [--seed 100000]

Plays heuristic games on the standard level, records the features of the crew view at the
start of every Crew Movement Phase and at every Self Defense, labels each with the game's
result (win 1, draw 1/2, loss 0), and fits a logistic regression (cross-entropy, light L2)
by Newton's method. Prints the COEF table to paste into value.py, with the fit's
log loss and Brier score on held-out games next to those of a constant guess.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import intruder_core as ic
from intruder_core.bots import HeuristicPolicy
from intruder_core.bots.value import NAMES, RESULT, features


def samples(games: int, seed: int) -> list[tuple[int, list[float], float]]:
    bot = HeuristicPolicy()
    out = []
    for s in range(seed, seed + games):
        g = ic.new_game(seed=s)
        rng = random.Random(s)
        rows = []
        last = None
        while not g.is_over and g.turn < 150:
            view = g.view("crew")
            key = (view["turn"], view["phase"])
            if (view["decision"]["step"] == "move" and key != last) or \
                    view["decision"]["step"] == "defense":
                f = features(view)
                rows.append([f[n] for n in NAMES])
                last = key
            g.apply(bot.choose(view, g.legal_actions(), rng)[0])
        y = RESULT.get((g.result or {}).get("outcome", "loss"), 0.0)
        out += [(s, x, y) for x in rows]
    return out


def fit(data: list[tuple[int, list[float], float]], steps: int = 12,
        l2: float = 1e-2) -> list[float]:
    """Newton's method (iteratively reweighted least squares) with a light L2 penalty."""
    k = len(NAMES)
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for _, x, y in data:
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(min(z, 30), -30)))
            r = p * (1 - p)
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += (p - y) * xi
                    row = hess[i]
                    for j, xj in enumerate(x):
                        row[j] += r * xi * xj
        for i in range(1, k):
            grad[i] += l2 * len(data) * w[i]
            hess[i][i] += l2 * len(data)
        hess[0][0] += 1e-9
        w = [a - b for a, b in zip(w, solve(hess, grad), strict=True)]
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        if abs(m[r][r]) < 1e-12:
            continue
        out[r] = (m[r][n] - sum(m[r][j] * out[j] for j in range(r + 1, n))) / m[r][r]
    return out


def scores(w: list[float], data: list[tuple[int, list[float], float]]) -> tuple[float, float]:
    ll = brier = 0.0
    for _, x, y in data:
        z = sum(a * b for a, b in zip(w, x, strict=True))
        p = min(max(1 / (1 + math.exp(-max(min(z, 30), -30))), 1e-6), 1 - 1e-6)
        ll -= y * math.log(p) + (1 - y) * math.log(1 - p)
        brier += (p - y) ** 2
    return ll / len(data), brier / len(data)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=100000)
    p.add_argument("--steps", type=int, default=12)
    args = p.parse_args()
    data = samples(args.games, args.seed)
    cut = args.seed + int(args.games * 0.8)
    train = [d for d in data if d[0] < cut]
    test = [d for d in data if d[0] >= cut]
    w = fit(train, args.steps)
    mean = sum(y for _, _, y in train) / len(train)
    const = [math.log(mean / (1 - mean))] + [0.0] * (len(NAMES) - 1)
    print(f"# {len(train)} training and {len(test)} test positions from {args.games} games")
    print(f"# held-out log loss {scores(w, test)[0]:.4f} (constant {scores(const, test)[0]:.4f}),"
          f" Brier {scores(w, test)[1]:.4f} (constant {scores(const, test)[1]:.4f})")
    print("COEF: dict[str, float] = {")
    for name, c in zip(NAMES, w, strict=True):
        print(f'    "{name}": {c:.4f},')
    print("}")


if __name__ == "__main__":
    main()
