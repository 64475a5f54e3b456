"""Moved to `intruder_core.bots.intruder_ai`: this name stays only until web/py/main.py (being
split on another branch) imports the Intruder AI from its new home. Delete it then."""

from .bots.intruder_ai import choose

__all__ = ["choose"]
