#!/usr/bin/env python3
"""Engine cost in CPU instructions per random-play action, counted by valgrind (cachegrind).

    python3 bench/instructions.py [--baseline 12cad6e] [--games 10]

On a machine shared with other work, times swing with the load; the number of instructions
an engine executes for the same games does not. This runs the same seeded random games
(`g.apply(rng.choice(g.legal_actions()))`, as bench/engine.py) under `valgrind
--tool=cachegrind` for the baseline revision (a temporary `git worktree`) and the current
tree, subtracts an import-only run of each, and prints instructions per action and the ratio.
Slow (valgrind runs Python some 50 times slower): a few games are enough. Needs valgrind
(Debian: apt-get install valgrind). A benchmark, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAY = """
import random, sys
sys.path.insert(0, sys.argv[1])
import intruder_core as ic
actions = 0
for s in range(int(sys.argv[2])):
    rng = random.Random(s)
    g = ic.new_game(seed=s)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        actions += 1
print(actions)
"""


def instructions(root: str, games: int) -> tuple[int, int]:
    """(instructions, actions) of `games` random games with the engine under `root`."""
    def run(n: int) -> tuple[int, str]:
        out = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
             sys.executable, "-c", PLAY, root, str(n)],
            capture_output=True, text=True, check=True)
        found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
        assert found, out.stderr[-500:]
        return int(found.group(1).replace(",", "")), out.stdout.strip()

    total, actions = run(games)
    bare, _ = run(0)
    return total - bare, int(actions)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--baseline", default="12cad6e")
    p.add_argument("--games", type=int, default=10)
    args = p.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="intruder-baseline-") as tmp:
        base = str(Path(tmp) / "baseline")
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", base,
                        args.baseline], check=True, capture_output=True)
        try:
            figures = {"baseline " + args.baseline: instructions(base, args.games),
                       "current": instructions(str(ROOT), args.games)}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", base],
                           check=False, capture_output=True)
    per = {}
    for name, (n, actions) in figures.items():
        per[name] = n / actions
        print(f"{name}: {args.games} random games, {actions} actions, {n / 1e6:.0f} M "
              f"instructions, {n / actions / 1e3:.0f} k per action")
    b, c = per.values()
    print(f"ratio baseline/current: x{b / c:.2f} fewer instructions per action")


if __name__ == "__main__":
    main()
