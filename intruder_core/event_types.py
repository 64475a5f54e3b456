"""Every event the engine emits and every die it rolls, declared once as data.

An `EventType` names an event's data fields and what each consumer makes of it (chance for
the review, the page's undo, the log's filters, the banner's headlines); a `RollType` names
what one die decides: its key (the `roll` field of a `roll` event), its fields and the
purpose's words. The consumers' tables below are derived from these declarations, and
docs/api.md's events table is rendered from them (`intruder_core.api_table`).

`legacy_event` is the one projection of a log entry back to the data saved before the
fields of issue 27 were added (bench/digest.py and tests/test_golden.py compare under it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, NotRequired, TypedDict

from .station import NAMES

Group = Literal["chance", "sequence", "counters", "intruder", "combat", "crew"]
LogCategory = Literal["", "moves", "dice", "combat"]


class EventData(TypedDict):
    """An event as a dict (`Event.to_dict`, what the page receives): the type, the words and
    the rule, then the type's own fields (each type's are in its `EventType.fields`)."""

    type: str
    text: str
    rule: NotRequired[str]
    # a roll (`roll`): the die, its purpose in words, and what it decides (a ROLLS key)
    die: NotRequired[int]
    purpose: NotRequired[str]
    roll: NotRequired[str]
    index: NotRequired[int]        # the Intruder Stowaway Index rolled against
    # who and where
    token: NotRequired[str]        # a counter, as the players know it (c3)
    at: NotRequired[str]           # a compartment id
    to: NotRequired[str]           # where a move ends
    crew: NotRequired[str | list[str]]  # a crewman's id (a departure: the ids aboard)
    kind: NotRequired[str]         # a counter's kind (reveal, inventory)
    item: NotRequired[str]
    room: NotRequired[str]
    cost: NotRequired[int]
    shuttle: NotRequired[str]
    # the Intruder and combat
    power: NotRequired[str]
    stage: NotRequired[int]
    weapon: NotRequired[str]
    effects: NotRequired[list[str]]
    # the sequence
    phase: NotRequired[str]
    turn: NotRequired[int]
    placed: NotRequired[list[list[str]]]
    box: NotRequired[int]
    held: NotRequired[bool]
    by_intruder: NotRequired[bool]  # crew_killed
    # game_over: the result (json_types.Result)
    outcome: NotRequired[str]
    score: NotRequired[int]
    reason: NotRequired[str]
    breakdown: NotRequired[list[dict[str, object]]]
    escaped_crew: NotRequired[int]
    winner: NotRequired[str | None]
    scores: NotRequired[dict[str, int]]


@dataclass(frozen=True, eq=False)
class EventType:
    """One event type: its data fields (name -> meaning) and its flags for the consumers."""

    type: str
    group: Group  # docs/api.md's grouping
    fields: Mapping[str, str] = field(default_factory=dict)
    chance: bool = False      # carries chance for the crew: a die, a counter turned over
    ends_undo: bool = False   # the page cannot take back the action behind it (session.py)
    log: LogCategory = ""     # the log's filter it falls under (web/py/logbook.py)
    headline: tuple[str, str] | None = None  # the banner's (style, title) (web/py/panels.py)
    quoted: bool = False      # quoted by the review when luck moved the chance (bots/review)
    rare: bool = False  # seldom met: tests/test_event_registry.py's games may miss it
    added: tuple[str, ...] = ()  # fields added by issue 27 (`legacy_event` strips them)
    words: str = ""  # the text, when it is always the same (emit says it when told no text)
    doc: str = ""


@dataclass(frozen=True, eq=False)
class RollType:
    """What one die decides: the `roll` key, the fields the event carries and the purpose's
    words ({crew_name} and {at_name} name the `crew` and `at` fields)."""

    key: str
    purpose: str
    fields: Mapping[str, str] = field(default_factory=dict)
    rare: bool = False  # seldom met: tests/test_event_registry.py's games may miss it


_CREW = {"crew": "the crewman"}
_CREW_TOKEN = {"crew": "the crewman", "token": "the counter"}
_CREW_ITEM = {"crew": "the crewman", "item": "the object"}
_AT = {"at": "the compartment"}
_TOKEN = {"token": "the counter"}

ROLL_TYPES: Final[tuple[RollType, ...]] = (
    RollType("random_movement", "random movement of {token} in {at_name}",
             {"token": "the counter", "at": "where it is"}),
    RollType("power_first", "power (first die)"),
    RollType("power_second", "power (second die)"),
    RollType("metamorphosis", "metamorphosis"),
    RollType("attacks", "whether the Intruder attacks"),
    RollType("target", "which crewman the Intruder attacks"),
    RollType("kill", "the Intruder's attack on {crew_name}", {"crew": "the crewman attacked"}),
    RollType("crew_attack", "{crew_name}'s {weapon} attack",
             {"crew": "the crewman", "weapon": "his weapon's kind (`blaster`, `improvised`)"}),
    RollType("cage", "{crew_name}'s attempt to cage the Intruder", _CREW),
    RollType("catch", "{crew_name}'s attempt to catch a Lab Animal", _CREW),
    RollType("prod", "{crew_name}'s prod", _CREW, rare=True),
    RollType("stowaway", "Intruder Stowaway Index {index}",
             {"index": "the Intruder Stowaway Index"}),
    RollType("stowaway_which", "which Intruder stows away"),
)

_ROLL = {"die": "the die", "purpose": "what it was for, in words",
         "roll": "what it decides (a roll key)", "...": "the roll key's fields"}
_HELD = {"held": "the marker stays in the Active box (the Self-Destruction Sequence Phase)"}

EVENT_TYPES: Final[tuple[EventType, ...]] = (
    # chance
    EventType("roll", "chance", _ROLL, chance=True, ends_undo=True, log="dice",
              doc="one die"),
    EventType("reroll", "chance", log="dice", rare=True),
    EventType("power_reroll", "chance", {"power": "the power already known"}, log="dice",
              added=("power",)),
    # sequence
    EventType("setup", "sequence", ends_undo=True),
    EventType("arrival", "sequence", log="moves",
              words="The crew arrives in three shuttles at the three airlocks"),
    EventType("phase", "sequence", {"phase": "the phase", "turn": "the turn"}),
    EventType("interaction", "sequence", _AT),
    EventType("panic", "sequence", words="PANIC! The crew falls back to the Command Module",
              headline=("panic", "Panic!"), quoted=True),
    EventType("placed", "sequence", {"placed": "[token, compartment] pairs"}, ends_undo=True,
              log="moves"),
    EventType("decision", "sequence", _TOKEN, doc="the Intruder player's attack or not"),
    EventType("game_over", "sequence", {"...": "the result"}, headline=("end", "Game over"),
              quoted=True),
    # counters
    EventType("move", "counters", {"token": "the counter", "to": "where",
                                   "crew": "or the crewman", "cost": "his movement points"},
              log="moves"),
    EventType("reveal", "counters", {"token": "the counter", "kind": "its kind",
                                     "at": "where"}, chance=True, ends_undo=True,
              headline=("reveal", "Counter revealed"), quoted=True),
    EventType("released", "counters", {"at": "the Cage's place", "token": "the Lab Animal"},
              rare=True),
    EventType("lost", "counters", headline=("lost", "Lost"), quoted=True),
    EventType("escaped", "counters", headline=("escape", "Escape"), quoted=True),
    EventType("found", "counters", {"crew": "the crewman", "token": "his counter",
                                    "at": "where"}),
    EventType("lost_crewman", "counters", _CREW),
    # the Intruder
    EventType("power", "intruder", {"power": "the power"}, quoted=True),
    EventType("clone", "intruder", words="A Clone is added to the Clones Not Yet in Play box",
              headline=("reveal", "A Clone"), quoted=True),
    EventType("metamorphosis", "intruder", {"stage": "the new Life Stage"},
              headline=("meta", "Metamorphosis"), quoted=True),
    EventType("attack_target", "intruder", _CREW_TOKEN, log="combat"),
    EventType("no_attack", "intruder", words="The Intruder does not attack", log="combat"),
    EventType("asleep", "intruder", words="The Intruder is asleep", log="combat", quoted=True),
    EventType("wake", "intruder", _AT, quoted=True, rare=True),
    EventType("break_out", "intruder", _AT, log="combat", quoted=True, rare=True),
    EventType("holds_on", "intruder", words="The Intruder grasps the edge and holds on",
              log="combat", rare=True),
    EventType("destroyed_object", "intruder", {"item": "the object"}),
    # combat
    EventType("attack", "combat", {"crew": "the crewman", "weapon": "the weapon",
                                   "effects": "the CRT's effects"}, log="combat", quoted=True),
    EventType("shaken", "combat", {"die": "the raised die (R5)"}, log="dice", quoted=True),
    EventType("immune", "combat", words="The Intruder is immune: no effect",
              log="combat", quoted=True),
    EventType("survived", "combat", _CREW, log="combat", quoted=True),
    EventType("crew_killed", "combat", {"crew": "the crewman", "at": "where",
                                        "by_intruder": "killed by the Intruder (else by the "
                                                       "vacuum, the cold, the station's end)"},
              log="combat", headline=("death", "Crewman killed"), quoted=True,
              added=("by_intruder",)),
    EventType("intruder_killed", "combat", _TOKEN, log="combat",
              headline=("win", "Intruder killed"), quoted=True),
    EventType("frozen", "combat", _TOKEN, log="combat", headline=("win", "Intruder frozen"),
              quoted=True, rare=True),
    # crew
    EventType("pick_up", "crew", _CREW_ITEM),
    EventType("drop", "crew", _CREW_ITEM),
    EventType("unlock", "crew", {"crew": "the crewman", "room": "the room"}),
    EventType("construct", "crew", _CREW_ITEM),
    EventType("constructed", "crew", {"item": "the object"}),
    EventType("forced", "crew", _CREW, log="combat", rare=True),
    EventType("control", "crew", _CREW_TOKEN, log="combat", quoted=True, rare=True),
    EventType("no_control", "crew", _CREW, log="combat", quoted=True, rare=True),
    EventType("control_lost", "crew", log="combat", quoted=True, rare=True),
    EventType("caged", "crew", _CREW_TOKEN, log="combat", headline=("win", "Intruder caged"),
              quoted=True, rare=True),
    EventType("cage_failed", "crew", words="The Intruder is not caged", log="combat", quoted=True),
    EventType("caught", "crew", _CREW_TOKEN, log="combat", quoted=True),
    EventType("not_caught", "crew", words="The Lab Animal gets away", log="combat", quoted=True),
    EventType("animal_caged", "crew", _CREW, rare=True),
    EventType("transferred", "crew", _CREW, rare=True),
    EventType("release", "crew", _CREW),
    EventType("let_go", "crew", _CREW, rare=True),
    EventType("airlock", "crew", _AT),
    EventType("freezer", "crew"),
    EventType("inventory", "crew", {"token": "the counter", "kind": "its kind"}),
    EventType("self_destruct", "crew", {"box": "the countdown's box", **_HELD},
              headline=("sd", "Self-Destruct"), added=("held",)),
    EventType("self_destruct_stopped", "crew", headline=("sd", "Self-Destruct stopped")),
    EventType("departure", "crew", {"shuttle": "the shuttle", "crew": "the ids aboard"},
              headline=("escape", "A shuttle leaves")),
    EventType("stowaway", "crew", {"shuttle": "the shuttle", "token": "the stowaway"},
              quoted=True),
    EventType("no_stowaway", "crew", words="No Intruder got aboard", rare=True),
    EventType("prepared", "crew", words="The crew puts on pressure suits and straps down"),
    EventType("hatches", "crew", rare=True),
    EventType("destroyed", "crew", words="The station is destroyed", quoted=True),
)

# --- the tables derived from the declarations ------------------------------------------------

TYPES: Final[dict[str, EventType]] = {t.type: t for t in EVENT_TYPES}
ROLLS: Final[dict[str, RollType]] = {r.key: r for r in ROLL_TYPES}
CHANCE: Final = frozenset(t.type for t in EVENT_TYPES if t.chance)        # bots/review.py
UNDO_BLOCKERS: Final = frozenset(t.type for t in EVENT_TYPES if t.ends_undo)  # session.py
QUOTED: Final = frozenset(t.type for t in EVENT_TYPES if t.quoted)        # bots/review.py
HEADLINES: Final[dict[str, tuple[str, str]]] = {                         # web/py/panels.py
    t.type: t.headline for t in EVENT_TYPES if t.headline is not None}
LOG_CATEGORY: Final[dict[str, str]] = {t.type: t.log for t in EVENT_TYPES if t.log}
ADDED: Final[dict[str, frozenset[str]]] = {t.type: frozenset(t.added)
                                           for t in EVENT_TYPES if t.added}
_ROLL_ADDED: Final = frozenset({"roll"} | {k for r in ROLL_TYPES for k in r.fields})

assert len(TYPES) == len(EVENT_TYPES) and len(ROLLS) == len(ROLL_TYPES), "declared twice"


def purpose(key: str, fields: Mapping[str, object], crew_name: str = "") -> str:
    """A roll's purpose in words, from its key's template: `crew_name` names the `crew`
    field (events.roll knows his name), the `at` field is named from the station."""
    text = ROLLS[key].purpose
    if "{" not in text:
        return text
    at = fields.get("at")
    return text.format(**fields, crew_name=crew_name,
                       at_name=NAMES[at] if isinstance(at, str) else "")


def legacy_event(d: Mapping[str, object]) -> dict[str, object]:
    """A log entry (Event.to_dict) without the keys issue 27 added: the data saved before it
    (a roll's key and fields, a type's `added` fields). The digests compare under it."""
    kind = d.get("type")
    drop = _ROLL_ADDED if kind == "roll" else ADDED.get(str(kind), frozenset())
    return {k: v for k, v in d.items() if k not in drop} if drop else dict(d)


def legacy_save(save: Mapping[str, object]) -> dict[str, object]:
    """A save's data (Game.to_dict) with every log entry as `legacy_event` gives it."""
    log = save.get("log")
    entries = log if isinstance(log, list) else []
    return {**save, "log": [legacy_event(e) for e in entries]}
