"""Your games (issue 22, item 3): games finished on the game page are kept in IndexedDB and
listed by history.html with the right outcomes and the helps used; the history exported and
imported into a fresh context gives the same list; a bad file changes nothing; with IndexedDB
broken the game still plays and both pages say the history is not being kept. At 1280x800
and 390x844: text >= 11 px, targets >= 24 px, no two controls sharing a name."""

from __future__ import annotations

import base64
import json
import random
import re
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
import states
from conftest import ROOT, Problems, Site, wait_until_booted
from game_page import Boot, click_action
from history_records import PUT_RECORDS, entries
from main_thread import LONG_TASK_FAILURE, MainThread
from measures import MAX_VIEWPORTS, MEASURES, shared_names
from playwright.sync_api import Browser, BrowserContext, Page, expect

import build
import intruder_core as ic
from intruder_core.bots import make_policy, play

sys.path.insert(0, str(ROOT / "web" / "py"))
from core import history, session
from intruder_core import codec

HISTORY = "history.html"
LOSS_SEED, WIN_SEED = 0, 1  # the heuristic's games from these seeds end so (tests/test_history)
# IndexedDB refused, as a blocked or private browser refuses it. The whole of it on the
# history page; on the game page only the history's database, since PyScript itself opens an
# IndexedDB store when its core.js loads (its "@pyscript.fs" map) and fails to boot without
# one: that boot is not the history's to keep alive (see docs/web.md, Your games).
BREAK_IDB = """(() => { const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = (name, ...rest) => {
    if (ONLY && name !== "intruder-history") return open(name, ...rest);
    throw new DOMException("The user denied permission to access the database.",
                           "SecurityError"); }; })();"""
# The history's database never answering (another tab's deletion pending, a stuck store):
# its open request is left without an answer.
STUCK_IDB = """(() => { const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = (name, ...rest) => name === "intruder-history" ? {} : open(name, ...rest);
})();"""
# The history's writes refused for want of space (the quota), its reads working.
FULL_IDB = """(() => { const add = IDBObjectStore.prototype.add;
  IDBObjectStore.prototype.add = function (...args) {
    if (this.name !== "games") return add.apply(this, args);
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; })();"""


@cache
def _finished(seed: int) -> str:
    g = ic.new_game(seed=seed)
    play(g, make_policy("heuristic"), random.Random(seed))
    assert g.is_over
    return g.to_json()


def almost_over(seed: int) -> tuple[ic.Game, ic.Game, int, str | None]:
    """(the game one action before its end, the finished game, that action's index among
    the legal actions, its crewman)."""
    done = ic.Game.from_json(_finished(seed))
    record = done.record()
    before = ic.replay({"origin": record["origin"], "actions": record["actions"][:-1]})
    last = ic.Action.from_dict(record["actions"][-1])
    crew = record["actions"][-1].get("crew")
    return before, done, before.legal_actions().index(last), crew if isinstance(crew, str) \
        else None


def finish_on_the_page(page: Page, site: Site, seed: int, suggest: bool = False) -> ic.Game:
    """Resume the game one action before its end (the autosave) and play that action."""
    before, done, index, crew = almost_over(seed)
    if not page.url.startswith(site.url):  # else the page is there (its service worker too)
        states.on_origin(page, site.url)
    states.load_state(page, site.url, before)
    if suggest:  # a help used in this game: counted in the kept entry
        page.locator("#suggest").click()
        expect(page.locator("body")).not_to_have_attribute("data-suggested", "")
    click_action(page, index, crew)
    expect(page.locator("#result")).to_be_visible()
    return done


def open_history(page: Page, site: Site) -> None:
    page.goto(site.url + HISTORY)
    info = wait_until_booted(page)
    assert info.get("ready") == "1", info


def listed(page: Page) -> list[tuple[str, str]]:
    """(outcome, key) of each listed game, in the page's order."""
    return [(str(li.get_attribute("data-outcome")), str(li.get_attribute("data-key")))
            for li in page.locator("#history-games li.history-game").all()]


