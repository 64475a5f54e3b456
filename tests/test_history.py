"""Your games (web/py/history.py and codec's history file): the figures, merging without
duplicates, an import that refuses bad data and changes nothing, a failing store reported,
and the helps counted per game across a reload. Real games, played to their end by the
heuristic on fixed seeds, replayed by the real engine."""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
import time
from collections.abc import Coroutine
from functools import cache
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import history, panels, session, storage
from intruder_core import codec
from intruder_core.bots import make_policy, play
from intruder_core.codec import HistoryGame


@cache
def _finished(seed: int, difficulty: str) -> str:
    g = ic.new_game(seed=seed, options=None if difficulty == "standard"
                    else {"difficulty": difficulty})
    play(g, make_policy("heuristic"), random.Random(seed))
    assert g.is_over
    return g.to_json()


def finished(seed: int, difficulty: str = "standard") -> ic.Game:
    """A game the heuristic played to its end from this seed (a fresh copy each call)."""
    return ic.Game.from_json(_finished(seed, difficulty))


def entry(seed: int, date: str, difficulty: str = "standard",
          used: dict[str, int] | None = None) -> HistoryGame:
    return codec.history_game(finished(seed, difficulty), used or {}, date)


class Backend:
    """history-db.mjs's three functions over a dict (JSON text across, as in the page)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.calls: list[str] = []

    async def all(self) -> str:
        self.calls.append("all")
        return json.dumps(sorted(self.data.items()))

    async def count(self) -> int:
        self.calls.append("count")
        return len(self.data)

    async def add(self, key: str, text: str) -> bool:
        self.calls.append("add")
        if key in self.data:
            return False
        self.data[key] = text
        return True

    async def add_many(self, pairs: str) -> int:
        self.calls.append("add_many")
        added = 0
        for key, text in json.loads(pairs):
            if key not in self.data:
                self.data[key], added = text, added + 1
        return added


class DOMException(Exception):
    """A browser storage error: storage_problem reads its name."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class Failing(Backend):
    """A store that refuses: IndexedDB blocked (private mode) or full."""

    def __init__(self, name: str = "SecurityError", on: tuple[str, ...] = ("all", "add",
                                                                          "add_many")) -> None:
        super().__init__()
        self.error, self.on = name, on

    async def all(self) -> str:
        if "all" in self.on:
            raise DOMException(self.error)
        return await super().all()

    async def count(self) -> int:
        if "all" in self.on:  # a read
            raise DOMException(self.error)
        return await super().count()

    async def add(self, key: str, text: str) -> bool:
        if "add" in self.on:
            raise DOMException(self.error)
        return await super().add(key, text)

    async def add_many(self, pairs: str) -> int:
        if "add_many" in self.on:
            raise DOMException(self.error)
        return await super().add_many(pairs)


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(coro)


def outcomes() -> dict[str, int]:
    """Seeds whose heuristic game ends each way (found once, then fixed below)."""
    return {"loss": 0, "win": 1}


def test_fixed_seeds_end_as_the_tests_expect() -> None:
    for outcome, seed in outcomes().items():
        assert entry(seed, "2026-01-01T00:00:00+00:00")["outcome"] == outcome


# --- the figures ----------------------------------------------------------------------------


def test_stats_count_wins_by_difficulty_best_score_and_the_current_streak() -> None:
    win, loss = outcomes()["win"], outcomes()["loss"]
    games = [
        entry(loss, "2026-01-01T10:00:00+00:00"),
        entry(win, "2026-01-02T10:00:00+00:00"),
        entry(win, "2026-01-03T10:00:00+00:00", "hard"),
        entry(3, "2026-01-04T10:00:00+00:00"),
    ]
    assert [g["outcome"] for g in games] == ["loss", "win", games[2]["outcome"], "win"]
    figures = history.stats(games)
    hard_wins = int(games[2]["outcome"] == "win")
    assert figures.games == 4
    assert figures.wins == {"standard": (2, 3), "hard": (hard_wins, 1)}
    assert list(figures.wins) == ["standard", "hard"]  # easiest first
    easy = history.stats([entry(1, "2026-01-09T10:00:00+00:00", "easy"), *games])
    assert list(easy.wins) == ["easy", "standard", "hard"]
    assert figures.best == max(g["score"] for g in games)
    # The latest games are wins back to the loss of 1 January (the hard one if won).
    assert figures.streak == (3 if hard_wins else 1)
    # A loss last ends the streak; the order comes from the dates, not the list's order.
    later_loss = entry(loss, "2026-02-01T10:00:00+00:00")
    assert history.stats([later_loss, *games]).streak == 0
    assert history.stats([]) == history.Stats(0, {}, None, 0)


