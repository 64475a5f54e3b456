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
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from core import panels, session, storage
from intruder_core import codec
from intruder_core.codec import HISTORY_USES, HistoryGame
from intruder_core.errors import CorruptSave
from intruder_core.variants import DIFFICULTIES

if TYPE_CHECKING:
    from intruder_core import Game

USE_NAMES = {"suggest": "Suggest", "odds": "Odds", "undo": "Undo"}
NOT_KEPT = "Your games are not being kept: {why}. The game still plays as usual."
NO_STORE = "this browser has no IndexedDB"  # why, when there is no store at all
EXPORT_NAME = "intruder-games.json"


class Backend(Protocol):
    """What History needs of IndexedDB (history-db.mjs): async, JSON text across."""

    def all(self) -> Awaitable[Any]: ...                   # JSON [[key, entry text], ...]
    def add(self, key: str, text: str) -> Awaitable[Any]: ...  # true: added; false: there
    def add_many(self, pairs: str) -> Awaitable[Any]: ...  # JSON pairs; the count added


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
    """The entries by date, the latest first (ties: by key, so the order is fixed)."""
    return sorted(entries, key=lambda e: (when(e), key(e)), reverse=True)


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


# --- the store --------------------------------------------------------------------------


@dataclass
class Imported:
    """What an import did: the games added and what to tell the player."""

    added: int
    message: str
    ok: bool


@dataclass
class History:
    """The finished games in the browser's IndexedDB; `problem` says why they are not being
    kept ("" while they are). Nothing here raises: a failing store is reported."""

    backend: Backend | None
    problem: str = ""
    damaged: int = 0  # stored entries that could not be read (left out of the list)
    opener: Callable[[], Awaitable[Backend | None]] | None = None  # the page's: first use

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

    async def load(self) -> list[HistoryGame]:
        """Every kept game that reads back whole (newest first); [] if the store fails."""
        backend = await self._open()
        if backend is None:
            self._no_store()
            return []
        try:
            pairs = json.loads(str(await backend.all()))
        except Exception as exc:
            self._fail(exc)
            return []
        self.problem = ""
        entries, self.damaged = [], 0
        for pair in pairs if isinstance(pairs, list) else []:
            try:
                entries.append(codec.check_history_fields(json.loads(pair[1])))
            except (CorruptSave, ValueError, TypeError, IndexError, KeyError):
                self.damaged += 1
        return newest_first(entries)

    async def keep(self, entry: HistoryGame) -> bool:
        """Store one finished game once (a game already kept stays as it was); False if the
        store failed (then `problem` says why)."""
        backend = await self._open()
        if backend is None:
            self._no_store()
            return False
        try:
            await backend.add(key(entry), json.dumps(entry, separators=(",", ":")))
        except Exception as exc:
            self._fail(exc)
            return False
        self.problem = ""
        return True

    async def import_text(self, text: object,
                          pause: Callable[[], Awaitable[None]] | None = None) -> Imported:
        """Import a history file: every game checked and replayed first (`pause` between
        games lets the page draw), then the new ones stored in one transaction. A bad file
        or a failing store changes nothing."""
        try:
            items = codec.history_items(text)
            checked = []
            for n, item in enumerate(items, 1):
                checked.append(codec.check_history_game(item, n))
                if pause is not None:
                    await pause()
        except CorruptSave as exc:
            return Imported(0, f"This file cannot be imported: {exc}. Your games are kept as "
                            "they were.", False)
        kept = await self.load()
        if self.problem:
            return Imported(0, f"{self.problem} Nothing was imported.", False)
        _all, new = merge(kept, checked)
        backend = self.backend
        assert backend is not None  # load() reported a missing one
        try:
            await backend.add_many(json.dumps(
                [[key(e), json.dumps(e, separators=(",", ":"))] for e in new]))
        except Exception as exc:
            self._fail(exc)
            return Imported(0, f"{self.problem} Nothing was imported.", False)
        same = len(checked) - len(new)
        return Imported(len(new), f"Imported {len(new)} game{'s' if len(new) != 1 else ''}"
                        + (f"; {same} already kept" if same else "") + ".", True)


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
    used: dict[str, int] = field(default_factory=lambda: dict.fromkeys(HISTORY_USES, 0))
    game: Game | None = None

    def begin(self, game: Game) -> None:
        """Another game is current: its stored counts if it is the autosaved one, else
        zeros."""
        self.game = game
        if self.history is not None:
            self.used = load_used(self.store.get("used"), game)
            self._save()

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
        page may come first); a finished game opened from a link is not the player's."""
        if self.history is not None and game.is_over and self.may_save():
            entry = codec.history_game(game, self.used, self.clock())
            self.store.set(ENDED, key(entry))
            self.spawn(self._keep(entry))

    async def _keep(self, entry: HistoryGame) -> None:
        assert self.history is not None
        if await self.history.keep(entry):
            self.kept(key(entry))
        else:
            self.notice(self.history.problem)

    async def probe(self) -> None:
        """At boot: tell the player now if the history cannot be kept, and keep the resumed
        game if it ended on this page (a reload right after the end came before its keep
        was done; a game already kept stays as it was)."""
        if self.history is not None:
            await self.history.load()
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
    entry = codec.history_game(game, used, clock())
    return entry if store.get(ENDED) == key(entry) else None


# --- the page's HTML ----------------------------------------------------------------------

REPLAY_PAGE = "./replay.html"
REVIEW_FLAG = "?review=1"  # replay.html opens its review panel (the review helper's flag)


def replay_url(entry: Mapping[str, Any], review: bool = False) -> str:
    """replay.html with the game's share code in the hash (and the review flag)."""
    return REPLAY_PAGE + (REVIEW_FLAG if review else "") + session.SHARE_PREFIX + \
        str(entry["game"])


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


def games_html(entries: Sequence[HistoryGame]) -> str:
    """One line per game, the latest first, with its Review and Replay links (their names
    carry the game's number, so no two links share one)."""
    items = []
    for n, e in enumerate(newest_first(entries), 1):
        scenario = session.SCENARIO_NAMES.get(e["scenario"], e["scenario"]).split(" (")[0]
        helps = ", ".join(f"{USE_NAMES[u]} {e['used'][u]}" for u in HISTORY_USES)
        outcome = panels.OUTCOMES.get(e["outcome"], e["outcome"])
        items.append(
            f'<li class="history-game" data-outcome="{escape(e["outcome"])}" '
            f'data-key="{key(e)}"><p><strong>{escape(outcome)}</strong>, score {e["score"]}'
            f' · {escape(scenario)}, {escape(e["difficulty"])}</p>'
            f'<p class="muted">Game {n} · {short_date(e)} · helps used: {helps}</p>'
            f'<p class="history-links"><a class="button" href="{escape(replay_url(e, True))}"'
            f' aria-label="Review game {n}">Review</a> <a class="button" '
            f'href="{escape(replay_url(e))}" aria-label="Replay game {n}">Replay</a></p></li>')
    return f'<ol class="history-games">{"".join(items)}</ol>' if items else ""
