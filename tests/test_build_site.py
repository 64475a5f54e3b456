"""build.py's byte and boot helpers on CPython: no source-map links, the wheel patch with its
RECORD line, the inlined boot files, and only the PyScript chunks the page loads."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import shutil
import struct
import sys
import tarfile
import zipfile
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repo root is not a package)


def test_scripts_lose_their_source_map_link(tmp_path: Path) -> None:
    src = tmp_path / "a.js"
    src.write_bytes(b"export const x = 1;\n//# sourceMappingURL=a.js.map\n")
    build.copy_without_map(src, tmp_path / "b.js")
    assert (tmp_path / "b.js").read_bytes() == b"export const x = 1;\n"
    other = tmp_path / "c.txt"
    other.write_bytes(b"//# sourceMappingURL=kept\n")
    build.copy_without_map(other, tmp_path / "d.txt")
    assert (tmp_path / "d.txt").read_bytes() == other.read_bytes()


def make_wheel(path: Path, text: bytes) -> None:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("pkg/mod.py", text)
        z.writestr("pkg-1.0.dist-info/RECORD", "pkg/mod.py,sha256=old,3\nother,,\n")


def test_wheel_patch_rewrites_the_file_and_its_record(tmp_path: Path) -> None:
    make_wheel(tmp_path / "in.whl", b"import slow\nx = 1\n")
    build.patch_wheel(tmp_path / "in.whl", tmp_path / "out.whl",
                      {"pkg/mod.py": (b"import slow\n", b"slow = None\n")})
    with zipfile.ZipFile(tmp_path / "out.whl") as z:
        body = z.read("pkg/mod.py")
        record = z.read("pkg-1.0.dist-info/RECORD").decode()
    assert body == b"slow = None\nx = 1\n"
    digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
    assert f"pkg/mod.py,sha256={digest},{len(body)}" in record
    assert "other,," in record


def test_a_patch_that_no_longer_applies_stops_the_build(tmp_path: Path) -> None:
    make_wheel(tmp_path / "in.whl", b"x = 1\n")
    with pytest.raises(SystemExit):
        build.patch_wheel(tmp_path / "in.whl", tmp_path / "out.whl",
                          {"pkg/mod.py": (b"import slow\n", b"")})


def test_a_wheel_ships_as_one_gzipped_tar_of_its_files_the_same_each_build(
    tmp_path: Path
) -> None:
    make_wheel(tmp_path / "pkg-1.0-py3-none-any.whl", b"x = 1\n")
    first = build.package_archive(tmp_path / "pkg-1.0-py3-none-any.whl", tmp_path)
    assert first.name == "pkg-1.0.tar.gz" and first.read_bytes()[:2] == b"\x1f\x8b"
    with tarfile.open(first) as tar:  # what loader.mjs's untar and Pyodide's loadPackage read
        files = {m.name: tar.extractfile(m).read()  # type: ignore[union-attr]
                 for m in tar.getmembers()}
        assert all(m.isfile() and m.mode == 0o644 and m.mtime == 0 for m in tar.getmembers())
    assert files == {"pkg/mod.py": b"x = 1\n",
                     "pkg-1.0.dist-info/RECORD": b"pkg/mod.py,sha256=old,3\nother,,\n"}
    (tmp_path / "again").mkdir()
    again = build.package_archive(tmp_path / "pkg-1.0-py3-none-any.whl", tmp_path / "again")
    assert again.read_bytes() == first.read_bytes()
    assert build.lock_entry("pkg", first, ["pkg"])["file_name"] == "pkg-1.0.tar.gz"
    assert build.lock_entry("pkg", first, ["pkg"])["version"] == "1.0"


def test_boot_files_go_inline(tmp_path: Path) -> None:
    page = (ROOT / "web" / "index.html").read_text()
    (tmp_path / "index.html").write_text(page)
    (tmp_path / "pyscript").mkdir()
    for name, text in (("boot.js", "window.booted = 1;"), ("app.css", "body{color:red}"),
                       ("pyscript/core.css", "py-script{display:none}")):
        (tmp_path / name).write_text(text)
    build.inline_critical(tmp_path)
    out = (tmp_path / "index.html").read_text()
    assert "<script>\nwindow.booted = 1;\n</script>" in out
    assert "<style>\nbody{color:red}\n</style>" in out and "py-script{display:none}" in out
    assert 'href="./app.css"' not in out and 'src="./boot.js"' not in out
    assert not (tmp_path / "app.css").exists() and not (tmp_path / "boot.js").exists()
    assert out.index("window.booted") < out.index("pyscript/core.js")  # still first
    # the page's Content-Security-Policy runs that inline script by its hash, and no other
    digest = base64.b64encode(hashlib.sha256(b"\nwindow.booted = 1;\n").digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}'" in out and "'unsafe-inline'" not in \
        out.split("script-src", 1)[1].split(";", 1)[0]


def test_the_demo_pages_link_one_shared_copy_of_the_boot_files(tmp_path: Path) -> None:
    """index.html carries boot.js and app.css inline; the demo and replay pages link them, so
    the files stay in dist/ once (the byte budget) and the game page's core.css goes."""
    (tmp_path / "index.html").write_text((ROOT / "web" / "index.html").read_text())
    build.write_demo_pages(ROOT / "web", tmp_path)
    (tmp_path / "pyscript").mkdir()
    for name in ("boot.js", "app.css", "pyscript/core.css"):
        (tmp_path / name).write_text(f"/* {name} */")
    build.inline_critical(tmp_path)
    index = (tmp_path / "index.html").read_text()
    assert "/* boot.js */" in index and "/* app.css */" in index
    for page in ("demo.html", "replay.html"):
        text = (tmp_path / page).read_text()
        assert "/* app.css */" not in text
        assert 'src="./boot.js"' in text and 'href="./app.css"' in text
    assert (tmp_path / "boot.js").exists() and (tmp_path / "app.css").exists()
    assert not (tmp_path / "pyscript" / "core.css").exists()


