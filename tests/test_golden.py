"""Golden playthroughs: every scenario and option, random and heuristic players, fingerprinted.

Each case hashes every decision's legal actions (data, label and rule), the refusals of a few
probe actions and the final save. tests/data/golden.json was written by the engine of commit
12cad6e with `python3 bench/digest.py --golden tests/data/golden.json`, then rewritten once for
a deliberate rule change (ruling R55, airlocks and a young Intruder: two cases changed,
solitaire/-/random/3 and solitaire/-/heuristic/2) and once for a wording change in the log
(issue 10: "attacks with improvised weapons", "uses the Gas Canister" instead of "fires the
improvised"; checked by running the suite with the old wording, when every digest matched),
and once for opaque counter ids (ruling R64: the saves are format 2 with counters renamed;
checked by bench/golden_names.py, which fingerprints the saves written back in format 1 and
matched every digest of the 5058f99 file),
and once for button labels (issue 11: the Intelligent Intruder's actions worded, a crew attack
naming its target, a Science Officer player's pass naming him; every digest matched with the
old labels).
Since issue 27 (event data gained roll keys and fields) the saves are compared with their log
as saved before it (`legacy=True`: intruder_core.event_types.legacy_save), so the file stands.
Rewritten once for a deliberate change of the heuristic (issue 30, item 5: a shuttle's crew
named in the crew's order, as the legal `leave` names them, and every crewman boards at the
last countdown): the two heuristic cases that reach a shuttle changed
(return_to_prometheus/-/heuristic/1, solitaire/difficulty=nightmare/heuristic/5), every
random case matched; and again for the same item (the second shuttle leaves as soon as it may
instead of at the last countdown): the same two cases changed, every other matched.
A changed digest means the engine now behaves differently for the same seed and choices.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import intruder_core as ic

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from digest import GOLDEN_CASES, case_name, playthrough  # noqa: E402

GOLDEN = json.loads((ROOT / "tests" / "data" / "golden.json").read_text())


def test_every_case_has_a_stored_digest() -> None:
    assert sorted(GOLDEN) == sorted(case_name(*c) for c in GOLDEN_CASES)


@pytest.mark.parametrize("case", GOLDEN_CASES, ids=[case_name(*c) for c in GOLDEN_CASES])
def test_golden_playthrough(case: tuple) -> None:  # type: ignore[type-arg]
    assert playthrough(ic, *case, legacy=True) == GOLDEN[case_name(*case)]
