"""The replay viewer (replay.html): what a pasted link or an opened file holds, the game
rebuilt action by action, and the HTML of its panels. No DOM here (pages/replay/page.py), so it is
tested on CPython (tests/test_web_replay.py).

Sources: a share link ("...#g=CODE" or the code alone), `game.record()` JSON, a full save
(`game.to_json()`), and the balance lab's files (`simulate --out`: a report with a record per
game, a list of records, or one record). A lab record keeps the seed, not the actions: the game
is played again by the same policy from the same seed (deterministic), and the figures the
record kept are compared with the game rebuilt.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

import intruder_core as ic
from core import session
from intruder_core import codec
from intruder_core.event_types import EventData
from intruder_core.json_types import Record
from intruder_core.phase_names import PHASE_NAMES
from intruder_core.saves import replay_checked
from intruder_core.view import View

SLOW_POLICIES = ("search",)  # far too slow to replay on a page


@dataclass(frozen=True)
class Asks:
    """What replay.html's address asks for, read once: `?review=` (a review at once; "saved":
    of the game kept in this browser), `?refine=N` (N points refined by sampled games; the
    tests' 0), `?budget=S` (S seconds of work instead of the page's
    bot_tasks.REVIEW_WHOLE_S since the asking: the tests' whole review, the same on any
    machine) and `?learn=1` (the mistakes mode once the review is done)."""

    review: str | None = None
    refine: int | None = None
    learn: bool = False
    budget: int | None = None

    @classmethod
    def of(cls, query: str) -> Asks:
        """The asks of a query string ("?review=1&refine=0"); anything else is ignored."""
        from urllib.parse import parse_qs

        asked = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
        refine, budget = asked.get("refine", ""), asked.get("budget", "")
        return cls(review=asked.get("review"), refine=int(refine) if refine.isdigit() else None,
                   learn=asked.get("learn") == "1",
                   budget=int(budget) if budget.isdigit() else None)


@dataclass
class Entry:
    """One game a source holds: a record to replay, or a lab game to play again."""

    title: str
    record: dict[str, Any] | None = None
    lab: dict[str, Any] | None = None  # seed, policy, difficulty, policy_args, expect


def entries(text: str) -> list[Entry]:
    """The games in a pasted link or an opened file; CorruptSave in plain words if none."""
    text = text.strip()
    code = session.fragment_code(text[text.find("#"):]) if session.SHARE_PREFIX in text else None
    if code is None and text and text[0] not in "{[":
        code = text  # a bare share code
    if code is not None:
        return [Entry("Shared game", dict(_record(session.decode_record(code))))]
    try:
        data = json.loads(text)
    except ValueError:
        raise ic.CorruptSave("this is neither a share link nor a JSON file of games") from None
    found = _from_data(data)
    if not found:
        raise ic.CorruptSave("no game found: expected a share link, a game record, a save "
                             "or a balance lab file (simulate --out)")
    return found


def _from_data(data: Any, meta: Mapping[str, Any] | None = None) -> list[Entry]:
    if isinstance(data, list):
        return [e for item in data for e in _from_data(item, meta)]
    found = codec.kind(data)
    if found is None or not isinstance(data, dict):
        return []
    title = codec.KIND_NAMES[found]
    if found == "envelope":
        return [Entry(title, dict(_record(codec.envelope_record(data))))]
    if found == "record":
        return [Entry(title, {"origin": data["origin"], "actions": data["actions"]})]
    if found == "save":
        return [Entry(title, {"origin": data.get("origin"), "actions": data["history"]})]
    if found == "lab_report":
        return _from_data(data["records"], data)
    if found == "history":  # Your games' export: each game by its share code
        games = data.get("games")
        return [Entry(f"{title}, game {n}: {g.get('outcome')}", dict(_record(
                    codec.decode_record(str(g.get("game")), "the history"))))
                for n, g in enumerate(games if isinstance(games, list) else [], 1)
                if isinstance(g, dict)]
    meta = meta or {}  # one lab game
    policy = str(data.get("policy", meta.get("policy", "heuristic")))
    difficulty = str(data.get("difficulty", meta.get("difficulty", "standard")))
    title = f"{title}, seed {data['seed']}: {data['outcome']} " \
            f"({policy}, {difficulty}, {data.get('turns', '?')} turns)"
    return [Entry(title, lab={"seed": int(data["seed"]), "policy": policy,
                              "difficulty": difficulty,
                              "policy_args": dict(meta.get("policy_args") or {}),
                              "expect": data})]


def _record(data: object) -> Mapping[str, Any]:
    """A share code's or envelope's data as a record (Timeline.build checks the rest)."""
    if not isinstance(data, dict):
        raise ic.CorruptSave("not a game record: it must have an origin and actions")
    return data


def lab_record(lab: Mapping[str, Any]) -> tuple[Record, str]:
    """Play a lab game again (lab.play_one's way); its record and a note if it differs now."""
    from intruder_core.bots import make_policy, play

    if lab["policy"] in SLOW_POLICIES:
        raise ic.CorruptSave(f"games of the {lab['policy']} policy are too slow to replay "
                             "here; open a heuristic or random lab file")
    options = None if lab["difficulty"] == "standard" else {"difficulty": lab["difficulty"]}
    seed = int(lab["seed"])
    g = ic.new_game(seed=seed, options=options)
    played = play(g, make_policy(str(lab["policy"]), **dict(lab.get("policy_args") or {})),
                  random.Random(seed))
    expect = lab.get("expect") or {}
    outcome = g.result["outcome"] if played.finished and g.result else "unfinished"
    note = ""
    if expect and (expect.get("outcome"), expect.get("actions")) != (outcome, played.actions):
        note = (f"The engine has changed since this file was made: the lab recorded "
                f"{expect.get('outcome')} after {expect.get('actions')} actions, the game "
                f"played again gives {outcome} after {played.actions}.")
    return g.record(), note


@dataclass
class Step:
    """The game after one more action: what was done and what happened."""

    index: int
    label: str
    action: dict[str, Any] | None
    events: list[EventData]
    turn: int
    phase: str
    view: View


@dataclass
class Timeline:
    """A game rebuilt action by action (step 0: its start)."""

    record: dict[str, Any]
    steps: list[Step] = field(default_factory=list)

    @classmethod
    def build(cls, record: Mapping[str, Any]) -> Timeline:
        """Replay the record one action at a time (the loader's own checked replay,
        saves.replay_checked); CorruptSave if it does not replay."""
        rec = {"origin": record["origin"], "actions": list(record["actions"])}
        t = cls(rec)

        def start(g: ic.Game) -> None:
            t.steps.append(Step(0, "Start", None, [e.to_dict() for e in g.log], g.turn,
                                g.phase, g.view(g.players[0])))

        def play(g: ic.Game, n: int, a: ic.Action) -> None:
            if not t.steps:
                start(g)
            label = g.label(a)
            events = g.apply(a)
            t.steps.append(Step(n, label, dict(rec["actions"][n - 1]),
                                [e.to_dict() for e in events], g.turn, g.phase,
                                g.view(g.players[0])))

        g = replay_checked(rec["origin"], rec["actions"], play)
        if not t.steps:
            start(g)
        return t

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def phases(self) -> list[tuple[int, str]]:
        """(step, "Turn 3: Crew Movement Phase") for every phase that begins in the game."""
        out = []
        for s in self.steps:
            for e in s.events:
                if e.get("type") == "phase" and "turn" in e:
                    name = PHASE_NAMES.get(str(e.get("phase")), str(e.get("phase")))
                    out.append((s.index, f"Turn {e['turn']}: {name}"))
        return out

    def fork(self, step: int) -> dict[str, Any]:
        """The record of this game up to a step: a new game goes on from there."""
        return {"origin": self.record["origin"], "actions": self.record["actions"][:step]}


# --- HTML -------------------------------------------------------------------------------


def step_places(t: Timeline, at: int) -> list[str]:
    """Where step `at` happens (steps.step_places, as the rules demos zoom their plan): the
    part of the plan a phone's board shows at the game's readable scale."""
    from core import steps
    from intruder_core.demos import Frame

    s = t.steps[at]
    return steps.step_places(Frame(step=at, say="", rule="", events=[dict(e) for e in s.events],
                                  action=s.action, view=s.view))


def entries_html(found: Iterable[Entry]) -> str:
    """A chooser for a file holding several games."""
    rows = "".join(f'<option value="{i}">{escape(e.title)}</option>'
                   for i, e in enumerate(found))
    return rows


def phases_html(t: Timeline, at: int) -> str:
    """The turn and phase chooser: each option jumps to the step where that phase begins."""
    chosen = max((s for s, _ in t.phases() if s <= at), default=0)
    mark = ' selected="selected"'
    return "".join(f'<option value="{s}"{mark if s == chosen else ""}>{escape(name)}</option>'
                   for s, name in _unique(t.phases()))


def _unique(pairs: list[tuple[int, str]]) -> list[tuple[int, str]]:
    seen: set[int] = set()
    out = []
    for s, name in pairs:
        if s not in seen:
            seen.add(s)
            out.append((s, name))
    return out


def step_html(t: Timeline, at: int) -> str:
    """The current step: its number, turn and phase, and the action taken."""
    s = t.steps[at]
    name = PHASE_NAMES.get(s.phase, s.phase)
    return (f'<p class="step-no">Action {at} of {t.last} · Turn {s.turn}: {escape(name)}</p>'
            f'<p class="did">{"Start of the game" if s.action is None else "Done: "}'
            f'{"" if s.action is None else "<strong>" + escape(s.label) + "</strong>"}</p>')


def log_html(t: Timeline, at: int) -> str:
    """Every event of the game, each die with its purpose; each row jumps to its step."""
    rows = []
    for s in t.steps:
        for e in s.events:
            text = escape(str(e.get("text", "")))
            if e.get("type") == "roll":
                text = f'<span class="die" aria-hidden="true">{"⚀⚁⚂⚃⚄⚅"[int(e["die"]) - 1]}' \
                       f'</span> {text}'
            here = ' aria-current="step"' if s.index == at else ""
            cls = ' class="here"' if s.index == at else ""
            rows.append(f'<li{cls}>'
                        f'<button type="button" class="event" data-command="goto" '
                        f'data-step="{s.index}"{here}>{text}'
                        f'<span class="visually-hidden"> (action {s.index})</span></button></li>')
    return "".join(rows)
