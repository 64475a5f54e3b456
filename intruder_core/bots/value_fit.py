"""Fitting the value model (bots.value) on the balance lab's positions: the file format of
`simulate --positions`, a logistic regression by Newton's method, and its figures.

A positions file is JSON Lines, one crew position a line, written in seed order:

    {"seed": 7, "scenario": "solitaire", "difficulty": "hard", "turn": 3, "phase": "movement",
     "step": "move", "features": {"bias": 1.0, ...}, "outcome": "win"}

`features` are value.features of the crew view (every name in value.NAMES, nothing else) and
`outcome` is how that game ended ("win", "draw", "loss" or "unfinished"; unfinished games
are not fitted). Standard library only, like the engine.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TypedDict

from .value import NAMES, RESULT

OUTCOMES = ("win", "draw", "loss", "unfinished")
KEYS = ("seed", "scenario", "difficulty", "turn", "phase", "step", "features", "outcome")


class PositionRow(TypedDict):
    """One crew position of a lab game and how that game ended."""

    seed: int
    scenario: str
    difficulty: str
    turn: int
    phase: str
    step: str
    features: dict[str, float]
    outcome: str


class PositionsError(ValueError):
    """A positions file that is not one `simulate --positions` writes."""


def dumps(row: PositionRow) -> str:
    """One line of a positions file."""
    return json.dumps({k: row[k] for k in KEYS}, separators=(",", ":"))  # type: ignore[literal-required]


def check_row(row: object, where: str) -> PositionRow:
    """The row if it is a well-formed position for the current value model, else
    PositionsError saying what is wrong and where."""
    if not isinstance(row, dict):
        raise PositionsError(f"{where}: a position is a JSON object, not {type(row).__name__}")
    missing = [k for k in KEYS if k not in row]
    if missing:
        raise PositionsError(f"{where}: missing {', '.join(missing)}")
    if not isinstance(row["seed"], int) or not isinstance(row["turn"], int):
        raise PositionsError(f"{where}: seed and turn must be integers")
    for k in ("scenario", "difficulty", "phase", "step"):
        if not isinstance(row[k], str):
            raise PositionsError(f"{where}: {k} must be a string")
    if row["outcome"] not in OUTCOMES:
        raise PositionsError(f"{where}: outcome {row['outcome']!r} is not one of {OUTCOMES}")
    feats = row["features"]
    if not isinstance(feats, dict):
        raise PositionsError(f"{where}: features must be an object of name: number")
    if set(feats) != set(NAMES):
        lacking = sorted(set(NAMES) - set(feats))
        extra = sorted(set(feats) - set(NAMES))
        raise PositionsError(
            f"{where}: the features are not this value model's (missing {lacking or 'none'}, "
            f"unknown {extra or 'none'}); write the file again with simulate --positions")
    for name, x in feats.items():
        if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
            raise PositionsError(f"{where}: feature {name} is not a finite number: {x!r}")
    return row  # type: ignore[return-value]


def read_positions(paths: Iterable[str | Path]) -> list[PositionRow]:
    """Every row of the positions files, checked (PositionsError on the first bad line)."""
    rows: list[PositionRow] = []
    for path in paths:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise PositionsError(f"{path}: cannot read it ({e})") from None
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                raise PositionsError(f"{path}:{n}: not JSON ({e.msg})") from None
            rows.append(check_row(obj, f"{path}:{n}"))
    if not rows:
        raise PositionsError("no positions in " + ", ".join(str(p) for p in paths))
    return rows


def split(rows: Sequence[PositionRow], test_share: float = 0.2
          ) -> tuple[list[PositionRow], list[PositionRow]]:
    """(training, held-out) rows of finished games: the last `test_share` of the games'
    seeds of each scenario and difficulty are held out, so no game is on both sides."""
    done = [r for r in rows if r["outcome"] in RESULT]
    games: dict[tuple[str, str], set[int]] = {}
    for r in done:
        games.setdefault((r["scenario"], r["difficulty"]), set()).add(r["seed"])
    held: set[tuple[str, str, int]] = set()
    for (scenario, difficulty), seeds in games.items():
        order = sorted(seeds)
        held.update((scenario, difficulty, s)
                    for s in order[len(order) - round(len(order) * test_share):])
    train = [r for r in done if (r["scenario"], r["difficulty"], r["seed"]) not in held]
    test = [r for r in done if (r["scenario"], r["difficulty"], r["seed"]) in held]
    return train, test


def _xy(rows: Iterable[PositionRow]) -> list[tuple[list[float], float]]:
    return [([float(r["features"][n]) for n in NAMES], RESULT[r["outcome"]]) for r in rows]


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(min(z, 30.0), -30.0)))


def fit(rows: Sequence[PositionRow], steps: int = 12, l2: float = 1e-2) -> dict[str, float]:
    """Logistic regression (cross-entropy against the result: win 1, draw 1/2, loss 0) with
    a light L2 penalty on all but the bias, by Newton's method."""
    data = _xy(rows)
    if not data:
        raise ValueError("no positions of finished games to fit")
    k = len(NAMES)
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in data:
            p = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            r = p * (1 - p)
            nz = [(i, xi) for i, xi in enumerate(x) if xi]
            for i, xi in nz:
                grad[i] += (p - y) * xi
                row = hess[i]
                rxi = r * xi
                for j, xj in nz:
                    if j >= i:
                        row[j] += rxi * xj
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        for i in range(1, k):
            grad[i] += l2 * len(data) * w[i]
            hess[i][i] += l2 * len(data)
        hess[0][0] += 1e-9
        w = [a - b for a, b in zip(w, solve(hess, grad), strict=True)]
    return {n: round(c, 4) for n, c in zip(NAMES, w, strict=True)}


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system); a singular
    direction (a feature that never varies) gets 0."""
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


def predict(coef: dict[str, float], features: dict[str, float]) -> float:
    """The model's chance from features (value.value without the finished-game case)."""
    return _sigmoid(sum(coef.get(k, 0.0) * x for k, x in features.items()))


