"""build.py's byte and boot helpers on CPython: no source-map links, the wheel patch with its
RECORD line, the inlined boot files, and only the PyScript chunks the page loads."""

from __future__ import annotations

import base64
import hashlib
import sys
import zipfile
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


def test_the_demo_pages_get_the_inlined_files_too(tmp_path: Path) -> None:
    for page in ("index.html", "demo.html"):
        (tmp_path / page).write_text((ROOT / "web" / page).read_text())
    (tmp_path / "pyscript").mkdir()
    for name in ("boot.js", "app.css", "pyscript/core.css"):
        (tmp_path / name).write_text(f"/* {name} */")
    build.inline_critical(tmp_path)
    demo = (tmp_path / "demo.html").read_text()
    assert "/* boot.js */" in demo and "/* app.css */" in demo
    assert 'src="./boot.js"' not in demo and 'href="./app.css"' not in demo


@pytest.mark.skipif(not (build.NODE_MODULES / "@pyscript" / "core" / "dist").is_dir(),
                    reason="node_modules not installed (npm ci)")
def test_only_the_chunks_the_page_loads() -> None:
    chunks = build.pyscript_chunks(build.NODE_MODULES / "@pyscript" / "core" / "dist")
    assert "core.js" in chunks and any(c.startswith("core-") for c in chunks)
    assert any(c.startswith("error-") for c in chunks)
    for unused in ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", ".map"):
        assert not [c for c in chunks if unused in c], unused
