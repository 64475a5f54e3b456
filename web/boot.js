// Boot screen: progress bar, stage list, and loud failure.
//
// Loaded as a classic script before PyScript so that it sees every error from the start.
// The Python glue (py/main.py) drives the later stages through window.intruderBoot:
//   stage("packages" | "game", text)   enter a stage
//   reveal()                            shows the app (ready() does too): the game page
//                                       lays it out before it says it is ready
//   ready({engine: "0.1.0", api: "game" | "none"})   boot finished; shows the app
//   fail(message)                       boot failed; shows the message in the page
// PyScript reports the "runtime" stage itself through its py:progress events.
"use strict";

// PyScript keeps IndexedDB stores of its own ("IDBMap/..." names: its file-system map, and a
// package cache it reads before the runtime starts). With IndexedDB refused (a blocked or
// private browser), never answering (another tab's deletion pending) or broken, PyScript's
// boot would fail or wait forever, though the game needs nothing of those stores. So their
// opens go through here: the browser's answer when it gives one within OPEN_MS, else an
// in-memory stand-in (a Map behind the few store requests PyScript makes), said once in the
// console. Every other open (the history's, web/history-db.mjs) gets the browser's own answer.
(function () {
  const OPEN_MS = 3000;
  const idb = typeof indexedDB === "undefined" ? null : indexedDB;
  const real = idb && typeof idb.open === "function" ? idb.open.bind(idb) : null;

  // A request that answers `result` once its handlers are set (they are, just after).
  const answer = (result) => {
    const request = { result, readyState: "done", error: null };
    queueMicrotask(() => request.onsuccess && request.onsuccess({ type: "success",
      target: request }));
    return request;
  };
  const memoryDb = () => {
    const data = new Map();
    const store = {
      count: () => answer(data.size),
      clear: () => answer(data.clear()),
      delete: (key) => answer(data.delete(key) && undefined),
      get: (key) => answer(data.get(key)),
      getKey: (key) => answer(data.has(key) ? key : undefined),
      getAll: () => answer([...data.values()]),
      getAllKeys: () => answer([...data.keys()]),
      put: (value, key) => answer((data.set(key, value), key)),
    };
    return {
      objectStoreNames: { length: 1, contains: () => true },
      transaction: () => ({ objectStore: () => store }),
      createObjectStore: () => store,
      close: () => {},
    };
  };

  const standIn = (name, ...rest) => {
    const request = {};
    let settled = false;
    const fallBack = (why) => {
      if (settled) return;
      settled = true;
      console.warn(`[intruder] IndexedDB ${why}: PyScript's store ${name} is kept in memory`);
      const result = memoryDb();
      request.result = result;
      if (request.onsuccess) request.onsuccess({ type: "success", target: { result } });
    };
    let opened = null;
    try {
      opened = real ? real(name, ...rest) : null;
    } catch (error) {
      opened = null;
      queueMicrotask(() => fallBack(`refused (${error && error.name})`));
    }
    if (!real) queueMicrotask(() => fallBack("missing"));
    if (opened) {
      const timer = setTimeout(() => fallBack("did not answer"), OPEN_MS);
      opened.onupgradeneeded = (event) => {
        if (!settled && request.onupgradeneeded) request.onupgradeneeded(event);
      };
      opened.onsuccess = (event) => {
        clearTimeout(timer);
        if (settled) { event.target.result.close(); return; }
        settled = true;
        request.result = event.target.result;
        if (request.onsuccess) request.onsuccess(event);
      };
      opened.onerror = (event) => {
        clearTimeout(timer);
        event.preventDefault();
        fallBack(`failed (${opened.error && opened.error.name})`);
      };
      opened.onblocked = () => { clearTimeout(timer); fallBack("is blocked"); };
    }
    return request;
  };
  const open = (name, ...rest) => {
    if (String(name).startsWith("IDBMap/")) return standIn(name, ...rest);
    if (!real) throw new Error("this browser has no IndexedDB");
    return real(name, ...rest);
  };
  try {
    if (idb) idb.open = open;
    else globalThis.indexedDB = { open };
  } catch (error) {
    console.warn("[intruder] IndexedDB left as it is:", String(error));
  }
})();

