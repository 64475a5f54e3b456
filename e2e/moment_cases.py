"""Every moment kind (intruder_core.story.KINDS) made to happen: ONE table of cases, each a
position for `Game.from_position` with scripted dice and the action buttons to click, and,
per click, the moments it must show: the kind, the compartment lit (its place) and the words
its caption (and its toast item) must contain. e2e/test_moments.py walks them on the page,
tests/test_moment_cases.py on the real engine (so the table cannot rot), and
e2e/screenshots.py photographs each (docs/screenshots/moment-<case>-*.png).

Kinds the board does not draw (web/py/core/moments.QUIET: `placed`,
`inventory`; the log tells them) are listed with `board=False`: the page is checked to draw
none for them. Kinds with no one place (`metamorphosis`, `clone`, `destroyed`,
`game_over`: the whole station) have `place=""`: a caption and no lit box.

Not in the table, with the reason (NOT_ON_PAGE): `released` is told only for the Intelligent
Intruder player's own action (opening a Cage or the Lab's cages); a share link opens with the
default seats, the Intruder played by the computer, whose choice no case can script. The
engine test tells it from a scripted Intruder player's action instead.

Page gaps (a `gap` on the kind, `phone_gap` on the phone only: its place is not checked,
the closing note lists it): none now. On a phone the random movements play one by one, each
at its own places; together, one caption beside all their places found no room in the
phone's part of the plan (the Panic's covered Access Shaft #2, where a counter starts).
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))

import intruder_core as ic
from core import session
from intruder_core.names import KIND_NAMES
from intruder_core.station import NAMES

NOT_ON_PAGE: dict[str, str] = {
    "released": "only the Intelligent Intruder player's own action tells it (open_cage, "
                "open_lab_cages); a share link seats the computer there, unscriptable",
}


@dataclass(frozen=True)
class Shows:
    """One moment a click must show: its kind, the compartment lit (its place; "" for the
    whole station), the words its caption and toast item contain, whether the board draws
    it and the toast tells it, and a page gap (what the page gets wrong, so its place is not
    checked) if any, at every size or on the phone only."""

    kind: str
    place: str
    words: tuple[str, ...]
    board: bool = True
    gap: str = ""
    phone_gap: str = ""
    toast: bool = True


@dataclass(frozen=True)
class Step:
    """One click: the action button's text (it names one legal action, any case, as
    Playwright's has_text matches) and the moments it shows."""

    click: str
    shows: tuple[Shows, ...]


@dataclass(frozen=True)
class Case:
    """A position (docs/position.md, with scripted `dice`) and the clicks that make its
    moments happen; the screenshot shows the last click's first moment drawn, or the
    moment of `shot_kind`."""

    name: str
    what: str
    position: Mapping[str, Any] = field(hash=False)
    steps: tuple[Step, ...]
    shot_kind: str = ""

    def game(self) -> ic.Game:
        """The case's game before its first click."""
        return ic.Game.from_position({"seed": 1, **self.position})

    @property
    def shot(self) -> Shows | None:
        """The moment the screenshot waits for: the last click's first one drawn (None if
        the board draws none of them: the log tells them)."""
        return next((s for s in self.steps[-1].shows if s.board and
                     (s.kind == self.shot_kind or not self.shot_kind)), None)


def S(kind: str, place: str, *words: str, board: bool = True, gap: str = "",
      phone_gap: str = "", toast: bool = True) -> Shows:
    return Shows(kind, place, words, board, gap, phone_gap, toast)


def armed(cid: str, *items: str) -> dict[str, Any]:
    """A crewman in Storage A-1 carrying these objects."""
    return {cid: {"at": "store_a1", "carrying": list(items)}}