def test_a_date_without_a_zone_counts_as_utc_in_the_order() -> None:
    a = entry(1, "2026-01-02T10:00:00")
    b = entry(0, "2026-01-02T11:00:00+02:00")  # 09:00 UTC: earlier than a
    assert history.newest_first([b, a]) == [a, b]


# --- merging and the file -------------------------------------------------------------------


def test_merge_keeps_each_game_once() -> None:
    a, b, c = (entry(s, f"2026-01-0{s + 1}T10:00:00+00:00") for s in (0, 1, 3))
    b_again = dict(b, date="2027-01-01T00:00:00+00:00")  # the same game, another date
    merged, new = history.merge([a, b], [b_again, c, c])  # type: ignore[list-item]
    assert merged == [a, b, c]
    assert new == [c]


def test_the_history_file_round_trips_every_game_checked() -> None:
    games = [entry(0, "2026-01-01T10:00:00+00:00", used={"suggest": 2, "odds": 1, "undo": 4}),
             entry(1, "2026-01-02T10:00:00+00:00", "hard")]
    text = history.export_text(games)
    assert codec.kind(json.loads(text)) == "history"
    assert codec.KIND_NAMES["history"] == "Game history"
    back = codec.read_history(text)
    assert back == games  # oldest first, as exported
    assert back[0]["used"] == {"suggest": 2, "odds": 1, "undo": 4}
    # A whole history is no one game: the game page's Import says so in words.
    with pytest.raises(codec.NotIntruder, match="Your games page"):
        codec.read(text)


def test_an_import_merges_without_duplicates() -> None:
    backend = Backend()
    store = history.History(backend)
    first = entry(0, "2026-01-01T10:00:00+00:00")
    assert run(store.keep(first))
    text = history.export_text([first, entry(1, "2026-01-02T10:00:00+00:00")])
    done = run(store.import_text(text))
    assert (done.added, done.ok) == (1, True)
    assert done.message == "Imported 1 game; 1 already kept."
    assert len(backend.data) == 2
    again = run(store.import_text(text))
    assert (again.added, again.message) == (0, "Imported 0 games; 2 already kept.")
    assert [e["outcome"] for e in run(store.load())] == ["win", "loss"]  # newest first


def _file(games: list[Any]) -> str:
    return json.dumps({codec.HISTORY: codec.HISTORY_FORMAT, "games": games})


def _tampered_action() -> str:
    good = entry(1, "2026-01-02T10:00:00+00:00")
    record = json.loads(json.dumps(codec.decode_record(good["game"])))
    record["actions"][0] = {"type": "move", "crew": "co1", "to": "nowhere"}
    return _file([dict(good, game=codec.encode_record(record))])


def _unfinished() -> str:
    g = ic.new_game(seed=5)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    good = entry(1, "2026-01-02T10:00:00+00:00")
    return _file([dict(good, game=codec.encode_record(g.record()))])


