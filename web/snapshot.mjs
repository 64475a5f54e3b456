// Makes the memory snapshot that loader.mjs boots from, in a module worker of its own.
//
// boot.js starts it (new Worker("./pyodide/snapshot.mjs", {type: "module"})) once the page
// and the bots' worker are up, when no snapshot of this build is stored. It boots a plain
// Pyodide with _makeSnapshot, unpacks the packages (loader.mjs's unpackPackages, not
// loadPackage, which leaves JS references that makeMemorySnapshot refuses), imports the
// engine, the bots and svgwrite, resumes a short game as the page does (its save read, its
// panels, log and plan drawn) so that those code paths are warm, and stores the snapshot in
// Cache Storage under this build's key, deleting older ones. It posts {ok, bytes, ms} or
// {ok: false, error}; one too large to restore is refused. PyScript
// cannot make the snapshot itself: its own JS modules are registered in the interpreter,
// which makeMemorySnapshot refuses.
import { loadPyodide } from "./pyodide.mjs";
import {
  SNAPSHOT_CACHE, SNAPSHOT_URL, fetchGlue, fetchPackages, unpackGlue, unpackPackages,
} from "./loader.mjs";

// Every glue module of core/ the game page's first decision needs (they touch no DOM) is
// imported too, and a resume's first drawing made (a save read, the panels, log and plan):
// so a warm start compiles nothing of it anew, and runs it with the interpreter's caches and
// specialized code as they are after one use (issue 31: the page's first drawing took 88 ms
// of a warm resume with the plan alone warmed, 43 ms with all of it; tests/test_precompiled.py
// runs this code on CPython). The review's modules (replay, review_view) are the replay
// page's: left out. The glue that touches the browser (pages/, dom/) cannot be imported here,
// so its code is compiled and kept (dom/precompiled.py). A build may lack some (the stub one).
const WARM = `
import hashlib, json
import intruder_core, svgwrite
import intruder_core.bots, intruder_core.bots.intruder_ai
for name in ("core.session", "core.panels", "core.rulesref", "core.station.layout",
             "core.station.render", "core.station.board_input", "core.station.keys",
             "core.station.kept_board", "core.storage", "core.shown", "core.steps",
             "core.logbook", "core.moments", "core.history", "core.advice",
             "workers.bot_tasks"):
    try:
        __import__(name)
    except ImportError:
        pass
try:
    from dom import precompiled
    precompiled.install(".", ("pages", "dom"))
except ImportError:
    pass
try:  # a resume's first drawing, as the page makes it: a 3-move save read, its panels and plan
    from core import logbook, panels, storage
    from core.station import render
    game = intruder_core.new_game(seed=0)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    game = storage.unpack(intruder_core, storage.pack(game.record()))
    view = game.view("crew")
    panels.status_html(view, "")
    panels.actions_html(view, panels.action_rows(game.legal_actions()), None, {},
                        game.why_illegal)
    panels.mapsheet_html(view, panels.stage_rows(None))
    logbook.log_html([event.to_dict() for event in game.log])
    render.assemble(render.station_parts(view))
except ImportError:
    pass
`;

(async () => {
  const t0 = performance.now();
  try {
    const [py, packages, glue] = await Promise.all([
      loadPyodide({ indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true }),
      fetchPackages(),
      fetchGlue(),
    ]);
    // The heap a new runtime starts with (30 MiB in Pyodide 314): a restore copies the
    // snapshot's heap into it without growing it (pyodide#6254), so a snapshot taken once
    // the heap has grown would fail every restore, and be made again after each, at the
    // cost of a boot each visit.
    const heap = py._module.HEAP8.length;
    unpackPackages(py, packages, false);
    unpackGlue(py, glue);
    py.runPython(WARM);
    const grown = py._module.HEAP8.length;
    if (grown > heap) {
      throw new Error(`the heap grew to ${grown} bytes: a snapshot of it cannot be restored ` +
                      `into the ${heap} bytes a new runtime starts with (pyodide#6254)`);
    }
    const bytes = py.makeMemorySnapshot();
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const req of await cache.keys()) {
      if (req.url !== SNAPSHOT_URL) await cache.delete(req);
    }
    await cache.put(SNAPSHOT_URL, new Response(bytes, {
      headers: { "content-type": "application/octet-stream" },
    }));
    postMessage({ ok: true, bytes: bytes.length, ms: Math.round(performance.now() - t0) });
  } catch (err) {
    postMessage({ ok: false, error: String(err && err.message ? err.message : err) });
  }
})();
