#!/usr/bin/env python3
"""The balance lab on Dask against --jobs and one process: the same report, and games/s.

    python3 bench/lab_dask.py [--games 200] [--policy heuristic] [--difficulty standard]
        [--workers 2] [--address local]

Runs `python -m intruder_core simulate` three ways in this process (one process, --jobs N,
--dask ADDRESS with N workers: a LocalCluster by default, or a running scheduler) with the
same arguments and prints each run's wall seconds, games per second and the sha256 digest
of its report (the JSON report with the per-game records, and the terminal text less its
timing line): the three digests must be equal. The cluster's start-up is counted in its
time, as a user pays it. A benchmark: nothing is asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from intruder_core.__main__ import main as cli


def run(args: list[str], out: Path) -> tuple[float, str]:
    """(wall seconds, report digest) of one simulate run."""
    text = io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(text):
        code = cli(["simulate", *args, "--out", str(out), "--quiet"])
    seconds = time.perf_counter() - t0
    if code:
        raise SystemExit(f"simulate {' '.join(args)} failed ({code})")
    report = "\n".join(line for line in text.getvalue().splitlines() if " s per game" not in line)
    return seconds, hashlib.sha256(out.read_bytes() + report.encode()).hexdigest()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--policy", default="heuristic")
    p.add_argument("--difficulty", default="standard")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2, help="--jobs and the cluster's workers")
    p.add_argument("--address", default="local", help="--dask: local or tcp://host:port")
    args = p.parse_args()
    common = ["--games", str(args.games), "--policy", args.policy, "--difficulty",
              args.difficulty, "--seed", str(args.seed)]
    ways = {"one process": ["--jobs", "1"], f"--jobs {args.workers}": ["--jobs",
                                                                       str(args.workers)],
            f"--dask {args.address} ({args.workers} workers)": ["--dask", args.address,
                                                                "--jobs", str(args.workers)]}
    digests = set()
    print(f"simulate {' '.join(common)}")
    with tempfile.TemporaryDirectory() as tmp:
        for n, (name, extra) in enumerate(ways.items()):
            seconds, digest = run(common + extra, Path(tmp) / f"r{n}.json")
            digests.add(digest)
            print(f"  {name:>28}: {seconds:6.1f} s  {args.games / seconds:6.1f} games/s  "
                  f"report sha256 {digest[:16]}")
    print("  same report: " + ("yes" if len(digests) == 1 else "NO"))


if __name__ == "__main__":
    main()
