// Start-up of demo.html and replay.html: Pyodide directly, without PyScript. PyScript keeps
// IndexedDB stores of its own, and the embeddable demo must write no storage on the sites
// that embed it. <body data-main="py/demo_main.py"> names the page's glue module.
// boot.js (loaded first) shows the progress and turns any failure into a message.
//
// The Python files and rule texts are those build.py lists in pyscript.json for the game page
// (every glue module of web/py/ and the rules), put into Pyodide's working directory the same
// way; then the page's glue module runs.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const boot = window.intruderBoot;

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
  return response.text();
}

try {
  boot.progress(8, "Starting Python (WebAssembly)");
  const [pyodide, config, main] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", location.href).href,
                  lockFileURL: new URL("./pyodide/pyodide-lock.json", location.href).href }),
    text("./pyscript.json").then(JSON.parse),
    text("./" + (document.body.dataset.main || "py/demo_main.py")),
  ]);
  boot.progress(60, "Python started");
  const files = Object.entries(config.files || {});
  const contents = await Promise.all(files.map(([from]) => text(from)));
  files.forEach(([, to], i) => {
    const path = to.replace(/^\.\//, "");
    const dir = path.split("/").slice(0, -1).join("/");
    if (dir) pyodide.FS.mkdirTree(dir);
    pyodide.FS.writeFile(path, contents[i]);
  });
  boot.progress(68, "Loaded the page's modules");
  await pyodide.runPythonAsync(main, { filename: document.body.dataset.main });
} catch (error) {
  boot.fail(error && error.message ? error.message : String(error));
}
