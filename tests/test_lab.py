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


def test_the_other_scenarios_with_a_crew_side_play_in_the_lab(
        capsys: pytest.CaptureFixture[str]) -> None:
    for scenario in ("return_to_prometheus", "intelligent_intruder"):
        records = lab.run(2, "heuristic", seed=5, scenario=scenario)
        assert all(r["outcome"] in ("win", "draw", "loss") for r in records)
        assert main(["simulate", "--games", "1", "--scenario", scenario, "--quiet"]) == 0
        assert f"standard level, {scenario}, seeds 0..0" in capsys.readouterr().out
    with pytest.raises(ValueError, match="not 'science_officer'"):
        lab.play_one(1, "heuristic", scenario="science_officer")


def test_fit_value_recovers_the_model_that_made_the_outcomes() -> None:
    import math
    import random

    from intruder_core.bots import value_fit as vf
    from intruder_core.bots.value import NAMES

    rng = random.Random(4)
    truth = {"bias": -0.5, "score": 2.0, "stage": -1.5}
    rows: list[vf.PositionRow] = []
    for seed in range(3000):
        x = dict.fromkeys(NAMES, 0.0)
        x["bias"], x["score"], x["stage"] = 1.0, rng.uniform(-1, 1), rng.uniform(0, 1)
        p = 1 / (1 + math.exp(-sum(truth.get(k, 0.0) * v for k, v in x.items())))
        rows.append({"seed": seed, "scenario": "solitaire", "difficulty": "standard", "turn": 1,
                     "phase": "crew_movement", "step": "move", "features": x,
                     "outcome": "win" if rng.random() < p else "loss"})
    train, test = vf.split(rows, 0.2)
    assert len(test) == 600 and {r["seed"] for r in test} == set(range(2400, 3000))
    coef = vf.fit(train, steps=8, l2=1e-4)
    for name, c in truth.items():
        assert coef[name] == pytest.approx(c, abs=0.3)
    assert all(coef[n] == 0 for n in NAMES if n not in truth)  # never-varying: left at 0
    ll, brier = vf.scores([vf.predict(coef, r["features"]) for r in test],
                          [1.0 if r["outcome"] == "win" else 0.0 for r in test])
    base = vf.constant(train)
    cll, cbrier = vf.scores([vf.predict(base, r["features"]) for r in test],
                            [1.0 if r["outcome"] == "win" else 0.0 for r in test])
    assert ll < cll and brier < cbrier
    assert "COEF: dict[str, float] = {" in vf.coef_source(coef)


def test_positions_are_the_first_move_of_a_phase_and_every_self_defense() -> None:
    import intruder_core as ic

    view = ic.new_game(seed=1).view("crew")
    move = {**view, "decision": {"step": "move"}, "turn": 2, "phase": "crew_movement"}
    assert lab.sample_point(move, None)  # type: ignore[arg-type]
    assert not lab.sample_point(move, (2, "crew_movement"))  # type: ignore[arg-type]
    assert lab.sample_point({**move, "decision": {"step": "defense"}},  # type: ignore[arg-type]
                            (2, "crew_movement"))
    assert not lab.sample_point({**move, "decision": {"step": "crew_actions"}}, None)  # type: ignore[arg-type]


def test_the_held_out_games_come_from_every_scenario_and_level() -> None:
    from intruder_core.bots import value_fit as vf
    from intruder_core.bots.value import NAMES

    def row(seed: int, difficulty: str) -> vf.PositionRow:
        return {"seed": seed, "scenario": "solitaire", "difficulty": difficulty, "turn": 1,
                "phase": "crew_movement", "step": "move",
                "features": dict.fromkeys(NAMES, 0.0), "outcome": "draw"}

    rows = [row(s, d) for d in ("easy", "hard") for s in range(10) for _ in range(3)]
    rows.append({**row(99, "easy"), "outcome": "unfinished"})
    train, test = vf.split(rows, 0.2)
    assert sorted({(r["difficulty"], r["seed"]) for r in test}) == [
        ("easy", 8), ("easy", 9), ("hard", 8), ("hard", 9)]
    assert len(train) == 48 and len(test) == 12  # the unfinished game is in neither
