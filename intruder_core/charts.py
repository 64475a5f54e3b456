"""The mapsheet's charts: Intruder Life Stage Chart, Intruder Powers Chart, Combat Results Table.

Data only (mapsheet.md and the rulebook's printed tables).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Stage:
    """One row of the Intruder Life Stage Chart."""

    powers: int
    metamorphosis: frozenset[int]
    attack: frozenset[int]
    clones: int
    control: frozenset[int]
    humans_may_kill: bool
    kill: frozenset[int]


def _r(lo: int, hi: int) -> frozenset[int]:
    return frozenset(range(lo, hi + 1))


_NEVER: Final = frozenset[int]()

LIFE_STAGES: Final[dict[int, Stage]] = {
    1: Stage(2, _r(1, 2), _r(1, 3), 1, _r(1, 5), False, _r(1, 3)),
    2: Stage(3, _r(1, 2), _r(1, 3), 1, _r(1, 4), False, _r(1, 3)),
    3: Stage(4, _r(1, 1), _r(1, 3), 2, _r(1, 3), True, _r(1, 4)),
    4: Stage(5, _r(1, 1), _r(1, 4), 3, _r(1, 2), True, _r(1, 4)),
    5: Stage(6, _r(1, 1), _r(1, 4), 4, _r(1, 1), True, _r(1, 5)),
    6: Stage(7, _NEVER, _r(1, 5), 5, _NEVER, True, _r(1, 5)),
}
LAST_STAGE: Final = 6

# Intruder Powers Chart: 2d6 -> power id. Names and effects in POWER_NAMES.
POWERS: Final[dict[int, str]] = {
    2: "immune_shock",
    3: "fast_reflexes",
    4: "immune_vacuum",
    5: "immune_cold",
    6: "very_fast",
    7: "clone",
    8: "extra_strong",
    9: "immune_flame",
    10: "immune_gas",
    11: "immune_sleep",
    12: "blaster_resistant",
}
POWER_NAMES: Final[dict[str, str]] = {
    "immune_shock": "Immune to Shock",
    "fast_reflexes": "Fast Reflexes",
    "immune_vacuum": "Immune to Vacuum",
    "immune_cold": "Immune to Cold",
    "very_fast": "Very Fast",
    "clone": "Clone",
    "extra_strong": "Extra Strong",
    "immune_flame": "Immune to Flame",
    "immune_gas": "Immune to Gas",
    "immune_sleep": "Immune to Sleep Darts",
    "blaster_resistant": "Blaster Resistant",
}
# What each power does, in a player's words (Intruder Powers Chart; the moments' one home).
POWER_EFFECTS: Final[dict[str, str]] = {
    "immune_shock": "Electric Prods do nothing to it and it cannot be controlled",
    "fast_reflexes": "thrown out of an airlock, it holds on and climbs back in",
    "immune_vacuum": "an open airlock cannot kill it: it survives outside the station",
    "immune_cold": "the Freezer cannot freeze it (it is only held there as if caged)",
    "very_fast": "it and every face-down counter move two compartments a turn",
    "clone": "more Intruders join the game (the Life Stage Chart says how many)",
    "extra_strong": "it breaks out of any Cage",
    "immune_flame": "Flamethrowers do nothing to it",
    "immune_gas": "Gas Canisters do nothing to it",
    "immune_sleep": "Sleep Darts do nothing to it",
    "blaster_resistant": "Blasters are read on the Blaster* column: much harder to kill",
}

# Combat Results Table (CREW vs. INTRUDER): column -> die -> (crew action result, self defense
# result). Each result is a tuple of effects: "K" killed, "S" asleep, "IR" retreats, "CK" the
# crewman under attack killed; () is No Effect.
Result = tuple[str, ...]
_ = ()
CRT: Final[dict[str, dict[int, tuple[Result, Result]]]] = {
    "dart": {1: (("S",), ("S",)), 2: (("S",), ("S",)), 3: (("S",), _), 4: (_, _), 5: (_, _),
             6: (_, ("CK",))},
    "blaster": {1: (("K",), ("K",)), 2: (("K",), ("IR",)), 3: (("K",), _), 4: (_, _), 5: (_, _),
                6: (_, ("CK",))},
    "blaster_resistant": {1: (("K",), ("IR",)), 2: (("K",), _), 3: (_, _), 4: (_, _),
                          5: (_, _), 6: (_, ("CK",))},
    "gas": {1: (("K",), ("K", "CK")), 2: (("K",), ("IR",)), 3: (("K",), _), 4: (_, _),
            5: (_, _), 6: (_, _)},
    "improvised": {1: (("K",), ("IR",)), 2: (_, _), 3: (_, _), 4: (_, _), 5: (_, _),
                   6: (_, _)},
    "flamethrower": {1: (("K",), ("K", "CK")), 2: (("K",), ("IR",)), 3: (("K",), ("IR",)),
                     4: (_, ("IR",)), 5: (_, ("CK",)), 6: (_, ("CK",))},
}

# Objects (Crew Movement): kind -> (name, size, how many).
OBJECTS: Final[dict[str, tuple[str, str, int]]] = {
    "blaster": ("Blaster", "small", 3),
    "dart": ("Sleep Dart Pistol", "small", 3),
    "gas": ("Gas Canister", "small", 3),
    "prod": ("Electric Prod", "small", 3),
    "flamethrower": ("Flamethrower", "large", 3),
    "cage": ("Cage", "large", 4),
}
WEAPONS: Final[tuple[str, ...]] = ("dart", "blaster", "gas", "flamethrower")
# Weapon -> the power that makes it useless (Restrictions and Modifications to Combat).
IMMUNITY: Final[dict[str, str]] = {
    "dart": "immune_sleep",
    "gas": "immune_gas",
    "flamethrower": "immune_flame",
    "prod": "immune_shock",
}
# Weapons whose column has a K result (rulings R6, R7).
LETHAL: Final[frozenset[str]] = frozenset({"blaster", "gas", "flamethrower", "improvised"})


def may_kill(role: str) -> bool:
    """Ruling R6: a crewman of this role may fire a LETHAL weapon (a Science Officer never
    does, not even in Self Defense). The engine's check and the bots both ask here."""
    return role != "science"


