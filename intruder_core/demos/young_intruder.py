"""Life Stages 1 and 2: the crew may kill the Intruder only in Self Defense."""

DEMO = {
    "id": "young-intruder",
    "order": 58,
    "title": "Killing a young Intruder: Self Defense only",
    "summary": "in Life Stage 2 a Blaster attack is refused, but a Self Defense shot may kill",
    "section": "Restrictions and Modifications to Combat",
    "quote": "If the Intruder is in Life Stage 1 or 2 the crew can take no action to kill it "
             "except in Self Defense.",
    "start": {"position": {
        "phase": "interaction1", "stage": 2,
        "known": ["immune_gas", "immune_flame", "very_fast"],
        "crew": {"co1": {"at": "store_c1", "carrying": ["blaster1"]}},
        "counters": [{"kind": "intruder", "at": "store_c1", "face_up": True}],
        "dice": [5,  # no attack this phase
                 5,  # the metamorphosis roll: no change (1-2)
                 2,  # Second Interaction Phase: it attacks (1-3)
                 1],  # the Blaster in Self Defense: K
    }},
    "intro": {
        "say": "A Command Officer with a Blaster faces the Intruder, face up, in Storage C-1. "
               "It is in Life Stage 2 and rolls a 5: no attack.",
        "rule": "Intruder Attacks on Crewmen",
        "expect": [{"type": "roll", "die": 5}, {"type": "no_attack"}],
    },
    "steps": [
        {
            "try": {"type": "attack", "crew": "co1", "target": "c1", "weapon": "blaster"},
            "refused": "Life Stage 2",
            "say": "He may not shoot it: in Life Stage 1 or 2 the crew may not try to kill "
                   "the Intruder except in Self Defense. Darts and Prods are the way now.",
            "rule": "Restrictions and Modifications to Combat; ruling R7",
        },
        {
            "do": {"type": "end_actions"},
            "say": "He ends his actions and stays with it: the Crew Movement Phase begins.",
            "rule": "Sequence of Play",
            "expect": [{"type": "phase", "phase": "crew_movement"}],
        },
        {
            "do": {"type": "end_movement"},
            "say": "The metamorphosis die is a 5: still Life Stage 2. In the Second Interaction "
                   "Phase the Intruder attacks on a 2.",
            "rule": "Metamorphosis",
            "expect": [{"type": "roll", "die": 5}, {"type": "roll", "die": 2},
                       {"type": "attack_target", "crew": "co1"}],
        },
        {
            "do": {"type": "defend", "crew": "co1", "weapon": "blaster"},
            "say": "Now he may fire, in Self Defense, and its K result kills: a 1.",
            "rule": "Restrictions and Modifications to Combat; ruling R7",
            "expect": [{"type": "roll", "die": 1}, {"type": "intruder_killed"},
                       {"type": "game_over", "outcome": "win"}],
            "your_move": {
                "ask": "The Life Stage 2 Intruder attacks the Command Officer. He has a "
                       "Blaster. Shoot?",
                "options": [
                    {"do": {"type": "defend", "crew": "co1", "weapon": "blaster"},
                     "why": "In Self Defense he may fire a weapon that can kill, even in Life "
                            "Stage 1 or 2."},
                    {"do": {"type": "no_defense"},
                     "why": "Without a shot it kills him on 1-3."},
                ]},
        },
    ],
    "end": {"outcome": "win"},
}
