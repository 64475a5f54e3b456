#!/usr/bin/env node
// The page's advisor against the heuristic, in Pyodide, on paired seeds: a benchmark that
// prints win rates with 95% intervals, nothing asserted.
//
//   node bench/advisor_pyodide.mjs [--games 10] [--budget 1.0] [--first-seed 1000] [--z Z]
//                                  [--min-rollouts N] [--rollouts R]
//
// With --rollouts R the search has a fixed budget of R rollouts and no clock (as
// bench/advisor_paired.py plays it on CPython): each seed's row is printed as JSON with the
// search game's digest, to compare with `advisor_paired.py --digests` on the same seeds (the
// same games in both runtimes).
//
// Loads Pyodide from node_modules/pyodide (the runtime the page ships), writes intruder_core
// and web/py's core/ and workers/ into its file system, and plays each seed twice to the end: once with
// HeuristicPolicy, once with the policy Suggest uses in the bots' worker (bot_tasks.TracedSearch:
// SearchPolicy with a --budget seconds clock, bot_tasks.ADVISOR_ROLLOUTS and bot_tasks.ADVISOR_Z,
// or --z: how many standard errors an option must beat the heuristic's by; it overrules the
// heuristic only with bot_tasks.ADVISOR_MIN_ROLLOUTS rollouts, or --min-rollouts). Same seed, same
// dice, so the games differ only by the decisions. Prints each policy's win rate (Wilson
// interval), the paired table (both won, only search, only heuristic, neither), the win-rate
// difference with a paired 95% interval, and the search's rollouts per second.

import { readFileSync } from "node:fs";
import path from "node:path";
import { bootPyodide, copyTree, root } from "./pyodide_boot.mjs";

const opts = { games: 10, budget: 1.0, "first-seed": 1000, z: -1, "min-rollouts": -1,
  rollouts: 0 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, "");
  if (!(key in opts)) throw new Error(`unknown option ${argv[i]}`);
  opts[key] = Number(argv[i + 1]);
}

const py = await bootPyodide();
copyTree(py, path.join(root, "intruder_core"), "/bench/intruder_core");
// the glue the advisor uses, in its rooms: core/ (advice) and workers/ (bot_tasks)
for (const room of ["core", "workers"]) {
  copyTree(py, path.join(root, "web", "py", room), `/bench/web/py/${room}`);
}
py.globals.set("opts", py.toPy(opts));
py.setStdout({ batched: (s) => console.log(s) });
if (opts.rollouts > 0) {
  py.FS.writeFile("/bench/advisor_paired.py",
    readFileSync(path.join(root, "bench", "advisor_paired.py")));
  py.runPython(`
import json, sys, time
sys.path[:0] = ["/bench", "/bench/web/py"]
import advisor_paired
from workers import bot_tasks
o = {"rollouts": int(opts["rollouts"]), "horizon": 8, "candidates": 4,
     "z": bot_tasks.ADVISOR_Z if opts["z"] < 0 else float(opts["z"]),
     "min_rollouts": bot_tasks.ADVISOR_MIN_ROLLOUTS if opts["min-rollouts"] < 0
     else int(opts["min-rollouts"]), "difficulty": "", "root": "/bench"}
first = int(opts["first-seed"])
for seed in range(first, first + int(opts["games"])):
    t0 = time.perf_counter()
    row = advisor_paired.play_seed(seed, o)
    row["wall_s"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(row), flush=True)
`);
  process.exit(0);
}
py.runPython(`
import math, random, sys, time
sys.path.insert(0, "/bench")
import bot_tasks
import intruder_core as ic
from intruder_core import bots
from intruder_core.bots.balance import Z95, wilson

games, budget, first = int(opts["games"]), float(opts["budget"]), int(opts["first-seed"])
z = bot_tasks.ADVISOR_Z if float(opts["z"]) < 0 else float(opts["z"])
floor = bot_tasks.ADVISOR_MIN_ROLLOUTS if opts["min-rollouts"] < 0 else int(opts["min-rollouts"])

def won(seed, policy):
    game = ic.new_game(seed=seed)
    bots.play(game, policy, random.Random(seed))
    return game.is_over and (game.result or {}).get("outcome") == "win"

print(f"Pyodide {sys.version.split()[0]}: heuristic vs the advisor's search "
      f"({budget:.1f} s budget, z = {z}, overrules with >= {floor} rollouts), {games} paired "
      f"seeds from {first}")
pairs, rollouts, search_s, decisions, full = [], 0, 0.0, 0, 0
for seed in range(first, first + games):
    h = won(seed, bots.HeuristicPolicy())
    search = bot_tasks.TracedSearch(budget_rollouts=bot_tasks.ADVISOR_ROLLOUTS,
                                  budget_seconds=budget, seed=seed, z=z, min_rollouts=floor)
    spent = {"n": 0}
    inner = search._search
    def counted(view, cands, rng, inner=inner):
        t0 = time.perf_counter()
        stats = inner(view, cands, rng)
        spent["n"] += sum(n for n, _, _ in stats)
        spent["s"] = spent.get("s", 0.0) + time.perf_counter() - t0
        spent["d"] = spent.get("d", 0) + 1
        spent["full"] = spent.get("full", 0) + (sum(n for n, _, _ in stats) >= floor)
        return stats
    search._search = counted
    t0 = time.perf_counter()
    s = won(seed, search)
    decisions += spent.get("d", 0)
    full += spent.get("full", 0)
    rollouts += spent["n"]
    search_s += spent.get("s", 0.0)
    pairs.append((h, s))
    print(f"  seed {seed}: heuristic {'win' if h else 'no win'}, search {'win' if s else 'no win'}"
          f" ({time.perf_counter() - t0:.0f} s, {spent['n']} rollouts)", flush=True)

n = len(pairs)
for name, k in (("heuristic", sum(h for h, _ in pairs)), ("search", sum(s for _, s in pairs))):
    lo, hi = wilson(k, n)
    print(f"{name:9s}: {k}/{n} wins = {k / n:.0%} (95% interval {lo:.0%}-{hi:.0%})")
both = sum(1 for h, s in pairs if h and s)
only_s = sum(1 for h, s in pairs if s and not h)
only_h = sum(1 for h, s in pairs if h and not s)
print(f"paired: both won {both}, only search {only_s}, only heuristic {only_h}, "
      f"neither {n - both - only_s - only_h}")
d = (only_s - only_h) / n
se = math.sqrt(max(only_s + only_h - (only_s - only_h) ** 2 / n, 0)) / n
print(f"search - heuristic: {d:+.0%} (paired 95% interval {d - Z95 * se:+.0%} to {d + Z95 * se:+.0%})")
print(f"search: {rollouts} rollouts in {search_s:.0f} s of searching = "
      f"{rollouts / max(search_s, 1e-9):.1f} rollouts/s; {full} of {decisions} searched "
      f"decisions reached the {floor} rollouts that may overrule the heuristic")
`);
