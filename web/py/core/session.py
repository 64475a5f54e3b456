"""Session logic of the page that needs no DOM: undo, share links, boot choice, move costs.

Pure Python over the engine's public API (`ic.replay`, `ic.CorruptSave`) and plain data
(event and action dicts, the crew view), so it is tested on CPython (tests/test_web_session.py)
and game_session.py only moves its results in and out of the page.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import intruder_core as ic
from intruder_core import codec, event_types
from intruder_core.charts import ROLES
from intruder_core.codec import encode_record
from intruder_core.crew_movement import move_cost as engine_move_cost
from intruder_core.event_types import EventData
from intruder_core.view import View

# Events after which an action cannot be taken back: chance or hidden facts came out
# (declared in intruder_core/event_types.py).
UNDO_BLOCKERS = event_types.UNDO_BLOCKERS
SHARE_PREFIX = "#g="
MAX_SEED = 2**31 - 1


def undoable(events: Iterable[EventData]) -> bool:
    """Whether the action that produced these events may be undone (no die, no reveal)."""
    return not any(e.get("type") in UNDO_BLOCKERS for e in events)


# R68: the step for crewmen away from the Interactions, when the crew may only drop objects
# (free again at the next Crew Movement, R36), is no decision: the page passes it.
PASSABLE_STEP = "free_actions"
NO_ACTION = frozenset({"drop", "end_actions"})
PASSED = "No crewman away from the Interactions had an action to take: the step is passed"


def passing(game: ic.Game) -> ic.Action | None:
    """The end of the crew's step when no crewman can act in it (R68), else None."""
    if game.is_over or game.step != PASSABLE_STEP:
        return None
    legal = game.legal_actions("crew")
    if any(a.type not in NO_ACTION for a in legal):
        return None
    return next((a for a in legal if a.type == "end_actions"), None)


def play(game: ic.Game, action: ic.Action | Mapping[str, Any],
         pass_steps: bool = True) -> tuple[list[ic.Event], bool]:
    """A player's action as the page plays it: the action, then (with `pass_steps`: the crew
    seated by a human) the end of a step where no crewman can act (R68). Its events and the
    pass's, and whether a step was passed. The page and the tests that play along use it."""
    events = game.apply(action)
    passed = passing(game) if pass_steps else None
    if passed is None:
        return events, False
    return [*events, *game.apply(passed)], True


class UndoStack:
    """Snapshots (`game.to_json()`) taken before each undoable action since the last roll."""

    def __init__(self, snapshots: Iterable[str] = ()) -> None:
        self.snapshots: list[str] = list(snapshots)

    def record(self, before: str, events: Iterable[EventData]) -> None:
        """After an action: keep the state before it if it can be undone, else forget all."""
        if undoable(events):
            self.snapshots.append(before)
        else:
            self.snapshots.clear()

    @property
    def can_undo(self) -> bool:
        """Whether there is anything to go back to."""
        return bool(self.snapshots)

    def pop(self) -> str:
        """The snapshot to restore (IndexError when empty)."""
        return self.snapshots.pop()

    def clear(self) -> None:
        """Forget every snapshot (new game, import, share link)."""
        self.snapshots.clear()

    def dump(self, budget: int = 1_500_000) -> str:
        """JSON of the newest snapshots whose total length fits in `budget` characters
        (localStorage is small; older snapshots are dropped first)."""
        kept: list[str] = []
        used = 0
        for snap in reversed(self.snapshots):
            used += len(snap)
            if used > budget:
                break
            kept.append(snap)
        return json.dumps(kept[::-1])

    @classmethod
    def load(cls, text: str | None) -> UndoStack:
        """The stack saved by `dump`; anything unreadable gives an empty stack."""
        try:
            data = json.loads(text or "[]")
        except ValueError:
            return cls()
        if not isinstance(data, list) or not all(isinstance(s, str) for s in data):
            return cls()
        return cls(data)


# --- share links ---------------------------------------------------------------------------


def decode_record(code: str) -> object:
    """The JSON data in a share code; CorruptSave if it is not base64url JSON."""
    return codec.decode_record(code.strip())


