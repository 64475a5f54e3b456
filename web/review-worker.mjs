// The review's worker (replay.html): a Pyodide of its own, started from the page's loader (the
// memory snapshot when one is stored, the site's wheels and the glue archive with bot_tasks.py),
// so that reviewing a game never runs on the page's main thread. bot_client.ReviewWorker
// starts it and talks to it in messages:
//   page -> worker  {type: "start", run, request: JSON text, budget: seconds a slice}
//                   (the request: bot_tasks.ReviewTask's, a record or the source text of
//                   one; replay.html's first script sends run 1 at parse time for ?review=)
//                   {type: "cancel", run}
//   worker -> page  {type: "ready", ms, at, snapshot} once Python is up (ms since the worker
//                   began, at: the epoch ms then, snapshot: booted from the stored memory
//                   snapshot), {type: "failed", error},
//                   {run, result: JSON text} after every slice (bot_tasks.ReviewTask), the
//                   last one with "done": true; when the result says "drawn", also the
//                   panel's finished strings {chart, turning} and {table} while the page
//                   shows it, and at the end (review_view.py, drawn here: the page only sets
//                   them); {run, table} at once when asked; nothing more for a cancelled run.
//   page -> worker  {type: "table", open}: the page shows the table now (or no longer).
//   page -> worker  {type: "judge", run, request: JSON {step, action}}: a try at a mistake of
//                   finished run `run` (bot_tasks.ReviewTask.judge, the review's own samples);
//   worker -> page  {type: "judged", run, judged: JSON text}. A finished run's task is kept
//                   for this until the next start.
import { loadPyodide } from "./pyodide/loader.mjs";

const t0 = performance.now();
const started = (async () => {
  const py = await loadPyodide({
    indexURL: new URL("./pyodide/", location.href).href,
    lockFileURL: new URL("./pyodide/pyodide-lock.json", location.href).href,
  });
  return py.pyimport("workers.bot_tasks");
})();
started.then(
  () => postMessage({
    type: "ready", ms: Math.round(performance.now() - t0),
    at: performance.timeOrigin + performance.now(),
    snapshot: Boolean(globalThis.intruderSnapshot && globalThis.intruderSnapshot.used),
  }),
  (err) => postMessage({ type: "failed", error: String(err && err.message ? err.message : err) }),
);

const FIRST_S = 0.02;  // the first slice's seconds: a few points of the curve, drawn and posted
let current = 0;  // the run being worked on; any other run's slices stop

const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

let tableOpen = false;  // the page shows the table: send it with every drawing (else at the end)
let working = null;     // the run's task, for a table asked for between slices
let finished = null;    // the last finished run's task, kept to judge the player's tries

onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type === "cancel") {
    if (msg.run === current) current = 0;
    return;
  }
  if (msg.type === "table") {
    tableOpen = Boolean(msg.open);
    if (tableOpen && working && working.run === current && working.task.table) {
      postMessage({ run: current, table: working.task.table });
    }
    return;
  }
  if (msg.type === "judge") {
    const judged = finished && finished.run === msg.run ? finished.task.judge(msg.request)
      : JSON.stringify({ error: "the review of this game is not finished" });
    postMessage({ type: "judged", run: msg.run, judged });
    return;
  }
  if (msg.type !== "start") return;
  if (finished) { finished.task.destroy(); finished = null; }
  current = msg.run;
  let tasks;
  try {
    tasks = await started;
  } catch {
    return;  // "failed" was posted
  }
  if (current !== msg.run) return;
  const task = tasks.ReviewTask(msg.request);
  working = { run: msg.run, task };
  let budget = FIRST_S;  // the first figures at once, then slices of the page's budget
  let done = false;
  try {
    while (current === msg.run) {
      const result = task.step(budget);
      budget = msg.budget || 0.15;
      const answer = JSON.parse(result);
      const out = { run: msg.run, result };
      if (answer.drawn) {
        Object.assign(out, { chart: task.chart, turning: task.turning });
        // the table (a row a decision: the largest string) only when shown or at the end:
        // fewer big strings for the page's heap to collect (a trace showed 166 ms GCs)
        if (tableOpen || answer.done) out.table = task.table;
      }
      postMessage(out);
      if (answer.done) { done = !answer.error; break; }
      await breathe();  // lets a cancel (or a newer start) in between slices
    }
  } finally {
    if (done && current === msg.run) finished = { run: msg.run, task };
    else task.destroy();
  }
};
