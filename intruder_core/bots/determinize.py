"""Determinization: a full Game consistent with a crew view, the hidden parts sampled.

What the crew cannot see is which face-down counter is which (on the map and in the Not Used
box) and the dice to come. Hidden movement, Panic's shuffle and the set-up treat every
face-down counter alike, so given the view every assignment of identities that matches the
counts is equally likely: the Intruders (5 counters; 1 in play, or the Clone chart's number
once Clone is known) hide among the face-down counters on the map, never in the Not Used box;
the 6 Lab Animals and 6 Dummies fill the rest, less every one the view accounts for (face up,
discovered, caged in the Lab, lost, inventoried). Unknown powers need no sampling: they are
rolled when met (R3). The dice get a fresh seed.

`constraints` (token sets, each known to hold at least one Intruder, e.g. from the log of a
caged Lab Animal let out) are met by rejection sampling.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TypedDict

from ..dice import Dice
from ..game import Game
from ..solitaire_setup import COUNTS, KIND_PREFIX, counter_id
from ..state import Counter, Crewman, Defense, Item, SavedPhase, Shuttle, Subroutine
from ..station import SETUP_HIDDEN
from ..view import BoxName, SubView, View

SD_BOX = {"active": 9}
# Boxes whose counts the view shows, and the kind of counter that can be in each.
BOX_KINDS: dict[BoxName, str] = {
    "discovered": "dummy", "clones_pending": "intruder", "caged_lab": "lab_animal",
    "killed": "intruder", "frozen": "intruder", "escaped": "intruder", "lost": "lab_animal"}


class Inconsistent(ValueError):
    """The view cannot come from a solitaire game (counts do not add up)."""


class Hidden(TypedDict):
    """What the crew does not see (hidden_kinds): the tokens, and how many of each kind."""

    facedown: list[str]  # face-down tokens on the map, in the view's order
    unseen: list[str]  # Not Used tokens no inventory turned up
    intruders: int
    labs: int
    dummies: int
    in_play: int


def hidden_kinds(view: View) -> Hidden:
    """What is known about the hidden counters: the face-down tokens on the map, the uninspected
    Not Used tokens, and how many of each kind must be among them."""
    known = dict.fromkeys(COUNTS, 0)
    facedown = []
    for t in view["counters"]:
        if t["face_up"]:
            known[t["kind"]] += 1
        else:
            facedown.append(t["token"])
    unseen = []
    for n in view["boxes"]["not_used"]:
        if n["kind"] is None:
            unseen.append(n["token"])
        else:
            known[n["kind"]] += 1
    for box, kind in BOX_KINDS.items():
        known[kind] += view["boxes"][box]
    powers = view["powers"]["known"]
    in_play = view["chart"]["clones"] if "clone" in powers else 1
    intruders = max(in_play - known["intruder"], 0)
    labs = COUNTS["lab_animal"] - known["lab_animal"]
    dummies = COUNTS["dummy"] - known["dummy"]
    if intruders > len(facedown) or labs < 0 or dummies < 0 or \
            labs + dummies != len(facedown) - intruders + len(unseen):
        raise Inconsistent(f"hidden counts do not add up: {intruders} Intruders, {labs} Lab "
                           f"Animals, {dummies} Dummies for {len(facedown)} face-down and "
                           f"{len(unseen)} unseen Not Used counters")
    return {"facedown": facedown, "unseen": unseen, "intruders": intruders, "labs": labs,
            "dummies": dummies, "in_play": max(in_play, known["intruder"])}


def sample_identities(view: View, rng: random.Random,
                      constraints: Iterable[Iterable[str]] = ()) -> dict[str, str]:
    """token -> kind for every hidden counter, uniformly among consistent assignments."""
    h = hidden_kinds(view)
    facedown_set = set(h["facedown"])
    needs = [n for n in (set(c) & facedown_set for c in constraints) if n]
    for _ in range(1000):
        facedown = list(h["facedown"])
        chosen = set(rng.sample(facedown, h["intruders"]))
        if all(n & chosen for n in needs):
            break
    else:
        raise Inconsistent("no assignment meets the constraints")
    rest = [t for t in facedown if t not in chosen] + list(h["unseen"])
    pool = ["lab_animal"] * h["labs"] + ["dummy"] * h["dummies"]
    rng.shuffle(pool)
    out = dict.fromkeys(sorted(chosen), "intruder")
    out.update(zip(rest, pool, strict=True))
    return out


def determinize(view: View, rng: random.Random,
                constraints: Iterable[Iterable[str]] = (),
                kinds: Mapping[str, str] | None = None) -> Game:
    """A Game whose crew view equals `view`, hidden identities sampled, dice freshly seeded.

    `kinds` (token -> kind) gives the hidden identities instead of sampling them: only the
    clairvoyant bound of bench/advisor_paired.py knows them; no bot is ever handed them."""
    if view["over"]:
        raise ValueError("the game is over")
    bk = view.get("bookkeeping")
    if bk is None:
        raise ValueError("the view has no bookkeeping (an older engine?)")
    options = dict(bk["options"])
    if options.get("lost_crewmen") or options.get("marines"):
        raise ValueError("determinization covers the solitaire rules only")
    kinds = sample_identities(view, rng, constraints) if kinds is None else dict(kinds)
    g = Game(Dice(rng.getrandbits(62)), {"determinized": True, "options": options})

    # counters: ids by kind in the order met; tokens as in the view
    made = dict.fromkeys(COUNTS, 0)
    by_token: dict[str, str] = {}

    def new(kind: str, at: str, token: str = "") -> Counter:
        made[kind] += 1
        if made[kind] > COUNTS[kind]:
            raise Inconsistent(f"more than {COUNTS[kind]} {kind} counters")
        c = Counter(counter_id(g, f"{KIND_PREFIX[kind]}{made[kind]}"), kind, at, token)
        g.counters[c.id] = c
        if token:
            by_token[token] = c.id
        return c

    for t in view["counters"]:
        c = new(t["kind"] if t["face_up"] else kinds[t["token"]], t["at"], t["token"])
        c.face_up = t["face_up"]
    for n in view["boxes"]["not_used"]:
        c = new(n["kind"] or kinds[n["token"]], "not_used", n["token"])
        c.inventoried = n["kind"] is not None
    for box, kind in BOX_KINDS.items():
        for _ in range(view["boxes"][box]):
            new(kind, box).face_up = True
    while made["intruder"] < COUNTS["intruder"]:
        new("intruder", "reserve")

    # crew, objects, shuttles
    paid = set(bk["paid_pickup"])
    for m in view["crew"]:
        g.crew[m["id"]] = Crewman(
            m["id"], m["role"], m["at"], m["status"], m["mp"], m["acted"], m["id"] in paid,
            by_token[m["holding"]] if m["holding"] else None,
            by_token[m["controlling"]] if m["controlling"] else None)
    caged: dict[str, str] = {}
    for i in view["items"]:
        item = Item(i["id"], i["kind"], i["at"], list(i["carriers"]), i["progress"],
                    bk["worked"].get(i["id"], 0))
        if i["contents"]:
            item.contents = by_token[i["contents"]]
            caged[item.contents] = item.id
        g.items[item.id] = item
    g.shuttles = {sid: Shuttle(sid, s["departed"], list(s["crew"]), s["prepared"], s["fight"])
                  for sid, s in view["shuttles"].items()}

    # face-up counters' states
    returning = set(bk["returning"])
    for t in view["counters"]:
        if not t["face_up"]:
            continue
        c = g.counters[by_token[t["token"]]]
        if t["caged"]:
            c.cage = caged.get(c.id, "freezer")
        c.controlled_by = t["controlled_by"]
        c.held_by = t["held_by"]
        c.returning = t["token"] in returning
        if t["token"] in bk["sleep"]:
            c.asleep_until = list(bk["sleep"][t["token"]])

    # the sequence of play
    decision = view["decision"]
    g.turn = view["turn"]
    g.phase = view["phase"]
    g.step = decision["step"]
    g.stage = view["stage"]
    g.known = list(view["powers"]["known"])
    g.unknown = view["powers"]["unknown"]
    sd = view["self_destruct"]["box"]
    g.sd = SD_BOX[sd] if isinstance(sd, str) else sd
    g.sd_started = bk["sd_started"]
    g.sd_stopped = view["self_destruct"]["stopped"]
    g.unlocked = list(view["unlocked"])
    g.queue = list(bk["queue"])
    g.sub = _sub(bk["sub"], by_token)
    if "intruder" in decision:
        g.defense = Defense(by_token[decision["intruder"]], decision["target"])
    g.attacks = {by_token[t]: n for t, n in bk["attacks"].items()}
    g.kills = bk["kills"]
    g.ledger = [e.copy() for e in view["score"]["ledger"]]
    g.next_token = bk["next_token"]
    saved = bk["saved"]
    if saved is not None:
        d = saved["defense"]
        g.saved = SavedPhase(saved["step"], _sub(saved["sub"], by_token),
                             {by_token[t]: n for t, n in saved["attacks"].items()},
                             None if d is None else Defense(by_token[d["intruder"]],
                                                            d["target"]))
    return g


def _sub(s: SubView | None, by_token: dict[str, str]) -> Subroutine | None:
    if s is None:
        return None
    return Subroutine(s["at"], [by_token[t] for t in s["pending"]], s["shaken"], s.get("round"))


def release_constraints(log: Iterable[Mapping[str, object]]) -> list[set[str]]:
    """From the public log (event dicts, oldest first): token sets that must hold an Intruder.

    When a caged Lab Animal is let out in hidden movement (Lab Animals; R14), some Intruder was
    in that compartment; the tokens there at that moment are known from the set-up order and
    the move events. A reveal settles or narrows the set; Panic's reshuffle ends it."""
    at = {f"c{n}": where for n, where in enumerate(SETUP_HIDDEN, 1)}
    up: set[str] = set()  # tokens of face-up Intruders
    out: list[set[str]] = []
    for e in log:
        kind = e.get("type")
        if kind == "placed":
            placed = e.get("placed")
            at = {str(tok): str(where) for tok, where in placed} if isinstance(placed, list) \
                else {}
            up, out = set(), []
        elif kind == "move" and "token" in e and "to" in e:
            at[str(e["token"])] = str(e["to"])
        elif kind == "reveal":
            token = str(e.get("token", ""))
            if e.get("kind") == "intruder":
                up.add(token)
                out = [s for s in out if token not in s]
            else:
                at.pop(token, None)
                for s in out:
                    s.discard(token)
        elif kind == "released" and "at" in e:
            here = {tok for tok, where in at.items() if where == e["at"]}
            if here and not here & up:
                out.append(here - up)
    return [s for s in out if s]
