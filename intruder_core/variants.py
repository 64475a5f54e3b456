"""Rule knobs for difficulty levels and variants (issue: balance lab).

"standard" is the rulebook plus rulings and changes nothing. Other levels are labelled
variants: they swap Life Stage Chart rows and set-up counts, and only through this module.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .charts import LIFE_STAGES, Stage

DIFFICULTIES: dict[str, dict[str, Any]] = {
    "standard": {},
}


def chart(options: dict[str, Any] | None) -> dict[int, Stage]:
    """The Life Stage Chart for a game's options (the rulebook's unless a level changes it)."""
    level = DIFFICULTIES.get(str((options or {}).get("difficulty", "standard")))
    if level is None:
        raise ValueError(f"unknown difficulty {(options or {}).get('difficulty')!r}; "
                         f"choose one of {sorted(DIFFICULTIES)}")
    rows = dict(LIFE_STAGES)
    for stage, changes in level.get("stages", {}).items():
        rows[int(stage)] = replace(rows[int(stage)], **changes)
    return rows


def setting(options: dict[str, Any] | None, key: str, default: Any) -> Any:
    """A set-up knob of the game's difficulty level (e.g. "not_used": counters set aside)."""
    level = DIFFICULTIES.get(str((options or {}).get("difficulty", "standard")), {})
    return level.get(key, default)
