#!/usr/bin/env python3
"""Build, serve and test Intruder: the one entry point, each step runnable alone.

    python3 build.py [site]   build the wheel and the static site into dist/
    python3 build.py serve    build, then serve dist/ on 127.0.0.1 and print the URL
                              (--port N, default 8000)
    python3 build.py test     install what the tests need, then run every check and test:
                              ruff and mypy (--lint), tests/ (--unit), the site built and
                              e2e/ (--e2e); flags pick some; --games N goes to the unit
                              run, other arguments to each pytest run;
                              INTRUDER_SKIP_E2E=1 skips e2e/ when no flag is given

Everything the site loads comes from dist/ itself: the Pyodide runtime and PyScript are
copied from node_modules (npm ci, versions pinned in package-lock.json), the svgwrite
wheel is downloaded once into wheels/ (git-ignored), and a pyodide-lock.json of our own maps
each package name to its local wheel. Our JavaScript and CSS ship minified by esbuild (from
npm, pinned too); no source maps and no PyScript chunk the page never loads are shipped; the
build prints the bytes the site adds to the Pyodide runtime. See docs/web.md.
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import functools
import gzip
import hashlib
import http
import http.server
import io
import json
import os
import re
import shutil
import string
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.parse
import venv
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, ClassVar

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
DIST = ROOT / "dist"
WEB = ROOT / "web"
WHEELS = ROOT / "wheels"
NODE_MODULES = ROOT / "node_modules"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
CHROMIUM = Path("/usr/bin/chromium")

# Pyodide's own Python, for which the pure-Python wheels are downloaded.
PYODIDE_PYTHON = "3.14"
# Wheels from PyPI that the page loads besides intruder_core: version and sha256 of the
# pure-Python wheel on PyPI (Pyodide's own lock has other hashes: its builds differ).
PYPI_WHEELS = {
    "svgwrite": ("1.4.3", "bb6b2b5450f1edbfa597d924f9ac2dd099e625562e492021d7dd614f65f8a22d"),
}
# Changes to the PyPI wheels as shipped, by package: {file in the wheel: (old, new)}.
# svgwrite imports urllib.request (and with it http.client and email: some 1.2 s of compiling
# in Pyodide at every cold boot) only to embed fonts, which the page never does.
WHEEL_PATCHES = {
    "svgwrite": {
        "svgwrite/container.py": (
            b"from urllib.request import urlopen\r\n",
            b"def urlopen(*args, **kw):  # Intruder's build: urllib.request only when used\r\n"
            b"    from urllib.request import urlopen\r\n"
            b"    return urlopen(*args, **kw)\r\n"),
        # Without debug (as render.py draws) no validator is used: make it on first use, and
        # import the SVG profiles' tables (full11, tiny12, their type checker and parser)
        # only when a validator first reads them: svgwrite's import went from 132 to 39 ms in
        # Pyodide (Node).
        "svgwrite/params.py": (
            b"    __slots__ = ['_debug', 'validator', '_profile']\r\n\r\n"
            b"    def __init__(self, debug=True, profile='full'):\r\n"
            b"        self._debug = debug\r\n"
            b"        self.profile = profile\r\n\r\n"
            b"    def _init_validator(self):\r\n"
            b"        self.validator = get_validator(self.profile,  self.debug)\r\n",
            b"    __slots__ = ['_debug', '_validator', '_profile']\r\n\r\n"
            b"    def __init__(self, debug=True, profile='full'):\r\n"
            b"        self._debug = debug\r\n"
            b"        self.profile = profile\r\n\r\n"
            b"    def _init_validator(self):  # Intruder's build: the validator on first use\r\n"
            b"        self._validator = None\r\n\r\n"
            b"    @property\r\n"
            b"    def validator(self):\r\n"
            b"        if self._validator is None:\r\n"
            b"            self._validator = get_validator(self.profile, self.debug)\r\n"
            b"        return self._validator\r\n\r\n"
            b"    @validator.setter\r\n"
            b"    def validator(self, value):\r\n"
            b"        self._validator = value\r\n"),
        "svgwrite/validator2.py": (
            b"from svgwrite.data import full11\r\nfrom svgwrite.data import tiny12\r\n",
            b"from importlib import import_module  # Intruder's build: tables on first use\r\n"
            b"\r\n"
            b"class _Tables:\r\n"
            b"    def __init__(self, name):\r\n"
            b"        self.name = name\r\n"
            b"\r\n"
            b"    def __getattr__(self, attr):\r\n"
            b"        return getattr(import_module('svgwrite.data.' + self.name), attr)\r\n"
            b"\r\n"
            b"full11 = _Tables('full11')\r\n"
            b"tiny12 = _Tables('tiny12')\r\n"),
    },
}
# The engine's command line and lab modules, which no page imports (tests/test_web_imports.py
# checks that), left out of the site's wheel: its bytes (e2e/test_bytes.py).
ENGINE_NOT_SHIPPED = ("__main__.py", "api_table.py", "bots/balance.py", "bots/lab_dask.py",
                      "bots/value_fit.py")
# Files of the npm pyodide package that the browser needs (no source maps: see strip_map_link).
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
# web/py/ files fetched on their own, by path under py/: the entries (the game page's and the
# bots' worker's PyScript scripts, the other pages' scripts run by page-boot.mjs); the other glue
# modules, in their packages, and the rule texts go into GLUE_ARCHIVE.
# The demo's and Your games' entries are in the archive too (read from it by page-boot.mjs:
# gzipped with the rest they cost a third of their bytes); the replay's is a small entry file
# (its page.py in the archive), which the tests hold back to catch the page before its Python runs.
PAGE_SCRIPTS = ("pages/game/main.py", "workers/bot_worker.py", "pages/replay/main.py")
GLUE_ARCHIVE = "glue.tgz"
# Modules of web/ that go next to pyodide.mjs: the snapshot-aware loader and snapshot maker.
SNAPSHOT_MODULES = ("loader.mjs", "snapshot.mjs")
# The Pyodide runtime as the bare page loads it: "bytes added" counts every other file.
RUNTIME_FILES = {f"pyodide/{name}" for name in PYODIDE_RUNTIME}
# PyScript plugins the page never uses: turned off in pyscript.json ("!name"), and their
# chunks (and the editor's and terminal's codemirror and xterm) are left out of dist/.
PYSCRIPT_PLUGINS_OFF = ("py-editor", "py-game", "py-terminal", "donkey", "deprecations-manager")
# Folders of dist/ whose files are also put into Pyodide's file system (the rules reference).
RULE_DIRS = ("rules", "docs")

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".py": "text/x-python",
}


def run(*cmd: str | Path, **kw: object) -> None:
    """Run a command, echoing it, and stop the build if it fails."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    done = subprocess.run([str(c) for c in cmd], check=False, cwd=kw.pop("cwd", ROOT), **kw)  # type: ignore[call-overload]
    if done.returncode != 0:
        sys.exit(f"failed (exit status {done.returncode}): {' '.join(str(c) for c in cmd)}")