def check_sizes(page: Page, where: str) -> None:
    for size in ("desktop", "phone"):
        w, h = states.SIZES[size]
        page.set_viewport_size({"width": w, "height": h})
        small, tiny, page_h = page.evaluate(MEASURES)
        assert not small, f"{where} {size}: text under 11 px: {small[:8]}"
        assert not tiny, f"{where} {size}: tap targets under 24x24 px: {tiny[:8]}"
        assert page_h <= MAX_VIEWPORTS * h, f"{where} {size}: page {page_h} px tall"
        same = shared_names(page)
        assert not same, f"{where} {size}: controls sharing a name: {same[:8]}"


@pytest.mark.heavy  # a whole game or many samples: dealt out first
def test_finished_games_are_listed_exported_and_imported(
    page: Page, site: Site, problems: Problems, browser: Browser, tmp_path: Path,
    seed_snapshot: Callable[[Page], None],
) -> None:
    won = finish_on_the_page(page, site, WIN_SEED, suggest=True)
    # The game-over screen again (a reload, maybe before the end's keep was done): the boot
    # keeps the game if it is not kept yet, and never twice.
    page.reload()
    wait_until_booted(page)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("body")).to_have_attribute(
        "data-last-kept", re.compile(r"^[0-9a-f]{32}$"), timeout=20_000)
    lost = finish_on_the_page(page, site, LOSS_SEED)
    assert (won.result or {})["outcome"] == "win" and (lost.result or {})["outcome"] == "loss"

    # The game page's menu leads to the list.
    page.locator("#your-games").click()
    info = wait_until_booted(page)
    assert info.get("ready") == "1"
    expect(page.locator("body")).to_have_attribute("data-games", "2")
    expect(page.locator("body")).to_have_attribute("data-kept", "1")
    games = listed(page)
    assert [o for o, _k in games] == ["loss", "win"]  # the latest first
    first = page.locator("#history-games li.history-game").nth(1)
    expect(first).to_contain_text("Suggest 1, Odds 0, Undo 0")
    expect(first).to_contain_text(f"score {(won.result or {})['score']}")
    figures = page.locator("#history-figures")
    expect(figures).to_contain_text("Current streak")
    expect(figures.locator("dd").nth(1)).to_have_text(str(max(
        (won.result or {})["score"], (lost.result or {})["score"])))
    expect(figures.locator("dd").nth(2)).to_have_text("0 wins")  # a loss last
    expect(figures.locator("tbody tr")).to_have_text("Standard1250%")
    # Each game's Review and Replay open replay.html with its record: the list holds its
    # number, the link gets the whole code once it is focused or pressed.
    review = first.get_by_role("link", name="Review game 2")
    assert review.get_attribute("href") == "./replay.html?review=1#game=2"
    review.focus()
    assert str(review.get_attribute("href")).startswith("./replay.html?review=1#g=")
    replay_link = first.get_by_role("link", name="Replay game 2")
    replay_link.dispatch_event("pointerdown")
    href = str(replay_link.get_attribute("href"))
    code = href.split("#g=", 1)[1]
    assert ic.replay(json.loads(base64.urlsafe_b64decode(
        code + "=" * (-len(code) % 4)))).result == won.result
    check_sizes(page, "history")

    with page.expect_download() as info_dl:
        page.locator("#history-export").click()
    exported = tmp_path / "games.json"
    info_dl.value.save_as(exported)
    expect(page.locator("#history-message")).to_have_text("Exported 2 game(s).")

    # A fresh context (no IndexedDB of its own yet) imports the file: the same list.
    fresh = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        other = fresh.new_page()
        seed_snapshot(other)  # its boots then start from a snapshot (not what is tested here)
        open_history(other, site)
        expect(other.locator("body")).to_have_attribute("data-games", "0")
        expect(other.locator("#history-figures")).to_contain_text("No finished games")
        other.locator("#history-file").set_input_files(str(exported))
        expect(other.locator("#history-message")).to_have_text("Imported 2 games.")
        expect(other.locator("body")).to_have_attribute("data-games", "2")
        assert listed(other) == games
        # The same file again adds nothing.
        other.locator("#history-file").set_input_files(str(exported))
        expect(other.locator("#history-message")).to_have_text(
            "Imported 0 games; 2 already kept.")
        # A bad file (a game's score altered) is refused and the list stays.
        data = json.loads(exported.read_text())
        data["games"][0]["score"] += 100
        bad = tmp_path / "altered.json"
        bad.write_text(json.dumps(data))
        other.locator("#history-file").set_input_files(str(bad))
        expect(other.locator("#history-message")).to_contain_text(
            "This file cannot be imported: game 1 of the history says its score was")
        expect(other.locator("#history-message")).to_contain_text(
            "Your games are kept as they were.")
        not_json = tmp_path / "not-json.json"
        not_json.write_text("{oops")
        other.locator("#history-file").set_input_files(str(not_json))
        expect(other.locator("#history-message")).to_contain_text("not valid JSON")
        other.reload()
        wait_until_booted(other)
        assert listed(other) == games
        # A click on a listed game's Replay opens it, in this tab.
        other.get_by_role("link", name="Replay game 2").click()
        expect(other).to_have_url(re.compile(r"/replay\.html#g="))
        assert wait_until_booted(other).get("ready") == "1"
        expect(other.locator("body")).to_have_attribute(
            "data-actions", str(len(won.record()["actions"])))
        assert len(fresh.pages) == 1
    finally:
        fresh.close()


