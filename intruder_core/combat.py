"""Combat: the Intruder's attacks on crewmen and crew attacks on the CRT (Combat)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .biology import halt, row
from .charts import CRT, IMMUNITY, LETHAL, OBJECTS, WEAPONS, crt_column, may_fire
from .crew_movement import deny
from .events import emit, roll
from .names import place
from .phase import shaken, sleep_until
from .pieces import carried, crew_at, marine
from .scoring import score

if TYPE_CHECKING:
    from .game import Game
    from .state import Counter, Crewman

MAX_ATTACKS = 3  # ruling R8
EFFECT_TEXT = {"K": "the Intruder is killed", "S": "the Intruder falls asleep",
               "IR": "the Intruder retreats", "CK": "the crewman under attack is killed"}


def weapons_of(g: Game, c: Crewman) -> list[str]:
    """Weapon kinds a crewman may fire, improvised included when allowed (R10)."""
    if marine(g, c):
        return list(WEAPONS)  # Marines: all four weapons, always (Return to Prometheus)
    kinds = sorted({i.kind for i in carried(g, c) if i.kind in WEAPONS}, key=WEAPONS.index)
    return [*kinds, "improvised"]


def effective(g: Game, weapon: str) -> bool:
    return IMMUNITY.get(weapon, "") not in g.known


def check_fire(g: Game, c: Crewman, target: Counter, weapon: str, self_defense: bool) -> None:
    """Raise IllegalAction unless `c` may fire `weapon` at `target` now."""
    objects = [i for i in carried(g, c)]
    if weapon == "improvised":
        large = [i for i in objects if i.size == "large"]
        if large or len(objects) > 1:
            raise deny(f"{c.name} is too encumbered for improvised weapons (no large object "
                       "and at most one small one)", "Improvised Weapons; ruling R10")
        if any(i.kind in WEAPONS and effective(g, i.kind) for i in objects):
            raise deny("improvised weapons are used only when no carried weapon would be "
                       "effective", "Improvised Weapons")
    elif weapon not in WEAPONS:
        raise deny(f"{weapon!r} is not a weapon on the Combat Results Table", "Combat")
    elif not marine(g, c) and not any(i.kind == weapon for i in objects):
        raise deny(f"{c.name} is not carrying a {weapon}", "Weapons")
    if not may_fire(c.role, weapon):
        raise deny("a Science Officer may never fire a weapon that could kill the Intruder",
                   "Restrictions and Modifications to Combat; ruling R6")
    if not self_defense and weapon in LETHAL and not row(g).humans_may_kill and \
            target.kind == "intruder":
        raise deny(f"in Life Stage {g.stage} the crew may not try to kill the Intruder except "
                   "in Self Defense", "Restrictions and Modifications to Combat; ruling R7")
    if c.acted:
        raise deny(f"{c.name} has already taken an action this Interaction Phase",
                   "Actions; ruling R8")
    if g.attacks.get(target.id, 0) >= MAX_ATTACKS:
        raise deny("this Intruder has already been attacked three times this Interaction Phase",
                   "Crew Attacks on the Intruder; ruling R8")


def fire(g: Game, c: Crewman, target: Counter, weapon: str, under_attack: Crewman | None
         ) -> tuple[str, ...]:
    """Roll on the CRT; apply and return the effects. `under_attack` marks Self Defense."""
    g.attacks[target.id] = g.attacks.get(target.id, 0) + 1
    c.acted = True
    column = crt_column(weapon, g.known)
    die = roll(g, "crew_attack", "Combat Results Table", crew=c.id, weapon=weapon)
    if shaken(g):
        die = min(die + 1, 6)
        emit(g, "shaken", f"+1 for the crewman killed here: {die}", "ruling R5", {"die": die})
    normal, defense = CRT[column][die]
    effects = defense if under_attack else normal
    if not effective(g, weapon):
        emit(g, "immune", rule="Restrictions and Modifications to Combat")
        effects = ()
    text = ", ".join(EFFECT_TEXT[e] for e in effects) or "no effect"
    how = "attacks with improvised weapons" if weapon == "improvised" else \
        f"uses the {OBJECTS[weapon][0]}" if weapon in OBJECTS else f"fires the {weapon}"
    emit(g, "attack", f"{c.name} {how}: {text}", "Combat Results Table",
           {"crew": c.id, "weapon": weapon, "effects": list(effects)})
    if "K" in effects and target.kind == "lab_animal":  # Marines only (Return to Prometheus)
        target.at = "lost"
        emit(g, "lost", f"{c.name} shoots the Lab Animal", "Return to Prometheus, Marines")
    elif "K" in effects:
        kill_intruder(g, target, f"killed by {c.name}")
    if "S" in effects and target.at != "killed":
        target.asleep_until = sleep_until(g)
    if "CK" in effects and under_attack is not None:
        kill_crewman(g, under_attack, "killed by the Intruder", by_intruder=True)
    return effects


def choose_target(g: Game, at: str) -> Crewman | None:
    """Which crewman the Intruder attacks, rolled exactly as the rulebook assigns (R4)."""
    present = crew_at(g, at)
    if len(present) >= 7:  # Science Officers are not attacked by seven or more
        present = [c for c in present if c.role != "science"]
    if not present:
        return None
    if len(present) == 1:
        return present[0]
    rule = "Intruder Attacks on Crewmen; ruling R4"
    while True:
        die = roll(g, "target", rule)
        if len(present) == 2:
            return present[(die - 1) // 3]
        if len(present) == 3:
            return present[(die - 1) // 2]
        if die <= len(present):
            return present[die - 1]
        emit(g, "reroll", f"{die} is not assigned to any crewman: roll again", rule)


def will_attack(g: Game) -> bool:
    die = roll(g, "attacks", "Intruder Attacks on Crewmen")
    return die in row(g).attack


def intruder_attack(g: Game, target: Crewman) -> None:
    """Step D: the kill roll against the Life Stage Chart."""
    die = roll(g, "kill", "Intruder Attacks on Crewmen", crew=target.id)
    if die in row(g).kill:
        kill_crewman(g, target, "killed by the Intruder", by_intruder=True)
    else:
        emit(g, "survived", f"{target.name} survives the attack", "Intruder Attacks on Crewmen",
               {"crew": target.id})


def kill_intruder(g: Game, c: Counter, how: str) -> None:
    """An Intruder is killed: +7 (How to Win); its development halts (Clones)."""
    release_from(g, c)
    halt(c, g)
    c.at = "killed"
    c.asleep_until = None
    g.kills += 1
    score(g, "intruder_killed", f"Intruder {how}")
    emit(g, "intruder_killed", f"The Intruder is {how}", "How to Win", {"token": c.token})


def release_from(g: Game, c: Counter) -> None:
    """Free a counter from its Cage, its controller or the crewman holding it."""
    if c.cage not in (None, "freezer"):
        g.items[str(c.cage)].contents = None
    c.cage = None
    if c.controlled_by:
        g.crew[c.controlled_by].controlling = None
        c.controlled_by = None
    if c.held_by:
        g.crew[c.held_by].holding = None
        c.held_by = None


def kill_crewman(g: Game, c: Crewman, how: str, by_intruder: bool = False) -> None:
    """A crewman dies: -5; he drops what he carries and lets go of what he holds."""
    at = c.at
    for item in carried(g, c):
        item.carriers.remove(c.id)
    if c.holding:
        animal = g.counters[c.holding]
        animal.held_by = None
        c.holding = None
    if c.controlling:
        g.counters[c.controlling].controlled_by = None
        c.controlling = None
    c.status = "dead"
    c.at = None
    g.kills += 1
    if by_intruder and g.sub is not None and g.sub.at == at:
        g.sub.shaken = True
    score(g, "crew_dead", f"{c.name} {how}")
    emit(g, "crew_killed", f"{c.name} is {how} in {place(at)}", "How to Win",
           {"crew": c.id, "at": at, "by_intruder": by_intruder})
