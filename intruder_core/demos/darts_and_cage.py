"""Capture: a Sleep Dart, a Cage on 1-5 while it sleeps, and carrying the Cage by Life Stage."""

DEMO = {
    "id": "darts-and-cage",
    "order": 60,
    "title": "Sleep Darts, Cages and carrying",
    "summary": "a dart puts a Life Stage 3 Intruder to sleep, a Cage takes it on 1-5, and two "
               "crewmen must carry the Cage",
    "section": "Capturing the Intruder",
    "quote": "If the Intruder is asleep, this action will be successful (result in the Intruder "
             "being caged) on a die roll of 1-5. [...] A Cage containing an Intruder may be "
             "transported by one crewman if the Intruder is in Life Stage 1 or 2, by two "
             "crewmen if it is in Life Stage 3 or 4, and by three crewmen if in Life Stage 5 "
             "or 6.",
    "start": {"position": {
        "phase": "interaction1", "stage": 3,
        "known": ["immune_gas", "immune_flame", "very_fast", "immune_vacuum"],
        "crew": {"so1": {"at": "store_b2", "carrying": ["dart1"]},
                 "co1": {"at": "store_b2", "carrying": ["cage1"]},
                 "co2": {"at": "store_b2"}},
        "counters": [{"kind": "intruder", "at": "store_b2", "face_up": True}],
        "dice": [5,  # no attack
                 2,  # the Sleep Dart: S
                 4,  # the Cage, on a sleeping Intruder: 1-5
                 6],  # no metamorphosis (Life Stage 3: 1)
    }},
    "intro": {
        "say": "Three crewmen stand with the Intruder, face up in Storage B-2, in Life Stage "
               "3. It rolls a 5 and does not attack this time.",
        "rule": "Intruder Attacks on Crewmen",
        "expect": [{"type": "roll", "die": 5}, {"type": "no_attack"}],
    },
    "steps": [
        {
            "do": {"type": "attack", "crew": "so1", "target": "c1", "weapon": "dart"},
            "say": "The Science Officer fires his Sleep Dart Pistol: a 2 is S, the Intruder "
                   "falls asleep for one complete turn.",
            "rule": "Weapons",
            "expect": [{"type": "roll", "die": 2}, {"type": "attack", "effects": ["S"]}],
            "your_move": {
                "ask": "The Science Officer has a Sleep Dart, the Command Officer a Cage. Who "
                       "acts first?",
                "options": [
                    {"do": {"type": "attack", "crew": "so1", "target": "c1", "weapon": "dart"},
                     "why": "Awake, a Life Stage 3 Intruder cannot be caged at all; asleep, "
                            "the Cage works on 1-5. Dart first."},
                    {"do": {"type": "end_actions"},
                     "why": "An awake Intruder can be caged only in Life Stage 1: without the "
                            "dart there is no capture this phase."},
                ]},
        },
        {
            "do": {"type": "cage", "crew": "co1", "target": "c1"},
            "say": "The Command Officer tries the Cage on the sleeping Intruder: a 4, caged.",
            "rule": "Attempt to Cage Intruder",
            "expect": [{"type": "roll", "die": 4}, {"type": "caged"}],
        },
        {
            "do": {"type": "end_actions"},
            "say": "The phase ends; the Crew Movement Phase begins.",
            "rule": "Sequence of Play",
            "expect": [{"type": "phase", "phase": "crew_movement"}],
        },
        {
            "try": {"type": "move", "crew": "co1", "to": "b2"},
            "refused": "needs 2 crewmen",
            "say": "He cannot carry it away alone: in Life Stage 3 or 4 a caged Intruder takes "
                   "two crewmen.",
            "rule": "Capturing the Intruder; ruling R14",
        },
        {
            "do": {"type": "pick_up", "crew": "co2", "item": "cage1"},
            "say": "Command Officer 2 takes hold of the Cage too (picking up costs a point).",
            "rule": "Pick Up an Object",
            "expect": [{"type": "pick_up", "crew": "co2", "item": "cage1"}],
        },
        {
            "do": {"type": "move", "crew": "co1", "to": "b2"},
            "say": "Now they move together, with the Cage, into Corridor B-2.",
            "rule": "Capturing the Intruder; ruling R14",
            "expect": [{"type": "move", "crew": "co1", "to": "b2"},
                       {"type": "move", "crew": "co2", "to": "b2"}],
        },
    ],
}
