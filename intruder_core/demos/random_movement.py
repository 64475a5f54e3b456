"""Random movement of face-down counters: the rulebook's Mess example, then Very Fast."""

DEMO = {
    "id": "random-movement",
    "order": 10,
    "title": "Random movement and Very Fast",
    "summary": "the movement table's Mess example; a Very Fast counter moves twice but stops "
               "on meeting crew",
    "section": "Random Movement System for Inverted Counters",
    "quote": "EXAMPLE: An inverted counter is in the Crew's Mess. [...] a die roll of \"2\" or "
             "\"3\" would move the counter into Access Shaft #2",
    "start": {"position": {
        "phase": "movement", "stage": 1, "known": ["very_fast", "immune_gas"],
        "crew": {"co1": {"at": "shaft2"}, "en2": {"at": "power"}},
        "counters": [{"kind": "dummy", "at": "mess"}, {"kind": "dummy", "at": "store_c2"},
                     {"kind": "intruder", "at": "clones_pending"}],
        "dice": [2,  # c1 in the Mess: 2 -> Access Shaft #2, where the Command Officer is
                 1, 2,  # c2 in Storage C-2: 1 -> Corridor C-2, then 2 -> Maintenance
                 6],  # no metamorphosis
    }},
    "intro": {
        "say": "Each face-down counter rolls one die and follows the small blue numbers. "
               "Counter c1 is in the Crew's Mess and rolls a 2: Access Shaft #2. The Intruder "
               "is Very Fast, so every face-down counter moves two compartments, but c1 "
               "stops at once: a crewman is in the Shaft. Counter c2 rolls 1 (Corridor C-2) "
               "and 2 (Maintenance). The Interaction in the Shaft shows c1 was a Dummy.",
        "rule": "Random Movement System; Very Fast",
        "expect": [{"type": "roll", "die": 2, "rule": "Random Movement System"},
                   {"type": "move", "token": "c1", "to": "shaft2"},
                   {"type": "roll", "die": 1}, {"type": "move", "token": "c2", "to": "c2"},
                   {"type": "roll", "die": 2}, {"type": "move", "token": "c2",
                                                "to": "maintenance"},
                   {"type": "reveal", "token": "c1", "kind": "dummy"}],
    },
    "steps": [
        {
            "do": {"type": "move", "crew": "en2", "to": "maintenance"},
            "say": "Engineer 2 steps from Power into Maintenance, next door: one movement "
                   "point.",
            "rule": "Crew Movement",
            "expect": [{"type": "move", "crew": "en2", "to": "maintenance", "cost": 1}],
            "your_move": {
                "ask": "Counter c2 has come to rest in Maintenance. Engineer 2 is next door "
                       "in Power with three movement points. Where does he go?",
                "options": [
                    {"do": {"type": "move", "crew": "en2", "to": "maintenance"},
                     "why": "Only a crewman in the same compartment finds out what a "
                            "face-down counter is: the Interaction turns it over."},
                    {"do": {"type": "move", "crew": "en2", "to": "shaft1"},
                     "why": "Access Shaft #1 costs two points and leads away from c2."},
                ]},
        },
        {
            "do": {"type": "end_movement"},
            "say": "The Metamorphosis die is a 6: no change (Life Stage 1 changes on 1-2). In "
                   "the Second Interaction Phase the Engineer turns c2 over: another Dummy.",
            "rule": "Metamorphosis",
            "expect": [{"type": "roll", "die": 6}, {"type": "phase", "phase": "interaction2"},
                       {"type": "reveal", "token": "c2", "kind": "dummy"}],
        },
    ],
}
