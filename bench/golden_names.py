#!/usr/bin/env python3
"""Proof that a change renamed the counters and nothing else (ruling R64, issue 9).

Plays every golden case of bench/digest.py with this checkout's engine, but fingerprints the
final save as the engine wrote it before R64 (saves.to_format1: format 1, counters under their
set-up names "i1", "l2", "lost_co1"), and compares with a golden file written before R64:

    git show 5058f99:tests/data/golden.json > /tmp/golden-5058f99.json
    python3 bench/golden_names.py /tmp/golden-5058f99.json

Every case equal means the same seeds and actions give the same games, decisions, labels and
refusals, and saves that differ only in the counters' names and the format number.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import digest  # noqa: E402

import intruder_core as ic  # noqa: E402
from intruder_core.saves import to_format1  # noqa: E402


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    old = json.loads(Path(sys.argv[1]).read_text())

    def format1_json(self: ic.Game) -> str:
        return json.dumps(to_format1(self), sort_keys=True, separators=(",", ":"))

    ic.Game.to_json = format1_json  # type: ignore[method-assign]  # only for this proof
    t0 = time.perf_counter()
    same = differ = 0
    for case in digest.GOLDEN_CASES:
        name = digest.case_name(*case)
        ok = digest.playthrough(ic, *case) == old.get(name)
        same += ok
        differ += not ok
        print(f"{'same' if ok else 'DIFFERS'}  {name}")
    print(f"{same} of {same + differ} golden cases equal to {sys.argv[1]} with the counters "
          f"under their set-up names ({time.perf_counter() - t0:.1f} s)")
    return 0 if differ == 0 and len(old) == same else 1


if __name__ == "__main__":
    raise SystemExit(main())
