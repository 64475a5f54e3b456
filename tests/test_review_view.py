"""The review panel on CPython: review_view.py's chart, table and turning points, and the
worker's task (bot_tasks.ReviewTask), against the real engine."""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from review_games import attacked, sent_alone

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import review_view as rvw
from intruder_core.bots import review as rv
from workers import bot_tasks


def reviewed() -> rv.ReviewResult:
    return rv.Review(attacked(1), samples=4, refine=2).run()


def test_the_status_says_how_many_swings_the_time_left_unchecked() -> None:
    full = rv.Review(attacked(1), samples=4, refine=3).run()
    quick = rv.Review(attacked(1), samples=4, refine=3, budget_s=0.0).run()
    assert quick["unchecked"] == 2  # a choice and its luck: the only candidates
    assert "Reviewed: 2 decisions in 0 s. 2 more swings not checked in time, so not " \
        "listed. " in rvw.status_text(quick)
    assert "not checked" not in rvw.status_text(full)
    assert rvw.status_text({**quick, "unchecked": 1}).count("1 more swing not checked") == 1


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


def test_keys_and_taps_reach_every_point_by_the_marks_the_page_keeps() -> None:
    res = reviewed()
    marks = rvw.marks(res)
    steps = [p["step"] for p in res["points"]]
    assert [m["step"] for m in marks] == steps
    assert [m["words"] for m in marks] == [rvw.point_words(p) for p in res["points"]]
    assert rvw.neighbour(marks, steps[0], "ArrowRight") == steps[1]
    assert rvw.neighbour(marks, steps[1], "ArrowLeft") == steps[0]
    assert rvw.neighbour(marks, steps[0], "End") == steps[-1]
    assert rvw.neighbour(marks, steps[-1], "Home") == steps[0]
    assert rvw.neighbour(marks, steps[0], "PageDown") == steps[-1]  # the next turn
    assert rvw.neighbour(marks, steps[0], "x") == steps[0]
    assert rvw.point_at(marks, 0.0) == steps[0] and rvw.point_at(marks, 1.0) == steps[-1]
    # the marker the page moves is the one the chart draws at that point
    ns = "{http://www.w3.org/2000/svg}"
    here = [e for e in ET.fromstring(rvw.chart_svg(res, steps[1])).iter(f"{ns}line")
            if e.get("id") == "review-here"]
    assert len(here) == 1 and here[0].get("x1") == rvw.here_x(1, len(marks))
    assert rvw.here_x(0, len(marks)) != rvw.here_x(1, len(marks))


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
    assert len(names) == len(set(names)) == 3 * len(res["turning"])
    for tp in res["turning"]:
        assert f'href="./#fork-{tp["fork"]}"' in items
        assert f'data-command="goto" data-step="{tp["step"]}"' in items
    assert "Bad luck: a 1 for the Intruder" in items
    # the figures behind a disclosure, one per turning point; when it was after its words
    assert items.count('<details class="tp-figures"><summary') == len(res["turning"])
    assert all(rv.when(tp) in items for tp in res["turning"])


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


def test_the_workers_task_draws_the_panel_at_most_so_often_and_at_the_end() -> None:
    rec = attacked(6)
    task = bot_tasks.ReviewTask(json.dumps({"record": rec, "samples": 2, "refine": 1,
                                            "base": "https://x/"}), draw_every_s=3600)
    out = json.loads(task.step(0))
    assert out["drawn"] and out["marks"] and not out["done"]
    assert out["status"].startswith("Scoring every decision")
    first = task.chart
    assert ET.fromstring(first).get("role") == "slider" and "<table" in task.table
    answers = [out]
    while not out["done"]:
        out = json.loads(task.step(0))
        answers.append(out)
    assert out["progress"] == 1 and out["status"].startswith("Reviewed: ")
    # an hour between drawings: only the first answer and the last are drawn
    assert [bool(a.get("drawn")) for a in answers] == [True] + [False] * (len(answers) - 2) \
        + [True]
    assert "marks" not in answers[1] and len(answers) > 2
    res = rv.Review(rec, samples=2, refine=1, budget_s=bot_tasks.REVIEW_WHOLE_S,
                    expect_samples=bot_tasks.REVIEW_EXPECT,
                    quality_samples=bot_tasks.REVIEW_QUALITY).run()
    assert out["marks"] == rvw.marks(res)
    assert task.chart == rvw.chart_svg(res, 0) and task.table == rvw.table_html(res, 0)
    from core import session

    assert task.turning == rvw.turning_html(res, lambda step: "https://x/" + session
                                            .share_fragment({"origin": rec["origin"],
                                                             "actions": rec["actions"][:step]}))
    # with no wait between drawings, every change of the figures is drawn
    every = bot_tasks.ReviewTask(json.dumps({"record": rec, "samples": 2, "refine": 1}),
                                 draw_every_s=0)
    drawn = []
    while not (a := json.loads(every.step(0)))["done"]:
        drawn.append(bool(a.get("drawn")))
    assert drawn.count(True) > 1
    bad = bot_tasks.ReviewTask(json.dumps({"record": {"origin": {}, "actions": []}}))
    answer = json.loads(bad.step(1))
    assert answer["done"] and "origin" in answer["error"]
    assert "not a JSON object" in json.loads(bot_tasks.ReviewTask("[1]").step(1))["error"]
    assert json.loads(bot_tasks.ReviewTask("{").step(1))["error"]
    assert isinstance(ic.CorruptSave("x"), ValueError)


