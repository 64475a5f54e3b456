// Your games in IndexedDB: the thin async glue under web/py/history.py (History's backend).
// One object store of entries (JSON text) by key (history.key: the record's digest). JSON
// text crosses to Python, never JS objects. Nothing opens the database until it is asked
// for: the embed and the demos, which never ask, write no storage.
// Any failure (no IndexedDB, private mode, quota) rejects with the browser's error, which
// history.py words as "Your games are not being kept: ...".

const NAME = "intruder-history";
const STORE = "games";
let opening = null;

function open() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      if (typeof indexedDB === "undefined" || !indexedDB) {
        reject(new Error("this browser has no IndexedDB"));
        return;
      }
      const request = indexedDB.open(NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error("the history is open in an older tab"));
    });
    opening.catch(() => { opening = null; });  // a later call tries again
  }
  return opening;
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

// JSON text of [[key, entry text], ...], every kept game.
export async function all() {
  let keys = [];
  let values = [];
  return transact("readonly", (store) => {
    store.getAllKeys().onsuccess = (event) => { keys = event.target.result; };
    store.getAll().onsuccess = (event) => { values = event.target.result; };
  }, () => JSON.stringify(keys.map((key, i) => [key, values[i]])));
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
