"""Lab Animals and Dummies: catch, cage, the permanent cages, and the Not Used inventory."""

DEMO = {
    "id": "lab-animals",
    "order": 80,
    "title": "Lab Animals, Dummies and the inventory",
    "summary": "a Dummy is discovered, a Lab Animal caught (1-3), caged and put back in the "
               "Lab's cages; a Science Officer inventories the Not Used box",
    "section": "Lab Animals",
    "quote": "Lab Animals may be captured (see Attempt to Catch Lab Animal). If captured, they "
             "may be caged. After being caged, they may be transported back to the Laboratory "
             "and returned to the built-in cages.",
    "start": {"position": {
        "phase": "interaction2", "turn": 2,
        "crew": {"en3": {"at": "lab"}, "co2": {"at": "lab", "carrying": ["cage1"]},
                 "so3": {"at": "computer"}},
        "counters": [{"kind": "lab_animal", "at": "lab"}, {"kind": "dummy", "at": "lab"},
                     {"kind": "intruder", "at": "dock2"}],
        "not_used": ["dummy", "lab_animal", "dummy", "lab_animal"],
        "dice": [2],  # the catch: 1-3
    }},
    "intro": {
        "say": "Second Interaction Phase. In the Lab two face-down counters are turned over: "
               "a Lab Animal, and a Dummy, which goes to the Dummy Counters Discovered box. "
               "Nobody knows yet how many of the eight hidden counters were Lab Animals: four "
               "more lie face down in the Not Used box.",
        "rule": "Lab Animals; Combat Segment",
        "expect": [{"type": "reveal", "token": "c1", "kind": "lab_animal"},
                   {"type": "reveal", "token": "c2", "kind": "dummy"}],
    },
    "steps": [
        {
            "do": {"type": "catch", "crew": "en3", "target": "c1"},
            "say": "The Engineer carries nothing, so he may try to catch it: a 2 (1-3 "
                   "catches). Holding it, he may do nothing else until it is caged or let go.",
            "rule": "Attempt to Catch Lab Animal",
            "expect": [{"type": "roll", "die": 2}, {"type": "caught", "crew": "en3"}],
            "your_move": {
                "ask": "A Lab Animal runs loose in the Lab. The Engineer's hands are free; the "
                       "Command Officer carries a Cage. What now?",
                "options": [
                    {"do": {"type": "catch", "crew": "en3", "target": "c1"},
                     "why": "Only a crewman with at most one small object may catch it, and "
                            "the one with the Cage can then cage it."},
                    {"do": {"type": "end_actions"},
                     "why": "Loose Lab Animals go back among the hidden counters at every "
                            "Panic, and the Intruder will set caged ones free."},
                ]},
        },
        {
            "do": {"type": "cage_animal", "crew": "co2", "holder": "en3"},
            "say": "The Command Officer cages the animal the Engineer holds: automatic.",
            "rule": "Cage Lab Animal",
            "expect": [{"type": "animal_caged", "crew": "co2"}],
        },
        {
            "do": {"type": "transfer", "crew": "so1", "target": "c1"},
            "say": "Science Officer 1 (at his set-up post in the Lab) transfers it to the "
                   "permanent cages: only Science Officers, only in the Second Interaction "
                   "Phase, and the animal leaves play for the Caged Lab Animals box.",
            "rule": "Transfer a Lab Animal to a Permanent Cage",
            "expect": [{"type": "transferred", "crew": "so1"}],
        },
        {
            "do": {"type": "inventory", "crew": "so3", "target": "n1"},
            "say": "In the Computer Room, Science Officer 3 inventories the Not Used box: "
                   "counter n1 is a Dummy. Counter by counter the player learns how many Lab "
                   "Animals are really loose on the station.",
            "rule": "Inventory Lab Animals; ruling R16",
            "expect": [{"type": "inventory", "token": "n1", "kind": "dummy"}],
        },
    ],
}
