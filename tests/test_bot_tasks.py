"""web/py/bot_tasks.py on CPython: what the bots' worker answers, from plain data only."""

from __future__ import annotations

import importlib
import json
import random
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from helpers import play_randomly

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from intruder_core import bots
from workers import bot_tasks


def legal(game: ic.Game, side: str = "crew") -> list[dict[str, object]]:
    _, actions = bot_tasks.side_view(game, side)
    return [a.to_dict() for a in actions]


def test_heuristic_choice_matches_the_bot_and_crosses_as_json() -> None:
    game = ic.new_game(seed=3)
    answer = bot_tasks.choose(game.to_json(), "crew", "heuristic", seed=5)
    assert answer is not None
    assert json.loads(json.dumps(answer)) == answer  # plain data only
    assert answer["action"] in legal(game)
    expected, why = bots.HeuristicPolicy().choose(game.view("crew"), game.legal_actions(),
                                                  random.Random(5))
    assert answer["action"] == expected.to_dict() and answer["reason"] == why
    assert answer["candidates"] == []


def test_search_reports_each_candidate_it_weighed() -> None:
    game = ic.new_game(seed=52)  # a Self Defense choice: a critical decision
    assert game.view("crew")["decision"]["step"] == "defense"
    answer = bot_tasks.choose(game.to_json(), "crew", "search", budget_s=30.0, seed=1)
    assert answer is not None and answer["action"] in legal(game)
    cands = answer["candidates"]
    assert len(cands) >= 2
    assert all(c["action"] in legal(game) and 0 <= c["value"] <= 1 and c["n"] > 0
               for c in cands)
    assert answer["rollouts"] == sum(c["n"] for c in cands)


def test_suggest_is_the_fixed_budget_search_the_benchmark_measures() -> None:
    """With time to spare the advice depends on the position and seed alone: the search
    makes exactly ADVISOR_ROLLOUTS rollouts, as bench/advisor_paired.py plays it."""

    game = ic.new_game(seed=52)  # Self Defense
    answers = [bot_tasks.choose(game.to_json(), "crew", "search", budget_s=60.0, seed=4)
               for _ in range(2)]
    assert answers[0] is not None and answers[1] is not None
    strip = [{k: v for k, v in a.items() if k != "ms"} for a in answers]
    assert strip[0] == strip[1]
    assert answers[0]["rollouts"] >= bot_tasks.ADVISOR_ROLLOUTS >= bot_tasks.ADVISOR_MIN_ROLLOUTS
    bench = bot_tasks.TracedSearch(budget_rollouts=bot_tasks.ADVISOR_ROLLOUTS, seed=4,
                                 z=bot_tasks.ADVISOR_Z)
    action, reason = bench.choose(game.view("crew"), game.legal_actions(), random.Random(4))
    assert answers[0]["action"] == action.to_dict() and answers[0]["reason"] == reason


def test_the_intruder_side_plays_the_intruder_ai_and_a_finished_game_has_no_choice() -> None:
    game = ic.new_game(seed=1, scenario="intelligent_intruder")
    side = game.to_move()[0]
    answer = bot_tasks.choose(game.to_json(), side, seed=2)
    assert answer is not None and answer["action"] in legal(game, side)
    over = ic.new_game(seed=3)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    assert bot_tasks.choose(over.to_json(), "crew") is None


def test_odds_steps_to_the_same_estimate_as_win_odds() -> None:
    game = ic.new_game(seed=3)
    odds = bot_tasks.Odds(game.to_json(), "crew", samples=4, seed=9)
    first = odds.step(0.0)  # at least one game per step
    assert first["n"] == 1 and not first["done"]
    last = first
    while not last["done"]:
        last = odds.step(10.0)
    log = [ev.to_dict() for ev in game.log]
    expected = bots.win_odds(game.view("crew"), log, samples=4, seed=9)
    assert {k: last[k] for k in ("win", "draw", "loss", "n")} == \
        {k: expected[k] for k in ("win", "draw", "loss", "n")}
    assert last["rate"] > 0
    assert odds.step(1.0)["n"] == 4  # done stays done


def test_odds_shared_by_a_pool_merges_to_the_one_worker_estimate() -> None:
    """A pool of workers plays the sample indices in any split and order (each worker its
    own Odds over the same state and seed); the merged counts give win_odds' estimate."""
    game = ic.new_game(seed=5)
    bots.play(game, bots.HeuristicPolicy(), max_turns=2)  # a position with a history
    state, samples, seed = game.to_json(), 9, 4
    log = [ev.to_dict() for ev in game.log]
    expected = bots.win_odds(game.view("crew"), log, samples=samples, seed=seed)
    for shares in ([[0, 1, 2, 3, 4, 5, 6, 7, 8]], [[8, 0, 3], [1, 5], [7, 2, 4, 6]]):
        total = dict.fromkeys(("win", "draw", "loss", "unfinished"), 0)
        for indices in shares:
            for k, v in bot_tasks.Odds(state, "crew", samples, seed).play(indices).items():
                total[k] += v
        merged = bots.odds_estimate(total, samples)
        assert merged == expected
    one = bot_tasks.Odds(state, "crew", samples, seed)
    singles = [one.play([i]) for i in range(samples)]
    assert len({tuple(sorted(c.items())) for c in singles}) > 1  # not all the same outcome
    with pytest.raises(ValueError):
        one.play([samples])


def walked(seed: int) -> ic.Game:
    """A new game `seed` after a few random legal actions (as many as its seed draws)."""
    rng = random.Random(seed)
    return play_randomly(ic.new_game(seed=seed), rng, steps=rng.randrange(0, 30))


