"""docs/api.md's table of the crew's actions, rendered from the declarations (registry.py):
`python -m intruder_core.api_table --write PATH` rewrites it, `--check PATH` fails when the
file and the declarations differ (tests/test_action_registry.py runs the check)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .action_types import ActionType
from .registry import ACTION_TYPES

HEAD = "| type | arguments | rule |\n|---|---|---|\n"


def arguments(t: ActionType) -> str:
    """The arguments column: each required argument by name, with its note."""
    return ", ".join(f"`{k}`" + (f" {t.notes[k]}" if k in t.notes else "")
                     for k, kind in t.args.items() if not kind.endswith("?"))


def render(types: tuple[ActionType, ...] = ACTION_TYPES) -> str:
    """The markdown table of the crew's actions in the vocabulary's order; neighbours with
    the same arguments and rule share a row ("`a` / `b`")."""
    rows: list[tuple[list[str], str, str]] = []
    for t in types:
        if t.side != "crew":
            continue  # the Intruder player's actions are listed with the Intelligent Intruder
        cells = (arguments(t), t.doc)
        if rows and rows[-1][1:] == cells:
            rows[-1][0].append(t.type)
        else:
            rows.append(([t.type], *cells))
    body = "".join(_row(" / ".join(f"`{n}`" for n in names), args, doc) + "\n"
                   for names, args, doc in rows)
    return HEAD + body


def _row(*cells: str) -> str:
    return "|" + "|".join(f" {c} " if c else " " for c in cells) + "|"


def rewrite(text: str, table: str) -> str:
    """`text` (docs/api.md) with its action table replaced by `table`."""
    start = text.index(HEAD)
    end = text.find("\n\n", start)
    return text[:start] + table + text[(len(text) if end < 0 else end) + 1:]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m intruder_core.api_table", description=__doc__)
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--write", action="store_true", help="rewrite the file's action table")
    how.add_argument("--check", action="store_true", help="fail if the table is out of date")
    p.add_argument("path", type=Path, help="docs/api.md")
    args = p.parse_args(argv)
    text = args.path.read_text()
    new = rewrite(text, render())
    if args.write:
        args.path.write_text(new)
        return 0
    if new != text:
        print(f"{args.path}: the action table differs from the declarations; run "
              f"python -m intruder_core.api_table --write {args.path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
