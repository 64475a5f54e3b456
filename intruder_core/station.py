"""The station plan from the mapsheet: compartments, passageways and random-movement numbers.

Data only (mapsheet.md); rule code reads it and never hard-codes a compartment.
"""

from __future__ import annotations

from typing import Final

# id -> (name, kind); order is the "station order" used wherever the rules let the player
# choose an order and a default is needed (ruling R2).
COMPARTMENTS: Final[dict[str, tuple[str, str]]] = {
    "command": ("Command Module", "hub"),
    "arms": ("Arms Room", "secured"),
    "freezer": ("Freezer", "secured"),
    "computer": ("Computer Room", "secured"),
    "a1": ("Corridor A-1", "corridor"),
    "a2": ("Corridor A-2", "corridor"),
    "b1": ("Corridor B-1", "corridor"),
    "b2": ("Corridor B-2", "corridor"),
    "c1": ("Corridor C-1", "corridor"),
    "c2": ("Corridor C-2", "corridor"),
    "mess": ("Crew's Mess", "working"),
    "living": ("Living Quarters", "working"),
    "lab": ("Laboratory", "working"),
    "infirmary": ("Infirmary", "working"),
    "power": ("Power", "working"),
    "maintenance": ("Maintenance", "working"),
    "store_a1": ("Storage A-1", "storage"),
    "store_a2": ("Storage A-2", "storage"),
    "store_b1": ("Storage B-1", "storage"),
    "store_b2": ("Storage B-2", "storage"),
    "store_c1": ("Storage C-1", "storage"),
    "store_c2": ("Storage C-2", "storage"),
    "shaft1": ("Access Shaft #1", "shaft"),
    "shaft2": ("Access Shaft #2", "shaft"),
    "shaft3": ("Access Shaft #3", "shaft"),
    "airlock": ("Main Airlock", "airlock"),
    "dock1": ("Shuttle Dock #1", "airlock"),
    "dock2": ("Shuttle Dock #2", "airlock"),
}

ORDER: Final[dict[str, int]] = {c: i for i, c in enumerate(COMPARTMENTS)}

ADJACENT: Final[dict[str, tuple[str, ...]]] = {
    "command": ("a1", "b1", "c1", "arms", "freezer", "computer"),
    "arms": ("command",),
    "freezer": ("command",),
    "computer": ("command",),
    "a1": ("command", "a2", "mess", "store_a1"),
    "a2": ("a1", "living", "store_a2", "airlock"),
    "b1": ("command", "b2", "lab", "store_b1"),
    "b2": ("b1", "infirmary", "store_b2", "dock1"),
    "c1": ("command", "c2", "power", "store_c1"),
    "c2": ("c1", "maintenance", "store_c2", "dock2"),
    "mess": ("a1", "living", "shaft2"),
    "living": ("a2", "mess", "shaft2"),
    "lab": ("b1", "infirmary", "shaft3"),
    "infirmary": ("b2", "lab", "shaft3"),
    "power": ("c1", "maintenance", "shaft1"),
    "maintenance": ("c2", "power", "shaft1"),
    "store_a1": ("a1", "shaft1"),
    "store_a2": ("a2", "shaft1"),
    "store_b1": ("b1", "shaft2"),
    "store_b2": ("b2", "shaft2"),
    "store_c1": ("c1", "shaft3"),
    "store_c2": ("c2", "shaft3"),
    "shaft1": ("power", "maintenance", "store_a1", "store_a2"),
    "shaft2": ("mess", "living", "store_b1", "store_b2"),
    "shaft3": ("lab", "infirmary", "store_c1", "store_c2"),
    "airlock": ("a2",),
    "dock1": ("b2",),
    "dock2": ("c2",),
}