def venv_python() -> Path:
    """Create .venv with the pinned dev tools (requirements-dev.txt) if need be, and return
    its interpreter.

    `pip install -r` is idempotent, but costs 1-3 s with nothing to install, paid by every
    build (an e2e run builds twice): so it runs only when the venv is new or the requirements
    differ from those last installed (kept in .venv, so a new venv installs them all).
    `--no-compile`: pip compiles every module it installs (dask's, hypothesis's... 7 of a
    fresh install's 20 s); Python compiles the few the checks import, once, as it meets them."""
    py = VENV / "bin" / "python"
    stamp = VENV / ".requirements"
    wanted = (ROOT / "requirements-dev.txt").read_text()
    if not py.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not stamp.exists() or stamp.read_text() != wanted:
        run(py, "-m", "pip", "install", "-q", "--no-compile", "--disable-pip-version-check",
            "-r", ROOT / "requirements-dev.txt")
        stamp.write_text(wanted)
    return py


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- inputs: npm packages, PyPI wheels, chromium ---------------------------------------------


def ensure_npm() -> None:
    """`npm ci` once per package-lock.json (node_modules is git-ignored): npm ci deletes
    node_modules and installs everything again each time it runs, so a stamp says it is done."""
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".intruder-lock-sha256"
    if stamp.exists() and stamp.read_text() == sha256(lock):
        return
    run("npm", "ci", "--no-audit", "--no-fund")
    stamp.write_text(sha256(lock))


def ensure_wheels(py: Path) -> dict[str, Path]:
    """Download the pinned pure-Python wheels for Pyodide's Python once into wheels/.

    pip must be told the target Python (on 3.11 it picks older releases of some packages).
    """
    wanted = {name: f"{name}-{ver}-py3-none-any.whl" for name, (ver, _) in PYPI_WHEELS.items()}
    missing = [f"{n}=={PYPI_WHEELS[n][0]}" for n, f in wanted.items() if not (WHEELS / f).exists()]
    if missing:
        WHEELS.mkdir(exist_ok=True)
        run(py, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
            "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--implementation", "py",
            "--abi", "none", "--platform", "any", "-d", WHEELS, *missing)
    paths = {name: WHEELS / f for name, f in wanted.items()}
    for name, path in paths.items():
        if not path.exists():
            sys.exit(f"pip download did not produce {path.name} for {name}")
        if sha256(path) != PYPI_WHEELS[name][1]:
            sys.exit(f"{path} has an unexpected sha256: delete it and build again")
    return paths


def ensure_chromium() -> None:
    """The e2e tests drive Debian's chromium (never `playwright install`)."""
    if CHROMIUM.exists():
        return
    if os.geteuid() != 0:
        sys.exit(f"{CHROMIUM} is missing: run `apt-get update && apt-get install -y chromium`")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run("apt-get", "update", "-q", env=env)
    run("apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium", env=env)


# --- the site ---------------------------------------------------------------------------------


