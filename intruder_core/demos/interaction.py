"""An Interaction Sub-routine: whom the Intruder attacks, Self Defense for another crewman."""

DEMO = {
    "id": "interaction",
    "order": 50,
    "title": "Interactions: the target roll and Self Defense",
    "summary": "three crewmen meet the Intruder: 1-2, 3-4, 5-6 picks the target; another "
               "crewman fires in his defence; the Intruder retreats",
    "section": "Intruder Attacks on Crewmen",
    "quote": "If there are three crewmen in the compartment, arbitrarily assign one of them "
             "1-2, the second 3-4, and the third 5-6. [...] Alternatively, the human player "
             "may designate any other crewman present in the compartment to make the Self "
             "Defense attack in behalf of the crewman being attacked.",
    "start": {"position": {
        "phase": "interaction1", "stage": 3,
        "crew": {"en1": {"at": "store_b1"}, "so1": {"at": "store_b1"},
                 "co1": {"at": "store_b1", "carrying": ["blaster1"]}},
        "counters": [{"kind": "intruder", "at": "store_b1"}],
        "dice": [1,  # it attacks (1-3)
                 3,  # Engineer 1-2, Science Officer 3-4, Command Officer 5-6: the Science Officer
                 1, 1, 1, 2, 2, 2, 3, 3,  # powers 2, 3, 4, 6
                 2,  # the Command Officer's Blaster in Self Defense: IR
                 1],  # the Engineer's improvised weapons: K
    }},
    "intro": {
        "say": "Three crewmen are in Storage B-1 when a counter there turns out to be the "
               "Intruder, in Life Stage 3. It attacks on a 1. The Engineer gets 1-2, the "
               "Science Officer 3-4 and the Command Officer 5-6: the die is a 3, so it goes for "
               "the Science Officer. Its four powers are rolled: Immune to Shock, Fast "
               "Reflexes, Immune to Vacuum and Very Fast.",
        "rule": "Intruder Attacks on Crewmen; ruling R4",
        "expect": [{"type": "reveal", "kind": "intruder"}, {"type": "roll", "die": 1},
                   {"type": "roll", "die": 3},
                   {"type": "power", "power": "immune_shock"},
                   {"type": "power", "power": "fast_reflexes"},
                   {"type": "power", "power": "immune_vacuum"},
                   {"type": "power", "power": "very_fast"},
                   {"type": "attack_target", "crew": "so1"}],
    },
    "steps": [
        {
            "do": {"type": "defend", "crew": "co1", "weapon": "blaster"},
            "say": "The Command Officer fires his Blaster for him. Self Defense reads the right "
                   "of the slash: a 2 is IR, the Intruder retreats and does not attack. Firing "
                   "was the Command Officer's action for this phase.",
            "rule": "Crew Attacks on the Intruder",
            "expect": [{"type": "roll", "die": 2}, {"type": "attack", "effects": ["IR"]}],
            "your_move": {
                "ask": "The Intruder attacks the unarmed Science Officer. Who fires in Self "
                       "Defense?",
                "options": [
                    {"do": {"type": "defend", "crew": "co1", "weapon": "blaster"},
                     "why": "Any crewman present may make the Self Defense attack for the one "
                            "attacked, and the Command Officer's Blaster is the best weapon "
                            "there."},
                    {"do": {"type": "defend", "crew": "en1", "weapon": "improvised"},
                     "why": "Improvised weapons in Self Defense only make it retreat, and "
                            "only on a 1: the Blaster does better."},
                    {"do": {"type": "no_defense"},
                     "why": "Without a Self Defense attack the Intruder kills on 1-4."},
                ]},
        },
        {
            "do": {"type": "attack", "crew": "en1", "target": "c1", "weapon": "improvised"},
            "say": "Crew Action Segment. The Engineer carries nothing, so he may use improvised "
                   "weapons: a 1 is K on the left of the slash. The Intruder is dead and the "
                   "crew has won.",
            "rule": "Weapons",
            "expect": [{"type": "roll", "die": 1}, {"type": "intruder_killed"},
                       {"type": "game_over", "outcome": "win"}],
        },
    ],
    "end": {"outcome": "win"},
}
