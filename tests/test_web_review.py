"""The review panel on CPython: review_view.py's chart, table and turning points, and the
worker's task (bot_tasks.ReviewTask), against the real engine."""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from test_review import attacked

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import bot_tasks
import review_view as rvw

import intruder_core as ic
from intruder_core.bots import review as rv


def reviewed() -> rv.ReviewResult:
    return rv.Review(attacked(1), samples=4, refine=2).run()


def test_the_chart_is_a_slider_over_the_curve_with_its_bands_and_turning_points() -> None:
    res = reviewed()
    svg = rvw.chart_svg(res, 0)
    root = ET.fromstring(svg)
    assert root.get("role") == "slider" and root.get("tabindex") == "0"
    assert root.get("aria-label") == "Win chance across the game"
    assert root.get("aria-valuemax") == str(len(res["points"]) - 1)
    text = root.get("aria-valuetext") or ""
    assert text.startswith("Action 0, Turn 3, First Interaction Phase: win ")
    ns = "{http://www.w3.org/2000/svg}"
    bands = [p.get("class") for p in root.iter(f"{ns}path")]
    assert bands == ["win", "draw", "loss"]
    numbers = [t.text for t in root.iter(f"{ns}text") if t.get("class") == "tp-no"]
    assert numbers == [str(t["rank"]) for t in res["turning"]]
    # the current step moves the marker and the value
    later = ET.fromstring(rvw.chart_svg(res, 1))
    assert later.get("aria-valuenow") == "1" and later.get("aria-valuetext") != text
    assert re.search(r'font-size: (\d+)px', svg) and rvw.TEXT * 350 / rvw.W >= 11


def test_keys_and_taps_reach_every_point() -> None:
    res = reviewed()
    steps = [p["step"] for p in res["points"]]
    assert rvw.neighbour(res, steps[0], "ArrowRight") == steps[1]
    assert rvw.neighbour(res, steps[1], "ArrowLeft") == steps[0]
    assert rvw.neighbour(res, steps[0], "End") == steps[-1]
    assert rvw.neighbour(res, steps[-1], "Home") == steps[0]
    assert rvw.neighbour(res, steps[0], "PageDown") == steps[-1]  # the next turn
    assert rvw.neighbour(res, steps[0], "x") == steps[0]
    assert rvw.point_at(res, 0.0) == steps[0] and rvw.point_at(res, 1.0) == steps[-1]


def test_table_and_turning_points_have_unique_names_and_the_right_steps() -> None:
    res = reviewed()
    table = rvw.table_html(res, 1)
    ET.fromstring(f"<div>{table}</div>")
    labels = re.findall(r'aria-label="([^"]+)"', table)
    assert labels == [f"Show action {p['step']}" for p in res["points"]]
    assert table.count('aria-current="step"') == 1
    items = rvw.turning_html(res, lambda step: f"./#fork-{step}")
    ET.fromstring(f"<ol>{items}</ol>")
    names = re.findall(r'aria-label="([^"]+)"', items)
    assert len(names) == len(set(names)) == 2 * len(res["turning"])
    for tp in res["turning"]:
        assert f'href="./#fork-{tp["fork"]}"' in items
        assert f'data-command="goto" data-step="{tp["step"]}"' in items
    assert "Luck:" in items and "Rolled 1 for the Intruder" in items


def test_the_status_says_where_the_review_is() -> None:
    review = rv.Review(attacked(1), samples=4, refine=1)
    first = review.step(0)
    assert rvw.status_text(first).startswith("Scoring every decision with the value model")
    sigs = {rv.drawn_key(first)}
    while not (res := review.step(0))["done"]:
        sigs.add(rv.drawn_key(res))
    assert rvw.status_text(res).startswith("Reviewed: 2 decisions")
    assert rv.drawn_key(res) not in sigs
    assert rvw.status_text({"error": "not a game record"}).endswith("not a game record")


def test_the_workers_task_answers_in_json_and_refuses_bad_records() -> None:
    task = bot_tasks.ReviewTask(json.dumps({"record": attacked(6), "samples": 2,
                                            "refine": 1}))
    out = json.loads(task.step(0))
    assert out["points"] and not out["done"]
    while not out["done"]:
        out = json.loads(task.step(1))
    assert out["progress"] == 1
    bad = bot_tasks.ReviewTask(json.dumps({"record": {"origin": {}, "actions": []}}))
    answer = json.loads(bad.step(1))
    assert answer["done"] and "origin" in answer["error"]
    assert "not a JSON object" in json.loads(bot_tasks.ReviewTask("[1]").step(1))["error"]
    assert json.loads(bot_tasks.ReviewTask("{").step(1))["error"]
    assert isinstance(ic.CorruptSave("x"), ValueError)
