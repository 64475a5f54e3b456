#!/usr/bin/env node
// Odds speed in Pyodide (the npm package's Node build, the runtime the page ships) beside
// CPython, in one run: bench/odds.py on both, and the Pyodide/CPython ratio.
//
//   node bench/odds_pyodide.mjs [bench/odds.py options, e.g. --samples 20 --root DIR]
//
// A benchmark: nothing asserted.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { bootPyodide, copyTree, root } from "./pyodide_boot.mjs";

const args = process.argv.slice(2);
const venv = path.join(root, ".venv", "bin", "python");
const python = process.env.PYTHON || (existsSync(venv) ? venv : "python3");
const at = args.indexOf("--root");
const src = at >= 0 ? path.resolve(args[at + 1]) : root;
const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;

const cpy = JSON.parse(execFileSync(python, [path.join(root, "bench", "odds.py"), "--json",
  "--root", src, ...rest], { encoding: "utf8" }));
const py = await bootPyodide();
copyTree(py, path.join(src, "intruder_core"), "/bench/intruder_core");
py.FS.writeFile("/bench/odds.py", readFileSync(path.join(root, "bench", "odds.py")));
py.globals.set("bench_args", py.toPy([...rest, "--json", "--root", "/bench"]));
const pyo = JSON.parse(py.runPython(`
import io, sys, contextlib
sys.path.insert(0, "/bench")
import odds
sys.argv = ["odds.py", *bench_args]
out = io.StringIO()
with contextlib.redirect_stdout(out):
    odds.main()
out.getvalue()
`));
for (const [label, r] of [["CPython", cpy], ["Pyodide", pyo]]) {
  const parts = Object.entries(r.parts).map(([k, v]) => `${k} ${v.toFixed(2)} s`).join(", ");
  console.log(`${label.padEnd(8)} ${r.samples_per_s.toFixed(2)} samples/s (${r.samples} in ` +
    `${r.seconds.toFixed(2)} s CPU; ${parts})`);
}
console.log(`Pyodide/CPython: ${(pyo.samples_per_s / cpy.samples_per_s).toFixed(2)}x ` +
  `(engine from ${src})`);
