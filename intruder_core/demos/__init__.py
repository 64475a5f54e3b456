"""Rules demos: the rulebook's examples as scripted walkthroughs on the real engine.

A demo is data, one module per demo in this package, holding a `DEMO` dict:

    {"id": "combat-example", "title": ..., "summary": ..., "order": 20,
     "section": "Combat Example",            # the rulebook section it is taken from
     "quote": "...",                         # the rulebook's own words
     "start": {"position": {...}}            # or {"new_game": {"seed", "dice", "scenario", ...}}
     "intro": {"say": ..., "rule": ..., "expect": [...]},
     "steps": [{"do": {action}, "say": ..., "rule": ..., "expect": [...],
                "your_move": {"ask": ..., "options": [{"do": {...}, "why": ...}]}}]}

`expect` lists the facts the narration states, as event patterns matched in order against
the step's events (`type`, any event data, `text` as a substring, `rule` as a substring), so
`check()` fails as soon as the engine and a demo's words drift apart. Dice are scripted
(`strict_dice`): a demo that needs a roll its script does not give fails too.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import pkgutil
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from ..actions import Action, Event
from ..dice import DiceExhausted
from ..errors import CorruptSave, IllegalAction
from ..game import Game, new_game
from ..json_types import Options
from ..names import place
from ..view import View

__all__ = ["Demo", "Frame", "YourMove", "all_demos", "check", "check_all", "digest", "ids", "load",
           "play", "start"]


Pattern = dict[str, object]  # an `expect` entry: an event's type, data, text or rule
ActionData = dict[str, object]  # an action as plain data (Action.from_dict reads it)


class Option(TypedDict):
    """One answer to a "your move" question: the action and why it is good or not."""

    do: ActionData
    why: str
    label: NotRequired[str]  # play() adds the button label


class YourMove(TypedDict):
    ask: str
    options: list[Option]


# A step does an action (`do`) or tries one the rules refuse (`try`, `refused`: the reason);
# the intro does neither. "try" is a keyword, hence the functional form.
Step = TypedDict("Step", {"do": ActionData, "try": ActionData, "refused": str, "say": str,
                          "rule": str, "expect": list[Pattern], "your_move": YourMove},
                 total=False)


class NewGame(TypedDict, total=False):
    seed: int
    dice: list[int]
    scenario: str
    options: Options


class Start(TypedDict, total=False):
    """Where a demo starts: a described position (docs/position.md) or a new game."""

    position: dict[str, object]
    new_game: NewGame


class Demo(TypedDict):
    """One demo module's DEMO (the format in this module's docstring)."""

    id: str
    title: str
    summary: str
    order: NotRequired[int]
    section: str
    quote: str
    tutorial: NotRequired[bool]
    start: Start
    intro: Step
    steps: list[Step]
    end: NotRequired[dict[str, str]]  # {"outcome": ...}: how the game stands at the end


@dataclass
class Frame:
    """One step of a walkthrough: what was done, what happened, and the words for it."""

    step: int
    say: str
    rule: str
    events: list[dict[str, object]]
    action: ActionData | None = None  # None for the start
    label: str = ""  # the action's button label
    your_move: YourMove | None = None  # the decision offered to the reader first
    problems: list[str] = field(default_factory=list)
    turn: int = 0
    phase: str = ""
    over: bool = False
    view: View | None = None  # the crew's view after the step

    def to_dict(self) -> dict[str, object]:
        return {"step": self.step, "say": self.say, "rule": self.rule, "events": self.events,
                "action": self.action, "label": self.label, "your_move": self.your_move,
                "turn": self.turn, "phase": self.phase, "over": self.over}


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def all_demos() -> list[Demo]:
    """Every demo, in reading order."""
    demos = [importlib.import_module(f"{__name__}.{m}").DEMO for m in _modules()]
    return sorted(demos, key=lambda d: (d.get("order", 999), d["id"]))


def ids() -> list[str]:
    """The demo ids, in reading order."""
    return [d["id"] for d in all_demos()]


def load(demo_id: str) -> Demo:
    """One demo by id; KeyError names the ids there are."""
    for d in all_demos():
        if d["id"] == demo_id:
            return d
    raise KeyError(f"no demo {demo_id!r}; there are: {', '.join(ids())}")


def start(demo: Demo) -> Game:
    """The demo's game at its starting point (scripted dice, strict: no unscripted roll)."""
    s = demo["start"]
    if "position" in s:
        return Game.from_position({**s["position"], "strict_dice": True})
    ng = s["new_game"]
    return new_game(int(ng.get("seed", 0)), list(ng.get("dice", [])),
                    str(ng.get("scenario", "solitaire")), dict(ng.get("options", {})))


def matches(pattern: Pattern, e: Event) -> bool:
    """An event fits a pattern: same type, same data values, `text`/`rule` substrings."""
    for key, want in pattern.items():
        if key == "type":
            ok = e.type == want
        elif key == "text":
            ok = str(want).lower() in e.text.lower()
        elif key == "rule":
            ok = str(want) in e.rule
        else:
            got = e.data.get(key)
            ok = (list(got) if isinstance(got, tuple) else got) == want
        if not ok:
            return False
    return True


def unmatched(patterns: list[Pattern], events: list[Event]) -> Pattern | None:
    """The first pattern not found among the events (in order), or None."""
    i = 0
    for p in patterns:
        while i < len(events) and not matches(p, events[i]):
            i += 1
        if i == len(events):
            return p
        i += 1
    return None


