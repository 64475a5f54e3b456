"""The pieces on the mapsheet and the game's bookkeeping, as typed serializable records.

Rules live elsewhere; this module only holds data and turns it into JSON-ready dicts and back
(`record` and `load`, generic over the records' fields).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from types import UnionType
from typing import (
    TYPE_CHECKING,
    Literal,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from .actions import Event
from .charts import OBJECTS, ROLES
from .dice import Dice
from .json_types import LedgerEntry, Result

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")

# Where a hidden counter can be when it is not in a compartment (the mapsheet's boxes).
BOXES = (
    "not_used",        # Lab Animals and Dummies Not Used (face down)
    "discovered",      # Dummy Counters Discovered
    "clones_pending",  # Clones Not Yet in Play
    "caged_lab",       # Caged Lab Animals (permanent cages)
    "killed",          # Intruders killed
    "frozen",          # Intruders frozen (captured)
    "escaped",         # an Intruder loose outside the station
    "lost",            # swept into space or frozen: Lab Animals and Dummies out of play
    "reserve",         # counters never put into play (Intruders beyond the clone count)
)


# Names by (id, role or kind): fixed for a crewman or an object and read on every view, so
# each is made once (Crewman.name, Item.name and the crew view all ask these).
_CREW_NAMES: dict[tuple[str, str], str] = {}
_ITEM_NAMES: dict[tuple[str, str], str] = {}


def crew_name(cid: str, role: str) -> str:
    """A crewman's name, e.g. "Command Officer 1"."""
    done = _CREW_NAMES.get((cid, role))
    if done is None:
        done = _CREW_NAMES[cid, role] = f"{ROLES[role]} {cid[-1]}"
    return done


def item_name(iid: str, kind: str) -> str:
    """An object's name, e.g. "Blaster 1"."""
    done = _ITEM_NAMES.get((iid, kind))
    if done is None:
        done = _ITEM_NAMES[iid, kind] = f"{OBJECTS[kind][0]} {iid[-1]}"
    return done


@dataclass
class Crewman:
    """A crew counter. `at` is a compartment or a shuttle; None once dead."""

    id: str
    role: str  # "command" | "science" | "engineer"
    at: str | None
    status: str = "active"  # "active" | "dead" | "escaped"
    mp: int = 0
    acted: bool = False
    paid_pickup: bool = False  # ruling R27: one point buys every pick-up until he moves
    holding: str | None = None  # a caught Lab Animal
    controlling: str | None = None  # an Intruder held with an Electric Prod

    @property
    def name(self) -> str:
        return crew_name(self.id, self.role)


@dataclass
class Counter:
    """A hidden-movement counter: Intruder, Lab Animal or Dummy.

    `at` is a compartment, a shuttle or one of BOXES. `token` is the public handle the crew
    sees; it is assigned by position when counters are placed, never by identity.
    """

    id: str
    kind: str  # "intruder" | "lab_animal" | "dummy"
    at: str
    token: str = ""
    face_up: bool = False
    asleep_until: list[int] | None = None  # [turn, interaction phase] it wakes (ruling R9)
    cage: str | None = None  # the Cage item holding it, or "freezer" (Immune to Cold)
    controlled_by: str | None = None
    held_by: str | None = None  # a crewman holding a caught Lab Animal
    returning: bool = False  # Fast Reflexes: holding an opened airlock's edge
    final_stage: int | None = None  # development halted here (killed or frozen clones)
    final_powers: list[str] | None = None
    inventoried: bool = False  # turned face up in the Not Used box

    @property
    def asleep(self) -> bool:
        return self.asleep_until is not None


@dataclass
class Item:
    """An object counter. Carried items follow their carriers; `at` is kept in step."""

    id: str
    kind: str
    at: str | None  # compartment, shuttle, "track" (being built), "lost"
    carriers: list[str] = field(default_factory=list)
    progress: int = 0  # turns of work done on the construction track
    worked_turn: int = 0  # last turn an Engineer worked on it
    contents: str | None = None  # counter id inside a Cage

    @property
    def size(self) -> str:
        return OBJECTS[self.kind][1]

    @property
    def name(self) -> str:
        return item_name(self.id, self.kind)