def test_the_demo_pages_share_one_head_with_their_own_values(tmp_path: Path) -> None:
    """demo.html and replay.html: the one template's head, masthead and boot screen with each
    page's title, description and main module, then the page's own body; a value the page
    lacks stops the build."""
    web = tmp_path / "web"
    web.mkdir()
    (web / build.DEMO_TEMPLATE).write_text(
        "<!--template notes -->\n<title>$title</title><body data-main=\"$main_module\">$rest"
        "</body>\n")
    for name in build.DEMO_PAGES:
        (web / name).write_text(f"<!-- about -->\n<!--page\ntitle: {name}: a page\n"
                                f"main_module: py/{name}.py\n-->\n  <main>{name}</main>\n")
    out = tmp_path / "dist"
    out.mkdir()
    build.write_demo_pages(web, out)
    for name in build.DEMO_PAGES:  # an entry not among PAGE_SCRIPTS is read from the glue
        assert (out / name).read_text() == (f"<title>{name}: a page</title><body data-main="
                                             f'"py/{name}.py" data-in-glue>  <main>{name}</main>'
                                             "\n</body>\n")
    (web / "demo.html").write_text("<!--page\ntitle: x\n-->\n<main></main>\n")
    with pytest.raises(SystemExit, match="main_module"):
        build.write_demo_pages(web, out)
    real = tmp_path / "real"
    real.mkdir()
    build.write_demo_pages(ROOT / "web", real)
    for name in build.DEMO_PAGES:
        text = (real / name).read_text()
        assert text.startswith("<!doctype html>") and "$" not in text
        assert text.count("<head>") == 1 and text.count("<main ") == 1
        assert text.index('<script src="./boot.js">') < text.index("</head>")
        assert not any(slot in text for slot in build.PAGE_CONSTANTS)
    # the replay page's early script reads a share link by the glue's own prefix
    prefix = build.glue_constant("core/session", "SHARE_PREFIX")
    assert f'location.hash.startsWith("{prefix}")' in (real / "replay.html").read_text()


def installed(path: Path) -> Path:
    """`path` under node_modules, which `build.py test` installs (npm ci) before the unit
    tests: missing, the test fails saying so rather than skipping what it proves."""
    assert path.exists(), f"{path} is missing: run `npm ci` (python3 build.py test does)"
    return path


def test_only_the_chunks_the_page_loads() -> None:
    installed(build.NODE_MODULES / "@pyscript" / "core" / "dist")
    chunks = build.pyscript_chunks(build.NODE_MODULES / "@pyscript" / "core" / "dist")
    assert "core.js" in chunks and any(c.startswith("core-") for c in chunks)
    assert any(c.startswith("error-") for c in chunks)
    for unused in ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", ".map"):
        assert not [c for c in chunks if unused in c], unused


# --- the shipped copies, smaller: Python without docstrings, CSS and JS minified by esbuild -

