"""The page's main-thread tasks, read from Chromium's trace: each task's wall time and the time
the main thread spent on the CPU for it (the trace's thread duration, `tdur`).

A task is long when it holds the main thread over LONG_MS of its own CPU. Unlike a
PerformanceObserver's long tasks (wall time), that does not grow when another process on a
loaded machine preempts the page: a computer move of 15 ms stays 15 ms beside another test's
browser, where its wall time showed 60-120 ms. So the tests that check the page yields run
beside the others, and still tell a page that yields (tasks of 6-18 ms) from one that does
not (one task of 65-350 ms a move, as before the bots' worker). bench/page.py prints the wall
figures on an idle machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import CDPSession, Page

import build

LONG_MS = 50  # a long task (the Long Tasks API's bound), here in the main thread's CPU
# The scheduler's top-level task ("toplevel") and performance.mark() ("blink.user_timing"):
# a mark carries both the trace's clock and the page's, and so names the page's main thread
# and maps performance.now() onto the trace.
CATEGORIES = "toplevel,blink.user_timing"
TASK = "ThreadControllerImpl::RunTask"
MARK = "e2e:main-thread"

# On a loaded two-core machine a task near the bound can go over it by the machine alone: a
# computer move measured 25-54 ms of CPU on a slow guest (6-18 ms on a quiet one), whose CPU
# clock also counts the time its host took back. A test marked so runs again, up to twice,
# on that failure only (and on a renderer crash, build.RENDERER_CRASH); a page that does not
# yield fails every run (a move on the main thread was one task of 65-262 ms).
LONG_TASK_FAILURE = r"^AssertionError: [^\n]*long tasks \["
NEAR_THE_BOUND = pytest.mark.flaky(reruns=2, only_rerun=[LONG_TASK_FAILURE,
                                                         build.RENDERER_CRASH])


def click_at(page: Page, selector: str) -> None:
    """A click as the player's pointer makes it, at the element's centre measured before:
    Playwright's own click first checks the element in the page (its scripts, a hit test
    that lays the page out), a main-thread task of 50-60 ms on a slow machine, which a
    recording must not count as the page's."""
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not laid out"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def wait_until(page: Page, predicate: str, timeout_s: float = 180.0) -> None:
    """Wait until the JS expression `predicate` is true, asking the page every 50 ms with a
    bare evaluate: Playwright's expect() runs its own scripts in the page to poll (a task
    of 50-90 ms of CPU now and then on a slow machine), which a recording would count as
    the page's work."""
    for _ in range(int(timeout_s / 0.05)):
        if page.evaluate(predicate):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"not true within {timeout_s} s: {predicate}")


@dataclass(frozen=True)
class Task:
    """One task of the page's main thread: when it began (ms, the page's performance.now()),
    its wall time and its CPU time (ms)."""

    at: float
    wall: float
    cpu: float

    def __str__(self) -> str:
        return f"{self.cpu:.0f} ms CPU ({self.wall:.0f} ms wall) at {self.at:.0f}"


class MainThread:
    """Records the main thread's tasks of the test's page from start() (a navigation after it
    is recorded too) until tasks(); start() again for another stretch. The `main_thread`
    fixture (conftest.py) gives one, and ends a recording the test left running."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp: CDPSession | None = None
        self.events: list[dict[str, Any]] = []
        self.done = self.lost = False

    def start(self) -> MainThread:
        """Begin recording (tracing is the browser's: one recording at a time)."""
        self.stop()
        self.events, self.done, self.lost = [], False, False
        self.cdp = self.page.context.new_cdp_session(self.page)
        self.cdp.on("Tracing.dataCollected", lambda p: self.events.extend(p["value"]))
        self.cdp.on("Tracing.tracingComplete", self._complete)
        self.cdp.send("Tracing.start", {"categories": CATEGORIES,
                                        "transferMode": "ReportEvents"})
        return self

    def tasks(self, since: float = 0.0) -> list[Task]:
        """End the recording; the tasks of the page's current document that began at or after
        `since` (ms of its performance.now()), in order."""
        self.page.evaluate(f"performance.mark({MARK!r})")
        # A task's event is written when it ends: on a loaded machine the mark's task may be
        # preempted between answering and ending while the trace stops. A second evaluate
        # runs only once that task (and every task before it) has ended.
        self.page.evaluate("0")
        self.stop()
        mark = next(e for e in reversed(self.events) if e.get("name") == MARK)
        origin = mark["ts"] - mark["args"]["data"]["startTime"] * 1000  # the page's 0, in us
        mine = [e for e in self.events if e.get("name") == TASK and e.get("ph") == "X"
                and (e["pid"], e["tid"]) == (mark["pid"], mark["tid"])]
        # the task that made the mark is among them, or the trace no longer reads as here
        assert any(e["ts"] <= mark["ts"] <= e["ts"] + e["dur"] for e in mine), \
            f"no {TASK} task of the main thread holds the mark: has Chromium's trace changed?"
        return [Task((e["ts"] - origin) / 1000, e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000)
                for e in mine if e["ts"] >= origin + since * 1000]

    def long(self, since: float = 0.0) -> list[Task]:
        """End the recording; the tasks since `since` that held the main thread over LONG_MS
        of CPU."""
        return [t for t in self.tasks(since) if t.cpu > LONG_MS]

    def _complete(self, params: dict[str, Any]) -> None:
        """The trace has ended; all its events have arrived."""
        self.done = True
        self.lost = bool(params.get("dataLossOccurred"))

    def stop(self) -> None:
        """End the recording, if one runs, and wait for its events."""
        if self.cdp is None:
            return
        cdp, self.cdp = self.cdp, None
        cdp.send("Tracing.end")
        for _ in range(600):  # the events arrive before tracingComplete
            if self.done:
                break
            self.page.wait_for_timeout(50)
        cdp.detach()
        assert self.done, "Chromium's trace did not end within 30 s"
        assert not self.lost, "Chromium's trace lost events (its buffer filled): a task missed"
