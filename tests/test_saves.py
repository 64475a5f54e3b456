"""What a player can hand the engine: saves, share records, positions and actions.

Property tests (Hypothesis): a mutated save, record or position is either refused with
CorruptSave or loads and plays to the end with the invariants holding; a mutated action is
IllegalAction and changes nothing. Fault injection: an exception inside any handler of `apply`
leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import functools
import json
import pickle
import random
from typing import Any

import pytest
from helpers import mutate_once, play_randomly, random_play, seeds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import intruder_core as ic
from intruder_core import flow, saves
from intruder_core import game as game_module
from intruder_core.dice import DiceExhausted
from intruder_core.invariants import check_invariants

FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
POSITION = {
    "seed": 5, "turn": 2, "phase": "crew_movement", "stage": 2,
    "crew": {"so1": {"at": "lab", "carrying": ["dart1"]}, "en3": "dead",
             "co1": {"at": "mess", "carrying": ["blaster1"], "mp": 3}},
    "items": {"cage1": "mess"},
    "counters": [{"kind": "intruder", "at": "a1"}, {"kind": "dummy", "at": "mess"},
                 {"kind": "lab_animal", "at": "lab", "face_up": True}],
    "not_used": ["dummy"],
}


@functools.cache
def base_saves() -> tuple[str, ...]:
    """Saves of several kinds of game at several points."""
    return (
        play_randomly(ic.new_game(seed=1), 1, 25).to_json(),
        play_randomly(ic.new_game(seed=2), 2, 120).to_json(),
        play_randomly(ic.new_game(seed=3, scenario="intelligent_intruder"), 3, 40).to_json(),
        play_randomly(ic.new_game(seed=4, scenario="science_officer",
                                  options={"lost_crewmen": True}), 4, 40).to_json(),
        play_randomly(ic.Game.from_position(POSITION), 5, 20).to_json(),
    )


def play_to_end(g: ic.Game, seed: int = 0) -> None:
    """Random legal play to the end, the invariants checked at every step."""
    for _ in random_play(g, seed):
        check_invariants(g)
        g.view("crew") if "crew" in g.players else g.view(g.players[0])
    check_invariants(g)


# --- mutations of JSON data ----------------------------------------------------------------

JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 20), st.integers(), st.floats(allow_nan=False,
                                                                              allow_infinity=False),
    st.sampled_from(["", "pilot", "zz", "shuttle9", "lab_animal", "d1", "i1", "h1", "h26", "c1",
                     "n1", "a1", "mess", "arms", "freezer", "true", "3", "yes", "co1", "blaster1",
                     "intruder", "dummy", "reserve", "killed", "clone", "extra_strong",
                     "interaction1", "crew_actions", "over"]),
)
JSON_VALUE = st.recursive(JSON_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["at", "id", "kind", "x"]),
                                                 inner, max_size=3)), max_leaves=6)


@st.composite
def mutated(draw: st.DrawFn, data: Any, skip: tuple[str, ...] = ()) -> Any:
    """`data` with one to three values replaced, deleted or given a sibling key."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        if not mutate_once(data, lambda options: draw(st.sampled_from(options)),
                           lambda: draw(JSON_VALUE), skip):
            break
    return data


def loads_or_refuses(load: Any) -> str:
    """Run a loader: "refused" on CorruptSave, else the game must play to the end."""
    try:
        g = load()
    except ic.CorruptSave as e:
        assert str(e)  # says what is wrong
        return "refused"
    play_to_end(g)
    return "played"


@FUZZ
@given(st.data())
def test_mutated_saves_are_refused_or_play_to_the_end(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(base_saves()))
    bad = data.draw(mutated(json.loads(text), skip=("log",)))
    outcome = loads_or_refuses(lambda: ic.Game.from_json(json.dumps(bad)))
    if outcome == "played":  # only a save equal to its replay loads
        assert saves.parse_json(ic.Game.from_json(json.dumps(bad)).to_json()) is not None


@FUZZ
@given(st.data())
def test_a_mutated_log_is_refused_or_told_again_from_the_history(data: st.DataObject) -> None:
    # The log is what the history tells, in this engine's words (old saves keep loading after
    # a rewording): a loaded game's log is always the replay's, never the file's.
    text = data.draw(st.sampled_from(base_saves()))
    save = json.loads(text)
    bad = data.draw(mutated(save, skip=tuple(k for k in save if k != "log")))
    try:
        g = ic.Game.from_json(json.dumps(bad))
    except ic.CorruptSave:
        return
    assert g.to_json() == ic.Game.from_json(text).to_json()


@FUZZ
@given(st.data())
def test_mutated_records_are_refused_or_play_to_the_end(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(base_saves()))
    g = ic.Game.from_json(text)
    record = data.draw(mutated(json.loads(json.dumps(g.record()))))
    loads_or_refuses(lambda: ic.replay(record))