def test_with_indexeddb_refused_the_history_page_says_so(
    page: Page, site: Site, problems: Problems
) -> None:
    page.add_init_script(BREAK_IDB.replace("ONLY", "false"))
    open_history(page, site)
    expect(page.locator("body")).to_have_attribute("data-kept", "0")
    notice = page.locator("#history-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_text("Your games are not being kept: this browser does not let the "
                                "page store anything (private mode or blocked storage). The "
                                "game still plays as usual.")
    expect(page.locator("#history-export")).to_be_disabled()
    check_sizes(page, "history, not kept")


@pytest.mark.parametrize("how", ["refused", "full"])
def test_with_the_history_store_unusable_the_game_plays_and_says_so(
    page: Page, site: Site, problems: Problems, how: str
) -> None:
    page.add_init_script(BREAK_IDB.replace("ONLY", "true") if how == "refused"
                                 else FULL_IDB)
    before, _done, index, crew = almost_over(WIN_SEED)
    states.on_origin(page, site.url)
    states.load_state(page, site.url, before)
    notice = page.locator('#notices [data-notice="history"]')
    if how == "refused":  # told at boot
        expect(notice).to_contain_text("Your games are not being kept: this browser does not "
                                       "let the page store anything")
    else:  # told when the finished game cannot be written
        expect(notice).to_have_count(0)
    sha = page.locator("body").get_attribute("data-state-sha")
    click_action(page, index, crew)  # the game plays on, to its end
    expect(page.locator("#result")).to_be_visible()
    assert page.locator("body").get_attribute("data-state-sha") != sha
    expect(notice).to_contain_text("The game still plays as usual.")
    if how == "full":
        expect(notice).to_contain_text("the browser's storage for this page is full")
        # Your games tries to keep the game too (the autosave says it ended there), and
        # says why it cannot, beside what it lists
        page.locator("#your-games").click()
        assert wait_until_booted(page).get("ready") == "1"
        expect(page.locator("#history-notice")).to_contain_text(
            "the browser's storage for this page is full")
        expect(page.locator("body")).to_have_attribute("data-kept", "0")


