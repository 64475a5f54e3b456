"""The review of a game (intruder_core.bots.review): the turning points a scripted game put
there, luck told from choice, nothing learnt from hidden facts, bad records refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from review_games import HIDDEN, attacked, position, sent_alone

import intruder_core as ic
from intruder_core.bots import review as rv


def test_a_death_on_a_known_die_is_luck_with_its_die_and_its_death_in_words() -> None:
    killed = rv.Review(attacked(1), samples=8, refine=1).run()
    survived = rv.Review(attacked(6), samples=8, refine=1).run()
    assert killed["done"] and not killed["over"]
    luck = [t for t in killed["turning"] if t["kind"] == "luck" and t["step"] == 0]
    assert len(luck) == 1
    tp = luck[0]
    # one sentence, its outcome first, the die and its death read from the events' fields
    before, after = (round(100 * tp[k]["win"]) for k in ("before", "after"))
    assert tp["text"] == ("Bad luck: a 1 for the Intruder's attack on Engineer 2 — Engineer 2 "
                          "is killed by the Intruder in Storage A-1 (3 chances in 6); a 2 for "
                          "metamorphosis — The Intruder metamorphoses to Life Stage 3 (2 chances "
                          f"in 6): your chance fell from {before}% to {after}%.")
    assert rv.when(tp) == "Turn 3, First Interaction Phase"
    assert tp["swing"] < -0.1 and tp["after"]["win"] < tp["before"]["win"]
    assert tp["rank"] == 1 and tp["before"]["source"] == "samples"
    # the statistics stand apart from the sentence
    assert "samples" not in tp["text"] and "sampled" not in tp["text"]
    assert tp["figures"].startswith(f"Before: {tp['before']['n']} sampled games, ±")
    assert f"within ±{round(100 * tp['margin'])} points" in tp["figures"]
    # The die that spared him is no bad luck; the choice before either die is judged the same.
    assert not [t for t in survived["turning"] if t["kind"] == "luck" and t["swing"] < -0.05]
    assert killed["points"][0] == survived["points"][0]
    choices = [[t for t in r["turning"] if t["kind"] == "choice"] for r in (killed, survived)]
    assert [(t["before"], t["after"], t.get("advisor")) for t in choices[0]] == \
        [(t["before"], t["after"], t.get("advisor")) for t in choices[1]]


def test_a_crewman_sent_alone_is_a_choice_with_the_advisors_alternative() -> None:
    res = rv.Review(sent_alone(), refine=0).run()
    assert res["stage"] == 2 and res["done"]
    tp = next(t for t in res["turning"] if t["step"] == 0)
    assert tp["kind"] == "choice"
    assert tp["what"] == "Engineer 2: move to Storage A-1, alone there"
    adv = tp["advisor"]
    assert adv["action"] != {"type": "move", "crew": "en2", "to": "store_a1"}
    kept, left = round(100 * adv["figure"]["win"]), round(100 * tp["after"]["win"])
    assert tp["text"] == (f"Your move: Engineer 2: move to Storage A-1, alone there: your "
                          f"chance fell from {kept}% to {left}%; {adv['label']} was worth "
                          f"about {kept - left} points more.")
    assert rv.when(tp) == "Turn 3, Crew Movement Phase"
    assert tp["swing"] <= -rv.MIN_SWING and tp["after"]["expected"] < adv["figure"]["expected"]
    assert tp["after"]["source"] == "model"
    assert tp["figures"] == ("The advisor's move: the value model. Yours: the value model.")
    # the move rolled nothing: no luck is told at that step
    assert not [t for t in res["turning"] if t["kind"] == "luck" and t["step"] == 0]


def test_the_curve_has_a_point_per_crew_decision_and_honest_bands() -> None:
    g = ic.new_game(seed=3)
    from intruder_core.bots import HeuristicPolicy, play

    play(g, HeuristicPolicy(), __import__("random").Random(3), max_turns=4)
    res = rv.Review(dict(g.record()), refine=1, samples=4).run()
    assert len(res["points"]) == len(g.history) + 1
    assert [p["step"] for p in res["points"]] == list(range(len(g.history) + 1))
    for p in res["points"]:
        f = p["figure"]
        assert abs(f["win"] + f["draw"] + f["loss"] - 1) < 1e-9
        assert abs(f["expected"] - (f["win"] + f["draw"] / 2)) < 1e-9
        assert min(f["win"], f["draw"], f["loss"]) >= 0
        assert f["source"] in ("model", "samples")
    even = rv.model_figure(0.5)
    assert even["draw"] == pytest.approx(rv.DRAW_SHARE) and even["win"] == even["loss"]
    assert rv.model_figure(1.0)["draw"] == 0 and rv.model_figure(1.0)["win"] == 1
    assert json.loads(json.dumps(res)) == res


def test_a_review_in_slices_is_the_review_at_once() -> None:
    rec = attacked(1)
    whole = rv.Review(rec, samples=4, refine=2).run()
    sliced = rv.Review(rec, samples=4, refine=2)
    seen = []
    first = sliced.step(0)
    assert not first["done"] and first["progress"] < 1
    while True:
        r = sliced.step(0)
        seen.append((r["stage"], r["progress"]))
        if r["done"]:
            break
    assert seen == sorted(seen) and seen[-1] == (2, 1.0)
    assert {k: v for k, v in r.items() if k != "seconds"} == \
        {k: v for k, v in whole.items() if k != "seconds"}


def swapped_game(hidden: list[str], seed: int) -> dict[str, Any]:
    """Mid-game: two crew moves in the Crew Movement Phase (nothing rolled or revealed)."""
    g = ic.Game.from_position(position("crew_movement", {"en2": {"at": "a1"},
                                                         "so3": {"at": "a1"}},
                                       hidden=hidden, seed=seed))
    g.apply({"type": "move", "crew": "en2", "to": "a2"})
    g.apply({"type": "move", "crew": "so3", "to": "store_a1"})
    assert not g.is_over
    return dict(g.record())


def test_a_mid_game_review_is_the_same_whatever_the_hidden_facts() -> None:
    """Face-down kinds swapped between places, and other dice to come: the crew view is the
    same, and so is every figure and word of the review."""
    one = swapped_game(HIDDEN, seed=5)
    other_kinds = list(reversed(HIDDEN))
    other = swapped_game(other_kinds, seed=6)
    assert one != other
    ra, rb = rv.Review(one, samples=6, refine=2), rv.Review(other, samples=6, refine=2)
    a, b = ra.run(), rb.run()
    assert not a["over"] and a["note"] == "Game in play: from the crew's view only."
    assert json.dumps({**a, "seconds": 0}, sort_keys=True) == \
        json.dumps({**b, "seconds": 0}, sort_keys=True)
    # the mistakes mode's questions, moves and judged tries are the same too
    assert ra.mistakes(a) == rb.mistakes(b)
    tries = [ra.judge(1, m.to_dict()) for m in ra.moments[1].legal[:3]]
    assert tries == [rb.judge(1, m.to_dict()) for m in rb.moments[1].legal[:3]]
    text = json.dumps([a, ra.mistakes(a), tries])
    assert "lab_animal" not in text and "Lab Animal" not in text and "dummy" not in text


@pytest.mark.parametrize("record, words", [
    ("not a record", "not a game record"),
    ({"origin": {"seed": 1}}, "not a game record"),
    ({"origin": {"seed": 1, "dice": [], "scenario": "solitaire", "options": {}},
      "actions": "x"}, "actions must be a list"),
    ({"origin": {"seed": 1, "dice": [], "scenario": "solitaire", "options": {}},
      "actions": [{"type": "leave", "shuttle": "shuttle1", "crew": ["co1"]}]},
     "action 1: the rules refuse it here"),
    ({"origin": {"seed": 1, "dice": [9], "scenario": "solitaire", "options": {}},
      "actions": []}, "origin"),
])
def test_bad_records_are_refused_in_words(record: Any, words: str) -> None:
    with pytest.raises(ic.CorruptSave, match=words):
        rv.Review(record)


def test_bad_settings_are_refused() -> None:
    rec = attacked(6)
    for kw in ({"samples": -1}, {"refine": 1.5}, {"keep": 1000}):
        with pytest.raises(ValueError, match="must be a whole number"):
            rv.Review(rec, **kw)


def test_the_command_line_prints_the_turning_points_and_the_time(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(attacked(1)))
    assert rv.main([str(path), "--samples", "4", "--refine", "1"]) == 0
    out = capsys.readouterr().out
    assert "[luck] Turn 3, First Interaction Phase: Bad luck: a 1 for the Intruder's attack" in out
    assert "Reviewed in " in out and "1 actions, 4 turns, still in play" in out
    bad = tmp_path / "bad.json"
    bad.write_text('{"origin": {}, "actions": [1]}')
    assert rv.main([str(bad)]) == 2
    assert "review: " in capsys.readouterr().err
    save = tmp_path / "save.json"
    g = ic.Game.from_json(json.dumps(json.loads(ic.replay(attacked(6)).to_json())))
    save.write_text(g.to_json())
    assert rv.main([str(save), "--refine", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == 1


def test_out_of_time_the_points_left_unchecked_are_left_out_and_counted() -> None:
    """The time budget stops the sampling: a turning point must be significant, so those not
    sampled are not listed (their count is), and the curve keeps the model's figures."""
    rec = attacked(1)
    full = rv.Review(rec, samples=4, refine=3).run()
    assert full["turning"] and full["unchecked"] == 0
    assert any(t["after"]["source"] == "samples" for t in full["turning"])
    quick = rv.Review(rec, samples=4, refine=3, budget_s=0.0).run()
    assert quick["done"] and quick["turning"] == [] and quick["unchecked"] >= 1
    assert [p["figure"] for p in quick["points"]] != [p["figure"] for p in full["points"]]
    assert all(p["figure"]["source"] == "model" for p in quick["points"])
    # refine 0 asks for the model alone: its points stand on the model's figures
    model = rv.Review(rec, samples=4, refine=0).run()
    assert model["turning"] and model["unchecked"] == 0
    assert all(t["after"]["source"] == "model" for t in model["turning"])


