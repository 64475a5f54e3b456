// Pyodide for PyScript, booted from a memory snapshot when this build has one stored.
//
// pyscript.json names this module as the interpreter (build.py copies it to
// dist/pyodide/loader.mjs, next to pyodide.mjs, filling in KEY, WHEELS and GLUE). PyScript
// imports it and calls loadPyodide(options) as it would Pyodide's own. This wrapper:
//   1. fetches the site's wheels and the glue archive (the glue modules and the rule texts)
//      at once, in parallel with the runtime;
//   2. loads Pyodide from the snapshot stored in Cache Storage under this build's KEY (see
//      snapshot.mjs, which makes one after the first boot), checked by importing the engine;
//      a missing, stale or corrupt snapshot falls back to a normal boot (and is deleted);
//   3. unpacks the wheels into site-packages (a snapshot holds the imported modules but not
//      the files) and marks them loaded, so main.py's loadPackage has nothing left to fetch,
//      and the glue archive into the working directory (on sys.path), before main.py runs;
//   4. on the game page, starts all this before PyScript asks (start(), called by boot.js
//      after the first paint), so the runtime's start overlaps PyScript's own.
// window.intruderSnapshot tells the page (boot.js, the tests) what happened.
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

export { version };

const KEY = "__SNAPSHOT_KEY__";
const WHEELS = __WHEELS__;  // {package name in the lock: wheel file name}
const GLUE = "__GLUE__";
export const SNAPSHOT_CACHE = "pyodide-snapshot";
export const SNAPSHOT_URL = new URL(`./snapshot-${KEY}.bin`, import.meta.url).href;
const SITE = "/lib/python3.14/site-packages";

// early: the runtime was started by start() (boot.js), before PyScript asked for it
const info = { key: KEY, used: false, tried: false, ms: 0, error: "", early: false };
globalThis.intruderSnapshot = info;

function wanted() {
  // ?snapshot=0 boots without one (the benchmark's cold runs and the tests use it).
  try {
    return new URLSearchParams(globalThis.location?.search || "").get("snapshot") !== "0";
  } catch {
    return true;
  }
}

async function stored() {
  if (!wanted() || !globalThis.caches) return null;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const hit = await cache.match(SNAPSHOT_URL);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function forget(reason) {
  info.error = String(reason);
  console.warn("[intruder] memory snapshot not used, normal boot:", info.error);
  try {
    await (await caches.open(SNAPSHOT_CACHE)).delete(SNAPSHOT_URL);
  } catch { /* nothing stored */ }
}

// mark: record them as loaded, so main.py's loadPackage skips them (not when making a
// snapshot: makeMemorySnapshot refuses an instance with packages marked loaded).
export function unpackWheels(py, wheels, mark = true) {
  for (const [name, bytes] of wheels) {
    py.unpackArchive(bytes, "wheel", { extractDir: SITE });
    if (mark) py.loadedPackages[name] = "default channel";
  }
}

async function fetchBytes(file) {
  const res = await fetch(new URL(`./${file}`, import.meta.url));
  if (!res.ok) throw new Error(`Could not load ${file} (${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

export function fetchWheels() {
  return Promise.all(Object.entries(WHEELS).map(async ([name, file]) =>
    [name, await fetchBytes(file)]));
}

export function fetchGlue() {
  return fetchBytes(GLUE);
}

// The glue modules and rules/, docs/ into the working directory, as the page expects them.
// A gzipped tar (glue.tgz); a host that sent it with Content-Encoding: gzip has had the
// browser unzip it already, leaving the plain tar.
export function unpackGlue(py, bytes) {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  py.unpackArchive(bytes, gzipped ? "gztar" : "tar", { extractDir: py.FS.cwd() });
}

// The runtime, started once per page (or worker): the snapshot or a normal boot, then the
// wheels and the glue unpacked.
async function boot(options) {
  const wheels = fetchWheels();
  const glue = fetchGlue();
  wheels.catch(() => {});  // reported when awaited below
  glue.catch(() => {});
  const snapshot = await stored();
  let py = null;
  if (snapshot) {
    info.tried = true;
    const t0 = performance.now();
    try {
      py = await loadRuntime({ ...options, _loadSnapshot: snapshot });
      // A stale or broken snapshot fails here. The snapshot froze the random module's state:
      // reseed it from the browser, or every "random" new game would be the same.
      py.runPython("import intruder_core, random; random.seed()");
      info.used = true;
      info.ms = Math.round(performance.now() - t0);
    } catch (err) {
      py = null;
      await forget(err && err.message ? err.message : err);
    }
  }
  if (!py) py = await loadRuntime(options);
  unpackWheels(py, await wheels);
  unpackGlue(py, await glue);
  return py;
}

let started = null;

// Start the runtime now, ahead of PyScript: boot.js calls this right after the game page's
// first paint, so Pyodide downloads and starts while PyScript is still loading its own
// modules, config and storage (about a quarter of a second before it would ask). PyScript's
// loadPyodide call below then takes over the same runtime.
export function start(options = {}) {
  if (!started) info.early = true;
  return runtime(options);
}

function runtime(options) {
  if (!started) {
    started = boot(options);
    started.catch(() => {});  // the failure is reported to whoever awaits loadPyodide
  }
  return started;
}

// What PyScript (and demo-boot.mjs) call, as they would Pyodide's own loadPyodide. The
// output callbacks PyScript passes are attached once the runtime is up: nothing is printed
// before that.
export async function loadPyodide(options = {}) {
  const { stdout, stderr, ...rest } = options;
  const py = await runtime(rest);
  if (stdout) py.setStdout({ batched: stdout });
  if (stderr) py.setStderr({ batched: stderr });
  return py;
}
