"""Your games: every finished game kept in the browser (IndexedDB, through history-db.mjs),
the counts of the helps used in the game being played, the history's figures (wins by
difficulty, best score, current streak), merging an imported file without duplicates, and
the HTML of the Your games page (history.html, entry: pages/history/main.py).

Pure Python with the IndexedDB backend injected (the page passes history-db.mjs's functions,
the tests an object with the same async methods), so it is tested on CPython
(tests/test_history.py). An entry's shape and the export file are intruder_core.codec's.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from collections.abc import Awaitable, Callable, Coroutine, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from html import escape
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from core import panels, session, storage
from intruder_core import codec, daily
from intruder_core.codec import HISTORY_USES, HistoryGame
from intruder_core.errors import CorruptSave
from intruder_core.variants import DIFFICULTIES

if TYPE_CHECKING:
    from intruder_core import Game

_T = TypeVar("_T")
USE_NAMES = {"suggest": "Suggest", "odds": "Odds", "undo": "Undo"}
NOT_KEPT = "Your games are not being kept: {why}. The game still plays as usual."
NO_STORE = "this browser has no IndexedDB"  # why, when there is no store at all
EXPORT_NAME = "intruder-games.json"
ASIDE_NAME = "intruder-games-set-aside.json"  # the stored records that could not be read
ASIDE = "intruder-games-set-aside"             # that file's format key
PAGE_SIZE = 50  # games a page of the list shows (a thousand at once froze the page)
SLICE_S = 0.01  # reading the store: the page may draw after this long (pause): a slice
#                 of 10 ms leaves room for the 3-5x a loaded two-core machine stretches it
CHECKED = "history-checked"  # beside the autosave: digests of stored texts that replayed whole
MAX_CHECKED = 5000           # digests remembered (more than the games a store keeps)


class Backend(Protocol):
    """What History needs of IndexedDB (history-db.mjs): async, JSON text across."""

    def all(self) -> Awaitable[Any]: ...  # JSON rows [key, text or null, why, digest], or
    #                                         a JS array of such JSON texts (history-db.mjs)
    def add(self, key: str, text: str) -> Awaitable[Any]: ...  # true: added; false: there
    def add_many(self, pairs: str) -> Awaitable[Any]: ...  # JSON pairs; the count added
    def count(self) -> Awaitable[Any]: ...  # how many records are stored (none is read)


def key(entry: Mapping[str, Any]) -> str:
    """An entry's key in the store: its record's digest (the same game is kept once)."""
    return hashlib.sha256(str(entry["game"]).encode()).hexdigest()[:32]


def when(entry: Mapping[str, Any]) -> datetime:
    """An entry's date, as an aware datetime (a date without a zone is UTC)."""
    at = datetime.fromisoformat(str(entry["date"]))
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def now() -> str:
    """The date an entry keeps: UTC, to the second, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def newest_first(entries: Iterable[HistoryGame]) -> list[HistoryGame]:
    """The entries by date, the latest first (ties: by game code, so the order is fixed;
    not by key, whose digest of each code costs too much over a thousand games)."""
    return sorted(entries, key=lambda e: (when(e), e["game"]), reverse=True)


def merge(kept: Sequence[HistoryGame], incoming: Iterable[HistoryGame]
          ) -> tuple[list[HistoryGame], list[HistoryGame]]:
    """(every game, the incoming ones that were new): a game already kept, or twice in the
    file, is kept once (the first copy stays)."""
    seen = {key(e) for e in kept}
    new: list[HistoryGame] = []
    for entry in incoming:
        if key(entry) not in seen:
            seen.add(key(entry))
            new.append(entry)
    return [*kept, *new], new


@dataclass(frozen=True)
class Stats:
    """The history's figures."""

    games: int
    wins: dict[str, tuple[int, int]]  # difficulty -> (wins, games), easiest first
    best: int | None                  # the best score, None without games
    streak: int                       # wins in a row up to the latest game


def stats(entries: Iterable[HistoryGame]) -> Stats:
    """Wins by difficulty, the best score and the current winning streak."""
    ordered = newest_first(entries)
    wins: dict[str, list[int]] = {}
    for e in ordered:
        row = wins.setdefault(e["difficulty"], [0, 0])
        row[0] += e["outcome"] == "win"
        row[1] += 1
    streak = 0
    for e in ordered:
        if e["outcome"] != "win":
            break
        streak += 1
    order = [*DIFFICULTIES, "standard"]  # the engine's order, easiest first
    levels = sorted(wins, key=lambda d: (order.index(d) if d in order else len(order), d))
    return Stats(len(ordered), {d: (wins[d][0], wins[d][1]) for d in levels},
                 max((e["score"] for e in ordered), default=None), streak)


