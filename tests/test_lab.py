"""The balance lab: Wilson intervals, reports, the CLI, and --jobs giving identical results."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from intruder_core.__main__ import main
from intruder_core.bots import balance as lab


def test_wilson_interval() -> None:
    lo, hi = lab.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = lab.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert lab.wilson(7, 7)[1] == 1.0 and lab.wilson(0, 0) == (0.0, 1.0)


def test_report_counts_every_game() -> None:
    records = lab.run(5, "heuristic", seed=3)
    assert [r["seed"] for r in records] == [3, 4, 5, 6, 7]
    report = lab.summarize(records, {"policy": "heuristic", "difficulty": "standard",
                                     "seed": 3})
    assert sum(o["count"] for o in report["outcomes"].values()) == 5
    assert sum(e["count"] for e in report["endings"].values()) == 5
    for o in report["outcomes"].values():
        assert o["ci95"][0] <= o["rate"] <= o["ci95"][1]
    assert report["turns"]["min"] <= report["turns"]["mean"] <= report["turns"]["max"]
    assert set(report["endings"]) <= set(lab.ENDINGS)
    assert "win" in lab.text(report)


def test_jobs_do_not_change_the_results() -> None:
    one = lab.run(4, "random", seed=10, jobs=1)
    two = lab.run(4, "random", seed=10, jobs=2)
    assert one == two


def test_simulate_command_writes_json_and_svg(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out, plot = tmp_path / "r.json", tmp_path / "r.svg"
    assert main(["simulate", "--games", "3", "--policy", "heuristic", "--seed", "1",
                 "--difficulty", "standard", "--out", str(out), "--plot", str(plot),
                 "--quiet"]) == 0
    report = json.loads(out.read_text())
    assert report["games"] == 3 and len(report["records"]) == 3
    root = ET.fromstring(plot.read_text())
    assert root.tag.endswith("svg") and len(root) > 20
    assert "games, heuristic policy" in capsys.readouterr().out


def test_progress_bar_reaches_the_end() -> None:
    import io

    stream = io.StringIO()
    bar = lab.Progress(stream)
    for n in range(1, 4):
        bar(n, 3)
    assert "3/3 games" in stream.getvalue() and stream.getvalue().endswith("\n")
