"""Clones: the rulebook's first Clone example, then the kill that brings the Clone in."""

DEMO = {
    "id": "clones",
    "order": 40,
    "title": "Clones",
    "summary": "Immune to Vacuum and Clone are rolled in Life Stage 3: a second Intruder waits, "
               "and enters play at the next Panic",
    "section": "Clones",
    "quote": "The unknown powers are rolled, and determined to be IMMUNE TO VACUUM and CLONE. "
             "The player immediately checks the Intruder Life Stage Chart and determines from "
             "it that in the third Life Stage there should be a total of 2 Intruders in play. "
             "[...] During the next Panic Interval this extra Clone is added to the game.",
    "start": {"position": {
        "phase": "interaction1", "stage": 3, "known": ["immune_gas", "immune_flame"],
        "crew": {"co1": {"at": "store_a1", "carrying": ["blaster1"]}},
        "counters": [{"kind": "intruder", "at": "store_a1"}],
        "dice": [6,  # no attack
                 1, 3,  # 4: Immune to Vacuum
                 3, 4,  # 7: Clone
                 1,  # the Blaster: K
                 6, 6,  # Panic: two metamorphosis rolls, neither a 1
                 5],  # the Clone's first random movement: stays
    }},
    "intro": {
        "say": "The Intruder is found in Life Stage 3, Immune to Gas and Immune to Flame. The "
               "two unknown powers are rolled: Immune to Vacuum, then Clone. The chart says "
               "Life Stage 3 has 2 Intruders, so a second counter goes to the Clones Not Yet "
               "in Play box.",
        "rule": "Clones",
        "expect": [{"type": "reveal", "kind": "intruder"},
                   {"type": "power", "power": "immune_vacuum"},
                   {"type": "power", "power": "clone"}, {"type": "clone"}],
    },
    "steps": [
        {
            "do": {"type": "attack", "crew": "co1", "target": "c1", "weapon": "blaster"},
            "say": "The Blaster rolls a 1: killed. But the game is not won: a Clone is still "
                   "waiting. A killing brings a Panic at the end of the phase, and in the Panic "
                   "the Clone is added: the counters are shuffled face down and placed from "
                   "Access Shaft #1 on, and metamorphosis is rolled twice.",
            "rule": "Clones; Panic",
            "expect": [{"type": "roll", "die": 1}, {"type": "intruder_killed"},
                       {"type": "panic"}, {"type": "placed", "placed": [["c2", "shaft1"]]},
                       {"type": "roll", "die": 6},
                       {"type": "roll", "die": 6}, {"type": "phase", "phase": "movement"}],
            "your_move": {
                "ask": "Life Stage 3: the crew may now kill the Intruder. The Command Officer "
                       "has a Blaster. Fire?",
                "options": [
                    {"do": {"type": "attack", "crew": "co1", "target": "c1",
                            "weapon": "blaster"},
                     "why": "A Blaster kills on 1-3 here: the best chance the crew will get."},
                    {"do": {"type": "end_actions"},
                     "why": "Holding fire lets it attack again next phase, and it grows."},
                ]},
        },
    ],
}