# --- the helps used in the game being played --------------------------------------------


def game_id(game: Game) -> str:
    """Which game a count belongs to: the digest of how it began."""
    text = json.dumps(game.record()["origin"], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def load_used(text: str | None, game: Game) -> dict[str, int]:
    """The stored counts if they are this game's, else zeros (a damaged entry too)."""
    zeros = dict.fromkeys(HISTORY_USES, 0)
    try:
        data = json.loads(text or "{}")
    except ValueError:
        return zeros
    if not isinstance(data, dict) or data.get("game") != game_id(game):
        return zeros
    used = data.get("used")
    if not isinstance(used, dict):
        return zeros
    return {name: v if isinstance(v := used.get(name), int) and not isinstance(v, bool)
            and 0 <= v <= codec.MAX_USES else 0 for name in HISTORY_USES}


def dump_used(game: Game, used: Mapping[str, int]) -> str:
    """The counts as the autosave keeps them (key "used"), tied to their game."""
    return json.dumps({"game": game_id(game), "used": dict(used)}, sort_keys=True)


# --- the game of the day (intruder_core.daily; ruling R69) -------------------------------
#
# Beside the autosave: DAILY {"game": game_id, "daily": "YYYY-MM-DD"}, the autosaved game is
# that date's game of the day (only the control writes it: a game of that seed typed in is
# not); DAILY_LEFT {"daily", "save"}, a daily in play that another game replaced (the
# control resumes it); DAILY_DONE, the entry of the last daily finished (its date's result:
# the control offers its review, never another try).
DAILY, DAILY_LEFT, DAILY_DONE = "daily", "daily-left", "daily-done"


def load_daily(text: str | None, game: Game) -> str:
    """The date of the game of the day the stored note says `game` is, else "" (a note of
    another game, a damaged one, or a game that does not begin as that date's)."""
    try:
        data = json.loads(text or "{}")
    except ValueError:
        return ""
    if not isinstance(data, dict) or data.get("game") != game_id(game):
        return ""
    day = daily.parse(data.get("daily"))
    return day.isoformat() if day and daily.is_daily(game.record()["origin"], day) else ""


def read_done(text: str | None, day: str) -> HistoryGame | None:
    """The stored entry of the daily of `day` finished here (DAILY_DONE), else None."""
    try:
        entry = codec.check_history_fields(json.loads(text or "null"))
    except (ValueError, CorruptSave):
        return None
    return entry if entry.get("daily") == day else None


def read_left(text: str | None, day: str) -> str | None:
    """The save of the daily of `day` left in play (DAILY_LEFT), else None."""
    try:
        data = json.loads(text or "{}")
    except ValueError:
        return None
    save = data.get("save") if isinstance(data, dict) and data.get("daily") == day else None
    return save if isinstance(save, str) else None


def first_dailies(entries: Iterable[HistoryGame]) -> dict[str, HistoryGame]:
    """Each date's game of the day that was finished first (only it counts), by date."""
    firsts: dict[str, HistoryGame] = {}
    for entry in sorted(entries, key=lambda e: (when(e), e["game"])):
        if "daily" in entry:
            firsts.setdefault(entry["daily"], entry)
    return firsts


def day_name(day: date) -> str:
    """"4 Dec" (English whatever the browser's locale)."""
    return f"{day.day} {MONTHS[day.month - 1]}"


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
OUTCOME_MARKS = {"win": "W", "loss": "L", "draw": "D"}


def result_words(entry: Mapping[str, Any]) -> str:
    """"won, 31 points"."""
    outcome = str(entry["outcome"])
    return f"{panels.OUTCOME_PAST.get(outcome, outcome)}, {entry['score']} points"


def daily_html(entries: Iterable[HistoryGame], now: date) -> str:
    """Your games' game of the day: the streak and the last daily.DAYS dates, one cell each
    with its first finished daily's outcome (or none)."""
    firsts = first_dailies(entries)
    run = daily.streak({d for d in (daily.parse(k) for k in firsts) if d}, now)
    cells = []
    for day in daily.window(now):
        entry = firsts.get(day.isoformat())
        outcome = str(entry["outcome"]) if entry else "none"
        name = f"{day_name(day)}: " + (result_words(entry) if entry else "no game")
        cells.append(f'<li data-date="{day.isoformat()}" data-outcome="{escape(outcome)}">'
                     f'<span role="img" aria-label="{escape(name)}" title="{escape(name)}">'
                     f'<b>{day.day}</b>{OUTCOME_MARKS.get(outcome, "·")}</span></li>')
    return (f'<p class="daily-streak">Daily streak: <strong id="daily-streak">{run}</strong> '
            f'day{"" if run == 1 else "s"} in a row</p><ol class="daily-days" '
            f'aria-label="The last {daily.DAYS} days">{"".join(cells)}</ol>')


def card_text(day: str, view: Mapping[str, Any], used: Mapping[str, int]) -> str:
    """A finished game of the day's result card, to copy: the date, the outcome, the turns,
    the crewmen lost, the score and the helps used. Nothing hidden: only what the crew's
    view of the finished game shows (no counter, no seed)."""
    result = view.get("result") or {}
    outcome = str(result.get("outcome", ""))
    crew = view.get("crew") or []
    dead = sum(1 for c in crew if c.get("status") == "dead")
    helps = ", ".join(f"{USE_NAMES[u]} {int(used.get(u, 0))}" for u in HISTORY_USES)
    return (f"Intruder, game of the day {day}\n"
            f"{panels.OUTCOMES.get(outcome, outcome)} in {view.get('turn')} turns\n"
            f"Crewmen lost: {dead} of {len(crew)}\nScore: {result.get('score', 0)}\n"
            f"Helps used: {helps}")


@dataclass(frozen=True)
class DailyControl:
    """What the game page's "Game of the day" control says and does today."""

    label: str
    href: str = ""          # today's daily is finished: its review
    disabled: bool = False  # today's daily is the game in play


def daily_control(day: str, done: str | None, left: str | None, playing: bool
                  ) -> DailyControl:
    """The control for date `day`, from the stored notes (DAILY_DONE, DAILY_LEFT) and whether
    the game in play is that daily, unfinished."""
    entry = read_done(done, day)
    if entry is not None:
        return DailyControl(f"Today's game: {panels.OUTCOME_PAST.get(entry['outcome'], '')}"
                            f", {entry['score']}", replay_url(entry, review=True))
    if playing:
        return DailyControl("Game of the day: in play", disabled=True)
    return DailyControl("Game of the day: resume" if read_left(left, day) else
                        "Game of the day")


# --- the store --------------------------------------------------------------------------


@dataclass
class Imported:
    """What an import did: the games added and what to tell the player."""

    added: int
    message: str
    ok: bool


def digest(text: str) -> str:
    """A stored text's digest: what the cache of checked records remembers."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def stored_text(entry: HistoryGame) -> str:
    """An entry as the store keeps it (JSON text)."""
    return json.dumps(entry, separators=(",", ":"))


@dataclass(frozen=True)
class Aside:
    """A stored record that could not be read: kept in the store as it is, left out of the
    list and the figures, offered for export (ASIDE_NAME)."""

    key: str
    text: str | None  # None: the store's value was not text (history-db.mjs says what)
    why: str


def aside_message(count: int) -> str:
    """What Your games says of the records set aside."""
    if count == 1:
        return "1 game could not be read and is kept aside (export it below to look at it)."
    return f"{count} games could not be read and are kept aside (export them below to look " \
        "at them)."


def aside_text(aside: Iterable[Aside]) -> str:
    """The file of the records set aside, as they are stored, with why each was refused."""
    rows = [{"key": a.key, "text": a.text, "why": a.why} for a in aside]
    return json.dumps({ASIDE: 1, "games": rows}, indent=1) + "\n"


def read_stored_steps(row: object, n: int, checked: set[str]
                      ) -> Generator[int, None, tuple[HistoryGame, str, bool]]:
    """A row of the store ([key, text, why, digest]; the digest may be "", the last two left
    out) as (entry, its text's digest, replayed now): replayed through the engine's checked
    loader one action a step (codec.check_history_steps: History.load lets the page draw
    within a long game's replay) unless its exact text replayed whole before (`checked`);
    CorruptSave saying why not."""
    if not isinstance(row, list) or not 2 <= len(row) <= 4:
        raise CorruptSave("the store's row is not [key, text, why, digest]")
    text, why = row[1], row[2] if len(row) >= 3 else ""
    given = row[3] if len(row) == 4 and isinstance(row[3], str) else ""
    if why:
        raise CorruptSave(str(why)[:200])
    if not isinstance(text, str):
        raise CorruptSave("the stored value is not text")
    from intruder_core import saves

    # Not saves.parse_json: its scan of every string costs ~5 ms a record (a long share
    # code), too much for a thousand; the entry's shape is checked next, its code when it is
    # replayed (by parse_json then), and a nesting too deep is a RecursionError, set aside.
    if len(text) > saves.MAX_TEXT:
        raise CorruptSave(f"the stored game is too large ({len(text):,} characters)")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise CorruptSave("the stored game is not valid JSON") from None
    sign = given if re.fullmatch(r"[0-9a-f]{32}", given) else digest(text)
    if sign in checked:
        return codec.check_history_fields(data, n), sign, False
    return (yield from codec.check_history_steps(data, n)), sign, True


@dataclass
class Slices:
    """Work cut into slices of SLICE_S: `pause` (the page's: it may draw) once a slice is
    spent; without one (CPython, the tests), none."""

    pause: Callable[[], Awaitable[None]] | None
    began: float = field(default_factory=time.perf_counter)

    async def tick(self, now: bool = False) -> None:
        """Pause if this slice is spent (`now`: whether or not)."""
        if self.pause is not None and (now or time.perf_counter() - self.began > SLICE_S):
            await self.pause()
            self.began = time.perf_counter()

    async def run(self, steps: Generator[object, None, _T]) -> _T:
        """A stepwise check (read_stored_steps, codec.check_history_steps) to its end,
        pausing between its steps."""
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return cast(_T, done.value)
            await self.tick()


@dataclass
class History:
    """The finished games in the browser's IndexedDB; `problem` says why they are not being
    kept ("" while they are). Nothing here raises: a failing store is reported. Every
    stored record is replayed before it is listed (`checks`: where the digests of those
    that replayed whole are cached); those that do not are set `aside`."""

    backend: Backend | None
    problem: str = ""
    opener: Callable[[], Awaitable[Backend | None]] | None = None  # the page's: first use
    checks: storage.Store | None = None  # the game page's localStorage: CHECKED
    aside: list[Aside] = field(default_factory=list)  # read by the last load, set aside
    # The last write failed (a full quota): a load that reads fine must not clear `problem`
    # (Your games, whose keep of the autosaved game failed, said nothing and listed none).
    write_failed: bool = False

    @property
    def damaged(self) -> int:
        """How many stored records the last load set aside."""
        return len(self.aside)

    def _checked(self) -> set[str]:
        try:
            known = json.loads(self.checks.get(CHECKED) or "[]") if self.checks else []
        except ValueError:
            return set()
        return {k for k in known if isinstance(k, str)} if isinstance(known, list) else set()

    def _remember(self, signs: Iterable[str], keep: set[str] | None = None) -> None:
        """Cache these digests as checked (with `keep`, only those: the rest are gone)."""
        if self.checks is not None:
            known = (keep if keep is not None else self._checked()) | set(signs)
            self.checks.set(CHECKED, json.dumps(sorted(known)[:MAX_CHECKED]))

    def _fail(self, exc: BaseException | None) -> None:
        """Say why the games are not kept: the store's error, or no store at all."""
        self.problem = NOT_KEPT.format(why=storage.storage_problem(exc) if exc is not None
                                       else NO_STORE)

    def _no_store(self) -> None:
        """No store opened: keep the first reason found, else say there is none."""
        if not self.problem:
            self._fail(None)

    _opening: Any = field(default=None, repr=False)  # the first open, awaited by every caller

    async def _open(self) -> Backend | None:
        # One open shared by concurrent callers: a game that ends while the first open is
        # still under way must wait for it, not find no opener and no store ("no IndexedDB").
        if self.backend is None and self.opener is not None:
            if self._opening is None:
                self._opening = asyncio.ensure_future(self._first_open())
            await self._opening
        return self.backend

    async def _first_open(self) -> None:
        opener = self.opener
        try:
            self.backend = await opener() if opener is not None else None
        except Exception as exc:
            self._fail(exc)
        finally:
            self.opener = None

    async def load(self, pause: Callable[[], Awaitable[None]] | None = None
                   ) -> list[HistoryGame]:
        """Every kept game that replays to a finished game (newest first), the rest set
        `aside`; [] if the store fails. `pause` after each record replayed lets the page
        draw."""
        backend = await self._open()
        if backend is None:
            self._no_store()
            return []
        try:
            got = await backend.all()
            # The page's backend gives the rows in chunks, a JSON text each (parsed one at a
            # time, so no one task parses every record); the tests' one JSON text.
            chunks = [got] if isinstance(got, str) else got  # each made str when it is read
        except Exception as exc:
            self._fail(exc)
            return []
        if not self.write_failed:
            self.problem = ""
        entries: list[HistoryGame] = []
        self.aside = []
        known, good = self._checked(), set()
        slices, n = Slices(pause), 0
        for chunk in chunks:
            try:
                rows = json.loads(str(chunk))
            except ValueError as exc:
                self._fail(exc)
                return []
            for row in rows if isinstance(rows, list) else []:
                n += 1
                try:  # replayed (unless checked before) with the page drawing meanwhile
                    entry, sign, _replayed = await slices.run(read_stored_steps(row, n, known))
                except Exception as exc:  # any record, any value: set aside, never a dead page
                    self.aside.append(_aside(row, exc))
                else:
                    entries.append(entry)
                    good.add(sign)
            await slices.tick(now=True)  # the next chunk's text is made str in a task of its own
        self._remember(good, keep=set())
        return newest_first(entries)

    async def reach(self) -> bool:
        """Whether the store can be read (`problem` says why not): the game page asks this at
        boot and lists nothing, so it counts the records and reads none (a thousand games
        read at every start cost that start)."""
        backend = await self._open()
        if backend is None:
            self._no_store()
            return False
        try:
            await backend.count()
        except Exception as exc:
            self._fail(exc)
            return False
        self.problem = ""
        return True

    async def keep(self, entry: HistoryGame) -> bool:
        """Store one finished game once (a game already kept stays as it was); False if the
        store failed (then `problem` says why)."""
        backend = await self._open()
        if backend is None:
            self._no_store()
            return False
        try:
            await backend.add(key(entry), stored_text(entry))
        except Exception as exc:
            self._fail(exc)
            self.write_failed = True
            return False
        self.problem, self.write_failed = "", False
        self._remember([digest(stored_text(entry))])  # the engine's own game: replays whole
        return True

    async def import_text(self, text: object,
                          pause: Callable[[], Awaitable[None]] | None = None,
                          progress: Callable[[int], None] = lambda _n: None) -> Imported:
        """Import a history file: every game checked and replayed first (`pause` every
        SLICE_S lets the page draw; `progress` after each game), then the new ones stored in
        one transaction. A bad file or a failing store changes nothing."""
        try:
            items = codec.history_items(text)
            checked, slices = [], Slices(pause)
            for n, item in enumerate(items, 1):
                checked.append(await slices.run(codec.check_history_steps(item, n)))
                progress(n)  # games checked so far: the page's progress bar
        except CorruptSave as exc:
            return Imported(0, f"This file cannot be imported: {exc}. Your games are kept as "
                            "they were.", False)
        kept = await self.load()
        if self.problem and not self.write_failed:  # the store cannot be read (a write may
            return Imported(0, f"{self.problem} Nothing was imported.", False)  # work now)
        _all, new = merge(kept, checked)
        backend = self.backend
        assert backend is not None  # load() reported a missing one
        try:
            await backend.add_many(json.dumps([[key(e), stored_text(e)] for e in new]))
        except Exception as exc:
            self._fail(exc)
            self.write_failed = True
            return Imported(0, f"{self.problem} Nothing was imported.", False)
        self.problem, self.write_failed = "", False
        self._remember(digest(stored_text(e)) for e in new)  # each replayed above
        same = len(checked) - len(new)
        return Imported(len(new), f"Imported {len(new)} game{'s' if len(new) != 1 else ''}"
                        + (f"; {same} already kept" if same else "") + ".", True)


def _aside(row: object, exc: BaseException) -> Aside:
    """A row that could not be read, as it is (a key and text when it has them)."""
    items = row if isinstance(row, list) else []
    stored_key = items[0] if items and isinstance(items[0], str) else "?"
    text = items[1] if len(items) > 1 and isinstance(items[1], str) else None
    why = str(exc) if isinstance(exc, CorruptSave) else f"{type(exc).__name__}: {exc}"
    return Aside(stored_key, text, why[:300])


def export_text(entries: Iterable[HistoryGame]) -> str:
    """The history file of these games (the codec's history kind), oldest first."""
    return codec.pack_history(reversed(newest_first(entries)))


async def browser_backend() -> Any:
    """history-db.mjs, imported by URL (so no script stands before the game page's first
    paint; the import resolves against the page, not Pyodide's folder)."""
    import js  # the page's

    url = str(js.URL.new("./history-db.mjs", js.location.href).href)
    return await js.eval(f"import({json.dumps(url)})")


# --- the game page's side ---------------------------------------------------------------

ENDED = "ended"  # beside the autosave: the key of the last game that ended on the game page
COPY_ENDED = ("This copy's game is over. The copy was not autosaved, so it is not in Your "
              "games yet.")
KEPT_COPY = "The copy's game is kept in Your games."


@dataclass
class Keeper:
    """The game page's part: the helps used in the current game (stored with the autosave,
    so a reload keeps them) and each finished game kept once. Without a history (the embed)
    it counts nothing and keeps nothing."""

    history: History | None
    store: storage.Store
    notice: Callable[[str], None]                    # show why games are not kept
    spawn: Callable[[Coroutine[Any, Any, Any]], None]
    may_save: Callable[[], bool] = lambda: True
    clock: Callable[[], str] = now
    kept: Callable[[str], None] = lambda _key: None  # a game's key, once it is stored
    offer: Callable[[str], None] = lambda _text: None  # a copy's end: offer to keep it
    unkept: HistoryGame | None = None  # the copy's finished game, until it is kept
    used: dict[str, int] = field(default_factory=lambda: dict.fromkeys(HISTORY_USES, 0))
    game: Game | None = None
    daily: str = ""  # the game is the game of the day of this date (its control started it)

    def leave(self, old: Game | None, was: str, game: Game, day: str) -> None:
        """`game` (the daily of `day`, or "") is to replace `old` (the daily of `was`, or
        ""): a daily still in play, replaced by another game, is kept (DAILY_LEFT) for the
        control to resume."""
        if was and old is not None and not old.is_over and self.may_save() \
                and (day, game_id(game)) != (was, game_id(old)):
            self.store.set(DAILY_LEFT, json.dumps({"daily": was,
                                                   "save": codec.pack(old.record())}))

    def begin(self, game: Game, day: str = "") -> None:
        """Another game is current: its stored counts if it is the autosaved one, else
        zeros; `day`: it is that date's game of the day (noted beside the autosave, so a
        reload keeps it; any other game drops the note)."""
        self.game, self.daily = game, day
        if self.history is not None:
            self.used = load_used(self.store.get("used"), game)
            self._save()
            if self.may_save():
                if day:
                    self.store.set(DAILY, json.dumps({"game": game_id(game), "daily": day}))
                else:
                    self.store.remove(DAILY)

    def count(self, name: str) -> None:
        """One more use of a help (`name` in HISTORY_USES) in the current game."""
        if name not in self.used:
            raise ValueError(f"unknown help {name!r}")
        if self.history is not None and self.game is not None and not self.game.is_over:
            self.used[name] += 1
            self._save()

    def _save(self) -> None:
        if self.game is not None and self.may_save():
            self.store.set("used", dump_used(self.game, self.used))

    def finished(self, game: Game) -> None:
        """The game has just ended on this page: keep it. That it ended here is noted at
        once beside the autosave (ENDED: the keep is asynchronous, and a reload or another
        page may come first); a finished game opened from a link is not the player's. A
        copy (a tab that does not save) is offered to keep instead (keep_copy): it is the
        player's game too, but the tab never wrote it."""
        if self.history is None or not game.is_over:
            return
        entry = codec.history_game(game, self.used, self.clock(), self.daily)
        if self.daily:  # its date's daily is done: the control offers its review from now on
            self.store.set(DAILY_DONE, stored_text(entry))
            self.store.remove(DAILY_LEFT)
        if self.may_save():
            self.store.set(ENDED, key(entry))
            self.spawn(self._keep(entry))
        else:
            self.unkept = entry
            self.offer(COPY_ENDED)

    def keep_copy(self) -> None:
        """The player asked to keep the copy's finished game (kept once: the same game
        finished in another tab stays as it was)."""
        entry, self.unkept = self.unkept, None
        if entry is not None:
            self.spawn(self._keep(entry, KEPT_COPY))

    async def _keep(self, entry: HistoryGame, said: str = "") -> None:
        assert self.history is not None
        if await self.history.keep(entry):
            self.kept(key(entry))
            if said:
                self.notice(said)
        else:
            self.notice(self.history.problem)

    async def probe(self) -> None:
        """At boot: tell the player now if the history cannot be kept, and keep the resumed
        game if it ended on this page (a reload right after the end came before its keep
        was done; a game already kept stays as it was)."""
        if self.history is not None:
            await self.history.reach()
            if self.history.problem:
                self.notice(self.history.problem)
            elif self.game is not None and self.may_save():
                entry = ended_here(self.store, self.game, self.used, self.clock)
                if entry is not None:
                    await self._keep(entry)


def autosaved_entry(store: storage.Store, clock: Callable[[], str] = now) -> HistoryGame | None:
    """The game page's autosaved game, if it ended on that page, as its entry (with the
    helps it counted): Your games keeps it in case the game page was left before its own
    keep was done (a click on Games right after the end). None for a game in play, one
    opened finished from a link, none or a bad save (the game page says what is wrong with
    its own save)."""
    text = store.get(storage.SLOTS[0])
    if not text:
        return None
    try:
        game = storage.unpack(None, text)
    except (CorruptSave, ValueError, TypeError):
        return None
    return ended_here(store, game, load_used(store.get("used"), game), clock)


def ended_here(store: storage.Store, game: Game, used: Mapping[str, int],
               clock: Callable[[], str]) -> HistoryGame | None:
    """`game` as its entry (with these helps) if it is finished and ended on the game page
    (the ENDED note beside the autosave names it), else None."""
    if not game.is_over:
        return None
    entry = codec.history_game(game, used, clock(), load_daily(store.get(DAILY), game))
    return entry if store.get(ENDED) == key(entry) else None


# --- the page's HTML ----------------------------------------------------------------------

REPLAY_PAGE = "./replay.html"
REVIEW_FLAG = "?review=1"  # replay.html opens its review panel (the review helper's flag)


def replay_url(entry: Mapping[str, Any], review: bool = False) -> str:
    """replay.html with the game's share code in the hash (and the review flag)."""
    return REPLAY_PAGE + (REVIEW_FLAG if review else "") + session.SHARE_PREFIX + \
        str(entry["game"])


LINK_GAME = "#game="  # a listed link's href until it is used: the game's number in the list


def link_url(entries: Sequence[Mapping[str, Any]], href: str) -> str | None:
    """The full replay_url of a listed link (games_html writes "...#game=N": a page of 50
    whole share codes is ~2 MB of HTML to parse at every redraw), None if `href` names no
    listed game. The page sets it as the link's href before the link is used."""
    base, _, number = href.partition(LINK_GAME)
    if not number.isdigit() or not 1 <= int(number) <= len(entries):
        return None
    return replay_url(entries[int(number) - 1], base.endswith(REVIEW_FLAG))


def short_date(entry: Mapping[str, Any]) -> str:
    """The date as the list shows it: "2026-12-01 15:40 UTC"."""
    return when(entry).astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def stats_html(figures: Stats) -> str:
    """The figures: games, wins by difficulty, best score, streak."""
    if not figures.games:
        return '<p class="muted">No finished games kept yet: finish a game and it shows here.</p>'
    rows = "".join(f"<tr><th scope=\"row\">{escape(d.capitalize())}</th><td>{w}</td>"
                   f"<td>{n}</td><td>{round(100 * w / n)}%</td></tr>"
                   for d, (w, n) in figures.wins.items())
    return (f'<dl class="history-figures"><div><dt>Games</dt><dd>{figures.games}</dd></div>'
            f'<div><dt>Best score</dt><dd>{figures.best}</dd></div>'
            f'<div><dt>Current streak</dt><dd>{figures.streak} '
            f'win{"s" if figures.streak != 1 else ""}</dd></div></dl>'
            '<table class="history-wins"><caption>Wins by difficulty</caption>'
            '<thead><tr><th scope="col">Difficulty</th><th scope="col">Wins</th>'
            f'<th scope="col">Games</th><th scope="col">Won</th></tr></thead><tbody>{rows}'
            '</tbody></table>')


# --- the mistakes learnt (replay.html's mistakes mode, issue 30 item 3) ----------------------

LEARNT = "learnt"  # the store's key (the game page's storage): {game: [steps]}


def learnt_key(record: Mapping[str, Any]) -> str:
    """A game's key among the mistakes learnt: its record's sha256, short."""
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


def read_learnt(text: str | None) -> dict[str, list[int]]:
    """The mistakes learnt as stored ({game: [steps]}); anything else reads as none."""
    try:
        data = json.loads(text or "{}")
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): sorted({int(x) for x in v if isinstance(x, int)})
            for k, v in data.items() if isinstance(v, list)}


def add_learnt(text: str | None, game: str, step: int) -> str:
    """The stored mistakes learnt with one more (a mistake counts once)."""
    data = read_learnt(text)
    data[game] = sorted(set(data.get(game, [])) | {step})
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def learnt_count(text: str | None) -> int:
    """How many mistakes were learnt, over every game."""
    return sum(len(v) for v in read_learnt(text).values())


def learnt_html(count: int) -> str:
    """The mistakes learnt in reviews (replay.html's mistakes mode: a better move found)."""
    return (f'<p class="history-learnt">Mistakes learnt in reviews: <strong>{count}</strong>'
            f'{"" if count else " (a review offers Learn from your mistakes)"}</p>')


SHOW = {"all": "All games", "win": "Wins", "loss": "Losses", "draw": "Draws"}  # the filter


def shown(entries: Sequence[HistoryGame], outcome: str) -> list[HistoryGame]:
    """The games the list shows with the filter at `outcome` (a SHOW key; "all": every
    one), in their order."""
    return list(entries) if outcome == "all" else [e for e in entries
                                                   if e["outcome"] == outcome]


def show_html() -> str:
    """The filter's options (SHOW), "all" first and chosen."""
    return "".join(f'<option value="{k}"{" selected" if k == "all" else ""}>{escape(v)}'
                   "</option>" for k, v in SHOW.items())


def pages(total: int) -> int:
    """How many pages of the list `total` games make (one, empty, without games)."""
    return max(1, -(-total // PAGE_SIZE))


def pager_html(total: int, page: int) -> str:
    """Which games the list shows and the buttons to the pages before and after it."""
    if total <= PAGE_SIZE:
        return ""
    first, last = page * PAGE_SIZE + 1, min(total, (page + 1) * PAGE_SIZE)
    before = "" if page > 0 else " disabled"
    after = "" if page + 1 < pages(total) else " disabled"
    return (f'<p class="history-pager"><button type="button" data-command="page" '
            f'data-page="{page - 1}"{before}>Later games</button> <span>Games {first}-{last} '
            f'of {total:,}</span> <button type="button" data-command="page" '
            f'data-page="{page + 1}"{after}>Earlier games</button></p>')


def games_html(entries: Sequence[HistoryGame], page: int = 0) -> str:
    """One line per game of page `page` (PAGE_SIZE games; 0: the latest), the latest first,
    with its Review and Replay links (their names carry the game's number, so no two links
    share one; their hrefs the number, link_url the code). `entries` must be newest first
    (History.load gives them so)."""
    items = []
    start = max(0, min(page, pages(len(entries)) - 1)) * PAGE_SIZE
    for n, e in enumerate(entries[start:start + PAGE_SIZE], start + 1):
        scenario = f"Game of the day {e['daily']}" if "daily" in e else \
            session.SCENARIO_NAMES.get(e["scenario"], e["scenario"]).split(" (")[0]
        helps = ", ".join(f"{USE_NAMES[u]} {e['used'][u]}" for u in HISTORY_USES)
        outcome = panels.OUTCOMES.get(e["outcome"], e["outcome"])
        items.append(
            f'<li class="history-game" data-outcome="{escape(e["outcome"])}" '
            f'data-key="{key(e)}"><p><strong>{escape(outcome)}</strong>, score {e["score"]}'
            f' · {escape(scenario)}, {escape(e["difficulty"])}</p>'
            f'<p class="muted">Game {n} · {short_date(e)} · helps used: {helps}</p>'
            f'<p class="history-links"><a class="button" href="{REPLAY_PAGE}{REVIEW_FLAG}'
            f'{LINK_GAME}{n}" aria-label="Review game {n}">Review</a> <a class="button" '
            f'href="{REPLAY_PAGE}{LINK_GAME}{n}" aria-label="Replay game {n}">Replay</a></p>'
            '</li>')
    return f'<ol class="history-games">{"".join(items)}</ol>' if items else ""