def build_core_wheel(py: Path, outdir: Path, engine: Path) -> Path:
    """intruder_core as a wheel, built by hatchling from the venv (no isolation, no network).

    The build runs on a staged copy of pyproject.toml and intruder_core/: in ROOT,
    `python -m build` would import this build.py, and pyproject's readme may not exist yet.
    """
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        shutil.copy2(ROOT / "pyproject.toml", src)
        shutil.copytree(engine, src / "intruder_core",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for name in ENGINE_NOT_SHIPPED:
            (src / "intruder_core" / name).unlink()
        strip_python_files(src / "intruder_core")
        # the wheel's description: a line, not the README (the site's bytes)
        (src / "README.md").write_text("Intruder rules engine (the site's build).\n")
        out = Path(tmp) / "out"
        run(py, "-m", "build", "--wheel", "--no-isolation", "--outdir", out, src,
            cwd=tmp, stdout=subprocess.DEVNULL)
        (wheel,) = out.glob("intruder_core-*.whl")
        return Path(shutil.copy2(wheel, outdir / wheel.name))


def package_archive(wheel: Path, outdir: Path) -> Path:
    """A wheel as the site ships it: its files in one gzipped tar (NAME-VERSION.tar.gz), which
    loader.mjs inflates in one stream; from a wheel (a zip) it inflated each file alone (83
    the engine's, 37 svgwrite's), ~125 ms of the page's main thread in a warm start (issue
    31). A quarter smaller too: one stream over files that share their words. Pyodide's
    loadPackage unpacks it as well."""
    name, version = wheel.name.split("-")[:2]
    with zipfile.ZipFile(wheel) as z:
        files = [(info.filename, z.read(info)) for info in z.infolist() if not info.is_dir()]
    return write_tgz(outdir / f"{name}-{version}.tar.gz", files)


def write_tgz(path: Path, files: list[tuple[str, bytes]]) -> Path:
    """`files` (name, bytes) as a gzipped ustar at `path`, with a fixed owner, mode and time:
    the same bytes each build."""
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            t.addfile(info, io.BytesIO(data))
    path.write_bytes(gzip.compress(tar.getvalue(), 9, mtime=0))
    return path


def lock_entry(name: str, archive: Path, imports: list[str]) -> dict[str, object]:
    version = archive.name.split("-")[1].removesuffix(".tar.gz")
    return {
        "name": name,
        "version": version,
        "file_name": archive.name,  # relative to the lock file, i.e. served from dist/pyodide/
        "install_dir": "site",
        "sha256": sha256(archive),
        "package_type": "package",
        "imports": imports,
        "depends": [],
        "unvendored_tests": False,
    }


def write_pyodide(py: Path, pyodide_dir: Path, engine: Path) -> None:
    """The runtime, our wheels, and a lock file that lists only what dist/ holds.

    Pyodide's stock lock names 357 packages, each fetched from a CDN on demand, with hashes
    that the PyPI wheels do not match. Ours names svgwrite and intruder-core with the hashes
    of the files we ship, so loadPackage by name stays on this origin.
    """
    src = NODE_MODULES / "pyodide"
    pyodide_dir.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_RUNTIME:
        copy_without_map(src / name, pyodide_dir / name)

    entries: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        wheels = {}
        for name, wheel in ensure_wheels(py).items():
            wheels[name] = Path(tmp) / wheel.name
            patch_wheel(wheel, wheels[name], WHEEL_PATCHES.get(name, {}))
        wheels["intruder-core"] = build_core_wheel(py, Path(tmp), engine)
        for name, wheel in wheels.items():
            shipped = package_archive(wheel, pyodide_dir)
            entries[name] = lock_entry(name, shipped, [name.replace("-", "_")])
    write_snapshot_modules(pyodide_dir, {name: str(e["file_name"]) for name, e in
                                         sorted(entries.items())}, GLUE_ARCHIVE)

    stock = json.loads((src / "pyodide-lock.json").read_text())
    lock = {"info": stock["info"], "packages": dict(sorted(entries.items()))}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")


MAP_LINK = re.compile(rb"\n?//# sourceMappingURL=[^\n]*\s*$")


def copy_without_map(src: Path, dst: Path) -> None:
    """Copy a file; a script loses its trailing sourceMappingURL comment, since the maps are
    not shipped (a dangling one makes devtools and Lighthouse fetch a 404)."""
    if src.suffix in (".js", ".mjs"):
        dst.write_bytes(MAP_LINK.sub(b"\n", src.read_bytes()))
    else:
        shutil.copy2(src, dst)


def pyscript_chunks(src: Path) -> list[str]:
    """The files of @pyscript/core's dist/ that the page can load: core.js and core.css, the
    chunks they import statically, and the plugins left on (PYSCRIPT_PLUGINS_OFF are off).

    The plugins are lazy imports in the core chunk's plugin table ("name":()=>import("./x"));
    every other lazy import there (codemirror, xterm, zip, toml, the package graph) serves
    a feature the page does not use (editor, terminal, .zip files, TOML config, `packages`).
    """
    static = re.compile(rb'(?:from|import)\s*"\./([^"]+\.js)"')
    plugin = re.compile(rb'"?([\w-]+)"?:\(\)=>import\("\./([^"]+\.js)"\)')
    keep = {"core.js", "core.css"}
    todo = ["core.js"]
    while todo:
        text = (src / todo.pop()).read_bytes()
        found = set(m.decode() for m in static.findall(text))
        for name, chunk in plugin.findall(text):
            if name.decode() not in PYSCRIPT_PLUGINS_OFF:
                found.add(chunk.decode())
        for name in found - keep:
            keep.add(name)
            todo.append(name)
    return sorted(keep)


def copy_pyscript(dist: Path) -> None:
    """Only the PyScript files the page loads (see pyscript_chunks), without source maps."""
    src = NODE_MODULES / "@pyscript" / "core" / "dist"
    out = dist / "pyscript"
    out.mkdir()
    for name in pyscript_chunks(src):
        copy_without_map(src / name, out / name)


def gzip_size(path: Path) -> int:
    """Bytes of the file gzipped at level 9 (what a static host serving gzip sends)."""
    return len(gzip.compress(path.read_bytes(), 9, mtime=0))


def strip_python(source: str) -> str:
    """Python source without its docstrings and comments (what the browser never reads):
    the same code, parsed and written out again by ast. Top-level await (PyScript's
    scripts) is allowed; line numbers in tracebacks no longer match the repository."""
    tree = compile(source.lstrip("\ufeff"), "<shipped>", "exec",
                   ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def strip_python_files(folder: Path) -> None:
    """strip_python on every .py file under `folder`, in place."""
    for path in sorted(folder.rglob("*.py")):
        path.write_text(strip_python(path.read_text(encoding="utf-8-sig")))


def minify(text: str, loader: str, compact: bool = True) -> str:
    """`text` minified by esbuild (pinned in package.json) as JavaScript or CSS (`loader`
    "js" or "css"), non-ASCII text kept as UTF-8. No output format is given, so a classic
    script stays a classic script (its top-level names, which other scripts may use, kept)
    and a module keeps its imports and exports; template literals keep every character.
    compact=False only drops the comments and reprints the code a statement a line (sw.js:
    its `const VERSION = ...` and `const FILES = ...` are read back by the e2e tests)."""
    done = subprocess.run([str(ESBUILD), *(["--minify"] if compact else []), f"--loader={loader}",
                           "--charset=utf8", "--log-level=warning"],
                          input=text, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"esbuild could not minify a {loader} file:\n{done.stderr}")
    return done.stdout


# The demo and replay pages share one head, masthead and boot screen (write_demo_pages).
DEMO_TEMPLATE = "demo-page.html"
DEMO_PAGES = ("demo.html", "replay.html", "history.html")


def glue_constant(module: str, name: str) -> str:
    """A string constant of a glue module (web/py/MODULE.py), read from its source: the pages'
    early scripts, which run before Python, get the glue's own value (one home each)."""
    tree = ast.parse((WEB / "py" / module).with_suffix(".py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == name
                                                for t in node.targets):
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                return value
    sys.exit(f"web/py/{module}.py has no string constant {name}")


# Placeholders of the pages' early scripts, and the glue constant each stands for.
PAGE_CONSTANTS = {"__SHARE_PREFIX__": ("core/session", "SHARE_PREFIX")}


def write_demo_pages(web: Path, dist: Path) -> None:
    """dist/demo.html and dist/replay.html: web/demo-page.html filled in with the values in
    each page's `<!--page ... -->` comment (key: value lines), then the rest of the page, so
    the head they share is written once; PAGE_CONSTANTS put in the glue's values."""
    text = re.sub(r"\A<!--template.*?-->\n", "", (web / DEMO_TEMPLATE).read_text(), flags=re.S)
    template = string.Template(text)
    for name in DEMO_PAGES:
        text = (web / name).read_text()
        found = re.search(r"<!--page\n(.*?)-->\n", text, re.S)
        if found is None:
            sys.exit(f"web/{name} has no <!--page ... --> comment with its values")
        values = dict(line.split(": ", 1) for line in found[1].splitlines())
        try:
            page = template.substitute(values, rest=text[found.end():])
        except (KeyError, ValueError) as exc:
            sys.exit(f"web/{name}: no value for web/{DEMO_TEMPLATE}'s ${exc.args[0]}")
        for slot, (module, constant) in PAGE_CONSTANTS.items():
            page = page.replace(slot, glue_constant(module, constant))
        if values["main_module"].removeprefix("py/") not in PAGE_SCRIPTS:
            # page-boot.mjs then reads the entry from the glue archive, not by its own request
            page = page.replace(f'data-main="{values["main_module"]}"',
                                f'data-main="{values["main_module"]}" data-in-glue', 1)
        (dist / name).write_text(page)


def minify_site(dist: Path) -> None:
    """The shipped copies of the style sheets, scripts and Python glue, smaller: CSS and
    JavaScript without comments and spare white space, Python without docstrings and
    comments (strip_python). The repository's files stay as written."""
    for path in sorted(dist.rglob("*.css")):
        path.write_text(minify(path.read_text(), "css"))
    for path in sorted([*dist.glob("*.js"), *dist.glob("*.mjs")]):
        path.write_text(minify(path.read_text(), "js"))
    for path in sorted(dist.glob("*.html")):
        path.write_text(minify_html(path.read_text()))
    strip_python_files(dist / "py")


# A page's own <style> and <script> blocks (no attributes: not a module's or another type's),
# and its comments outside them.
_INLINE_BLOCK = re.compile(r"<(style|script)>(.*?)</\1>|<!--.*?-->", re.S)


def minify_html(page: str) -> str:
    """A page's inline style and script blocks minified by esbuild, its comments dropped
    (minify_site runs before anything that hashes an inline script for the page's CSP)."""
    def one(m: re.Match[str]) -> str:
        kind = m.group(1)
        if kind is None:
            return ""  # a comment
        loader = "css" if kind == "style" else "js"
        return f"<{kind}>{minify(m.group(2), loader).strip()}</{kind}>"

    return _INLINE_BLOCK.sub(one, page)


def bytes_added(dist: Path) -> tuple[int, int]:
    """(raw, gzip) bytes of every file of dist/ but the Pyodide runtime (RUNTIME_FILES)."""
    added = [dist / f for f in site_files(dist) if f not in RUNTIME_FILES]
    return sum(p.stat().st_size for p in added), sum(gzip_size(p) for p in added)


def patch_wheel(src: Path, dst: Path, patches: dict[str, tuple[bytes, bytes]]) -> None:
    """Copy a wheel, replacing text in some of its files (WHEEL_PATCHES), its Python without
    docstrings and comments (strip_python), with their RECORD lines; fail loudly if a patch
    no longer applies (a new version of the package)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        files = {info.filename: zin.read(info) for info in zin.infolist()}
        record_name = next(n for n in files if n.endswith(".dist-info/RECORD"))
        record = files[record_name].decode().splitlines()
        for name, (old, new) in patches.items():
            if files[name].count(old) != 1:
                sys.exit(f"{src.name}: the patch of {name} does not apply any more")
            files[name] = files[name].replace(old, new)
        for name in files:
            if not name.endswith(".py"):
                continue
            files[name] = strip_python(files[name].decode("utf-8-sig")).encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(files[name]).digest())
            line = f"{name},sha256={digest.rstrip(b'=').decode()},{len(files[name])}"
            record = [line if r.startswith(name + ",") else r for r in record]
        files[record_name] = ("\n".join(record) + "\n").encode()
        for name, data in files.items():
            zout.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                          compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


def write_glue_archive(dist: Path) -> None:
    """pyodide/glue.tgz: the glue modules (web/py/ but PAGE_SCRIPTS) and the rule texts
    (rules/, docs/rulings.md), as one gzipped tar in place of the plain files.

    loader.mjs unpacks it into Pyodide's working directory (on sys.path) before PyScript runs
    main.py, so the entries import core.session, dom.elements, ... (the package folders kept)
    and open "rules/rulings.md" as before: one request instead of a dozen. One gzip stream over
    every file (a zip deflates each file alone) is 12% smaller: the modules share their words."""
    py = dist / "py"
    entries = [(p.relative_to(py).as_posix(), p) for p in sorted(py.rglob("*.py"))
               if p.relative_to(py).as_posix() not in PAGE_SCRIPTS]
    for folder in RULE_DIRS:
        entries += [(f"{folder}/{p.name}", p) for p in sorted((dist / folder).glob("*"))]
    (dist / "pyodide").mkdir(exist_ok=True)
    write_tgz(dist / "pyodide" / GLUE_ARCHIVE, [(name, p.read_bytes()) for name, p in entries])
    for _, path in entries:
        path.unlink()
    for folder in sorted(py.rglob("*"), reverse=True):  # the packages' folders left empty
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    for folder in RULE_DIRS:
        if (dist / folder).is_dir() and not any((dist / folder).iterdir()):
            (dist / folder).rmdir()


def write_snapshot_modules(pyodide_dir: Path, packages: dict[str, str], glue: str) -> None:
    """loader.mjs (PyScript's interpreter: Pyodide from a memory snapshot when one is stored,
    else a normal boot) and snapshot.mjs (makes the snapshot), next to pyodide.mjs.

    Both get the packages' archives and the glue archive to unpack, and the snapshot's key: a
    hash of everything a snapshot holds (runtime, packages, glue, these modules), so any
    change makes the stored one stale."""
    digest = hashlib.sha256()
    for name in [*PYODIDE_RUNTIME, *sorted(packages.values()), glue]:
        digest.update(name.encode() + b"\0" + hashlib.sha256(
            (pyodide_dir / name).read_bytes()).digest())
    for module in SNAPSHOT_MODULES:
        digest.update((WEB / module).read_bytes())
    key = digest.hexdigest()[:16]
    for module in SNAPSHOT_MODULES:
        text = minify((WEB / module).read_text(), "js").replace("__SNAPSHOT_KEY__", key).replace(
            "__PACKAGES__", json.dumps(packages)).replace("__GLUE__", glue)
        (pyodide_dir / module).write_text(text)


def write_pyscript_config(dist: Path) -> None:
    """pyscript.json: the interpreter (pyodide/loader.mjs, which also puts the glue modules
    and the rule texts into Pyodide's file system) and the plugins turned off."""
    config: dict[str, object] = {
        "interpreter": "./pyodide/loader.mjs",
        "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF],
    }
    (dist / "pyscript.json").write_text(json.dumps(config, indent=1) + "\n")


def copy_rule_texts(dist: Path) -> None:
    """The rulebook, mapsheet and rulings (rules/) and the project's rulings (docs/rulings.md)
    for the in-app rules reference, under the same paths as in the repository."""
    if (ROOT / "rules").is_dir():
        shutil.copytree(ROOT / "rules", dist / "rules")
    if (ROOT / "docs" / "rulings.md").exists():
        (dist / "docs").mkdir()
        shutil.copy2(ROOT / "docs" / "rulings.md", dist / "docs" / "rulings.md")


# Render-blocking files that index.html carries inline instead (see inline_critical).
INLINED = {
    '<script src="./boot.js"></script>': ("boot.js", "script"),
    '<link rel="stylesheet" href="./pyscript/core.css">': ("pyscript/core.css", "style"),
    '<link rel="stylesheet" href="./app.css">': ("app.css", "style"),
}


def inline_critical(dist: Path) -> None:
    """Put boot.js and the style sheets into index.html and drop the files no other page
    links: the game's boot screen then paints from the page alone, with no request before the
    first paint (a slow network gave the preloaded runtime the bandwidth first). The embed,
    demo and replay pages link boot.js and the style sheets instead: one shared, cached copy
    costs fewer bytes than a copy inlined in each page (issues 13 and 31's byte budget)."""
    index = dist / "index.html"
    html = index.read_text()
    others = [page.read_text() for page in sorted(dist.glob("*.html")) if page != index]
    for tag, (name, kind) in INLINED.items():
        if tag not in html:
            sys.exit(f"web/index.html no longer has {tag}: update build.INLINED")
        text = (dist / name).read_text()
        if f"</{kind}" in text:
            sys.exit(f"{name} contains </{kind}: it cannot be inlined")
        body = f"\n{text.rstrip()}\n"
        if kind == "script":
            html = allow_inline_script(html, body)
        html = html.replace(tag, f"<{kind}>{body}</{kind}>")
        if not any(tag in other for other in others):
            (dist / name).unlink()
    index.write_text(html)


def allow_inline_script(page: str, body: str) -> str:
    """Let a page's Content-Security-Policy run one inline script, by its hash (the policy
    allows no inline script otherwise): 'sha256-...' added to script-src."""
    digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
    return page.replace("script-src 'self'", f"script-src 'self' 'sha256-{digest}'", 1)


# Pages that paint the board as the player left it (web/kept.js, inline after </main>).
KEPT_PAGES = ("index.html", "embed.html")


def build_id(engine: Path) -> str:
    """A hash of the site's sources (web/ and the engine): which build drew a kept board, so
    another build never paints one (kept.js compares it with <html data-build>)."""
    digest = hashlib.sha256()
    for folder in (WEB, engine):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(folder).as_posix().encode() + b"\0" +
                              hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def inline_kept_board(dist: Path, build: str) -> None:
    """kept.js inline right after </main> of KEPT_PAGES (run as soon as the board's box is
    parsed: the kept board is in the first paint), allowed by its hash, and
    <html data-build="..."> stamped on them; the file itself is not shipped."""
    text = (dist / "kept.js").read_text()
    if "</script" in text:
        sys.exit("kept.js contains </script: it cannot be inlined")
    body = f"\n{text.rstrip()}\n"
    for name in KEPT_PAGES:
        page = dist / name
        html = page.read_text()
        if html.count("</main>") != 1 or html.count('<html lang="en">') != 1:
            sys.exit(f"web/{name} needs one </main> and one <html lang=\"en\">: see kept.js")
        html = allow_inline_script(html, body).replace(
            "</main>", f"</main>\n<script>{body}</script>", 1).replace(
            '<html lang="en">', f'<html lang="en" data-build="{build}">', 1)
        page.write_text(html)
    (dist / "kept.js").unlink()


PREVIEW_SLOT = '<div id="boot-station" class="boot-station" aria-hidden="true"'


def write_station_preview(dist: Path, py: Path, engine: Path) -> None:
    """The empty station, drawn at build time by the page's own renderer (render.preview_svg,
    svgwrite in the venv), into index.html's boot screen: the first paint shows the plan
    before Pyodide has loaded; app.py removes it when it draws the game. Only index.html:
    the embedded page stays small (the byte budget)."""
    page = dist / "index.html"
    html = page.read_text()
    if PREVIEW_SLOT not in html:
        sys.exit("web/index.html has no boot-station slot for the station preview")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(engine.parent), str(WEB / "py")])}
    draw = "from core.station import render; print(render.preview_svg())"
    svg = subprocess.run([str(py), "-c", draw],
                         check=True, capture_output=True, text=True, env=env).stdout.strip()
    start = html.index(PREVIEW_SLOT)
    end = html.index("</div>", start)
    tag = html[start:html.index(">", start) + 1]
    page.write_text(html[:start] + tag + svg + html[end:])


def write_embed_page(dist: Path) -> None:
    """embed.html: index.html with body class "embed" (board, prompt and actions only; its
    own autosave), for an iframe on another page (docs/web.md). Written before inline_critical,
    it links boot.js and the style sheets, which the full page carries inline."""
    page = (dist / "index.html").read_text()
    if "<body>" not in page:
        sys.exit("web/index.html has no plain <body> tag to mark as the embed page")
    page = page.replace("<body>", '<body class="embed">', 1).replace(
        "<title>Intruder", "<title>Intruder (embedded)", 1)
    (dist / "embed.html").write_text(page)


# The PNG icons in web/icons/ (icon-SIZE.png, drawn once from icon.svg, full-bleed: usable as
# maskable icons), as the manifest lists them beside the SVG.
ICON_SIZES = (192, 512)


def write_manifest(dist: Path) -> None:
    """manifest.webmanifest: the web app's name, colours and icons (copied from web/icons/)."""
    entries: list[dict[str, str]] = [
        {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
    ]
    for size in ICON_SIZES:
        icon = f"icons/icon-{size}.png"
        if not (dist / icon).is_file():
            sys.exit(f"web/{icon} is missing: the manifest lists it")
        entries.append({"src": icon, "sizes": f"{size}x{size}",
                        "type": "image/png", "purpose": "any maskable"})
    manifest = {
        "name": "Intruder",
        "short_name": "Intruder",
        "description": "Intruder (1980): a crew hunts an alien aboard Deep Space Station "
                       "Prometheus. A solitaire board game that runs offline.",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#10141c",
        "theme_color": "#10141c",
        "icons": entries,
    }
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1) + "\n")


