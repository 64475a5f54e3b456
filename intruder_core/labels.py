"""The labels of actions: the short text a button shows (the page, the bots' logs and the
tests compare them). Simple ones are templates declared with their action type
(ActionType.label); the rest are made here from the action and the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .action_types import LIVE_LABELS, SIMPLE_LABELS
from .names import KIND_NAMES, place
from .pieces import by_token

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

PLAYER_WORDS = {"command": "Command", "science": "Science Officer"}


def intruder_label(g: Game, a: Action) -> str:
    """A label for one of the Intruder player's actions: "Intruder c6: Store C1 -> Corridor
    C-1" (the counter by kind and token, the place and the effect)."""
    if a.type == "end_intruder_movement":
        return "End the Intruder's movement"
    c = by_token(g, a.get("token"))
    if c is None:
        return a.type
    who = f"{KIND_NAMES.get(c.kind, 'Counter')} {c.token}"
    here = place(c.at)
    t = a.type
    if t == "move_counter":
        return f"{who}: {here} -> {place(a['to'])}"
    if t in ("destroy", "open_cage"):
        item = g.items[a["item"]]
        if t == "destroy":
            return f"{who}: destroy the {item.name} in {here}"
        inside = g.counters[item.contents] if item.contents else None
        freed = f", freeing {KIND_NAMES.get(inside.kind, 'a counter')} {inside.token or ''}" \
            if inside is not None else ""
        return f"{who}: open the {item.name} in {here}{freed}".rstrip()
    if t == "open_lab_cages":
        return f"{who}: open the permanent cages in {here}"
    if t == "intruder_attack":
        return f"{who} in {here}: attack {g.crew[a['crew']].name}"
    return f"{who} in {here}: hold back, attack nobody"


def label(g: Game, a: Action) -> str:
    """A short text for a button."""
    if a.type in LIVE_LABELS:
        return intruder_label(g, a)
    who = g.crew[a["crew"]].name if isinstance(a.get("crew"), str) and \
        a.get("crew") in g.crew else ""
    t = a.type
    if t == "move":
        return f"{who}: move to {place(a['to'])}"
    if t in ("pick_up", "drop", "construct"):
        item = g.items[a["item"]]
        verb = {"pick_up": "pick up", "drop": "drop", "construct": "work on"}[t]
        return f"{who}: {verb} {item.name}"
    if t == "unlock":
        return f"{who}: unlock the {place(a['room'])}"
    if t in ("attack", "defend"):
        weapon = "improvised weapons" if a["weapon"] == "improvised" else a["weapon"]
        if t == "defend":
            return f"{who}: Self Defense with {weapon}"
        c = by_token(g, a["target"])  # two Intruders in one compartment: say which
        target = f"{KIND_NAMES.get(c.kind, 'counter')} {c.token}" if c is not None \
            else str(a["target"])
        return f"{who}: attack {target} with {weapon}"
    template = SIMPLE_LABELS.get(t)
    if t in ("end_movement", "end_actions") and a.get("player"):  # two crew players
        return f"{SIMPLE_LABELS[t]} ({PLAYER_WORDS.get(a['player'], a['player'])})"
    if template is not None:
        return template.format(who=who, target=a.get("target"),
                               airlock=place(str(a.get("airlock") or "")))
    if t == "interact":
        return f"Resolve the Interaction in {place(a['at'])}"
    if t == "cage_animal":
        return f"{who}: cage the Lab Animal held by {g.crew[a['holder']].name}"
    if t == "leave":
        names = ", ".join(g.crew[n].name for n in a.names("crew"))
        return f"Leave in {place(a['shuttle'])}: {names}"
    return t
