#!/usr/bin/env python3
"""Refit the value model (intruder_core/bots/value.py): a thin wrapper of the package's
`python -m intruder_core fit-value` (bots/value_fit.py), kept so old notes still work.

    python3 bench/fit_value.py [positions.jsonl ...] [--games 300] [--seed 100000] [--jobs 2]

With no files it plays the heuristic games itself (every scenario with a crew side at every
difficulty); prints the held-out log loss and Brier score next to a constant guess and the
COEF table to paste into value.py. See `python -m intruder_core fit-value --help`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from intruder_core.__main__ import main

if __name__ == "__main__":
    sys.exit(main(["fit-value", *sys.argv[1:]]))
