"""Browser tests of the built site: Playwright (sync) driving Debian's /usr/bin/chromium.

`python3 build.py test` builds dist/ first and then runs `pytest e2e`. Run alone:
    python3 build.py && .venv/bin/python -m pytest e2e

Each xdist worker keeps one browser context, booted once so that it holds the memory
snapshot, and wipes its storage before each test (test by test, a fresh context booted Pyodide
cold and made a snapshot that the test's end then threw away: 6 s a boot against 2). It keeps
one tab too, which each test's page is: a boot in a tab that has shown the site before runs in
its renderer process, about 1 CPU-s where a new tab's takes 2. A test that changes its tab for
good (an init script, an exposed function, the clock, emulated media, extra headers) or fails
leaves it closed, and the next test opens another. A test that asks for `context` by name, or
is marked `own_context` or `browser_context_args`, gets a fresh context of its own, with the
worker's snapshot stored in it (`first_visit`: with nothing stored).
Page errors, console errors, failed requests and requests to any origin but our own test
servers are recorded; a test fails on any of them unless it is marked `allow_errors` (tests
that break the boot on purpose).
"""

from __future__ import annotations

import base64
import functools
import inspect
import os
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Response
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from main_thread import MainThread  # noqa: E402
from states import WARM, on_origin, put_in  # noqa: E402

import build  # noqa: E402  (the repo's build.py: the same server and build code as `serve`)
import intruder_core as ic  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# Without the networking flags Chromium floods the (closed) network at start-up.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BOOT_TIMEOUT_MS = 60_000
READY = "body[data-ready='1']"
BOOT_ERROR = "body[data-boot-error='1']"
VIEWPORT = {"width": 1280, "height": 900}
# The page has stored its memory snapshot for the next boot (boot.js: snapshotMade), or failed.
SNAPSHOT_MADE = ("['failed'].includes(document.body.dataset.snapshotMade) "
                 "|| Number(document.body.dataset.snapshotMade) > 0")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_errors: the test expects page or console errors")
    config.addinivalue_line("markers", "own_context: the test gets a fresh browser context "
                            "(it changes the context itself), with the worker's snapshot")
    config.addinivalue_line("markers", "first_visit: the test gets a fresh browser context "
                            "with nothing stored: a first visit")
    config.addinivalue_line("markers", "warm: the test begins on this worker's booted game "
                            "page; load_state and boot put its game in in place (states.Warm)")
    config.addinivalue_line("markers", "cold: a test of WARM_FILES that needs a page of its "
                            "own (an init script would outlive it on the warm page)")
    config.addinivalue_line("markers", "heavy: a test of tens of seconds (a whole game, many "
                            "boots): collected first, so xdist deals them out in turn")
    # pytest-base-url (pulled in by pytest-playwright) trips a pytest 9 deprecation: not ours.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods"
        ":pytest.PytestRemovedIn10Warning",
    )


# The files whose light tests begin on the worker's booted game page (marked `warm`): each
# puts its game in with load_state or boot(?seed=N), which then load it in place; a test
# that needs another page, size or setting navigates or reloads as before, and a page it
# leaves changed is closed (SharedContext.keep_warm). Heavy tests stay unmarked: they are
# dealt out first, one at a time.
WARM_FILES = ("test_advisor.py", "test_board.py", "test_glue.py", "test_layout.py",
              "test_moment_play.py", "test_moments.py", "test_panels.py", "test_play.py",
              "test_scenarios.py", "test_table.py", "test_trust.py", "test_walk.py")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Iterator[None]:
    """Each phase's report kept on the test (`rep_call`...): the warm page's teardown reads
    whether the test passed."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `heavy` tests first, in their order, then the rest: they start early, and the
    light ones at the end are what a worker left idle takes from the other's queue (xdist's
    `worksteal`, build.py), so the two finish together. The light tests of WARM_FILES are
    marked `warm`: they begin on the worker's booted page while it is open, which another
    test's wipe closes. (No xdist group keeps them in a row: pytest 9.2 reads a test's
    `nodeid` from `_id`, and xdist 3.8's `loadgroup` writes the group into `_nodeid`, so a
    group never forms.)"""
    for item in items:
        if item.path.name in WARM_FILES and not any(
                item.get_closest_marker(name)
                for name in ("heavy", "own_context", "first_visit", "cold")):
            item.add_marker(pytest.mark.warm)
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)


