"""The engine's fast paths against the rules' own answers, at every step of seeded random games.

Each fast path skips or reuses work on the claim that the last action cannot have changed the
answer; here the full answer is worked out afresh at each step and compared, so a claim that
is wrong (or an invalidation that is missing) fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
from helpers import MAX_ACTIONS, passing, play_randomly, position, random_play, seeds

import intruder_core as ic
from intruder_core import crew_movement, flow
from intruder_core.action_types import CANNOT_END
from intruder_core.pieces import carried, docks, relocate

WALKS = [
    ("solitaire", {}), ("solitaire", {"difficulty": "nightmare"}),
    ("solitaire", {"lost_crewmen": True}),
    ("return_to_prometheus", {"marines": True}), ("science_officer", {}),
    ("intelligent_intruder", {}),
]


def walk(scenario: str, options: dict[str, Any], seeds: range) -> Iterator[ic.Game]:
    """Each decision of random games (the game before the next action is chosen), for at
    most MAX_ACTIONS actions each: a game that would not end is given up, not waited for."""
    for seed in seeds:
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
        for _ in random_play(g, seed, MAX_ACTIONS):
            yield g


def looked_after(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make check_end run the full look (flow.game_ends) whenever it skips its own after an
    action declared cannot_end; the types of those actions, as they are met."""
    real = flow.check_end
    skipped: list[str] = []

    def check(g: ic.Game) -> None:
        if not g.may_end and not g.is_over:
            assert not flow.game_ends(g), g.history[-1]
            skipped.append(str(g.history[-1]["type"]))
        real(g)

    monkeypatch.setattr(flow, "check_end", check)
    return skipped


