"""The score when the station is destroyed: three crewmen escaped make it a draw."""

DEMO = {
    "id": "self-destruct-draw",
    "order": 108,
    "title": "The score: self-destruction as a draw",
    "summary": "three crewmen get away in a shuttle; the station blows up with everyone else "
               "aboard; the score is negative, but with three survivors it is a draw",
    "section": "How to Win",
    "quote": "Players are advised to consider Self-Destruction (with the survival of at least "
             "three crewmen) to be an automatic draw.",
    "start": {"position": {
        "phase": "interaction2", "turn": 14, "self_destruct": 1,
        "crew": {"co1": {"at": "dock1"}, "co2": {"at": "dock1"}, "so1": {"at": "dock1"},
                 "co3": {"at": "command"}},
        "counters": [{"kind": "intruder", "at": "store_a1"}],
        "dice": [4],  # shuttle 1: ISI 2, a 4: no stowaway
    }},
    "intro": {
        "say": "The Self-Destruct marker is in the 1 box. Three crewmen reached Shuttle Dock "
               "#1; the other six are scattered over the station, and the Intruder is loose.",
        "rule": "Self-Destruction; Escape via Shuttle",
        "expect": [{"type": "phase", "phase": "interaction2", "turn": 14}],
    },
    "steps": [
        {
            "do": {"type": "leave", "shuttle": "shuttle1", "crew": ["co1", "co2", "so1"]},
            "say": "Shuttle 1 leaves with all three. The ISI is 1 + 1 = 2 and the die is a 4: "
                   "no stowaway.",
            "rule": "Escape via Shuttle; ruling R18",
            "expect": [{"type": "departure", "shuttle": "shuttle1"},
                       {"type": "roll", "die": 4}, {"type": "no_stowaway"}],
            "your_move": {
                "ask": "Three crewmen wait in Shuttle Dock #1 and the station has one turn "
                       "left. Who leaves?",
                "options": [
                    {"do": {"type": "leave", "shuttle": "shuttle1",
                            "crew": ["co1", "co2", "so1"]},
                     "why": "All three: self-destruction is a draw only if at least three "
                            "crewmen survive."},
                    {"do": {"type": "leave", "shuttle": "shuttle1", "crew": ["co1", "co2"]},
                     "why": "With only two survivors the score decides, and it is far below "
                            "zero: a loss."},
                ]},
        },
        {
            "do": {"type": "end_actions"},
            "say": "The marker moves to 0 and the station is destroyed: the six crewmen left "
                   "aboard die (-5 each) and the Intruder with them (+7). The score is -23, "
                   "but three crewmen escaped: a draw.",
            "rule": "How to Win",
            "expect": [{"type": "self_destruct", "box": 0}, {"type": "destroyed"},
                       {"type": "game_over", "outcome": "draw", "score": -23}],
        },
    ],
    "end": {"outcome": "draw"},
}
