"""Button labels: every legal action of a state has its own words, and the Intelligent
Intruder's actions name the counter (as the Intruder player knows it), its place and the
effect, as they are when the decision is made (not when the action was first met)."""

from __future__ import annotations

import random
from collections import Counter

from helpers import random_play

import intruder_core as ic
from intruder_core.bots import intruder_ai
from intruder_core.labels import LIVE_LABELS
from intruder_core.names import KIND_NAMES, place
from intruder_core.pieces import by_token


def play(seed: int, smart: bool, seen: Counter[str], limit: int = 4000) -> None:
    """A seeded Intelligent Intruder game (the Intruder AI or random choices for the Intruder,
    random crew), checking every state's labels."""
    g = ic.new_game(seed=seed, scenario="intelligent_intruder")
    rng = random.Random(seed)
    for turn in random_play(g, rng, limit, first_side=True):
        legal = g.legal_actions()
        labels = [a.label for a in legal]
        dupes = [t for t, n in Counter(labels).items() if n > 1]
        assert not dupes, (seed, g.step, dupes)
        for a in legal:
            assert a.label and a.label != a.type, a.to_dict()
            seen[a.type] += 1
            if a.type in LIVE_LABELS and a.get("token"):
                c = by_token(g, a["token"])
                assert c is not None
                assert a.label.startswith(f"{KIND_NAMES[c.kind]} {c.token}"), a.label
                assert place(c.at) in a.label, (a.label, c.at)
            if a.type == "move_counter":
                assert a.label.endswith(f"-> {place(a['to'])}"), a.label
        if g.to_move()[0] == "intruder" and smart:
            turn.action, _ = intruder_ai.choose(g.view("intruder"), turn.legal, rng)


def test_no_two_legal_actions_share_a_label_in_intelligent_intruder_games() -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        play(seed, smart=True, seen=seen)
    for seed in range(4, 10):
        play(seed, smart=False, seen=seen)
    # The games reached the Intruder's movement and its attack decisions.
    for t in ("move_counter", "end_intruder_movement", "intruder_attack", "intruder_hold"):
        assert seen[t] > 0, t


def test_a_counter_label_follows_the_counter() -> None:
    g = ic.new_game(seed=1, scenario="intelligent_intruder")
    move = next(a for a in g.legal_actions("intruder") if a.type == "move_counter")
    c = by_token(g, move["token"])
    assert c is not None
    start = place(c.at)
    assert move.label == f"{KIND_NAMES[c.kind]} {c.token}: {start} -> {place(move['to'])}"
    g.apply(move)
    g.apply(next(a for a in g.legal_actions("intruder") if a.type == "end_intruder_movement"))
    while "intruder" not in g.to_move() or g.step != "intruder_move":
        g.apply(g.legal_actions(g.to_move()[0])[-1])
    again = [a for a in g.legal_actions("intruder") if a.get("token") == c.token]
    if c.at not in ("reserve", "killed", "frozen", "caged_lab") and again:
        assert all(place(c.at) in a.label for a in again)
        assert all(f": {start} ->" not in a.label for a in again)


def test_intruder_objects_and_attacks_are_worded() -> None:
    g = ic.new_game(seed=1, scenario="intelligent_intruder")
    end = next(a for a in g.legal_actions("intruder") if a.type == "end_intruder_movement")
    assert end.label == "End the Intruder's movement"
    c = by_token(g, "c6") or next(iter(g.counters.values()))
    hold = ic.Action.make("intruder_hold", token=c.token)
    assert g.label(hold) == f"{KIND_NAMES[c.kind]} {c.token} in {place(c.at)}: hold back, " \
        "attack nobody"
    attack = ic.Action.make("intruder_attack", token=c.token, crew="en1")
    assert g.label(attack).endswith(": attack Engineer 1")
    destroy = ic.Action.make("destroy", token=c.token, item="cage1")
    assert g.label(destroy) == f"{KIND_NAMES[c.kind]} {c.token}: destroy the Cage 1 in " \
        f"{place(c.at)}"


def test_other_scenarios_have_no_two_buttons_alike() -> None:
    """The Science Officer's two players each end their own phase: the labels say whose."""
    for scenario in ("science_officer", "return_to_prometheus", "solitaire"):
        for seed in range(2):
            g = ic.new_game(seed=seed, scenario=scenario, options={"lost_crewmen": True})
            for turn in random_play(g, seed):
                dupes = [t for t, n in Counter(a.label for a in turn.legal).items() if n > 1]
                assert not dupes, (scenario, seed, g.step, dupes)
    g = ic.new_game(seed=3, scenario="science_officer")
    ends = sorted(a.label for a in g.legal_actions() if a.type == "end_movement")
    assert ends == ["End crew movement (Command)", "End crew movement (Science Officer)"]


def test_a_label_shared_between_games_of_one_roster_is_the_label_of_this_game() -> None:
    """The engine shares labelled actions between games with the same roster (rollouts start
    many games); a label that reads the state (a target's kind, a counter's place) must still
    be this game's: every label equals view.label made afresh, game after game."""
    from intruder_core.labels import label

    checked: Counter[str] = Counter()
    for scenario, options in (("return_to_prometheus", {"marines": True}),
                              ("return_to_prometheus", {}),
                              ("solitaire", {"lost_crewmen": True}),
                              ("intelligent_intruder", {})):
        for seed in range(4):
            g = ic.new_game(seed=seed, scenario=scenario, options=options)
            for _ in random_play(g, seed, 3000, first_side=True):
                for a in g.legal_actions():
                    assert a.label == label(g, a), (scenario, seed, a.to_dict())
                    checked[a.type] += 1
    assert checked["attack"] > 0 and checked["move"] > 0