def test_the_workers_task_reviews_the_pages_source_as_the_page_would() -> None:
    """replay.html's first script sends the page's source (a share link, a save) before the
    page's Python has read it: the same review as of the record, or the page's refusal."""
    from core import session
    from intruder_core.bots.review import Review

    g = ic.replay(attacked(1))
    by_record = bot_tasks.ReviewTask(json.dumps({"record": dict(g.record()), "refine": 0}))
    for source in ("https://x/replay.html?review=1" + session.share_fragment(g.record()),
                   g.to_json()):
        task = bot_tasks.ReviewTask(json.dumps({"source": source, "refine": 0}))
        assert isinstance(task.review, Review) and task.record == by_record.record
        assert json.loads(task.step(10))["done"]
    got = {k: v for k, v in task.review.result().items() if k != "seconds"}
    assert by_record.review is not None
    by_record.review.run()
    assert got == {k: v for k, v in by_record.review.result().items() if k != "seconds"}
    bad = json.loads(bot_tasks.ReviewTask(json.dumps({"source": "#g=nonsense"})).step(1))
    assert bad["done"] and bad["error"]


def test_the_first_slice_scores_the_first_decisions_before_the_game_is_replayed_further() -> None:
    """The first figures come at once: the review replays the game moment by moment as it
    scores them (it was checked whole first: a bad record is refused at once)."""
    import random

    from intruder_core import bots

    g = ic.new_game(seed=3)
    bots.play(g, bots.HeuristicPolicy(), random.Random(3), max_turns=4)
    review = rv.Review(dict(g.record()), refine=0)
    assert review.moments == [] and review.count == len(g.history) + 1
    first = review.step(0)
    assert len(first["points"]) == 1 and len(review.moments) == 1
    assert first["actions"] == len(g.history) and first["turns"] == g.turn
    assert not first["done"] and first["stage"] == 1


def test_turning_point_numbers_a_decision_apart_do_not_touch() -> None:
    """Labels pushed apart by at least the gap, in order, none moved left; far ones stay."""
    assert rvw.spread([10.0, 12.0, 13.0, 80.0], 16) == [10.0, 26.0, 42.0, 80.0]
    assert rvw.spread([], 16) == []


def test_a_mistake_is_asked_without_the_advisors_move() -> None:
    m: rv.Mistake = {"step": 4, "turn": 3, "phase": "crew_movement",
                     "played": "Engineer 2: move to Storage A-1", "lost": 16,
                     "choices": [{"action": {"type": "end_movement"}, "label": "End <move>"},
                                 {"action": {}, "label": "Engineer 2: move to Storage A-1"}],
                     "advisor": "End <move>"}
    ask = rvw.learn_ask(m) + rvw.learn_where(m, 0, 2) + rvw.learn_offer([m])
    assert "End" not in ask and "16 points" in ask and "Mistake 1 of 2" in ask
    options = rvw.learn_options_html(m)
    ET.fromstring(f"<select>{options}</select>")  # escaped, well formed
    assert "End &lt;move&gt;" in options and "(the move you played)" in options
    assert "End <move>" in rvw.learn_show_me(m)
    assert rvw.learn_offer([]) == ""


def test_the_workers_task_sends_the_mistakes_at_the_end_and_judges_a_try() -> None:
    task = bot_tasks.ReviewTask(json.dumps({"record": sent_alone(), "samples": 8,
                                            "refine": 0}))
    early = json.loads(task.judge(json.dumps({"step": 0, "action": {}})))
    assert early == {"error": "the review is not finished"}
    while not (out := json.loads(task.step(1.0)))["done"]:
        assert "mistakes" not in out
    (m,) = out["mistakes"]
    assert m["step"] == 0 and m["played"] == "Engineer 2: move to Storage A-1"
    played = next(c["action"] for c in m["choices"] if c["label"] == m["played"])
    got = json.loads(task.judge(json.dumps({"step": 0, "action": played})))
    assert got["verdict"] == "same" and got["words"].startswith("About the same")
    bad = json.loads(task.judge(json.dumps({"step": 0, "action": {"type": "fly"}})))
    assert bad["error"]


def test_the_reviews_time_counts_from_its_asking() -> None:
    """The page's review is on screen within 5 s of the asking: a request that says when it
    was asked gets what is left of the whole time (the worker's boot came first)."""
    whole, least = bot_tasks.REVIEW_WHOLE_S, bot_tasks.REVIEW_MIN_S
    budget = bot_tasks.review_budget
    assert budget({}) == whole
    assert budget({"asked": "soon"}) == budget({"asked": True}) == whole
    assert budget({"asked": 10_000.0}, now_ms=10_000.0) == whole
    assert budget({"asked": 10_000}, now_ms=11_500.0) == whole - 1.5
    assert budget({"asked": 10_000}, now_ms=60_000.0) == least
    task = bot_tasks.ReviewTask(json.dumps({"record": attacked(1), "asked": 0}))
    assert task.review is not None and task.review.budget_s == least  # asked long ago