(function () {
  const STAGES = ["runtime", "packages", "game"];
  // Where each stage starts and ends on the 0-100 bar.
  const SPAN = { runtime: [2, 70], packages: [70, 85], game: [85, 100] };
  // PyScript / polyscript progress messages, mapped to a point within the runtime stage.
  const PYSCRIPT_STEPS = {
    "Loading Pyodide": [8, "Loading the Python runtime"],
    "Loading Storage": [12, "Loading the Python runtime"],
    "Loaded Storage": [14, "Loading the Python runtime"],
    "Loading interpreter": [16, "Starting Python (WebAssembly)"],
    "Loaded interpreter": [60, "Python started"],
    "Loading files": [62, "Loading game modules"],
    "Loaded files": [66, "Loaded game modules"],
    "Loaded Pyodide": [70, "Python runtime ready"],
  };
  // No progress for this long means the boot is stuck: say so instead of spinning forever.
  const STALL_MS = Number(new URLSearchParams(location.search).get("boot_timeout")) || 90000;

  let stage = "runtime";
  let value = SPAN.runtime[0];
  let target = 8;
  let said = 0;  // the step whose words the status shows
  let done = false;
  let failed = false;
  let stallTimer = 0;

  const $ = (id) => document.getElementById(id);

  const marks = {};  // ms since navigation start at which each stage began

  function setStage(name) {
    stage = name;
    marks[name] = Math.round(performance.now());
    for (const li of document.querySelectorAll(".boot-stages li")) {
      const i = STAGES.indexOf(li.dataset.stage);
      const cur = STAGES.indexOf(name);
      li.dataset.state = i < cur ? "done" : i === cur ? "active" : "pending";
    }
  }

  function show(pct, text) {
    if (done || failed) return;
    target = Math.max(target, Math.min(100, pct));
    if (value < target) {
      value = target;
      const bar = $("boot-progress");
      if (bar) bar.value = value;
    }
    // the words of a later step stay (page-boot.mjs says "Starting Python" before
    // DOMContentLoaded's "Loading PyScript", which the pages without PyScript never do)
    if (text && pct >= said && $("boot-status")) {
      $("boot-status").textContent = text;
      said = pct;
    }
    armStall();
  }

  function armStall() {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      fail(`Boot timed out: no progress for ${Math.round(STALL_MS / 1000)} s ` +
           `during the "${stage}" stage (${$("boot-status")?.textContent || ""}).`);
    }, STALL_MS);
  }

  // Creep the bar toward the next milestone so a long download still looks alive.
  function tick() {
    if (done || failed) return;
    const bar = $("boot-progress");
    if (bar) {
      const next = Math.min(target + 8, SPAN[stage][1]);
      value = Math.max(value, target) + (next - Math.max(value, target)) * 0.02;
      bar.value = value;
    }
    requestAnimationFrame(tick);
  }

  function fail(message) {
    if (failed) return;
    if (!document.body || document.readyState === "loading") {
      // Too early to draw (the error box may not be parsed yet): fail once the page exists.
      document.addEventListener("DOMContentLoaded", () => fail(message));
      return;
    }
    failed = true;
    clearTimeout(stallTimer);
    const text = String(message || "Unknown error");
    console.error("[intruder] boot failed:", text);
    document.body.dataset.bootError = "1";
    const box = $("boot-error");
    if (box) {
      const where = $("boot-status")?.textContent || "";
      box.hidden = false;
      box.textContent = `The game could not start. ${text}\n\n` +
        `Stage: ${stage}${where ? ` (${where})` : ""}. Reload the page to try again.`;
    }
    const title = $("boot-title");
    if (title) title.textContent = "Start-up failed";
    const bar = $("boot-progress");
    if (bar) bar.classList.add("failed");
    for (const li of document.querySelectorAll(".boot-stages li[data-state=active]")) {
      li.dataset.state = "failed";
    }
  }

  // After boot, errors are not fatal: show them in the game's alert region.
  function report(message) {
    console.error("[intruder]", String(message));
    const box = $("alert");
    if (box) {
      box.textContent = "Something went wrong on the page; your game is kept " +
        "(details in the browser console).";
      box.dataset.kind = "error";
    }
  }

  // A message that stays until dismissed (the Python glue handles data-command="dismiss:…").
  function notice(key, text, button) {
    const box = $("notices");
    if (!box) return;
    let node = box.querySelector(`[data-notice="${key}"]`);
    if (!node) {
      node = document.createElement("p");
      node.className = "notice";
      node.dataset.notice = key;
      node.setAttribute("role", "status");
      box.append(node);
    }
    node.replaceChildren();
    const span = document.createElement("span");
    span.textContent = text;
    node.append(span, " ");
    if (button) node.append(button, " ");
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.dataset.command = `dismiss:${key}`;
    dismiss.textContent = "Dismiss";
    dismiss.setAttribute("aria-label", "Dismiss the update notice");
    node.append(dismiss);
  }

  // The boot screen gives way to the page; the game page calls it before ready() and lays
  // the page out in between, so its first layout is not left in the way of a first click.
  function reveal() {
    $("boot").hidden = true;
    $("app").hidden = false;
  }

  function ready(info) {
    if (failed) return;
    done = true;
    clearTimeout(stallTimer);
    info = info || {};
    setStage("done");
    const bar = $("boot-progress");
    if (bar) bar.value = 100;
    reveal();
    stamp("ready");
    marks.ready = Math.round(performance.now());
    const ms = marks.ready;  // since navigation start
    document.body.dataset.engineVersion = info.engine || "";
    document.body.dataset.engineApi = info.api || "none";
    document.body.dataset.bootMs = String(ms);
    document.body.dataset.bootMarks = JSON.stringify(marks);
    const snap = window.intruderSnapshot;
    document.body.dataset.snapshot = !snap ? "none" : snap.used ? "used" :
      snap.tried ? "failed" : "none";
    document.body.dataset.ready = "1";
    console.info(`[intruder] ready in ${ms} ms (engine ${info.engine}, api ${info.api}, ` +
                 `snapshot ${document.body.dataset.snapshot})`, JSON.stringify(marks));
    // The memory snapshot for the next visit is made once the bots' worker is up (it says
    // so with "intruder:worker"), or after a while without one, so it never slows the boot.
    let later = setTimeout(makeSnapshot, 20000);
    addEventListener("intruder:worker", () => {
      clearTimeout(later);
      later = setTimeout(makeSnapshot, 500);
    }, { once: true });
    // The service worker once the page is idle: the player's first click comes first.
    whenIdle(registerServiceWorker);
  }

  // Run fn a second after the boot at an idle moment (as boot.py's when_idle): work after
  // the boot must not delay the page's answer to its player's first click.
  function whenIdle(fn) {
    setTimeout(() => {
      if (window.requestIdleCallback) requestIdleCallback(() => fn(), { timeout: 2000 });
      else fn();
    }, 1000);
  }

  // A memory snapshot of Pyodide with the engine imported, for the next boot
  // (pyodide/loader.mjs loads it, pyodide/snapshot.mjs makes it in a worker of its own).
  // Either way, the page has then settled after its boot: "intruder:settled" tells the
  // Python glue, which may start the Odds helpers then (bot_client.py, warm_pool).
  async function makeSnapshot() {
    const snap = window.intruderSnapshot;
    const body = document.body.dataset;
    const settled = () => dispatchEvent(new Event("intruder:settled"));
    if (!snap || snap.used || !window.caches || !window.Worker ||
        new URLSearchParams(location.search).get("snapshot") === "0") {
      settled();
      return;
    }
    body.snapshotMade = "making";
    const worker = new Worker("./pyodide/snapshot.mjs", { type: "module" });
    worker.onmessage = (event) => {
      const r = event.data || {};
      body.snapshotMade = r.ok ? String(r.bytes) : "failed";
      if (r.ok) console.info(`[intruder] memory snapshot stored: ${r.bytes} bytes in ${r.ms} ms`);
      else console.warn("[intruder] no memory snapshot:", r.error);
      worker.terminate();
      settled();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      body.snapshotMade = "failed";
      console.warn("[intruder] the snapshot worker failed:", event.message);
      worker.terminate();
      settled();
    };
  }

  // A new build installs beside the running one and waits: the player is offered a reload
  // (the game is autosaved after every move) and nothing changes until he accepts.
  function offerUpdate(reg) {
    if (!reg.waiting || !navigator.serviceWorker.controller) return;
    document.body.dataset.update = "ready";
    const button = document.createElement("button");
    button.type = "button";
    button.id = "update-reload";
    button.textContent = "Reload with the new version";
    button.addEventListener("click", () => {
      accepted = true;
      if (reg.waiting) reg.waiting.postMessage("activate"); else location.reload();
    });
    notice("update", "A new version of Intruder is ready. Your game is saved; reload when " +
           "you like to use the new version.", button);
  }

  let accepted = false;

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (accepted) location.reload();  // the new build took over at the player's request
    });
    navigator.serviceWorker.register("./sw.js").then(
      (reg) => {
        document.body.dataset.sw = reg.active ? "active" : "installing";
        offerUpdate(reg);
        reg.addEventListener("updatefound", () => {
          const worker = reg.installing;
          if (!worker) return;
          worker.addEventListener("statechange", () => {
            if (worker.state === "installed") offerUpdate(reg);
          });
        });
        window.intruderUpdate = () => reg.update();  // for the e2e tests
      },
      (err) => console.warn("[intruder] service worker not registered:", err),
    );
  }

  // Every error before ready is fatal; afterwards it goes to the alert region.
  addEventListener("error", (event) => {
    let msg;
    if (event instanceof ErrorEvent) {
      msg = event.message || String(event.error);
    } else if (event.target && event.target !== window) {
      // A <script> or <link> that failed to load (capture phase only).
      const el = event.target;
      msg = `Could not load ${el.src || el.href || el.tagName}`;
    } else {
      return;
    }
    if (done) report(msg); else fail(msg);
  }, true);

  // Pyodide only warns when the WebAssembly module cannot be fetched or compiled, and then
  // waits forever: turn that warning into a failure.
  const warn = console.warn;
  console.warn = function (...args) {
    warn.apply(console, args);
    if (!done && /wasm instantiation failed/i.test(String(args[0]))) {
      fail("Could not load the Python runtime (pyodide.asm.wasm).");
    }
  };

  addEventListener("unhandledrejection", (event) => {
    const r = event.reason;
    const msg = (r && (r.message || r.toString())) || "unhandled promise rejection";
    if (done) report(msg); else fail(msg);
  });

  // Each step as a User Timing mark, for bench/boot.py --phases (as loader.mjs and boot.py).
  const stamp = (name) => { try { performance.mark(`intruder:${name}`); } catch { /* none */ } };

  addEventListener("py:progress", (event) => {
    stamp(`pyscript ${event.detail}`);
    const step = PYSCRIPT_STEPS[event.detail];
    if (step) show(step[0], step[1]); else armStall();
  });

  document.addEventListener("py:ready", () => {
    stamp("pyscript ready");
    show(70, "Running the game module");
  });

  // The glue finished its top-level code. PyScript swallows Python exceptions (it only
  // prints them), so finishing without calling ready() means something went wrong.
  document.addEventListener("py:done", () => {
    if (!done) {
      const pyErr = document.querySelector(".py-error");
      fail(pyErr ? pyErr.textContent : "The Python glue stopped before the game was ready.");
    }
  });

  // PyScript's own error banner (class py-error) also counts as a failure during boot.
  new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node.nodeType === 1 && node.classList.contains("py-error")) {
          if (done) report(node.textContent); else fail(node.textContent);
        }
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  window.intruderBoot = {
    stage(name, text) {
      if (!SPAN[name]) throw new Error(`unknown boot stage ${name}`);
      setStage(name);
      show(SPAN[name][0], text);
    },
    progress: show,
    reveal,
    ready,
    fail,
    report,
  };

  // The game page's PyScript (its <meta name="after-paint-module">) and the runtime's big
  // downloads (1.3 MB of module, 9.6 MB of wasm, 2.5 MB of stdlib) start right after the first
  // frame is painted, long before Pyodide asks for them. Started from the head they competed
  // with the first paint for the CPU (parsing the module) and the network, and Lighthouse
  // counts every script request ended before it into its FCP.
  const RUNTIME = [
    ["modulepreload", "./pyodide/loader.mjs"],
    ["modulepreload", "./pyodide/pyodide.mjs"],
    ["modulepreload", "./pyodide/pyodide.asm.mjs"],
    ["preload", "./pyodide/pyodide.asm.wasm", "application/wasm"],
    ["preload", "./pyodide/python_stdlib.zip"],
  ];
  function preloadRuntime() {
    // The game page also starts the runtime itself (pyodide/loader.mjs's start()), rather
    // than waiting for PyScript to load, read its config and open its storage first.
    const early = document.querySelector('meta[name="after-paint-runtime"]');
    const preloads = [...RUNTIME];
    if (early) {
      // PyScript fetches its script only once the runtime is up: have it at hand by then
      for (const py of document.querySelectorAll('script[type="py"][src]')) {
        preloads.push(["preload", py.getAttribute("src")]);
      }
      import(new URL(early.content, location.href).href).then(
        (loader) => { loader.start(); },
        (err) => console.warn("[intruder] runtime not started early:", err),
      );
    }
    const late = document.querySelector('meta[name="after-paint-module"]');
    if (late) {
      // Run once the whole page is parsed, as the module script in the head it replaces
      // would: PyScript reads its config elements at the end of the body when it starts.
      const start = () => {
        stamp("pyscript start");
        const script = document.createElement("script");
        script.type = "module";
        script.src = late.content;
        document.head.append(script);
      };
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", start, { once: true });
      } else {
        start();
      }
    }
    for (const [rel, href, type] of preloads) {
      const link = document.createElement("link");
      link.rel = rel;
      link.href = href;
      if (rel === "preload") {
        link.as = "fetch";
        link.crossOrigin = "anonymous";  // fetch() asks in CORS mode: the same request
        if (type) link.type = type;
      }
      document.head.append(link);
    }
  }
  // After the first contentful paint (not just the first frame, which may come before the
  // body is parsed), or after 2 s if nothing paints (a tab opened in the background).
  let preloaded = false;
  function preloadOnce() {
    if (!preloaded) {
      preloaded = true;
      preloadRuntime();
    }
  }
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        setTimeout(preloadOnce, 0);
      }
    }).observe({ type: "paint", buffered: true });
  } catch (err) {
    preloadOnce();  // no paint timing in this browser: at once, as before
  }
  setTimeout(preloadOnce, 2000);

  document.addEventListener("DOMContentLoaded", () => {
    setStage("runtime");
    show(4, "Loading PyScript");
    if (!window.WebAssembly) fail("This browser has no WebAssembly support.");
    requestAnimationFrame(tick);
  });
  armStall();
})();