def test_a_figure_the_budget_cut_short_is_not_judged() -> None:
    """Out of time in the middle of a figure: its few games judge nothing (two games alike
    would look certain), so the point is left out and counted as unchecked."""

    class Cut(rv.Review):
        def _out_of_time(self) -> bool:
            return self.played >= 5  # five sampled games, then the time is up

    rec = attacked(1)
    cut = Cut(rec, samples=12, refine=3)
    res = cut.run()
    assert res["done"] and res["turning"] == [] and res["unchecked"] == len(cut.todo) == 2
    assert [len(d) for d in cut.draws.values()] == [5, 0]  # the first figure, cut at 5
    assert res["verdict"] == ""  # a choice went unchecked: no "No significant mistakes"


def test_python_m_intruder_core_review_prints_the_turning_points(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m intruder_core review FILE` is bots.review.main: its options, its report."""
    from intruder_core.__main__ import main

    path = tmp_path / "game.json"
    path.write_text(json.dumps(attacked(1)))
    assert main(["review", str(path), "--samples", "4", "--refine", "1"]) == 0
    out = capsys.readouterr().out
    assert "[luck] Turn 3, First Interaction Phase: Bad luck: a 1 for the Intruder's attack " \
        "on Engineer 2 — Engineer 2 is killed by the Intruder in Storage A-1" in out
    assert "1 actions, 4 turns, still in play" in out
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    assert "review: " in capsys.readouterr().err


def heuristic_start(turns: int = 4, seed: int = 3) -> dict[str, Any]:
    """The heuristic's first turns of a standard game: the advisor agrees with every choice."""
    import random

    from intruder_core.bots import HeuristicPolicy, play

    g = ic.new_game(seed=seed)
    play(g, HeuristicPolicy(), random.Random(seed), max_turns=turns)
    return dict(g.record())


def test_a_sampled_turning_point_stands_only_when_its_interval_excludes_no_change() -> None:
    killed = rv.Review(attacked(1), samples=8, refine=1).run()
    tp = next(t for t in killed["turning"] if t["kind"] == "luck")
    assert tp["before"]["source"] == "samples" and tp["margin"] > 0
    assert abs(tp["swing"]) > tp["margin"] and tp["swing"] < 0
    # sampled more than asked for where it was not yet clear, on the same seeds
    assert tp["before"]["n"] > 8
    for res in (killed, rv.Review(heuristic_start(), samples=6, refine=4).run()):
        for t in res["turning"]:
            if t["after"]["source"] == "samples":
                assert abs(t["swing"]) > t["margin"] > 0


def test_no_turning_point_reads_as_no_change() -> None:
    for rec in (attacked(1), attacked(6), sent_alone(), heuristic_start()):
        for refine in (0, 2):
            for t in rv.Review(rec, samples=6, refine=refine).run()["turning"]:
                assert abs(round(100 * t["before"]["win"]) - round(100 * t["after"]["win"])) \
                    > rv.SAME, t["text"]


def test_luck_the_next_decision_gives_back_is_no_turning_point() -> None:
    review = rv.Review(heuristic_start(), refine=0)
    review.run()
    end = len(review.moments) - 1
    i = next(k for k in sorted(review.expect) if review._lucky(k)
             and review._next_crew(review._next_crew(k)) < end)
    nxt = review._next_crew(i)
    after = review._next_crew(nxt)
    review.expect[i] = rv.model_figure(0.7)
    review.values[nxt] = 0.4
    review.turning = [(-0.3, "luck", i)]
    review.values[after] = 0.4  # the fall stays: bad luck
    assert [(t["kind"], t["step"]) for t in review.result()["turning"]] == [("luck", i)]
    review.values[after] = 0.65  # the next decision has it back: no turning point
    assert review.result()["turning"] == []


def test_no_significant_mistakes_is_said_when_no_costly_choice_stands() -> None:
    clean = rv.Review(heuristic_start(), samples=6, refine=2).run()
    assert not [t for t in clean["turning"] if t["kind"] == "choice" and t["swing"] < 0]
    assert clean["verdict"] == rv.NO_MISTAKES
    alone = rv.Review(sent_alone(), refine=0).run()
    assert any(t["kind"] == "choice" and t["swing"] < 0 for t in alone["turning"])
    assert alone["verdict"] == ""
    unfinished = rv.Review(sent_alone(), refine=0).step(0)
    assert not unfinished["done"] and unfinished["verdict"] == ""


def test_unsampled_points_stand_only_when_sampling_was_cut_short() -> None:
    """Sampled, an unclear swing is dropped; one never sampled (refine 0, or out of time)
    keeps the model's figures and is shown as such."""
    quick = rv.Review(attacked(1), samples=4, refine=0).run()
    assert quick["turning"] and all(t["after"]["source"] == "model" for t in quick["turning"])
    full = rv.Review(attacked(1), samples=4, refine=3).run()
    assert all(t["after"]["source"] == "samples" or t["before"]["source"] == "samples"
               for t in full["turning"])


def test_a_mistake_is_asked_again_and_a_try_judged_by_the_reviews_own_sampled_games() -> None:
    """Learn from your mistakes (issue 30 item 3): the costly choice comes back with the moves
    there; a try is judged by sampled games with the review's own seeds, so the move played
    judged again is the same figure, no better and no worse."""
    review = rv.Review(sent_alone(), samples=8, refine=0)  # the model's figures stand
    res = review.run()
    mistakes = review.mistakes(res)
    assert [m["step"] for m in mistakes] == [0]
    m = mistakes[0]
    tp = next(t for t in res["turning"] if t["step"] == 0 and t["kind"] == "choice")
    assert m["played"] == "Engineer 2: move to Storage A-1" and m["advisor"] == \
        tp["advisor"]["label"]
    assert rv.when(m) == "Turn 3, Crew Movement Phase"
    labels = [c["label"] for c in m["choices"]]
    assert m["played"] in labels and m["advisor"] in labels and len(set(labels)) == len(labels)
    played = next(c["action"] for c in m["choices"] if c["label"] == m["played"])
    again = review.judge(0, played)
    assert again["verdict"] == "same" and again["points"] == 0 and again["gain"] == 0
    assert again["figure"] == again["played"]  # the same seeds: the same games, paired
    assert again["played"]["source"] == "samples" and again["played"]["n"] == 8
    advice = review.judge(0, tp["advisor"]["action"])
    assert advice["figure"] == advice["advisor"] == review.refined[(0, "advisor")]
    # deterministic: another review of the record judges the same try the same
    other = rv.Review(sent_alone(), samples=8, refine=0)
    other.run()
    assert other.judge(0, tp["advisor"]["action"]) == advice
    # a move that keeps more (by these 8 games: deterministic) is told so, outcome first
    shaft = next(c for c in m["choices"] if c["label"] == "Engineer 1: move to Access Shaft #1")
    better = review.judge(0, shaft["action"])
    assert better["verdict"] == "better" and better["gain"] >= rv.MIN_SWING
    assert better["points"] == round(100 * better["figure"]["win"]) - \
        round(100 * better["played"]["win"]) > rv.SAME
    assert better["words"].startswith(f"Better: you keep about {better['points']} points")
    with pytest.raises(ic.IllegalAction):
        review.judge(0, {"type": "move", "crew": "en2", "to": "store_c2"})
    with pytest.raises(ic.IllegalAction):
        review.judge(5, played)


def test_the_verdicts_words_say_the_outcome_first() -> None:
    f = rv.model_figure
    assert rv.judged_words("better", 12, f(0.7), f(0.5)).startswith(
        "Better: you keep about 12 points (")
    assert rv.judged_words("worse", -7, f(0.4), f(0.5)).startswith(
        "Worse: about 7 points less than the move you played")
    assert rv.judged_words("same", 1, f(0.5), f(0.5)).endswith("try another, or Show me.")


def test_a_choice_the_model_hardly_prices_is_still_a_candidate_for_sampled_games() -> None:
    """What the value model misses (a weapon dropped) is for the sampled games to find: a
    choice unlike the advisor's stays a candidate however small its model swing, after
    those the model prices; the advisor's own choices never are."""
    review = rv.Review(sent_alone(), refine=0)
    review.run()
    assert 0 in review.quality  # Engineer 2's move is not the advisor's
    review.quality[0] = rv.model_figure(review.expect_advice[0]["expected"] - 0.001)
    review._choose_turning()
    assert ("choice", 0) in [(k, i) for _, k, i in review.turning]
    assert abs(review._swing("choice", 0)) < rv.MIN_SWING
    assert all(i in review.quality for _, k, i in review.turning if k == "choice")
    # however few places the listed turning points have: stage 2 keeps places for choices
    review.keep = 0
    review._choose_turning()
    assert ("choice", 0) in [(k, i) for _, k, i in review.turning]
    assert all(k == "choice" for _, k, _ in review.turning)
    review.refine = 2
    assert ("choice", 0) in [(k, i) for _, k, i in review._to_refine()]


def test_a_choice_not_yet_clear_is_sampled_on_where_luck_would_stop() -> None:
    """A choice whose paired swing is neither clear nor clearly nothing gets more games (a
    costly one whose first dozen games happened to even out was missed: issue 30 item 1);
    luck that small stops, as before."""
    settled = rv.Review._settled
    assert not settled("choice", 0.0, 0.14, 12) and settled("luck", 0.0, 0.14, 12)
    assert not settled("choice", -0.05, 0.09, 24) and settled("luck", -0.05, 0.09, 24)
    assert settled("choice", -0.25, 0.1, 12) and settled("luck", -0.25, 0.1, 12)
    assert settled("choice", 0.0, 0.0, 12)  # every pair the same: nothing to find


def test_the_players_costly_choices_come_before_luck() -> None:
    """What a player can learn from is listed first: a costly choice ranks above a larger
    swing of luck (issue 30: the planted decision named first)."""
    review = rv.Review(sent_alone(), refine=0)
    review.run()
    swings = {("luck", 1): -0.4, ("choice", 0): -0.1}
    review.turning = [(s, k, i) for (k, i), s in swings.items()]
    review._shown = lambda kind, i: True  # type: ignore[method-assign]
    review._swing = lambda kind, i: swings[(kind, i)]  # type: ignore[method-assign]
    assert [(t["kind"], t["rank"]) for t in review.result()["turning"]] == \
        [("choice", 1), ("luck", 2)]


def test_a_choice_is_judged_against_the_better_of_the_heuristics_and_the_searchs() -> None:
    """Where the advisor's search chooses otherwise than the heuristic, both are sampled on
    the review's seeds and the choice is judged against the better (issue 30 item 1: the best
    action the search finds, not the heuristic's alone)."""
    plain = rv.Review(sent_alone(), samples=8, refine=2)
    plain.run()
    assert 0 in plain.searched and plain.searched[0] is None  # searched: it kept the heuristic's
    other = next(a for a in plain.moments[0].legal
                 if a.label == "Engineer 1: move to Access Shaft #1")
    review = rv.Review(sent_alone(), samples=8, refine=2)
    review.searched[0] = other  # as if the search had chosen it
    review.run()
    draws = {k: review.draws[(0, k)] for k in ("advisor", "search", "chosen")}
    n = min(len(d) for d in draws.values())
    assert n >= 8
    mean = {k: sum(v for v in d[:n] if v is not None) / n for k, d in draws.items()}
    best = "search" if mean["search"] > mean["advisor"] else "advisor"
    assert best == "search"  # the shaft keeps more here (by these seeds: deterministic)
    assert review._best(0) == best
    assert review._best_action(0) == (other if best == "search" else review._advice(0))
    before, _after, advice = review._figures("choice", 0)
    assert before == advice == review.refined[(0, best)]
    assert review._pair("choice", 0) == [(0, best), (0, "chosen")]
    # the mistakes mode judges a try against the same figure
    assert review.judge(0, other.to_dict())["advisor"] == review.refined[(0, best)]