def site_files(dist: Path) -> list[str]:
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


def write_service_worker(dist: Path) -> str:
    """sw.js precaching every file of dist/, under a cache named after their hash."""
    files = site_files(dist)
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((dist / rel).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    urls = ["./", *(f"./{rel}" for rel in files), "./sw.js"]
    template = minify((WEB / "sw.js").read_text(), "js", compact=False)
    text = template.replace('"__VERSION__"', json.dumps(version)).replace(
        "__FILES__", json.dumps(urls, indent=1))
    (dist / "sw.js").write_text(text)
    return version


def build(dist: Path = DIST, engine: Path = ROOT / "intruder_core") -> Path:
    """Build the site into `dist` from scratch and return it; `engine` is the intruder_core
    package to ship."""
    started = time.monotonic()
    py = venv_python()
    ensure_npm()
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns("stubs",
        "sw.js", *SNAPSHOT_MODULES, DEMO_TEMPLATE, *DEMO_PAGES, "__pycache__", "*.pyc"))
    write_demo_pages(WEB, dist)
    copy_pyscript(dist)
    minify_site(dist)
    write_embed_page(dist)
    inline_critical(dist)
    inline_kept_board(dist, build_id(engine))
    write_station_preview(dist, py, engine)
    copy_rule_texts(dist)
    write_glue_archive(dist)
    write_pyodide(py, dist / "pyodide", engine)
    write_pyscript_config(dist)
    write_manifest(dist)
    version = write_service_worker(dist)

    files = site_files(dist)
    size = sum((dist / f).stat().st_size for f in files)
    raw, gz = bytes_added(dist)
    print(f"built {dist}: {len(files)} files, {size / 1e6:.1f} MB, version {version}, "
          f"in {time.monotonic() - started:.1f} s", flush=True)
    print(f"bytes added beyond the Pyodide runtime: {raw / 1000:.0f} KB raw, "
          f"{gz / 1000:.0f} KB gzip", flush=True)
    return dist


