"""The in-app rules reference finds an entry for every rule the engine cites."""

from __future__ import annotations

import sys
from pathlib import Path

from helpers import random_play

import intruder_core as ic
from intruder_core.game import HANDLERS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "py"))

from core import rulesref  # noqa: E402

BOOK, NUMBERED = rulesref.load(str(ROOT))


def test_rulebook_sections_follow_the_table_of_contents() -> None:
    titles = [s["title"] for s in BOOK]
    assert titles[0] == "Game Equipment and Situation" and "Escape via Shuttle" in titles
    assert len(titles) == len(rulesref.headings((ROOT / "rules" / "intruder-rulebook.txt")
                                                .read_text()))
    assert all(s["text"] for s in BOOK if s["title"] not in ("Sequence of Play", "Movement",
                                                             "Combat", "Panic"))


def test_rulings_numbered_in_order_once_each() -> None:
    """R1 on in order, each number once (blocks of numbers are reserved per branch, so a
    branch may leave a gap until the others are merged)."""
    numbers = [int(r["id"][1:]) for r in NUMBERED]
    assert numbers[0] == 1 and numbers == sorted(set(numbers))


def test_every_cited_rule_resolves() -> None:
    cited = {rule for _, _, rule in HANDLERS.values()}
    for seed in range(15):
        g = ic.new_game(seed=seed)
        for turn in random_play(g, seed):
            cited.update(a.rule for a in turn.legal)
        cited.update(e.rule for e in g.log if e.rule)
    missing = [r for r in sorted(cited) if not rulesref.lookup(r, BOOK, NUMBERED)]
    assert missing == []


def test_lookup_prefers_titles_and_numbers() -> None:
    found = rulesref.lookup("Open Airlocks; ruling R15", BOOK, NUMBERED)
    assert [f["id"] for f in found] == ["R15", "actions"]
    assert rulesref.lookup("Crew Movement", BOOK, NUMBERED)[0]["id"] == "crew-movement"
