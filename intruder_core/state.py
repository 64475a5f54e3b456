"""The pieces on the mapsheet and the game's bookkeeping, as plain serializable records.

Rules live elsewhere; this module only holds data and turns it into JSON-ready dicts and back.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .charts import OBJECTS, ROLES

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
        return f"{ROLES[self.role]} {self.id[-1]}"


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
        return f"{OBJECTS[self.kind][0]} {self.id[-1]}"


@dataclass
class Shuttle:
    """A shuttle: docked, or departed with its crew (and perhaps a stowaway)."""

    id: str
    departed: bool = False
    crew: list[str] = field(default_factory=list)
    prepared: bool = False  # hatches prepared (Escape via Shuttle)
    fight: bool = False  # an Intruder is aboard and Sub-routines are running


def record(obj: Any) -> dict[str, Any]:
    """A dataclass as a plain dict."""
    return asdict(obj)


def load(cls: type[Any], d: Any) -> Any:
    """Rebuild a dataclass from a dict, refusing unknown or missing keys."""
    if not isinstance(d, dict):
        raise ValueError(f"{cls.__name__} record must be an object")
    names = {f.name for f in fields(cls)}
    extra = set(d) - names
    if extra:
        raise ValueError(f"{cls.__name__} record has unknown keys {sorted(extra)}")
    return cls(**d)
