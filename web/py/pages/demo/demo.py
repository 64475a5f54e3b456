"""The rules demo player (demo.html): which demo and step a URL asks for, stepping forward and
back, the "your move" questions, and the HTML of every panel. No DOM here: main.py puts
the strings into the page, so all of this is tested on CPython (tests/test_web_demo.py).

A demo is `intruder_core.demos` data replayed on the real engine: `Player` holds the frames
of one run (narration, events and the crew's view after each step) and a cursor into them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any
from urllib.parse import parse_qs, quote

from core.steps import event_rows as event_rows  # shared with the replay page (core/steps.py)
from core.steps import plan_fit as plan_fit
from core.steps import step_places as step_places
from intruder_core import demos

RuleLinks = Callable[[str], list[tuple[str, str]]]  # a rule citation -> [(anchor id, title)]
EMBED_SIZE = (640, 480)  # the iframe snippet's default size (fits 320x480 to 1200x800)


@dataclass
class Query:
    """What demo.html's query string asks for."""

    demo: str | None = None
    step: int = 0
    embed: bool = False
    pace_ms: int | None = None  # Play's time per step (tests run it fast)


def parse_query(search: str) -> Query:
    """`?d=ID&step=N&embed=1&pace_ms=N`; anything malformed falls back to the default."""
    q = parse_qs(search.lstrip("?"))
    demo = (q.get("d") or [""])[0]
    raw = (q.get("step") or ["0"])[0]
    step = int(raw) if raw.isdigit() else 0
    pace = (q.get("pace_ms") or [""])[0]
    return Query(demo or None, step, (q.get("embed") or ["0"])[0] in ("1", "true", "yes"),
                 int(pace) if pace.isdigit() else None)


@dataclass
class Player:
    """A demo's frames and where the reader is. Frame 0 is the start; a step with a "your
    move" asks its question before its frame is shown."""

    demo: demos.Demo
    frames: list[demos.Frame]
    at: int = 0
    asking: bool = False  # the question of frame at+1 is on screen
    answers: dict[int, int] = field(default_factory=dict)  # frame -> option index chosen

    @classmethod
    def load(cls, demo_id: str, step: int = 0) -> Player:
        """Replay the demo (KeyError for an unknown id) and go to `step`."""
        demo = demos.load(demo_id)
        frames, _ = demos.play(demo)
        player = cls(demo, frames)
        player.goto(step)
        return player

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    @property
    def frame(self) -> demos.Frame:
        return self.frames[self.at]

    @property
    def question(self) -> demos.YourMove | None:
        """The "your move" waiting for an answer, if any."""
        return self.frames[self.at + 1].your_move if self.asking else None

    def forward(self) -> str:
        """One step on: "ask" when a question comes first, "step", or "end" at the end."""
        if self.at >= self.last:
            return "end"
        nxt = self.frames[self.at + 1]
        if nxt.your_move and not self.asking and self.at + 1 not in self.answers:
            self.asking = True
            return "ask"
        self.asking = False
        self.at += 1
        return "step"

    def back(self) -> None:
        """One step back (or out of an open question)."""
        if self.asking:
            self.asking = False
        else:
            self.at = max(0, self.at - 1)

    def goto(self, step: int) -> None:
        """Jump to a frame (the scrubber, `&step=N`), clamped to the demo."""
        self.asking = False
        self.at = max(0, min(self.last, step))

    def answer(self, index: int) -> dict[str, Any]:
        """The reader's choice for the open question: was it the example's, and why."""
        q = self.question
        if q is None or not 0 <= index < len(q["options"]):
            raise ValueError("no such answer")
        n = self.at + 1
        self.answers[n] = index
        chosen = q["options"][index]
        right = _key(chosen["do"]) == _key(self.frames[n].action or {})
        example = next(o for o in q["options"] if _key(o["do"]) == _key(self.frames[n].action
                                                                          or {}))
        return {"right": right, "chosen": chosen.get("label", ""), "why": chosen["why"],
                "example": example.get("label", ""), "example_why": example["why"]}


# --- the part of the plan shown --------------------------------------------------------


def _key(action: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, repr(v)) for k, v in action.items()))


# --- HTML -------------------------------------------------------------------------------


