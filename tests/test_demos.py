"""The rules demos (intruder_core.demos): each replays on the engine exactly as narrated."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from intruder_core import demos
from intruder_core.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
BOOK = re.sub(r"\s+", " ", (ROOT / "rules" / "intruder-rulebook.txt").read_text())
ALL = demos.all_demos()


def test_at_least_twelve_demos_with_unique_ids() -> None:
    ids = demos.ids()
    assert len(ids) >= 12
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z0-9-]+", i) for i in ids)


@pytest.mark.parametrize("demo", ALL, ids=[d["id"] for d in ALL])
def test_demo_replays_as_narrated(demo: dict[str, Any]) -> None:
    assert demos.check(demo) == []


@pytest.mark.parametrize("demo", ALL, ids=[d["id"] for d in ALL])
def test_demo_quotes_the_rulebook(demo: dict[str, Any]) -> None:
    """The quote is the rulebook's own words ([...] marks a cut); the section is its heading."""
    for part in demo["quote"].split("[...]"):
        part = re.sub(r"\s+", " ", part).strip()
        assert part in BOOK, part
    assert demo["section"].lower() in BOOK.lower()


@pytest.mark.parametrize("demo", ALL, ids=[d["id"] for d in ALL])
def test_every_step_says_something_and_names_a_rule(demo: dict[str, Any]) -> None:
    frames, _ = demos.play(demo)
    assert len(frames) == len(demo["steps"]) + 1
    for f in frames:
        assert f.say.strip() and f.rule.strip()
        passing = f.action is not None and f.action["type"] in ("end_actions", "end_movement")
        assert f.events or passing, f"step {f.step} shows nothing happening"


def test_the_issue_list_is_covered() -> None:
    """The rulebook areas the issue asks for each have a demo."""
    sections = {d["section"] for d in ALL}
    for wanted in ("Random Movement System for Inverted Counters", "Combat Example",
                   "Clones", "Panic", "Self-Destruction", "Escape via Shuttle",
                   "The Intelligent Intruder", "Return to Prometheus", "The Science Officer",
                   "Lost Crewmen - Optional", "Lab Animals"):
        assert wanted in sections


def _broken(demo_id: str, change: Any) -> list[str]:
    demo = copy.deepcopy(demos.load(demo_id))
    change(demo)
    return demos.check(demo)


def test_a_narration_that_no_longer_fits_the_events_fails() -> None:
    def wrong_die(d: dict[str, Any]) -> None:
        d["steps"][0]["expect"][0]["die"] = 6  # the book says 3

    problems = _broken("combat-example", wrong_die)
    assert problems and "step 1" in problems[0] and "narration says" in problems[0]


def test_a_changed_rule_fails_the_demo() -> None:
    """If the engine's dice or rules moved, the scripted game goes elsewhere and fails."""
    def other_dice(d: dict[str, Any]) -> None:
        d["start"]["position"]["dice"][10] = 5  # the Science Officer survives now

    assert any("narration says" in p for p in _broken("combat-example", other_dice))


def test_running_out_of_scripted_dice_fails() -> None:
    def fewer(d: dict[str, Any]) -> None:
        d["start"]["position"]["dice"] = d["start"]["position"]["dice"][:-1]

    assert any("cannot be played" in p for p in _broken("combat-example", fewer))


def test_your_move_options_must_be_legal_and_include_the_example() -> None:
    def bad_option(d: dict[str, Any]) -> None:
        d["steps"][0]["your_move"]["options"][1]["do"] = {"type": "freeze", "crew": "co1"}

    assert any("is not legal here" in p for p in _broken("combat-example", bad_option))

    def missing(d: dict[str, Any]) -> None:
        del d["steps"][0]["your_move"]["options"][0]

    assert any("not among the options" in p for p in _broken("combat-example", missing))


def test_a_refused_try_must_be_refused_for_the_stated_reason() -> None:
    def allowed(d: dict[str, Any]) -> None:
        d["steps"][1]["try"] = {"type": "end_actions"}

    assert any("should be refused" in p for p in _broken("three-attacks", allowed))

    def other_reason(d: dict[str, Any]) -> None:
        d["steps"][1]["refused"] = "Life Stage 1"

    assert any("another reason" in p for p in _broken("three-attacks", other_reason))


def test_frames_serialize_and_the_digest_is_stable() -> None:
    demo = demos.load("panic")
    frames, _ = demos.play(demo)
    d = frames[1].to_dict()
    assert d["your_move"]["options"] and d["action"]["type"] == "defend"
    # stable: the same in another interpreter, whose string hashes (and set orders) differ
    import os
    import subprocess
    import sys

    other = subprocess.run([sys.executable, "-c", "from intruder_core import demos; "
                            "print(demos.digest(demos.load('panic')))"], cwd=ROOT, check=True,
                           capture_output=True, text=True,
                           env={**os.environ, "PYTHONHASHSEED": "12345"}).stdout.strip()
    assert demos.digest(demo) == other
    assert demos.digest(demo) != demos.digest(demos.load("clones"))


def test_cli_list_and_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demos", "--list"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == demos.ids()
    assert main(["demos", "--check"]) == 0
    assert f"{len(ALL)} of {len(ALL)} demos replay" in capsys.readouterr().out


def test_cli_check_fails_on_a_drifted_demo(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    broken = copy.deepcopy(demos.load("powers"))
    broken["steps"][0]["expect"][0]["die"] = 1
    monkeypatch.setattr(demos, "all_demos", lambda: [broken])
    assert main(["demos", "--check"]) == 1
    assert "FAIL powers" in capsys.readouterr().out


def test_docs_list_comes_from_the_demo_files() -> None:
    """docs/demos.md holds exactly `python -m intruder_core demos --docs`."""
    text = (ROOT / "docs" / "demos.md").read_text()
    start = text.index("<!-- demos:begin -->") + len("<!-- demos:begin -->\n")
    end = text.index("<!-- demos:end -->")
    assert text[start:end] == demos.docs_table(), \
        "regenerate the list: python -m intruder_core demos --docs"