# --- the sites under test ----------------------------------------------------------------


@dataclass
class Site:
    """A built site served on 127.0.0.1 by a thread of this process."""

    root: Path
    url: str
    requests: list[str] = field(default_factory=list)
    # a copy of the memory snapshot, named as loader.mjs keys it: served at SNAPSHOT_SEED
    # for fresh contexts to store (SharedContext.seed)
    snapshot: Path | None = None

    @property
    def origin(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"


def _serve(root: Path) -> Iterator[Site]:
    if not (root / "index.html").exists():
        pytest.exit(f"{root} is not built: run `python3 build.py` first", returncode=2)
    requests: list[str] = []
    server = build.make_server(root, on_request=requests.append)
    site = Site(root, f"http://127.0.0.1:{server.server_address[1]}/", requests)
    served = server.RequestHandlerClass  # functools.partial(handler, directory=root)
    assert isinstance(served, functools.partial)

    class Handler(served.func):  # type: ignore[name-defined, misc]
        """The site, and at SNAPSHOT_SEED the worker's copy of its memory snapshot (a
        request of the tests' own, left out of the site's requests)."""

        def translate_path(self, path: str) -> str:
            if path == SNAPSHOT_SEED and site.snapshot is not None:
                return str(site.snapshot)
            return str(super().translate_path(path))

        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            if self.path != SNAPSHOT_SEED:
                super().log_request(code, size)

    server.RequestHandlerClass = functools.partial(Handler, *served.args, **served.keywords)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    """dist/ as built by `python3 build.py` (the real engine)."""
    yield from _serve(build.DIST)


# --- pytest-playwright configuration -----------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS,
            "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": VIEWPORT}


# What a wipe clears for the origin (CDP Storage.clearDataForOrigin): all but Cache Storage,
# whose caches are deleted by the page, all but the memory snapshot's.
CLEARED = "cookies,file_systems,indexeddb,local_storage,service_workers,websql"
DROP_CACHES = """async () => {
  for (const name of await caches.keys()) {
    if (name !== 'pyodide-snapshot') await caches.delete(name);
  }
  const dbs = indexedDB.databases ? await indexedDB.databases() : [];
  return {caches: (await caches.keys()).filter(n => n !== 'pyodide-snapshot'),
          dbs: dbs.map(d => d.name), local: localStorage.length, session: sessionStorage.length,
          workers: (await navigator.serviceWorker.getRegistrations()).length};
}"""


# A page's localStorage writes reach the store asynchronously: one closed just before the wipe
# left three keys behind once in ~80 wipes, so a wipe that finds any clears again, 200 ms on.
WIPE_TRIES = 5

DEVICE_MEMORY_2GB = ("Object.defineProperty(Navigator.prototype, 'deviceMemory', "
                     "{get: () => 2, configurable: true});")


# What a test may do to its tab that no later test could undo: the tab is closed after it.
# (Its routes, listeners and size are put back: SharedContext.reset.)
LASTING = ("add_init_script", "expose_function", "expose_binding", "set_extra_http_headers",
           "emulate_media", "route_from_har", "route_web_socket")


def _lasting(name: str) -> None:
    """Page.<name> marks the page as changed for good (`_e2e_changed`)."""
    plain = getattr(Page, name)

    def marked(self: Page, *args: Any, **kwargs: Any) -> Any:
        self._e2e_changed = True  # type: ignore[attr-defined]
        return plain(self, *args, **kwargs)

    setattr(Page, name, marked)


def _clock(self: Page) -> Any:
    self._e2e_changed = True  # type: ignore[attr-defined]  (a clock once installed stays)
    return PAGE_CLOCK.fget(self)  # type: ignore[misc]


