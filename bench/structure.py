#!/usr/bin/env python3
"""The code's shape in figures (issue 27): where event types are listed, text parsed back from
events, `Any` lines, web/py's folders and any import cycle, Game's methods.

    python3 bench/structure.py [--root DIR]

Reads the source only (ast), so it runs on any checkout, old or new: run it before and after a
refactor, e.g. `python3 bench/structure.py --root /path/to/old/checkout`.
"""

from __future__ import annotations

import argparse
import ast
import graphlib
import re
from collections import Counter
from pathlib import Path

EMIT = re.compile(r"""\bemit\(\s*\w+,\s*["']([a-z_]+)["']""")


def py_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def emitted_types(core: Path) -> set[str]:
    """Every event type the engine emits: emit(g, "type", ...) calls, and roll's "roll"."""
    found = {"roll"}
    for p in py_files(core):
        found |= set(EMIT.findall(p.read_text()))
    return found


def action_types(core: Path) -> set[str]:
    """Declared action types (ActionType("type", ...) or type="..." in the rule modules)."""
    names: set[str] = set()
    for p in py_files(core):
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ActionType":
                if node.args and isinstance(node.args[0], ast.Constant):
                    names.add(str(node.args[0].value))
                for kw in node.keywords:
                    if kw.arg == "type" and isinstance(kw.value, ast.Constant):
                        names.add(str(kw.value.value))
    return names


def strings(node: ast.AST) -> list[str] | None:
    """The string elements of a set, tuple, list or dict literal (a dict: its keys)."""
    if isinstance(node, ast.Dict):
        elts: list[ast.expr | None] = list(node.keys)
    elif isinstance(node, (ast.Set, ast.Tuple, ast.List)):
        elts = list(node.elts)
    else:
        return None
    out = [e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return out if len(out) == len(elts) else None


def event_type_listings(root: Path, events: set[str], actions: set[str]) -> Counter[str]:
    """Literal collections of two or more event types outside the event registry, per file:
    each is a consumer's own list of event types (not all of them action names too)."""
    where: Counter[str] = Counter()
    registry = {"event_types.py", "events.py"}
    for folder in (root / "intruder_core", root / "web" / "py"):
        for p in py_files(folder):
            if p.name in registry or "demos" in p.parts:
                continue
            for node in ast.walk(ast.parse(p.read_text())):
                names = strings(node)
                if names and len(names) >= 2 and set(names) <= events \
                        and not set(names) <= actions:
                    where[str(p.relative_to(root))] += 1
    return where


TEXT_PARSE = re.compile(
    r"re\.compile\(|re\.(match|search|fullmatch|findall)\(|"
    r"purpose.*\.(split|startswith|endswith|partition)\(|in str\(\w+\[?\w*\]?\.get\(.purpose|"
    r"""\.split\(["'] is already|\btake\((f["']|["'][^"']* )""")


def text_parses(root: Path) -> list[str]:
    """Lines that read an event's meaning back from its words (regular expressions, splits and
    prefix matches on a roll's purpose or an event's text) in the events' consumers (the page's
    SVG parsing in render.py is not counted: it reads markup, not events)."""
    names = {"story", "review", "moments", "logbook", "panels", "session"}
    consumers = [p for folder in (root / "intruder_core", root / "web" / "py")
                 for p in py_files(folder) if p.stem in names]
    hits = []
    for p in consumers:
        for n, line in enumerate(p.read_text().splitlines(), 1):
            if TEXT_PARSE.search(line) and not line.lstrip().startswith("#"):
                hits.append(f"{p.relative_to(root)}:{n}: {line.strip()}")
    return hits


def any_lines(folder: Path) -> int:
    word = re.compile(r"\bAny\b")
    return sum(1 for p in py_files(folder) for line in p.read_text().splitlines()
               if word.search(line))


def web_modules(web: Path) -> dict[str, Path]:
    """Dotted module name -> file, for web/py (flat or in packages)."""
    out = {}
    for p in py_files(web):
        rel = p.relative_to(web).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        if parts:
            out[".".join(parts)] = p
    return out


def import_graph(web: Path) -> dict[str, set[str]]:
    mods = web_modules(web)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, p in mods.items():
        pkg = name.split(".")[:-1] if p.name != "__init__.py" else name.split(".")
        for node in ast.walk(ast.parse(p.read_text())):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = pkg[:len(pkg) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                targets = [base, *(f"{base}.{a.name}" for a in node.names)]
            for t in targets:
                if t in mods and t != name:
                    graph[name].add(t)
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of the graph (graphlib finds it), or [] when there is none."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as e:
        return list(e.args[1])
    return []


def game_methods(core: Path) -> tuple[int, int]:
    """Methods (and properties) of class Game: all, and the public ones."""
    tree = ast.parse((core / "game.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "Game":
            defs = [n.name for n in node.body
                    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            return len(defs), sum(1 for d in defs if not d.startswith("_"))
    return 0, 0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    root = Path(p.parse_args().root)
    core, web = root / "intruder_core", root / "web" / "py"
    events, actions = emitted_types(core), action_types(core)
    listings = event_type_listings(root, events, actions)
    print(f"event types emitted: {len(events)}")
    print(f"literal lists of event types outside the registry: {sum(listings.values())} "
          f"in {len(listings)} files")
    for f, n in sorted(listings.items()):
        print(f"  {f}: {n}")
    parses = text_parses(root)
    print(f"lines parsing event words back (regex, split, prefix): {len(parses)}")
    for line in parses:
        print(f"  {line}")
    print(f"`Any` lines: intruder_core {any_lines(core)}, web/py {any_lines(web)}")
    folders = Counter(str(p.parent.relative_to(root)) for p in py_files(web)
                      if p.name != "__init__.py")
    print("web/py modules per folder: " + ", ".join(f"{f} {n}" for f, n in sorted(folders.items())))
    found = cycle(import_graph(web))
    print(f"web/py import cycles: {'one: ' + ' -> '.join(found) if found else 'none'}")
    n, public = game_methods(core)
    print(f"Game's methods: {n} ({public} public)")


if __name__ == "__main__":
    main()
