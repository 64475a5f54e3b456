"""web/py/session.py on CPython: undo rules, share links, boot choice, move costs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import session


def first_move_game() -> ic.Game:
    """Seed 3 starts in the Crew Movement Phase."""
    game = ic.new_game(seed=3)
    assert game.view("crew")["decision"]["step"] == "move"
    return game


def test_undo_only_across_choices_without_dice_or_reveals() -> None:
    assert session.undoable([{"type": "move"}, {"type": "pick_up"}])
    for blocker in ("roll", "reveal", "placed", "setup"):
        assert not session.undoable([{"type": "move"}, {"type": blocker}])
    stack = session.UndoStack()
    stack.record("a", [{"type": "move"}])
    stack.record("b", [{"type": "unlock"}])
    assert stack.can_undo and stack.pop() == "b"
    stack.record("c", [{"type": "roll"}])
    assert not stack.can_undo


def test_undo_restores_the_exact_state() -> None:
    game = first_move_game()
    stack = session.UndoStack()
    before = game.to_json()
    events = game.apply(game.legal_actions()[0])
    stack.record(before, [e.to_dict() for e in events])
    assert stack.can_undo
    assert ic.Game.from_json(stack.pop()).to_json() == before


def test_undo_stack_dump_keeps_the_newest_within_budget() -> None:
    stack = session.UndoStack(["x" * 10, "y" * 10, "z" * 10])
    assert session.UndoStack.load(stack.dump(budget=25)).snapshots == ["y" * 10, "z" * 10]
    assert session.UndoStack.load(stack.dump()).snapshots == stack.snapshots
    assert not session.UndoStack.load("not json").can_undo
    assert not session.UndoStack.load('{"a": 1}').can_undo
    assert not session.UndoStack.load(None).can_undo


def test_share_link_round_trip() -> None:
    game = first_move_game()
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    fragment = session.share_fragment(game.record())
    assert fragment.startswith("#g=") and "=" not in fragment[3:] and "+" not in fragment
    code = session.fragment_code(fragment)
    assert code is not None
    assert session.game_from_code(code).to_json() == game.to_json()


@pytest.mark.parametrize("code", ["%%%", "bm90IGpzb24", session.encode_record({"x": 1})])
def test_damaged_share_links_raise_corrupt_save(code: str) -> None:
    with pytest.raises(ic.CorruptSave):
        session.game_from_code(code)


def test_tampered_share_link_raises_corrupt_save() -> None:
    game = first_move_game()
    game.apply(game.legal_actions()[0])
    record = json.loads(json.dumps(game.record()))
    record["actions"][0]["to"] = "arms"  # not adjacent, not unlocked
    with pytest.raises(ic.CorruptSave):
        session.game_from_code(session.encode_record(record))


def test_boot_plan_order() -> None:
    code = session.encode_record({"origin": {"seed": 1}, "actions": []})
    assert session.boot_plan("7", "#g=" + code, True) == session.BootPlan("share", code=code)
    assert session.boot_plan("7", "", True) == session.BootPlan("seed", seed=7)
    assert session.boot_plan(None, "#rules", True).kind == "resume"
    assert session.boot_plan(None, "", False).kind == "new"
    bad = session.boot_plan("banana", "", True)
    assert bad.kind == "resume" and "banana" in bad.warning


def test_parse_seed() -> None:
    assert session.parse_seed(" 42 ") == 42
    assert session.parse_seed("") is None
    for bad in ("x", "-1", str(session.MAX_SEED + 1), "1.5"):
        with pytest.raises(ValueError):
            session.parse_seed(bad)


def test_reachable_from_legal_moves() -> None:
    game = first_move_game()
    view = game.view("crew")
    actions = [a.to_dict() for a in game.legal_actions()]
    reach = session.reachable(actions, "co2", view)
    assert reach == {"a1": 1, "living": 1, "shaft2": 2}
    assert session.reachable(actions, None, view) == {}
    assert session.move_cost("a1", controlling=True) == 3


def test_first_policy_digest_is_the_save_digest() -> None:
    game = ic.new_game(seed=5)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    assert session.first_policy_digest(5, 10) == session.state_digest(game.to_json())


def test_save_filename() -> None:
    game = first_move_game()
    assert session.save_filename(game.record(), game.view("crew")) == "intruder-seed3-turn1.json"


def test_turns_computer_first_then_the_shown_human_and_hand_over_between_humans() -> None:
    hot = {"crew": "human", "intruder": "human"}
    assert session.turn([], hot, "crew") == session.Turn("none", None)
    assert session.turn(["crew"], hot, "crew") == session.Turn("human", "crew")
    assert session.turn(["intruder"], hot, "crew") == session.Turn("human", "intruder", True)
    vs_ai = {"crew": "human", "intruder": "computer"}
    assert session.turn(["intruder"], vs_ai, "crew") == session.Turn("computer", "intruder")
    assert session.turn(["crew"], vs_ai, "crew").handover is False
    both = {"command": "human", "science": "human"}
    # Both crew players have a decision: the one shown keeps playing until he is done.
    assert session.turn(["command", "science"], both, "science") == session.Turn(
        "human", "science")
    assert session.turn(["command"], both, "science").handover


def test_seats_per_scenario_and_from_storage() -> None:
    for scenario in ic.SCENARIOS:
        players = ic.new_game(seed=1, scenario=scenario).players
        for key, _, seats in session.SEATINGS[scenario]:
            assert set(seats) == set(players), (scenario, key)
            assert "human" in seats.values()
            assert session.seats_for(scenario, key, players) == seats
    assert session.seats_for("intelligent_intruder", "nonsense", ("crew", "intruder")) == {
        "crew": "human", "intruder": "computer"}
    assert session.load_seats(None, ("crew", "intruder")) == {
        "crew": "human", "intruder": "computer"}
    assert session.load_seats('{"crew": "computer"}', ("crew",)) == {"crew": "human"}
    assert session.load_seats("{bad", ("command", "science")) == {
        "command": "human", "science": "human"}
    assert session.shown_side({"crew": "computer", "intruder": "human"}, None) == "intruder"


def test_the_view_shown_is_the_sides_own_and_the_crews_in_a_game_of_one_side() -> None:
    solitaire = ic.new_game(seed=1)
    assert session.shown_view(solitaire, "intruder") == solitaire.view("crew")
    duel = ic.new_game(seed=1, scenario="intelligent_intruder")
    assert session.shown_view(duel, "intruder") == duel.view("intruder")
    assert session.shown_view(duel, "crew") == duel.view("crew")
    assert duel.view("intruder") != duel.view("crew")  # each side sees its own


def test_odds_text_rounds_to_one_hundred() -> None:
    text = session.odds_text({"win": 1 / 3, "draw": 1 / 3, "loss": 1 / 3, "n": 3})
    assert text == "Win 34% · Draw 33% · Loss 33% (n = 3)"
    assert session.odds_text({"win": 0.5, "draw": 0, "loss": 0.5, "n": 10,
                              "unfinished": 2}).endswith("(n = 10, 2 unfinished)")


def test_a_step_where_no_crewman_can_act_is_passed() -> None:
    """R68: in the step for crewmen away from the Interactions, when the crew may only drop
    objects, `passing` gives its end; with any other action (the Freezer's switch, an
    airlock, the Self-Destruct System) it gives none, and none in any other step."""
    import random

    from intruder_core.bots import HeuristicPolicy

    passed = kept = others = 0
    for seed in range(6):
        game, policy, rng = ic.new_game(seed=seed), HeuristicPolicy(), random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions("crew") or game.legal_actions()
            end = session.passing(game)
            types = {a.type for a in game.legal_actions("crew")}
            if game.step != "free_actions":
                assert end is None
                others += 1
            elif types <= session.NO_ACTION:
                assert end is not None and end.type == "end_actions", types
                passed += 1
            else:
                assert end is None, types
                kept += 1
            side = game.owner(legal[0])
            choice = policy.choose(game.view("crew"), legal, rng)[0] if side == "crew" \
                else legal[0]
            game.apply(choice)
    assert passed > 5 and kept > 0 and others > 100, (passed, kept, others)
