"""Crewmen left to die with the station who could have boarded a shuttle (issue 30, item 5).

Plays heuristic games (standard solitaire, seeded) and counts, for each game the station's
destruction ends, the crewmen it kills who were offered a place in a shuttle (a legal
`leave` naming them) at any time before. Target: 0. It also counts,
to read by hand, those it kills while seats were left (a shuttle that never left or left short
of four): a crewman who never got to a dock was not offered a place, and may still have had
one within reach (seed 700134: a lone bearer of a caged Intruder could not move, R14).

    .venv/bin/python bench/left_behind.py --games 400
    .venv/bin/python bench/left_behind.py --games 40 --policy search   # the page's advisor
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import intruder_core as ic  # noqa: E402
from intruder_core import bots  # noqa: E402
from intruder_core.charts import SHUTTLE_CAPACITY  # noqa: E402


def left_behind(seed: int, policy: bots.Policy) -> tuple[int, int, int, str]:
    """(crewmen the station's end killed who could have left, all it killed, those of them
    for whom seats were left, the outcome)."""
    g = ic.new_game(seed=seed)
    rng = random.Random(seed)
    offered: set[str] = set()  # crewmen a shuttle was offered to
    killed: list[str] = []
    while not g.is_over and g.turn <= 40:
        legal = g.legal_actions()
        for a in legal:
            if a.type == "leave":
                offered.update(a.names("crew"))
        action = policy.choose(g.view("crew"), legal, rng)[0]
        events = [e.to_dict() for e in g.apply(action)]
        destroyed = any(e.get("type") == "destroyed" for e in events)
        if destroyed:
            killed = [str(e["crew"]) for e in events if e.get("type") == "crew_killed"
                      and not e.get("by_intruder")]
            could = [c for c in killed if c in offered]
            seats = sum(SHUTTLE_CAPACITY - len(s.crew) for s in g.shuttles.values())
            return len(could), len(killed), min(len(killed), seats), \
                str(g.result["outcome"]) if g.result else "?"
    return 0, 0, 0, str(g.result["outcome"]) if g.result else "unfinished"


def make_policy(name: str, seed: int) -> bots.Policy:
    """The heuristic, or the page's advisor (bot_tasks.TracedSearch at its fixed budget, seeded
    by the game as bench/advisor_paired.py plays it)."""
    if name == "heuristic":
        return bots.HeuristicPolicy()
    sys.path.insert(0, str(ROOT / "web" / "py"))
    from workers import bot_tasks

    return bot_tasks.TracedSearch(budget_rollouts=bot_tasks.ADVISOR_ROLLOUTS, seed=seed,
                                  z=bot_tasks.ADVISOR_Z)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=700000)
    ap.add_argument("--policy", choices=("heuristic", "search"), default="heuristic")
    args = ap.parse_args()
    could = killed = blown = seated = 0
    outcomes: Counter[str] = Counter()
    for s in range(args.seed, args.seed + args.games):
        n, k, free, outcome = left_behind(s, make_policy(args.policy, s))
        could, killed, blown, seated = could + n, killed + k, blown + (k > 0), seated + free
        outcomes[outcome] += 1
        if n:
            print(f"seed {s}: {n} of {k} crewmen killed by the station's end could have left",
                  flush=True)
        if free:
            print(f"seed {s}: {free} of {k} crewmen killed by the station's end while seats "
                  "were left", flush=True)
    print(f"{args.games} {args.policy} games from seed {args.seed}: the station's end killed "
          f"{killed} crewmen in {blown} games; {could} of them could have boarded a shuttle "
          f"(target 0); {seated} died while seats were left. Outcomes: "
          + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))


if __name__ == "__main__":
    main()
