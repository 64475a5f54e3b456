// Your board before Python (issue 31): the game's board as last drawn, painted at first paint.
//
// build.py puts this script inline right after index.html's (and embed.html's) </main>. The
// page (pages/game/play/kept_board.py) keeps in localStorage "intruder:kept" (the embed's
// "intruder:embed:kept") the crew's board as last drawn (its SVG), the status and prompt, the
// build it was drawn by and the length and SHA-256 of the autosave it belongs to. Only when the
// build is this page's (<html data-build>) and the autosave is still that one is it painted:
// inert (the plan's pieces are not focusable, every other control disabled and unclickable), with
// "Starting: your game as you left it" where the choices will be. The live board replaces it in
// the same box (board.py draws into #board). A kept board that belongs to another autosave or
// build is dropped. A click on a compartment or crewman meanwhile is remembered and replayed
// once the page is ready (data-ready), or refused in words when the game is not the one kept; a
// key meanwhile is refused in words. body[data-kept-board] says what happened, for the tests.
(() => {
  const body = document.body;
  const params = new URLSearchParams(location.search);
  const embed = body.classList.contains("embed") || params.get("embed") === "1";
  const key = (embed ? "intruder:embed:" : "intruder:") + "kept";
  const STARTING = "Starting: your game as you left it";
  const say = (state) => { body.dataset.keptBoard = state; };
  let store;
  try {
    store = window.localStorage;
  } catch {
    return;  // storage blocked: the boot screen as ever
  }

  // SHA-256 of a string's UTF-8 bytes, as hex (the page's hashlib.sha256(text.encode())):
  // synchronous, so the board is there at the first paint, not after a crypto.subtle promise.
  function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    const K = [];
    const H = [];
    const frac = (x) => ((x - Math.floor(x)) * 4294967296) | 0;
    for (let n = 2, found = 0; found < 64; n++) {
      let prime = true;
      for (let d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
      if (!prime) continue;
      if (found < 8) H[found] = frac(Math.sqrt(n));
      K[found++] = frac(Math.cbrt(n));
    }
    const length = ((bytes.length + 9 + 63) >> 6) << 6;
    const data = new Uint8Array(length);
    data.set(bytes);
    data[bytes.length] = 0x80;
    const view = new DataView(data.buffer);
    view.setUint32(length - 8, Math.floor(bytes.length / 536870912));
    view.setUint32(length - 4, (bytes.length << 3) >>> 0);
    const w = new Int32Array(64);
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let at = 0; at < length; at += 64) {
      for (let i = 0; i < 16; i++) w[i] = view.getInt32(at + i * 4);
      for (let i = 16; i < 64; i++) {
        const a = w[i - 15], b = w[i - 2];
        const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
        const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
      }
      let [a, b, c, d, e, f, g, h] = H;
      for (let i = 0; i < 64; i++) {
        const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                    K[i] + w[i]) | 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      [a, b, c, d, e, f, g, h].forEach((x, i) => { H[i] = (H[i] + x) | 0; });
    }
    return H.map((x) => (x >>> 0).toString(16).padStart(8, "0")).join("");
  }

  // The kept record, if it belongs to this build and to the autosave as it is now.
  function kept() {
    const text = store.getItem(key);
    if (!text) return null;
    let record;
    try {
      record = JSON.parse(text);
    } catch {
      record = null;
    }
    const save = store.getItem(key.replace(/kept$/, "save"));
    const ok = record && save && record.build === document.documentElement.dataset.build &&
      record.length === new TextEncoder().encode(save).length && record.sha256 === sha256(save);
    if (!ok) {
      store.removeItem(key);
      say("dropped");
      return null;
    }
    return record;
  }

  // ?seed=N and a share link (#g=...) start another game than the autosave's.
  if (params.has("seed") || location.hash.startsWith("#g=")) return;
  let record;
  try {
    record = kept();
  } catch {
    return;
  }
  if (!record) return;

  const $ = (id) => document.getElementById(id);
  const app = $("app");
  const board = $("board");
  const preview = $("boot-station");  // the boot screen's empty plan: the same ids
  if (preview) preview.remove();
  board.innerHTML = record.board;
  for (const node of board.querySelectorAll("[tabindex]")) node.removeAttribute("tabindex");
  const svg = board.firstElementChild;
  if (svg) {
    svg.removeAttribute("data-live");
    svg.setAttribute("data-kept", "1");
  }
  $("status").innerHTML = record.status;
  $("prompt").textContent = record.prompt;
  const note = document.createElement("p");
  note.id = "kept-note";
  note.className = "kept-note";
  note.setAttribute("role", "status");
  note.textContent = STARTING;
  $("actions").replaceChildren(note);
  const disabled = [];
  for (const control of app.querySelectorAll("button, input, select, textarea")) {
    if (!control.disabled) {
      control.disabled = true;
      disabled.push(control);
    }
  }
  app.classList.add("kept-board");
  app.setAttribute("aria-busy", "true");
  $("boot").hidden = true;
  app.hidden = false;
  say("shown");

  // The first click on a compartment or crewman, kept for the live board; keys refused.
  let clicked = null;
  const refuse = (words) => {
    note.textContent = `${STARTING}. ${words}`;
    note.dataset.refused = "1";
  };
  const onClick = (event) => {
    if (!app.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    const target = event.target.closest && event.target.closest("[data-compartment], [data-crew]");
    if (!target || !board.contains(target)) {
      refuse("The game is not ready for that yet: try again in a moment.");
      return;
    }
    const attr = target.hasAttribute("data-crew") ? "data-crew" : "data-compartment";
    clicked = { attr, value: target.getAttribute(attr) };
    note.textContent = `${STARTING}. Your click is kept: it counts once the game is up.`;
    body.dataset.keptClick = "kept";
  };
  const onKey = (event) => {
    if (["Shift", "Control", "Alt", "Meta", "Tab"].includes(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    refuse("Keys work once the game is up, in a moment.");
    body.dataset.keptKey = "refused";
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey, true);

  // Live: the page's own board is drawn and data-ready set; the click goes to the same piece
  // of the live board, if the game is the one kept (its record still stands).
  function live() {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKey, true);
    for (const control of disabled) {
      if (control.isConnected && !control.hasAttribute("data-kept-keep")) control.disabled = false;
    }
    app.classList.remove("kept-board");
    app.removeAttribute("aria-busy");
    say(board.querySelector("svg[data-kept]") ? "stale" : "replaced");
    if (!clicked) return;
    const same = store.getItem(key) !== null;
    const target = same && board.querySelector(
      `[${clicked.attr}="${CSS.escape(clicked.value)}"]`);
    if (target) {
      body.dataset.keptClick = "replayed";
      target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    } else {
      body.dataset.keptClick = "refused";
      const alert = $("alert");
      if (alert) alert.textContent = "Your click came while the game was starting, and the " +
        "game is not the one shown then: it was not applied.";
    }
  }
  new MutationObserver((_changes, observer) => {
    if (body.dataset.ready === "1") {
      observer.disconnect();
      live();
    }
  }).observe(body, { attributes: true, attributeFilter: ["data-ready"] });
})();