@FUZZ
@given(st.data())
def test_mutated_positions_are_refused_or_play_to_the_end(data: st.DataObject) -> None:
    position = data.draw(mutated(POSITION))
    loads_or_refuses(lambda: saves.replay({"origin": {"position": position}, "actions": []}))


def test_a_save_loads_as_itself() -> None:
    for text in base_saves():
        assert ic.Game.from_json(text).to_json() == text


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["crew"][0].update(role="pilot"), ""),
    (lambda d: d["crew"][0].update(mp=2.5), ""),
    (lambda d: d["crew"][0].update(acted="yes"), ""),
    (lambda d: d["items"][0].update(progress="3"), ""),
    (lambda d: d.update(kills=5), ""),
    (lambda d: d["counters"][0].update(kind="lab_animal"), ""),
    (lambda d: d["origin"].update(scenario="zz"), "origin.scenario"),
    (lambda d: d["origin"].update(seed=True), "origin.seed"),
    (lambda d: d["origin"].update(dice=[7]), "origin.dice[0]"),
    (lambda d: d["origin"]["options"].update(marines=True), "origin.options"),
    (lambda d: d["history"].append({"type": "fly"}), "action"),
    (lambda d: d["history"][0].update(cls="x"), "action 1"),
    (lambda d: d.update(sub={}), ""),
    (lambda d: d.update(format=9), "format"),
])
def test_altered_saves_name_what_is_wrong(change: Any, field: str) -> None:
    data = json.loads(base_saves()[0])
    change(data)
    with pytest.raises(ic.CorruptSave) as e:
        ic.Game.from_json(json.dumps(data))
    assert field in str(e.value)


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": 1, "turn": Infinity}',
    '{"format": NaN}',
    '{"format": 1e999}',
    '{"format": ' + "9" * 5000 + "}",
    '{"format": 1, "origin": {"seed": 1',
    b"\xff\xfe{}",
    "x" * (saves.MAX_TEXT + 1),
    "",
    "null",
    '{"position": {"crew": "so1"}}',
])
def test_hostile_text_is_refused_before_it_can_hurt(text: Any) -> None:
    with pytest.raises(ic.CorruptSave):
        ic.Game.from_json(text)


def test_strict_dice_is_never_taken_from_a_save_or_link() -> None:
    position = {**POSITION, "dice": [1], "strict_dice": True}
    strict = ic.Game.from_position(position)  # a test may script dice strictly...
    assert strict.dice.strict
    record = {"origin": {"position": position}, "actions": []}
    assert not ic.replay(record).dice.strict  # ...a link may not
    save = json.loads(strict.to_json())
    for flag in (True, "false", 1):  # whatever the save says ("false" is true to Python)
        save["dice"]["strict"] = flag
        loaded = ic.Game.from_json(json.dumps(save))
        assert not loaded.dice.strict
    play_to_end(loaded)  # runs past the one scripted die on the seeded stream


# --- actions ---------------------------------------------------------------------------------


@functools.cache
def decision_games() -> tuple[ic.Game, ...]:
    """Games at many kinds of decision: the first time each action type is legal in a few
    random games of each scenario, and some more (tests must leave them unchanged)."""
    out: list[ic.Game] = []
    seen: set[str] = set()
    for seed in seeds(3):
        for scenario in ic.SCENARIOS:
            g = ic.new_game(seed=seed, scenario=scenario)
            rng = random.Random(seed)
            for turn in random_play(g, rng):
                new = {a.type for a in turn.legal} - seen
                if new or rng.random() < 0.01:
                    seen |= new
                    out.append(pickle.loads(pickle.dumps(g)))
    return tuple(out)


def decision_points() -> tuple[str, ...]:
    return tuple(g.to_json() for g in decision_games())


def test_legal_action_dicts_round_trip() -> None:
    for g in decision_games():
        for a in g.legal_actions():
            d = json.loads(json.dumps(a.to_dict()))
            assert ic.Action.from_dict(d) == a
            assert g.why_illegal(d) is None


ACTION_VALUE = st.one_of(JSON_LEAF, st.lists(st.sampled_from(["co1", "so1", "en1", 3]),
                                             max_size=4), st.dictionaries(st.text(max_size=2),
                                                                          JSON_LEAF, max_size=2))


@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_actions_are_refused_and_change_nothing(data: st.DataObject) -> None:
    g = data.draw(st.sampled_from(decision_games()))
    legal = g.legal_actions()
    d: dict[Any, Any] = dict(data.draw(st.sampled_from(legal)).to_dict())
    how = data.draw(st.sampled_from(["value", "drop", "add", "type", "intkey"]))
    key = data.draw(st.sampled_from(sorted(d)))
    if how == "value":
        d[key] = data.draw(ACTION_VALUE)
    elif how == "drop":
        del d[key]
    elif how == "add":
        d[data.draw(st.sampled_from(["cls", "label", "rule", "x", "self", "args"]))] = \
            data.draw(ACTION_VALUE)
    elif how == "type":
        d["type"] = data.draw(st.sampled_from([*game_module.HANDLERS, "", "fly", 1]))
    else:
        d[data.draw(st.sampled_from([1, None, 2.5, ("a",)]))] = "x"
    try:
        if ic.Action.from_dict(d) in legal:
            return  # the mutation made another legal action
    except ic.IllegalAction:
        pass
    before = g.to_json()
    with pytest.raises(ic.IllegalAction) as e:
        g.apply(d)
    assert e.value.reason and g.to_json() == before