def test_a_copys_end_is_offered_to_keep_and_kept_once_whichever_tab_finished_it(
    context: BrowserContext, page: Page, site: Site, problems: Problems
) -> None:
    """A tab that plays a copy never saves, so its finished game is not kept by itself: its
    end says so and offers to keep it. The same game finished in the tab that plays is the
    same record: Your games lists it once."""
    before, _done, index, crew = almost_over(WIN_SEED)
    states.on_origin(page, site.url)
    states.load_state(page, site.url, before)
    second = context.new_page()
    second.goto(site.url)
    wait_until_booted(second)
    expect(page.locator("body")).to_have_attribute("data-tab", "read_only")
    page.get_by_role("button", name="Play a copy here").click()
    expect(page.locator("body")).to_have_attribute("data-tab", "copy")
    click_action(page, index, crew)
    expect(page.locator("#result")).to_be_visible()
    notice = page.locator('#notices [data-notice="history"]')
    expect(notice).to_contain_text("The copy was not autosaved, so it is not in Your games")
    expect(page.locator("body")).not_to_have_attribute("data-last-kept", re.compile("."))
    notice.get_by_role("button", name="Keep it in Your games").click()
    expect(notice).to_have_text(re.compile("^The copy's game is kept in Your games."))
    expect(page.locator("body")).to_have_attribute("data-last-kept", re.compile(r"^[0-9a-f]{32}$"))
    # the tab that plays finishes the same game: kept once
    click_action(second, index, crew)
    expect(second.locator("#result")).to_be_visible()
    expect(second.locator("body")).to_have_attribute(
        "data-last-kept", str(page.locator("body").get_attribute("data-last-kept")))
    second.close()
    open_history(page, site)
    expect(page.locator("body")).to_have_attribute("data-games", "1")


def test_the_embed_keeps_no_history(page: Page, site: Site, problems: Problems) -> None:
    before, _done, index, crew = almost_over(WIN_SEED)
    states.on_origin(page, site.url)
    states.load_state(page, site.url + "embed.html", before, prefix="intruder:embed:")
    click_action(page, index, crew)
    expect(page.locator("#result")).to_be_visible()
    page.wait_for_timeout(500)  # a history write would have been started by now
    stored = page.evaluate("""async () => ({
        dbs: (await indexedDB.databases()).map((d) => d.name),
        keys: Object.keys(localStorage)})""")
    assert "intruder-history" not in stored["dbs"], stored
    assert not [k for k in stored["keys"] if k.endswith("used")], stored


def test_a_finished_game_opened_from_its_link_is_not_yours(
        page: Page, site: Site, problems: Problems, boot: Boot) -> None:
    """A friend's finished game, opened from its share link, shows its game-over screen but
    is not kept: not by the game page's boot, nor by Your games from the autosave."""
    done = ic.Game.from_json(_finished(WIN_SEED))
    boot(site.url + session.share_fragment(done.record()))
    expect(page.locator("#result")).to_be_visible()
    page.locator("#your-games").click()
    info = wait_until_booted(page)
    assert info.get("ready") == "1"
    expect(page.locator("body")).to_have_attribute("data-kept", "1")
    expect(page.locator("body")).to_have_attribute("data-games", "0")


def test_with_indexeddb_refused_entirely_the_game_boots_and_plays(
    page: Page, site: Site, problems: Problems
) -> None:
    """Every IndexedDB open refused, PyScript's own too: the game page still boots (boot.js
    gives PyScript's store a stand-in), plays to its end and says its games are not kept."""
    page.add_init_script(BREAK_IDB.replace("ONLY", "false"))
    before, _done, index, crew = almost_over(WIN_SEED)
    states.on_origin(page, site.url)
    states.load_state(page, site.url, before)
    notice = page.locator('#notices [data-notice="history"]')
    expect(notice).to_contain_text("Your games are not being kept: this browser does not let "
                                   "the page store anything", timeout=20_000)  # when idle
    click_action(page, index, crew)
    expect(page.locator("#result")).to_be_visible()
    expect(notice).to_contain_text("The game still plays as usual.")


