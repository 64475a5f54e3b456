"""The words a player reads that more than one part of the game shows: the kinds of counter,
a counter's state, what a Crew Movement action costs, and why an action a player may expect
for a crewman is not offered. Read from the crew view (view.View) and the legal actions, with
the costs taken from the rules' own code, so the page restates no rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final, NamedTuple

from .charts import IMMUNITY, OBJECTS, POWER_NAMES, WEAPONS
from .combat import MAX_ATTACKS
from .crew_movement import MP_PER_TURN, PICKUP_MP
from .errors import IllegalAction
from .names import KIND_NAMES
from .station import ADJACENT, SHAFTS, entry_cost, name
from .view import CounterView, CrewView, View, ViewIndex

KIND_SHORT: Final[dict[str, str]] = {"intruder": "INT", "lab_animal": "LAB", "dummy": "DUM"}


def kind_name(kind: object, default: str = "Counter") -> str:
    """A counter kind in words ("lab_animal" -> "Lab Animal")."""
    return KIND_NAMES.get(str(kind), default)


def counter_states(c: CounterView, stage: int | None,
                   crew_name: Callable[[str], str]) -> list[str]:
    """What a face-up counter's state is, in words: its Life Stage (an Intruder), asleep,
    caged, controlled or held by a crewman (named by `crew_name`)."""
    states = []
    if c.get("kind") == "intruder" and stage:
        states.append(f"Life Stage {stage}")
    if c.get("asleep"):
        states.append("asleep")
    if c.get("caged"):
        states.append("caged")
    driver, holder = c.get("controlled_by"), c.get("held_by")
    if driver:
        states.append(f"controlled by {crew_name(driver)}")
    if holder:
        states.append(f"held by {crew_name(holder)}")
    return states


def entry_words(place: str) -> str:
    """A shaft's note on the plan ("entry 2 MP"); "" for a compartment entered for one."""
    return f"entry {entry_cost(place)} MP" if place in SHAFTS else ""


def _paid(view: View, who: object) -> bool:
    """Whether he paid his pick-up point this turn (ruling R27)."""
    bk = view.get("bookkeeping")
    return bk is not None and who in (bk.get("paid_pickup") or [])


def _step(view: View) -> object:
    return (view.get("decision") or {}).get("step")


def action_cost(view: View, data: Mapping[str, object]) -> str:
    """What a Crew Movement action costs, for its button (" (1 MP)", " (free)", ...): the
    first pick-up a point and the rest free until he moves (ruling R27); unlocking and
    dropping free (ruling R12, Drop an Object); constructing all his points."""
    if _step(view) != "move":
        return ""
    kind = data.get("type")
    if kind == "pick_up":
        return " (free: already paid)" if _paid(view, data.get("crew")) \
            else f" ({PICKUP_MP} MP)"  # and cost_hints says why
    if kind in ("unlock", "drop"):
        return " (free)"
    if kind == "construct":
        return f" (all {MP_PER_TURN} MP)"
    return ""


Row = tuple[int, Mapping[str, object], str, str]  # (index, action dict, label, rule)


def cost_hints(view: View, who: str, rows: Iterable[Row]) -> list[str]:
    """What a cost on his buttons means, said once rather than on every button: the first
    pick-up a point, then the rest free until he moves (ruling R27)."""
    picks = [r for r in rows if r[1].get("type") == "pick_up" and r[1].get("crew") == who]
    if picks and not _paid(view, who) and _step(view) == "move":
        return [f"Pick-ups: {PICKUP_MP} MP for the first, more pick-ups free until he moves "
                "(ruling R27)."]
    return []


class Hint(NamedTuple):
    """Why an expected action is not offered: the refusal's words and the rule it cites."""

    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


WhyIllegal = Callable[[dict[str, object]], IllegalAction | None]  # e.g. Game.why_illegal
# A probe: the kind of action in words ("pick-up"), what it is of or to ("the Dart 1"; ""
# for an action of another phase), and the action to ask the engine about.
Probe = tuple[str, str, dict[str, object]]
PREPOSITION: Final = {"pick-up": "of", "move": "to", "attack": "on", "catch": "of",
                      "cage": "of"}
