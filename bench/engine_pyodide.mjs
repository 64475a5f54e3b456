#!/usr/bin/env node
// Engine speed in Pyodide (the npm package's Node build): the current engine against a
// baseline revision's, in one run, with the same measurement as bench/engine.py.
//
//   node bench/engine_pyodide.mjs [--baseline 12cad6e] [--games 40] [--heuristic-games 10]
//
// Checks the baseline out in a temporary `git worktree`, loads Pyodide from
// node_modules/pyodide once, writes both engines into its file system and runs
// bench/engine.py's `measure` on each (alternating, twice; the best run of each is kept).
// Prints random-play actions/s and heuristic games/s and the ratios. Nothing is asserted.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bootPyodide, copyTree, root } from "./pyodide_boot.mjs";

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const baseline = opt("--baseline", "12cad6e");
const games = Number(opt("--games", "40"));
const heuristicGames = Number(opt("--heuristic-games", "10"));

const tmp = mkdtempSync(path.join(os.tmpdir(), "intruder-baseline-"));
const base = path.join(tmp, "baseline");
execFileSync("git", ["-C", root, "worktree", "add", "--detach", base, baseline],
  { stdio: "ignore" });
try {
  const py = await bootPyodide();
  copyTree(py, path.join(base, "intruder_core"), "/baseline/intruder_core");
  copyTree(py, path.join(root, "intruder_core"), "/current/intruder_core");
  py.FS.writeFile("/engine_bench.py", readFileSync(path.join(root, "bench", "engine.py")));
  py.runPython("import sys; sys.path.insert(0, '/')");
  const best = {};
  for (let round = 0; round < 2; round++) {
    for (const name of ["baseline", "current"]) {
      const m = JSON.parse(py.runPython(`
import json, time, engine_bench
json.dumps(engine_bench.measure("/${name}", ${games}, ${heuristicGames}, 0, time.perf_counter))
`));
      const old = best[name];
      if (old) {
        m.actions_per_s = Math.max(m.actions_per_s, old.actions_per_s);
        m.heuristic_games_per_s = Math.max(m.heuristic_games_per_s, old.heuristic_games_per_s);
        m.load_ms = Math.min(m.load_ms, old.load_ms);
      }
      best[name] = m;
    }
  }
  console.log(`Pyodide ${py.version} (${best.current.python}), ${games} random games and ` +
    `${heuristicGames} heuristic games per engine, best of 2`);
  for (const [name, m] of Object.entries(best)) {
    console.log(`  ${name === "baseline" ? `baseline ${baseline}` : "current"}: random ` +
      `${m.actions_per_s.toFixed(0)} actions/s, heuristic ` +
      `${m.heuristic_games_per_s.toFixed(2)} games/s, load a 300-action save ` +
      `${m.load_ms.toFixed(0)} ms`);
  }
  console.log(`ratio current/baseline: random actions/s x` +
    `${(best.current.actions_per_s / best.baseline.actions_per_s).toFixed(1)}, heuristic ` +
    `games/s x${(best.current.heuristic_games_per_s / best.baseline.heuristic_games_per_s)
      .toFixed(1)}, loading x${(best.baseline.load_ms / best.current.load_ms).toFixed(1)} faster`);
} finally {
  execFileSync("git", ["-C", root, "worktree", "remove", "--force", base], { stdio: "ignore" });
  rmSync(tmp, { recursive: true, force: true });
}