BAD_FILES = {
    "bad JSON": ("{not json", "not valid JSON"),
    "a save, not a history": (codec.pack(ic.new_game(seed=1).record()),
                              "not a history of Intruder games"),
    "a newer format": (json.dumps({codec.HISTORY: 99, "games": []}), "newer version"),
    "no list of games": (json.dumps({codec.HISTORY: 1, "games": {}}), "no list of games"),
    "too big": (" " * (codec.MAX_HISTORY_TEXT + 1), "too large"),
    "too many games": (_file([{}] * (codec.MAX_HISTORY_GAMES + 1)), "at most 1,000"),
    "not an entry": (_file([{"game": "x"}]), "game 1 of the history is not a history entry"),
    "a bad date": (_file([dict(entry(1, "2026-01-02T10:00:00+00:00"), date="yesterday")]),
                   "no valid date"),
    "bad counts": (_file([dict(entry(1, "2026-01-02T10:00:00+00:00"),
                               used={"suggest": -1, "odds": 0, "undo": 0})]),
                   "counts of the helps"),
    "an altered outcome": (_file([dict(entry(0, "2026-01-02T10:00:00+00:00"),
                                       outcome="win")]), "says its outcome was 'win'"),
    "an altered score": (_file([dict(entry(1, "2026-01-02T10:00:00+00:00"), score=999)]),
                         "says its score was"),
    "a record that does not replay": (_tampered_action(), "does not replay: .*action 1"),
    "an unfinished game": (_unfinished(), "not finished"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_an_import_refuses_bad_data_and_changes_nothing(case: str) -> None:
    text, says = BAD_FILES[case]
    backend = Backend()
    store = history.History(backend)
    kept = entry(3, "2026-01-01T10:00:00+00:00")
    assert run(store.keep(kept))
    before = dict(backend.data)
    # A good game before the bad one: nothing of the file is kept, not even it.
    if case in ("an altered outcome", "a record that does not replay"):
        data = json.loads(text)
        data["games"].insert(0, entry(1, "2026-01-05T10:00:00+00:00"))
        text = json.dumps(data)
    done = run(store.import_text(text))
    assert not done.ok and done.added == 0
    assert done.message.startswith("This file cannot be imported: ")
    assert done.message.endswith("Your games are kept as they were.")
    assert re.search(says, done.message), done.message
    assert backend.data == before
    assert "add_many" not in backend.calls


# --- a store that fails -----------------------------------------------------------------


def test_a_blocked_store_is_reported_and_nothing_raises() -> None:
    store = history.History(Failing("SecurityError"))
    assert run(store.load()) == []
    assert store.problem == ("Your games are not being kept: this browser does not let the "
                             "page store anything (private mode or blocked storage). The game "
                             "still plays as usual.")
    assert not run(store.keep(entry(1, "2026-01-02T10:00:00+00:00")))
    missing = history.History(None)
    assert run(missing.load()) == []
    assert "this browser has no IndexedDB" in missing.problem


def test_a_full_store_is_reported_and_an_import_into_it_changes_nothing() -> None:
    backend = Failing("QuotaExceededError", on=("add", "add_many"))
    store = history.History(backend)
    assert not run(store.keep(entry(1, "2026-01-02T10:00:00+00:00")))
    assert "storage for this page is full" in store.problem
    done = run(store.import_text(history.export_text([entry(0, "2026-01-01T10:00:00+00:00")])))
    assert not done.ok and done.added == 0
    assert done.message.endswith("Nothing was imported.")
    assert backend.data == {}


def test_a_failed_write_is_still_reported_after_a_load_that_reads_fine() -> None:
    backend = Failing("QuotaExceededError", on=("add", "add_many"))
    backend.data["k"] = history.stored_text(entry(0, "2026-01-01T10:00:00+00:00"))
    store = history.History(backend)
    assert not run(store.keep(entry(1, "2026-01-02T10:00:00+00:00")))
    assert len(run(store.load())) == 1  # Your games lists what it has, and says why not more
    assert "storage for this page is full" in store.problem
    backend.on = ()  # space again: the next write clears it, and the next load stays clear
    assert run(store.keep(entry(1, "2026-01-02T10:00:00+00:00")))
    assert store.problem == "" and len(run(store.load())) == 2 and store.problem == ""


def test_damaged_stored_entries_are_left_out_of_the_list_and_counted() -> None:
    backend = Backend()
    store = history.History(backend)
    good = entry(1, "2026-01-02T10:00:00+00:00")
    run(store.keep(good))
    backend.data["x"] = "{not json"
    backend.data["y"] = json.dumps(dict(good, score="lots"))
    assert run(store.load()) == [good]
    assert store.damaged == 2
    assert store.problem == ""


def test_a_stored_record_is_replayed_before_it_is_listed_and_a_false_one_set_aside() -> None:
    backend = Backend()
    store = history.History(backend)
    good = entry(1, "2026-01-02T10:00:00+00:00")
    run(store.keep(good))
    lost = entry(0, "2026-01-03T10:00:00+00:00")
    assert lost["outcome"] == "loss"
    claims_win = dict(lost, outcome="win", score=lost["score"] + 5)
    backend.data["claims"] = json.dumps(claims_win)
    unfinished = ic.new_game(seed=3)
    unfinished.apply(unfinished.legal_actions()[0])
    backend.data["short"] = json.dumps(dict(lost, game=codec.encode_record(unfinished.record())))
    backend.data["cut"] = json.dumps(dict(lost, game=lost["game"][: len(lost["game"]) // 2]))
    assert run(store.load()) == [good]
    assert {a.key for a in store.aside} == {"claims", "short", "cut"}
    assert all(a.why and a.text == backend.data[a.key] for a in store.aside)
    assert history.aside_message(store.damaged).startswith("3 games could not be read and are "
                                                          "kept aside")
    assert set(backend.data) >= {"claims", "short", "cut"}  # never deleted
    saved = json.loads(history.aside_text(store.aside))
    assert saved[history.ASIDE] == 1
    assert sorted(g["key"] for g in saved["games"]) == ["claims", "cut", "short"]


@pytest.mark.parametrize("date", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:30:00-01:00",
                                  "1900-01-01T00:00:00+00:00", "0001-01-01"])
def test_a_date_out_of_range_is_refused_cleanly(date: str) -> None:
    bad = dict(entry(1, "2026-01-02T10:00:00+00:00"), date=date)
    with pytest.raises(ic.CorruptSave, match="no valid date"):
        codec.check_history_game(bad)
    backend = Backend()
    backend.data["k"] = json.dumps(bad)
    store = history.History(backend)
    assert run(store.load()) == [] and store.damaged == 1
    done = run(store.import_text(codec.pack_history([bad])))
    assert not done.ok and "no valid date" in done.message and len(backend.data) == 1


def test_a_value_the_store_could_not_give_as_text_is_set_aside_with_its_reason() -> None:
    class Odd(Backend):
        async def all(self) -> str:
            return json.dumps([["big", None, "the stored value is a BigInt, not text"],
                               ["k", *sorted(self.data.items())[0][1:], ""]])

    backend = Odd()
    good = entry(1, "2026-01-02T10:00:00+00:00")
    backend.data["k"] = history.stored_text(good)
    store = history.History(backend)
    assert run(store.load()) == [good]
    assert store.aside == [history.Aside("big", None, "the stored value is a BigInt, not text")]


def test_an_unchecked_record_is_replayed_in_slices_with_the_page_drawing_between(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = finished(1)
    good = entry(1, "2026-01-02T10:00:00+00:00")
    steps = history.read_stored_steps(["k", history.stored_text(good)], 1, set())
    played = []
    with pytest.raises(StopIteration) as done:
        while True:
            played.append(next(steps))
    assert played == list(range(1, len(game.record()["actions"]) + 1))
    assert done.value.value == (good, history.digest(history.stored_text(good)), True)
    backend = Backend()
    backend.data[history.key(good)] = history.stored_text(good)
    pauses: list[float] = []

    async def pause() -> None:
        pauses.append(time.perf_counter())

    monkeypatch.setattr(history, "SLICE_S", -1.0)  # every step is over its slice
    text = history.stored_text(good)
    assert run(history.Slices(pause).run(history.read_stored_steps(["k", text], 1, set()))
               )[0] == good
    assert len(pauses) == len(played)  # a pause after each action once the slice is spent
    assert run(history.History(backend).load(pause)) == [good]
    assert len(pauses) == 2 * len(played) + 1  # and the chunk's


def test_a_record_that_replayed_once_is_not_replayed_again(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    backend = Backend()
    checks = storage.Store("intruder:", storage.MemoryBackend())
    good = [entry(1, "2026-01-02T10:00:00+00:00"), entry(0, "2026-01-03T10:00:00+00:00")]
    backend.data = {history.key(e): history.stored_text(e) for e in good}
    replays = []
    real = codec.check_history_steps
    monkeypatch.setattr(codec, "check_history_steps",
                        lambda item, n=1: replays.append(n) or real(item, n))
    paused = []

    async def pause() -> None:
        paused.append(1)

    monkeypatch.setattr(history, "SLICE_S", -1.0)  # a pause after every step
    store = history.History(backend, checks=checks)
    assert run(store.load(pause)) == history.newest_first(good)
    actions = sum(len(codec.decode_record(e["game"])["actions"]) for e in good)
    assert len(replays) == 2 and len(paused) == actions + 1  # each action, and the chunk
    assert len(json.loads(checks.get(history.CHECKED) or "")) == 2
    assert run(history.History(backend, checks=checks).load()) == history.newest_first(good)
    assert len(replays) == 2  # the cache's digests: no second replay
    # a changed text is not the text that was checked: replayed, and refused
    k = history.key(good[0])
    backend.data[k] = json.dumps(dict(good[0], score=good[0]["score"] + 1))
    again = history.History(backend, checks=checks)
    assert run(again.load()) == [good[1]] and again.damaged == 1 and len(replays) == 3


# --- the game page's part ---------------------------------------------------------------


class Page:
    """What Keeper needs of the page: its localStorage, notices and task spawner."""

    def __init__(self, backend: Backend | None) -> None:
        self.local = storage.MemoryBackend()
        self.backend = backend
        self.notices: list[str] = []

    def keeper(self) -> history.Keeper:
        return history.Keeper(
            history.History(self.backend) if self.backend is not None else None,
            storage.Store("intruder:", self.local), self.notices.append, asyncio.run,
            clock=lambda: "2026-03-04T05:06:07+00:00")


def _almost_over(seed: int = 1) -> tuple[ic.Game, ic.Action]:
    """A game one action before its end, and that action."""
    done = finished(seed)
    record = done.record()
    before = ic.replay({"origin": record["origin"], "actions": record["actions"][:-1]})
    return before, ic.Action.from_dict(record["actions"][-1])


def _begun() -> tuple[Backend, Page, ic.Game, ic.Action, history.Keeper]:
    """A page with a store, and its keeper begun on a game one action before its end."""
    backend = Backend()
    page = Page(backend)
    game, last = _almost_over()
    keeper = page.keeper()
    keeper.begin(game)
    return backend, page, game, last, keeper


def test_the_helps_are_counted_per_game_and_survive_a_reload() -> None:
    page = Page(Backend())
    game, _last = _almost_over()
    keeper = page.keeper()
    keeper.begin(game)
    for name in ("suggest", "suggest", "odds", "undo"):
        keeper.count(name)
    with pytest.raises(ValueError, match="unknown help"):
        keeper.count("peek")
    # A reload: the autosave's game is begun again, its counts come back.
    reloaded = page.keeper()
    reloaded.begin(ic.Game.from_json(game.to_json()))
    assert reloaded.used == {"suggest": 2, "odds": 1, "undo": 1}
    # Another game starts from zero (and its zeros replace the old counts).
    reloaded.begin(ic.new_game(seed=77))
    assert reloaded.used == {"suggest": 0, "odds": 0, "undo": 0}
    again = page.keeper()
    again.begin(game)
    assert again.used == {"suggest": 0, "odds": 0, "undo": 0}
    assert history.load_used("{damaged", game) == {"suggest": 0, "odds": 0, "undo": 0}


def test_a_finished_game_is_kept_once_with_its_counts() -> None:
    backend, page, game, last, keeper = _begun()
    keeper.count("odds")
    game.apply(last)
    keeper.finished(game)
    keeper.count("suggest")  # after the end: nothing to count
    keeper.finished(game)    # the game-over screen again: the same game, kept once
    assert len(backend.data) == 1
    kept = run(history.History(backend).load())
    assert kept == [codec.history_game(game, {"odds": 1}, "2026-03-04T05:06:07+00:00")]
    assert kept[0]["used"] == {"suggest": 0, "odds": 1, "undo": 0}
    assert page.notices == []


def test_a_reload_before_the_keep_was_done_keeps_the_game_at_boot() -> None:
    backend, page, game, last, keeper = _begun()
    keeper.count("suggest")
    game.apply(last)
    keeper.spawn = lambda coro: coro.close()  # the reload came before the keep ran
    keeper.finished(game)
    page.local.data["intruder:save"] = game.to_json()  # the autosave
    assert backend.data == {}
    reloaded = page.keeper()
    told: list[str] = []
    reloaded.kept = told.append
    reloaded.begin(ic.Game.from_json(game.to_json()))
    run(reloaded.probe())
    entry = codec.history_game(game, {"suggest": 1}, "2026-03-04T05:06:07+00:00")
    assert run(history.History(backend).load()) == [entry]
    assert told == [history.key(entry)]
    run(reloaded.probe())  # the game-over screen again: kept once
    assert len(backend.data) == 1


def test_a_game_in_play_or_opened_finished_from_a_link_is_not_kept_at_boot() -> None:
    backend, page, game, last, keeper = _begun()
    run(keeper.probe())
    assert backend.data == {}
    game.apply(last)
    shared = page.keeper()  # someone else's finished game, opened from its link
    shared.begin(ic.Game.from_json(game.to_json()))
    run(shared.probe())
    assert backend.data == {}


def test_the_game_pages_boot_asks_the_store_without_reading_a_record() -> None:
    backend, page, _game, _last, keeper = _begun()
    backend.data["k"] = "{}"
    run(keeper.probe())
    assert backend.calls == ["count"] and page.notices == []


def test_a_copys_end_is_offered_and_kept_once_whichever_tab_kept_it() -> None:
    backend, page, game, last, keeper = _begun()
    offers: list[str] = []
    copy = page.keeper()  # a second tab playing a copy: it never saves
    copy.may_save, copy.offer = (lambda: False), offers.append
    copy.begin(ic.Game.from_json(game.to_json()))
    twin = ic.Game.from_json(game.to_json())
    twin.apply(last)
    copy.finished(twin)
    assert offers == [history.COPY_ENDED] and backend.data == {}
    assert "intruder:ended" not in page.local.data  # the copy writes nothing beside the save
    copy.keep_copy()
    assert len(backend.data) == 1 and page.notices == [history.KEPT_COPY]
    copy.keep_copy()  # asked twice: nothing more
    assert page.notices == [history.KEPT_COPY]
    # the tab that plays finishes the same game: still one record, the copy's
    game.apply(last)
    keeper.finished(game)
    assert len(backend.data) == 1
    assert run(history.History(backend).load())[0]["date"] == "2026-03-04T05:06:07+00:00"


def test_a_failing_store_shows_the_notice_and_the_game_goes_on() -> None:
    page = Page(Failing("SecurityError"))
    keeper = page.keeper()
    game, last = _almost_over()
    keeper.begin(game)
    run(keeper.probe())
    game.apply(last)
    keeper.finished(game)
    assert game.is_over
    assert len(page.notices) == 2
    assert all("not being kept" in n for n in page.notices)


def test_without_a_history_the_embed_counts_and_stores_nothing() -> None:
    page = Page(None)
    keeper = page.keeper()
    game, last = _almost_over()
    keeper.begin(game)
    keeper.count("undo")
    game.apply(last)
    keeper.finished(game)
    run(keeper.probe())
    assert page.local.data == {}
    assert page.notices == []
    assert keeper.used == {"suggest": 0, "odds": 0, "undo": 0}


# --- the page's HTML --------------------------------------------------------------------


def test_the_list_links_each_game_to_its_review_and_replay() -> None:
    games = [entry(0, "2026-01-01T10:00:00+00:00"), entry(1, "2026-01-02T10:00:00+00:00")]
    html = history.games_html(history.newest_first(games))
    assert html.count('class="history-game"') == 2
    assert html.index('data-outcome="win"') < html.index('data-outcome="loss"')  # newest first
    labels = re.findall(r'aria-label="([^"]+)"', html)
    assert labels == ["Review game 1", "Replay game 1", "Review game 2", "Replay game 2"]
    links = re.findall(r'href="([^"]+)"', html)
    # the list's hrefs hold the game's number; the page sets the whole code before a use
    assert links == ["./replay.html?review=1#game=1", "./replay.html#game=1",
                     "./replay.html?review=1#game=2", "./replay.html#game=2"]
    ordered = history.newest_first(games)
    review = history.link_url(ordered, "http://h/replay.html?review=1#game=2")
    assert review is not None and review.startswith("./replay.html?review=1#g=")
    replay = history.link_url(ordered, links[1])
    assert replay is not None and replay.startswith("./replay.html#g=")
    for bad in ("./replay.html#game=3", "./replay.html#game=0", "./replay.html#game=x",
                "./replay.html#g=abc", "./replay.html"):
        assert history.link_url(ordered, bad) is None, bad
    code = session.fragment_code(replay[len("./replay.html"):])
    assert code is not None
    assert ic.replay(session.decode_record(code)).result == finished(1).result
    assert "2026-01-02 10:00 UTC" in html and "The crew wins" in html
    assert history.games_html([]) == ""


def test_a_long_list_is_shown_a_page_at_a_time_and_its_figures_count_every_game() -> None:
    won, lost = entry(1, "2026-01-01T10:00:00+00:00"), entry(0, "2026-01-01T10:00:00+00:00")
    games = history.newest_first(
        dict(won if n % 3 else lost, date=f"2026-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}"
             f"T{n // 336:02d}:00:00+00:00") for n in range(1000))
    assert history.pages(1000) == 20 and history.pages(0) == 1 and history.pages(50) == 1
    first, last = history.games_html(games, 0), history.games_html(games, 19)
    assert first.count('class="history-game"') == last.count('class="history-game"') == 50
    assert 'aria-label="Review game 1"' in first and 'aria-label="Review game 1000"' in last
    assert history.games_html(games, 99) == last  # past the end: the last page
    pager = history.pager_html(1000, 0)
    assert "Games 1-50 of 1,000" in pager
    assert re.search(r'data-page="-1" disabled>Later', pager)
    assert 'data-page="1">Earlier' in pager
    assert 'data-page="20" disabled>Earlier' in history.pager_html(1000, 19)
    assert history.pager_html(50, 0) == ""
    figures = history.stats(games)
    wins = sum(1 for n in range(1000) if n % 3)
    assert figures.games == 1000 and figures.wins == {"standard": (wins, 1000)}


def test_the_filter_shows_the_games_of_one_outcome_in_their_order() -> None:
    games = history.newest_first([entry(seed, f"2026-01-0{n}T10:00:00+00:00")
                                  for n, seed in enumerate((0, 1, 0, 1), 1)])
    assert history.shown(games, "all") == games
    assert [e["outcome"] for e in history.shown(games, "win")] == ["win", "win"]
    assert history.shown(games, "loss") == [games[1], games[3]]
    assert history.shown(games, "draw") == []
    assert set(history.SHOW) == {"all", *panels.OUTCOMES}  # one option an outcome
    assert re.findall(r'<option value="(\w+)"', history.show_html()) == list(history.SHOW)


def test_the_figures_html_names_each_difficulty() -> None:
    html = history.stats_html(history.stats([entry(1, "2026-01-02T10:00:00+00:00"),
                                             entry(1, "2026-01-03T10:00:00+00:00", "hard")]))
    assert "<th scope=\"row\">Standard</th><td>1</td><td>1</td><td>100%</td>" in html
    assert "Hard" in html and "Current streak" in html
    assert "No finished games" in history.stats_html(history.stats([]))


def test_the_replay_viewer_opens_each_game_of_a_history_file() -> None:
    from core import replay

    games = [entry(0, "2026-01-01T10:00:00+00:00"), entry(1, "2026-01-02T10:00:00+00:00")]
    found = replay.entries(history.export_text(games))
    assert [e.title for e in found] == ["Game history, game 1: loss",
                                        "Game history, game 2: win"]
    assert found[1].record == finished(1).record()


def test_your_games_keeps_the_game_pages_finished_autosave_it_may_have_missed() -> None:
    """The game page left right after the end (its keep not done): Your games finds the
    finished game in the game page's autosave, with its helps, and keeps it once; a game in
    play, one that did not end on the game page, no autosave or a damaged one gives
    nothing."""
    page = Page(Backend())
    game, last = _almost_over()
    keeper = page.keeper()
    keeper.begin(game)
    keeper.count("odds")
    store = storage.Store("intruder:", page.local)
    store.set(storage.SLOTS[0], storage.pack(game.record()))
    assert history.autosaved_entry(store) is None  # still in play
    game.apply(last)
    store.set(storage.SLOTS[0], storage.pack(game.record()))
    assert history.autosaved_entry(store) is None  # finished, but not on the game page
    keeper.spawn = lambda coro: coro.close()  # the page left before its keep ran
    keeper.finished(game)
    got = history.autosaved_entry(store, lambda: "2026-03-04T05:06:07+00:00")
    assert got == codec.history_game(game, {"suggest": 0, "odds": 1, "undo": 0},
                                     "2026-03-04T05:06:07+00:00")
    backend = Backend()
    kept = history.History(backend)
    assert run(kept.keep(got)) and run(kept.keep(got)) and len(backend.data) == 1
    store.set(storage.SLOTS[0], "{damaged")
    assert history.autosaved_entry(store) is None
    assert history.autosaved_entry(storage.Store("intruder:", storage.MemoryBackend())) is None


def test_mutated_records_beside_good_ones_are_set_aside_or_listed_as_they_replay() -> None:
    """The history fuzzer (bench/history_fuzz.py) in small: 80 records changed once by the
    save fuzzer's mutator, each beside good games; none stops the load or its HTML, the good
    games stay listed, and a record listed says what its game replays to."""
    from helpers import mutate_history

    from intruder_core import saves

    rng = random.Random(29)
    goods = [entry(seed, f"2026-01-0{seed + 1}T10:00:00+00:00") for seed in (0, 1, 2)]
    base = {history.key(e): history.stored_text(e) for e in goods}
    checks = storage.Store("intruder:", storage.MemoryBackend())
    refused = 0
    for _ in range(80):
        how, text = mutate_history(dict(rng.choice(goods)), rng)
        backend = Backend()
        backend.data = {**base, "fuzz": text}
        store = history.History(backend, checks=checks)
        listed = run(store.load())
        history.games_html(listed)
        history.stats_html(history.stats(listed))
        assert all(g in listed for g in goods), how
        for e in listed:
            game = saves.replay(codec.decode_record(e["game"]))
            assert game.is_over and codec.history_game(game, e["used"], e["date"]) == e, how
        refused += store.damaged
        assert store.damaged + len(listed) == len(goods) + 1, how
    assert refused > 60  # nearly every change breaks the record


def test_the_history_file_format_in_docs_is_the_codecs() -> None:
    """docs/web.md's table of the history file names exactly the fields an entry has, and
    its limits are the codec's."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "web.md").read_text()
    part = text.split("### The history file", 1)[1].split("\n\n", 3)[2]
    names = re.findall(r"^\| `([^`]+)` \|", part, re.M)
    assert names[:2] == [codec.HISTORY, "games"]
    assert names[2:] == list(HistoryGame.__annotations__)
    assert f"the format: {codec.HISTORY_FORMAT}" in part
    assert f"at most {codec.MAX_HISTORY_GAMES:,} games" in part
    assert f"at most {codec.MAX_DATE} characters" in part
    assert f"UTC year {codec.MIN_YEAR}-{codec.MAX_YEAR}" in part
    assert f"each 0-{codec.MAX_USES:,}" in part
    assert f"at most {codec.MAX_HISTORY_TEXT:,} characters" in text
    assert f'"{history.ASIDE}": 1' in text and history.ASIDE_NAME in text
    assert f"`intruder:{history.CHECKED}`" in text


def test_the_mistakes_learnt_are_kept_per_game_and_counted_once() -> None:
    one, two = history.learnt_key({"a": 1}), history.learnt_key({"a": 2})
    assert one != two and len(one) == 16
    text = history.add_learnt(None, one, 3)
    text = history.add_learnt(text, one, 3)  # the same mistake again counts once
    text = history.add_learnt(text, two, 9)
    assert history.read_learnt(text) == {one: [3], two: [9]}
    assert history.learnt_count(text) == 2
    for bad in ("not json", "[1, 2]", '{"x": 5}', ""):
        assert history.learnt_count(bad) == 0  # a damaged record reads as none learnt
    assert history.learnt_count(history.add_learnt("not json", one, 1)) == 1


def test_your_games_says_how_many_mistakes_were_learnt() -> None:
    assert "Mistakes learnt in reviews: <strong>3</strong></p>" in history.learnt_html(3)
    assert "Learn from your mistakes" in history.learnt_html(0)