NOBODY: Final = "none"  # a target naming no counter: a probe that asks only about the phase


def missing_hints(view: View, who: str, rows: Iterable[Row], why_illegal: WhyIllegal,
                  index: ViewIndex | None = None) -> list[Hint]:
    """Why an action a player may expect for crewman `who` is not offered, in the engine's
    own words and rule (`why_illegal`, so the page restates no rule): a pick-up of each
    object lying by him, a move when he has none, an attack with each weapon he carries (a
    Science Officer's Blaster, a Dart, a fourth attack), a catch or cage of a face-up counter
    with him, and actions of another phase. One line per kind of action, target and reason;
    only face-up counters are named, so no refusal can tell a hidden kind. `index` is the
    caller's index of `view` (the page keeps one per view), else one is made."""
    index = ViewIndex(view) if index is None else index
    member = index.crew.get(who)
    if not member or member.get("status") != "active":
        return []
    mine = [r[1] for r in rows if r[1].get("crew") == who]
    step = _step(view)
    if step not in ("move", "crew_actions", "free_actions", "defense"):
        return []
    groups: dict[tuple[str, str, str, str], list[str]] = {}
    for kind, what, act in _probes(view, step, index, member, mine):
        refusal = why_illegal(act)
        if refusal is None or refusal.reason.startswith("there is no"):
            continue  # legal after all, or a probe about nothing the player sees
        target, _, weapon = what.partition(WITH)
        groups.setdefault((kind, target, refusal.reason, refusal.rule), []).append(weapon)
    # One line per (kind, reason): an attack's weapons joined under its target, and targets
    # refused for one reason joined; lines in the order their first probe was asked.
    lines: dict[tuple[str, str, str, str], list[str]] = {}
    for (kind, target, reason, rule), weapons in groups.items():
        arms = " or ".join(w for w in dict.fromkeys(weapons) if w)
        if arms:
            lines[(kind, target + WITH + arms, reason, rule)] = []
        else:
            lines.setdefault((kind, "", reason, rule), []).append(target)
    out = []
    for (kind, what, reason, rule), targets in lines.items():
        what = what or " or ".join(t for t in dict.fromkeys(targets) if t)
        out.append(Hint(f"No {kind} {PREPOSITION[kind]} {what}: {reason}" if what
                        else f"No {kind}s now: {reason}", rule))
    return out


WITH: Final = " with the "  # a probe's target and the weapon of an attack on it


def attacks_left(view: View, index: ViewIndex) -> list[Hint]:
    """The count that limits the crew's attacks now (ruling R8): for each face-up Intruder
    in the Interaction being resolved, how many attacks are left on it this Interaction
    Phase ("Attacks on the Intruder c3 this Interaction Phase: 1 made, 2 left")."""
    decision = view.get("decision") or {}
    if decision.get("step") not in ("crew_actions", "defense"):
        return []
    at = decision.get("at") or next(
        (c.get("at") for c in index.intruders if c.get("token") == decision.get("intruder")),
        None)
    made = (view.get("bookkeeping") or {}).get("attacks") or {}
    out = []
    for c in index.intruders:
        if c.get("at") != at or c.get("caged"):
            continue
        n = int(made.get(c["token"], 0))
        left = max(MAX_ATTACKS - n, 0)
        out.append(Hint(f"Attacks on the Intruder {c['token']} this Interaction Phase: {n} "
                        f"made, " + (f"{left} left" if left else
                                     f"no more: {MAX_ATTACKS} at most"),
                        "Crew Attacks on the Intruder; ruling R8"))
    return out


def futile(view: View, data: Mapping[str, object]) -> str:
    """What an action is known to achieve nothing, for its button (" (no effect: the
    Intruder is Immune to Sleep Darts)"): an attack with a weapon whose immunity the crew
    has seen; "" when it may work."""
    if data.get("type") not in ("attack", "defend"):
        return ""
    power = IMMUNITY.get(str(data.get("weapon")), "")
    powers = view.get("powers") or {}
    if not power or power not in (powers.get("known") or ()):
        return ""
    if data.get("type") == "attack" and str(data.get("target", "")) not in {
            c["token"] for c in view.get("counters", []) if c.get("kind") == "intruder"}:
        return ""  # at a Lab Animal: the Intruder's powers are not its
    return f" (no effect: the Intruder has {POWER_NAMES[power]})"


