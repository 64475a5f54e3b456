"""How likely a die's outcome was, from the crew's view: the action played again with each
face of that die on a few of the crew's sampled hidden states (the dice before it as they
fell), and the faces counted that give the outcome it gave ("a 1 for metamorphosis - The
Intruder grows to Life Stage 3 (1 chance in 6)", issue 30). Only the crew's view is played
again, so the count never tells a hidden counter's kind or the dice to come."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..actions import Action
from ..errors import IllegalAction
from ..event_types import QUOTED, EventData
from ..odds_tally import sample_seed
from ..view import View
from .determinize import Inconsistent, determinize

STATES = 2  # sampled hidden states the faces are counted on; they must agree
_NOT_OUTCOME = frozenset({"text", "rule"})
_NOT_ROLL = frozenset({"text", "rule", "die", "purpose"})


def outcome(events: Sequence[EventData], at: int) -> tuple[object, ...] | None:
    """What the die at `events[at]` decided: the first headline after it and before the next
    die (the one a review tells after that die), by its type and fields; None if none."""
    for e in events[at + 1:]:
        kind = e.get("type")
        if kind == "roll":
            return None
        if kind in QUOTED and kind != "game_over":
            return (kind, *sorted((k, repr(v)) for k, v in e.items() if k not in _NOT_OUTCOME))
    return None


def _same_roll(a: EventData, b: EventData) -> bool:
    """The same die of the rules (its key and fields), whatever its face."""
    return {k: v for k, v in a.items() if k not in _NOT_ROLL} == \
        {k: v for k, v in b.items() if k not in _NOT_ROLL}


def faces(view: View, action: Action, events: Sequence[EventData], at: int,
          constraints: Iterable[Iterable[str]] = (), seed: int = 0,
          states: int = STATES) -> int | None:
    """Of the six faces of the die at `events[at]` (the events `action` gave from `view`), how
    many give the outcome it gave; None when it decided no headline, or the sampled hidden
    states disagree (the count would then depend on what the crew does not know), or none
    could be played again."""
    want = outcome(events, at)
    if want is None or events[at].get("type") != "roll":
        return None
    before = [int(str(e["die"])) for e in events[:at] if e.get("type") == "roll"]
    cons = [set(c) for c in constraints]
    counts: set[int] = set()
    for s in range(states):
        count = 0
        for face in range(1, 7):
            try:
                g = determinize(view, random.Random(sample_seed(seed, s)), cons)
                g.dice.script = [*before, face]
                got = [e.to_dict() for e in g.apply(action)]
            except (Inconsistent, IllegalAction, ValueError):
                break
            rolls = [k for k, e in enumerate(got) if e.get("type") == "roll"]
            if len(rolls) <= len(before) or not _same_roll(got[rolls[len(before)]], events[at]):
                break  # this hidden state rolls other dice: it cannot be compared
            count += outcome(got, rolls[len(before)]) == want
        else:
            counts.add(count)
    return counts.pop() if len(counts) == 1 else None


def chance_words(count: int | None) -> str:
    """" (1 chance in 6)" for a count of faces; nothing when it is unknown or every face gave
    it (then the die decided nothing)."""
    if count is None or not 0 < count < 6:
        return ""
    return f" ({count} chance{'s' if count > 1 else ''} in 6)"
