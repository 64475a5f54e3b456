"""Where the pieces are: what a crewman carries, how many bearers a Cage needs, and moving a
crewman with everything he carries, holds or controls. Functions of the state, which the rule
modules share (a move notes for the move cache what it changed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .charts import CAGE_CARRIERS

if TYPE_CHECKING:
    from .game import Game
    from .state import Crewman, Item

def cage_needs(g: Game, item: Item) -> int:
    """Carriers needed for a Cage: 1, or 1/2/3 by stage when an Intruder is in it (R14)."""
    if item.contents and g.counters[item.contents].kind == "intruder":
        return CAGE_CARRIERS[g.stage]
    return 1


def carried(g: Game, c: Crewman) -> list[Item]:
    """The objects a crewman carries (alone or with other bearers)."""
    cid = c.id
    return [i for i in g.items.values() if cid in i.carriers]


def relocate(g: Game, c: Crewman, to: str, mine: list[Item] | None = None) -> None:
    """Move a crewman with everything he carries (`mine`, when the caller knows it), holds or
    controls, and note it for the move cache: he changed, and so did the compartments an
    object others may still take up left and entered. An object with all the carriers it
    needs is in no one else's actions (no one else may pick it up; its other bearers move
    too and are noted), so only one carried by fewer touches the compartments."""
    was = c.at
    c.at = to
    c.paid_pickup = False
    cache = g.cache
    cache.changed.add(c.id)
    for item in carried(g, c) if mine is None else mine:
        item.at = to
        if item.contents:
            g.counters[item.contents].at = to
        if len(item.carriers) < cage_needs(g, item):
            cache.moved_object(was, to)
    if c.holding:
        g.counters[c.holding].at = to
