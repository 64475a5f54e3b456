"""The one package loader of every page: the site's wheels by name, proved to import.

pyodide/loader.mjs has usually unpacked the wheels and marked them loaded already (then nothing
is fetched); loadPackage can fail without raising, so the engine's import is the proof.
"""

from __future__ import annotations

import gc
import importlib.util
import sys
from types import ModuleType

import js
from pyodide.ffi import create_proxy, to_js

from dom.jsvalue import js_obj

# Names as in the pyodide-lock.json that build.py writes next to the runtime.
PACKAGES = ["svgwrite", "intruder-core"]


async def load_packages() -> ModuleType:
    """Load the local wheels by name (unless loader.mjs has unpacked them already), prove they
    import, and return the engine (intruder_core)."""
    import pyodide_js

    js.window.intruderBoot.stage("packages", "Loading the rules engine")
    errors: list[str] = []
    loaded = pyodide_js.loadedPackages
    if not all(getattr(loaded, name, None) for name in PACKAGES):  # loader.mjs did not
        on_error = create_proxy(lambda msg: errors.append(str(msg)))
        try:
            await pyodide_js.loadPackage(to_js(PACKAGES), js_obj({"errorCallback": on_error}))
        finally:
            on_error.destroy()
    said = "; ".join(errors) or "no error reported"
    forget_folder_listings()
    if importlib.util.find_spec("svgwrite") is None:
        raise RuntimeError(f"package svgwrite failed to load (loader: {said})")
    try:
        import intruder_core
    except ImportError as exc:
        raise RuntimeError(f"package failed to load: {exc} (loader: {said})") from exc
    return intruder_core


def forget_folder_listings() -> None:
    """The import system caches each folder's listing by its modification time: with a clock
    that stands still (a test's fixed clock) the wheels' folder looked unchanged, and their
    modules were not found. This resets each folder's finder, as importlib.invalidate_caches()
    does, without the rest of that call: it imports importlib.metadata to reset its caches
    too, about 100 ms of a warm start in Pyodide, for a module nothing here uses."""
    for finder in list(sys.path_importer_cache.values()):
        if finder is not None and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()


def freeze_heap() -> None:
    """Set every object the page's boot made (the engine's and the glue's modules, the first
    game) aside from the garbage collector (gc.freeze): its full collections then walk only
    what came after. In Pyodide one over them all was a main-thread task of 60-250 ms, now
    and then, while Your games read a thousand records (bench/history_list.py)."""
    gc.freeze()