def test_with_the_history_database_never_answering_your_games_says_so_in_time(
    page: Page, site: Site, problems: Problems
) -> None:
    """An open that never answers (a deletion pending in another tab): Your games is ready
    and says why it keeps nothing within 5 s of its start, never waiting on the request."""
    page.add_init_script(STUCK_IDB)
    open_history(page, site)
    notice = page.locator("#history-notice")
    expect(notice).to_contain_text("did not answer in time", timeout=5_000)
    expect(page.locator("body")).to_have_attribute("data-kept", "0")


# A database of the history's name without its games store (broken, or left by some other
# page): made from an empty page of the origin before the site opens it.
BROKEN_DB = """() => new Promise((resolve, reject) => {
  const r = indexedDB.open("intruder-history", 1);
  r.onupgradeneeded = () => r.result.createObjectStore("something-else");
  r.onsuccess = () => { r.result.close(); resolve(); };
  r.onerror = () => reject(r.error);
})"""


def test_a_broken_history_database_is_mended_and_the_game_is_kept(
    page: Page, site: Site, problems: Problems
) -> None:
    """The history's database there without its store: the game page finishes and keeps its
    game (the store is added by an upgrade, nothing of the database is dropped) and Your
    games lists it."""
    before, _done, index, crew = almost_over(WIN_SEED)
    states.on_origin(page, site.url)
    page.evaluate(BROKEN_DB)
    states.load_state(page, site.url, before)
    click_action(page, index, crew)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-last-kept", re.compile(r"^[0-9a-f]{32}$"),
                                                  timeout=20_000)
    expect(page.locator('#notices [data-notice="history"]')).to_have_count(0)
    open_history(page, site)
    expect(page.locator("body")).to_have_attribute("data-games", "1")
    expect(page.locator("body")).to_have_attribute("data-kept", "1")
    stores = page.evaluate("""() => new Promise((resolve) => {
      const r = indexedDB.open("intruder-history");
      r.onsuccess = () => { const names = [...r.result.objectStoreNames]; r.result.close();
                            resolve(names); };
    })""")
    assert stores == ["games", "something-else"]


def test_a_pending_deletion_in_another_tab_is_not_held_up(
    page: Page, site: Site, problems: Problems
) -> None:
    """Your games open in one tab, the database deleted from another: the open tab gives way
    (closes on versionchange), so the deletion completes at once."""
    open_history(page, site)
    expect(page.locator("body")).to_have_attribute("data-kept", "1")
    other = page.context.new_page()
    states.on_origin(other, site.url)
    ms = other.evaluate("""() => new Promise((resolve) => {
      const t0 = performance.now();
      const request = indexedDB.deleteDatabase("intruder-history");
      request.onsuccess = () => resolve(performance.now() - t0);
      request.onerror = () => resolve(-1);
      setTimeout(() => resolve(99999), 8000);
    })""")
    assert 0 <= ms < 3000, ms


def put(page: Page, site: Site, rows: list[tuple[str, str]],
        checked: tuple[str, ...] = (), there: bool = False) -> None:
    """Store these records (key, JS expression of the value) in the site's IndexedDB and the
    digests of `checked` texts in the cache, from an empty page of its origin (or, `there`,
    from the site's page already open)."""
    if not there:
        states.on_origin(page, site.url)
    page.evaluate(PUT_RECORDS, [list(r) for r in rows])
    if checked:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      ["intruder:" + history.CHECKED,
                       json.dumps(sorted(history.digest(t) for t in checked))])