PLAY = """
import hashlib, sys
sys.path.insert(1, sys.argv[2])  # the tests' helpers, after the engine under test in '.'
import intruder_core as ic
from helpers import play_randomly
out = []
for seed in range(4):
    g = play_randomly(ic.new_game(seed=seed), seed, until=lambda g: len(g.log) >= 400)
    out.append(hashlib.sha256(g.to_json().encode()).hexdigest())
sys.path.insert(0, sys.argv[1])
from core.station import render
out.append(hashlib.sha256(render.render_station(g.view("crew")).encode()).hexdigest())
print(" ".join(out))
"""


def test_the_stripped_engine_and_glue_play_and_draw_the_same(tmp_path: Path) -> None:
    """Without docstrings and comments, the engine plays the same games and the plan draws
    the same: the shipped code is the repository's code."""
    import shutil
    import subprocess

    shutil.copytree(ROOT / "intruder_core", tmp_path / "intruder_core",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "web" / "py", tmp_path / "glue",
                    ignore=shutil.ignore_patterns("__pycache__"))
    build.strip_python_files(tmp_path / "intruder_core")
    build.strip_python_files(tmp_path / "glue")
    game = (tmp_path / "intruder_core" / "game.py").read_text()
    assert '"""' not in game.split("\n", 1)[0] and "# " not in game

    def run(where: Path, glue: Path) -> str:
        return subprocess.run([sys.executable, "-c", PLAY, str(glue), str(ROOT / "tests")],
                              cwd=where, check=True, capture_output=True, text=True).stdout

    assert run(tmp_path, tmp_path / "glue") == run(ROOT, ROOT / "web" / "py")


def test_strip_python_keeps_code_and_top_level_await() -> None:
    src = ('\ufeff"""Module doc."""\n# a comment\nimport x  # why\n\n\nclass A:\n'
           '    """Doc."""\n\n\ndef f():\n    """Only a docstring."""\n\n\n'
           'await x.go("# not a comment")\n')
    out = build.strip_python(src)
    assert out == 'import x\n\nclass A:\n    pass\n\ndef f():\n    pass\nawait x.go(' \
        "'# not a comment')\n"


def test_minified_css_and_js_keep_what_matters() -> None:
    """esbuild drops comments and spare white space, keeps calc()'s spaces, a classic
    script's top-level names, a module's exports, UTF-8 text and every character of a
    template literal; compact=False keeps each statement as a line of its own."""
    installed(build.ESBUILD)
    css = "/* note */\n.a  >  .b ,\n.c:hover {\n  width: calc(100% - 2px);\n  color : red;\n}\n"
    out = build.minify(css, "css")
    assert out == ".a>.b,.c:hover{width:calc(100% - 2px);color:red}\n"
    js = "// a comment\nfunction shown(text) {\n    return text + \" — done\";  // why\n}\n" \
         "const WARM = `\nimport x\n    # Python, indented\n`;\n"
    out = build.minify(js, "js")
    assert "comment" not in out and "why" not in out and "function shown(" in out
    assert '" — done"' in out and "`\nimport x\n    # Python, indented\n`" in out
    module = build.minify("const local = 1;\nexport const VALUE = local + 1;\n", "js")
    assert "export" in module and "VALUE" in module and "local" not in module
    sw = build.minify('// fills\nconst KEY = "__KEY__";\nconst LIST = __LIST__;\n', "js",
                      compact=False)
    assert sw == 'const KEY = "__KEY__";\nconst LIST = __LIST__;\n'
    with pytest.raises(SystemExit, match="esbuild"):
        build.minify("function (", "js")


def test_the_station_preview_goes_into_the_boot_screen(tmp_path: Path) -> None:
    page = (ROOT / "web" / "index.html").read_text()
    (tmp_path / "index.html").write_text(page)
    build.write_station_preview(tmp_path, Path(sys.executable), ROOT / "intruder_core")
    out = (tmp_path / "index.html").read_text()
    start = out.index(build.PREVIEW_SLOT)
    assert out[start:].split(">", 1)[1].startswith('<svg aria-hidden="true"')
    assert out.count('class="room-box"') > 20 and out.count("<svg") == page.count("<svg") + 1
    (tmp_path / "index.html").write_text(page.replace(build.PREVIEW_SLOT, "<div"))
    with pytest.raises(SystemExit):
        build.write_station_preview(tmp_path, Path(sys.executable), ROOT / "intruder_core")


