"""Extra Strong: a caged Intruder breaks out as soon as it wakes (ruling R14, official errata)."""

DEMO = {
    "id": "extra-strong",
    "order": 65,
    "title": "Extra Strong: no Cage holds it",
    "summary": "an Extra Strong Intruder caged while asleep breaks out of the Cage the moment "
               "it wakes, before anyone can act",
    "section": "Capturing the Intruder",
    "quote": "The Intruder may be caged. If extra strong, it may break out of the cage.",
    "start": {"position": {
        "phase": "interaction2", "stage": 3,
        "known": ["extra_strong", "immune_gas", "immune_flame", "very_fast"],
        "crew": {"co1": {"at": "store_a1", "carrying": ["cage1"]}, "co2": {"at": "store_a1"}},
        "counters": [{"kind": "intruder", "at": "store_a1", "face_up": True,
                      "asleep": [2, 2]}],
        "interaction": {"at": "store_a1"},
        "dice": [1,  # the Cage on a sleeping Intruder: 1-5
                 6],  # no metamorphosis in turn 2
    }},
    "intro": {
        "say": "Storage A-1, Second Interaction Phase, Crew Action Segment. A dart has just "
               "put the Intruder to sleep: it sleeps until this phase of the next turn. It is "
               "Extra Strong.",
        "rule": "Weapons; ruling R9",
        "expect": [{"type": "interaction", "at": "store_a1"}],
    },
    "steps": [
        {
            "do": {"type": "cage", "crew": "co1", "target": "c1"},
            "say": "The Command Officer cages the sleeping Intruder: a 1 (1-5 while it "
                   "sleeps). Asleep, it stays in the Cage.",
            "rule": "Attempt to Cage Intruder",
            "expect": [{"type": "roll", "die": 1}, {"type": "caged"}],
            "your_move": {
                "ask": "The Intruder sleeps. The Command Officer has a Cage. Cage it?",
                "options": [
                    {"do": {"type": "cage", "crew": "co1", "target": "c1"},
                     "why": "The example cages it: a caged Intruder cannot move or attack "
                            "while it sleeps. But watch what Extra Strong does next."},
                    {"do": {"type": "end_actions"},
                     "why": "The Cage does hold it while it sleeps; letting it go costs the "
                            "crew a turn of safety."},
                ]},
        },
        {
            "do": {"type": "end_actions"},
            "say": "Turn 2 begins. Caged, the Intruder does not move.",
            "rule": "Capturing the Intruder",
            "expect": [{"type": "phase", "phase": "movement", "turn": 2}],
        },
        {
            "do": {"type": "end_actions"},
            "say": "Still asleep, it is no threat in the First Interaction Phase.",
            "rule": "ruling R9",
            "expect": [{"type": "phase", "phase": "crew_movement", "turn": 2}],
        },
        {
            "do": {"type": "end_movement"},
            "say": "Metamorphosis: a 6, no change. In the Second Interaction Phase of turn 2 "
                   "the dart wears off, and the Extra Strong Intruder breaks out of the Cage at "
                   "once, before any crewman acts.",
            "rule": "Capturing the Intruder; ruling R14",
            "expect": [{"type": "roll", "die": 6}, {"type": "wake"},
                       {"type": "break_out", "at": "store_a1"}],
        },
    ],
}