def test_bad_records_among_good_ones_are_set_aside_and_the_good_ones_listed(
    page: Page, site: Site, problems: Problems, tmp_path: Path
) -> None:
    good = [json.dumps(e, separators=(",", ":")) for e in entries(3, 3)]
    lost = json.loads(good[0])
    claims = dict(lost, outcome="draw" if lost["outcome"] != "draw" else "win")
    cut = dict(lost, game=lost["game"][: len(lost["game"]) // 2])
    bad = {
        "date": json.dumps(json.dumps(dict(lost, date="0001-01-01T00:00:00+01:00"))),
        "claims": json.dumps(json.dumps(claims)),
        "cut": json.dumps(json.dumps(cut)),
        "bigint": "12345678901234567890n",
        "cyclic": "(() => { const o = {a: 1}; o.self = o; return o; })()",
        "blob": "new Blob(['x'])",
        "map": "new Map([[1, 2]])",
        "buffer": "new ArrayBuffer(8)",
        "when": "new Date(0)",
        "huge": "'x'.repeat(5_000_000)",
    }
    rows = [(f"good{n}", json.dumps(t)) for n, t in enumerate(good)] + list(bad.items())
    put(page, site, rows)
    open_history(page, site)
    body = page.locator("body")
    expect(body).to_have_attribute("data-games", "3")
    expect(body).to_have_attribute("data-aside", str(len(bad)))
    expect(body).to_have_attribute("data-kept", "1")
    expect(page.locator("#history-aside")).to_contain_text(
        f"{len(bad)} games could not be read and are kept aside")
    assert sorted(o for o, _k in listed(page)) == sorted(json.loads(t)["outcome"] for t in good)
    with page.expect_download() as info_dl:
        page.locator("#history-export-aside").click()
    assert info_dl.value.suggested_filename == history.ASIDE_NAME
    saved = tmp_path / history.ASIDE_NAME
    info_dl.value.save_as(saved)
    aside = json.loads(saved.read_text())
    assert sorted(g["key"] for g in aside["games"]) == sorted(bad)
    whys = {g["key"]: g["why"] for g in aside["games"]}
    assert "BigInt" in whys["bigint"] and "Blob" in whys["blob"] and "too large" in whys["huge"]
    assert "no valid date" in whys["date"] and "outcome" in whys["claims"]
    page.reload()  # nothing was deleted: the same again
    wait_until_booted(page)
    expect(body).to_have_attribute("data-aside", str(len(bad)))
    check_sizes(page, "history, set aside")


def test_an_imported_file_with_a_date_out_of_range_is_refused_and_stores_nothing(
    page: Page, site: Site, problems: Problems, tmp_path: Path
) -> None:
    good = entries(2, 2)
    file = tmp_path / "games.json"
    file.write_text(codec.pack_history([good[0], dict(good[1],
                                                      date="0001-01-01T00:00:00+01:00")]))
    open_history(page, site)
    page.locator("#history-file").set_input_files(str(file))
    message = page.locator("#history-message")
    expect(message).to_contain_text("This file cannot be imported: game 2 of the history has "
                                    "no valid date")
    page.reload()
    wait_until_booted(page)
    expect(page.locator("body")).to_have_attribute("data-games", "0")
    expect(page.locator("body")).to_have_attribute("data-aside", "0")


# The ready time, the list's time and when the list began (ms: the marks history/main.py sets).
LIST_TIMES = """() => {
  const list = performance.getEntriesByName("intruder:history list")[0].startTime;
  const ready = performance.getEntriesByName("intruder:ready")[0].startTime;
  return [Math.round(ready), Math.round(ready - list), list];
}"""


def ready_and_list(page: Page, site: Site) -> tuple[int, int, float]:
    """Open Your games: its ready time, its list's time and when the list began (ms)."""
    open_history(page, site)
    ready, listing, began = page.evaluate(LIST_TIMES)
    return ready, listing, began


# The start with a thousand games over its bound (issue 29: within 2x the empty start).
SLOW_START = "1,000 games start over 2x the empty start"
SLOW_START_FAILURE = rf"^AssertionError: {SLOW_START}"


@pytest.mark.heavy  # a thousand games made, stored and listed
# A browser of its own, with no memory snapshot, as when issue 29 set the 2x bound: from the
# worker's context, which holds one, the empty start is 0.56 s and 1,000 games 1.5 s (2.7x;
# the list stage's ~1 s is the same either way), which issue 31's start work must bring down.
@pytest.mark.first_visit
# Both of its bounds have failed a fresh-clone CI beside the other worker's tests on this slow
# guest, once each: one task of 66 ms of CPU, and the start with 1,000 games 2.3x the empty one
# (6.7 s against 2.9, of wall time); alone or in pairs no task of the listing passed 25 ms and
# the ratio was 1.2-1.6x. It runs again on such a failure only, as the other tests at the
# bound do: a listing in one task, or one that reads every game before the first page, fails
# every run.
@pytest.mark.flaky(reruns=2, only_rerun=[LONG_TASK_FAILURE, SLOW_START_FAILURE,
                                         build.RENDERER_CRASH])
def test_a_thousand_games_are_listed_a_page_at_a_time_with_no_long_task(
    page: Page, site: Site, problems: Problems, main_thread: MainThread
) -> None:
    states.on_origin(page, site.url)
    ready_and_list(page, site)  # the first visit: the service worker caches the site
    empty = ready_and_list(page, site)
    games = entries(1000, 200)
    texts = [json.dumps(g, separators=(",", ":")) for g in games]
    # As the game page keeps them: each stored under its key, its check cached.
    put(page, site, [(f"k{n:04d}", json.dumps(t)) for n, t in enumerate(texts)], tuple(texts),
        there=True)
    main_thread.start()
    full = ready_and_list(page, site)
    listing = main_thread.long(since=full[2])
    print(f"\nYour games ready: empty {empty[0]} ms (list {empty[1]} ms); 1,000 games "
          f"{full[0]} ms (list {full[1]} ms)")
    body = page.locator("body")
    expect(body).to_have_attribute("data-games", "1000")
    expect(page.locator("#history-games li.history-game")).to_have_count(history.PAGE_SIZE)
    figures = history.stats(history.newest_first(games))  # type: ignore[arg-type]
    expect(page.locator("#history-figures dd").first).to_have_text("1000")
    wins, total = figures.wins["standard"]
    expect(page.locator("#history-figures tbody tr")).to_have_text(
        f"Standard{wins}{total}{round(100 * wins / total)}%")
    assert full[0] <= 2 * empty[0], f"{SLOW_START} (ready, list, began): {full}, empty {empty}"
    # No long task while the thousand are read and listed
    assert not listing, f"long tasks while listing 1,000 games: {[str(t) for t in listing]}"
    # Through the pages: each drawn in one short task, the last one holds game 1000.
    main_thread.start()
    pager = page.locator("#history-pager")
    for n in range(1, 20):
        pager.get_by_role("button", name="Earlier games").click()
        expect(body).to_have_attribute("data-page", str(n))
    expect(page.get_by_role("link", name="Review game 1000")).to_have_count(1)
    expect(pager.get_by_role("button", name="Earlier games")).to_be_disabled()
    # The filter: the losses only, from their latest, the figures still over every game.
    losses = history.shown(history.newest_first(games), "loss")  # type: ignore[arg-type]
    page.locator("#history-filter").select_option("loss")
    expect(body).to_have_attribute("data-shown", str(len(losses)))
    expect(body).to_have_attribute("data-page", "0")
    expect(page.locator("#history-shown")).to_have_text(f"{len(losses):,} of 1,000 games")
    expect(page.locator("#history-games li.history-game")).to_have_count(
        min(len(losses), history.PAGE_SIZE))
    assert {o for o, _k in listed(page)} == {"loss"}
    expect(page.locator("#history-figures dd").first).to_have_text("1000")
    page.locator("#history-filter").select_option("all")
    expect(body).to_have_attribute("data-shown", "1000")
    paging = main_thread.long()
    assert not paging, f"long tasks paging and filtering: {[str(t) for t in paging]}"
