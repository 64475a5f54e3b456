// The review's worker (replay.html): a Pyodide of its own, started from the page's loader (the
// memory snapshot when one is stored, the site's wheels and the glue archive with bot_tasks.py),
// so that reviewing a game never runs on the page's main thread. bot_client.ReviewWorker
// starts it and talks to it in messages:
//   page -> worker  {type: "start", run, request: JSON text, budget: seconds a slice}
//                   {type: "cancel", run}
//   worker -> page  {type: "ready", ms} once Python is up, {type: "failed", error},
//                   {run, result: JSON text} after every slice (bot_tasks.ReviewTask), the
//                   last one with "done": true; when the result says "drawn", also the
//                   panel's finished strings {chart, table, turning} (review_view.py, drawn
//                   here: the page only sets them); nothing more for a cancelled run.
import { loadPyodide } from "./pyodide/loader.mjs";

const t0 = performance.now();
const started = (async () => {
  const py = await loadPyodide({
    indexURL: new URL("./pyodide/", location.href).href,
    lockFileURL: new URL("./pyodide/pyodide-lock.json", location.href).href,
  });
  return py.pyimport("bot_tasks");
})();
started.then(
  () => postMessage({ type: "ready", ms: Math.round(performance.now() - t0) }),
  (err) => postMessage({ type: "failed", error: String(err && err.message ? err.message : err) }),
);

let current = 0;  // the run being worked on; any other run's slices stop

const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type === "cancel") {
    if (msg.run === current) current = 0;
    return;
  }
  if (msg.type !== "start") return;
  current = msg.run;
  let tasks;
  try {
    tasks = await started;
  } catch {
    return;  // "failed" was posted
  }
  if (current !== msg.run) return;
  const task = tasks.ReviewTask(msg.request);
  try {
    while (current === msg.run) {
      const result = task.step(msg.budget || 0.15);
      const answer = JSON.parse(result);
      const out = { run: msg.run, result };
      if (answer.drawn) Object.assign(out, { chart: task.chart, table: task.table, turning: task.turning });
      postMessage(out);
      if (answer.done) break;
      await breathe();  // lets a cancel (or a newer start) in between slices
    }
  } finally {
    task.destroy();
  }
};
