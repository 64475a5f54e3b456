"""The printed names of the phases of a turn (Sequence of Play, Outline); flow.py plays them."""

from __future__ import annotations

from typing import Final

PHASE_NAMES: Final[dict[str, str]] = {
    "setup": "Set Up",
    "movement": "Intruder and Hidden Counter Movement Phase",
    "interaction1": "First Interaction Phase",
    "crew_movement": "Crew Movement Phase",
    "metamorphosis": "Intruder Metamorphosis Phase",
    "interaction2": "Second Interaction Phase",
    "self_destruct": "Self-Destruction Sequence Phase",
}
