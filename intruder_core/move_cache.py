"""The engine's speed caches, in one object per game: the current decision's legal actions,
the labelled actions every game of a roster shares, and each crewman's kept Crew Movement
Phase actions with what invalidates them (docs/architecture.md, "Speed").

None of it is saved or changes a result: `NoCache` keeps nothing between decisions, and a
game played with it is the same game (tests/test_move_cache.py). `ENABLED = False` makes
every new game use it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from .action_types import HANDLERS
from .actions import Action, new_action
from .labels import label

if TYPE_CHECKING:
    from .game import Game

Moves = tuple[tuple[str, int, bool, Action], ...]
Segment = tuple[tuple[Action, ...], tuple[Action, ...]]  # crew_movement._segment
Labels = tuple[dict[Action, Action], dict[tuple[str, ...], Action], dict[tuple[str, ...], Moves],
               dict[tuple[object, ...], Segment]]
# roster -> its labels by action, labelled actions by key, moves by crewman and place, and
# the Crew Movement Phase actions of a crewman with empty hands in an empty compartment
_ROSTER_LABELS: dict[tuple[object, ...], Labels] = {}
T = TypeVar("T")
ENABLED = True  # False: new games keep nothing (NoCache), for tests and measurements


class MoveCache:
    """What the engine keeps between decisions to answer `legal_actions` faster."""

    def __init__(self) -> None:
        # The legal actions of the current decision, labelled: built once per decision (in
        # `flow.settle`) and dropped whenever `apply` changes the state.
        self.legal: list[Action] | None = None
        self.legal_set: frozenset[Action] | None = None
        # Labelled actions met so far: a label depends only on the action and the game's
        # fixed roster of crewmen and objects, so it is worked out once per roster and shared
        # by every game with that roster (`bind`; a bot's rollouts start many games).
        self.labels: dict[Action, Action] = {}
        self.made: dict[tuple[str, ...], Action] = {}  # the same, by a plain key (`labelled`)
        # A crewman's labelled moves out of each compartment (crew_movement.moves_from).
        self.made_moves: dict[tuple[str, ...], Moves] = {}
        self.bare_segs: dict[tuple[object, ...], Segment] = {}  # crew_movement._segment
        self.bound_to: tuple[object, object] | None = None  # the (crew, items) bound to
        # Each crewman's Crew Movement Phase actions (crew_movement.candidates): kept while
        # `key` (turn, stage, passed players) holds, no action has changed him (`changed`)
        # and none has touched his compartment (`touched`); `acted`, `moved_object` and
        # pieces.relocate note them.
        self.segs: dict[str, Segment] = {}
        self.key: tuple[object, ...] = ()
        self.touched: set[str | None] = set()
        self.changed: set[str] = set()

    def forget_legal(self) -> None:
        """The state has changed: the current decision's legal actions no longer hold."""
        self.legal = None
        self.legal_set = None

    def clear(self) -> None:
        """The state has been changed from outside the rules: nothing kept holds."""
        self.forget_legal()
        self.segs.clear()

    def bind(self, g: Game) -> None:
        """Share the labelled actions of every game with this roster (crew ids and roles,
        object ids and kinds: all a label or a move list depends on)."""
        roster = (tuple((c.id, c.role) for c in g.crew.values()),
                  tuple((i.id, i.kind) for i in g.items.values()))
        shared = _ROSTER_LABELS.get(roster)
        if shared is None:
            if len(_ROSTER_LABELS) >= 64:  # positions can make many rosters: stay bounded
                _ROSTER_LABELS.clear()
            shared = _ROSTER_LABELS[roster] = self._new_labels()
        self.labels, self.made, self.made_moves, self.bare_segs = shared
        self.bound_to = (g.crew, g.items)

    def _new_labels(self) -> Labels:
        return {}, {}, {}, {}

    def labelled(self, g: Game, key: tuple[str, ...], a: Action) -> Action:
        """The labelled action for `key`, made from `a` the first time its roster meets it."""
        done = self.made.get(key)
        if done is None:
            done = self.made[key] = new_action(a.type, a.args, label(g, a), HANDLERS[a.type][2])
        return done

    def acted(self, cid: str, at: str | None) -> None:
        """A crewman took a Function where he is: his actions and those of the crewmen in
        his compartment are worked out again."""
        self.changed.add(cid)
        self.touched.add(at)

    def moved_object(self, was: str | None, to: str) -> None:
        """An object others may still take up left `was` for `to`: the crewmen at both are
        worked out again."""
        self.touched.add(was)
        self.touched.add(to)


class _Forgetful(dict[object, object]):
    """A dict that keeps nothing: every lookup misses, so everything is made afresh."""

    __slots__ = ()

    def __setitem__(self, key: object, value: object) -> None:
        pass


class _KeepsNothing(Generic[T]):
    """An attribute that reads `empty` whatever is stored in it."""

    def __init__(self, empty: T) -> None:
        self.empty = empty

    def __get__(self, obj: object, owner: type | None = None) -> T:
        return self.empty

    def __set__(self, obj: object, value: T) -> None:
        pass


class NoCache(MoveCache):
    """The caches switched off: every decision's actions, labels and segments are made
    afresh (a game's segments hold only while one decision's list is built)."""

    legal: _KeepsNothing[list[Action] | None] = _KeepsNothing(None)
    legal_set: _KeepsNothing[frozenset[Action] | None] = _KeepsNothing(None)
    # never the same turn: every crewman's actions are built afresh
    key: _KeepsNothing[tuple[object, ...]] = _KeepsNothing(())

    def bind(self, g: Game) -> None:
        self.labels, self.made, self.made_moves, self.bare_segs = self._new_labels()
        self.bound_to = (g.crew, g.items)

    def _new_labels(self) -> Labels:
        forget = _Forgetful
        return forget(), forget(), forget(), forget()  # type: ignore[return-value]


def noting_touched(g: Game, a: Action) -> None:
    """Apply a Crew Movement Phase action, noting the compartments it touched (where its
    crewman was and is): only the crewmen there need their actions worked out again.

    A move touches only the compartments an object short of bearers left and entered
    (`relocate` notes them): the movers change only their own actions (their places,
    points and what they carry, which `crew_movement.candidates` sees on them)."""
    if a.type == "move":  # `relocate` notes where objects left and arrived
        HANDLERS["move"][1](g, a)
        return
    c = g.crew.get(str(a.get("crew", "")))
    cache = g.cache
    if c is None:  # a pass: every crewman's actions are worked out again
        cache.segs.clear()
        HANDLERS[a.type][1](g, a)
        return
    cache.acted(c.id, c.at)
    HANDLERS[a.type][1](g, a)
    cache.touched.add(c.at)


def new_cache() -> MoveCache:
    """The cache a new game starts with (`ENABLED`)."""
    return MoveCache() if ENABLED else NoCache()
