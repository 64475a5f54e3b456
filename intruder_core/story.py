"""Outcomes in words: one action's events (the dicts `Game.apply` returns, or a slice of the
log) told as typed moments, each with its place, its dice and what each die decided, the
outcome first. The one home of these words: the page's toast, banner, board moments and
hand-over summary read them here. Derived from the events alone (plus the watching side's
own view for names and places), so saves and digests are untouched, and a side is never
told what its view does not hold (docs/api.md, "Moments")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TypedDict, cast

from .charts import LIFE_STAGES, OBJECTS, POWER_EFFECTS, POWER_NAMES, ROLES, Stage, crt_column
from .event_types import TYPES, EventData
from .names import KIND_NAMES
from .station import COMPARTMENTS, NAMES, SHUTTLE_DOCK
from .variants import chart

# A view as the story reads it (view.View, or the page's copy of one): looked into with
# `.get`, every part checked, so a view from anywhere will do.
ViewLike = Mapping[str, object]

# Every kind of moment, in the vocabulary docs/api.md lists.
KINDS: Final = (
    "random_move", "counter_move", "reveal", "power", "no_attack", "attack_target",
    "attack_on_crew", "crew_attack", "sleep", "retreat", "crew_killed", "intruder_killed",
    "cage_failed", "caged", "catch_failed", "caught", "control_failed", "control",
    "metamorphosis", "no_metamorphosis", "clone", "panic", "placed", "self_destruct",
    "departure", "destroyed", "game_over", "frozen", "break_out", "wake", "airlock",
    "escaped", "lost", "found", "lost_crewman", "released", "inventory",
)
# Moments that concern each side: computer turns pause on them until they have played.
CONCERNS: Final[dict[str, frozenset[str]]] = {
    "crew": frozenset({"reveal", "attack_target", "attack_on_crew", "crew_killed", "power",
                       "metamorphosis", "panic", "departure", "destroyed", "game_over",
                       "escaped", "break_out", "lost_crewman"}),
    "intruder": frozenset({"crew_attack", "sleep", "retreat", "intruder_killed", "caged",
                           "control", "frozen", "attack_on_crew", "crew_killed",
                           "departure", "destroyed", "game_over", "escaped"}),
}
OUTCOME_WORDS: Final = {"win": "The crew wins", "loss": "The crew loses", "draw": "A draw"}
WINNER_WORDS: Final = {"crew": "The crew player wins", "intruder": "The Intruder wins",
                       "command": "The Command player wins",
                       "science": "The Science player wins"}
EFFECT_WORDS: Final = {"K": "the Intruder is killed", "S": "the Intruder falls asleep",
                       "IR": "the Intruder retreats", "CK": "the crewman under attack is killed"}
COLUMN_NAMES: Final = {"blaster_resistant": "Blaster*", "improvised": "Improvised",
                       **{k: OBJECTS[k][0] for k in ("dart", "blaster", "gas", "flamethrower")}}


@dataclass(frozen=True)
class Die:
    """One roll (or a pair: the powers' 2d6) and what it decided."""

    values: tuple[int, ...]
    decides: str

    def __str__(self) -> str:
        return f"{' and '.join(str(v) for v in self.values)}: {self.decides}"


@dataclass(frozen=True)
class Moment:
    """Something a player must notice: its kind, the outcome in words, where (compartment
    ids; a counter's path for a random movement), the dice, and who and what it concerns."""

    kind: str
    words: str
    places: tuple[str, ...] = ()
    dice: tuple[Die, ...] = ()
    token: str = ""
    crew: tuple[str, ...] = ()
    rule: str = ""
    detail: str = ""  # a second line: what a power does, why a result is what it is
    event: str = ""   # the type of the event that told it (the toast's headline kinds)
    revealed: str = ""  # a reveal's kind: "intruder", "lab_animal" or "dummy"
    stage: int = 0      # the Life Stage a metamorphosis grows to
    tokens: tuple[str, ...] = ()  # the Intruders a metamorphosis grows, as this side knows them

    def text(self) -> str:
        """The outcome, then what it means, then the dice: one line for a toast."""
        out = self.words + (f": {self.detail}" if self.detail else "")
        if self.dice:
            out += " (" + "; ".join(str(d) for d in self.dice) + ")"
        return out

    def to_dict(self) -> MomentData:
        """JSON-ready (the page's moment player reads these)."""
        return {"kind": self.kind, "words": self.words, "detail": self.detail,
                "places": list(self.places), "dice": [str(d) for d in self.dice],
                "token": self.token, "crew": list(self.crew), "rule": self.rule,
                "event": self.event, "revealed": self.revealed, "stage": self.stage,
                "tokens": list(self.tokens)}


class MomentData(TypedDict):
    """A moment as the page receives it (Moment.to_dict): the dice as their words."""

    kind: str
    words: str
    detail: str
    places: list[str]
    dice: list[str]
    token: str
    crew: list[str]
    rule: str
    event: str
    revealed: str
    stage: int
    tokens: list[str]


@dataclass
class _Teller:
    """The state of one telling: dice waiting for what they decide, the current place."""

    side: str
    names: dict[str, str]          # crewman name -> id (the view's roster)
    where: dict[str, str]          # crewman id -> compartment (the view after the events)
    before: dict[str, str]         # crewman id -> compartment before (for Panic flights)
    kinds: dict[str, str]          # token -> kind: only what this side's view shows face down
    known: list[str]
    intruders: dict[str, str]      # token -> where: the Intruders this side knows, as they move
    chart: Mapping[int, Stage]     # the game's Life Stage Chart (its options' difficulty)
    at: str = ""
    event: str = ""                # the type of the event being told
    out: list[Moment] = field(default_factory=list)
    rolls: list[EventData] = field(default_factory=list)  # not yet decided
    power_dice: list[Die] = field(default_factory=list)
    attack_die: Die | None = None  # whether the Intruder attacks
    target_dice: list[Die] = field(default_factory=list)
    shaken: int | None = None      # the raised die of a crew attack (R5)
    immune: bool = False           # the Intruder is immune to the weapon just fired
    killed: set[str] = field(default_factory=set)  # by the Intruder: Panic draws no flight

    def add(self, kind: str, words: str, places: Sequence[str] = (), dice: Sequence[Die] = (),
            token: str = "", crew: tuple[str, ...] = (), rule: str = "", detail: str = "",
            revealed: str = "") -> None:
        places = tuple(p for p in places if p)
        self.out.append(Moment(kind, words, places or ((self.at,) if self.at else ()),
                               tuple(dice), token=token, crew=crew, rule=rule, detail=detail,
                               event=self.event, revealed=revealed))

    def take(self, key: str, crew: str | None = None, weapon: str | None = None
             ) -> EventData | None:
        """The latest undecided roll of this roll key (event_types.ROLLS), for this crewman
        and weapon when given (removed)."""
        for n in range(len(self.rolls) - 1, -1, -1):
            r = self.rolls[n]
            if r.get("roll") == key and crew in (None, r.get("crew")) \
                    and weapon in (None, r.get("weapon")):
                return self.rolls.pop(n)
        return None

    def place_of(self, cid: str) -> str:
        return self.where.get(cid, "") or self.at

    def name(self, cid: str) -> str:
        """A crewman's name: from the view, else from his id (co1 -> Command Officer 1)."""
        found = next((n for n, i in self.names.items() if i == cid), "")
        return found or crew_name(cid)


_ROLE_OF: Final = {"co": "command", "so": "science", "en": "engineer"}
Handler = Callable[["_Teller", EventData], None]  # tells one event


def crew_name(cid: str) -> str:
    """A crewman's name from his id, as the engine names him (state.crew_name)."""
    role = _ROLE_OF.get(cid[:2])
    return f"{ROLES[role]} {cid[-1]}" if role else cid


def _die(roll: EventData | None, decides: str) -> list[Die]:
    return [] if roll is None else [Die((int(roll.get("die", 0)),), decides)]


def _part(view: ViewLike | None, key: str) -> ViewLike:
    """A part of a view that is an object ({} when it is missing)."""
    value = (view or {}).get(key)
    return cast(ViewLike, value) if isinstance(value, Mapping) else {}


def _rows(view: ViewLike | None, key: str) -> list[ViewLike]:
    """A part of a view that is a list of objects (its crew, its counters)."""
    value = (view or {}).get(key)
    return [cast(ViewLike, v) for v in value if isinstance(v, Mapping)] \
        if isinstance(value, list) else []


def _roster(view: ViewLike | None) -> tuple[dict[str, str], dict[str, str]]:
    """Crewman name -> id, and id -> where he is (active crewmen only)."""
    names: dict[str, str] = {}
    where: dict[str, str] = {}
    for c in _rows(view, "crew"):
        names[str(c.get("name", c["id"]))] = str(c["id"])
        if c.get("status", "active") == "active":
            where[str(c["id"])] = str(c.get("at") or "")
    return names, where


def moments(events: Iterable[Mapping[str, object]], side: str = "crew",
            view: ViewLike | None = None, before: ViewLike | None = None) -> list[Moment]:
    """The moments of these events as `side` may see them. `view` is that side's view after
    the events (names, places, known powers; the Intruder player's view adds the kinds of
    face-down counters, which only he is told); `before`, the view before them, draws each
    crewman's Panic flight and holds the Intruders a metamorphosis grows where they are."""
    names, where = _roster(view)
    kinds: dict[str, str] = {}
    if side == "intruder":  # he may examine every counter (The Intelligent Intruder)
        kinds = {str(t["token"]): str(t["kind"]) for t in _rows(view, "counters")
                 if t.get("kind") and t.get("token")}
    known = _part(view, "powers").get("known")
    kept = _part(view, "bookkeeping")
    t = _Teller(side, names, where, _roster(before)[1], kinds,
                [str(k) for k in known] if isinstance(known, list) else [],
                _intruders(before, side), _chart(kept.get("options")),
                str(_part(kept, "sub").get("at") or ""))
    # the engine's events (Event.to_dict), each a dict of its own
    evs = [cast(EventData, dict(e)) for e in events]
    n = 0
    while n < len(evs):
        n = _tell(t, evs, n)
    return t.out


def _intruders(view: ViewLike | None, side: str) -> dict[str, str]:
    """Token -> where, for the Intruders this side's view shows: face up, and to the Intruder
    player also face down (he knows what his counters are)."""
    return {str(c["token"]): str(c.get("at") or "") for c in _rows(view, "counters")
            if c.get("kind") == "intruder" and c.get("token")
            and (c.get("face_up") or side == "intruder")}


def _chart(options: object) -> Mapping[int, Stage]:
    """The game's Life Stage Chart (a difficulty may change it), else the rulebook's."""
    try:
        return chart(dict(options) if isinstance(options, Mapping) else {})
    except (TypeError, ValueError):
        return LIFE_STAGES


def spans(values: Iterable[int]) -> str:
    """Die numbers as the chart prints them: [1, 2, 3] -> "1-3", [1] -> "1", [] -> "never"."""
    nums = sorted(values)
    if not nums:
        return "never"
    if len(nums) > 1 and nums == list(range(nums[0], nums[-1] + 1)):
        return f"{nums[0]}-{nums[-1]}"
    return ", ".join(str(n) for n in nums)


def stage_words(stage: int, row: Stage) -> str:
    """What a Life Stage means at the table, from its chart row: "Life Stage 3: attacks on
    1-3, kills on 1-4, crew may kill"."""
    kill = "crew may kill" if row.humans_may_kill else "crew may kill only in Self Defense"
    return f"Life Stage {stage}: attacks on {spans(row.attack)}, kills on {spans(row.kill)}, {kill}"


def _tell(t: _Teller, evs: list[EventData], n: int) -> int:
    """Tell the event at `n` (and those it gathers); return the index of the next one."""
    ev = evs[n]
    kind = str(ev.get("type", ""))
    if kind == "roll":
        key = ev.get("roll")
        if key == "random_movement":
            return _random_move(t, evs, n, str(ev.get("token", "")), str(ev.get("at", "")))
        t.rolls.append(ev)
        t.event = "roll"
        if key == "metamorphosis" and not (n + 1 < len(evs) and
                                           evs[n + 1].get("type") == "metamorphosis"):
            t.rolls.pop()
            t.add("no_metamorphosis", "No metamorphosis",
                  (), _die(ev, "no metamorphosis"), rule=str(ev.get("rule", "")))
        return n + 1
    handler = _HANDLERS.get(kind)
    t.event = kind
    if handler is not None:
        handler(t, ev)
    return n + 1


def _random_move(t: _Teller, evs: list[EventData], n: int, token: str, start: str) -> int:
    """One counter's random movement: its rolls (two if Very Fast) and the moves they made."""
    path = [start]
    dice: list[Die] = []
    while n < len(evs) and evs[n].get("type") == "roll":
        if evs[n].get("roll") != "random_movement" or evs[n].get("token") != token:
            break
        die = int(evs[n].get("die", 0))
        n += 1
        if n < len(evs) and evs[n].get("type") == "move" and evs[n].get("token") == token:
            to = str(evs[n].get("to", ""))
            path.append(to)
            dice.append(Die((die,), f"to {NAMES.get(to, to)}"))
            n += 1
        else:
            here = path[-1]
            dice.append(Die((die,), f"no way out on {die}: it stays in {NAMES.get(here, here)}"))
    who = _counter(t, token)
    if token in t.intruders:
        t.intruders[token] = path[-1]
    if len(path) > 1:
        words = f"{who} moves to {NAMES.get(path[-1], path[-1])}"
    else:
        words = f"{who} stays in {NAMES.get(start, start)}"
    t.event = "move"
    t.add("random_move", words, path, dice, token=token, rule="Random Movement System")
    return n


def _counter(t: _Teller, token: str) -> str:
    """A counter in words as this side knows it: by token, with its kind only if his view
    shows it (the Intruder player's)."""
    kind = t.kinds.get(token)
    return f"Counter {token}" + (f" ({KIND_NAMES.get(kind, kind)})" if kind else "")


def _rule(ev: EventData) -> str:
    return str(ev.get("rule", ""))


def _interaction(t: _Teller, ev: EventData) -> None:
    t.at = str(ev.get("at") or t.at)


def _phase(t: _Teller, ev: EventData) -> None:
    t.at = ""  # a new phase: no Interaction under way


def _move(t: _Teller, ev: EventData) -> None:
    if "token" in ev:  # the Intelligent Intruder's move, or Fast Reflexes climbing back
        to = str(ev["to"])
        if str(ev["token"]) in t.intruders:
            t.intruders[str(ev["token"])] = to
        t.add("counter_move", str(ev.get("text", "")), (to,), token=str(ev["token"]),
              rule=_rule(ev))


def _reveal(t: _Teller, ev: EventData) -> None:
    at = str(ev.get("at") or t.at)
    t.at = at
    kind = str(ev.get("kind", ""))
    what = {"intruder": "the Intruder", "lab_animal": "a Lab Animal"}.get(kind, "a Dummy")
    if kind == "intruder":
        t.intruders[str(ev.get("token"))] = at
    t.add("reveal", f"Counter {ev.get('token')} is {what}", (at,), token=str(ev.get("token")),
          rule=_rule(ev), detail="a Dummy leaves the game" if kind == "dummy" else "",
          revealed=kind if kind in ("intruder", "lab_animal") else "dummy")


def _power_reroll(t: _Teller, ev: EventData) -> None:
    pair = _pair(t)
    power = str(ev.get("power", ""))
    name = POWER_NAMES.get(power, power)
    t.power_dice.append(Die(pair, f"{name}, already known: roll again"))


def _pair(t: _Teller) -> tuple[int, ...]:
    second = t.take("power_second")
    first = t.take("power_first")
    return tuple(int(r.get("die", 0)) for r in (first, second) if r is not None)


def _power(t: _Teller, ev: EventData) -> None:
    power = str(ev.get("power", ""))
    name = POWER_NAMES.get(power, power)
    dice = [*t.power_dice, Die(_pair(t), name)]
    t.power_dice = []
    t.add("power", f"The Intruder gains {name}", (), [d for d in dice if d.values],
          rule=_rule(ev), detail=POWER_EFFECTS.get(power, ""))


def _attack_decided(t: _Teller, attacks: bool) -> list[Die]:
    roll = t.take("attacks")
    return _die(roll, "it attacks" if attacks else "it does not attack")


def _no_attack(t: _Teller, ev: EventData) -> None:
    t.add("no_attack", TYPES["no_attack"].words, (), _attack_decided(t, False),
          rule=_rule(ev))


def _asleep(t: _Teller, ev: EventData) -> None:
    t.add("no_attack", "The Intruder is asleep: it does not attack", (), rule=_rule(ev))


def _reroll(t: _Teller, ev: EventData) -> None:
    roll = t.take("target")
    t.target_dice += _die(roll, "no crewman has that number: roll again")


def _attack_target(t: _Teller, ev: EventData) -> None:
    cid = str(ev.get("crew", ""))
    name = t.name(cid)
    dice = _attack_decided(t, True) + t.target_dice + \
        _die(t.take("target"), f"it goes for {name}")
    t.target_dice = []
    t.add("attack_target", f"The Intruder attacks {name}", (t.place_of(cid),), dice,
          token=str(ev.get("token", "")), crew=(cid,), rule=_rule(ev))


def _survived(t: _Teller, ev: EventData) -> None:
    cid = str(ev.get("crew", ""))
    name = t.name(cid)
    dice = _die(t.take("kill", crew=cid), f"{name} survives")
    t.add("attack_on_crew", f"{name} survives the attack", (t.place_of(cid),), dice,
          crew=(cid,), rule=_rule(ev))


def _crew_killed(t: _Teller, ev: EventData) -> None:
    cid = str(ev.get("crew", ""))
    name = t.name(cid)
    at = str(ev.get("at") or t.at)
    roll = t.take("kill", crew=cid)
    kind = "attack_on_crew" if roll is not None else "crew_killed"
    if ev.get("by_intruder"):
        t.killed.add(cid)
    text = str(ev.get("text", f"{name} is killed"))
    t.add(kind, text, (at,), _die(roll, f"{name} is killed"), crew=(cid,), rule=_rule(ev))


def _crew_attack(t: _Teller, ev: EventData) -> None:
    cid = str(ev.get("crew", ""))
    name = t.name(cid)
    weapon = str(ev.get("weapon", ""))
    effects = [str(e) for e in ev.get("effects", [])]
    column = crt_column(weapon, t.known)
    col = COLUMN_NAMES.get(column, column)
    outcome = ", ".join(EFFECT_WORDS.get(e, e) for e in effects) or "no effect"
    roll = t.take("crew_attack", crew=cid, weapon=weapon)
    dice: list[Die] = []
    if roll is not None:
        decides = f"the {col} column: {outcome}"
        if t.shaken is not None:
            decides = f"+1 for the crewman killed here makes {t.shaken}; " + decides
        if t.immune:
            decides = f"{outcome}: the Intruder is immune to it"
        dice.append(Die((int(roll.get("die", 0)),), decides))
    t.shaken, t.immune = None, False
    weapon_name = "improvised weapons" if weapon == "improvised" else \
        f"the {OBJECTS[weapon][0]}" if weapon in OBJECTS else weapon
    kind = "sleep" if "S" in effects else "retreat" if "IR" in effects else "crew_attack"
    words = f"{outcome[:1].upper()}{outcome[1:]}: {name} uses {weapon_name}"
    t.add(kind, words, (t.place_of(cid),), dice, crew=(cid,), rule=_rule(ev))


def _shaken(t: _Teller, ev: EventData) -> None:
    t.shaken = int(ev.get("die", 0))


def _immune(t: _Teller, ev: EventData) -> None:
    t.immune = True


def _attempt(kind: str, key: str, decides: str) -> Handler:
    """A crewman's roll (roll key `key`) for a cage, a catch or a prod: outcome first, the
    die after; the crewman is the roll's."""
    def tell(t: _Teller, ev: EventData) -> None:
        roll = t.take(key)
        cid = str(roll.get("crew", "")) if roll is not None else str(ev.get("crew", ""))
        text = str(ev.get("text", ""))
        t.add(kind, text, (t.place_of(cid),), _die(roll, decides or text[:1].lower() + text[1:]),
              crew=(cid,) if cid else (), rule=_rule(ev))
    return tell


def _metamorphosis(t: _Teller, ev: EventData) -> None:
    """The Intruder grows: at the places of the Intruders this side knows (none for the
    crew while it is face down; never the Interaction's place: a phase of its own), with
    what the new stage means from the chart."""
    stage = int(ev.get("stage") or 0)
    dice = _die(t.take("metamorphosis"), f"it grows to Life Stage {stage}")
    row = t.chart.get(stage)
    means = stage_words(stage, row) + "; " if row is not None else ""
    grown = {tok: at for tok, at in t.intruders.items() if at in COMPARTMENTS}
    t.out.append(Moment("metamorphosis", f"The Intruder grows to Life Stage {stage}",
                        tuple(dict.fromkeys(grown.values())), tuple(dice), rule=_rule(ev),
                        detail=f"{means}a new unknown power", event="metamorphosis",
                        stage=stage, tokens=tuple(grown)))


def _text(kind: str, detail: str = "", place: str = "") -> Handler:
    """An event whose text already says the outcome; at its `at`, else at `place` (where the
    rules have it happen)."""
    def tell(t: _Teller, ev: EventData) -> None:
        at = str(ev.get("at") or place)
        if kind == "airlock":
            t.at = at
        cid = str(ev.get("crew") or "")
        token = str(ev.get("token") or "")
        if kind in ("intruder_killed", "frozen", "escaped"):
            t.intruders.pop(token, None)
        t.add(kind, str(ev.get("text", kind)), (at,) if at else (), crew=(cid,) if cid else (),
              token=token, rule=_rule(ev), detail=detail)
    return tell


def _destroyed(t: _Teller, ev: EventData) -> None:
    t.at = ""  # the whole station: no one place
    _text("destroyed", "everyone still aboard dies with it")(t, ev)


def _clone(t: _Teller, ev: EventData) -> None:
    t.out.append(Moment("clone", "A Clone joins the game", (), (), rule=_rule(ev),
                        detail="it waits in the Clones Not Yet in Play box for the next Panic",
                        event="clone"))


def _panic(t: _Teller, ev: EventData) -> None:
    fled = tuple(cid for cid, at in t.before.items()
                 if at in COMPARTMENTS and at != "command" and cid not in t.killed)
    places = (*(t.before[c] for c in fled), "command")
    t.out.append(Moment("panic", TYPES["panic"].words, places,
                        (), crew=fled, rule=_rule(ev), event="panic"))


def _placed(t: _Teller, ev: EventData) -> None:
    where = tuple(dict.fromkeys(str(p[1]) for p in ev.get("placed", [])))
    t.out.append(Moment("placed", str(ev.get("text", "")), where, (), rule=_rule(ev),
                        event="placed"))


def _self_destruct(t: _Teller, ev: EventData) -> None:
    box = ev.get("box")
    words = f"Self-Destruct countdown: {box}" if box is not None else str(ev.get("text", ""))
    detail = "the station is destroyed at 0" if box else ""
    t.out.append(Moment("self_destruct", words, ("command",), (), rule=_rule(ev),
                        detail=detail, event="self_destruct"))


def _sd_stopped(t: _Teller, ev: EventData) -> None:
    t.out.append(Moment("self_destruct", str(ev.get("text", "")), ("command",), (),
                        rule=_rule(ev), event="self_destruct_stopped"))


def _departure(t: _Teller, ev: EventData) -> None:
    shuttle = str(ev.get("shuttle", ""))
    crew = tuple(str(c) for c in ev.get("crew", []))
    t.out.append(Moment("departure", str(ev.get("text", "")),
                        (SHUTTLE_DOCK.get(shuttle, ""), shuttle), (), crew=crew,
                        rule=_rule(ev), event="departure"))


def _stowaway(t: _Teller, ev: EventData, aboard: bool) -> None:
    roll = t.take("stowaway")
    which = t.take("stowaway_which")
    index = roll.get("index") if roll is not None else None
    against = f" against Stowaway Index {index}" if index is not None else ""
    verdict = "an Intruder gets aboard" if aboard else "no Intruder gets aboard"
    dice = _die(roll, f"{verdict}{against}")
    dice += _die(which, "this Intruder")
    outcome = "The Intruder is aboard!" if aboard else TYPES["no_stowaway"].words
    last = t.out[-1] if t.out and t.out[-1].kind == "departure" else None
    if last is None:
        t.add("departure", outcome, (), dice, rule=_rule(ev))
        return
    t.out[-1] = Moment("departure", f"{last.words}: {outcome[:1].lower()}{outcome[1:]}",
                       last.places, tuple(dice), token=str(ev.get("token") or ""),
                       crew=last.crew, rule=last.rule, event="departure")


def _game_over(t: _Teller, ev: EventData) -> None:
    outcome = str(ev.get("outcome", ""))
    winner = ev.get("winner")
    title = WINNER_WORDS.get(str(winner), "") if winner else ""
    title = title or OUTCOME_WORDS.get(outcome, "Game over")
    reason = str(ev.get("reason") or "")
    score = ev.get("score")
    detail = reason + (f" (final score {int(score):+d})" if isinstance(score, int) else "")
    t.out.append(Moment("game_over", title, (), (), rule=_rule(ev), detail=detail,
                        event="game_over"))


_HANDLERS: Final[dict[str, Handler]] = {
    "interaction": _interaction, "phase": _phase, "move": _move, "reveal": _reveal,
    "power_reroll": _power_reroll, "power": _power, "no_attack": _no_attack,
    "asleep": _asleep, "reroll": _reroll, "attack_target": _attack_target,
    "survived": _survived, "crew_killed": _crew_killed, "attack": _crew_attack,
    "shaken": _shaken, "immune": _immune,
    "cage_failed": _attempt("cage_failed", "cage", "it is not caged"),
    "caged": _attempt("caged", "cage", "it is caged"),
    "not_caught": _attempt("catch_failed", "catch", "the Lab Animal gets away"),
    "caught": _attempt("caught", "catch", "caught"),
    "no_control": _attempt("control_failed", "prod", "no control"),
    "control": _attempt("control", "prod", "control gained"),
    "metamorphosis": _metamorphosis, "clone": _clone, "panic": _panic, "placed": _placed,
    "self_destruct": _self_destruct, "self_destruct_stopped": _sd_stopped,
    "departure": _departure,
    "no_stowaway": lambda t, ev: _stowaway(t, ev, False),
    "stowaway": lambda t, ev: _stowaway(t, ev, True),
    "destroyed": _destroyed,
    "game_over": _game_over,
    "intruder_killed": _text("intruder_killed"),
    "frozen": _text("frozen", place="freezer"),  # frozen in the Freezer
    "break_out": _text("break_out"), "wake": _text("wake"), "airlock": _text("airlock"),
    "holds_on": _text("escaped", "it will climb back in next movement phase"),
    "escaped": _text("escaped"), "lost": _text("lost"), "found": _text("found"),
    "lost_crewman": _text("lost_crewman"), "released": _text("released"),
    "inventory": _text("inventory"),
}


def concerns(m: Moment, side: str) -> bool:
    """Whether a moment is one `side` must see before a computer turn goes on."""
    return m.kind in CONCERNS["intruder" if side == "intruder" else "crew"]


def headline(ms: Sequence[Moment]) -> str:
    """One line leading with the outcomes (the weightiest first), then their dice."""
    told = [m for m in ms if m.kind not in ("random_move", "placed", "no_metamorphosis")]
    moved = [m for m in ms if m.kind == "random_move" and len(m.places) > 1]
    parts = [m.text() for m in told]
    if moved:
        parts.append("; ".join(m.text() for m in moved))
    return ". ".join(parts)


def since(ms: Sequence[Moment]) -> str:
    """The hand-over's opening: what happened since this side last acted, outcomes only."""
    told = [m.words for m in ms if m.kind not in ("random_move", "placed",
                                                   "no_metamorphosis", "counter_move")]
    moved = sum(1 for m in ms if m.kind in ("random_move", "counter_move")
                and len(m.places) > 1)
    if moved:
        told.append(f"{moved} counter move{'s' if moved != 1 else ''}")
    return "Since your last turn: " + ("; ".join(told) if told else "nothing happened") + "."
