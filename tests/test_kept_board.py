"""The kept board (web/py/core/station/kept_board.py): it belongs to one autosave and build."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

from core.station import kept_board

SAVE = '{"v":2,"origin":{"seed":3},"actions":[["move","co1","mess"]],"note":"é"}'


def test_the_record_names_the_autosave_by_its_utf8_length_and_sha256() -> None:
    kept = json.loads(kept_board.record("<svg/>", "<b>Turn 1</b>", "Move", SAVE, "b1"))
    data = SAVE.encode()
    assert kept["length"] == len(data) == len(SAVE) + 1  # bytes, as kept.js counts them
    assert kept["sha256"] == hashlib.sha256(data).hexdigest()
    assert (kept["board"], kept["status"], kept["prompt"], kept["build"]) == \
        ("<svg/>", "<b>Turn 1</b>", "Move", "b1")


def test_it_belongs_only_to_the_same_autosave_and_build() -> None:
    text = kept_board.record("<svg/>", "", "", SAVE, "b1")
    assert kept_board.belongs(text, SAVE, "b1")
    assert not kept_board.belongs(text, SAVE.replace("mess", "hall"), "b1")  # same length
    assert not kept_board.belongs(text, SAVE + " ", "b1")
    assert not kept_board.belongs(text, SAVE, "b2")
    assert not kept_board.belongs(text, None, "b1")
    assert not kept_board.belongs("{not json", SAVE, "b1")
    assert not kept_board.belongs("[1]", SAVE, "b1")
    assert not kept_board.belongs(None, SAVE, "b1")
