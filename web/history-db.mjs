// Your games in IndexedDB: the thin async glue under web/py/core/history.py (History's backend).
// One object store of entries (JSON text) by key (history.key: the record's digest). JSON
// text crosses to Python, never JS objects. Nothing opens the database until it is asked
// for: the embed and the demos, which never ask, write no storage.
// Any failure (no IndexedDB, private mode, quota) rejects with the browser's error, which
// history.py words as "Your games are not being kept: ...".

const NAME = "intruder-history";
const STORE = "games";
const OPEN_MS = 3000;          // an open that has not answered by then (a deletion pending in
                               // another tab, a stuck browser store) fails: never a page waiting
const MAX_TEXT = 4_000_000;    // characters of one stored value (saves.MAX_TEXT)
let opening = null;

function open() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      if (typeof indexedDB === "undefined" || !indexedDB) {
        reject(new Error("this browser has no IndexedDB"));
        return;
      }
      const timer = setTimeout(() => reject(new Error(
        "the browser's storage did not answer (timed out; another tab may be clearing it)")),
        OPEN_MS);
      const done = (fn) => (value) => { clearTimeout(timer); fn(value); };
      const ask = (version) => {
        const request = indexedDB.open(NAME, version);  // may throw (SecurityError): rejects
        request.onupgradeneeded = () => {
          if (!request.result.objectStoreNames.contains(STORE)) {
            request.result.createObjectStore(STORE);
          }
        };
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(STORE)) {
            // A database of this name without the games' store (broken, or another
            // page's): mend it by an upgrade that adds the store; records are never lost.
            const next = db.version + 1;
            db.close();
            try {
              ask(next);
            } catch (error) {
              done(reject)(error);
            }
            return;
          }
          given(db);
        };
        request.onerror = done(() => reject(request.error));
        request.onblocked = done(() => reject(new Error("the history is open in an older tab")));
      };
      const given = (db) => {
        // Another tab deletes or upgrades the database: give way at once (a later call
        // opens it again), never hold its request pending.
        db.onversionchange = () => { db.close(); opening = null; };
        done(resolve)(db);
      };
      try {
        ask(undefined);  // the version there (1 when new): an older page's database opens
      } catch (error) {
        done(reject)(error);
      }
    });
    opening.catch(() => { opening = null; });  // a later call tries again
  }
  return opening;
}

// What a stored value is, when it is not text the page wrote (said, never thrown).
function kindOf(value) {
  if (value === null) return "null";
  if (typeof value === "bigint") return "a BigInt";
  if (typeof value !== "object") return `a ${typeof value}`;
  const name = Object.prototype.toString.call(value).slice(8, -1);
  return `a ${name === "Object" ? "object" : name}`;
}

// One row for Python: [key, text, ""] or [key, null, why it cannot be read].
function row(key, value) {
  let name;
  try {
    name = typeof key === "string" ? key : `(${kindOf(key)} key)`;
  } catch (error) {
    name = "(a key that cannot be read)";
  }
  try {
    if (typeof value !== "string") {
      return [name, null, `the stored value is ${kindOf(value)}, not the text of a game`];
    }
    if (value.length > MAX_TEXT) {
      return [name, null, `the stored value is too large (${value.length} characters)`];
    }
    return [name, value, ""];
  } catch (error) {
    return [name, null, "the stored value cannot be read"];
  }
}

// One transaction: `fill(store)` makes its requests; resolves with what `result()` gives
// once it has committed, rejects if it aborted (all or nothing).
async function transact(mode, fill, result) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    fill(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(result());
    tx.onabort = () => reject(tx.error || new Error("the history could not be stored"));
  });
}

// Add entries absent from the store (a key already there is kept as it was).
function adder(pairs, counted) {
  return (store) => {
    for (const [key, text] of pairs) {
      const request = store.add(text, key);
      request.onsuccess = () => { counted.n += 1; };
      request.onerror = (event) => {
        if (request.error && request.error.name === "ConstraintError") {
          event.preventDefault();   // already kept: not a failure of the transaction
          event.stopPropagation();
        }
      };
    }
  };
}

// Every stored record, as rows [key, entry text, "", digest] or [key, null, why, ""]: any
// value IndexedDB can hold (BigInt, Blob, Map, cyclic objects, huge strings) given as
// refused with its reason, never thrown (history.py sets those aside). The digest is
// history.digest's (SHA-256 of the UTF-8 text, 32 hex digits), native here, slow in Python.
// Read CHUNK records a transaction (a thousand games' values at once are one long task to
// deserialise) and given as an array of JSON texts, one a chunk: Python parses one at a
// time, between them the page draws (one JSON text or one JS object a row cost far more).
const CHUNK = 10;

async function digest(text) {
  try {
    const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return Array.from(new Uint8Array(bytes).slice(0, 16),
      (b) => b.toString(16).padStart(2, "0")).join("");
  } catch (error) {
    return "";  // no crypto.subtle (not a secure context): Python works it out
  }
}

export async function all() {
  let keys = [];
  await transact("readonly", (store) => {
    store.getAllKeys().onsuccess = (event) => { keys = event.target.result; };
  }, () => null);
  const chunks = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const range = IDBKeyRange.bound(keys[i], keys[Math.min(i + CHUNK, keys.length) - 1]);
    let got = [];
    let values = [];
    await transact("readonly", (store) => {
      store.getAllKeys(range).onsuccess = (event) => { got = event.target.result; };
      store.getAll(range).onsuccess = (event) => { values = event.target.result; };
    }, () => null);
    const rows = got.map((key, j) => row(key, values[j]));
    await Promise.all(rows.map(async (r) => { r.push(r[1] === null ? "" : await digest(r[1])); }));
    chunks.push(JSON.stringify(rows));
  }
  return chunks;
}

// How many records are stored (the game page's boot asks whether the store answers: it
// reads none of them).
export async function count() {
  let n = 0;
  await transact("readonly", (store) => {
    store.count().onsuccess = (event) => { n = event.target.result; };
  }, () => null);
  return n;
}

// Keep one game; true if it was new.
export async function add(key, text) {
  const counted = { n: 0 };
  return transact("readwrite", adder([[key, text]], counted), () => counted.n === 1);
}

// Keep many games (JSON text of [[key, text], ...]) in one transaction; how many were new.
export async function add_many(pairs) {
  const counted = { n: 0 };
  return transact("readwrite", adder(JSON.parse(pairs), counted), () => counted.n);
}
