"""The current decision's legal actions: the candidates of each step, checked and labelled,
built once per decision into the move cache, and the refusal of any other action.

The Game's `legal_actions`, `why_illegal` and `apply` read them here (docs/architecture.md,
"Speed": which candidates are taken unchecked, and why).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import crew_actions, crew_movement, interaction, sides
from . import intruder_player as ii
from .action_types import FRESH_LABELS, HANDLERS, LEGAL_WHEN_OFFERED
from .actions import Action, action, new_action
from .errors import IllegalAction
from .labels import label

if TYPE_CHECKING:
    from .game import Game


def legal_now(g: Game) -> list[Action]:
    """The legal actions of every side, labelled, built once per decision."""
    cache = g.cache
    legal = cache.legal
    if legal is None:
        bound = cache.bound_to
        if bound is None or bound[0] is not g.crew or bound[1] is not g.items:
            cache.bind(g)
        # the Crew Movement Phase's generator offers only legal actions (`generate`)
        legal = cache.legal = (crew_movement.candidates(g) if g.step == "move"
                               else generate(g))
    return legal


def legal_set(g: Game) -> frozenset[Action]:
    """`legal_now` as a set (for looking an action up), built once per decision."""
    cache = g.cache
    done = cache.legal_set
    if done is None:
        done = cache.legal_set = frozenset(legal_now(g))
    return done


def generate(g: Game) -> list[Action]:
    """The candidates the rules allow, labelled. The Crew Movement Phase's generator
    offers only legal actions, so its checks are skipped; elsewhere each is checked but
    those offered only when legal (ActionType.legal_when_offered)."""
    if g.step == "move":
        return crew_movement.candidates(g)
    labels = g.cache.labels
    trusted = () if sides.shared(g) else LEGAL_WHEN_OFFERED
    out = []
    for a in candidates(g):
        check, _, rule = HANDLERS[a.type]
        if a.type not in trusted:
            try:
                check(g, a)
            except IllegalAction:
                continue
        if a.label:  # offered labelled by its generator
            out.append(a)
            continue
        if a.type in FRESH_LABELS:  # its label reads the state: made afresh
            out.append(Action(a.type, a.args, label(g, a), rule))
            continue
        done = labels.get(a)
        if done is None:
            done = labels[a] = new_action(a.type, a.args, label(g, a), rule)
        out.append(done)
    return out


def candidates(g: Game) -> Iterable[Action]:
    """The actions worth checking in the current step, in a fixed order."""
    step = g.step
    if step == "move":
        return crew_movement.candidates(g)
    if step == "choose":
        return [action("interact", at=at) for at in g.queue]
    if step == "defense":
        return [*interaction.defense_options(g), action("no_defense")]
    if step == "crew_actions" or step == "free_actions":
        return crew_actions.candidates(g)
    if step == "intruder_move" or step == "intruder_attack":
        return ii.candidates(g)
    return ()


def why_not(g: Game, a: Action) -> IllegalAction | None:
    """The refusal of an action already parsed, or None if it is legal (Game.why_illegal)."""
    if g.is_over:
        return IllegalAction("the game is over", "How to Win")
    if a.type not in HANDLERS:
        return IllegalAction(f"there is no action called {a.type!r}", "Actions")
    if a in legal_set(g):
        return None
    return refusal(g, a)


def refusal(g: Game, a: Action) -> IllegalAction | None:
    """Why an action that is not among the legal ones is refused: its rule's own check,
    else "not available now" (an action no generator offers in this step)."""
    try:
        HANDLERS[a.type][0](g, a)
    except IllegalAction as e:
        return e
    if a not in (c for c in candidates(g) if c.type == a.type):
        return IllegalAction("that action is not available now", HANDLERS[a.type][2])
    return None