@dataclass
class Shuttle:
    """A shuttle: docked, or departed with its crew (and perhaps a stowaway)."""

    id: str
    departed: bool = False
    crew: list[str] = field(default_factory=list)
    prepared: bool = False  # hatches prepared (Escape via Shuttle)
    fight: bool = False  # an Intruder is aboard and Sub-routines are running


# --- the turn's bookkeeping ---------------------------------------------------------------

Phase = Literal["setup", "movement", "interaction1", "crew_movement", "metamorphosis",
                "interaction2", "self_destruct"]
Step = Literal["setup", "auto", "move", "choose", "defense", "crew_actions", "free_actions",
               "intruder_move", "intruder_attack", "over"]
OPTIONAL = {"optional": True}  # field metadata: left out of a save while empty or None


@dataclass
class Subroutine:
    """The Interaction Sub-routine being resolved in one compartment (or shuttle, R24)."""

    at: str
    pending: list[str] = field(default_factory=list)  # Intruders still to act (Clones)
    shaken: bool = False  # a crewman was killed here: +1 to crew attacks (ruling R5)
    round: int | None = field(default=None, metadata=OPTIONAL)  # shuttle fights only (R24)


@dataclass
class Defense:
    """An Intruder's attack waiting for the crew's Self Defense (Intruder Action Segment C)."""

    intruder: str
    target: str


@dataclass
class SavedPhase:
    """The Interaction a shuttle fight interrupted, resumed when it ends (R18, R24)."""

    step: Step
    sub: Subroutine | None
    attacks: dict[str, int]
    defense: Defense | None


@dataclass
class ScenarioState:
    """Bookkeeping only some scenarios use; a save shows it (as "x") only while any is set."""

    ready: list[str] = field(default_factory=list)  # crew players who have passed (Science
    # Officer)
    moved: dict[str, int] = field(default_factory=dict)  # Intelligent Intruder: moves made
    stopped: list[str] = field(default_factory=list)  # ... counters stopped by meeting crew
    deciding: str | None = None  # ... the Intruder choosing whether to attack (B)

    def __bool__(self) -> bool:
        return bool(self.ready or self.moved or self.stopped or self.deciding is not None)

    def to_dict(self) -> dict[str, object]:
        """The save's "x" layout (format 1): a stop is kept as a key suffix, "id:stop"."""
        d: dict[str, object] = {}
        if self.ready:
            d["ready"] = list(self.ready)
        if self.moved or self.stopped:
            d["moved"] = {**self.moved, **{f"{cid}:stop": 1 for cid in self.stopped}}
        if self.deciding is not None:
            d["deciding"] = self.deciding
        return d

    @classmethod
    def from_dict(cls, d: object) -> ScenarioState:
        if not isinstance(d, dict) or set(d) - {"ready", "moved", "deciding"}:
            raise ValueError("bad scenario state")
        moved = dict(d.get("moved", {}))
        stops = [k for k in moved if k.endswith(":stop")]
        return cls([str(p) for p in d.get("ready", [])],
                   {k: int(v) for k, v in moved.items() if not k.endswith(":stop")},
                   [k[:-len(":stop")] for k in stops],
                   None if d.get("deciding") is None else str(d["deciding"]))


def _by_id(cls: type[DataclassInstance]) -> dict[str, object]:
    """Field metadata: a dict of records by id, saved as the list of its records."""
    return {"save": (lambda d: [record(v) for v in d.values()],
                     lambda v: {r["id"]: load(cls, r) for r in v})}


