"""Intruder (1980) rules engine: a pure-Python, deterministic model of the solitaire game."""

__version__ = "0.1.0"
