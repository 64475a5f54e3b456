"""A computer player for the Intruder side of the Intelligent Intruder scenario.

Like the crew bots it sees only its own view (`game.view("intruder")`) and the legal actions,
and returns an action with a one-line reason. Young, it hides from the crew; grown (stage 3
and up), it stalks small groups; it sends Lab Animals and Dummies towards the crew as decoys,
destroys weapons lying about, frees caged animals and attacks the least armed crewman.
"""

from __future__ import annotations

import random
from collections import deque

from ..actions import Action
from ..station import ADJACENT, SECURED
from ..view import View

WEAPON_KINDS = ("blaster", "gas", "flamethrower", "dart", "prod", "cage")


def distances(start: str) -> dict[str, int]:
    """Steps from a compartment to every other one, never through a secured room."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nxt in ADJACENT[here]:
            if nxt not in seen and nxt not in SECURED:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen


def crew_places(view: View) -> dict[str, int]:
    """Compartment -> how many crewmen are there."""
    out: dict[str, int] = {}
    for c in view["crew"]:
        if c["status"] == "active" and c["at"]:
            out[c["at"]] = out.get(c["at"], 0) + 1
    return out


def armed(view: View, crew_id: str) -> int:
    """How many weapons a crewman carries."""
    items = {i["id"]: i["kind"] for i in view["items"]}
    c = next(c for c in view["crew"] if c["id"] == crew_id)
    return sum(1 for i in c["carrying"] if items.get(i) in ("blaster", "gas", "flamethrower",
                                                             "dart"))


def score_move(view: View, kind: str, src: str, dst: str) -> float:
    """How much better `dst` is than `src` for a counter of this kind (higher is better)."""
    crew = crew_places(view)
    if not crew:
        return 0.0

    def closeness(at: str) -> float:
        d = distances(at)
        return min((d.get(p, 99) + 0.5 * n for p, n in crew.items()), default=99.0)

    gain = closeness(src) - closeness(dst)
    if kind == "intruder" and view["stage"] <= 2:
        return -gain  # young: keep away
    return gain


def choose(view: View, legal: list[Action], rng: random.Random) -> tuple[Action, str]:
    """The Intruder player's next action and why."""
    by_type: dict[str, list[Action]] = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    if "intruder_attack" in by_type or "intruder_hold" in by_type:
        return decide_attack(view, by_type)
    for kind in ("open_lab_cages", "open_cage"):
        if kind in by_type:
            return by_type[kind][0], "free the animals: more counters to hide among"
    for a in by_type.get("destroy", []):
        item = next(i for i in view["items"] if i["id"] == a["item"])
        if item["kind"] in WEAPON_KINDS:
            return a, f"destroy the {item['name']} before the crew picks it up"
    kinds = {c["token"]: c.get("kind", "?") for c in view["counters"]}
    places = {c["token"]: c["at"] for c in view["counters"]}
    best: tuple[float, Action] | None = None
    for a in by_type.get("move_counter", []):
        value = score_move(view, kinds[a["token"]], places[a["token"]], a["to"])
        value += rng.random() * 0.01  # break ties without bias
        if value > 0.25 and (best is None or value > best[0]):
            best = (value, a)
    if best is not None:
        a = best[1]
        kind = kinds[a["token"]]
        why = {"intruder": "stalk the crew" if view["stage"] > 2 else "keep away from the crew",
               "lab_animal": "a decoy towards the crew", "dummy": "a decoy towards the crew"}
        return a, f"{a['token']} to {a['to']}: {why.get(kind, 'move')}"
    end = by_type.get("end_intruder_movement")
    if end:
        return end[0], "every counter is where it should be"
    return rng.choice(legal), "nothing better to do"


def decide_attack(view: View, by_type: dict[str, list[Action]]) -> tuple[Action, str]:
    """Attack the least armed crewman, Science Officers first; hold back only when young and
    outgunned."""
    attacks = by_type.get("intruder_attack", [])
    hold = by_type.get("intruder_hold", [])
    if not attacks:
        return hold[0], "no one to attack"
    guns = {a["crew"]: armed(view, a["crew"]) for a in attacks}
    if view["stage"] <= 2 and sum(guns.values()) >= 2 and hold:
        return hold[0], "too young to face two weapons"
    target = min(attacks, key=lambda a: (guns[a["crew"]], a["crew"][:2] != "so", a["crew"]))
    return target, f"attack {target['crew']}: the least armed"
