"""The game's only source of chance: a seeded, serializable die stream with optional script.

Each draw n of seed s is taken from sha256(f"{s}:{n}"), so the stream is identical on CPython
and Pyodide and its whole state is two integers (plus any scripted rolls not yet used).
"""

from __future__ import annotations

from collections.abc import Iterable
from hashlib import sha256
from struct import Struct
from typing import TypeVar

T = TypeVar("T")
_FIRST_8 = Struct(">Q").unpack_from  # a digest's first 8 bytes, big-endian: one call


class DiceExhausted(RuntimeError):
    """Raised in strict mode when a scripted test needs more dice than it scripted."""


class Dice:
    """Rolls d6 from the script first, then from the seeded stream."""

    def __init__(self, seed: int, script: Iterable[int] = (), draws: int = 0,
                 strict: bool = False) -> None:
        self.seed = int(seed)
        self.script = [int(d) for d in script]
        for d in self.script:
            if not 1 <= d <= 6:
                raise ValueError(f"scripted die {d} is not 1-6")
        self.draws = draws
        self.strict = strict
        self._prefix = b"%d:" % self.seed  # every draw hashes f"{seed}:{draws}"

    def _draw(self) -> int:
        digest = sha256(self._prefix + b"%d" % self.draws).digest()  # f"{seed}:{draws}"
        self.draws += 1
        return int.from_bytes(digest[:8])  # big-endian

    def d6(self) -> int:
        """One six-sided die."""
        if self.script:
            return self.script.pop(0)
        if self.strict:
            raise DiceExhausted("the scripted dice ran out")
        # `_draw`, written out: one call less on every die
        first8: int = _FIRST_8(sha256(self._prefix + b"%d" % self.draws).digest())[0]
        self.draws += 1
        return first8 % 6 + 1  # the same as int.from_bytes(digest[:8]) % 6 + 1

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place (Fisher-Yates); never consumes scripted dice."""
        for i in range(len(items) - 1, 0, -1):
            j = self._draw() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def to_dict(self) -> dict[str, object]:
        return {"seed": self.seed, "draws": self.draws, "script": list(self.script),
                "strict": self.strict}

    @classmethod
    def from_dict(cls, d: object) -> Dice:
        """The dice of a save (to_dict's data), read by trying: a bad one raises."""
        if not isinstance(d, dict):
            raise TypeError("the dice must be an object")
        return cls(int(d["seed"]), d.get("script", ()), int(d.get("draws", 0)),
                   bool(d.get("strict", False)))