# Each test fails on its first run (a file marks that it ran), as the browser tests would by
# a renderer crash or by a real bug.
FLAKY = """
from pathlib import Path
from playwright._impl._errors import Error, TargetClosedError

def first_run(name):
    mark = Path(__file__).with_name(name)
    ran = mark.exists()
    mark.touch()
    return not ran

def test_renderer_crash():
    if first_run("crash"):
        raise TargetClosedError("Page.wait_for_selector: Page crashed")

def test_target_crash():
    if first_run("target"):
        raise TargetClosedError("Target crashed")

def test_plain_error_crash():
    if first_run("plain"):
        raise Error("Page.wait_for_selector: Target crashed")

def test_quoted_crash():
    assert not first_run("quoted"), "Target crashed"

def test_real_bug():
    assert not first_run("bug"), "a real failure"

def test_crash_twice():
    raise TargetClosedError("Page.goto: Page crashed")
"""


def test_only_a_renderer_crash_runs_a_browser_test_again(tmp_path: Path) -> None:
    """`build.py test --e2e` runs pytest e2e/ with pytest-rerunfailures set to run a test once
    more only when it failed by a Chromium renderer crash: a real failure, or a second crash,
    fails the run."""
    import subprocess

    command = build.e2e_command(Path(sys.executable), "-p", "no:cacheprovider", "-rAR")
    assert command[:4] == [sys.executable, "-m", "pytest", "e2e"]
    (tmp_path / "test_flaky.py").write_text(FLAKY)
    done = subprocess.run([*command[:3], str(tmp_path / "test_flaky.py"), *command[4:]],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stdout
    for test, outcome in (("renderer_crash", "PASSED"), ("target_crash", "PASSED"),
                          ("plain_error_crash", "PASSED"), ("quoted_crash", "FAILED"),
                          ("real_bug", "FAILED"), ("crash_twice", "FAILED")):
        assert any(line.startswith(f"{outcome} test_flaky.py::test_{test}") for line in lines), test
    reruns = [line for line in lines if line.startswith("RERUN")]
    assert sorted(reruns) == ["RERUN test_flaky.py::test_crash_twice",
                              "RERUN test_flaky.py::test_plain_error_crash",
                              "RERUN test_flaky.py::test_renderer_crash",
                              "RERUN test_flaky.py::test_target_crash"], done.stdout


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG after checking what a decoder checks: the signature, every
    chunk's CRC, IHDR first and IEND last, and image data that inflates to the rows IHDR
    declares (8-bit palette, truecolour or RGBA, not interlaced; a palette image has its
    PLTE chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        chunks.append((kind, body))
        at += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1] == (b"IEND", b"")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, interlace) == (8, 0) and colour in (2, 3, 6)
    if colour == 3:  # the palette comes before the image data
        kinds = [kind for kind, _ in chunks]
        assert b"PLTE" in kinds and kinds.index(b"PLTE") < kinds.index(b"IDAT"), kinds
    pixels = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    assert len(pixels) == height * (1 + width * {2: 3, 3: 1, 6: 4}[colour])
    return width, height


def test_the_manifest_lists_the_committed_icons_at_their_sizes(tmp_path: Path) -> None:
    """Every PNG icon the manifest lists is a file of web/icons/, a valid PNG of the size the
    manifest gives; a listed icon that is missing stops the build."""
    import json
    import shutil

    shutil.copytree(ROOT / "web" / "icons", tmp_path / "icons")
    build.write_manifest(tmp_path)
    icons = json.loads((tmp_path / "manifest.webmanifest").read_text())["icons"]
    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    assert [icon["sizes"] for icon in pngs] == [f"{n}x{n}" for n in build.ICON_SIZES]
    for icon in pngs:
        width, height = png_size((ROOT / "web" / icon["src"]).read_bytes())
        assert f"{width}x{height}" == icon["sizes"], icon["src"]
    (tmp_path / pngs[0]["src"]).unlink()
    with pytest.raises(SystemExit, match="missing"):
        build.write_manifest(tmp_path)


