"""The measure the long-task tests rely on (main_thread.py): a task that holds the main thread
is found, with its CPU time, and one that only waits is not long."""

from __future__ import annotations

from conftest import Problems, Site
from game_page import Boot
from main_thread import LONG_MS, MainThread
from playwright.sync_api import Page

# Keeps the main thread busy for `ms` of wall time in one task (performance.now() spins).
SPIN = "ms => { const t = performance.now(); while (performance.now() - t < ms); }"


def test_a_task_that_holds_the_main_thread_is_long_and_a_wait_is_not(
    page: Page, site: Site, problems: Problems, boot: Boot, main_thread: MainThread
) -> None:
    boot(site.url + "?seed=3")
    main_thread.start()
    t0 = page.evaluate("performance.now()")
    page.evaluate(SPIN, 5 * LONG_MS)  # over LONG_MS of CPU even with a third of a core
    page.wait_for_timeout(3 * LONG_MS)  # a wait holds no task
    page.evaluate(SPIN, LONG_MS // 5)
    tasks = main_thread.tasks(since=t0)
    long = [t for t in tasks if t.cpu > LONG_MS]
    assert len(long) == 1, [str(t) for t in tasks]
    assert long[0].wall >= 5 * LONG_MS and long[0].cpu <= long[0].wall + 1, long
    assert long[0].at >= t0
    assert any(LONG_MS // 5 <= t.wall < LONG_MS for t in tasks), [str(t) for t in tasks]