# --- serving ----------------------------------------------------------------------------------


# What a static host (GitHub Pages, Netlify, nginx's gzip_types) sends gzip-compressed when the
# browser accepts it: text, scripts, JSON, SVG and WebAssembly; never zip archives or images,
# which are compressed already.
GZIP_TYPES = ("text/", "application/javascript", "application/json", "application/manifest+json",
              "image/svg+xml", "application/wasm")


@functools.lru_cache(maxsize=256)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file gzipped at level 6 (a host's usual level), once per version of the file: the
    server compresses each file once, as a host serving precompressed files would."""
    return gzip.compress(Path(path).read_bytes(), 6, mtime=0)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types, gzip-compressed like a static host's (GZIP_TYPES,
    `Vary: Accept-Encoding`); no-cache so a rebuild shows on reload."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = True
    on_request: ClassVar[Callable[[str], None] | None] = None

    def send_head(self) -> BinaryIO | None:
        """A compressible file as gzip when the browser accepts it (with an ETag, so a
        reload revalidates to 304), anything else as the standard library serves it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        accepts = self.headers.get("Accept-Encoding", "")
        self.vary = ctype.startswith(GZIP_TYPES)  # the answer depends on Accept-Encoding
        if not self.vary or not os.path.isfile(path) or not re.search(r"\bgzip\b", accepts):
            return super().send_head()
        self.vary = False  # sent below
        stat = os.stat(path)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-gz"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", etag)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        body = gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.send_header("ETag", etag)
        self.end_headers()
        return io.BytesIO(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.on_request is not None:
            self.on_request(self.path)
        super().log_request(code, size)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if getattr(self, "vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def handle(self) -> None:
        # A browser closing mid-download (e.g. during service-worker precaching) is normal.
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            super().handle()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path,
    port: int = 0,
    quiet: bool = True,
    on_request: Callable[[str], None] | None = None,
) -> http.server.HTTPServer:
    """A threaded server for `directory` on 127.0.0.1 (port 0: any free port).

    on_request(path) is called for every request served (the e2e tests count them).
    """
    handler = type("SiteHandler", (Handler,),
                   {"quiet": quiet, "on_request": staticmethod(on_request)})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def serve(port: int) -> None:
    """Build the site, then serve dist/ on 127.0.0.1:port until ctrl-C."""
    dist = build()
    server = make_server(dist, port, quiet=False)
    print(f"serving {dist} at http://127.0.0.1:{server.server_address[1]}/  (ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()


# --- tests ------------------------------------------------------------------------------------


class StepTimes:
    """The wall time of each step of `build.py test` (lint, unit, build, browser),
    printed with the total when the run ends, passed or failed: where a slow run spends it."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.times: list[tuple[str, float]] = []

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Time the block as the step `name` (kept even when the block stops the run)."""
        began = time.monotonic()
        try:
            yield
        finally:
            self.times.append((name, time.monotonic() - began))

    def report(self) -> str:
        """One line: each step's minutes and seconds, then the total."""
        def mmss(seconds: float) -> str:
            tenths = round(seconds * 10)  # rounded first: 659.96 s is 11:00.0, not 10:60.0
            return f"{tenths // 600}:{tenths % 600 / 10:04.1f}"

        steps = ", ".join(f"{name} {mmss(t)}" for name, t in self.times)
        return f"test steps: {steps or 'none'}; total {mmss(time.monotonic() - self.start)}"


def test(lint: bool, unit: bool, e2e: bool, games: str | None, pytest_args: list[str]) -> None:
    """The checks asked for (no flag: all of them): ruff and mypy; the CPython test suite;
    the site built and the browser tests run on it. Prints each step's time at the end."""
    times = StepTimes()
    try:
        _test_steps(times, lint, unit, e2e, games, pytest_args)
    finally:
        print(times.report(), flush=True)


def _test_steps(times: StepTimes, lint: bool, unit: bool, e2e: bool, games: str | None,
                pytest_args: list[str]) -> None:
    """test()'s steps, each timed in `times`."""
    everything = not (lint or unit or e2e)
    py = venv_python()
    if lint or everything:
        with times.step("lint"):
            run(py, "-m", "ruff", "check", ".")
            run(py, "-m", "mypy")
    if unit or everything:
        with times.step("unit"):
            ensure_npm()  # tests/test_build_site.py minifies with esbuild, reads PyScript's chunks
            # (`worksteal`: an idle worker takes tests queued for the other, so the two
            # finish together: 73 s against 77 with xdist's `load`)
            run(py, "-m", "pytest", "tests", *parallel(), "--dist", "worksteal",
                *(["--games", games] if games else []), *pytest_args)
    if everything and os.environ.get("INTRUDER_SKIP_E2E") == "1" and not os.environ.get("CI"):
        print("INTRUDER_SKIP_E2E=1: skipping the browser tests (e2e/)", flush=True)
        return
    if e2e or everything:
        with times.step("build"):
            ensure_npm()
            ensure_chromium()
            build()
        # Two browser tests at a time, one per core: a third gained 16 s of 6 minutes at a
        # load of 96% (and was flakier before). Test by test, the heavy ones first
        # (e2e/conftest.py), and an idle worker takes tests queued for the other
        # (`worksteal`: 347 s against 357 with `loadgroup`), so that the two finish together.
        # The tests of the page's long tasks run among them: they read each task's CPU time
        # from Chromium's trace, which another browser on the machine does not lengthen
        # (e2e/main_thread.py; they were a step of their own, alone, 90 s on one core).
        with times.step("browser"):
            run(*e2e_command(py, *parallel(E2E_WORKERS), "--dist", "worksteal", *pytest_args))


# Chromium's renderer now and then crashes while a page boots Pyodide ("Page crashed",
# "Target crashed": about one boot in a hundred here, more under load); the test never ran.
# Playwright raises it as TargetClosedError or as its plain Error ("Page.wait_for_selector:
# Target crashed"); the match is anchored, so an AssertionError quoting it is no crash.
# bench/crash_loop.py hunts it (100 boots without one so far: docs/web.md).
RENDERER_CRASH = r"^(TargetClosed)?Error: [^\n]*(Page|Target) crashed"


E2E_WORKERS = 2  # browser tests at a time on the CI machine's two cores (see test())


def parallel(workers: int = 2) -> list[str]:
    """pytest-xdist's worker count: `workers` (the unit tests compute: two, one per core of
    the CI machine), or none on a machine with one core."""
    return ["-n", str(workers)] if (os.cpu_count() or 1) > 1 and workers > 1 else []


def e2e_command(py: Path, *args: str) -> list[str]:
    """pytest e2e/, where a test that failed by a Chromium renderer crash (RENDERER_CRASH,
    as pytest-rerunfailures matches "ErrorType: message") runs once more, and the report says
    so; any other failure, or a second crash, fails the run."""
    return [str(py), "-m", "pytest", "e2e", "--reruns", "1", "--only-rerun", RENDERER_CRASH,
            *args]


def main(argv: list[str]) -> None:
    """build.py's commands (see the module's docstring); no command builds the site."""
    parser = argparse.ArgumentParser(prog="build.py", description="Build, serve and test "
                                     "Intruder (see docs/web.md).")
    commands = parser.add_subparsers(dest="command", metavar="{site,serve,test}")
    commands.add_parser("site", aliases=["build"],
                        help="build the wheel and the static site into dist/ (the default)")
    serving = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serving.add_argument("--port", type=int, default=8000)
    testing = commands.add_parser(
        "test", help="install what the tests need, then run the checks (all of them, or those "
        "flagged); other arguments go to pytest")
    testing.add_argument("--lint", action="store_true", help="ruff and mypy")
    testing.add_argument("--unit", action="store_true", help="the CPython tests (tests/)")
    testing.add_argument("--e2e", action="store_true",
                         help="build the site, then the browser tests (e2e/)")
    testing.add_argument("--games", metavar="N",
                         help="random games for the unit tests' random play (soak: 100000)")
    opts, extra = parser.parse_known_args(argv)
    if extra and opts.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if opts.command == "serve":
        serve(opts.port)
    elif opts.command == "test":
        test(opts.lint, opts.unit, opts.e2e, opts.games, extra)
    else:
        build()


if __name__ == "__main__":
    os.chdir(ROOT)
    main(sys.argv[1:])