def share_fragment(record: Mapping[str, Any]) -> str:
    """The URL fragment that reproduces a game: "#g=" + base64url(JSON of game.record())."""
    return SHARE_PREFIX + encode_record(record)


def fragment_code(fragment: str) -> str | None:
    """The code of a "#g=..." fragment, or None for any other fragment."""
    return fragment[len(SHARE_PREFIX):] if fragment.startswith(SHARE_PREFIX) else None


def game_from_code(code: str) -> Any:
    """Rebuild a shared game with `ic.replay`; CorruptSave for a damaged or tampered link."""
    return ic.replay(decode_record(code))


# --- boot ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BootPlan:
    """What the page starts with: "share" (code), "seed" (seed), "resume" or "new"."""

    kind: str
    seed: int | None = None
    code: str | None = None
    warning: str = ""


def parse_seed(raw: str | None) -> int | None:
    """A seed typed by the player or given as ?seed=N; None when blank; ValueError if bad."""
    text = (raw or "").strip()
    if not text:
        return None
    seed = int(text)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}")
    return seed


def boot_plan(seed_param: str | None, fragment: str, has_save: bool) -> BootPlan:
    """A share link wins, then ?seed=N, then the autosave, else a new random game."""
    code = fragment_code(fragment)
    if code is not None:
        return BootPlan("share", code=code)
    warning = ""
    if seed_param:
        try:
            seed = parse_seed(seed_param)
        except ValueError:
            warning = f"Ignored bad seed {seed_param!r}; using a random one."
        else:
            if seed is not None:
                return BootPlan("seed", seed=seed)
    return BootPlan("resume" if has_save else "new", warning=warning)


# --- moves ---------------------------------------------------------------------------------


def move_cost(to: str, controlling: bool) -> int:
    """Movement points a move costs, as the engine counts them (the page restates no rule)."""
    return engine_move_cost(to, controlling)


def reachable(actions: Iterable[Mapping[str, Any]], crew: str | None,
              view: Mapping[str, Any]) -> dict[str, int]:
    """{compartment: cost} for the legal `move` actions of one crewman."""
    if not crew:
        return {}
    member: Mapping[str, Any] = next((c for c in view.get("crew", []) if c.get("id") == crew),
                                     {})
    controlling = bool(member.get("controlling"))
    return {str(a["to"]): move_cost(str(a["to"]), controlling)
            for a in actions if a.get("type") == "move" and a.get("crew") == crew}


def counter_reach(actions: Iterable[Mapping[str, Any]], token: str | None,
                  view: Mapping[str, Any]) -> dict[str, int]:
    """{compartment: moves left} for the legal `move_counter` actions of one of the Intruder
    player's counters (the engine's view says how many compartments it may still move)."""
    if not token:
        return {}
    left = int((view.get("moves_left") or {}).get(token, 1))
    return {str(a["to"]): left for a in actions
            if a.get("type") == "move_counter" and a.get("token") == token}


def own_tokens(actions: Iterable[Mapping[str, Any]]) -> list[str]:
    """The counters the shown side may select: those its legal actions name, in order."""
    out: list[str] = []
    for a in actions:
        t = a.get("token")
        if isinstance(t, str) and t and t not in out:
            out.append(t)
    return out


def selected_first(rows: list[Any], selected: str | None) -> list[Any]:
    """Action rows (index, action, label, rule) with the selected counter's actions first."""
    if not selected:
        return rows
    mine = [r for r in rows if r[1].get("token") == selected]
    return mine + [r for r in rows if r[1].get("token") != selected] if mine else rows


def counter_rows(rows: list[Any], selected: str | None) -> list[Any]:
    """The rows shown in full for the Intruder player: the selected counter's and those of no
    counter (ending the movement); the others are one line per counter."""
    return [r for r in rows if r[1].get("token") in (None, selected)]


def state_digest(text: str) -> str:
    """sha256 hex of a save (the e2e tests compare it with CPython's)."""
    return hashlib.sha256(text.encode()).hexdigest()


