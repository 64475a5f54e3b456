"""The glue's code compiled when the memory snapshot is made, and kept in it (issue 31).

The page's modules that touch the browser (pages/, dom/) cannot be imported while the snapshot
is made (no JS object may be in it), but their code can be compiled then. `install` puts a
finder on sys.meta_path in PathFinder's place that imports them from that code: a warm start
no longer compiles their source (about 80 ms of the game page's start in Pyodide). A file
whose bytes are not the ones compiled is compiled as ever, so a stale code object never runs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from importlib.machinery import ModuleSpec, PathFinder, SourceFileLoader
from types import CodeType, ModuleType

Kept = dict[str, tuple[bytes, CodeType]]  # a source file's path: its bytes and their code


class KeptCodeLoader(SourceFileLoader):
    """A source file's loader that takes the kept code when the file holds the bytes it was
    compiled from."""

    def __init__(self, fullname: str, path: str, kept: Kept) -> None:
        super().__init__(fullname, path)
        self.kept = kept

    def source_to_code(self, data: bytes, path: str,  # type: ignore[override]
                       *, _optimize: int = -1) -> CodeType:
        entry = self.kept.get(path)
        if entry is not None and entry[0] == data:
            return entry[1]
        return super().source_to_code(data, path)


class KeptCodeFinder:
    """PathFinder for the packages whose code is kept (their modules get a KeptCodeLoader);
    every other name is left to the finders after it."""

    def __init__(self, packages: Iterable[str], kept: Kept) -> None:
        self.packages = frozenset(packages)
        self.kept = kept

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname.partition(".")[0] not in self.packages:
            return None
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is not None and spec.origin in self.kept and \
                isinstance(spec.loader, SourceFileLoader):
            spec.loader = KeptCodeLoader(fullname, spec.origin, self.kept)
        return spec


def compile_tree(root: str, packages: Iterable[str]) -> Kept:
    """Every .py file of `packages` under `root`, compiled as the import system compiles a
    source file (its absolute path as the code's file name)."""
    kept: Kept = {}
    for package in packages:
        for folder, _dirs, files in os.walk(os.path.join(os.path.abspath(root), package)):
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    with open(path, "rb") as file:
                        data = file.read()
                    kept[path] = (data, compile(data, path, "exec", dont_inherit=True))
    return kept


def install(root: str, packages: Sequence[str]) -> KeptCodeFinder:
    """Compile `packages` under `root` (a folder on sys.path) and import them from that code
    from now on: the finder goes just before PathFinder on sys.meta_path."""
    finder = KeptCodeFinder(packages, compile_tree(root, packages))
    at = next((i for i, f in enumerate(sys.meta_path) if f is PathFinder), len(sys.meta_path))
    sys.meta_path.insert(at, finder)
    return finder