def _probes(view: View, step: object, index: ViewIndex, member: CrewView,
            mine: list[Mapping[str, object]]) -> list[Probe]:
    """The actions a player may expect of this crewman and is not offered, each as a
    concrete action to ask the engine about (`step`: the decision's step)."""
    who, at = member["id"], member.get("at")
    offered = {str(a.get("type")) for a in mine}
    moving = step == "move"
    out: list[Probe] = []
    taken = {a.get("item") for a in mine if a.get("type") == "pick_up"}
    lying = [i for i in index.lying(at) if i["id"] not in taken]
    if lying and (moving or not any(r.get("type") == "pick_up" for r in mine)):
        for item in lying if moving else lying[:1]:
            out.append(("pick-up", f"the {item['name']}" if moving else "",
                        {"type": "pick_up", "crew": who, "item": item["id"]}))
    if "move" not in offered:
        near = ADJACENT.get(str(at), ())
        for to in near if moving else near[:1]:
            out.append(("move", _place(to) if moving else "",
                        {"type": "move", "crew": who, "to": to}))
    here = [c for c in view.get("counters", []) or [] if c.get("at") == at]
    if moving:
        if member.get("carrying") or here:
            out.append(("attack", "", _attack(index, member, NOBODY)))
        return out
    if step == "defense" and offered:
        return out  # the crewman attacked: his Self Defense choices are his attacks now
    shown = [c for c in here if c.get("face_up")] if step != "defense" else []
    fired = {(a.get("target"), a.get("weapon")) for a in mine if a.get("type") == "attack"}
    for c in shown if shown else [{"token": NOBODY, "kind": ""}]:
        token, kind = str(c.get("token")), str(c.get("kind", ""))
        name = f"the {kind_name(kind)} {token}" if kind else ""
        if kind in ("intruder", "lab_animal", ""):
            for weapon in _weapons(index, member) if kind else ["first"]:
                act = _attack(index, member, token, None if weapon == "first" else weapon)
                if (token, act["weapon"]) in fired or (not kind and "attack" in offered):
                    continue
                arms = "" if weapon in ("first", "improvised") else WITH + _weapon(weapon)
                out.append(("attack", name + arms if name else "", act))
        if kind == "lab_animal" and "catch" not in offered:
            out.append(("catch", name, {"type": "catch", "crew": who, "target": token}))
        if kind == "intruder" and "cage" not in offered and _has(index, member, "cage"):
            out.append(("cage", name, {"type": "cage", "crew": who, "target": token}))
    return out


def _weapons(index: ViewIndex, member: CrewView) -> list[str]:
    """The weapons he carries, in his order, each once; improvised weapons if none."""
    arms = list(dict.fromkeys(k for k in _kinds(index, member) if k in WEAPONS))
    return arms or ["improvised"]


def _weapon(kind: str) -> str:
    """A weapon's printed name ("dart" -> "Sleep Dart Pistol")."""
    return OBJECTS[kind][0] if kind in OBJECTS else kind


def _attack(index: ViewIndex, member: CrewView, target: str, weapon: str | None = None
            ) -> dict[str, object]:
    """An attack on `target` with `weapon`, else the first weapon he carries (improvised if
    none)."""
    if weapon is None:
        weapon = next((k for k in _kinds(index, member) if k in WEAPONS), "improvised")
    return {"type": "attack", "crew": member["id"], "target": target, "weapon": weapon}


def _has(index: ViewIndex, member: CrewView, kind: str) -> bool:
    """Whether he carries an object of this kind."""
    return kind in _kinds(index, member)


def _kinds(index: ViewIndex, member: CrewView) -> list[str]:
    """The kinds of the objects he carries, in his order (the index's kit of him)."""
    return index.kinds(member["id"]) if member["id"] in index.crew else []


def _place(cid: str) -> str:
    """A compartment's printed name (its id if it has none)."""
    try:
        return str(name(cid))
    except (KeyError, ValueError):
        return str(cid)
