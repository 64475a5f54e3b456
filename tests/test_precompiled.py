"""dom/precompiled.py: the glue's code compiled when the memory snapshot is made runs in
place of compiling its source, and only while the file holds the bytes compiled."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from importlib.machinery import PathFinder
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))

from dom import precompiled

PACKAGE = "kept_code_probe"


@pytest.fixture
def tree(tmp_path: Path) -> Iterator[Path]:
    """A package of two modules on sys.path; the finder and the modules gone afterwards."""
    pkg = tmp_path / PACKAGE
    (pkg / "inner").mkdir(parents=True)
    (pkg / "__init__.py").write_text("NAME = 'probe'\n")
    (pkg / "inner" / "__init__.py").write_text("")
    (pkg / "inner" / "rules.py").write_text("def cost():\n    return 1\n")
    sys.path.insert(0, str(tmp_path))
    finders = list(sys.meta_path)
    try:
        yield tmp_path
    finally:
        sys.meta_path[:] = finders
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.partition(".")[0] == PACKAGE]:
            del sys.modules[name]
        importlib.invalidate_caches()


def test_the_kept_code_is_what_runs_and_the_finder_stands_before_pathfinder(
        tree: Path) -> None:
    finder = precompiled.install(str(tree), (PACKAGE,))
    assert sys.meta_path.index(finder) + 1 == sys.meta_path.index(PathFinder)  # type: ignore
    path = str(tree / PACKAGE / "inner" / "rules.py")
    kept_code = finder.kept[path][1]
    from kept_code_probe.inner import rules  # type: ignore[import-not-found]

    assert isinstance(rules.__spec__.loader, precompiled.KeptCodeLoader)
    assert rules.cost() == 1
    # The module's function is the kept code's own, not a fresh compilation of the file.
    assert rules.cost.__code__ in kept_code.co_consts
    assert rules.__file__ == path


def test_a_file_changed_since_is_compiled_afresh(tree: Path) -> None:
    finder = precompiled.install(str(tree), (PACKAGE,))
    path = tree / PACKAGE / "inner" / "rules.py"
    path.write_text("def cost():\n    return 2\n")
    importlib.invalidate_caches()
    from kept_code_probe.inner import rules  # type: ignore[import-not-found]

    assert rules.cost() == 2
    assert rules.cost.__code__ not in finder.kept[str(path)][1].co_consts


def test_other_packages_are_left_to_the_finders_after_it(tree: Path) -> None:
    finder = precompiled.install(str(tree), (PACKAGE,))
    assert finder.find_spec("json") is None
    assert finder.find_spec(PACKAGE + "_other") is None
    assert finder.find_spec(PACKAGE + ".missing") is None  # not there: PathFinder says so


def test_the_snapshots_warm_up_runs_every_step_on_cpython() -> None:
    """web/snapshot.mjs's WARM code, which a memory snapshot is made after, runs whole here as
    in the snapshot worker (the glue's folder as the working directory): a step that raised
    would fail every snapshot, and one that fell to its ImportError would leave that first
    drawing cold (the last step draws the resumed game's plan: `view` is set)."""
    root = Path(__file__).resolve().parent.parent
    source = (root / "web" / "snapshot.mjs").read_text()
    warm = source.split("const WARM = `", 1)[1].split("`;", 1)[0]
    probe = warm + "\nassert render.station_parts(view) and game.log, 'not every step ran'\n"
    done = subprocess.run([sys.executable, "-c", probe], cwd=root / "web" / "py",
                          env={**os.environ, "PYTHONPATH": str(root)},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
