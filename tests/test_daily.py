"""The game of the day (issue 30, item 4; ruling R69): the seed of a date, the set-up, which
game is a daily, the streak and the last 30 days (the first finished daily of a date
counts), the result card (nothing hidden), the history entry's optional `daily` field checked
like every other field, and the page's notes beside the autosave (intruder_core.daily,
web/py/core/history.py)."""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import random
import re
import sys
from datetime import UTC, date, datetime, timedelta, timezone
from functools import cache
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import history, panels, storage
from intruder_core import codec, daily
from intruder_core.codec import HistoryGame
from intruder_core.errors import CorruptSave

DAY = date(2026, 3, 1)


# --- the seed and the set-up -----------------------------------------------------------------


def test_a_dates_seed_is_the_digest_of_its_name_the_same_every_time() -> None:
    digest = hashlib.sha256(b"intruder-daily:2026-03-01").digest()
    assert daily.seed(DAY) == int.from_bytes(digest[:4], "big") >> 1
    assert daily.seed(DAY) == 540241539  # pinned: a change would give every player another game
    assert daily.seed(date(2026, 3, 1)) == daily.seed(DAY)
    year = [daily.seed(DAY + timedelta(days=n)) for n in range(366)]
    assert len(set(year)) == len(year)  # every date of a year its own game
    assert all(0 <= s <= 2**31 - 1 for s in year)  # a seed the page accepts


def test_the_daily_is_the_standard_solitaire_game_of_its_seed() -> None:
    game = daily.new_game(DAY)
    origin = game.record()["origin"]
    assert origin == {"seed": 540241539, "dice": [], "scenario": "solitaire", "options": {}}
    assert daily.is_daily(origin, DAY)
    assert game.to_json() == ic.new_game(seed=540241539).to_json()
    assert not daily.is_daily(origin, DAY + timedelta(days=1))
    other = ic.new_game(seed=540241539, options={"difficulty": "hard"}).record()["origin"]
    assert not daily.is_daily(other, DAY)  # no setting changes the daily
    assert not daily.is_daily(dict(origin, dice=[3]), DAY)


@pytest.mark.parametrize("text", ["2026-3-1", "2026-02-30", "1999-12-31", "9999-01-01",
                                  "2026-03-01T00:00", " 2026-03-01", 20260301, None, "",
                                  "２０２６-03-01"])
def test_only_a_real_date_in_iso_form_is_a_dailys_date(text: object) -> None:
    assert daily.parse(text) is None


