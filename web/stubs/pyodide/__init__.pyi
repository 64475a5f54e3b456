"""Pyodide's Python package: the glue uses only pyodide.ffi."""
