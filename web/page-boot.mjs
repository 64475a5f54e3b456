// The one start-up of every page but the game (demo.html, replay.html, history.html): Pyodide
// directly, without PyScript. PyScript keeps IndexedDB stores of its own, and the embeddable
// demo must write no storage on the sites that embed it. <body data-main="py/pages/demo/main.py">
// names the page's entry (web/py/pages/NAME/main.py), fetched on its own.
// boot.js (loaded first) shows the progress and turns any failure into a message.
//
// The game page's loader (pyodide/loader.mjs, written by build.py) starts Pyodide, unpacks the
// wheels into site-packages and the glue archive (web/py/'s packages and the rules) into the
// working directory; then the entry runs as __main__, as PyScript runs the game page's: its last
// line, main(), gives the awaitable awaited here.
import { loadPyodide } from "./pyodide/loader.mjs";

const boot = window.intruderBoot;

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
  return response.text();
}

try {
  boot.progress(8, "Starting Python (WebAssembly)");
  const entry = document.body.dataset.main || "py/pages/demo/main.py";
  // data-in-glue (build.py): the entry came in the glue archive, unpacked under the working
  // directory without its "py/"; else it is fetched on its own, alongside the runtime.
  const inGlue = "inGlue" in document.body.dataset;
  const [pyodide, fetched] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", location.href).href,
                  lockFileURL: new URL("./pyodide/pyodide-lock.json", location.href).href }),
    inGlue ? null : text("./" + entry),
  ]);
  const main = inGlue ? pyodide.FS.readFile(entry.replace(/^py\//, ""), { encoding: "utf8" })
    : fetched;
  boot.progress(68, "Python started with the page's modules");
  await pyodide.runPythonAsync(main, { filename: entry });
} catch (error) {
  boot.fail(error && error.message ? error.message : String(error));
}