@dataclass
class GameState:
    """Everything a save holds: the pieces, the turn's position in the sequence of play and
    the game's history. `Game` adds the rules and the API; `record`/`load` save and load any
    of these records from their fields, so no list of keys is written twice."""

    dice: Dice = field(metadata={"save": (Dice.to_dict, Dice.from_dict)})
    crew: dict[str, Crewman] = field(default_factory=dict, metadata=_by_id(Crewman))
    counters: dict[str, Counter] = field(default_factory=dict, metadata=_by_id(Counter))
    items: dict[str, Item] = field(default_factory=dict, metadata=_by_id(Item))
    shuttles: dict[str, Shuttle] = field(
        default_factory=lambda: {s: Shuttle(s) for s in ("shuttle1", "shuttle2")},
        metadata=_by_id(Shuttle))
    turn: int = 0
    phase: Phase = "setup"
    step: Step = "setup"
    stage: int = 1
    known: list[str] = field(default_factory=list)  # powers determined (ruling R3)
    unknown: int = 2  # powers not yet determined
    sd: int | None = None  # Self-Destruct box: 9 = the Active box, then 8 .. 0
    sd_started: int = 0
    sd_stopped: bool = False
    destroyed: bool = False
    unlocked: list[str] = field(default_factory=list)  # secured rooms open this phase (R12)
    queue: list[str] = field(default_factory=list)  # compartments still to resolve (R2)
    sub: Subroutine | None = None
    defense: Defense | None = None
    saved: SavedPhase | None = None
    attacks: dict[str, int] = field(default_factory=dict)  # per Intruder this phase (R8)
    kills: int = 0
    ledger: list[LedgerEntry] = field(default_factory=list)  # points scored (How to Win)
    next_token: int = 1
    origin: dict[str, object] = field(default_factory=dict)  # how the game began (a record)
    history: list[dict[str, object]] = field(default_factory=list)  # every action taken
    log: list[Event] = field(default_factory=list, metadata={
        "save": (lambda log: [e.to_dict() for e in log],
                 lambda v: [Event.from_dict(e) for e in v])})
    result: Result | None = None
    x: ScenarioState = field(default_factory=ScenarioState, metadata={
        "save": (ScenarioState.to_dict, ScenarioState.from_dict), **OPTIONAL})


def record(obj: object) -> object:
    """A record (any dataclass above, nested ones too) as plain JSON-ready data."""
    if is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, object] = {}
        for f in fields(obj):
            value = getattr(obj, f.name)
            if f.metadata.get("optional") and not value and value != 0:
                continue
            codec = f.metadata.get("save")
            out[f.name] = codec[0](value) if codec else record(value)
        return out
    if isinstance(obj, list):
        return [record(v) for v in obj]
    if isinstance(obj, dict):
        return {k: record(v) for k, v in obj.items()}
    return obj


def record_fields(obj: object) -> dict[str, object]:
    """`record` of a record whose class extends a record class (the Game's GameState)."""
    out = record(obj)
    assert isinstance(out, dict)
    return out


def load(cls: type[T], d: object) -> T:
    """Rebuild a record from plain data, refusing unknown or missing keys."""
    return cls(**load_fields(cls, d))


def load_fields(cls: type[DataclassInstance], d: object) -> dict[str, object]:
    """The field values of a record of `cls` read from plain data (`load` without the call)."""
    if not isinstance(d, dict):
        raise ValueError(f"{cls.__name__} record must be an object")
    own = {f.name: f for f in fields(cls)}
    extra = set(d) - set(own)
    if extra:
        raise ValueError(f"{cls.__name__} record has unknown keys {sorted(extra)}")
    hints = _hints(cls)
    out: dict[str, object] = {}
    for name, f in own.items():
        if name not in d:
            if f.metadata.get("optional"):
                continue
            raise KeyError(f"{cls.__name__} record lacks {name!r}")
        codec = f.metadata.get("save")
        out[name] = codec[1](d[name]) if codec else _convert(hints[name], d[name])
    return out


_HINTS: dict[type[object], dict[str, object]] = {}


def _hints(cls: type[object]) -> dict[str, object]:
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def _convert(hint: object, value: object) -> object:
    """Plain data to the type a field declares: nested records, lists and dicts of them."""
    if isinstance(hint, type) and is_dataclass(hint):
        return load(hint, value)
    if is_typeddict(hint):  # a JSON shape (json_types): checked and copied as a plain object
        hint = dict[str, object]
    args = get_args(hint)
    if isinstance(hint, UnionType) or get_origin(hint) is Union:
        if value is None:
            return None
        return _convert(next(a for a in args if a is not type(None)), value)
    origin = get_origin(hint)
    if origin is list:
        if not isinstance(value, list):
            raise ValueError("a list was expected")
        return [_convert(args[0], v) for v in value]
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError("an object was expected")
        return {k: _convert(args[1], v) for k, v in value.items()}
    return value
