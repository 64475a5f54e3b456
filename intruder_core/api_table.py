"""docs/api.md's tables of the crew's actions (registry.py), of the events and of the rolls
(event_types.py), rendered from their declarations: `python -m intruder_core.api_table
--write PATH` rewrites them, `--check PATH` fails when the file and the declarations differ
(tests/test_action_registry.py and tests/test_event_registry.py run the check)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path

from .action_types import ActionType
from .event_types import EVENT_TYPES, ROLL_TYPES, EventType, RollType
from .registry import ACTION_TYPES

HEAD = "| type | arguments | rule |\n|---|---|---|\n"
EVENTS_HEAD = "| event | group | data | words | flags |\n|---|---|---|---|---|\n"
ROLLS_HEAD = "| roll | purpose (the words) | fields |\n|---|---|---|\n"


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


def _fields(fields: Mapping[str, str], doc: str = "") -> str:
    """A data cell: what the event is (`doc`), then each field with its meaning."""
    cell = "; ".join(f"`{k}`: {v}" if k != "..." else v for k, v in fields.items())
    return f"{doc}: {cell}" if doc and cell else doc or cell


def _flags(t: EventType) -> str:
    """What the consumers make of an event type (its declaration's flags), in words."""
    flags = [word for flag, word in ((t.chance, "chance"), (t.ends_undo, "ends undo"),
                                     (t.quoted, "quoted by the review"), (t.rare, "rare"))
             if flag]
    if t.log:
        flags.append(f"log filter: {t.log}")
    if t.headline:
        flags.append(f"headline \"{t.headline[1]}\"")
    return ", ".join(flags)


def render_events(types: tuple[EventType, ...] = EVENT_TYPES) -> str:
    """The markdown table of every event type: its group, data fields, words (when always
    the same) and flags."""
    return EVENTS_HEAD + "".join(
        _row(f"`{t.type}`", t.group, _fields(t.fields, t.doc),
             f'"{t.words}"' if t.words else "", _flags(t)) + "\n" for t in types)


def render_rolls(rolls: tuple[RollType, ...] = ROLL_TYPES) -> str:
    """The markdown table of the roll keys: the purpose's template and the fields."""
    return ROLLS_HEAD + "".join(
        _row(f"`{r.key}`", f'"{r.purpose}"', _fields(r.fields)) + "\n" for r in rolls)


def render_all(text: str) -> str:
    """`text` (docs/api.md) with its action, event and roll tables rendered afresh."""
    for head, table in ((HEAD, render()), (EVENTS_HEAD, render_events()),
                        (ROLLS_HEAD, render_rolls())):
        text = rewrite(text, table, head)
    return text


def _row(*cells: str) -> str:
    return "|" + "|".join(f" {c} " if c else " " for c in cells) + "|"


def rewrite(text: str, table: str, head: str = HEAD) -> str:
    """`text` (docs/api.md) with its table that starts with `head` replaced by `table`."""
    start = text.index(head)
    end = text.find("\n\n", start)
    return text[:start] + table + text[(len(text) if end < 0 else end) + 1:]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m intruder_core.api_table", description=__doc__)
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--write", action="store_true", help="rewrite the file's tables")
    how.add_argument("--check", action="store_true", help="fail if a table is out of date")
    p.add_argument("path", type=Path, help="docs/api.md")
    args = p.parse_args(argv)
    text = args.path.read_text()
    new = render_all(text)
    if args.write:
        args.path.write_text(new)
        return 0
    if new != text:
        print(f"{args.path}: a table differs from the declarations; run "
              f"python -m intruder_core.api_table --write {args.path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
