#!/usr/bin/env python3
"""Fuzz Your games' stored records, as a damaged store or a hostile user would give them, and
count what the list makes of each.

    python3 bench/history_fuzz.py [--records 240] [--good 12] [--seed 0] [--root CHECKOUT]

Each mutated record (tests/helpers.mutate_history: a field, the record inside its game code,
the code cut or junk, another result claimed, the game cut short, the text cut) is put in a
store beside `--good` finished games; History.load reads it and the page's HTML is made.
Counted: refused (set aside, not listed), shown consistently (listed with what its game
replays to), shown otherwise (listed with anything else, or a game that does not replay),
page stopped (the load or the HTML raised, or a good game went missing). `--root` runs
another checkout's code (e.g. /work/main, before this change) with the same records. Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def setup(root: Path) -> None:
    """The checkout whose engine and glue are measured first on the path; the mutator is
    this one's (tests/helpers.py)."""
    sys.path[:0] = [str(root), str(root / "web" / "py"), str(HERE / "tests")]


class Backend:
    """history-db.mjs's functions over a dict (rows [key, text, ""], as the page's)."""

    def __init__(self, data: dict[str, str]) -> None:
        self.data = data

    async def all(self) -> str:
        return json.dumps([[k, v, ""] for k, v in self.data.items()])

    async def add(self, key: str, text: str) -> bool:
        return self.data.setdefault(key, text) == text

    async def add_many(self, pairs: str) -> int:
        return sum(await self.add(k, t) for k, t in json.loads(pairs))


def good_games(n: int) -> list[Any]:
    import intruder_core as ic
    from intruder_core.bots import make_policy, play

    games = []
    for seed in range(n):
        g = ic.new_game(seed=seed)
        play(g, make_policy("heuristic"), random.Random(seed))
        games.append(g)
    return games


def consistent(entry: Any) -> bool:
    """Whether a listed entry says what its game replays to."""
    from intruder_core import codec, saves

    try:
        game = saves.replay(codec.decode_record(str(entry["game"])))
    except Exception:
        return False
    if not game.is_over:
        return False
    again = codec.history_game(game, entry["used"], entry["date"])
    return all(again[k] == entry[k] for k in ("outcome", "score", "scenario", "difficulty"))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--records", type=int, default=240)
    p.add_argument("--good", type=int, default=12)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--root", type=Path, default=HERE)
    args = p.parse_args()
    setup(args.root.resolve())
    from helpers import mutate_history

    from core import history, storage
    from intruder_core import codec

    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    goods = [codec.history_game(g, {}, f"2026-01-{1 + i % 28:02d}T10:00:00+00:00")
             for i, g in enumerate(good_games(args.good))]
    base = {history.key(e): json.dumps(e, separators=(",", ":")) for e in goods}
    cached = "checks" in inspect.signature(history.History).parameters
    checks = storage.Store("intruder:", storage.MemoryBackend())
    counts: Counter[str] = Counter()
    kinds: dict[str, Counter[str]] = {}
    for n in range(args.records):
        how, text = mutate_history(dict(rng.choice(goods)), rng)
        data = dict(base)
        data[f"fuzz{n}"] = text
        store = history.History(Backend(data), **({"checks": checks} if cached else {}))
        try:
            listed = asyncio.run(store.load())
            history.stats_html(history.stats(listed))
            history.games_html(listed)
        except Exception as exc:
            outcome = f"page stopped ({type(exc).__name__})"
        else:
            shown = [e for e in listed if history.key(e) not in base
                     or json.dumps(e, separators=(",", ":")) != base[history.key(e)]]
            goods_left = len(listed) - len(shown)
            if goods_left < len(goods):
                outcome = "page stopped (a good game went missing)"
            elif not shown:  # the record unchanged (a copy of a good one's text): listed once
                outcome = "refused" if len(listed) == len(goods) else "shown consistently"
            else:
                outcome = "shown consistently" if all(consistent(e) for e in shown) \
                    else "shown otherwise"
        bucket = outcome.split(" (")[0]
        counts[bucket] += 1
        kinds.setdefault(bucket, Counter())[how.split(" ")[0] if how.startswith("code")
                                            else how] += 1
    print(f"history records: {args.records} mutated, each beside {len(goods)} good games "
          f"({args.root})")
    for bucket in ("refused", "shown consistently", "shown otherwise", "page stopped"):
        detail = ", ".join(f"{k} {v}" for k, v in kinds.get(bucket, Counter()).most_common())
        print(f"  {counts[bucket]:>5}  {bucket}" + (f"  [{detail}]" if detail else ""))
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
