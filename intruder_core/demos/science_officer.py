"""The Science Officer scenario: two crew players acting at once, scoring by different tables."""

DEMO = {
    "id": "science-officer",
    "order": 140,
    "title": "Scenario: the Science Officer",
    "summary": "one player has the three Science Officers, the other the rest; both act in the "
               "same phase, and a kill scores +7 for one and -5 for the other",
    "section": "The Science Officer",
    "quote": "Each of the two human players will move, act, and function during the human "
             "phases simultaneously with each other. [...] Each of the two human players "
             "scores points against the Intruder separately, but using different point values.",
    "start": {"position": {
        "scenario": "science_officer", "phase": "interaction1", "stage": 3,
        "known": ["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
        "crew": {"so1": {"at": "store_a1", "carrying": ["dart1"]},
                 "co1": {"at": "store_a1", "carrying": ["blaster1"]}},
        "counters": [{"kind": "intruder", "at": "store_a1", "face_up": True}],
        "dice": [5,  # no attack
                 1,  # the Sleep Dart: S
                 2],  # the Blaster: K
    }},
    "intro": {
        "say": "The Science Officer player's Science Officer 1 and the other player's Command "
               "Officer 1 stand with a Life Stage 3 Intruder in Storage A-1. It rolls a 5: no "
               "attack. Both players may now act, in any order.",
        "rule": "The Science Officer",
        "expect": [{"type": "roll", "die": 5}, {"type": "no_attack"}],
    },
    "steps": [
        {
            "do": {"type": "attack", "crew": "so1", "target": "c1", "weapon": "dart"},
            "say": "The Science Officer player fires the dart: a 1, the Intruder sleeps. A "
                   "sleeping Intruder can be caged on 1-5: a capture is worth +20 to him.",
            "rule": "The Science Officer; Weapons",
            "expect": [{"type": "roll", "die": 1}, {"type": "attack", "effects": ["S"]}],
            "your_move": {
                "ask": "You play the Science Officers: +20 for an Intruder captured, -5 for one "
                       "killed. What does Science Officer 1 do?",
                "options": [
                    {"do": {"type": "attack", "crew": "so1", "target": "c1", "weapon": "dart"},
                     "why": "A sleeping Intruder can be caged or carried to the Freezer: a "
                            "capture is your best score."},
                    {"do": {"type": "end_actions", "player": "science"},
                     "why": "Passing leaves the Command player free to kill it: -5 for you."},
                ]},
        },
        {
            "do": {"type": "attack", "crew": "co1", "target": "c1", "weapon": "blaster"},
            "say": "But the other player shoots the sleeping Intruder: a 2, killed. The game "
                   "is over. The Command and Engineer player scores +7, the Science Officer "
                   "player -5: only one score is positive, so the Command player wins.",
            "rule": "The Science Officer",
            "expect": [{"type": "roll", "die": 2}, {"type": "intruder_killed"},
                       {"type": "game_over", "scores": {"science": -5, "command": 7},
                        "winner": "command"}],
        },
    ],
    "end": {"outcome": "win"},
}
