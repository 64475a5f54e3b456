"""The in-app rules reference: the rulebook cut into sections, and every ruling by number.

Pure functions over the texts in rules/ and docs/rulings.md (copied into the site); the
page links a prompt's rule name, e.g. "Crew Movement" or "ruling R6", to its entry.
"""

from __future__ import annotations

import re
from typing import Any

# The rule texts as the site copies them into Pyodide's file system (build.py: rules/ and
# docs/rulings.md): the rulebook first, then the rulings.
RULE_FILES = ("rules/intruder-rulebook.txt", "rules/rulings.md", "docs/rulings.md")

RULING = re.compile(r"^- \*\*(R\d+) ([^*]+?)\*\*\s*(.*)$")


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def headings(rulebook: str) -> list[str]:
    """The section titles, from the Table of Contents bullets."""
    toc = rulebook.split("Table of Contents", 2)[-1]
    body_start = toc.find("\n\nGame Equipment and Situation\n")
    toc = toc[:body_start] if body_start > 0 else toc
    return [line.strip("• ").strip() for line in toc.splitlines() if line.strip().startswith("•")]


def sections(rulebook: str) -> list[dict[str, str]]:
    """[{id, title, text}] in rulebook order; a section runs to the next heading."""
    titles = headings(rulebook)
    lines = rulebook.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "Game Equipment and Situation"
                 and i > 5)
    out: list[dict[str, Any]] = []
    wanted = set(titles)
    current: dict[str, Any] | None = None
    for line in lines[start:]:
        if line.strip() in wanted:
            current = {"id": slug(line.strip()), "title": line.strip(), "lines": []}
            out.append(current)
        elif current is not None:
            current["lines"].append(line)
    return [{"id": s["id"], "title": s["title"], "text": "\n".join(s["lines"]).strip()}
            for s in out]


def rulings(*texts: str) -> list[dict[str, str]]:
    """[{id, title, text}] for every "- **Rn Title.** text" line, in order."""
    out = []
    for text in texts:
        for line in text.splitlines():
            m = RULING.match(line)
            if m:
                out.append({"id": m.group(1), "title": m.group(2).rstrip("."),
                            "text": m.group(3)})
            elif out and line.startswith("  ") and line.strip():
                out[-1]["text"] += " " + line.strip()
    return out


def lookup(rule: str, book: list[dict[str, str]], numbered: list[dict[str, str]]
           ) -> list[dict[str, str]]:
    """The entries a rule citation such as "Open Airlocks; ruling R15" points to: rulings by
    number, then for each named part the section of that title, or else the shortest section
    that mentions it."""
    found = []
    for n in re.findall(r"\bR(\d+)\b", rule):
        found += [r for r in numbered if r["id"] == f"R{n}"]
    for part in re.split(r"[;]", rule):
        name = re.sub(r"\s+\d+$|\s+[A-D]$", "", part.strip())  # "Sequence of Play 3"
        if not name or re.fullmatch(r"(ruling )?R\d+", name):
            continue
        titled = [s for s in book if s["title"].lower() == name.lower()]
        mentioned = sorted((s for s in book if name.lower() in s["text"].lower()),
                           key=lambda s: len(s["text"]))
        found += (titled or mentioned)[:1]
    unique: dict[str, dict[str, str]] = {}
    for f in found:
        unique.setdefault(f["id"], f)
    return list(unique.values())


def load(root: str = ".") -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """The rulebook's sections and the numbered rulings, read from RULE_FILES under `root`
    (the site's folder, or the repository's: the same paths; OSError if a text is missing)."""
    texts = []
    for path in RULE_FILES:
        with open(f"{root}/{path}", encoding="utf-8") as f:
            texts.append(f.read())
    return sections(texts[0]), rulings(*texts[1:])
