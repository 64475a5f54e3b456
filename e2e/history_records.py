"""Finished games' records for Your games (history.html) as the e2e tests and
bench/history_list.py store them: straight into the page's own IndexedDB store."""

from __future__ import annotations

import json
import random
import sys
from functools import cache
from pathlib import Path

import intruder_core as ic

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))
from core import history
from intruder_core import codec

# Records put straight into the page's own store: [key, value made by this JS expression].
PUT_RECORDS = """async (rows) => {
  const db = await new Promise((resolve, reject) => {
    const r = indexedDB.open("intruder-history", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("games");
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction("games", "readwrite");
    const store = tx.objectStore("games");
    for (const [key, make] of rows) store.put((0, eval)(make), key);
    tx.oncomplete = resolve;
    tx.onabort = () => reject(tx.error);
  });
  db.close();
}"""


@cache
def random_finished(seed: int) -> str:
    """A game the random policy played to its end from this seed, as its history entry."""
    g = ic.new_game(seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return history.stored_text(codec.history_game(g, {}, "2026-01-01T00:00:00+00:00"))


def entries(count: int, distinct: int) -> list[dict[str, object]]:
    """`count` finished games' entries: `distinct` games, each on several dates."""
    return [dict(json.loads(random_finished(n % distinct)),
                 date=f"2026-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}T{n // 336:02d}:"
                 f"{n % 60:02d}:00+00:00") for n in range(count)]


