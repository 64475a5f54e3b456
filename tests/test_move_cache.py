"""The move cache (move_cache.py): what it keeps, what drops it, and that switching it off
(`NoCache`) plays the same games: the same legal actions, labels and rules at every decision
and the same save after every action."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import random_play, save_from, seeds

import intruder_core as ic
from intruder_core import move_cache
from intruder_core.bots.heuristic import HeuristicPolicy
from intruder_core.move_cache import MoveCache, NoCache
from intruder_core.view import crew_view

GAMES = [("solitaire", {}), ("solitaire", {"lost_crewmen": True}),
         ("return_to_prometheus", {"marines": True}), ("science_officer", {}),
         ("intelligent_intruder", {})]


def uncached(monkeypatch: pytest.MonkeyPatch, seed: int, scenario: str = "solitaire",
             options: dict[str, Any] | None = None) -> ic.Game:
    """A new game that keeps nothing between decisions (nor does any game it rebuilds)."""
    with monkeypatch.context() as m:
        m.setattr(move_cache, "ENABLED", False)
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
    assert isinstance(g.cache, NoCache)
    g.cache = NoCache()  # stays off once the switch is back on
    g.changed()
    return g


def seen(g: ic.Game, since: tuple[int, int]) -> tuple[list[tuple[ic.Action, str, str]],
                                                      tuple[int, int, str]]:
    """What a decision shows: the legal actions with their labels and rules, and the save
    (its log and history from `since`, the lengths at the decision before: what the last
    action added; the games' whole saves are compared at the end)."""
    return [(x, x.label, x.rule) for x in g.legal_actions()], save_from(g, *since)


def in_step(on: ic.Game, off: ic.Game, a: ic.Action) -> None:
    """Apply the same action to both games, which must agree before and after it (the save
    as save_from cuts it: what the action added; the caller compares the whole saves)."""
    legal = on.legal_actions()
    assert legal == off.legal_actions()
    assert [(x.label, x.rule) for x in legal] == [(x.label, x.rule) for x in off.legal_actions()]
    since = len(on.log), len(on.history)
    on.apply(a)
    off.apply(a.to_dict())
    assert save_from(on, *since) == save_from(off, *since)


@pytest.mark.parametrize("scenario,options", GAMES)
def test_random_games_are_the_same_with_the_cache_off(scenario: str, options: dict[str, Any],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    steps, walks = 0, seeds(2)
    for seed in walks:
        on = ic.new_game(seed=seed, scenario=scenario, options=options)
        off = uncached(monkeypatch, seed, scenario, options)
        assert isinstance(on.cache, MoveCache) and not isinstance(on.cache, NoCache)
        shown, lengths = [], [(0, 0)]  # each decision, cache on; the lengths before it
        for _ in random_play(on, seed):
            shown.append(seen(on, lengths[-1]))
            lengths.append((len(on.log), len(on.history)))
        for step, entry in enumerate(on.history):
            assert seen(off, lengths[step]) == shown[step], step
            off.apply(dict(entry))
        assert off.is_over and off.to_json() == on.to_json()
        steps += len(on.history)
    assert steps > 100 * len(walks)  # whole games, not a few steps each


def test_heuristic_games_are_the_same_with_the_cache_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    policy = HeuristicPolicy()
    for seed in range(4):
        rng = random.Random(seed)
        on, off = ic.new_game(seed=seed), uncached(monkeypatch, seed)
        while not on.is_over and on.turn <= 20:
            a, _ = policy.choose(crew_view(on), on.legal_actions(), rng)
            in_step(on, off, a)
        assert on.to_json() == off.to_json()


def test_no_cache_keeps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off, every decision's list and labelled action is made afresh; on, the list is kept
    for the decision and a labelled action once for the roster."""
    off = uncached(monkeypatch, 0)
    assert off.legal_actions() == off.legal_actions()
    assert off.cache.legal is None and off.cache.legal_set is None
    first, again = off.legal_now(), off.legal_now()
    assert first == again and first[0] is not again[0] and not off.cache.made
    on = ic.new_game(seed=0)
    assert on.legal_now() is on.legal_now() and on.cache.made


def test_games_of_one_roster_share_labelled_actions() -> None:
    """A label depends only on the roster, so a second game with it reuses the first's."""
    a, b = ic.new_game(seed=3), ic.new_game(seed=4)
    assert a.cache.made is b.cache.made and a.cache.labels is b.cache.labels
    c = ic.new_game(seed=5)
    c.crew = {k: v for k, v in c.crew.items() if k != "en3"}  # another roster
    cache = MoveCache()
    cache.bind(c)
    assert cache.made is not a.cache.made and cache.bound_to == (c.crew, c.items)


def test_forgetting_and_clearing() -> None:
    """`forget_legal` drops the decision's list (an action changed the state); `clear`
    (Game.changed, a state edited from outside) drops the kept segments as well."""
    g = ic.new_game(seed=1)
    while g.step != "move":
        g.apply(g.legal_actions()[0])
    legal = g.legal_now()
    assert g.cache.segs and g.cache.legal is legal
    g.cache.forget_legal()
    assert g.cache.legal is None and g.cache.segs
    assert g.legal_now() == legal and g.legal_now() is not legal
    g.changed()
    assert g.cache.legal is None and not g.cache.segs


def test_an_action_notes_what_it_changed() -> None:
    """A Function notes its crewman and his compartment (`acted`); an object short of
    bearers notes where it left and arrived (`moved_object`); a rebuild consumes both."""
    cache = MoveCache()
    cache.acted("co1", "command")
    cache.moved_object("b1", "b2")
    assert cache.changed == {"co1"} and cache.touched == {"command", "b1", "b2"}
    g = ic.new_game(seed=1)
    while g.step != "move":
        g.apply(g.legal_actions()[0])
    g.legal_now()
    assert not g.cache.changed and not g.cache.touched
    walk = next(a for a in g.legal_actions() if a.type == "move")
    g.apply(walk)
    assert g.step == "move" and not g.cache.changed  # the rebuild consumed the note
