"""Public bookkeeping for the crew view: facts a player at the table knows from what happened
this turn, but that the board itself does not show.

A Sleep Dart's counter was hit in a known phase (R9), a crewman has or has not paid his pick-up
point (R27), the Self-Destruct marker was started in a known turn (R17), the Intruders attacked
so far this phase (R8), whether a crewman died here (R5), the compartments still to resolve (R2),
an Intruder hanging on an opened airlock's edge (Fast Reflexes, R37), which weapon was worked on
this turn, and the game's rule options. With these the crew view is a complete public position:
a bot can rebuild a consistent game from it (intruder_core.bots.determinize) without the log.
Nothing here depends on a face-down counter's identity.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .state import BOXES, Subroutine

if TYPE_CHECKING:
    from .game import Game


def bookkeeping(g: Game) -> dict[str, Any]:
    """The view's "bookkeeping" entry (docs/bots.md)."""
    tokens = {c.id: c.token for c in g.counters.values()}

    def attacked(attacks: dict[str, int]) -> dict[str, int]:
        """Attacks this phase (R8) on Intruders still in play: the others cannot be attacked."""
        return {tokens[i]: n for i, n in attacks.items() if g.counters[i].at not in BOXES}

    def sub_view(sub: Subroutine | None) -> dict[str, Any] | None:
        if sub is None:
            return None
        out: dict[str, Any] = {"at": sub.at, "pending": [tokens[i] for i in sub.pending],
                               "shaken": sub.shaken}
        if sub.round is not None:
            out["round"] = sub.round
        return out

    saved = None
    if g.saved is not None:
        d = g.saved.defense
        saved = {"step": g.saved.step, "sub": sub_view(g.saved.sub),
                 "attacks": attacked(g.saved.attacks),
                 "defense": None if d is None else {"intruder": tokens[d.intruder],
                                                    "target": d.target}}
    return {
        "options": dict(g.options),
        "queue": list(g.queue),
        "sub": sub_view(g.sub),
        "attacks": attacked(g.attacks),
        "kills": g.kills,
        "sd_started": g.sd_started,
        "sleep": {c.token: list(c.asleep_until) for c in g.counters.values()
                  if c.asleep_until is not None},
        "returning": sorted(c.token for c in g.counters.values() if c.returning),
        "paid_pickup": [c.id for c in g.crew.values() if c.paid_pickup],
        "worked": {i.id: i.worked_turn for i in g.items.values() if i.worked_turn},
        "next_token": g.next_token,
        "saved": saved,
    }
