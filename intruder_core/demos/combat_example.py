"""The rulebook's COMBAT EXAMPLE, roll by roll, with the dice the book names."""

DEMO = {
    "id": "combat-example",
    "order": 20,
    "title": "The Combat Example",
    "summary": "a Life Stage 3 Intruder meets a Science Officer and a Command Officer",
    "section": "Combat Example",
    "quote": "During the Interaction Phase, the human player turns both counters over. One is "
             "a Dummy and is removed from play. The other is the Intruder, which is in Life "
             "Stage 3.",
    "start": {"position": {
        "phase": "interaction1", "stage": 3, "unknown": 4,
        "crew": {"so1": {"at": "store_a1", "carrying": ["dart1"]},
                 "co1": {"at": "store_a1", "carrying": ["flamethrower1", "blaster1"]}},
        "counters": [{"kind": "intruder", "at": "store_a1"}, {"kind": "dummy", "at": "store_a1"}],
        "dice": [2,  # the Intruder attacks on 1-3
                 2,  # Science Officer 1-3, Command Officer 4-6: the Science Officer
                 1, 2, 2, 3, 4, 4, 4, 5,  # powers 3, 5, 8, 9 (two dice each)
                 3,  # the Science Officer's Self Defense with the Sleep Dart: no effect
                 2,  # kill on 1-4: the Science Officer is killed
                 1],  # the Command Officer's Blaster: 1, +1 for the death = 2, still K
    }},
    "intro": {
        "say": "Two counters moved in with a Science Officer and a Command Officer. Both are "
               "turned over: one is a Dummy and leaves play, the other is the Intruder in "
               "Life Stage 3. It rolls to attack: a 2 (it attacks on 1-3). The Science Officer "
               "is given 1-3 and the Command Officer 4-6: the die is a 2, so the Science "
               "Officer is the target. Its four powers are rolled: Fast Reflexes, Immune to "
               "Cold, Extra Strong and Immune to Flame.",
        "rule": "Combat Example",
        "expect": [
            {"type": "reveal", "kind": "intruder"}, {"type": "reveal", "kind": "dummy"},
            {"type": "roll", "die": 2, "rule": "Intruder Attacks on Crewmen"},
            {"type": "roll", "die": 2},
            {"type": "power", "text": "Fast Reflexes"},
            {"type": "power", "text": "Immune to Cold"},
            {"type": "power", "text": "Extra Strong"},
            {"type": "power", "text": "Immune to Flame"},
            {"type": "attack_target", "crew": "so1"},
        ],
    },
    "steps": [
        {
            "do": {"type": "defend", "crew": "so1", "weapon": "dart"},
            "say": "He fires his Sleep Dart in Self Defense and rolls a 3: no effect, since "
                   "this is a Self Defense attack. The Intruder now attacks: 1-4 kills, the die "
                   "is a 2 and the Science Officer is killed.",
            "rule": "Intruder Attacks on Crewmen",
            "expect": [{"type": "roll", "die": 3}, {"type": "attack", "effects": []},
                       {"type": "roll", "die": 2}, {"type": "crew_killed", "crew": "so1"}],
            "your_move": {
                "ask": "The Intruder attacks the Science Officer, who carries a Sleep Dart. "
                       "What does he do?",
                "options": [
                    {"do": {"type": "defend", "crew": "so1", "weapon": "dart"},
                     "why": "The book's player has him fire in Self Defense: it is his only "
                            "chance to stop the attack."},
                    {"do": {"type": "no_defense"},
                     "why": "Taking the attack without a shot throws away a chance: a Self "
                            "Defense roll costs nothing here."},
                ]},
        },
        {
            "do": {"type": "attack", "crew": "co1", "target": "c1", "weapon": "blaster"},
            "say": "Crew Action Segment. The Command Officer has just learned the Flamethrower "
                   "is useless, so he fires his Blaster: a 1, raised to 2 because of the other "
                   "crewman's death, still a kill. The game is over.",
            "rule": "Combat Example; ruling R5",
            "expect": [{"type": "roll", "die": 1}, {"type": "shaken", "die": 2},
                       {"type": "intruder_killed"}, {"type": "game_over", "outcome": "win"}],
            "your_move": {
                "ask": "The Command Officer carries a Flamethrower and a Blaster. Which does "
                       "he fire?",
                "options": [
                    {"do": {"type": "attack", "crew": "co1", "target": "c1",
                            "weapon": "blaster"},
                     "why": "The Intruder is Immune to Flame: only the Blaster can hurt it."},
                    {"do": {"type": "attack", "crew": "co1", "target": "c1",
                            "weapon": "flamethrower"},
                     "why": "It is Immune to Flame: the Flamethrower would have no effect."},
                ]},
        },
    ],
    "end": {"outcome": "win"},
}
