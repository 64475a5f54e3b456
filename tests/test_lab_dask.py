"""The balance lab on Dask (bots.lab_dask): the same report as one process and --jobs, the
error without the extra, and the positions files that fit-value reads (bots.value_fit)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from intruder_core.__main__ import main
from intruder_core.bots import balance as lab
from intruder_core.bots import lab_dask
from intruder_core.bots.value import NAMES


def report_text(out: str) -> str:
    """simulate's terminal report without its timing line."""
    return "\n".join(line for line in out.splitlines() if " s per game" not in line)


def test_a_local_cluster_plays_the_same_games_as_one_process() -> None:
    todo = lab.make_jobs(6, "heuristic", seed=20, difficulty="hard", positions=True)
    one = lab.run_jobs(todo, jobs=1)
    seen: list[int] = []
    on_dask = lab_dask.run_jobs(todo, "local", workers=2, processes=False,
                                progress=lambda done, total: seen.append(done))
    assert on_dask == one
    assert [r["seed"] for r, _ in on_dask] == list(range(20, 26))
    assert sum(len(rows) for _, rows in one) > 20  # positions came back too
    assert seen == [1, 2, 3, 4, 5, 6]


def test_simulate_on_dask_writes_the_same_report_byte_for_byte(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for how in (["--jobs", "1"], ["--jobs", "2"], ["--dask", "local", "--jobs", "2"]):
        out, pos = tmp_path / f"r{len(outs)}.json", tmp_path / f"p{len(outs)}.jsonl"
        assert main(["simulate", "--games", "4", "--seed", "3", "--difficulty", "nightmare",
                     "--out", str(out), "--positions", str(pos), "--quiet", *how]) == 0
        outs.append((out.read_bytes(), pos.read_bytes(), report_text(capsys.readouterr().out)))
    assert outs[0] == outs[1] == outs[2]
    assert b'"games": 4' in outs[0][0] and "4 games, heuristic policy" in outs[0][2]


def test_dask_missing_is_a_clear_error_naming_the_extra(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails
    out = tmp_path / "r.json"
    assert main(["simulate", "--games", "2", "--dask", "local", "--out", str(out),
                 "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "dask.distributed" in err and "intruder-core[lab]" in err
    assert not out.exists()  # nothing written
    with pytest.raises(lab_dask.MissingExtra, match=r"intruder-core\[lab\]"):
        lab_dask.distributed()


def test_a_bad_dask_address_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--dask", "localhost:8786", "--quiet"]) == 2
    assert "tcp://host:8786" in capsys.readouterr().err


def test_positions_are_written_and_fit_value_reads_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pos, out, coef = tmp_path / "p.jsonl", tmp_path / "r.json", tmp_path / "coef.json"
    assert main(["simulate", "--games", "10", "--seed", "40", "--out", str(out),
                 "--positions", str(pos), "--quiet"]) == 0
    records = {r["seed"]: r for r in json.loads(out.read_text())["records"]}
    rows = [json.loads(line) for line in pos.read_text().splitlines()]
    assert {r["seed"] for r in rows} == set(records)
    assert [r["seed"] for r in rows] == sorted(r["seed"] for r in rows)  # in seed order
    for r in rows:
        assert r["outcome"] == records[r["seed"]]["outcome"]
        assert list(r["features"]) == list(NAMES)
        assert r["step"] in ("move", "defense") and r["scenario"] == "solitaire"
    capsys.readouterr()
    assert main(["fit-value", str(pos), "--steps", "4", "--out", str(coef)]) == 0
    printed = capsys.readouterr().out
    fitted = json.loads(coef.read_text())
    assert list(fitted) == list(NAMES) and any(fitted[n] != 0 for n in NAMES)
    assert f"{len(rows)} positions from {pos}" in printed
    assert "log loss" in printed and "COEF: dict[str, float] = {" in printed


def test_the_recorder_does_not_change_the_games() -> None:
    plain = lab.run_jobs(lab.make_jobs(4, "heuristic", seed=60), jobs=1)
    noted = lab.run_jobs(lab.make_jobs(4, "heuristic", seed=60, positions=True), jobs=1)
    assert [r for r, _ in plain] == [r for r, _ in noted]
    assert all(not rows for _, rows in plain) and all(rows for _, rows in noted)


@pytest.mark.parametrize(("content", "message"), [
    ("not json\n", "p.jsonl:1: not JSON"),
    ('[1, 2]\n', "p.jsonl:1: a position is a JSON object"),
    ('{"seed": 1}\n', "p.jsonl:1: missing scenario"),
    ("", "no positions in"),
])
def test_a_bad_positions_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         content: str, message: str) -> None:
    pos, coef = tmp_path / "p.jsonl", tmp_path / "coef.json"
    pos.write_text(content)
    assert main(["fit-value", str(pos), "--out", str(coef)]) == 2
    assert message in capsys.readouterr().err
    assert not coef.exists()


def test_positions_of_another_model_are_refused(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    pos = tmp_path / "p.jsonl"
    main(["simulate", "--games", "1", "--positions", str(pos), "--quiet"])
    lines = pos.read_text().splitlines()
    row = json.loads(lines[1])
    del row["features"]["turn"]
    row["features"]["old_feature"] = 1.0
    pos.write_text("\n".join([lines[0], json.dumps(row), *lines[2:]]) + "\n")
    capsys.readouterr()
    assert main(["fit-value", str(pos)]) == 2
    err = capsys.readouterr().err
    assert "p.jsonl:2: the features are not this value model's" in err
    assert "'turn'" in err and "'old_feature'" in err
    row["features"]["turn"] = float("nan")
    del row["features"]["old_feature"]
    pos.write_text(json.dumps(row, allow_nan=True) + "\n")
    assert main(["fit-value", str(pos)]) == 2
    assert "feature turn is not a finite number" in capsys.readouterr().err
    pos.write_bytes(b"\xff\xfe")
    assert main(["fit-value", str(pos)]) == 2
    assert "cannot read it" in capsys.readouterr().err
