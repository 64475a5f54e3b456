"""Escape via Shuttle: the Intruder Stowaway Index, a fight aboard, the hatches, the score."""

DEMO = {
    "id": "shuttles",
    "order": 105,
    "title": "Shuttles, stowaways and the score",
    "summary": "two shuttles leave; the Intruder Stowaway Index gets the Intruder aboard one; "
               "its crew prepares and opens the hatches, and the score is counted",
    "section": "Escape via Shuttle",
    "quote": "Determine, at the instant of Shuttle departure, the number of Intruders that are "
             "on the station (not counting any Frozen or Caged). Add one to this number to "
             "yield the Intruder Stowaway Index (ISI). Roll a single die. If the result of the "
             "die roll is equal to or less than the ISI, one Intruder is on board the Shuttle.",
    "start": {"position": {
        "phase": "interaction2", "turn": 12, "self_destruct": 1, "stage": 3,
        "known": ["immune_gas", "immune_flame", "very_fast", "blaster_resistant"],
        "crew": {"co1": {"at": "dock1"}, "co2": {"at": "dock1"}, "so1": {"at": "dock1"},
                 "en1": {"at": "dock1"}, "co3": {"at": "dock2"}, "en2": {"at": "dock2"},
                 "en3": {"at": "dock2"}},
        "counters": [{"kind": "intruder", "at": "store_a1"}],
        "dice": [3,  # shuttle 1: ISI 2, a 3: no stowaway
                 2,  # shuttle 2: ISI 2, a 2: the Intruder is aboard
                 5,  # round 1: no attack (1-3)
                 6],  # round 2: no attack
    }},
    "intro": {
        "say": "The Self-Destruct marker is in the 1 box: this is the last Second Interaction "
               "Phase. Four crewmen wait in Shuttle Dock #1, three in Shuttle Dock #2. The "
               "Intruder is loose somewhere on the station.",
        "rule": "Escape via Shuttle",
        "expect": [{"type": "phase", "phase": "interaction2", "turn": 12}],
    },
    "steps": [
        {
            "do": {"type": "leave", "shuttle": "shuttle1", "crew": ["co1", "co2", "so1", "en1"]},
            "say": "Shuttle 1 leaves with four crewmen, its most. One free Intruder is on the "
                   "station: the ISI is 1 + 1 = 2. The die is a 3: nothing got aboard.",
            "rule": "Escape via Shuttle; ruling R18",
            "expect": [{"type": "departure", "shuttle": "shuttle1"},
                       {"type": "roll", "die": 3}, {"type": "no_stowaway"}],
            "your_move": {
                "ask": "Four crewmen are in Shuttle Dock #1. Who goes in Shuttle 1?",
                "options": [
                    {"do": {"type": "leave", "shuttle": "shuttle1",
                            "crew": ["co1", "co2", "so1", "en1"]},
                     "why": "All four: a shuttle carries up to four, and whoever stays dies "
                            "with the station."},
                    {"do": {"type": "leave", "shuttle": "shuttle1", "crew": ["co1", "co2"]},
                     "why": "The two left behind die when the station blows up (-5 each)."},
                ]},
        },
        {
            "do": {"type": "leave", "shuttle": "shuttle2", "crew": ["co3", "en2", "en3"]},
            "say": "Shuttle 2 leaves too. The ISI is still 2, and the die is a 2: the Intruder "
                   "is aboard! Interaction Sub-routines run in the shuttle. It rolls a 5: no "
                   "attack this round.",
            "rule": "Escape via Shuttle; ruling R24",
            "expect": [{"type": "departure", "shuttle": "shuttle2"},
                       {"type": "roll", "die": 2}, {"type": "stowaway"},
                       {"type": "interaction", "text": "round 1"}, {"type": "roll", "die": 5}],
        },
        {
            "do": {"type": "prepare_hatches"},
            "say": "The crew spends its whole Crew Action Segment preparing: pressure suits on, "
                   "strapped down. Round 2: the Intruder rolls a 6, no attack.",
            "rule": "Escape via Shuttle; ruling R24",
            "expect": [{"type": "prepared"}, {"type": "interaction", "text": "round 2"},
                       {"type": "roll", "die": 6}],
        },
        {
            "do": {"type": "open_hatches", "crew": "en2"},
            "say": "Engineer 2 opens the hatches: the Intruder, without Fast Reflexes or "
                   "Immune to Vacuum, is pulled into space and dies; the prepared crew is "
                   "unharmed. It was the only Intruder: the game is over at once. Score: +7 "
                   "for the Intruder killed, no crewman dead. A win.",
            "rule": "Escape via Shuttle; How to Win",
            "expect": [{"type": "hatches"}, {"type": "intruder_killed"},
                       {"type": "game_over", "outcome": "win", "score": 7}],
        },
    ],
    "end": {"outcome": "win"},
}
