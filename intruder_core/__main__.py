"""Command line: `python -m intruder_core simulate ...` (the balance lab, docs/bots.md),
`python -m intruder_core fit-value ...` (refit the value model on the lab's positions) and
`python -m intruder_core demos --list|--check|--show ID|--docs` (the rules demos, docs/demos.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .bots import POLICIES
from .bots.balance import LAB_SCENARIOS
from .variants import DIFFICULTIES


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["review"]:  # its own options (bots.review.main): handed over whole
        from .bots import review

        return review.main(argv[1:])
    p = argparse.ArgumentParser(prog="python -m intruder_core",
                                description="Intruder rules engine tools")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("simulate", help="play many games with a crew bot and report")
    s.add_argument("--games", type=int, default=200)
    s.add_argument("--policy", choices=POLICIES, default="heuristic")
    s.add_argument("--seed", type=int, default=0, help="first seed (then seed+1, ...)")
    s.add_argument("--difficulty", choices=sorted(DIFFICULTIES), default="standard")
    s.add_argument("--scenario", choices=LAB_SCENARIOS, default="solitaire")
    runners(s)
    s.add_argument("--budget", type=int, default=None,
                   help="search policy: rollouts per decision")
    s.add_argument("--out", help="write the JSON report here")
    s.add_argument("--plot", help="write the SVG report here")
    s.add_argument("--positions", metavar="FILE",
                   help="write every game's crew positions and outcome here (JSON Lines), "
                        "the value model's training data (fit-value)")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    f = sub.add_parser("fit-value", help="fit the value model (bots/value.py) on lab positions")
    f.add_argument("files", nargs="*", help="positions files from simulate --positions; "
                   "none: play the games here (--games per scenario and difficulty)")
    f.add_argument("--games", type=int, default=300, help="games per scenario and difficulty")
    f.add_argument("--seed", type=int, default=100000, help="first seed")
    f.add_argument("--difficulty", nargs="+", choices=sorted(DIFFICULTIES),
                   default=sorted(DIFFICULTIES))
    f.add_argument("--scenario", nargs="+", choices=LAB_SCENARIOS, default=list(LAB_SCENARIOS))
    runners(f)
    f.add_argument("--test-share", type=float, default=0.2,
                   help="share of each file's games held out (by seed) to score the fit")
    f.add_argument("--steps", type=int, default=10, help="Newton steps")
    f.add_argument("--positions", metavar="FILE", help="also write the positions played here")
    f.add_argument("--out", help="write the coefficients here (JSON)")
    f.add_argument("--quiet", action="store_true", help="no progress bar")
    d = sub.add_parser("demos", help="the rules demos: list, check against the engine, show")
    how = d.add_mutually_exclusive_group(required=True)
    how.add_argument("--list", action="store_true", help="print the demo ids and titles")
    how.add_argument("--check", action="store_true",
                     help="replay every demo; fail if a narration no longer fits the events")
    how.add_argument("--show", metavar="ID", help="print a demo step by step with its events")
    how.add_argument("--docs", action="store_true", help="print docs/demos.md's demo list")
    sub.add_parser("review", add_help=False,
                   help="a game's turning points: review FILE [--samples N] [--refine N] "
                        "[--json] (review --help for all)")
    args = p.parse_args(argv)
    if args.command == "demos":
        return demos_command(args)
    from .bots.lab_dask import DaskError
    from .bots.value_fit import PositionsError

    try:
        if args.command == "fit-value":
            return fit_value_command(args)
        return simulate_command(args)
    except (DaskError, PositionsError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def runners(p: argparse.ArgumentParser) -> None:
    """--jobs and --dask: where the games run (the results do not change)."""
    p.add_argument("--jobs", type=int, default=1,
                   help="processes, or with --dask local the cluster's workers (0: one per "
                        "core); the results do not change")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run the games on Dask: 'local' (a LocalCluster) or a scheduler's "
                        "address (tcp://host:8786); needs the lab extra")


def simulate_command(args: argparse.Namespace) -> int:
    """`simulate`: the balance lab's report (and positions) for one policy and level."""
    import time

    from .bots import balance as lab
    from .bots.value_fit import dumps

    t0 = time.perf_counter()
    policy_args = {}
    if args.policy == "search" and args.budget is not None:
        policy_args["budget_rollouts"] = args.budget
    todo = lab.make_jobs(args.games, args.policy, args.seed, args.difficulty, policy_args,
                         args.scenario, positions=bool(args.positions))
    played = lab.run_jobs(todo, args.jobs, args.dask,
                          progress=None if args.quiet else lab.Progress())
    records = [record for record, _ in played]
    meta: lab.Meta = {"policy": args.policy, "difficulty": args.difficulty,
                      "seed": args.seed, "policy_args": policy_args}
    if args.scenario != "solitaire":
        meta["scenario"] = args.scenario
    report = lab.summarize(records, meta)
    if args.out:
        Path(args.out).write_text(json.dumps({**report, "records": records}, indent=1) + "\n")
    if args.plot:
        Path(args.plot).write_text(lab.svg(report))
    if args.positions:
        Path(args.positions).write_text("".join(dumps(row) + "\n" for _, rows in played
                                                for row in rows))
    print(lab.text({**report, "seconds": time.perf_counter() - t0, "jobs": args.jobs}))
    return 0


def fit_value_command(args: argparse.Namespace) -> int:
    """`fit-value`: the value model's coefficients from positions files or games played here,
    with held-out log loss and Brier score next to a constant guess."""
    from .bots import balance as lab
    from .bots import value_fit as vf

    if args.files:
        rows = vf.read_positions(args.files)
        source = f"{len(rows)} positions from {', '.join(args.files)}"
    else:
        todo = [job for sc in args.scenario for d in args.difficulty
                for job in lab.make_jobs(args.games, "heuristic", args.seed, d, None, sc,
                                         positions=True)]
        played = lab.run_jobs(todo, args.jobs, args.dask,
                              progress=None if args.quiet else lab.Progress())
        rows = [row for _, game_rows in played for row in game_rows]
        source = (f"{len(todo)} heuristic games ({args.games} from seed {args.seed} for each of "
                  f"{', '.join(args.scenario)} x {', '.join(args.difficulty)})")
        if args.positions:
            Path(args.positions).write_text("".join(vf.dumps(r) + "\n" for r in rows))
    train, test = vf.split(rows, args.test_share)
    coef = vf.fit(train, steps=args.steps)
    print(f"# fit-value: {source}")
    print(f"# {len(train)} training and {len(test)} held-out positions (games by seed)")
    if test:
        for line in vf.evaluate(coef, train, test):
            print("# " + line)
    print(vf.coef_source(coef))
    if args.out:
        Path(args.out).write_text(json.dumps(coef, indent=1) + "\n")
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
