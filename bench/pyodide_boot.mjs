// The Node prelude the Pyodide benchmarks share: the repository root, Pyodide from
// node_modules/pyodide (the runtime the page ships, never a CDN), and copying Python sources
// into its file system.
//
//   import { root, bootPyodide, copyTree } from "./pyodide_boot.mjs";
//   const py = await bootPyodide();
//   copyTree(py, path.join(root, "intruder_core"), "/bench/intruder_core");

import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Load the Pyodide runtime from node_modules/pyodide. */
export async function bootPyodide() {
  const dir = path.join(root, "node_modules", "pyodide");
  const { loadPyodide } = await import(path.join(dir, "pyodide.mjs"));
  return loadPyodide({ indexURL: dir + "/" });
}

/** Copy a package's .py files (and py.typed) from `src` into Pyodide's file system at `dst`. */
export function copyTree(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of readdirSync(src)) {
    const from = path.join(src, name);
    if (statSync(from).isDirectory()) {
      if (name !== "__pycache__") copyTree(py, from, `${dst}/${name}`);
    } else if (name.endsWith(".py") || name === "py.typed") {
      py.FS.writeFile(`${dst}/${name}`, readFileSync(from));
    }
  }
}