def save_filename(record: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """A download name such as intruder-seed42-turn3.json."""
    seed = (record.get("origin") or {}).get("seed", "position")
    return f"intruder-seed{seed}-turn{view.get('turn', 0)}.json"


def first_policy_digest(seed: int, n: int) -> str:
    """Play n actions (always the first legal one) from new_game(seed); the save's sha256.

    The page runs this through its test hook and the e2e test on CPython: the engine must be
    deterministic across both.
    """
    game = ic.new_game(seed=seed)
    for _ in range(n):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    return state_digest(game.to_json())


# --- scenarios, seats and turns -------------------------------------------------------------

SCENARIO_NAMES = {
    "solitaire": "Solitaire (the standard game)",
    "intelligent_intruder": "The Intelligent Intruder (crew against an Intruder player)",
    "return_to_prometheus": "Return to Prometheus",
    "science_officer": "The Science Officer (two crew players)",
}
SIDE_NAMES = {"crew": "crew", "intruder": "Intruder", "command": "Command",
              "science": ROLES["science"]}
# Who plays which side, per scenario: (key, label, {side: "human" | "computer"}).
SEATINGS: dict[str, list[tuple[str, str, dict[str, str]]]] = {
    "solitaire": [("crew", "You play the crew", {"crew": "human"})],
    "return_to_prometheus": [("crew", "You play the crew", {"crew": "human"})],
    "intelligent_intruder": [
        ("crew", "You play the crew, the computer the Intruder",
         {"crew": "human", "intruder": "computer"}),
        ("intruder", "You play the Intruder, the computer the crew",
         {"crew": "computer", "intruder": "human"}),
        ("hotseat", "Two players on this device (hot-seat)",
         {"crew": "human", "intruder": "human"}),
    ],
    "science_officer": [
        ("hotseat", "Two players on this device (hot-seat)",
         {"command": "human", "science": "human"}),
        ("command", "You play Command, the computer the Science Officer",
         {"command": "human", "science": "computer"}),
        ("science", "You play the Science Officer, the computer Command",
         {"command": "computer", "science": "human"}),
    ],
}
OPTIONS_ALLOWED = {  # the optional rules each scenario allows (docs/api.md)
    "solitaire": ("lost_crewmen",),
    "intelligent_intruder": (),
    "return_to_prometheus": ("lost_crewmen", "marines"),
    "science_officer": ("lost_crewmen",),
}


def side_name(side: str) -> str:
    """A side in words: "Intruder", "Science Officer"."""
    return SIDE_NAMES.get(side, side)


def seats_for(scenario: str, key: str | None, players: Iterable[str]) -> dict[str, str]:
    """The seats of a seating key; an unknown key gives the scenario's first seating, and a
    side no seating names is played by a human."""
    options = SEATINGS.get(scenario) or []
    chosen = next((s for k, _, s in options if k == key), options[0][2] if options else {})
    return {p: chosen.get(p, "human") for p in players}


def load_seats(text: str | None, players: Iterable[str]) -> dict[str, str]:
    """Seats stored as JSON beside the save; anything odd falls back to humans everywhere
    except an Intruder side, which the computer plays."""
    players = list(players)
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict) or set(data) != set(players) or not all(
            v in ("human", "computer") for v in data.values()):
        data = {p: "computer" if p == "intruder" else "human" for p in players}
    if all(v == "computer" for v in data.values()):
        data[players[0]] = "human"
    return {p: data[p] for p in players}


@dataclass(frozen=True)
class Turn:
    """Whose turn it is on the page: `kind` "computer", "human" or "none" (game over);
    `side` the side to act; `handover` when the device must pass to another human."""

    kind: str
    side: str | None
    handover: bool = False


def turn(to_move: Iterable[str], seats: Mapping[str, str], shown: str | None) -> Turn:
    """Who acts next: a computer side first (it plays on its own), else the human side shown
    if it has a decision, else the first human side waiting (a hand-over when another human
    side was shown)."""
    waiting = list(to_move)
    if not waiting:
        return Turn("none", None)
    for side in waiting:
        if seats.get(side) == "computer":
            return Turn("computer", side)
    if shown in waiting:
        return Turn("human", shown)
    humans = [s for s in seats if seats[s] == "human"]
    side = waiting[0]
    return Turn("human", side, handover=len(humans) > 1 and shown is not None and side != shown)


