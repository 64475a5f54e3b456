// Pyodide for PyScript, booted from a memory snapshot when this build has one stored.
//
// pyscript.json names this module as the interpreter (build.py copies it to
// dist/pyodide/loader.mjs, next to pyodide.mjs, filling in KEY, PACKAGES and GLUE). PyScript
// imports it and calls loadPyodide(options) as it would Pyodide's own. This wrapper:
//   1. fetches the site's packages (each wheel's files as a gzipped tar) and the glue
//      archive (the glue modules and the rule texts) at once, in parallel with the runtime;
//   2. loads Pyodide from the snapshot stored in Cache Storage under this build's KEY (see
//      snapshot.mjs, which makes one after the first boot), checked by importing the engine;
//      a missing, stale or corrupt snapshot falls back to a normal boot (and is deleted);
//   3. unpacks the packages into site-packages (a snapshot holds the imported modules but not
//      the files) and marks them loaded, so main.py's loadPackage has nothing left to fetch,
//      and the glue archive into the working directory (on sys.path), before main.py runs:
//      read here (tar in JavaScript, DecompressionStream) while the runtime loads;
//   4. on the game page, starts all this before PyScript asks (start(), called by boot.js
//      after the first paint), so the runtime's start overlaps PyScript's own.
// window.intruderSnapshot tells the page (boot.js, the tests) what happened.
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

export { version };

const KEY = "__SNAPSHOT_KEY__";
const PACKAGES = __PACKAGES__;  // {package name in the lock: its archive's file name}
const GLUE = "__GLUE__";
export const SNAPSHOT_CACHE = "pyodide-snapshot";
export const SNAPSHOT_URL = new URL(`./snapshot-${KEY}.bin`, import.meta.url).href;
const SITE = "/lib/python3.14/site-packages";

// early: the runtime was started by start() (boot.js), before PyScript asked for it
const info = { key: KEY, used: false, tried: false, ms: 0, error: "", early: false };
globalThis.intruderSnapshot = info;

// performance.mark("intruder:NAME"): the boot's steps, which bench/boot.py --phases prints.
export function stamp(name) {
  try {
    performance.mark(`intruder:${name}`);
  } catch { /* no User Timing here */ }
}

function wanted() {
  // ?snapshot=0 boots without one (the benchmark's cold runs and the tests use it).
  try {
    return new URLSearchParams(globalThis.location?.search || "").get("snapshot") !== "0";
  } catch {
    return true;
  }
}

// ?importtime=1: Python prints each import's time (-X importtime) to the console, not to
// PyScript's error banner, for bench/boot.py --importtime.
const IMPORTTIME = (() => {
  try {
    return new URLSearchParams(globalThis.location?.search || "").get("importtime") === "1";
  } catch {
    return false;
  }
})();

function runtimeOptions(options) {
  return IMPORTTIME ? { ...options, env: { ...options.env, PYTHONPROFILEIMPORTTIME: "1" } }
    : options;
}

async function stored() {
  if (!wanted() || !globalThis.caches) return null;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const hit = await cache.match(SNAPSHOT_URL);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  } finally {
    stamp("snapshot read");
  }
}

async function forget(reason) {
  info.error = String(reason);
  console.warn("[intruder] memory snapshot not used, normal boot:", info.error);
  try {
    await (await caches.open(SNAPSHOT_CACHE)).delete(SNAPSHOT_URL);
  } catch { /* nothing stored */ }
}

// The archives are read here, not by Pyodide's unpackArchive, which imports tarfile and gzip
// into the page's Python for the glue (bare Pyodide imports neither: bench/boot.py
// --importtime). Read while the runtime still loads, written into its file system once it
// is up: the same files in the same places.

async function inflate(bytes, format) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The files of a tar (ustar: regular files and folders), as [path, bytes].
function untar(bytes) {
  const text = new TextDecoder();
  const field = (at, length) =>
    text.decode(bytes.subarray(at, at + length)).replace(/\0.*$/s, "");
  const files = [];
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0;) {
    const prefix = field(at + 345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(at, 100);
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    const kind = String.fromCharCode(bytes[at + 156] || 48);
    if (kind === "0") files.push([name, bytes.subarray(at + 512, at + 512 + size)]);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

function writeFiles(py, folder, files) {
  for (const [name, bytes] of files) {
    const path = `${folder}/${name}`;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, bytes);
  }
}

// The packages into site-packages. mark: record them as loaded, so main.py's loadPackage
// skips them (not when making a snapshot: makeMemorySnapshot refuses an instance with
// packages marked loaded).
export function unpackPackages(py, packages, mark = true) {
  for (const [name, files] of packages) {
    writeFiles(py, SITE, files);
    if (mark) py.loadedPackages[name] = "default channel";
  }
}

async function fetchBytes(file) {
  const res = await fetch(new URL(`./${file}`, import.meta.url));
  if (!res.ok) throw new Error(`Could not load ${file} (${res.status})`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  stamp(`fetched ${file}`);
  return bytes;
}

// The files of a gzipped tar, fetched and read: one stream to inflate (a wheel's zip took
// one for each of its files: ~100 ms of the main thread). A host that sent it with
// Content-Encoding: gzip has had the browser unzip it already, leaving the plain tar.
async function fetchArchive(file) {
  const bytes = await fetchBytes(file);
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return untar(gzipped ? await inflate(bytes, "gzip") : bytes);
}

// Each package (build.py ships a wheel's files as NAME-VERSION.tar.gz): [name, its files].
export function fetchPackages() {
  return Promise.all(Object.entries(PACKAGES).map(async ([name, file]) =>
    [name, await fetchArchive(file)]));
}

// The glue modules and rules/, docs/: glue.tgz.
export function fetchGlue() {
  return fetchArchive(GLUE);
}

// The glue into the working directory (on sys.path), as the page expects it.
export function unpackGlue(py, files) {
  writeFiles(py, py.FS.cwd(), files);
}

// The runtime, started once per page (or worker): the snapshot or a normal boot, then the
// packages and the glue unpacked.
async function boot(options) {
  stamp("runtime start");
  const packages = fetchPackages();
  const glue = fetchGlue();
  packages.catch(() => {});  // reported when awaited below
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
      stamp("snapshot restored");
      py.runPython("import intruder_core, random; random.seed()");
      info.used = true;
      info.ms = Math.round(performance.now() - t0);
    } catch (err) {
      py = null;
      await forget(err && err.message ? err.message : err);
    }
  }
  if (!py) py = await loadRuntime(runtimeOptions(options));
  stamp("runtime loaded");
  unpackPackages(py, await packages);
  unpackGlue(py, await glue);
  stamp("unpacked");
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

// What PyScript (and page-boot.mjs) call, as they would Pyodide's own loadPyodide. The
// output callbacks PyScript passes are attached once the runtime is up: nothing is printed
// before that.
export async function loadPyodide(options = {}) {
  const { stdout, stderr, ...rest } = options;
  const py = await runtime(rest);
  if (stdout) py.setStdout({ batched: stdout });
  if (IMPORTTIME) py.setStderr({ batched: (text) => console.log(text) });
  else if (stderr) py.setStderr({ batched: stderr });
  return py;
}
