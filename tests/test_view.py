"""The crew view is built fast (view.crew_view) but must stay exactly what it was: the views
handed to the bot at every decision of seeded games, in every scenario, are fingerprinted and
compared with the fingerprint the view code of commit 98c3c02 gave (before it was sped up)."""

from __future__ import annotations

import hashlib
import json
import random

from helpers import random_play

import intruder_core as ic
from intruder_core.bots import HeuristicPolicy

# (scenario, options, seed): heuristic crew, the random player on any other side
CASES = [("solitaire", {}, 0), ("solitaire", {}, 1), ("solitaire", {"difficulty": "hard"}, 2),
         ("solitaire", {"lost_crewmen": True}, 3), ("return_to_prometheus", {"marines": True}, 0),
         ("intelligent_intruder", {}, 1), ("science_officer", {}, 2)]
# printed by view_digest() with the intruder_core of commit 98c3c02 on the path
DIGEST_98C3C02 = "0f022f69f6493c90679a9f4b4e06ea02e6236bb6d53c7f83139e307689045908"


def view_digest() -> str:
    """sha256 over the crew view (json, sorted keys) at every decision of CASES."""
    h = hashlib.sha256()
    bot = HeuristicPolicy()
    for scenario, options, seed in CASES:
        rng = random.Random(seed)
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
        for turn in random_play(g, rng, until=lambda g: g.turn > 400):
            view = g.view("crew" if "crew" in g.players else "command")
            h.update(json.dumps(view, sort_keys=True).encode())
            if g.owner(turn.legal[0]) == "crew":
                turn.action, _ = bot.choose(view, turn.legal, rng)
    return h.hexdigest()


def test_crew_view_is_what_it_was() -> None:
    assert view_digest() == DIGEST_98C3C02


if __name__ == "__main__":
    print(view_digest())


def test_a_caged_intruder_shows_in_the_next_shared_view() -> None:
    """Caging changes only the Cage's contents (not its place or carriers): the next view
    made with the same memo must show it, not the empty Cage it shared before."""
    from helpers import act, position, token_of

    from intruder_core.bots.policy import policy_view
    from intruder_core.view import ViewMemo, crew_view

    g = position(phase="interaction1", stage=4, known=["very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "store_a1", "carrying": ["cage1"]},
                       "co2": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True,
                            "asleep": True}], dice=[5])
    memo = ViewMemo()
    before = policy_view(g, memo)
    act(g, "cage", crew="co1", target=token_of(g, "intruder"))
    after = policy_view(g, memo)
    cage = next(i for i in after["items"] if i["id"] == "cage1")
    assert cage["contents"] == token_of(g, "intruder") and after == crew_view(g)
    assert next(i for i in before["items"] if i["id"] == "cage1")["contents"] is None


def test_views_sharing_unchanged_parts_equal_fresh_views() -> None:
    """bots.play's views (policy_view: objects and crewmen unchanged since the last view are
    shared, not made again) equal a fresh crew_view at every decision, and they do share."""
    from intruder_core.bots.policy import policy_view
    from intruder_core.view import ViewMemo, bookkeeping, crew_view

    shared = 0
    bot = HeuristicPolicy()
    cases = [*CASES[:-1], ("solitaire", {}, 11), ("solitaire", {"difficulty": "easy"}, 12)]
    for n, (scenario, options, seed) in enumerate(cases):
        rng = random.Random(seed)
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
        memo = ViewMemo()
        last: dict[str, object] | None = None
        for turn in random_play(g, rng, until=lambda g: g.turn > 400):
            legal = turn.legal
            view = policy_view(g, memo)
            assert view == crew_view(g), (scenario, seed, g.turn, g.step)
            # the bookkeeping crew_view gathers in its own passes is the one made on its own
            assert view["bookkeeping"] == bookkeeping(g), (scenario, seed, g.turn)
            if last is not None:
                shared += sum(1 for a, b in zip(view["items"], last["items"], strict=False)
                              if a is b)
            last = view
            crew_turn = g.owner(legal[0]) == "crew"
            if crew_turn and n % 2 == 0:  # the heuristic, and random play for odd moves
                turn.action, _ = bot.choose(view, legal, rng)
    assert shared > 1000  # the memo is used


def test_the_view_index_finds_what_the_view_lists() -> None:
    """view.ViewIndex: every crewman, object and counter of a view under its name, what each
    carries, what lies and who stands where, for games well into play."""
    from intruder_core.bots import play
    from intruder_core.view import STATION, ViewIndex

    for seed in (1, 7):
        g = ic.new_game(seed=seed)
        play(g, HeuristicPolicy(), random.Random(seed), max_turns=3)
        view = g.view("crew")
        index = ViewIndex(view)
        assert list(index.crew) == [c["id"] for c in view["crew"]]
        assert set(index.items) == {i["id"] for i in view["items"]}
        assert set(index.counters) == {t["token"] for t in view["counters"]}
        for c in view["crew"]:
            assert [i["id"] for i in index.carrying[c["id"]]] == c["carrying"]
            assert index.kinds(c["id"]) == [index.items[i]["kind"] for i in c["carrying"]]
        on_station = [c["id"] for c in view["crew"]
                      if c["status"] == "active" and c["at"] in STATION]
        assert [c["id"] for c in index.active] == on_station
        assert sorted(n for ids in index.where.values() for n in ids) == sorted(on_station)
        for at, ids in index.where.items():
            assert all(index.crew[n]["at"] == at for n in ids)
        for at in STATION:
            assert index.lying(at) == [i for i in view["items"]
                                       if i["at"] == at and not i["carriers"]]
        hidden = [t["token"] for t in view["counters"] if not t["face_up"]]
        assert sorted(t for ts in index.facedown.values() for t in ts) == sorted(hidden)


def test_the_view_index_takes_an_empty_view() -> None:
    """The page draws the empty station from an empty view (render.preview_svg)."""
    from intruder_core.view import ViewIndex

    index = ViewIndex({})  # type: ignore[typeddict-item]
    assert index.crew == {} and index.items == {} and index.counters == {} and index.where == {}