def _listening(name: str) -> None:
    """Page.on/once remember their listeners on the page (`_e2e_listeners`): the tab's next
    test must not meet a listener (a dialog's handler, say) of the last."""
    plain = getattr(Page, name)

    def remembered(self: Page, event: str, f: Callable[..., Any]) -> Any:
        self.__dict__.setdefault("_e2e_listeners", []).append((event, f))
        return plain(self, event, f)

    setattr(Page, name, remembered)


PAGE_CLOCK = Page.clock
for _name in LASTING:
    _lasting(_name)
Page.clock = property(_clock)  # type: ignore[method-assign, assignment]
for _name in ("on", "once"):
    _listening(_name)


@dataclass
class SharedContext:
    """This worker's browser context, booted once (its memory snapshot stored), and its tab."""

    context: BrowserContext
    site: Site
    tab: Page | None = None

    def seed(self, page: Page) -> None:
        """Store the memory snapshot (the copy the test server serves, Site.snapshot) in
        `page`'s fresh context, as a visit before would have (a cold boot and the snapshot
        made after it cost some 11 CPU-s a test), through the site's own origin."""
        copy = self.site.snapshot
        assert copy is not None, "the worker's context holds no snapshot"
        on_origin(page, self.site.url)
        page.evaluate(PUT_SNAPSHOT, [SNAPSHOT_SEED, f"{self.site.url}pyodide/{copy.name}"])

    def the_tab(self) -> Page:
        """The worker's tab: the one the last test left, or a new one."""
        if self.tab is None or self.tab.is_closed():
            self.tab = self.context.new_page()
        return self.tab

    def reset(self, page: Page, failed: bool) -> None:
        """After a test: its other pages closed; the tab kept for the next test with its
        routes, listeners and size as new, unless the test failed or changed it for good."""
        for other in list(self.context.pages):
            if other is not page:
                other.close()
        if page.is_closed():
            return
        try:
            if not failed and not getattr(page, "_e2e_changed", False):
                page.unroute_all(behavior="ignoreErrors")
                for event, f in page.__dict__.pop("_e2e_listeners", []):
                    page.remove_listener(event, f)
                if page.viewport_size != VIEWPORT:
                    page.set_viewport_size(VIEWPORT)
                return
        except PlaywrightError:  # a crashed page: the next test gets a new one
            pass
        page.close()

    def wipe(self) -> None:
        """Leave the site in the tab and clear the origin's storage but the snapshot: the next
        test starts as a first visit of a browser that has booted the site before."""
        for open_page in list(self.context.pages):
            if open_page is not self.tab:
                open_page.close()
        self.context.clear_cookies()
        WARM.page = None  # the tab leaves the game page
        page = self.the_tab()
        # Off the site first, and its service worker gone, before the tab opens the origin's
        # empty page: a worker would answer that page from the site (a 404 page without an
        # icon, whose /favicon.ico request could land in the next test's record).
        page.goto("about:blank")
        cdp = self.context.new_cdp_session(page)
        clear = {"origin": self.site.origin, "storageTypes": CLEARED}
        cdp.send("Storage.clearDataForOrigin", clear)
        on_origin(page, self.site.url)
        wiped = {"caches": [], "dbs": [], "local": 0, "session": 0, "workers": 0}
        for _ in range(WIPE_TRIES):  # a page just left may still commit its last writes
            cdp.send("Storage.clearDataForOrigin", clear)
            left = page.evaluate(DROP_CACHES)
            if left == wiped:
                break
            page.wait_for_timeout(200)
        cdp.detach()
        assert left == wiped, f"the wipe left storage behind: {left}"

    def warm_page(self) -> Page:
        """The page the `warm` tests share, the tab: wiped when the last test was not warm or
        left it changed; its first load_state or boot boots it (states.Warm)."""
        if WARM.page is None or WARM.page.is_closed() or WARM.page is not self.tab:
            self.wipe()
            WARM.page, WARM.root = self.the_tab(), ""
        page = WARM.page
        assert isinstance(page, Page)
        return page

    def keep_warm(self, page: Page, failed: bool) -> None:
        """After a `warm` test: the tab reset (see reset) and kept warm for the next one only
        if the test passed and left it as its boot did (Warm.settles)."""
        self.reset(page, failed)
        try:
            if not page.is_closed() and WARM.settles(page):
                WARM.keep(page)
                return
        except PlaywrightError:  # a crashed page: the next test gets a new one
            page.close()
        WARM.page = None