def citation_links(rule: str, lookup: Callable[[str], list[dict[str, str]]]
                   ) -> list[tuple[str, str]]:
    """Each part of a citation ("Combat Example; ruling R5") with the reference entry it
    points to, named as cited (the entry may be a section that only contains it)."""
    out = []
    for part in (x.strip() for x in rule.split(";")):
        found = lookup(part) if part else []
        if found:
            out.append((found[0]["id"], part))
    return out


def rule_html(rule: str, links: RuleLinks) -> str:
    """A rule citation with each cited section linked to its entry in the page's reference."""
    found = links(rule) if rule else []
    if not found:
        return escape(rule)
    return ", ".join(f'<a href="#rule-{escape(i)}" data-rule="{escape(i)}">{escape(t)}</a>'
                     for i, t in found)


def narration_html(p: Player, links: RuleLinks) -> str:
    """The current step's words, its rule (linked), and what was done."""
    f = p.frame
    did = f'<p class="did">{"Tried" if _refused(f) else "Done"}: ' \
          f'<strong>{escape(f.label)}</strong></p>' if f.action else ""
    return (f'<p class="step-no">Step {f.step} of {p.last}</p>{did}'
            f'<p class="say">{escape(f.say)}</p>'
            f'<p class="rule">Rule: {rule_html(f.rule, links)}</p>')


def _refused(f: demos.Frame) -> bool:
    return any(e.get("type") == "refused" for e in f.events)


def question_html(p: Player) -> str:
    """The "your move" question with one button per option ("" when none is open)."""
    q = p.question
    if q is None:
        return ""
    buttons = "".join(
        f'<button type="button" class="option" data-command="answer" data-index="{i}">'
        f'{escape(o.get("label") or str(o["do"]["type"]))}</button>'
        for i, o in enumerate(q["options"]))
    return (f'<h2 id="ask-title">Your move</h2><p class="ask">{escape(q["ask"])}</p>'
            f'<div class="options" role="group" aria-labelledby="ask-title">{buttons}</div>')


def feedback_html(result: Mapping[str, Any] | None) -> str:
    """Whether the reader's answer was the example's, and why."""
    if not result:
        return ""
    if result["right"]:
        return (f'<p class="verdict right"><strong>Yes: that is the example\'s move.</strong> '
                f'{escape(result["why"])}</p>')
    return (f'<p class="verdict wrong"><strong>Not the example\'s move.</strong> '
            f'{escape(result["why"])} The example: <strong>{escape(result["example"])}</strong>'
            f'. {escape(result["example_why"])}</p>')


def step_link(base: str, demo_id: str, step: int, embed: bool = False) -> str:
    """A link to one step of one demo."""
    return f"{base}?d={quote(demo_id)}&step={step}" + ("&embed=1" if embed else "")


def embed_snippet(base: str, demo: Mapping[str, Any]) -> str:
    """The iframe code a site pastes to embed this demo."""
    w, h = EMBED_SIZE
    title = escape(f"Intruder rules demo: {demo['title']}", quote=True)
    src = escape(f"{base}?d={quote(str(demo['id']))}&embed=1", quote=True)
    return (f'<iframe src="{src}" width="{w}" height="{h}" title="{title}" '
            f'loading="lazy" style="border:0;max-width:100%"></iframe>')


def index_html(all_demos: Sequence[Mapping[str, Any]]) -> str:
    """demo.html without ?d=: every demo, with its rulebook section."""
    items = "".join(
        f'<li><a href="?d={quote(str(d["id"]))}" data-demo="{escape(str(d["id"]))}">'
        f'{escape(str(d["title"]))}</a>'
        f'<span class="summary"> – {escape(str(d.get("summary", "")))}</span> '
        f'<span class="muted">({escape(str(d["section"]))})</span></li>'
        for d in all_demos)
    return f'<ol class="demo-list">{items}</ol>'


def rules_html(rules: Iterable[Mapping[str, str]]) -> str:
    """The rule entries the demo cites, each with an anchor the narration links to."""
    out = []
    for r in rules:
        text = "".join(f"<p>{escape(par)}</p>" for par in str(r["text"]).split("\n\n") if par)
        out.append(f'<section class="rule-entry" id="rule-{escape(r["id"])}" tabindex="-1">'
                   f'<h3>{escape(r["title"])}</h3>{text}</section>')
    return "".join(out)


def cited(p: Player) -> list[str]:
    """Every rule citation of the demo, in order, once each."""
    seen: dict[str, None] = {}
    for f in p.frames:
        if f.rule:
            seen.setdefault(f.rule)
    return list(seen)
