"""Command line: `python -m intruder_core simulate ...` (the balance lab, docs/bots.md) and
`python -m intruder_core demos --list|--check|--show ID|--docs` (the rules demos, docs/demos.md)."""

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
    d = sub.add_parser("demos", help="the rules demos: list, check against the engine, show")
    how = d.add_mutually_exclusive_group(required=True)
    how.add_argument("--list", action="store_true", help="print the demo ids and titles")
    how.add_argument("--check", action="store_true",
                     help="replay every demo; fail if a narration no longer fits the events")
    how.add_argument("--show", metavar="ID", help="print a demo step by step with its events")
    how.add_argument("--docs", action="store_true", help="print docs/demos.md's demo list")
    args = p.parse_args(argv)
    if args.command == "demos":
        return demos_command(args)

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


def demos_command(args: argparse.Namespace) -> int:
    """`demos --list`, `--check`, `--show ID`, `--docs` (docs/demos.md)."""
    from . import demos

    if args.list:
        for demo in demos.all_demos():
            print(f"{demo['id']:<24} {demo['title']}")
        return 0
    if args.docs:
        print(demos.docs_table(), end="")
        return 0
    if args.show:
        frames, _ = demos.play(demos.load(args.show))
        for f in frames:
            print(f"-- step {f.step} [{f.label or 'start'}] turn {f.turn} {f.phase}")
            print(f"   {f.say}")
            for e in f.events:
                data = {k: v for k, v in e.items() if k not in ("type", "text", "rule")}
                print(f"     {e['type']:<16} {e['text']}  {data if data else ''}")
            for problem in f.problems:
                print(f"   !! {problem}")
        return 0
    bad = 0
    for demo_id, problems in demos.check_all().items():
        print(f"{'ok  ' if not problems else 'FAIL'} {demo_id}")
        for problem in problems:
            print(f"     {problem}")
        bad += bool(problems)
    print(f"{len(demos.ids()) - bad} of {len(demos.ids())} demos replay as narrated")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
