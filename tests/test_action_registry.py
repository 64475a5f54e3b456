"""The action registry: each action type declared once, by the rule module holding its check or
its flow step, and every table of the engine, the bots and the docs derived from those
declarations and true of the game (tests/test_fast_paths.py proves `cannot_end`,
tests/test_legal.py `legal_when_offered`)."""

from __future__ import annotations

import dataclasses
import string
from pathlib import Path

from helpers import random_play

import intruder_core as ic
from intruder_core import action_types as at
from intruder_core import api_table, crew_actions, crew_movement, flow, intruder_player, sides
from intruder_core.registry import ACTION_TYPES

API = Path(__file__).parent.parent / "docs" / "api.md"
DECLARING = (crew_movement, flow, crew_actions, intruder_player)


def test_docs_action_table_is_the_declarations() -> None:
    """docs/api.md's table is rendered from the declarations (run
    `python -m intruder_core.api_table --write docs/api.md` after changing one)."""
    text = API.read_text()
    assert api_table.rewrite(text, api_table.render()) == text
    assert api_table.main(["--check", str(API)]) == 0


def test_the_table_follows_a_changed_declaration() -> None:
    """A changed wording, note or side shows in the table (the docs test can fail)."""
    i, let_go = next((i, t) for i, t in enumerate(ACTION_TYPES) if t.type == "let_go")
    changed = [dataclasses.replace(let_go, doc="let go"),
               dataclasses.replace(let_go, notes={"crew": "(his controller)"}),
               dataclasses.replace(let_go, side="intruder")]
    today = api_table.render()
    for t in changed:
        other = api_table.render((*ACTION_TYPES[:i], t, *ACTION_TYPES[i + 1:]))
        assert other != today and api_table.rewrite(API.read_text(), other) != API.read_text()


def test_each_type_is_declared_once_next_to_its_rule() -> None:
    """One declaration per type, in the module of its check or effect; every table the
    engine reads is keyed by exactly the declared types, in the vocabulary's order."""
    names = [t.type for mod in DECLARING for t in mod.ACTIONS]
    assert len(names) == len(set(names)) == len(ACTION_TYPES)
    assert list(at.TYPES) == list(at.ARGS) == list(at.HANDLERS) == names
    for mod in DECLARING:
        for t in mod.ACTIONS:
            assert mod.__name__ in (t.check.__module__, t.apply.__module__), t.type
            assert callable(t.check) and callable(t.apply) and t.rule, t.type
            assert set(t.args.values()) <= {"str", "list", "str?"}, t.type
            assert set(t.notes) <= {k for k, v in t.args.items() if not v.endswith("?")}


def test_every_declared_type_parses_and_nothing_else() -> None:
    """Action.from_dict accepts exactly the declared types with their arguments."""
    for t in ACTION_TYPES:
        data: dict[str, object] = {"type": t.type}
        for k, kind in t.args.items():
            data[k] = ["co1"] if kind == "list" else "co1"
        assert ic.Action.from_dict(data).type == t.type
        required = [k for k, kind in t.args.items() if not kind.endswith("?")]
        for k in required:
            try:
                ic.Action.from_dict({j: v for j, v in data.items() if j != k})
            except ic.IllegalAction as e:
                assert repr(k) in str(e)
            else:
                raise AssertionError(f"{t.type} parsed without {k!r}")


def test_passes_and_the_intruder_players_actions_belong_to_their_side() -> None:
    """Each legal action of random games is its declared side's (sides.owner); a crew pass
    names only its player, the Intruder player's none."""
    for t in ACTION_TYPES:
        if t.passes:
            assert dict(t.args) == ({} if t.side == "intruder" else {"player": "str?"}), t.type
    met: set[str] = set()
    for scenario in ("intelligent_intruder", "science_officer", "solitaire"):
        for seed in range(3):
            g = ic.new_game(seed=seed, scenario=scenario)
            for turn in random_play(g, seed):
                for a in turn.legal:
                    owner = sides.owner(g, a)
                    assert (owner == "intruder") == (at.TYPES[a.type].side == "intruder")
                    assert owner in g.players
                    if a.type in at.PASSES:
                        met.add(a.type)
    assert met == at.PASSES


def test_passive_actions_change_nothing_that_ends_the_game() -> None:
    """What the search never rolls out (passive) is letting go or dropping: actions that
    cannot end the game and are offered only when legal."""
    assert at.PASSIVE and at.PASSIVE <= at.CANNOT_END & at.LEGAL_WHEN_OFFERED


def test_label_templates_name_only_their_arguments() -> None:
    """A template fills {who} from the crewman, {target} and {airlock} from arguments the type
    has; a label that reads the state (fresh) is made in code, never from a template."""
    fields = {"who": "crew", "target": "target", "airlock": "airlock"}
    for t in ACTION_TYPES:
        used = {f for _, f, _, _ in string.Formatter().parse(t.label) if f}
        assert used <= set(fields), t.type
        assert {fields[f] for f in used} <= set(t.args), t.type
        assert not (t.label and t.type in at.FRESH_LABELS), t.type
    assert at.LIVE_LABELS == at.INTRUDER_ACTIONS <= at.FRESH_LABELS


def test_step_guards_refuse_before_the_check_with_their_own_words() -> None:
    """An action taken outside its declared steps (ActionType.steps) is refused with its
    guard's reason and rule whatever its arguments, as its check spelled it before; in its
    steps the guard lets the rule's own check decide."""
    guarded = [t for t in ACTION_TYPES if t.steps is not None]
    # transfer alone checks its step itself: its refusals name the crewman and animal first
    assert {t.type for t in ACTION_TYPES} - {t.type for t in guarded} == {"transfer"}
    met: set[tuple[str, bool]] = set()
    for scenario in ("intelligent_intruder", "science_officer", "solitaire"):
        g = ic.new_game(seed=1, scenario=scenario)
        for _ in random_play(g, 1, steps=400):
            for t in guarded:
                assert t.steps is not None
                data: dict[str, object] = {"type": t.type}
                data.update({k: ["zz9"] if kind == "list" else "zz9"
                             for k, kind in t.args.items() if not kind.endswith("?")})
                e = g.why_illegal(data)
                refusal = None if e is None else (e.reason, e.rule)
                inside = g.step in t.steps.steps
                if inside and t.type != "prepare_hatches":  # (also refused out of a shuttle)
                    # in its steps another reason refuses it (or it is legal: a pass)
                    assert refusal != (t.steps.reason, t.steps.rule), (t.type, g.step)
                else:
                    assert refusal == (t.steps.reason, t.steps.rule), (t.type, g.step)
                met.add((t.type, inside))
    assert {t.type for t in guarded} == {typ for typ, inside in met if not inside}