def facing(stage: int, known: list[str], crew: dict[str, Any], dice: list[int],
           more: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The First Interaction Phase in Storage A-1: these crewmen and a face-up Intruder (and
    `more` counters), the first die deciding whether it attacks."""
    return {"phase": "interaction1", "stage": stage, "known": known, "crew": crew,
            "counters": [INTRUDER_A1, *(more or [])], "dice": dice}


def tries(role: str, verb: str, place: str, failed: tuple[str, ...],
          done: tuple[str, ...]) -> tuple[Step, Step]:
    """The first of two crewmen of this role tries and fails, the second succeeds: each
    (kind, *words) at this place."""
    return (Step(f"{role} 1: {verb}", (S(failed[0], place, *failed[1:]),)),
            Step(f"{role} 2: {verb}", (S(done[0], place, *done[1:]),)))


INTRUDER_A1 = {"kind": "intruder", "at": "store_a1", "face_up": True}
FAR = {"kind": "intruder", "at": "dock2"}  # face down, far from the crew: the game goes on
STAGE3 = ["immune_gas", "very_fast", "immune_vacuum", "immune_shock"]
STAGE4 = [*STAGE3, "immune_cold"]
NO_SHOCK = ["immune_gas", "very_fast", "immune_vacuum", "immune_cold"]  # a Prod may work

CASES: tuple[Case, ...] = (
    Case("reveal", "ending Crew Movement beside a face-down Intruder: no metamorphosis, the "
         "reveal, two powers, no attack",
         {"phase": "crew_movement", "stage": 1, "unknown": 2, "known": [],
          "crew": {"so1": {"at": "store_a1", "mp": 0}},
          "counters": [{"kind": "intruder", "at": "store_a1"}], "dice": [4, 6, 3, 6, 1, 1]},
         (Step("End crew movement", (
             S("no_metamorphosis", "", "4: no metamorphosis", toast=False),  # (its die is)
             S("reveal", "store_a1", "Counter c1 is the Intruder"),
             S("power", "store_a1", "The Intruder gains Immune to Flame",
               "Flamethrowers do nothing to it", "Die 3 and 6: Immune to Flame"),
             S("power", "store_a1", "The Intruder gains Immune to Shock", "Die 1 and 1"),
             S("no_attack", "store_a1", "The Intruder does not attack",
               "Die 6: it does not attack"))),)),
    Case("attack", "a face-up Intruder attacks Science Officer 1, who survives",
         {"phase": "crew_movement", "stage": 1, "known": ["immune_gas", "very_fast"],
          "crew": {"so1": {"at": "store_a1", "mp": 0}}, "counters": [INTRUDER_A1],
          "dice": [4, 2, 5]},
         (Step("End crew movement", (
             S("attack_target", "store_a1", "The Intruder attacks Science Officer 1",
               "Die 2: it attacks"),
             S("attack_on_crew", "store_a1", "Science Officer 1 survives the attack",
               "Die 5: Science Officer 1 survives"))),)),
    Case("panic", "Command Officer 1 killed without Self Defense: a Panic (Lost Crewmen "
         "on), every crewman's flight, the counters placed and moved face down",
         {"phase": "interaction1", "stage": 3, "options": {"lost_crewmen": True},
          "known": ["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
          "crew": {"co1": {"at": "store_a1", "carrying": ["blaster1"]}, "en1": {"at": "lab"}},
          "counters": [INTRUDER_A1],
          "dice": [1, 1, 6, 6]},
         (Step("No Self Defense", (
             S("attack_on_crew", "store_a1",
               "Command Officer 1 is killed by the Intruder in Storage A-1",
               "Die 1: Command Officer 1 is killed"),
             S("panic", "command", "PANIC! The crew falls back to the Command Module"),
             S("lost_crewman", "store_a1", "Command Officer 2 runs off in blind panic and "
               "hides"),
             S("placed", "shaft1", "counters are shuffled face down and placed", board=False),
             S("random_move", "shaft2", "Counter c3 moves to Crew's Mess"))),),
         shot_kind="panic"),
    Case("crew-attack", "a Flamethrower against an Intruder immune to it: no effect",
         facing(5, ["immune_flame", "immune_gas", "very_fast", "immune_cold", "clone",
                    "fast_reflexes"], armed("co1", "flamethrower1"), [6, 2],
                [{"kind": "intruder", "at": "clones_pending"}] * 3),
         (Step("with flamethrower", (
             S("crew_attack", "store_a1", "No effect: Command Officer 1 uses the Flamethrower",
               "Die 2: no effect: the Intruder is immune to it"),)),)),
    Case("sleep", "a Sleep Dart puts the Intruder to sleep",
         facing(2, ["immune_gas", "very_fast", "clone"], armed("so1", "dart1"), [6, 1]),
         (Step("with dart", (
             S("sleep", "store_a1", "The Intruder falls asleep: Science Officer 1 uses the "
               "Sleep Dart Pistol", "Die 1: the Sleep Dart Pistol column"),)),)),
    Case("retreat", "Self Defense with a Blaster: the Intruder retreats",
         facing(3, STAGE3, armed("co1", "blaster1"), [1, 2]),
         (Step("Self Defense with blaster", (
             S("retreat", "store_a1", "The Intruder retreats: Command Officer 1 uses the "
               "Blaster", "Die 2: the Blaster column: the Intruder retreats"),)),)),
    Case("kill", "a Blaster kills the last Intruder: the crew wins, and why",
         facing(4, STAGE4, {**armed("co1", "blaster1"), **armed("co2")}, [6, 1]),
         (Step("with blaster", (
             S("crew_attack", "store_a1", "The Intruder is killed: Command Officer 1 uses "
               "the Blaster", "Die 1: the Blaster column: the Intruder is killed"),
             S("intruder_killed", "store_a1", "The Intruder is killed by Command Officer 1"),
             S("game_over", "", "The crew wins", "the score is positive"))),)),
    Case("cage", "a failed Cage, then a second crewman cages the Intruder",
         facing(1, ["immune_gas", "very_fast"], {**armed("co1", "cage1"), **armed("co2", "cage2")},
                [4, 3, 1]),
         tries("Command Officer", "cage", "store_a1",
               ("cage_failed", "The Intruder is not caged", "Die 3: it is not caged"),
               ("caged", "Command Officer 2 cages the Intruder", "Die 1: it is caged"))),
    Case("catch", "a Lab Animal gets away, then a second Science Officer catches it",
         {"phase": "interaction2", "crew": {"so1": {"at": "lab"}, "so2": {"at": "lab"}},
          "counters": [{"kind": "lab_animal", "at": "lab"}, FAR], "dice": [4, 1]},
         tries("Science Officer", "catch", "lab",
               ("catch_failed", "The Lab Animal gets away", "Die 4: the Lab Animal gets away"),
               ("caught", "Science Officer 2 catches the Lab Animal", "Die 1: caught"))),
    Case("prod", "a failed Electric Prod, then a second crewman gains control",
         facing(3, NO_SHOCK, {**armed("co1", "prod1"), **armed("co2", "prod2")}, [4, 6, 1]),
         tries("Command Officer", "prod", "store_a1",
               ("control_failed", "Command Officer 1 fails to gain control", "Die 6: no control"),
               ("control", "Command Officer 2 gains control of the Intruder",
                "Die 1: control gained"))),
    Case("metamorphosis", "the Intruder grows to Life Stage 3 and, with Clone known, a "
         "Clone joins",
         {"phase": "crew_movement", "stage": 2, "known": ["clone", "immune_gas", "very_fast"],
          "counters": [{"kind": "intruder", "at": "store_a1"}], "dice": [1]},
         (Step("End crew movement", (
             S("metamorphosis", "", "The Intruder grows to Life Stage 3",
               "a new unknown power", "Die 1: it grows to Life Stage 3"),
             S("clone", "", "A Clone joins the game", "Clones Not Yet in Play"))),)),
    Case("departure", "the last crewmen leave in Shuttle #1 with the countdown at 1: no "
         "stowaway, the station destroyed with everyone aboard, a draw, and why",
         {"phase": "interaction2", "self_destruct": 1,
          "crew": {c: {"at": "dock1"} for c in ("co1", "co2", "co3")},
          "counters": [{"kind": "intruder", "at": "store_c2"}], "dice": [6]},
         (Step("Leave in Shuttle #1: Command Officer 1, Command Officer 2, Command Officer 3", (
             S("departure", "dock1", "Shuttle #1 leaves the station with Command Officer 1",
               "no Intruder got aboard",
               "Die 6: no Intruder gets aboard against Stowaway Index 2"),
             S("self_destruct", "command", "Self-Destruct countdown: 0"),
             S("destroyed", "", "The station is destroyed",
               "everyone still aboard dies with it"),
             S("crew_killed", "lab", "Science Officer 1 is lost with the station"),
             S("game_over", "", "A draw", "the station was destroyed and 3 crewmen "
               "escaped"))),)),
    Case("stowaway", "Command Officer 1 leaves in Shuttle #1 and the Intruder gets aboard",
         {"phase": "interaction2", "self_destruct": 3, "stage": 3,
          "known": ["clone", "immune_gas", "immune_flame", "very_fast"],
          "crew": {"co1": {"at": "dock1"}, "co2": {"at": "dock2"}},
          "counters": [{"kind": "intruder", "at": "store_a1"},
                       {"kind": "intruder", "at": "frozen"}], "dice": [2, 4]},
         (Step("Leave in Shuttle #1", (
             S("departure", "dock1", "Shuttle #1 leaves the station with Command Officer 1",
               "the Intruder is aboard!",
               "Die 2: an Intruder gets aboard against Stowaway Index 2"),)),)),
    Case("freezer", "the Freezer turned on with the Intruder in it: frozen, the crew wins",
         {"phase": "interaction2", "stage": 3, "known": STAGE3,
          "crew": {"co1": {"at": "command"}}, "unlocked": ["freezer"],
          "counters": [{"kind": "intruder", "at": "freezer", "face_up": True}]},
         (Step("turn on the Freezer", (
             S("frozen", "freezer", "The Intruder is frozen"),
             S("game_over", "", "The crew wins", "the score is positive"))),)),
    Case("wake", "a caged Extra Strong Intruder wakes and breaks out of its Cage",
         {"phase": "interaction1", "stage": 3,
          "known": ["extra_strong", "immune_gas", "very_fast", "immune_vacuum"],
          "items": {"cage1": "store_a1"},
          "counters": [{"kind": "intruder", "at": "store_a1", "face_up": True,
                        "asleep": True, "caged": "cage1"}], "dice": [6]},
         (Step("End crew movement", (
             S("wake", "store_a1", "The Intruder in Storage A-1 wakes up"),
             S("break_out", "store_a1", "The Intruder breaks out of its Cage in Storage "
               "A-1"))),)),
    Case("airlock", "the Main Airlock opened on two face-down counters: the Intruder "
         "(Fast Reflexes) holds on and climbs back in, a Lab Animal is lost, a Dummy moves",
         {"phase": "interaction2", "stage": 1, "known": ["fast_reflexes", "immune_gas"],
          "unknown": 0, "crew": {"co1": {"at": "a2"}},
          "counters": [{"kind": "intruder", "at": "airlock"},
                       {"kind": "lab_animal", "at": "airlock"}, {"kind": "dummy", "at": "b1"}],
          "dice": [4, 4, 4, 4, 4]},
         (Step("open the Main Airlock", (
             S("airlock", "airlock", "Command Officer 1 opens the Main Airlock"),
             S("reveal", "airlock", "Counter c2 is a Lab Animal"),
             S("escaped", "airlock", "The Intruder grasps the edge and holds on",
               "it will climb back in next movement phase"),
             S("lost", "airlock", "A Lab Animal is swept into space"),
             S("counter_move", "a2", "The Intruder climbs back in from Main Airlock to "
               "Corridor A-2"),
             S("random_move", "b1", "Counter c3 moves to Storage B-1"))),)),
    Case("found", "an Interaction in Corridor B-2 finds Engineer 1, lost there",
         {"phase": "crew_movement", "options": {"lost_crewmen": True},
          "crew": {"co1": {"at": "b2", "mp": 0}, "en1": {"status": "lost", "at": "b2"}},
          "counters": [FAR], "dice": [6]},
         (Step("End crew movement", (
             S("found", "b2", "Counter c2 in Corridor B-2 is Engineer 1, found hiding"),)),)),
    Case("inventory", "a Science Officer inventories a Not Used counter",
         {"phase": "interaction2", "crew": {"so1": {"at": "computer"}},
          "unlocked": ["computer"], "not_used": ["dummy", "lab_animal"], "counters": [FAR]},
         (Step("inventory counter n1", (
             S("inventory", "", "Science Officer 1 finds that counter n1 in the Not Used "
               "box is a Dummy", board=False),)),)),
    Case("random-move", "a face-down Lab Animal and Dummy move at random: the crew is told "
         "their tokens only",
         {"phase": "interaction2", "stage": 1, "known": ["immune_gas", "very_fast"],
          "crew": {"co1": {"at": "command"}},
          "counters": [{"kind": "lab_animal", "at": "shaft1"},
                       {"kind": "dummy", "at": "store_a1"}, FAR], "dice": [4, 1, 1, 1, 1]},
         (Step("End actions", (
             S("random_move", "shaft1", "Counter c1 moves to Corridor A-2"),
             S("random_move", "store_a1", "Counter c2 moves to Command Module"),
             S("reveal", "command", "Counter c2 is a Dummy", "a Dummy leaves the game"))),)),
    Case("self-destruct", "the Self-Destruct countdown goes from 5 to 4",
         {"phase": "interaction2", "self_destruct": 5, "crew": {"co1": {"at": "command"}},
          "counters": [FAR], "dice": [6, 6, 6, 6]},
         (Step("End actions", (
             S("self_destruct", "command", "Self-Destruct countdown: 4",
               "the station is destroyed at 0"),)),)),
)


def clicked(g: ic.Game, text: str) -> ic.Action:
    """The one legal action whose label holds `text` (any case, as Playwright's has_text);
    ValueError if none or several do."""
    hits = [a for a in g.legal_actions() if text.lower() in a.label.lower()]
    if len(hits) != 1:
        raise ValueError(f"{text!r} names {len(hits)} of the legal actions "
                         f"{[a.label for a in g.legal_actions()]}")
    return hits[0]


def walk(case: Case) -> Iterator[tuple[Step, list[dict[str, Any]], Any, ic.Game]]:
    """The case played on the engine: each click, its events, the crew's view before it
    (the page tells the moments with the view it showed) and the game after it, a step
    where no crewman can act passed as the page passes it (R68)."""
    g = case.game()
    for step in case.steps:
        before = g.view("crew")
        played, _passed = session.play(g, clicked(g, step.click))
        yield step, [e.to_dict() for e in played], before, g


def secrets(g: ic.Game) -> tuple[str, ...]:
    """What the crew may not read after this point (hidden information): for each counter
    face down on the station, its kind named beside its token ("Counter c3 (", "Counter c3
    is"), and the names of the kinds face down there that the crew sees nowhere face up
    (the Intruder is named everywhere: that word alone tells nothing)."""
    view = g.view("crew")
    seen = {str(c["kind"]) for c in view["counters"] if c.get("kind")}
    down = [c for c in g.to_dict()["counters"]
            if not c["face_up"] and c["token"] and c["at"] in NAMES]
    kinds = {KIND_NAMES[str(c["kind"])] for c in down
             if c["kind"] in ("lab_animal", "dummy") and c["kind"] not in seen}
    tokens = [f"Counter {t} {tail}" for t in sorted(str(c["token"]) for c in down)
              for tail in ("(", "is")]
    return (*sorted(kinds), *tokens)


def case(name: str) -> Case:
    """The case of this name (KeyError naming the known ones otherwise)."""
    for c in CASES:
        if c.name == name:
            return c
    raise KeyError(f"no case {name!r}; there are {', '.join(c.name for c in CASES)}")


# --- on the page (e2e/test_moments.py, e2e/screenshots.py) ---------------------------------


def digest(game: ic.Game) -> str:
    """The page's body[data-state-sha] for this game (session.state_digest)."""
    return hashlib.sha256(game.to_json().encode()).hexdigest()


def click_on_page(page: Any, step: Step, after: ic.Game) -> None:
    """Click the step's action button and wait until the page's game is `after` (the
    engine's game once the step is applied)."""
    page.locator("#actions button[data-action]", has_text=step.click).first.click()
    page.wait_for_function("s => document.body.dataset.stateSha === s", arg=digest(after))
