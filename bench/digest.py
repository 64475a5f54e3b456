#!/usr/bin/env python3
"""Behaviour fingerprint: sha256 over `to_json()` of many seeded random-policy games.

    python3 bench/digest.py [--games 300] [--difficulty standard] [--policy random] [--root DIR]
    python3 bench/digest.py --golden tests/data/golden.json [--root DIR]
    python3 bench/digest.py --legacy-events [...]

Run it before and after an engine change (e.g. in a `git worktree` of the old commit with
`--root`): identical digests mean the same seeds and actions give byte-identical saves, the
standard the engine's optimizations must meet. Also prints the time taken.

`--golden FILE` writes the per-case fingerprints of GOLDEN_CASES (every scenario and option,
random and heuristic players) that tests/test_golden.py checks; the file in the repository was
written from the engine of commit 12cad6e and rewritten for ruling R55 (docs/rulings.md), so the
tests prove behaviour unchanged since then.

`--legacy-events` hashes each save with its log entries as they were saved before issue 27
(intruder_core.event_types.legacy_event: without the roll keys and fields it added), so the
digests of the engines before and after it compare; tests/test_golden.py compares under it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

# (scenario, options, policy, seed): a few seeds of every scenario and optional rule. The
# heuristic plays the one-crew-side games; in the others the random player takes every side.
GOLDEN_CASES: list[tuple[str, dict[str, Any], str, int]] = [
    *[("solitaire", {}, "random", s) for s in (0, 1, 2, 3)],
    *[("solitaire", {}, "heuristic", s) for s in (0, 1, 2)],
    *[("solitaire", {"difficulty": d}, p, 5) for d in ("easy", "hard", "nightmare")
      for p in ("random", "heuristic")],
    *[("solitaire", {"lost_crewmen": True}, p, s) for p in ("random", "heuristic")
      for s in (6, 7)],
    *[("intelligent_intruder", {}, "random", s) for s in (0, 1, 2)],
    *[("return_to_prometheus", {}, p, s) for p in ("random", "heuristic") for s in (0, 1)],
    *[("return_to_prometheus", {"marines": True}, p, 2) for p in ("random", "heuristic")],
    *[("return_to_prometheus", {"lost_crewmen": True}, "random", 3)],
    *[("science_officer", {}, "random", s) for s in (0, 1, 2)],
    *[("science_officer", {"lost_crewmen": True}, "random", 4)],
]


def case_name(scenario: str, options: dict[str, Any], policy: str, seed: int) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "-"
    return f"{scenario}/{opts}/{policy}/{seed}"


def probes(g: Any) -> list[dict[str, Any]]:
    """A few actions whose refusal (or not) is fingerprinted at every decision."""
    crew = sorted(g.crew)[0]
    return [{"type": "move", "crew": crew, "to": "command"},
            {"type": "pick_up", "crew": crew, "item": "blaster1"},
            {"type": "attack", "crew": crew, "target": "c1", "weapon": "blaster"},
            {"type": "end_actions"}, {"type": "end_movement"}, {"type": "leap"}]


def save_text(g: Any, legacy: bool) -> str:
    """The game's save, or with `legacy` its log as saved before issue 27 (the projection's
    one home is intruder_core.event_types.legacy_save)."""
    if not legacy:
        return str(g.to_json())
    from intruder_core.event_types import legacy_save

    return json.dumps(legacy_save(g.to_dict()), sort_keys=True, separators=(",", ":"))


def playthrough(ic: Any, scenario: str, options: dict[str, Any], policy: str,
                seed: int, legacy: bool = False) -> str:
    """Play one game and hash every decision's legal actions (data, label, rule), the refusals
    of a few probe actions and the final save (`legacy`: its log projected, save_text)."""
    h = hashlib.sha256()
    rng = random.Random(seed)
    g = ic.new_game(seed=seed, scenario=scenario, options=options)
    bot = None
    if policy == "heuristic":
        from intruder_core.bots import HeuristicPolicy

        bot = HeuristicPolicy()
    while not g.is_over and g.turn <= 400:
        legal = g.legal_actions()
        h.update("\n".join(f"{a.key()}|{a.label}|{a.rule}" for a in legal).encode())
        for p in probes(g):
            e = g.why_illegal(p)
            h.update(f"{e}|{e.rule}".encode() if e is not None else b"ok")
        if bot is not None and g.owner(legal[0]) == "crew":
            choice, _ = bot.choose(g.view("crew"), legal, rng)
        else:
            choice = rng.choice(legal)
        g.apply(choice)
    h.update(save_text(g, legacy).encode())
    return h.hexdigest()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--difficulty", default="standard")
    p.add_argument("--policy", default="random", choices=("random", "heuristic"),
                   help="who plays (the heuristic reaches Cages, transport, Panic pick-ups)")
    p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                   help="the checkout whose intruder_core to import")
    p.add_argument("--golden", help="write the golden playthrough fingerprints to this file")
    p.add_argument("--legacy-events", action="store_true",
                   help="hash the log entries without the keys issue 27 added (save_text)")
    args = p.parse_args()
    sys.path.insert(0, args.root)
    import intruder_core as ic

    if args.golden:
        t0 = time.perf_counter()
        out = {case_name(*c): playthrough(ic, *c, legacy=args.legacy_events)
               for c in GOLDEN_CASES}
        Path(args.golden).write_text(json.dumps(out, indent=1) + "\n")
        print(f"{len(out)} golden playthroughs written to {args.golden} in "
              f"{time.perf_counter() - t0:.1f} s ({ic.__file__})")
        return
    options = None if args.difficulty == "standard" else {"difficulty": args.difficulty}
    total = hashlib.sha256()
    t0 = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        rng = random.Random(seed)
        g = ic.new_game(seed=seed, options=options)
        if args.policy == "heuristic":
            from intruder_core.bots import HeuristicPolicy, play

            play(g, HeuristicPolicy(), rng)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        total.update(hashlib.sha256(save_text(g, args.legacy_events).encode()).digest())
    dt = time.perf_counter() - t0
    print(f"{args.games} {args.policy} games from seed {args.seed} ({args.difficulty}): "
          f"{total.hexdigest()} "
          f"in {dt:.1f} s ({ic.__file__})")


if __name__ == "__main__":
    main()