# The test server's address for its copy of the snapshot, which fresh contexts store.
SNAPSHOT_SEED = "/e2e-snapshot.bin"
PUT_SNAPSHOT = """async ([seed, key]) => {
  const cache = await caches.open('pyodide-snapshot');
  await cache.put(key, await fetch(seed));
}"""


# snapshot.mjs run in a module worker of the page's origin: its answer ({ok, bytes, ms} or
# {ok: false, error}), or a refusal after two minutes.
MAKE_SNAPSHOT = """url => new Promise((resolve) => {
  const worker = new Worker(url, {type: 'module'});
  const done = (answer) => { worker.terminate(); resolve(answer); };
  worker.onmessage = (event) => done(event.data || {});
  worker.onerror = (event) => done({ok: false, error: event.message || 'the worker failed'});
  setTimeout(() => done({ok: false, error: 'no answer in two minutes'}), 120000);
})"""


def keep_snapshot(page: Page, site: Site, folder: Path) -> Path:
    """The memory snapshot stored in `page`'s context (Cache Storage, under loader.mjs's
    key), read through the DevTools protocol into `folder` under its file name (the build's
    key), the other builds' removed."""
    cdp = page.context.new_cdp_session(page)
    try:
        names = cdp.send("CacheStorage.requestCacheNames", {"securityOrigin": site.origin})
        cache = next(c["cacheId"] for c in names["caches"]
                     if c["cacheName"] == "pyodide-snapshot")
        entries = cdp.send("CacheStorage.requestEntries", {"cacheId": cache})
        key = entries["cacheDataEntries"][0]["requestURL"]
        body = cdp.send("CacheStorage.requestCachedResponse",
                        {"cacheId": cache, "requestURL": key, "requestHeaders": []})
    finally:
        cdp.detach()
    copy = folder / key.rsplit("/", 1)[1]
    part = copy.with_name(f"{copy.name}.{os.getpid()}")  # another worker may write it too
    part.write_bytes(base64.b64decode(body["response"]["body"]))
    part.replace(copy)
    for old in folder.glob("snapshot-*.bin"):
        if old != copy:
            old.unlink(missing_ok=True)
    return copy


@pytest.fixture(scope="session")
def shared_context(browser: Browser, site: Site, pytestconfig: pytest.Config,
                   tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedContext]:
    """One context per xdist worker: boots the game once from the memory snapshot an earlier
    run kept for this build (pytest's cache: a developer's next run finds it), else makes
    the snapshot with the site's snapshot worker alone, and keeps it."""
    context = browser.new_context(viewport=VIEWPORT)
    add_device_memory(context)
    page = context.new_page()
    shared = SharedContext(context, site, tab=page)  # the first test's wipe takes the tab
    cache = getattr(pytestconfig, "cache", None)  # none under -p no:cacheprovider
    kept = cache.mkdir("e2e-snapshot") if cache else tmp_path_factory.mktemp("e2e-snapshot")
    site.snapshot = next(iter(sorted(kept.glob("snapshot-*.bin"))), None)
    used = False
    if site.snapshot is not None:
        shared.seed(page)
        page.goto(site.url + "?seed=1")
        used = wait_until_booted(page).get("snapshot") == "used"
    if not used:  # none kept, or another build's
        # The site's own snapshot worker, started as boot.js starts it, alone: a cold boot
        # of the game first would boot two more Pyodides (the page's, the bots' worker's).
        on_origin(page, site.url)
        made = page.evaluate(MAKE_SNAPSHOT, site.url + "pyodide/snapshot.mjs")
        # Every test of the worker boots from this snapshot: one refused (too large to
        # restore, snapshot.mjs) would leave them all booting cold, slowly but green.
        assert made.get("ok"), f"no memory snapshot was stored: {made.get('error')}"
        site.snapshot = keep_snapshot(page, site, kept)
    yield shared
    context.close()


