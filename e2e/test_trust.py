"""Saves, links and tabs a player can trust (issue 9), in the built site.

Every bad file, link or storage problem keeps the game and says so in plain words; a stored
game that cannot be loaded never bricks the page; two tabs never overwrite each other
silently; a new build waits for the player; nothing hidden is stored in plain text.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import READY, Problems, Site, wait_until_booted
from game_page import UNGUARDED
from playwright.sync_api import BrowserContext, Page, expect

import build

Boot = Callable[[str], dict[str, str]]
RAW = re.compile(r"Traceback|Error:|\[object |line \d+ column|codec|invalid literal|KeyError")


def sha(page: Page) -> str:
    return str(page.locator("body").get_attribute("data-state-sha"))


def click_an_action(page: Page) -> None:
    """Select a crewman if his actions are folded away (issue 10), then click one of them."""
    picks = page.locator("#actions [data-select]")
    for n in range(picks.count()):
        if page.locator(UNGUARDED).count():
            break
        picks.nth(n).click()
    page.locator(UNGUARDED).first.click()


def play(page: Page, n: int) -> None:
    for _ in range(n):
        before = sha(page)
        click_an_action(page)
        expect(page.locator("body")).not_to_have_attribute("data-state-sha", before)


def plain(text: str) -> str:
    assert text.strip(), "no message shown"
    assert not RAW.search(text), f"raw error text shown to the player: {text!r}"
    return text


def record_save(seed: int = 5) -> dict[str, object]:
    import intruder_core as ic

    g = ic.new_game(seed=seed)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    return json.loads(g.to_json())


def envelope(record: object) -> str:
    code = base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")
    return json.dumps({"intruder-save": 2, "game": code})


BAD_FILES = {
    "not JSON": b"hello, this is a shopping list",
    "binary": bytes(range(256)) * 4,
    "cut short": json.dumps(record_save()).encode()[:500],
    "other JSON": b'{"name": "not a game", "items": [1, 2, 3]}',
    "deep nesting": b"[" * 50_000 + b"]" * 50_000,
    "Infinity": b'{"format": 1, "turn": Infinity, "history": [], "origin": {}}',
    "altered hidden counter": json.dumps(
        {**record_save(), "counters": [{**c, "kind": "dummy"} if c["kind"] == "intruder"
                                       and c["at"] != "reserve" else c
                                       for c in record_save()["counters"]]}).encode(),
    "bad power": json.dumps({**record_save(), "known": ["flying"]}).encode(),
    "empty sub": json.dumps({**record_save(), "sub": {}}).encode(),
    "altered envelope": envelope({"origin": {"seed": 5, "scenario": "zz"}, "actions": []})
    .encode(),
    "envelope with a foreign move": envelope(
        {"origin": {"seed": 5}, "actions": [{"type": "move", "crew": "co1", "to": "arms",
                                             "cls": 1}]}).encode(),
    "strict dice link": envelope({"origin": {"position": {
        "dice": [], "strict_dice": True, "counters": [{"kind": "intruder", "at": "dock2"}]}},
        "actions": []}).encode(),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_is_refused_and_the_game_kept(
        page: Page, site: Site, problems: Problems, boot: Boot, kind: str) -> None:
    boot(site.url + "?seed=3")
    play(page, 2)
    before, stored = sha(page), page.evaluate("localStorage.getItem('intruder:save')")
    page.set_input_files("#import-file", files=[{"name": "game.json", "mimeType":
                                                  "application/json",
                                                  "buffer": BAD_FILES[kind]}])
    alert = page.locator("#alert")
    if kind == "strict dice link":  # a link may not script dice strictly: it simply loads
        expect(alert).to_contain_text("Imported")
        return
    expect(alert).to_contain_text("your game is kept", ignore_case=True)
    plain(alert.inner_text())
    assert sha(page) == before
    assert page.evaluate("localStorage.getItem('intruder:save')") == stored
    play(page, 1)  # and the game goes on


KEPT = "intruder:kept"  # the board as the player left it (issue 31)

# The counters of a board's SVG (text) or of the live board: token and class each, so a kind
# shows only where the crew's own board shows it (a face-up counter), never on a face-down one.
COUNTERS = """(text) => {
  const root = text === null ? document.querySelector("svg.station-map[data-live]")
    : new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  return [...root.querySelectorAll(".counter")].map((c) => [c.dataset.token || "",
    c.getAttribute("class")]).sort();
}"""


def assert_kept_board_is_the_crew_view(page: Page, value: str) -> None:
    """The kept board holds the crew's board as drawn: the same counters, classed as the live
    board classes them (face-down ones with no kind), and no kind in its status or prompt."""
    kept = json.loads(value)
    counters = page.evaluate(COUNTERS, kept["board"])
    assert counters, "the kept board has no counters"
    assert counters == page.evaluate(COUNTERS, None), "the kept board is not the board shown"
    for token, cls in counters:
        if "face-up" not in cls:
            assert "kind-" not in cls and "known" not in cls, f"{token} face down with a kind"
    for part in ("status", "prompt"):
        assert "lab_animal" not in kept[part] and "kind-" not in kept[part], part


def test_an_export_imports_and_shows_nothing_hidden(
        page: Page, site: Site, problems: Problems, boot: Boot) -> None:
    boot(site.url + "?seed=8")
    play(page, 3)
    with page.expect_download() as info:
        page.click("#export")
    text = Path(info.value.path()).read_text()
    for word in ("kind", "intruder\"", "lab_animal", "dummy", "counters"):
        assert word not in text, f"{word} readable in an export"
    keys = page.evaluate("Object.keys(localStorage)")
    assert KEPT in keys, keys
    for key in keys:
        value = page.evaluate("(k) => localStorage.getItem(k)", key)
        if key == KEPT:
            assert_kept_board_is_the_crew_view(page, value)
            continue
        assert "lab_animal" not in value and '"kind"' not in value, f"{key} shows hidden facts"
    assert "8" not in page.inner_text("#status").split("Seed")[-1]  # no seed during play
    before = sha(page)
    play(page, 1)
    page.set_input_files("#import-file", files=[{"name": "mine.json", "mimeType":
                                                  "application/json", "buffer": text.encode()}])
    expect(page.locator("#alert")).to_contain_text("Imported")
    assert sha(page) == before


@pytest.mark.parametrize("code", ["garbage!!", base64.urlsafe_b64encode(
    b'{"origin": {"seed": 1e999}, "actions": []}').decode(), base64.urlsafe_b64encode(
    json.dumps({"origin": {"seed": 1}, "actions": [{"type": "fly"}]}).encode()).decode()])
def test_a_bad_link_in_a_fresh_and_in_a_running_page(
        page: Page, site: Site, problems: Problems, boot: Boot, code: str) -> None:
    boot(site.url + "#g=" + code)
    plain(page.locator("#notices").inner_text())
    expect(page.locator("#notices")).to_contain_text("link")
    assert page.locator("#actions button[data-index]").count() > 0
    play(page, 1)
    before = sha(page)
    page.evaluate("(c) => { location.hash = '#g=' + c; }", code)
    expect(page.locator("#alert")).to_contain_text("Your game is kept")
    plain(page.locator("#alert").inner_text())
    assert sha(page) == before


def test_a_stored_game_that_cannot_load_is_set_aside(
        page: Page, site: Site, problems: Problems, boot: Boot,
        wait_booted: Callable[[], dict[str, str]]) -> None:
    boot(site.url + "?seed=4")
    play(page, 2)
    good = sha(page)
    page.reload()
    wait_booted()
    assert sha(page) == good  # the autosave resumes, and is now the last good one
    broken = json.dumps({**record_save(), "sub": {}})
    page.evaluate("(t) => localStorage.setItem('intruder:save', t)", broken)
    page.reload()
    wait_booted()
    notice = page.locator("#notices")
    expect(notice).to_contain_text("set aside")
    expect(notice).to_contain_text("previous autosave is restored")
    plain(notice.inner_text())
    assert sha(page) == good
    assert page.evaluate("localStorage.getItem('intruder:corrupt')") == broken
    with page.expect_download() as info:
        page.get_by_role("button", name="Download the set-aside save").click()
    assert Path(info.value.path()).read_text() == broken
    # Both slots broken: a new game starts, never a dead page.
    page.evaluate("(t) => { localStorage.setItem('intruder:save', t); "
                  "localStorage.setItem('intruder:good', '{\"x\": ['); }", broken)
    page.reload()
    wait_booted()
    expect(page.locator("#notices")).to_contain_text("a new game has started")
    play(page, 1)


def test_two_tabs_never_overwrite_each_other_silently(
        context: BrowserContext, page: Page, site: Site, problems: Problems,
        boot: Boot) -> None:
    boot(site.url + "?seed=6")
    play(page, 2)
    second = context.new_page()
    second.goto(site.url)
    wait_until_booted(second)
    assert sha(second) == sha(page)  # the second tab opens the same game
    expect(page.locator("body")).to_have_attribute("data-tab", "read_only")
    expect(page.locator("#notices")).to_contain_text("open in another tab")
    expect(second.locator("#notices")).to_contain_text("That tab is now read-only")
    play(second, 2)
    # The first tab refuses moves and says why; it never saves.
    stale = sha(page)
    click_an_action(page)
    assert sha(page) == stale
    assert page.evaluate("localStorage.getItem('intruder:save')") == \
        second.evaluate("localStorage.getItem('intruder:save')")
    # Taking over loads the other tab's moves: nothing lost.
    page.get_by_role("button", name="Take over here").click()
    expect(page.locator("body")).to_have_attribute("data-state-sha", sha(second))
    expect(second.locator("body")).to_have_attribute("data-tab", "read_only")
    play(page, 1)
    # The other tab may play a copy instead: it is not autosaved, and says so.
    second.get_by_role("button", name="Play a copy here").click()
    expect(second.locator("#notices")).to_contain_text("not autosaved")
    saved = page.evaluate("localStorage.getItem('intruder:save')")
    play(second, 1)
    assert page.evaluate("localStorage.getItem('intruder:save')") == saved
    second.close()


FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""
BLOCKED = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""


@pytest.mark.cold  # its init script breaks the storage of every later boot of its page
@pytest.mark.parametrize(("script", "says"), [(FULL, "full"), (BLOCKED, "does not let")])
def test_storage_full_or_unusable_keeps_playing_and_says_so(
        page: Page, site: Site, problems: Problems, boot: Boot, script: str,
        says: str) -> None:
    page.add_init_script(script)
    boot(site.url + "?seed=9")
    play(page, 1)
    notice = page.locator("#notices [data-notice='autosave']")
    expect(notice).to_contain_text("Autosave failed")
    expect(notice).to_contain_text(says)
    plain(notice.inner_text())
    play(page, 1)  # the next move does not erase it
    expect(notice).to_contain_text("Autosave failed")
    notice.get_by_role("button", name=re.compile("Dismiss")).click()
    expect(page.locator("#notices [data-notice='autosave']")).to_have_count(0)


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[Site]:
    """A copy of dist/ this test may change (a new build appearing mid-game)."""
    root = tmp_path / "dist"
    shutil.copytree(build.DIST, root)
    server = build.make_server(root)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Site(root, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()
    server.server_close()


# Its own context: the copy's service worker, still installing the new build when the test
# ends, fetched from the stopped server in the next test of a shared context (a foreign
# request there: test_walk failed so once).
@pytest.mark.own_context
def test_a_new_version_waits_for_the_player(
        page: Page, own_site: Site, problems: Problems, boot: Boot,
        wait_booted: Callable[[], dict[str, str]]) -> None:
    problems.allowed_origins.add(own_site.origin)
    boot(own_site.url + "?seed=12")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    play(page, 2)
    sw = own_site.root / "sw.js"
    text = sw.read_text()
    version = re.search(r'const VERSION = "([^"]+)"', text)
    assert version is not None
    sw.write_text(text.replace(version.group(1), version.group(1) + "b"))
    before = sha(page)
    page.evaluate("window.intruderUpdate()")
    notice = page.locator("#notices [data-notice='update']")
    expect(notice).to_contain_text("new version", timeout=60_000)
    plain(notice.inner_text())
    assert sha(page) == before
    play(page, 1)  # the running game goes on under the old build
    kept = sha(page)
    names = page.evaluate("caches.keys()")
    assert len([n for n in names if n.startswith("intruder-")]) == 2  # both builds cached
    page.click("#update-reload")
    page.wait_for_function("!document.querySelector(\"[data-notice='update']\")")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert sha(page) == kept  # the reload resumes the same game