@pytest.mark.parametrize("scenario,options", WALKS)
def test_no_action_of_cannot_end_ends_the_game(scenario: str, options: dict[str, Any],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """After an action declared cannot_end, check_end skips its look; the full look finds
    the game going on every time (and it does end games after the other actions)."""
    skipped = looked_after(monkeypatch)
    ended = sum(g.is_over for g in _ends(walk(scenario, options, range(8))))
    assert len(skipped) > 200 and {"move", "pick_up", "drop"} <= set(skipped)
    assert ended == 8


# A crewman controlling the Intruder in the Command Module, by the Freezer: random play from
# here lets go of it and forces it into the Freezer, which random games hardly ever do.
CONTROL = {"phase": "crew_movement",
           "crew": {"co1": {"at": "command", "carrying": ["prod1"]}, "co2": {"at": "command"},
                    "so1": {"at": "lab"}},
           "counters": [{"kind": "intruder", "at": "command", "face_up": True,
                         "controlled_by": "co1"},
                        {"kind": "lab_animal", "at": "lab", "face_up": True,
                         "held_by": "so1"}]}


def test_every_cannot_end_type_is_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every action type declared cannot_end is met, and the full look run after it, in
    random games and random play from a crewman controlling the Intruder."""
    skipped = looked_after(monkeypatch)
    for _ in walk("solitaire", {}, range(4)):
        pass
    for seed in range(30):
        play_randomly(position(**CONTROL), seed, until=lambda g: g.turn >= 3)
    assert set(skipped) == CANNOT_END


def _ends(games: Iterator[ic.Game]) -> Iterator[ic.Game]:
    """The games of a walk once they are over."""
    last = None
    for g in games:
        if last is not None and last is not g:
            yield last
        last = g
    if last is not None:
        yield last


def test_game_ends_agrees_with_check_end() -> None:
    """game_ends (the test's full look) is check_end's own condition: true exactly when
    check_end ends the game."""
    for g in walk("solitaire", {}, range(6)):
        assert not flow.game_ends(g)  # a decision is only offered in a game going on
    for seed in range(6):
        assert flow.game_ends(play_randomly(ic.new_game(seed=seed), seed))


def fresh_movement(g: ic.Game) -> list[ic.Action]:
    """The Crew Movement Phase's actions worked out with no crewman's kept (the move cache's
    segs) and none shared (its bare_segs), leaving the game's caches as they were."""
    cache = g.cache
    segs, key, bare = dict(cache.segs), cache.key, cache.bare_segs
    cache.segs.clear()
    cache.bare_segs = {}
    try:
        return crew_movement.candidates(g)
    finally:
        cache.segs.clear()
        cache.segs.update(segs)
        cache.key = key
        cache.bare_segs = bare


@pytest.mark.parametrize("scenario,options", WALKS)
def test_kept_movement_actions_equal_fresh_ones(scenario: str, options: dict[str, Any]) -> None:
    """Each crewman's kept Crew Movement Phase actions (rebuilt only for the crewmen an action
    changed or whose compartment it touched; shared by every game of the roster for empty
    hands in an empty compartment) give the list a fresh build gives: the same actions,
    order, labels and rules, at every decision of the phase."""
    compared = 0
    for g in walk(scenario, options, range(6)):
        if g.step == "move":
            legal, fresh = g.legal_actions(), fresh_movement(g)
            assert legal == fresh
            assert [(a.label, a.rule) for a in legal] == [(a.label, a.rule) for a in fresh]
            compared += 1
    assert compared > 300


def test_an_object_short_of_bearers_renews_the_actions_where_it_moves() -> None:
    """A move notes no compartment for objects with all the bearers they need (no one else
    may take them up), but one short of bearers (a caged Intruder its stage needs two to
    carry, R14) may be taken up by others, so pieces.relocate renews the kept actions of
    those where it arrives: the crewman there is offered to help carry it."""
    g = ic.new_game(seed=1)
    while g.step != "move":
        g.apply(g.legal_actions()[0])
    a, b = g.crew["co1"], g.crew["co2"]
    cage = next(i for i in g.items.values() if i.kind == "cage")
    intruder = next(c for c in g.counters.values() if c.kind == "intruder")
    g.stage = 3  # a caged Intruder needs two bearers
    to = next(iter(crew_movement.ADJACENT[a.at]))
    b.at, b.mp, b.status = to, 3, "active"
    cage.at, cage.carriers, cage.contents = a.at, [a.id], intruder.id
    intruder.at = a.at
    g.changed()
    assert g.legal_actions() == fresh_movement(g)  # every crewman's actions now kept
    help_carry = ic.Action.make("pick_up", crew=b.id, item=cage.id)
    assert help_carry not in g.legal_actions()
    relocate(g, a, to)  # as a move does; the Cage goes with him, one bearer short
    g.cache.forget_legal()
    legal = g.legal_actions()
    assert legal == fresh_movement(g)
    assert help_carry in legal


@pytest.mark.parametrize("scenario,options", WALKS)
def test_empty_handed_agrees_with_the_objects(scenario: str, options: dict[str, Any]) -> None:
    """A move skips looking through the objects for a crewman whose kept actions offer
    nothing to let go of (crew_movement.empty_handed): at every movement decision, whoever it
    calls empty-handed carries, holds and controls nothing (and some who carry are seen)."""
    said = carrying = 0
    for g in walk(scenario, options, range(6)):
        if g.step == "move":
            g.legal_actions()  # the decision's kept actions, as a move finds them
            for c in g.crew.values():
                if crew_movement.empty_handed(g, c):
                    assert not carried(g, c) and not c.holding and not c.controlling, c.id
                    said += 1
                elif c.status == "active" and carried(g, c):
                    carrying += 1
    assert said > 300 and carrying > 30


def gated(g: ic.Game) -> set[ic.Action]:
    """Every action of the kinds crew_actions.candidates offers only to some crewmen (roles,
    places, an empty Cage, the quarantine), for every crewman and target, that its rule's
    check allows now."""
    out = []
    tokens = [t.token for t in g.counters.values() if t.token]
    for c in g.crew.values():
        for kind in ("start_self_destruct", "stop_self_destruct"):
            out.append(ic.Action.make(kind, crew=c.id))
        for tok in tokens:
            for kind in ("cage", "transfer", "inventory"):
                out.append(ic.Action.make(kind, crew=c.id, target=tok))
        for other in g.crew:
            out.append(ic.Action.make("cage_animal", crew=c.id, holder=other))
    for shuttle, dock in docks(g).items():
        here = [c.id for c in g.crew.values() if c.at == dock]
        for n in range(1, min(len(here), 4) + 1):
            for group in combinations(here, n):
                out.append(ic.Action.make("leave", shuttle=shuttle, crew=list(group)))
    return set(passing(g, out))


@pytest.mark.parametrize("scenario,options", WALKS)
def test_gated_offers_miss_no_legal_action(scenario: str, options: dict[str, Any]) -> None:
    """The Crew Action Segment's generator offers consoles, cages and shuttles only where
    their checks could pass; a brute force of every crewman and target finds no legal
    action of those kinds missing from the legal actions."""
    found = 0
    for g in walk(scenario, options, seeds(5)):
        if g.step in ("crew_actions", "free_actions"):
            allowed = gated(g)
            assert allowed <= set(g.legal_actions())
            found += len(allowed)
    assert found > 0


def test_recorded_actions_are_shared_read_only_and_equal_fresh_ones() -> None:
    """Games taking the same action object share its history entry (Action.recorded): each
    entry equals the action's fresh to_dict(), refuses to be changed, and record(), pickles
    and copies hand out plain dicts, so no game can alter another's history."""
    import copy
    import pickle

    games = [ic.new_game(seed=4), ic.new_game(seed=4)]
    first, second = games
    turns = list(random_play(first, 4, 60))
    for turn in turns:  # the second game takes the very action objects the first took
        second.apply(turn.action)
    taken = [turn.action.to_dict() for turn in turns if turn.action]
    assert len(taken) == 60 and first.history == taken and second.history == taken
    assert any(x is y for x, y in zip(first.history, second.history, strict=True))  # shared
    with pytest.raises(TypeError):
        first.history[-1]["type"] = "fly"
    with pytest.raises(TypeError):
        first.history[-1].update(type="fly")
    record = first.record()
    record["actions"][-1]["type"] = "fly"  # a copy: the games' histories are untouched
    assert first.history == second.history and first.history[-1]["type"] != "fly"
    for entry in (pickle.loads(pickle.dumps(first.history[-1])), copy.deepcopy(first.history[-1])):
        assert type(entry) is dict and entry == first.history[-1]
    leave = ic.Action.make("leave", shuttle="s1", crew=["co1", "co2"])
    assert leave.recorded() is not leave.recorded()  # a list inside: a fresh dict each time
    assert leave.recorded() == leave.to_dict() == {"type": "leave", "shuttle": "s1",
                                                   "crew": ["co1", "co2"]}