def add_device_memory(context: BrowserContext) -> None:
    """A device with 2 GB (navigator.deviceMemory), where the page starts no Odds helper
    before the first Odds (bot_client.spare_memory): each test's helper would boot a Pyodide
    of its own (~1 CPU-s) that few tests use. test_worker.py's tests of the prestart choose
    it with ?odds_prestart=; a first visit's context keeps the machine's memory."""
    context.add_init_script(DEVICE_MEMORY_2GB)


@pytest.fixture
def seed_snapshot(shared_context: SharedContext) -> Callable[[Page], None]:
    """seed_snapshot(page): the worker's memory snapshot stored in `page`'s fresh context, as a
    visit before would have left it (SharedContext.seed), on a 2 GB device as there."""

    def seed(page: Page) -> None:
        add_device_memory(page.context)
        shared_context.seed(page)

    return seed


def needs_own_context(request: pytest.FixtureRequest) -> bool:
    """A test that uses the context itself (asks for `context` by name), sets its arguments
    or asks for one: a fresh context, closed after it."""
    node = request.node
    asked = "context" in inspect.signature(request.function).parameters
    marked = any(node.get_closest_marker(name) is not None
                 for name in ("own_context", "first_visit", "browser_context_args"))
    return asked or marked


@pytest.fixture
def context(request: pytest.FixtureRequest) -> BrowserContext:
    """This test's context: the worker's shared one, wiped, or a fresh one (see above)."""
    if needs_own_context(request):
        fresh: BrowserContext = request.getfixturevalue("new_context")()
        return fresh
    shared: SharedContext = request.getfixturevalue("shared_context")
    if request.node.get_closest_marker("warm") is None:
        shared.wipe()
    return shared.context


@pytest.fixture
def page(request: pytest.FixtureRequest, context: BrowserContext) -> Iterator[Page]:
    """This test's page: in the shared context the worker's tab, wiped (a test marked `warm`
    finds it booted on the game page, if the last test left it so); in a fresh context a new
    page. The pages it opened are closed after it."""
    if needs_own_context(request):
        page = context.new_page()
        if request.node.get_closest_marker("first_visit") is None:
            request.getfixturevalue("seed_snapshot")(page)
        yield page
        for open_page in list(context.pages):
            open_page.close()
        return
    shared: SharedContext = request.getfixturevalue("shared_context")
    warm = request.node.get_closest_marker("warm") is not None
    page = shared.warm_page() if warm else shared.the_tab()  # (else wiped by `context`)
    yield page
    call = getattr(request.node, "rep_call", None)  # a crash's rerun is no pass either
    failed = call is None or not call.passed
    if warm:
        shared.keep_warm(page, failed)
    else:
        shared.reset(page, failed)


# --- watching the page -------------------------------------------------------------------


