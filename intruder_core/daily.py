"""The game of the day (issue 30, ruling R69): one standard solitaire set-up per UTC date, the
same for every player, worked out offline from the date alone; which game is a date's daily;
and the daily streak and the window of the last days that Your games shows.

Standard library only, like the rest of the engine. The page (web/py) marks a game as a
daily when its control starts it and keeps that mark with the autosave and in the history's
entry (codec's optional `daily` field), which codec checks against this module: a daily's
record begins exactly as `origin(day)`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Collection
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from .codec import MAX_YEAR, MIN_YEAR  # the years a history entry's dates may have

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .game import Game

PREFIX = "intruder-daily:"  # what the seed's digest is taken of, before the ISO date
SEED_BITS = 31              # seeds 0 to 2**31 - 1: the page's seed range
DAYS = 30                   # the days Your games shows


def seed(day: date) -> int:
    """The seed of `day`'s game: the first 31 bits of sha256("intruder-daily:YYYY-MM-DD")
    (a stable digest, never Python's salted hash())."""
    digest = hashlib.sha256(f"{PREFIX}{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> (32 - SEED_BITS)


def origin(day: date) -> dict[str, Any]:
    """How `day`'s game begins, as its record's origin says: the solitaire scenario, no
    option, the standard difficulty, no scripted dice. No setting of the player changes it."""
    return {"seed": seed(day), "dice": [], "scenario": "solitaire", "options": {}}


def new_game(day: date) -> Game:
    """`day`'s game, set up."""
    from .game import new_game as make

    return make(seed=seed(day))


def is_daily(began: Mapping[str, Any], day: date) -> bool:
    """Whether a record's origin is `day`'s set-up."""
    return dict(began) == origin(day)


def parse(text: object) -> date | None:
    """The date of a "YYYY-MM-DD" text within the years a history entry may have, else None."""
    if not isinstance(text, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return None
    return day if MIN_YEAR <= day.year <= MAX_YEAR else None


def today(clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> date:
    """The UTC date now (`clock` injectable: the tests'); a clock without a zone is UTC."""
    now = clock()
    return (now.astimezone(UTC) if now.tzinfo is not None else now).date()


def streak(days: Collection[date], now: date) -> int:
    """How many dates in a row up to `now`, or up to the day before (today's game may still be
    ahead), have a finished daily."""
    end = now if now in days else now - timedelta(days=1)
    count = 0
    while end - timedelta(days=count) in days:
        count += 1
    return count


def window(now: date, size: int = DAYS) -> list[date]:
    """The last `size` dates up to `now`, the oldest first."""
    return [now - timedelta(days=n) for n in range(size - 1, -1, -1)]