@pytest.mark.parametrize(("bad", "says"), [
    ({"type": "move", "crew": "co1", "to": "a1", "label": "x"}, "'label'"),
    ({"type": "move", "crew": "co1", "to": "a1", "cls": "x"}, "'cls'"),
    ({"type": "move", "crew": "co1", 1: "x"}, "keys must be strings"),
    ({"type": "move", "crew": "co1"}, "needs the argument 'to'"),
    ({"type": "move", "crew": 1, "to": "a1"}, "'crew' as a name"),
    ({"type": "leave", "crew": "co1", "shuttle": "shuttle1"}, "list"),
    ({"type": "no_defense", "crew": "co1"}, "takes no argument"),
])
def test_actions_are_parsed_strictly(bad: dict[Any, Any], says: str) -> None:
    with pytest.raises(ic.IllegalAction) as e:
        ic.Action.from_dict(bad)
    assert says in str(e.value)


# --- a transactional apply -------------------------------------------------------------------


class Fault(Exception):
    """Injected by the tests."""


def states_for_every_action() -> dict[str, str]:
    """A save at which each action type is legal (the ones random games reach)."""
    found: dict[str, str] = {}
    for g in decision_games():
        for a in g.legal_actions():
            found.setdefault(a.type, g.to_json())
    return found


def test_a_fault_in_any_handler_leaves_the_game_as_it_was(monkeypatch: pytest.MonkeyPatch) \
        -> None:
    found = states_for_every_action()
    assert len(found) >= 25, sorted(set(game_module.HANDLERS) - set(found))
    for type_, text in found.items():
        check, real, rule = game_module.HANDLERS[type_]

        fired: list[bool] = []

        def faulty(g: ic.Game, a: ic.Action, real: Any = real,
                   fired: list[bool] = fired) -> None:
            real(g, a)  # change things first, then fail (once: a fault in this apply)
            if not fired:
                fired.append(True)
                raise Fault(a.type)

        monkeypatch.setitem(game_module.HANDLERS, type_, (check, faulty, rule))
        g = ic.Game.from_json(text)
        a = next(a for a in g.legal_actions() if a.type == type_)
        before, log, history = g.to_json(), len(g.log), list(g.history)
        with pytest.raises(Fault):
            g.apply(a)
        assert g.to_json() == before and len(g.log) == log and g.history == history
        monkeypatch.setitem(game_module.HANDLERS, type_, (check, real, rule))
        g.apply(a)  # and the game goes on as if nothing had happened
        assert g.to_json() == ic.Game.from_json(text).to_json() or g.history[-1] == a.to_dict()


def test_a_fault_in_a_later_step_is_undone_too(monkeypatch: pytest.MonkeyPatch) -> None:
    g = play_randomly(ic.new_game(seed=11), 11, 30)
    before = g.to_json()
    real_check_end = flow.check_end
    fired: list[bool] = []

    def faulty_check_end(game: ic.Game) -> None:
        real_check_end(game)
        if not fired:
            fired.append(True)
            raise Fault()

    monkeypatch.setattr(flow, "check_end", faulty_check_end)
    with pytest.raises(Fault):
        g.apply(g.legal_actions()[0])
    assert g.to_json() == before


def test_running_out_of_strict_dice_changes_nothing() -> None:
    g = ic.Game.from_position({**POSITION, "dice": [],
                               "strict_dice": True})
    for a in g.legal_actions():
        before = g.to_json()
        try:
            g.apply(a)
        except DiceExhausted:
            assert g.to_json() == before
            return
        g = ic.Game.from_position({**POSITION, "dice": [],
                                   "strict_dice": True})
    pytest.fail("no action of this position rolls a die: the test needs one that does")


def test_a_position_with_a_lost_crewman_saves_and_loads() -> None:
    # docs/position.md allows {"status": "lost"}; the loader refused it before (issue 9)
    g = ic.Game.from_position({"options": {"lost_crewmen": True}, "dice": [6] * 12,
                               "crew": {"en2": {"status": "lost", "at": "b2"}},
                               "counters": [{"kind": "intruder", "at": "dock2"}]})
    assert g.crew["en2"].status == "lost"
    text = play_randomly(g, 7, 30).to_json()
    assert ic.Game.from_json(text).to_json() == text
    assert ic.replay(g.record()).to_json() == text