@pytest.mark.parametrize(("game", "preferred"), [(ic.new_game(seed=52), 0), (walked(21), 1)],
                         ids=["start", "walked"])
def test_too_few_rollouts_never_overrule_the_heuristic(game: ic.Game, preferred: int) -> None:
    """With a floor no search reaches, the heuristic's action stands, and says so where the
    search preferred another (`preferred` of the two searches: in the walked game one would
    turn on the Freezer)."""
    view, legal = game.view("crew"), game.legal_actions()
    heuristic, _ = bots.HeuristicPolicy().choose(view, legal, random.Random(4))
    overruled = 0
    for seed in range(2):
        cautious = bot_tasks.TracedSearch(min_rollouts=10**6, budget_rollouts=16, seed=seed)
        action, reason = cautious.choose(view, legal, random.Random(4))
        assert action == heuristic
        assert cautious.trace and cautious.rollouts > 0  # it searched, and shows it
        # Without the floor it is SearchPolicy itself (no clock: deterministic).
        free = bot_tasks.TracedSearch(min_rollouts=0, budget_rollouts=16, seed=seed)
        plain = bots.SearchPolicy(budget_rollouts=16, seed=seed)
        searched = free.choose(view, legal, random.Random(4))
        assert searched == plain.choose(view, legal, random.Random(4))
        if action != searched[0]:
            assert "too few to overrule" in reason
            overruled += 1
    assert overruled == preferred


def test_odds_chunks_follow_the_time_budget_and_shrink_toward_the_end() -> None:
    """bot_client.chunk_size: about CHUNK_S seconds of games per chunk (1 to 16), but at most
    a worker's share of half the samples left, so the workers of a pool finish together."""
    bot_client = import_bot_client(types.ModuleType("js"))  # the page's module, unused here
    per_game = bot_client.CHUNK_S / 4  # four games fill a chunk's time
    assert bot_client.chunk_size(per_game, left=200, workers=2) == 4
    assert bot_client.chunk_size(0.0, left=200, workers=2) == 16  # never more than 16
    assert bot_client.chunk_size(10.0, left=200, workers=2) == 1  # slow games: one at a time
    assert bot_client.chunk_size(per_game, left=12, workers=2) == 3  # near the end: shrinks
    assert bot_client.chunk_size(per_game, left=3, workers=2) == 1  # and never to nothing
    assert bot_client.chunk_size(per_game, left=0, workers=0) == 1


def test_the_early_runs_answers_before_the_page_adopts_it_are_kept_in_order() -> None:
    """ReviewWorker: answers to replay.html's run 1 that come after start() took the worker
    over but before review(adopt=True) are kept for it (a quick review's "done" among them
    was dropped, and the page waited for ever: test_the_curve_is_the_same_as_on_cpython
    timed out once in CI)."""
    import asyncio

    bot_client = import_bot_client(types.ModuleType("js"))
    reviewer = bot_client.ReviewWorker()
    reviewer.worker, reviewer.early_run, reviewer.runs = object(), 1, 1  # as start() leaves it

    def answer(run: int, **result: object) -> types.SimpleNamespace:
        return types.SimpleNamespace(data=types.SimpleNamespace(
            type="", run=run, result=json.dumps(result), chart=None, table=None,
            turning=None))

    for event in (answer(1, step=1), answer(2, step=9), answer(1, step=2, done=True)):
        reviewer._on_message(event)  # before the page's review task has begun

    async def adopted() -> list[dict[str, object]]:
        return [got async for got in reviewer.review({}, adopt=True)]

    assert asyncio.run(asyncio.wait_for(adopted(), 5)) == [{"step": 1},
                                                          {"step": 2, "done": True}]


def import_bot_client(js: types.ModuleType) -> Any:
    """web/py/bot_client.py imported with `js` standing for the page's js module."""
    had_js = "js" in sys.modules
    sys.modules.setdefault("js", js)
    try:
        return importlib.import_module("dom.bot_client")
    finally:  # leave no stub behind: other glue modules test for the page by importing js
        sys.modules.pop("dom.bot_client", None)
        if not had_js:
            sys.modules.pop("js", None)


class JsNull:
    """What Pyodide hands over for a JS null: falsy, but not None."""

    def __bool__(self) -> bool:
        return False


def test_odds_helpers_start_early_only_with_memory_to_spare() -> None:
    """bot_client.spare_memory: the Odds helpers start before the first Odds only where
    navigator.deviceMemory says 4 GB or more (undefined outside Chromium's browsers);
    ?odds_prestart=0|1 overrides it, and an absent parameter (JS null) does not."""
    params: dict[str, str] = {}
    js = types.ModuleType("js")
    js.location = types.SimpleNamespace(search="")  # type: ignore[attr-defined]
    js.navigator = types.SimpleNamespace()  # type: ignore[attr-defined]
    js.URLSearchParams = types.SimpleNamespace(  # type: ignore[attr-defined]
        new=lambda _search: types.SimpleNamespace(get=lambda k: params.get(k, JsNull())))
    bot_client = import_bot_client(js)
    bot_client.js = js  # even if another stub of js was imported first
    assert not bot_client.spare_memory()  # no deviceMemory: Firefox, Safari
    js.navigator.deviceMemory = 2  # type: ignore[attr-defined]
    assert not bot_client.spare_memory()
    js.navigator.deviceMemory = 8  # type: ignore[attr-defined]
    assert bot_client.spare_memory()
    params["odds_prestart"] = "0"
    assert not bot_client.spare_memory()
    js.navigator.deviceMemory = 0.5  # type: ignore[attr-defined]
    params["odds_prestart"] = "1"
    assert bot_client.spare_memory()
