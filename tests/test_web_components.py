"""The page's components on CPython: the event bus, the tasks, what is shown, and App's
command table, built against the real engine with a stand-in for the browser (js, pyscript and
pyodide.ffi as mocks: every DOM call answers, none draws)."""

from __future__ import annotations

import asyncio
import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

import intruder_core as ic
from core import shown, storage
from pages.game import events

WEB = Path(__file__).resolve().parent.parent / "web"
GLUE_PACKAGES = ("core", "dom", "pages", "workers")  # web/py's top-level packages


def test_the_bus_calls_each_subscriber_in_order_and_refuses_unknown_events() -> None:
    bus = events.Bus()
    heard: list[str] = []
    bus.on("acting", lambda: heard.append("first"))
    bus.on("acting", lambda: heard.append("second"))
    bus.on("drawn", lambda: heard.append("drawn"))
    bus.emit("acting")
    assert heard == ["first", "second"]
    bus.emit("game-set")  # nobody listens: nothing happens
    assert heard == ["first", "second"]
    with pytest.raises(ValueError, match="unknown page event"):
        bus.on("actng", lambda: None)  # type: ignore[arg-type]
    assert set(events.EVENTS) == {"acting", "game-set", "read-only", "handover", "drawn"}


def test_tasks_keep_a_coroutine_until_it_is_done() -> None:
    tasks = events.Tasks()
    done: list[int] = []

    async def work() -> None:
        await asyncio.sleep(0)
        done.append(1)

    async def main() -> int:
        tasks.spawn(work())
        running = len(tasks._running)
        await asyncio.sleep(0.01)
        return running

    assert asyncio.run(main()) == 1
    assert done == [1] and not tasks._running


def test_shown_reads_the_view_and_forgets_the_headline() -> None:
    game = ic.new_game(seed=3)
    now = shown.Shown(view=game.view("crew"))
    now.rows = [(i, a.to_dict(), a.label, a.rule) for i, a in enumerate(game.legal_actions())]
    assert now.legal() == [a.to_dict() for a in game.legal_actions()]
    assert now.decision()["step"] == "move"
    assert shown.Shown().decision() == {}
    now.banner, now.flash = "<p>x</p>", ["a1"]
    now.forget_headline()
    assert (now.banner, now.flash) == ("", [])


@pytest.fixture
def page_app() -> Iterator[Any]:
    """app.App built with mocks for the browser's modules. The glue modules are imported
    afresh with them (a module imported without js has no page part) and forgotten
    afterwards: patch.dict puts sys.modules back as it was."""
    js = mock.MagicMock(name="js")
    js.localStorage = storage.MemoryBackend()
    js.URLSearchParams.new.return_value.get.return_value = None
    fakes = {"js": js, "pyscript": mock.MagicMock(name="pyscript"),
             "pyodide": mock.MagicMock(name="pyodide"),
             "pyodide.ffi": mock.MagicMock(name="pyodide.ffi")}
    with mock.patch.dict(sys.modules, fakes):
        for name in [m for m in sys.modules if m.split(".")[0] in GLUE_PACKAGES]:
            sys.modules.pop(name, None)
        app = importlib.import_module("pages.game.app")
        yield app.App(embed=False)


def page_commands() -> set[str]:
    """Every data-command the game page's HTML and its glue's HTML strings name (the
    prefixed ones with their argument); the demos, the replay viewer with its review, and the
    history page have their own."""
    glue = [p for p in sorted((WEB / "py").rglob("*.py"))
            if not p.relative_to(WEB / "py").as_posix().startswith(
                ("pages/demo", "pages/replay", "pages/history", "core/review", "core/history",
                 "core/replay"))]
    texts = [p.read_text() for p in [WEB / "index.html", *glue]]
    found = {m for text in texts for m in re.findall(r'data-command="([^"{<]+)"', text)}
    return found | {"confirm-yes", "confirm-no", "tabs:take-over", "tabs:copy"}


def test_every_command_of_the_page_has_a_handler(page_app: Any) -> None:
    names = page_commands()
    assert {"new", "undo", "share", "export", "close:keys-dialog"} <= names
    missing = sorted(name for name in names if page_app.handler(name) is None)
    assert not missing, f"commands without a handler: {missing}"


def test_unknown_and_hand_over_locked_commands_are_refused(page_app: Any) -> None:
    assert page_app.handler("no-such-command") is None
    assert page_app.command("no-such-command") is False
    assert page_app.command("dismiss") is False  # a prefix needs its argument's colon
    page_app.session.pending_side = "intruder"  # the device changes hands
    assert page_app.command("share") is False
    assert page_app.command("export") is False


def test_commands_reach_their_component(page_app: Any) -> None:
    with mock.patch.object(page_app.advisor.odds, "cancel") as cancel:
        page_app.commands = page_app.command_table()
        assert page_app.command("odds-cancel") is True
    cancel.assert_called_once_with()
    assert page_app.command("skip") is True and page_app.advisor.skipping is True
    with mock.patch.object(page_app.messages, "dismiss") as dismiss:
        assert page_app.command("dismiss:autosave") is True
    dismiss.assert_called_once_with("autosave")
