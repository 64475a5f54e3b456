"""Clones, later: metamorphosis adds a Clone; a frozen Clone keeps the powers it had."""

DEMO = {
    "id": "clones-later",
    "order": 45,
    "title": "Clones: metamorphosis and a frozen Clone",
    "summary": "the rulebook's second and third Clone examples: Life Stage 4 adds a third "
               "Intruder; a Clone frozen earlier does not gain Immune to Cold",
    "section": "Clones",
    "quote": "EXAMPLE: Later in the game detailed above, the player notes that one Clone is "
             "still on the map, but the other has been frozen. The metamorphosis die roll "
             "indicates that the Intruder has advanced to the fourth Life Stage. The chart "
             "indicates that, at this level, there should be three Clones in the game. One is "
             "added to the Clones Not Yet in Play box and will later be added to the game. "
             "[...] This has no effect on the frozen Intruder since his development was "
             "stopped before the metamorphosis that gave him (or would have given him) that "
             "power.",
    "start": {"position": {
        "phase": "metamorphosis", "stage": 3,
        "known": ["immune_gas", "immune_flame", "immune_vacuum", "clone"],
        "crew": {"co1": {"at": "store_c2", "carrying": ["blaster1"]}, "co2": {"at": "store_c2"}},
        "counters": [{"kind": "intruder", "at": "store_c2"},
                     {"kind": "intruder", "at": "frozen"}],
        "dice": [1,  # metamorphosis: Life Stage 4
                 6,  # the Clone on the map does not attack (1-4)
                 2, 3,  # the new power: 5, Immune to Cold
                 4],  # the Blaster: no effect
    }},
    "intro": {
        "say": "One Clone is in Storage C-2 with two Command Officers; the other was frozen "
               "earlier. The metamorphosis die is a 1: Life Stage 4, where the chart wants "
               "three Intruders, so a third goes to the Clones Not Yet in Play box. In the "
               "Second Interaction Phase the Clone does not attack, and its new power is "
               "rolled: Immune to Cold. The frozen Clone stays frozen: its development stopped "
               "in Life Stage 3.",
        "rule": "Clones; Metamorphosis",
        "expect": [{"type": "roll", "die": 1}, {"type": "metamorphosis", "stage": 4},
                   {"type": "clone"}, {"type": "reveal", "kind": "intruder"},
                   {"type": "power", "power": "immune_cold"}],
    },
    "steps": [
        {
            "do": {"type": "attack", "crew": "co1", "target": "c1", "weapon": "blaster"},
            "say": "The Command Officer fires: a 4, no effect. Killing this one would not win "
                   "the game anyway: a Clone still waits to come in at the next Panic.",
            "rule": "Clones",
            "expect": [{"type": "roll", "die": 4}, {"type": "attack", "effects": []}],
            "your_move": {
                "ask": "Life Stage 4: the crew may kill. The Command Officer has a Blaster. "
                       "Fire?",
                "options": [
                    {"do": {"type": "attack", "crew": "co1", "target": "c1",
                            "weapon": "blaster"},
                     "why": "Every Clone must be killed or captured to win: fire while it is "
                            "in reach."},
                    {"do": {"type": "end_actions"},
                     "why": "Holding fire leaves a Life Stage 4 Intruder that kills on 1-4 "
                            "in the room with him."},
                ]},
        },
    ],
}
