"""Where the pieces are: the crewmen in a place, the counters by token, what a crewman carries,
how many bearers a Cage needs, and moving a crewman with everything he carries, holds or
controls. Functions of the state, which the rule modules share (a move notes for the move
cache what it changed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .charts import CAGE_CARRIERS
from .station import COMPARTMENTS, SHUTTLE_DOCK

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter, Crewman, Item

_TOKEN_ORDER: dict[str, tuple[int, str]] = {}  # token -> its sort key (a pure function)


def station_crew(g: Game) -> list[Crewman]:
    """The living crewmen still on the station."""
    return [c for c in g.crew.values() if c.status == "active" and c.at in COMPARTMENTS]


def crew_at(g: Game, at: str) -> list[Crewman]:
    """The living crewmen in one place."""
    return [c for c in g.crew.values() if c.at == at and c.status == "active"]


def manned(g: Game, at: str | None) -> bool:
    """Some living crewman is there (`crew_at` without building the list)."""
    for c in g.crew.values():
        if c.at == at and c.status == "active":
            break
    else:
        return False
    return True


def marine(g: Game, c: Crewman) -> bool:
    """Optional Marines rule (Return to Prometheus)."""
    return g.config.marines and c.role in ("command", "engineer")


def docks(g: Game) -> dict[str, str]:
    """Shuttle -> the dock it leaves from, for the shuttles of this game."""
    return {s: SHUTTLE_DOCK[s] for s in g.shuttles}


def token_order(c: Counter) -> tuple[int, str]:
    """A counter's sort key by its token's number."""
    key = _TOKEN_ORDER.get(c.token)
    if key is None:  # parsed once per token: this sort key is on the hot path
        digits = "".join(ch for ch in c.token if ch.isdigit())
        key = _TOKEN_ORDER[c.token] = (int(digits) if digits else 0, c.token)
    return key


def new_token(g: Game) -> str:
    """The next public token for a counter placed on the station."""
    g.next_token += 1
    return f"c{g.next_token - 1}"


def by_token(g: Game, token: object) -> Counter | None:
    """The counter with this public token, if any."""
    if not isinstance(token, str) or not token:
        return None
    return next((c for c in g.counters.values() if c.token == token), None)


def by_token_strict(g: Game, token: str) -> Counter:
    """The counter with this public token (it must exist)."""
    c = by_token(g, token)
    assert c is not None
    return c


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
