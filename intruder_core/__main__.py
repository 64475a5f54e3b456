"""Command line: `python -m intruder_core simulate ...` (the balance lab, docs/bots.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .bots import POLICIES
from .variants import DIFFICULTIES


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m intruder_core",
                                description="Intruder rules engine tools")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("simulate", help="play many games with a crew bot and report")
    s.add_argument("--games", type=int, default=200)
    s.add_argument("--policy", choices=POLICIES, default="heuristic")
    s.add_argument("--seed", type=int, default=0, help="first seed (then seed+1, ...)")
    s.add_argument("--difficulty", choices=sorted(DIFFICULTIES), default="standard")
    s.add_argument("--jobs", type=int, default=1, help="processes (results do not change)")
    s.add_argument("--budget", type=int, default=None,
                   help="search policy: rollouts per decision")
    s.add_argument("--out", help="write the JSON report here")
    s.add_argument("--plot", help="write the SVG report here")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)

    import time

    from .bots import balance as lab

    t0 = time.perf_counter()
    policy_args = {}
    if args.policy == "search" and args.budget is not None:
        policy_args["budget_rollouts"] = args.budget
    records = lab.run(args.games, args.policy, args.seed, args.difficulty, args.jobs,
                      policy_args, progress=None if args.quiet else lab.Progress())
    report = lab.summarize(records, {"policy": args.policy, "difficulty": args.difficulty,
                                     "seed": args.seed, "policy_args": policy_args})
    if args.out:
        Path(args.out).write_text(json.dumps({**report, "records": records}, indent=1) + "\n")
    if args.plot:
        Path(args.plot).write_text(lab.svg(report))
    print(lab.text({**report, "seconds": time.perf_counter() - t0, "jobs": args.jobs}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