def _frame(n: int, part: Step, events: list[Event], g: Game) -> Frame:
    f = Frame(n, str(part["say"]), str(part.get("rule", "")), [dict(e.to_dict()) for e in events],
              turn=g.turn, phase=g.phase, over=g.is_over, view=g.view(g.players[0]))
    missing = unmatched(list(part.get("expect", [])), events)
    if missing is not None:
        f.problems.append(f"step {n}: the narration says {missing} but the events are: "
                          + "; ".join(e.text for e in events))
    return f


def play(demo: Demo) -> tuple[list[Frame], Game]:
    """Run a demo to its end; every frame carries any mismatch in `problems`."""
    g = start(demo)
    frames = [_frame(0, demo["intro"], list(g.log), g)]
    for n, step in enumerate(demo["steps"], 1):
        if "try" in step:  # an action the rules refuse: the reason is the step's event
            frames.append(_refusal(n, step, g))
            continue
        wanted = Action.from_dict(step["do"])
        legal = {a.key(): a for a in g.legal_actions()}
        problems = []
        ym = step.get("your_move")
        if ym is not None:
            ym = {**ym, "options": [{**o, "label": _label(g, o["do"])} for o in ym["options"]]}
            keys = [Action.from_dict(o["do"]).key() for o in ym["options"]]
            if wanted.key() not in keys:
                problems.append(f"step {n}: the example's move is not among the options")
            problems += [f"step {n}: option {o['do']} is not legal here"
                         for o, k in zip(ym["options"], keys, strict=True) if k not in legal]
        label = _label(g, step["do"])
        try:
            events = g.apply(wanted)
        except (IllegalAction, CorruptSave, ValueError, DiceExhausted) as e:
            f = Frame(n, str(step["say"]), str(step.get("rule", "")), [], step["do"],
                      problems=[*problems, f"step {n}: {step['do']} cannot be played: {e}"])
            frames.append(f)
            break
        f = _frame(n, step, events, g)
        f.action, f.label, f.your_move = step["do"], label, ym
        f.problems[:0] = problems
        frames.append(f)
    return frames, g


def _refusal(n: int, step: Step, g: Game) -> Frame:
    """A step that tries an action the rules refuse; nothing changes."""
    refusal = g.why_illegal(step["try"])
    events: list[dict[str, object]] = [] if refusal is None else [
        {"type": "refused", "text": refusal.reason, "rule": refusal.rule}]
    f = Frame(n, str(step["say"]), str(step.get("rule", "")), events, step["try"],
              label=_label(g, step["try"]), turn=g.turn, phase=g.phase, over=g.is_over,
              view=g.view(g.players[0]))
    if refusal is None:
        f.problems.append(f"step {n}: {step['try']} should be refused but is legal")
    elif str(step.get("refused", "")).lower() not in str(refusal).lower():
        f.problems.append(f"step {n}: refused for another reason: {refusal}")
    return f


def _label(g: Game, action: ActionData) -> str:
    """A button label for any action, legal or not (the Intruder player's too)."""
    try:
        text = g.label(Action.from_dict(action))
    except (KeyError, TypeError, ValueError):
        text = ""
    if text and text != action.get("type"):
        return text
    crew = g.crew.get(str(action.get("crew")))
    who = crew.name if crew is not None else ""
    return {
        "destroy": f"The Intruder destroys the {str(action.get('item', '')).rstrip('0123456789')}",
        "move_counter": f"Move counter {action.get('token')} to "
                        f"{place(str(action.get('to')))}",
        "end_intruder_movement": "End the Intruder's movement",
        "intruder_attack": f"The Intruder attacks {who}",
        "intruder_hold": "The Intruder holds back",
    }.get(str(action.get("type")), str(action.get("type", "")).replace("_", " "))


def check(demo: Demo) -> list[str]:
    """Every way the demo and the engine disagree (empty when it replays as narrated)."""
    problems = []
    for key in ("id", "title", "section", "quote", "start", "intro", "steps"):
        if key not in demo:
            problems.append(f"missing {key!r}")
    if problems:
        return problems
    try:
        frames, g = play(demo)
    except (CorruptSave, KeyError, TypeError, ValueError, DiceExhausted) as e:
        return [f"does not start: {e}"]
    for f in frames:
        problems += f.problems
    if not any(s.get("your_move") for s in demo["steps"]):
        problems.append("no 'your move' moment")
    end = demo.get("end")
    outcome = g.result["outcome"] if g.result else None
    if end is not None and outcome != end.get("outcome", "running") \
            and not (end.get("outcome") == "running" and not g.is_over):
        problems.append(f"the demo should end {end}, the game is at {g.result or 'running'}")
    return problems


def check_all() -> dict[str, list[str]]:
    """Problems per demo id (empty lists when everything replays as narrated)."""
    return {d["id"]: check(d) for d in all_demos()}


def digest(demo: Demo) -> str:
    """A fingerprint of every event of a demo: equal in CPython and Pyodide."""
    frames, _ = play(demo)
    text = json.dumps([f.events for f in frames], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def docs_table() -> str:
    """The list of demos for docs/demos.md, made from the demo files (tests keep it current)."""
    rows = ["| id | demo | rulebook section |", "|---|---|---|"]
    for d in all_demos():
        rows.append(f"| `{d['id']}` | **{d['title']}**: {d.get('summary', '')} | "
                    f"{d['section']} |")
    return "\n".join(rows) + "\n"