def may_fire(role: str, weapon: str) -> bool:
    """A crewman of this role may fire this weapon at all (ruling R6)."""
    return weapon not in LETHAL or may_kill(role)


# Engineering Weapons Construction track: turns of one Engineer's work (Construct Weapons).
CONSTRUCTION_TURNS: Final[dict[str, int]] = {"prod": 2, "flamethrower": 3}

ROLES: Final[dict[str, str]] = {
    "command": "Command Officer",
    "science": "Science Officer",
    "engineer": "Engineer",
}

# Caged Intruder carriers by stage (Capturing the Intruder; ruling R14).
CAGE_CARRIERS: Final[dict[int, int]] = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}

# Self-Destruct track (mapsheet): None = not active; "active" then 8 .. 0.
SELF_DESTRUCT_STOPPABLE: Final[frozenset[int]] = frozenset({9, 8, 7, 6, 5})  # 9 = Active box
SHUTTLE_MAY_LEAVE: Final[int] = 4  # marker in 4 or lower (Escape via Shuttle)
SHUTTLE_CAPACITY: Final[int] = 4

# How to Win.
POINTS: Final[dict[str, int]] = {"crew_dead": -5, "intruder_killed": 7, "intruder_captured": 15}
DRAW_SURVIVORS: Final[int] = 3


def crt_column(weapon: str, known: Iterable[str]) -> str:
    """The CRT column a weapon is read on: Blaster* against a Blaster Resistant Intruder
    (Intruder Powers Chart 12), else the weapon's own."""
    return "blaster_resistant" if weapon == "blaster" and "blaster_resistant" in known \
        else weapon


def can_carry(kinds: Iterable[str]) -> bool:
    """One large and one small object, or three small ones (Crew Movement)."""
    large = small = 0
    for kind in kinds:
        if OBJECTS[kind][1] == "large":
            large += 1
        else:
            small += 1
    return (large <= 1 and small <= 1) or (large == 0 and small <= 3)


def is_large(kind: str) -> bool:
    """A large object (Cage, Flamethrower): it rules out improvised weapons and catching."""
    return OBJECTS[kind][1] == "large"
