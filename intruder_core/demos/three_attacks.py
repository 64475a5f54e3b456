"""No more than three attacks on one Intruder in one Interaction Phase."""

DEMO = {
    "id": "three-attacks",
    "order": 55,
    "title": "The three-attacks limit",
    "summary": "two attacks already made this phase; the third misses and a fourth is refused",
    "section": "Crew Attacks on the Intruder",
    "quote": "No more than three attacks may be made (including Self Defense attacks) against "
             "any single Intruder in any given Interaction Phase.",
    "start": {"position": {
        "phase": "interaction1", "stage": 4,
        "known": ["immune_gas", "immune_flame", "very_fast", "fast_reflexes"], "unknown": 1,
        "crew": {"co1": {"at": "store_a1", "carrying": ["blaster1"], "acted": True},
                 "co2": {"at": "store_a1", "carrying": ["blaster2"]},
                 "co3": {"at": "store_a1", "carrying": ["blaster3"]},
                 "en1": {"at": "store_a1", "acted": True}},
        "counters": [{"kind": "intruder", "at": "store_a1", "face_up": True}],
        "interaction": {"at": "store_a1", "attacks": {"c1": 2}},
        "dice": [4],  # the third attack: no effect
    }},
    "intro": {
        "say": "Storage A-1, Crew Action Segment. The Intruder has already been attacked twice "
               "this phase: the Command Officer 1 in Self Defense and the Engineer with "
               "improvised weapons, both without effect.",
        "rule": "Crew Attacks on the Intruder; ruling R8",
        "expect": [{"type": "interaction", "at": "store_a1"}],
    },
    "steps": [
        {
            "do": {"type": "attack", "crew": "co2", "target": "c1", "weapon": "blaster"},
            "say": "Command Officer 2 fires: a 4, no effect. That was the third attack.",
            "rule": "Combat Results Table",
            "expect": [{"type": "roll", "die": 4}, {"type": "attack", "effects": []}],
            "your_move": {
                "ask": "Two attacks have been made on this Intruder. Command Officers 2 and 3 "
                       "both carry Blasters. Who fires?",
                "options": [
                    {"do": {"type": "attack", "crew": "co2", "target": "c1",
                            "weapon": "blaster"},
                     "why": "Either may fire, but only one of them: one attack is left."},
                    {"do": {"type": "attack", "crew": "co3", "target": "c1",
                            "weapon": "blaster"},
                     "why": "Either may fire, but only one of them: one attack is left. The "
                            "example lets Command Officer 2 fire."},
                ]},
        },
        {
            "try": {"type": "attack", "crew": "co3", "target": "c1", "weapon": "blaster"},
            "refused": "attacked three times",
            "say": "Command Officer 3 may not fire: the Intruder has been attacked three times "
                   "this Interaction Phase.",
            "rule": "Crew Attacks on the Intruder; ruling R8",
        },
    ],
}