def test_the_server_sends_text_gzipped_like_a_static_host(tmp_path: Path) -> None:
    """build.py serve compresses what a static host would (HTML, scripts, wasm) when the
    browser accepts gzip, says so in Vary, revalidates by ETag, and leaves archives alone."""
    import gzip
    import threading
    import urllib.error
    import urllib.request

    page = b"<!doctype html><title>x</title>" + b"<p>station</p>" * 500
    (tmp_path / "index.html").write_bytes(page)
    (tmp_path / "glue.zip").write_bytes(b"PK" + bytes(range(256)) * 8)
    server = build.make_server(tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    def get(path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
        req = urllib.request.Request(base + path, headers=headers)
        try:
            with urllib.request.urlopen(req) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), b""

    try:
        status, head, body = get("", **{"Accept-Encoding": "gzip, deflate, br"})
        assert (status, head["Content-Encoding"], head["Vary"]) == (200, "gzip", "Accept-Encoding")
        assert gzip.decompress(body) == page and int(head["Content-Length"]) == len(body)
        assert get("", **{"Accept-Encoding": "gzip", "If-None-Match": head["ETag"]})[0] == 304
        status, head, body = get("index.html")  # no Accept-Encoding: the file as it is
        assert body == page and "Content-Encoding" not in head
        assert head["Vary"] == "Accept-Encoding"
        status, head, body = get("glue.zip", **{"Accept-Encoding": "gzip"})
        assert body == (tmp_path / "glue.zip").read_bytes() and "Content-Encoding" not in head
        assert get("missing.js", **{"Accept-Encoding": "gzip"})[0] == 404
    finally:
        server.shutdown()
        server.server_close()


# Draws with svgwrite as render.py does (debug off), then tries debug mode's validation; prints
# which svgwrite it ran, the modules it imported of LAZY, whether debug mode refused a bad
# attribute, and the drawing.
SVG_DRAW = """
import json, sys
sys.path.insert(0, sys.argv[1])
import svgwrite
d = svgwrite.Drawing(profile="full", debug=False, size=("100%", "100%"))
g = d.add(d.g(id="plan", class_="x"))
g.add(d.rect((1, 2), (30, 40), fill="#123", stroke_width=1.5))
g.add(d.polyline([(0, 0), (5.5, 6)], fill="none"))
g.add(d.text("Lab <1>", insert=(3, 4)))
out = d.tostring()
imported = [m for m in json.loads(sys.argv[2]) if m in sys.modules]
try:
    svgwrite.Drawing(debug=True).rect((0, 0), (1, 1), bogus="x")
    refused = False
except ValueError as exc:
    refused = "bogus" in str(exc)
print(json.dumps([svgwrite.__file__, imported, refused, out]))
"""
LAZY = ["svgwrite.data.full11", "svgwrite.data.tiny12", "svgwrite.data.svgparser",
        "urllib.request"]


def test_the_shipped_svgwrite_draws_the_same_and_imports_less(tmp_path: Path) -> None:
    """build.WHEEL_PATCHES: the svgwrite the page loads imports neither urllib.request nor the
    SVG profiles' validation tables until a validator (debug mode) needs them, and draws what
    the unpatched svgwrite draws."""
    import json
    import subprocess

    wheel = build.ensure_wheels(build.venv_python())["svgwrite"]
    patched = tmp_path / wheel.name
    build.patch_wheel(wheel, patched, build.WHEEL_PATCHES["svgwrite"])

    def draw(path: Path) -> list[object]:
        done = subprocess.run([sys.executable, "-c", SVG_DRAW, str(path), json.dumps(LAZY)],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        got: list[object] = json.loads(done.stdout)
        return got

    where, imported, refused, svg = draw(patched)
    stock_where, stock_imported, stock_refused, stock_svg = draw(wheel)
    assert str(where).startswith(str(patched)) and str(stock_where).startswith(str(wheel))
    assert imported == [] and stock_imported  # the stock wheel imports them all at once
    assert refused and stock_refused  # debug mode still validates
    assert svg == stock_svg and "<rect" in str(svg)


def test_the_glue_ships_as_one_gzipped_tar_the_same_each_build(tmp_path: Path) -> None:
    """write_glue_archive packs the glue modules (not the page scripts) and the rule texts
    into pyodide/glue.tgz, removes the plain files, and makes the same bytes every time."""
    import gzip
    import tarfile

    def made() -> bytes:
        dist = tmp_path / "dist"
        shutil.rmtree(dist, ignore_errors=True)
        (dist / "py" / "core").mkdir(parents=True)
        (dist / "py" / "pages" / "game").mkdir(parents=True)
        (dist / "py" / "core" / "panels.py").write_text("X = 1\n")
        (dist / "py" / "pages" / "game" / "main.py").write_text("from pages.game import boot\n")
        for folder in build.RULE_DIRS:
            (dist / folder).mkdir(parents=True, exist_ok=True)
            (dist / folder / "rulings.md").write_text("# R1\n")
        build.write_glue_archive(dist)
        assert not (dist / "py" / "core").exists()  # archived, its folder gone with it
        assert (dist / "py" / "pages" / "game" / "main.py").exists()
        return (dist / "pyodide" / build.GLUE_ARCHIVE).read_bytes()

    first = made()
    assert first == made()
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(first))) as t:
        names = t.getnames()
        assert t.extractfile("core/panels.py").read() == b"X = 1\n"  # type: ignore[union-attr]
    assert names == ["core/panels.py", *(f"{folder}/rulings.md" for folder in build.RULE_DIRS)]


