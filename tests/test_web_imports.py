"""web/py's rooms keep their arrows (docs/web.md, "Rooms"): pages -> dom -> core ->
intruder_core, workers -> core. Every import of every glue module is read with ast (those under
TYPE_CHECKING and inside functions too) and checked: no wrong arrow, no page importing another
page, no worker importing a page or the DOM, no browser module in core, no cycle, no import
hidden behind suppress(ImportError), no folder of more than MAX_MODULES modules."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Mapping
from pathlib import Path

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
MAX_MODULES = 12  # modules a folder may hold (its __init__.py not counted)
BROWSER = frozenset({"js", "pyscript", "pyodide", "pyodide_js"})  # only in Pyodide
# The only browser imports core has, each inside a function that runs on the page alone (the
# tests inject what it fetches): left for a later step, named so that no other comes in.
LAZY_BROWSER = {"core.storage": "js",   # Store's default backend: the page's localStorage
                "core.history": "js"}   # browser_backend: history-db.mjs, imported by URL
# Which rooms each room may import (besides itself, intruder_core and the standard library).
MAY_IMPORT = {"core": {"core"}, "dom": {"core", "dom"}, "pages": {"core", "dom"},
              "workers": {"core", "workers"}}


def sources(root: Path = WEB_PY) -> dict[str, str]:
    """Every glue module's source by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path.read_text()
    return out


def room(module: str) -> str:
    """A module's room: "core", "dom", "workers", or "pages.NAME" (one room per page)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "pages" else parts[0]


def imported(tree: ast.AST, known: Iterable[str]) -> list[str]:
    """The names a module imports, a glue module's as its dotted name ("from core import
    session" -> core.session), any other's as written; a relative import as "." (refused:
    the rooms are named in full)."""
    names = set(known)
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                out.append(".")
                continue
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in names]
            out += subs or [base]
    return out


def suppressed_imports(tree: ast.AST) -> int:
    """Imports inside `with suppress(ImportError)` (contextlib's, however imported)."""
    found = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.With):
            continue
        for item in node.items:
            call = item.context_expr
            if isinstance(call, ast.Call) and ast.unparse(call.func).endswith("suppress") \
                    and any(ast.unparse(a) == "ImportError" for a in call.args):
                found += sum(isinstance(n, ast.Import | ast.ImportFrom)
                             for stmt in node.body for n in ast.walk(stmt))
    return found


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import cycles (strongly connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


@functools.cache
def parsed(text: str) -> ast.Module:
    """A module's tree, parsed once per text (the planted breaks change one module each)."""
    return ast.parse(text)


def problems(found: Mapping[str, str]) -> list[str]:
    """Every broken rule among these modules (name -> source), in words."""
    out: list[str] = []
    graph: dict[str, set[str]] = {}
    tops = {name.split(".")[0] for name in found}
    folders: dict[str, int] = {}
    for name, text in sorted(found.items()):
        tree = parsed(text)
        if not any(other.startswith(name + ".") for other in found):  # a module, no package
            folder = name.rpartition(".")[0].replace(".", "/") or "."
            folders[folder] = folders.get(folder, 0) + 1
        if room(name) not in MAY_IMPORT and name.split(".")[0] != "pages":
            out.append(f"{name}: not in a room (core, dom, pages.NAME, workers)")
        if suppressed_imports(tree):
            out.append(f"{name}: imports behind suppress(ImportError)")
        graph[name] = set()
        for target in imported(tree, found):
            top = target.split(".")[0]
            if target == ".":
                out.append(f"{name}: a relative import (name the room in full)")
            if top in BROWSER and room(name) in ("core", "workers") \
                    and LAZY_BROWSER.get(name) != target:
                out.append(f"{name} imports {target}: {room(name)} stays out of the browser")
            if top not in tops:
                continue
            graph[name].add(target)
            mine, theirs = room(name), room(target)
            if theirs == mine or target == "pages":
                continue
            if theirs.split(".")[0] not in MAY_IMPORT.get(mine.split(".")[0], set()):
                out.append(f"{name} imports {target}: {mine} may not import {theirs}")
    out += [f"import cycle: {' -> '.join(c)}" for c in cycles(graph)]
    out += [f"{folder}/: {n} modules (at most {MAX_MODULES})"
            for folder, n in sorted(folders.items()) if n > MAX_MODULES]
    return out


def test_web_py_keeps_its_rooms_arrows() -> None:
    found = sources()
    assert {room(n) for n in found} >= {"core", "dom", "workers", "pages.game", "pages.replay",
                                        "pages.demo", "pages.history"}
    assert problems(found) == []


def test_the_rule_fails_on_each_planted_break() -> None:
    """Each kind of break, planted in a copy of the real modules, is reported."""
    found = sources()
    plants = {
        "core.session": ("from dom import elements\n", "core may not import dom"),
        "dom.elements": ("from pages.game import app\n", "dom may not import pages.game"),
        "pages.demo.demo": ("from pages.replay import main\n", "may not import pages.replay"),
        "workers.bot_tasks": ("from dom import bot_client\n", "workers may not import dom"),
        "core.moments": ("import js\n", "core stays out of the browser"),
        "core.panels": ("import contextlib\nwith contextlib.suppress(ImportError):\n"
                        "    import svgwrite\n", "suppress(ImportError)"),
        "core.logbook": ("from core import panels\n", "import cycle: core.logbook -> core.panels"),
    }
    for name, (line, said) in plants.items():
        planted = {**found, name: found[name] + "\n" + line}
        assert any(said in p for p in problems(planted)), (name, problems(planted))
    crowded = {**found, **{f"core.extra{i}": "" for i in range(MAX_MODULES)}}
    assert any(p.startswith("core/:") for p in problems(crowded))
