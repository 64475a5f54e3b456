"""The pure parts of the page glue on CPython: storage, board input, the advisor's choice."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import advice as advisor
from core import storage
from core.station import board_input
from intruder_core import station
from pages.game.play import guards as dialogs


class FullBackend(storage.MemoryBackend):
    """Storage that refuses every write, like a full or disabled localStorage."""

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError("QuotaExceededError")


def test_store_keeps_values_under_its_prefix_and_reports_failures() -> None:
    backend = storage.MemoryBackend()
    main, embed = storage.Store("intruder:", backend), storage.Store("intruder:embed:", backend)
    assert main.set("save", "A") == ""
    assert embed.get("save") is None and main.get("save") == "A"
    assert set(backend.data) == {"intruder:save"}
    main.remove("save")
    assert main.get("save") is None
    full = storage.Store("intruder:", FullBackend())
    assert "storage for this page is full" in full.set("save", "A")  # plain words
    assert full.get("save") is None


def test_a_click_on_the_plan_resolves_moves_selects_or_inspects() -> None:
    intent = board_input.board_intent
    choose = {"step": "choose", "compartments": ["lab", "power"]}
    assert intent(choose, None, {}, compartment="lab").action == {"type": "interact",
                                                                 "at": "lab"}
    move = {"step": "move"}
    lit = {"a1": 1, "arms": 1}
    to_a1 = {"type": "move", "crew": "co1", "to": "a1"}
    assert intent(move, "co1", lit, compartment="a1").action == to_a1
    # a tap on another crewman selects him, even standing in a lit room (issue 23: it used
    # to walk the selected one there); a tap on a stack or a face-down counter in a lit room
    # is a tap on its floor: the selected one moves there
    assert intent(move, "co1", lit, crew="en1", at="a1") == board_input.Intent(select="en1")
    assert intent(move, "co1", lit, crew="en1", at="mess") == board_input.Intent(select="en1")
    assert intent(move, "co1", lit, stack="a1").action == to_a1
    assert intent(move, "co1", lit, token="c4", at="a1").action == to_a1
    assert intent(move, "co1", lit, crew="co1", at="command").select == "co1"  # deselect
    assert intent(move, None, {}, stack="command") == board_input.Intent(inspect="command")
    # nobody selected: a compartment opens the inspector; a move elsewhere is left to the
    # engine (which refuses it with its reason)
    assert intent(move, None, {}, compartment="a1") == board_input.Intent(inspect="a1")
    assert intent(move, "co1", lit, compartment="mess").action == {
        "type": "move", "crew": "co1", "to": "mess"}


def test_bot_choice_is_a_legal_action_with_a_reason() -> None:
    game = ic.new_game(seed=3)
    bots = advisor.load_bots()
    action, reason = advisor.bot_choice(game, "crew", bots["heuristic"], random.Random(1)) or (
        {}, "")
    legal = [a.to_dict() for a in game.legal_actions()]
    assert action in legal and reason
    first = advisor.bot_choice(game, "crew", None, random.Random(1))
    assert first == (legal[0], "the first legal action (no bot in this build)")

    class Broken:
        def choose(self, *_: object) -> None:
            raise ValueError("boom")

    seen: list[str] = []
    broken = advisor.bot_choice(game, "crew", Broken(), random.Random(1), seen.append)
    assert broken is not None and "the bot failed: boom" in broken[1]
    assert seen and "ValueError" in seen[0]


def test_settings_default_store_and_survive_damage() -> None:
    store = storage.Store("intruder:", storage.MemoryBackend())
    assert storage.load_settings(store) == {"confirm": True, "pace_ms": 600, "moments": "normal"}
    assert storage.save_settings(store, {"confirm": False}) == ""
    assert storage.load_settings(store) == {"confirm": False, "pace_ms": 600, "moments": "normal"}
    store.set("settings", "{not json")
    assert storage.load_settings(store) == {"confirm": True, "pace_ms": 600, "moments": "normal"}
    store.set("settings", '{"confirm": "no"}')  # wrong type: the default
    assert storage.load_settings(store) == {"confirm": True, "pace_ms": 600, "moments": "normal"}


def rows_of(game: ic.Game) -> list[tuple[int, dict[str, object], str, str]]:
    return [(i, a.to_dict(), a.label, a.rule) for i, a in enumerate(game.legal_actions())]


def test_guard_asks_nothing_at_the_start_of_a_game() -> None:
    """Ruling R66: every crewman has all his points at the start, but no Intruder is
    revealed: ending the movement throws away no hunt, and no guard asks."""
    game = ic.new_game(seed=3)
    assert dialogs.guard_question({"type": "end_movement"}, game.view("crew"),
                                  rows_of(game)) == ""
    assert dialogs.reach("command", 1) == set(station.ADJACENT["command"])
    assert "shaft1" not in dialogs.reach("a2", 1)  # a shaft costs 2 to enter


def test_guard_asks_before_ending_the_actions_only_for_a_hunt_left() -> None:
    """R66: a free pick-up left is not asked; an attack on a revealed Intruder is."""
    view = {"crew": [{"id": "co1", "name": "Command Officer 1"},
                     {"id": "so1", "name": "Science Officer 1"}],
            "counters": [{"token": "c5", "at": "lab", "face_up": True, "kind": "intruder",
                          "caged": False}]}
    end = (9, {"type": "end_actions"}, "End actions here", "")
    pick = (0, {"type": "pick_up", "crew": "so1", "item": "cage1"},
            "Science Officer 1: pick up Cage 1", "")
    assert dialogs.guard_question(end[1], view, [pick, end]) == ""
    attack = (1, {"type": "attack", "crew": "co1", "target": "c5", "weapon": "blaster1"},
              "Command Officer 1: attack the Intruder (c5) with Blaster 1", "")
    assert dialogs.guard_question(end[1], view, [pick, attack, end]) == (
        "End the actions? 1 crewman could still act against the Intruder, and his action is "
        "lost once the actions end: Command Officer 1 (attack the Intruder (c5) with "
        "Blaster 1).")
    view["counters"][0]["caged"] = True  # caged: nothing to hunt
    assert dialogs.guard_question(end[1], view, [pick, attack, end]) == ""


def test_the_bots_are_imported_on_first_use_not_at_boot() -> None:
    """advisor.Bots (the page's bots) knows they exist without importing them: importing them
    at boot cost about 50 ms of it, and the bots' worker does the page's thinking."""
    import subprocess

    web_py = Path(__file__).resolve().parent.parent / "web" / "py"
    root = web_py.parent.parent
    code = (
        "import sys\nfrom core import advice as advisor\n"
        "bots = advisor.Bots()\n"
        "assert bots.available\n"
        "assert 'intruder_core.bots' not in sys.modules, 'imported at start'\n"
        "assert bots.get('heuristic') is not None and bots.get('odds') is not None\n"
        "assert 'intruder_core.bots' in sys.modules\n"
        "assert bots.get('no such bot') is None\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=web_py, capture_output=True,
                          text=True, env={"PYTHONPATH": f"{web_py}:{root}"}, check=False)
    assert done.returncode == 0, done.stderr

