"""How an action type is declared, and the tables every part of the engine reads from them.

Each rule module declares its own actions once, as `ActionType` data next to their check and
effect (crew_movement, crew_actions, flow, intruder_player); registry.py gathers them and fills
the tables below, which the rule modules, the bots and the page read (docs/api.md's action
table is rendered from the same declarations, `intruder_core.api_table`).

The tables are filled in place when the package is imported (intruder_core/__init__ imports
the game, which imports the registry), so a module below the registry may import them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from .errors import IllegalAction

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .state import Step

Check = Callable[["Game", "Action"], None]
Apply = Callable[["Game", "Action"], object]
Side = Literal["crew", "intruder"]


@dataclass(frozen=True)
class StepGuard:
    """The steps of the sequence of play an action is taken in (state.Step), and the refusal
    (reason, rule) of the action in any other step; the registry checks it before the rule's
    own check runs, so no check spells its step out again."""

    steps: tuple[Step, ...]
    reason: str
    rule: str

    def refusal(self) -> IllegalAction:
        """The refusal of an action outside these steps."""
        return IllegalAction(self.reason, self.rule)


def guarded(check: Check, guard: StepGuard | None) -> Check:
    """The check the engine runs: the step guard, then the rule's own check."""
    if guard is None:
        return check
    steps, reason, rule = guard.steps, guard.reason, guard.rule

    def checked(g: Game, a: Action) -> None:
        if g.step not in steps:
            raise IllegalAction(reason, rule)
        check(g, a)

    checked.__doc__ = check.__doc__
    return checked


def unchecked(g: Game, a: Action) -> None:
    """The check of an action its step guard alone decides (no Self Defense, the end of the
    Intruder player's movement): always legal in its steps."""


@dataclass(frozen=True, eq=False)
class ActionType:
    """One action type of the vocabulary (docs/api.md, "Actions") and everything the engine
    knows about it: its arguments, its rule's check and effect, who takes it, and its label."""

    type: str
    # each argument's kind, "str" or "list" (of strings); a trailing "?" marks an optional one
    # (a pass names its player only with two crew players)
    args: Mapping[str, str]
    check: Check  # raises IllegalAction with the reason and the rule (after `steps`)
    apply: Apply  # the effect of a legal action; never sets the step unless it is flow's
    rule: str  # the rulebook section or ruling a legal action cites
    steps: StepGuard | None = None  # the steps it is taken in (checked before `check`)
    side: Side = "crew"  # who takes it (sides.owner splits the crew between two players)
    passes: bool = False  # ends the player's movement or actions (R33: settled when alone)
    # cannot end the game (How to Win), so flow.check_end need not look again after it
    cannot_end: bool = False
    # offered by its generator only when its check passes, so taken unchecked (but in the
    # Science Officer's shared phases)
    legal_when_offered: bool = False
    passive: bool = False  # never worth a search rollout unless the heuristic wants it
    label: str = ""  # the label's template ({who}, {target}, {airlock}); "" when made in code
    # the label reads more than the roster (a counter's place, a target's kind), so it is
    # made afresh at each decision instead of being shared by every game of the roster
    fresh_label: bool = False
    # docs/api.md's table: a note after an argument's name, and the row's rule column
    notes: Mapping[str, str] = field(default_factory=dict)
    doc: str = ""


# --- the tables derived from the declarations (filled by `register`) ------------------------

TYPES: dict[str, ActionType] = {}  # every declared type, in the vocabulary's order
ARGS: dict[str, Mapping[str, str]] = {}  # actions.Action.from_dict parses against it
# type -> (its step guard and check, effect, rule)
HANDLERS: dict[str, tuple[Check, Apply, str]] = {}
INTRUDER_ACTIONS: set[str] = set()  # the Intruder player's (sides.owner)
PASSES: set[str] = set()  # flow.only_pass
CANNOT_END: set[str] = set()  # flow.check_end
LEGAL_WHEN_OFFERED: set[str] = set()  # legal.generate
PASSIVE: set[str] = set()  # bots/search.py
SIMPLE_LABELS: dict[str, str] = {}  # labels.label
# The Intelligent Intruder's actions: their labels name the counter as the Intruder player
# knows it and the place it is in now, so they change as the counter moves (labels.py).
LIVE_LABELS: set[str] = set()
FRESH_LABELS: set[str] = set()  # legal.generate makes these labels afresh


def register(types: tuple[ActionType, ...]) -> None:
    """Fill the tables from the declarations (once, in the vocabulary's order)."""
    assert not TYPES, "the action types are registered once"
    for t in types:
        assert t.type not in TYPES, f"{t.type!r} is declared twice"
        TYPES[t.type] = t
        ARGS[t.type] = t.args
        HANDLERS[t.type] = (guarded(t.check, t.steps), t.apply, t.rule)
        flags = ((t.side == "intruder", INTRUDER_ACTIONS), (t.passes, PASSES),
                 (t.cannot_end, CANNOT_END), (t.legal_when_offered, LEGAL_WHEN_OFFERED),
                 (t.passive, PASSIVE), (t.side == "intruder", LIVE_LABELS),
                 (t.fresh_label or t.side == "intruder", FRESH_LABELS))
        for flag, table in flags:
            if flag:
                table.add(t.type)
        if t.label:
            SIMPLE_LABELS[t.type] = t.label