def test_today_is_the_utc_date() -> None:
    late = datetime(2026, 2, 28, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert daily.today(lambda: late) == date(2026, 3, 1)  # 04:30 UTC
    assert daily.today(lambda: datetime(2026, 3, 1, 0, 0, 1, tzinfo=UTC)) == DAY
    assert daily.today(lambda: datetime(2026, 3, 1, 23, 59)) == DAY  # no zone: UTC
    assert isinstance(daily.today(), date)


# --- the streak and the last days -----------------------------------------------------------


def test_the_streak_counts_dates_in_a_row_up_to_today_or_yesterday() -> None:
    days = {date(2026, 2, 26), date(2026, 2, 27), date(2026, 2, 28), DAY}
    assert daily.streak(days, DAY) == 4  # across the end of February
    assert daily.streak(days, date(2026, 3, 2)) == 4  # today's not played yet
    assert daily.streak(days, date(2026, 3, 3)) == 0  # yesterday missed
    assert daily.streak(days - {date(2026, 2, 27)}, DAY) == 2  # a gap ends it
    assert daily.streak(set(), DAY) == 0
    leap = {date(2028, 2, 28), date(2028, 2, 29), date(2028, 3, 1)}
    assert daily.streak(leap, date(2028, 3, 1)) == 3
    assert daily.streak({date(2026, 12, 31), date(2027, 1, 1)}, date(2027, 1, 1)) == 2


def test_the_window_is_the_last_30_dates_oldest_first() -> None:
    days = daily.window(DAY)
    assert len(days) == 30 and days[-1] == DAY and days[0] == date(2026, 1, 31)
    assert all(b - a == timedelta(days=1) for a, b in itertools.pairwise(days))


# --- finished dailies ------------------------------------------------------------------------


@cache
def _played(day: date, seed: int) -> str:
    """`day`'s daily played to its end by random legal moves from `seed`."""
    game = daily.new_game(day)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.to_json()


def played(day: date, seed: int = 0) -> ic.Game:
    return ic.Game.from_json(_played(day, seed))


def daily_entry(day: date, ended: str, seed: int = 0) -> HistoryGame:
    return codec.history_game(played(day, seed), {"suggest": 1, "odds": 0, "undo": 2}, ended,
                              day.isoformat())


def test_only_the_first_finished_daily_of_a_date_counts() -> None:
    first = daily_entry(DAY, "2026-03-01T09:00:00+00:00", 0)
    again = daily_entry(DAY, "2026-03-01T10:00:00+00:00", 1)  # the same date, finished later
    feb = daily_entry(date(2026, 2, 28), "2026-03-01T08:00:00+00:00")  # played late
    plain = codec.history_game(played(DAY, 2), {}, "2026-03-01T07:00:00+00:00")  # not marked
    firsts = history.first_dailies([again, plain, feb, first])
    assert firsts == {"2026-03-01": first, "2026-02-28": feb}


def test_your_games_shows_the_streak_and_30_days_by_their_first_daily() -> None:
    first = daily_entry(DAY, "2026-03-01T09:00:00+00:00", 0)
    again = daily_entry(DAY, "2026-03-01T10:00:00+00:00", 1)
    feb = daily_entry(date(2026, 2, 28), "2026-02-28T20:00:00+00:00", 3)
    jan = daily_entry(date(2026, 1, 31), "2026-01-31T20:00:00+00:00", 4)  # the window's first
    old = daily_entry(date(2026, 1, 30), "2026-01-30T20:00:00+00:00", 5)  # before it
    html = history.daily_html([again, old, jan, feb, first], DAY)
    assert re.search(r'<strong id="daily-streak">2</strong> days in a row', html)
    cells = re.findall(r'<li data-date="([\d-]+)" data-outcome="(\w+)"><span role="img" '
                       r'aria-label="([^"]+)"', html)
    assert len(cells) == 30
    assert cells[0] == ("2026-01-31", jan["outcome"],
                        f"31 Jan: {panels.OUTCOME_PAST[jan['outcome']]}, {jan['score']} points")
    assert cells[-1] == ("2026-03-01", first["outcome"],
                         f"1 Mar: {panels.OUTCOME_PAST[first['outcome']]}, "
                         f"{first['score']} points")
    assert cells[-2][0] == "2026-02-28" and cells[-2][1] == feb["outcome"]
    assert cells[1] == ("2026-02-01", "none", "1 Feb: no game")
    assert sum(c[1] == "none" for c in cells) == 27
    assert "2026-01-30" not in html
    # Tomorrow, before its game: the streak still stands; the day after, it is gone.
    assert '"daily-streak">2<' in history.daily_html([first, feb], DAY + timedelta(days=1))
    assert '"daily-streak">0<' in history.daily_html([first, feb], DAY + timedelta(days=2))
    assert '"daily-streak">1</strong> day in a row' in history.daily_html([first], DAY)


def test_a_daily_is_named_so_in_the_list_with_its_review_and_replay() -> None:
    entry = daily_entry(DAY, "2026-03-01T09:00:00+00:00")
    html = history.games_html([entry])
    assert "Game of the day 2026-03-01" in html
    assert 'aria-label="Review game 1"' in html and 'aria-label="Replay game 1"' in html
    assert history.link_url([entry], "./replay.html?review=1#game=1") == \
        history.replay_url(entry, review=True)


# --- the result card -------------------------------------------------------------------------


HIDDEN = ("dummy", "lab animal", "lab_animal", "intruder c", "seed", "c1", "c2", "counter")


def test_the_card_says_date_outcome_turns_losses_score_and_helps_and_nothing_hidden() -> None:
    for seed in range(4):
        game = played(DAY, seed)
        view = game.view("crew")
        used = {"suggest": 1, "odds": 3, "undo": 0}
        card = history.card_text("2026-03-01", view, used)
        result = game.result or {}
        dead = sum(1 for c in game.crew.values() if c.status == "dead")
        assert card.splitlines() == [
            "Intruder, game of the day 2026-03-01",
            f"{panels.OUTCOMES[result['outcome']]} in {game.turn} turns",
            f"Crewmen lost: {dead} of 9",
            f"Score: {result['score']}",
            "Helps used: Suggest 1, Odds 3, Undo 0"]
        lowered = card.lower()
        assert not any(word in lowered for word in HIDDEN), card
        assert str(game.record()["origin"]["seed"]) not in card
        # The game-over panel carries it, escaped, with its Copy button.
        panel = panels.result_html(result, card)
        assert 'id="copy-result"' in panel and 'data-command="copy-result"' in panel
        assert "Intruder, game of the day 2026-03-01" in panel
    assert "copy-result" not in panels.result_html(played(DAY).result)  # not a daily: none


# --- the history entry's field ---------------------------------------------------------------


def test_a_daily_entry_round_trips_through_the_history_file() -> None:
    entry = daily_entry(DAY, "2026-03-01T09:00:00+00:00")
    plain = codec.history_game(played(DAY, 1), {}, "2026-03-01T10:00:00+00:00")
    assert entry["daily"] == "2026-03-01" and "daily" not in plain
    assert codec.read_history(history.export_text([entry, plain])) == [entry, plain]
    assert codec.check_history_fields(json.loads(history.stored_text(entry))) == entry


def test_an_old_file_without_the_field_still_loads() -> None:
    game = played(DAY, 1)
    old = {"game": codec.encode_record(game.record()), "outcome": game.result["outcome"],
           "score": game.result["score"], "scenario": "solitaire", "difficulty": "standard",
           "date": "2025-01-01T00:00:00+00:00", "used": {"suggest": 0, "odds": 0, "undo": 0}}
    text = json.dumps({"intruder-history": 1, "games": [old]})
    assert codec.read_history(text) == [old]


@pytest.mark.parametrize(("value", "why"), [
    (20260301, "no valid date of the game of the day"),
    ("2026-3-1", "no valid date of the game of the day"),
    ("2026-02-30", "no valid date of the game of the day"),
    ("", "no valid date of the game of the day"),
    (None, "no valid date of the game of the day"),
    ("2026-03-02", "no valid date of the game of the day"),  # after the game ended
    ("2026-02-28", "is not the game of the day of 2026-02-28"),  # another date's set-up
])
def test_a_bad_daily_value_is_refused_with_a_message(value: object, why: str) -> None:
    entry: dict[str, Any] = dict(daily_entry(DAY, "2026-03-01T09:00:00+00:00"))
    entry["daily"] = value
    with pytest.raises(CorruptSave, match=re.escape(why)):
        codec.check_history_game(entry, 1)


def test_a_game_not_of_the_day_marked_as_one_is_refused() -> None:
    entry = dict(codec.history_game(ic.Game.from_json(_other()), {}, "2026-03-01T09:00:00"),
                 daily="2026-03-01")
    with pytest.raises(CorruptSave, match="game 2 of the history is not the game of the day"):
        codec.check_history_game(entry, 2)


@cache
def _other() -> str:
    game = ic.new_game(seed=7)
    rng = random.Random(0)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.to_json()


class Backend:
    """history-db.mjs over a dict."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    async def all(self) -> str:
        return json.dumps(sorted(self.data.items()))

    async def count(self) -> int:
        return len(self.data)

    async def add(self, key: str, text: str) -> bool:
        self.data.setdefault(key, text)
        return True

    async def add_many(self, pairs: str) -> int:
        for key, text in json.loads(pairs):
            self.data.setdefault(key, text)
        return len(json.loads(pairs))


def test_an_import_with_a_bad_daily_changes_nothing_and_says_which_game() -> None:
    backend = Backend()
    store = history.History(backend)
    kept = daily_entry(date(2026, 2, 28), "2026-02-28T09:00:00+00:00")
    assert asyncio.run(store.keep(kept))
    good = daily_entry(DAY, "2026-03-01T09:00:00+00:00")
    bad = dict(daily_entry(DAY, "2026-03-01T10:00:00+00:00", 1), daily="2026-13-01")
    done = asyncio.run(store.import_text(history.export_text([good, bad])))  # type: ignore[list-item]
    assert not done.ok and done.added == 0
    assert "game 2 of the history has no valid date of the game of the day" in done.message
    assert list(backend.data.values()) == [history.stored_text(kept)]
    assert asyncio.run(store.load()) == [kept]
    # A stored record with a bad daily is set aside; the others are listed.
    backend.data["x" * 32] = history.stored_text(bad)  # type: ignore[arg-type]
    assert asyncio.run(store.load()) == [kept] and store.damaged == 1


# --- the page's notes beside the autosave ----------------------------------------------------


def keeper(store: storage.Store, clock: str = "2026-03-01T12:00:00+00:00",
           saves: bool = True) -> history.Keeper:
    return history.Keeper(history.History(Backend()), store, lambda _t: None,
                          lambda coro: coro.close(), may_save=lambda: saves,
                          clock=lambda: clock)


def test_the_daily_mark_survives_a_reload_and_a_typed_seed_is_no_daily() -> None:
    store = storage.Store("t:", storage.MemoryBackend())
    game = daily.new_game(DAY)
    keep = keeper(store)
    keep.begin(game, "2026-03-01")
    assert history.load_daily(store.get(history.DAILY), ic.Game.from_json(game.to_json())) \
        == "2026-03-01"  # the reload's resume
    typed = ic.new_game(seed=daily.seed(DAY))  # the same seed, typed in the New game dialog
    keep.begin(typed)
    assert keep.daily == "" and store.get(history.DAILY) is None
    assert history.load_daily(store.get(history.DAILY), typed) == ""
    # A note that names a game not of its date's set-up is no daily either.
    forged = json.dumps({"game": history.game_id(ic.new_game(seed=1)), "daily": "2026-03-01"})
    assert history.load_daily(forged, ic.new_game(seed=1)) == ""
    assert history.load_daily("{not json", game) == ""
    # A copy (a tab that does not save) leaves the note alone.
    keep.begin(game, "2026-03-01")
    copy = keeper(store, saves=False)
    copy.begin(ic.new_game(seed=3))
    assert history.load_daily(store.get(history.DAILY), game) == "2026-03-01"


def test_a_daily_left_in_play_is_kept_and_a_finished_one_is_offered_for_review() -> None:
    store = storage.Store("t:", storage.MemoryBackend())
    keep = keeper(store)
    game = daily.new_game(DAY)
    keep.begin(game, "2026-03-01")
    game.apply(game.legal_actions()[0])
    assert history.daily_control("2026-03-01", None, None, True) == \
        history.DailyControl("Game of the day: in play", disabled=True)
    other = ic.new_game(seed=5)
    keep.leave(game, "2026-03-01", other, "")  # another game replaces it
    keep.begin(other)
    left = history.read_left(store.get(history.DAILY_LEFT), "2026-03-01")
    assert left is not None and storage.unpack(ic, left).to_json() == game.to_json()
    assert history.read_left(store.get(history.DAILY_LEFT), "2026-03-02") is None
    assert history.daily_control("2026-03-01", None, store.get(history.DAILY_LEFT), False
                                 ).label == "Game of the day: resume"
    assert history.daily_control("2026-03-02", None, store.get(history.DAILY_LEFT), False
                                 ).label == "Game of the day"
    # Finished: the control offers its review, and no other try.
    done = played(DAY)
    keep.begin(done, "2026-03-01")
    keep.finished(done)
    entry = history.read_done(store.get(history.DAILY_DONE), "2026-03-01")
    assert entry is not None and entry["daily"] == "2026-03-01"
    assert store.get(history.DAILY_LEFT) is None
    shown = history.daily_control("2026-03-01", store.get(history.DAILY_DONE), None, False)
    result = done.result or {}
    assert shown.label == f"Today's game: {panels.OUTCOME_PAST[result['outcome']]}, " \
        f"{result['score']}"
    assert shown.href == history.replay_url(entry, review=True) and not shown.disabled
    assert history.daily_control("2026-03-02", store.get(history.DAILY_DONE), None, False) \
        == history.DailyControl("Game of the day")
    assert history.read_done('{"game": 1}', "2026-03-01") is None


def test_a_finished_daily_kept_from_the_autosave_keeps_its_date() -> None:
    store = storage.Store("t:", storage.MemoryBackend())
    done = played(DAY)
    keep = keeper(store)
    keep.begin(done, "2026-03-01")
    keep.finished(done)
    store.set("save", storage.pack(done.record()))
    entry = history.autosaved_entry(store, lambda: "2026-03-01T12:00:00+00:00")
    assert entry is not None and entry.get("daily") == "2026-03-01"
    assert codec.check_history_game(entry) == entry