def engine_imports(path: Path, module: str) -> set[str]:
    """The intruder_core modules a source file imports, anywhere in it (lazy imports too)."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package[:len(package) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found |= {base, *(f"{base}.{a.name}" for a in node.names)}
    return {m for m in found if m == "intruder_core" or m.startswith("intruder_core.")}


def test_no_page_needs_the_engine_modules_the_site_leaves_out() -> None:
    """build.ENGINE_NOT_SHIPPED (the command line, the lab) is no import of any glue module,
    nor of any engine module a glue module imports, however deep (lazy imports counted)."""
    core = ROOT / "intruder_core"
    files = {".".join(("intruder_core", *p.relative_to(core).with_suffix("").parts))
             .removesuffix(".__init__"): p for p in core.rglob("*.py")}
    wanted = set().union(*(engine_imports(p, "glue") for p in (ROOT / "web" / "py").rglob("*.py")))
    todo = [m for m in wanted if m in files]
    seen: set[str] = set()
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        parts = m.split(".")
        for n in range(2, len(parts)):  # a module's packages run their __init__ first
            todo.append(".".join(parts[:n]))
        todo += [d for d in engine_imports(files[m], m) if d in files]
    left_out = {".".join(("intruder_core", *Path(n).with_suffix("").parts))
                for n in build.ENGINE_NOT_SHIPPED}
    assert left_out <= set(files) and not seen & left_out, sorted(seen & left_out)
    assert "intruder_core.bots.review" in seen  # the walk reaches deep (the review's worker)


def test_the_embed_links_the_boot_files_and_both_game_pages_carry_kept_js(
        tmp_path: Path) -> None:
    """Issue 31: embed.html (written before inline_critical) links boot.js and the style
    sheets, so they stay in dist/; kept.js goes inline right after </main> of both game pages,
    allowed by its hash, with <html data-build> stamped, and is not shipped as a file."""
    (tmp_path / "index.html").write_text((ROOT / "web" / "index.html").read_text())
    (tmp_path / "pyscript").mkdir()
    for name in ("boot.js", "app.css", "pyscript/core.css"):
        (tmp_path / name).write_text(f"/* {name} */")
    (tmp_path / "kept.js").write_text("window.kept = 1;")
    build.write_embed_page(tmp_path)
    build.inline_critical(tmp_path)
    build.inline_kept_board(tmp_path, "b1d")
    embed = (tmp_path / "embed.html").read_text()
    assert 'src="./boot.js"' in embed and 'href="./app.css"' in embed
    assert 'href="./pyscript/core.css"' in embed and "/* app.css */" not in embed
    assert all((tmp_path / name).exists() for name in ("boot.js", "app.css", "pyscript/core.css"))
    assert not (tmp_path / "kept.js").exists()
    digest = base64.b64encode(hashlib.sha256(b"\nwindow.kept = 1;\n").digest()).decode()
    for name in build.KEPT_PAGES:
        text = (tmp_path / name).read_text()
        assert "</main>\n<script>\nwindow.kept = 1;\n</script>" in text
        assert f"'sha256-{digest}'" in text.split("script-src", 1)[1].split(";", 1)[0]
        assert '<html lang="en" data-build="b1d">' in text
    assert build.build_id(ROOT / "intruder_core") == build.build_id(ROOT / "intruder_core")


def test_the_step_times_round_before_they_split_minutes() -> None:
    """`build.py test`'s last line: 659.96 s is 11:00.0 (a CI run printed "10:60.0")."""
    times = build.StepTimes()
    times.times = [("unit", 659.96), ("lint", 4.24), ("browser", 534.2)]
    line = times.report()
    assert line.startswith("test steps: unit 11:00.0, lint 0:04.2, browser 8:54.2; total "), line