# The blue random-movement numbers: die 1..6 -> destination, None = stays. Secured rooms have
# none: random movement never enters or leaves them (mapsheet; ruling R12).
MOVEMENT: Final[dict[str, tuple[str | None, ...]]] = {
    "command": ("a1", "b1", "c1", None, None, None),
    "a1": ("command", "a2", "mess", "store_a1", None, None),
    "b1": ("command", "b2", "lab", "store_b1", None, None),
    "c1": ("command", "c2", "power", "store_c1", None, None),
    "a2": ("a1", "living", "store_a2", "airlock", None, None),
    "b2": ("b1", "infirmary", "store_b2", "dock1", None, None),
    "c2": ("c1", "maintenance", "store_c2", "dock2", None, None),
    "mess": ("a1", "shaft2", "shaft2", "living", None, None),
    "living": ("a2", "shaft2", "shaft2", "mess", None, None),
    "lab": ("b1", "shaft3", "shaft3", "infirmary", None, None),
    "infirmary": ("b2", "shaft3", "shaft3", "lab", None, None),
    "power": ("c1", "shaft1", "shaft1", "maintenance", None, None),
    "maintenance": ("c2", "shaft1", "shaft1", "power", None, None),
    "store_a1": ("a1", "a1", "shaft1", None, None, None),
    "store_a2": ("a2", "a2", "shaft1", None, None, None),
    "store_b1": ("b1", "b1", "shaft2", None, None, None),
    "store_b2": ("b2", "b2", "shaft2", None, None, None),
    "store_c1": ("c1", "c1", "shaft3", None, None, None),
    "store_c2": ("c2", "c2", "shaft3", None, None, None),
    "shaft1": ("power", "maintenance", "store_a1", "store_a2", None, None),
    "shaft2": ("mess", "living", "store_b1", "store_b2", None, None),
    "shaft3": ("lab", "infirmary", "store_c1", "store_c2", None, None),
    "airlock": ("a2", "a2", "a2", None, None, None),
    "dock1": ("b2", "b2", "b2", None, None, None),
    "dock2": ("c2", "c2", "c2", None, None, None),
}

SECURED: Final[frozenset[str]] = frozenset(
    c for c, (_, k) in COMPARTMENTS.items() if k == "secured")
SHAFTS: Final[frozenset[str]] = frozenset(c for c, (_, k) in COMPARTMENTS.items() if k == "shaft")

# Airlock compartment -> the corridor it is opened from (ruling R15).
AIRLOCK_CONTROL: Final[dict[str, str]] = {"airlock": "a2", "dock1": "b2", "dock2": "c2"}
# Shuttle -> the dock it leaves from.
SHUTTLE_DOCK: Final[dict[str, str]] = {
    "shuttle1": "dock1", "shuttle2": "dock2",
    "shuttle3": "airlock",  # Return to Prometheus: the third arrival shuttle
}

# Panic placement order (Effects of Panic): shafts, then storage by A-1, B-1, C-1, A-2, B-2, C-2.
PANIC_ORDER: Final[tuple[str, ...]] = (
    "shaft1", "shaft2", "shaft3",
    "store_a1", "store_b1", "store_c1", "store_a2", "store_b2", "store_c2",
)

# Solitaire set-up (The Solitaire Game, Set Up).
SETUP_HIDDEN: Final[tuple[str, ...]] = PANIC_ORDER
SETUP_CREW: Final[dict[str, tuple[str, str, str]]] = {
    "command": ("command", "mess", "living"),
    "science": ("lab", "infirmary", "mess"),
    "engineer": ("power", "maintenance", "living"),
}
ARMS_ROOM_SETUP: Final[tuple[str, ...]] = ("blaster", "gas", "dart")
CAGES_AT: Final[str] = "lab"  # official errata to the set-up (mapsheet)
CONSTRUCTION_AT: Final[str] = "maintenance"
PERMANENT_CAGES_AT: Final[str] = "lab"
FREEZER_SWITCH_AT: Final[str] = "command"  # ruling R13
SELF_DESTRUCT_AT: Final[str] = "command"  # ruling R17
INVENTORY_AT: Final[str] = "computer"  # ruling R16


# The printed names of the compartments and shuttles.
NAMES: Final[dict[str, str]] = {
    **{c: printed for c, (printed, _) in COMPARTMENTS.items()},
    "shuttle1": "Shuttle #1", "shuttle2": "Shuttle #2", "shuttle3": "Shuttle #3"}


def name(compartment: str) -> str:
    """The printed name of a compartment or shuttle (else the id as it is)."""
    return NAMES.get(compartment, compartment)


def entry_cost(compartment: str) -> int:
    """Movement points to enter a compartment (Crew Movement: shafts cost 2)."""
    return 2 if compartment in SHAFTS else 1