def shown_view(game: ic.Game, side: str) -> View:
    """What the page shows of `game` to `side`: that side's view, or the crew's in a game of
    one side."""
    return game.view(side) if len(game.players) > 1 else game.view("crew")


def shown_side(seats: Mapping[str, str], last: str | None) -> str:
    """The side whose view the page shows: the last human side shown, else the first human."""
    if last is not None and seats.get(last) == "human":
        return last
    return next((s for s, who in seats.items() if who == "human"), next(iter(seats), "crew"))


def secrets_warning(seats: Mapping[str, str], over: bool = False) -> str:
    """What a save or link of a game with more than one side gives away (nothing once the
    game is over, or with one side)."""
    if over or len(seats) < 2:
        return ""
    sides = " and ".join(side_name(s) for s in seats)
    return (f"It holds every side's secrets ({sides}): whoever opens it can see the other "
            "side's hidden counters and plans. Keep it from the other player until the game "
            "is over.")


ROLE_PLURALS = {role: f"{name}s" for role, name in ROLES.items()}


def side_scores(game: Any) -> dict[str, int]:
    """Each crew player's score so far in The Science Officer, as the engine counts it at the
    end (scoring.science_officer_result); {} in the other scenarios or an engine without it."""
    if getattr(getattr(game, "config", None), "scenario", None) != "science_officer":
        return {}
    try:
        from intruder_core.scoring import science_officer_result
    except ImportError:
        return {}
    return {str(k): int(v) for k, v in science_officer_result(game, "win")["scores"].items()}


def side_crewmen(game: Any, side: str) -> str:
    """Whose crewmen a crew player commands, in words ("Command Officers and Engineers"),
    from the engine's sides.side_of; "" when the engine cannot say."""
    try:
        from intruder_core.sides import side_of
    except ImportError:
        return ""
    roles: list[str] = []
    for c in getattr(game, "crew", {}).values():
        if side_of(game, c) == side and c.role not in roles:
            roles.append(c.role)
    return " and ".join(ROLE_PLURALS.get(r, r) for r in roles)


def moved_to(events: Iterable[EventData]) -> list[str]:
    """The compartments pieces moved to in these events (the computer's moves, outlined)."""
    return [str(e["to"]) for e in events if e.get("type") == "move" and e.get("to")]


def announcement(events: Iterable[EventData], limit: int = 6) -> str:
    """What a screen reader hears after an action: its events in order, once (not the whole
    log), the longest runs cut short with the count of the rest."""
    texts = [str(e.get("text") or "") for e in events if e.get("text")]
    if len(texts) > limit:
        rest = len(texts) - limit
        texts = [*texts[:limit], f"and {rest} more event{'s' if rest != 1 else ''} in the log"]
    return " ".join(t if t.endswith((".", "!", "?")) else t + "." for t in texts)


HANDOVER_LOCKED = ("share", "export")  # toolbar buttons off while the device changes hands


def is_crew_side(side: str | None) -> bool:
    """Whether a side is (part of) the crew: the advisor and the odds play the crew."""
    return side in ("crew", "command", "science")


def odds_text(est: Mapping[str, Any]) -> str:
    """"Win 62% · Draw 28% · Loss 10% (n = 40)"; percentages rounded to sum to 100."""
    keys = ("win", "draw", "loss")
    raw = [float(est.get(k, 0.0)) * 100 for k in keys]
    floors = [int(x) for x in raw]
    rest = 100 - sum(floors) if sum(raw) > 0 else 0
    for i in sorted(range(3), key=lambda i: floors[i] - raw[i])[:max(rest, 0)]:
        floors[i] += 1
    words = " · ".join(f"{k.capitalize()} {p}%" for k, p in zip(keys, floors, strict=True))
    extra = f", {est['unfinished']} unfinished" if est.get("unfinished") else ""
    return f"{words} (n = {est.get('n', 0)}{extra})"
