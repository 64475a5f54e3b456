#!/usr/bin/env node
// Engine speed in Pyodide (the npm package's Node build): the current engine against a
// baseline revision's, in one run, with the same measurement as bench/engine.py.
//
//   node bench/engine_pyodide.mjs [--baseline 12cad6e] [--games 40] [--heuristic-games 10]
//                                 [--clock cpu|wall] [--repeat 2]
//
// Checks the baseline out in a temporary `git worktree`, loads Pyodide from
// node_modules/pyodide once, writes both engines into its file system and runs
// bench/engine.py's `measure` on each (alternating, `--repeat` times; the best run of each is
// kept). Prints random-play actions/s and heuristic games/s and the ratios. Nothing is
// asserted. `--clock cpu` (the default) times with Node's process CPU time, like
// bench/engine.py's process_time, so other programs on a shared machine skew the figures
// less; `--clock wall` with the wall clock (time.perf_counter), as before.

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
const clock = opt("--clock", "cpu");
const repeat = Number(opt("--repeat", "2"));
if (!["cpu", "wall"].includes(clock)) throw new Error("--clock is cpu or wall");
// Seconds of this process's CPU time (user + system), for Python to call through `js`.
globalThis.cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

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
  const pyClock = clock === "cpu" ? "js.cpuSeconds" : "time.perf_counter";
  for (let round = 0; round < repeat; round++) {
    for (const name of ["baseline", "current"]) {
      const m = JSON.parse(py.runPython(`
import json, time, js, engine_bench
json.dumps(engine_bench.measure("/${name}", ${games}, ${heuristicGames}, 0, ${pyClock}))
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
    `${heuristicGames} heuristic games per engine, best of ${repeat}, ${clock} clock`);
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
