#!/usr/bin/env node
// Counter ids (ruling R64) and saves in Pyodide equal CPython's: prints, for a few seeds and
// scenarios, whether sha256(to_json()) after the same random play matches in both.
//
//   node bench/ids_pyodide.mjs [--games 8]
//
// Loads Pyodide from node_modules/pyodide, copies this checkout's intruder_core into it and runs
// the same Python in both interpreters (CPython: .venv/bin/python). Nothing is asserted.

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const i = argv.indexOf("--games");
const games = i >= 0 ? Number(argv[i + 1]) : 8;

const CODE = `
import hashlib, json, random
import intruder_core as ic
from intruder_core.solitaire_setup import counter_ids
out = {}
for n in range(${games}):
    scenario = ic.SCENARIOS[n % len(ic.SCENARIOS)]
    options = {"lost_crewmen": True} if scenario in ("solitaire", "science_officer") else {}
    g = ic.new_game(seed=n, scenario=scenario, options=options)
    rng = random.Random(n)
    for _ in range(150):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    out[f"{scenario}/{n}"] = [hashlib.sha256(g.to_json().encode()).hexdigest()[:16],
                              counter_ids(n)["i1"]]
print(json.dumps(out))
`;

function copyTree(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of readdirSync(src)) {
    const from = path.join(src, name);
    if (statSync(from).isDirectory()) {
      if (name !== "__pycache__") copyTree(py, from, `${dst}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dst}/${name}`, readFileSync(from));
    }
  }
}

const cpython = JSON.parse(execFileSync(path.join(root, ".venv", "bin", "python"), ["-c", CODE],
  { cwd: root, encoding: "utf8" }));
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + "/" });
copyTree(py, path.join(root, "intruder_core"), "/home/pyodide/intruder_core");
let printed = "";
py.setStdout({ batched: (s) => { printed += s; } });
await py.runPythonAsync(CODE);
const pyodide = JSON.parse(printed);
let same = 0;
for (const [name, value] of Object.entries(cpython)) {
  const ok = JSON.stringify(value) === JSON.stringify(pyodide[name]);
  same += ok;
  console.log(`${ok ? "same" : "DIFFERS"}  ${name}  save ${value[0]}  i1 is ${value[1]}`);
}
console.log(`${same} of ${Object.keys(cpython).length} games: same ids and save in CPython and ` +
  `Pyodide ${py.version}`);