def log_loss(p: float, y: float) -> float:
    """Cross-entropy of a predicted chance p against a result or chance y in [0, 1]."""
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -(y * math.log(p) + (1 - y) * math.log(1 - p))


def scores(preds: Sequence[float], targets: Sequence[float]) -> tuple[float, float]:
    """(mean log loss, mean Brier score) of predictions against targets."""
    n = max(len(preds), 1)
    return (sum(log_loss(p, y) for p, y in zip(preds, targets, strict=True)) / n,
            sum((p - y) ** 2 for p, y in zip(preds, targets, strict=True)) / n)


def constant(rows: Sequence[PositionRow]) -> dict[str, float]:
    """The constant guess: the training rows' mean result, as a bias-only model."""
    mean = sum(RESULT[r["outcome"]] for r in rows) / max(len(rows), 1)
    mean = min(max(mean, 1e-6), 1 - 1e-6)
    return {"bias": math.log(mean / (1 - mean))}


def evaluate(coef: dict[str, float], train: Sequence[PositionRow],
             test: Sequence[PositionRow]) -> list[str]:
    """Held-out log loss and Brier score of `coef` next to the constant guess, overall and
    by scenario and difficulty: one line each."""
    base = constant(train)
    groups: dict[str, list[PositionRow]] = {"all": list(test)}
    for r in test:
        groups.setdefault(f"{r['scenario']}/{r['difficulty']}", []).append(r)
    lines = []
    for name, rows in groups.items():
        ys = [RESULT[r["outcome"]] for r in rows]
        ll, br = scores([predict(coef, r["features"]) for r in rows], ys)
        cll, cbr = scores([predict(base, r["features"]) for r in rows], ys)
        lines.append(f"{name:>28}: {len(rows):6} positions  log loss {ll:.4f} (constant "
                     f"{cll:.4f})  Brier {br:.4f} (constant {cbr:.4f})")
    return lines


def coef_source(coef: dict[str, float]) -> str:
    """The COEF table as Python, to paste into value.py."""
    items = [f'"{n}": {coef.get(n, 0.0):.4f}' for n in NAMES]
    lines, line = [], "   "
    for item in items:
        if len(line) + len(item) + 2 > 96:
            lines.append(line.rstrip())
            line = "   "
        line += f" {item},"
    lines.append(line.rstrip())
    return "COEF: dict[str, float] = {\n" + "\n".join(lines) + "\n}"