@dataclass
class Problems:
    allowed_origins: set[str]
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    offline: bool = False

    def on_request(self, request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob"):
            return
        if f"{parts.scheme}://{parts.netloc}" not in self.allowed_origins:
            self.foreign_requests.append(request.url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def on_request_failed(self, request: Request) -> None:
        # With the network off, the browser's own requests (not the service worker's) fail.
        # ERR_ABORTED is the browser cancelling a request itself (a navigation or a closed page
        # while, say, the favicon loads): not the site's failure. Error statuses still count.
        if not self.offline and request.failure != "net::ERR_ABORTED":
            self.failed.append(f"{request.failure} {request.url}")

    def summary(self) -> str:
        lines = []
        for name in ("page_errors", "console_errors", "foreign_requests", "failed"):
            for item in getattr(self, name):
                lines.append(f"{name}: {item}")
        return "\n".join(lines)


@pytest.fixture
def problems(
    request: pytest.FixtureRequest, context: BrowserContext, page: Page, site: Site
) -> Iterator[Problems]:
    """Record every error and foreign request in this test's context; fail on any at the end."""
    found = Problems({site.origin})
    listeners: list[tuple[str, Callable[..., None]]] = [
        ("request", found.on_request), ("response", found.on_response),
        ("requestfailed", found.on_request_failed)]
    for event, listener in listeners:
        context.on(event, listener)  # type: ignore[call-overload]
    on_page: list[tuple[str, Callable[..., None]]] = [
        ("pageerror", lambda exc: found.page_errors.append(str(exc))),
        ("console", found.on_console)]
    for event, listener in on_page:
        page.on(event, listener)  # type: ignore[call-overload]
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    yield found
    for event, listener in listeners:  # the shared context outlives this test
        context.remove_listener(event, listener)
    for event, listener in on_page:  # ... and so may the warm page
        page.remove_listener(event, listener)
    if request.node.get_closest_marker("allow_errors") is None:
        assert not found.summary(), "the page reported problems:\n" + found.summary()
    assert not found.foreign_requests, f"requests left the origin: {found.foreign_requests}"


@pytest.fixture
def boot(page: Page) -> Callable[[str], dict[str, str]]:
    """boot(url): open url and wait for ready; a boot error fails the test with its message."""

    def go(url: str) -> dict[str, str]:
        root, _, query = url.partition("?seed=")
        if query.isdigit() and WARM.holds(page, root):  # a new game of that seed, in place
            put_in(page, ic.new_game(seed=int(query)))
            return wait_until_booted(page)
        if page is WARM.page and "#" in url:
            page.goto("about:blank")  # a link's boot, not a hashchange of the booted page
        page.goto(url)
        data = wait_until_booted(page)
        WARM.booted(page)
        return data

    return go


@pytest.fixture
def main_thread(page: Page) -> Iterator[MainThread]:
    """The page's main-thread tasks, recorded from the test's main_thread.start() (see
    main_thread.py); a recording the test left running ends with it."""
    recorder = MainThread(page)
    yield recorder
    if not page.is_closed():
        recorder.stop()


def wait_until_booted(page: Page) -> dict[str, str]:
    """Wait for ready or a boot error; return body's data attributes (ready, engineApi, ...)."""
    page.wait_for_selector(f"{READY}, {BOOT_ERROR}", state="attached", timeout=BOOT_TIMEOUT_MS)
    data: dict[str, str] = page.evaluate("({...document.body.dataset})")
    if data.get("bootError"):
        pytest.fail("boot failed: " + page.inner_text("#boot-error"))
    return data


@pytest.fixture
def wait_booted(page: Page) -> Callable[[], dict[str, str]]:
    """wait_booted(): like boot() without navigating (after a reload or a click)."""
    return lambda: wait_until_booted(page)


# The page answered a click: its guard asks (the confirm dialog is open), a hand-over waits, or
# the game's state changed; what it was, with the state's digest.
ANSWERED = """s => { const b = document.body.dataset;
  const guard = document.querySelector('#confirm-dialog[open]') !== null;
  return (guard || b.handover || b.stateSha !== s)
    && {guard, handover: !!b.handover, sha: b.stateSha}; }"""


def answered(page: Page, before: str | None, timeout: int = 30_000) -> dict[str, Any] | None:
    """After a click on an action: wait until the page has answered it (instead of a fixed
    pause), in one round trip with what it answered (ANSWERED); None if it did not answer
    in time, which is left to the caller's own wait for the new state (it reports the alert)."""
    try:
        answer: dict[str, Any] = page.wait_for_function(
            ANSWERED, arg=before, timeout=timeout).json_value()
    except PlaywrightTimeoutError:
        return None
    return answer


def guard_asked(page: Page, before: str | None) -> bool:
    """After a click on an action: whether the page's answer is its guard asking."""
    answer = answered(page, before)
    return answer is not None and bool(answer["guard"])
