#!/usr/bin/env node
// Bot speed in Pyodide (the npm package's Node build) beside CPython, in one run.
//
//   node bench/bots_pyodide.mjs [bench/bots.py options, e.g. --games 10 --advisor 4]
//
// Runs bench/bots.py --json on CPython (PYTHON, else .venv/bin/python, else python3), then
// loads Pyodide from node_modules/pyodide, writes intruder_core and bench/bots.py into its
// file system, runs the same benchmark there and prints both with the Pyodide/CPython ratio
// of games per second (and of the advisor's time per decision). A benchmark: nothing asserted.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { bootPyodide, copyTree, root } from "./pyodide_boot.mjs";

const args = process.argv.slice(2);
const venv = path.join(root, ".venv", "bin", "python");
const python = process.env.PYTHON || (existsSync(venv) ? venv : "python3");

function line(label, r) {
  return `${label.padEnd(8)} ${r.policy.padStart(9)}: ${r.games_per_s.toFixed(2)} games/s, ` +
    `${r.ms_per_action.toFixed(2)} ms per action (${r.games} games)`;
}

console.error(`CPython: ${python} bench/bots.py --json ${args.join(" ")}`);
const cpy = JSON.parse(execFileSync(python, [path.join(root, "bench", "bots.py"), "--json",
  ...args], { encoding: "utf8", maxBuffer: 1 << 24 }));

console.error("Pyodide: loading from node_modules/pyodide ...");
const t0 = performance.now();
const py = await bootPyodide();
const loadS = (performance.now() - t0) / 1000;
copyTree(py, path.join(root, "intruder_core"), "/bench/intruder_core");
py.FS.writeFile("/bench/bots.py", readFileSync(path.join(root, "bench", "bots.py")));
py.setStdout({ batched: () => {} });
py.globals.set("bench_args", py.toPy([...args, "--json", "--root", "/bench"]));
const pyo = JSON.parse(py.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import bots
json.dumps(bots.main(list(bench_args)))
`));

console.log(`${cpy.python} vs Pyodide ${py.version} (${pyo.python}), Pyodide loaded in ` +
  `${loadS.toFixed(1)} s`);
for (const [i, c] of cpy.policies.entries()) {
  const p = pyo.policies[i];
  console.log(line("CPython", c));
  console.log(line("Pyodide", p));
  console.log(`${"".padEnd(8)} ${c.policy.padStart(9)}: Pyodide runs at ` +
    `${(p.games_per_s / c.games_per_s).toFixed(2)}x CPython's speed ` +
    `(${(c.games_per_s / p.games_per_s).toFixed(2)}x slower)`);
}
if (cpy.advisor && pyo.advisor) {
  const c = cpy.advisor, p = pyo.advisor;
  console.log(`advisor (${c.rollouts} rollouts): CPython ${c.mean_s.toFixed(2)} s per decision ` +
    `(median ${c.median_s.toFixed(2)}), Pyodide ${p.mean_s.toFixed(2)} s ` +
    `(median ${p.median_s.toFixed(2)}): ${(p.mean_s / c.mean_s).toFixed(2)}x`);
}
