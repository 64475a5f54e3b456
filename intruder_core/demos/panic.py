"""Panic: a crewman is killed; the crew falls back, the counters are gathered and placed."""

DEMO = {
    "id": "panic",
    "order": 90,
    "title": "Panic",
    "summary": "a killing brings a Panic Interlude: the crew to the Command Module, the "
               "counters shuffled and placed from Access Shaft #1, two metamorphosis rolls",
    "section": "Panic",
    "quote": "A Panic Interlude will interrupt the Sequence of Play at the end of any "
             "Interaction Phase in which a crewman or an Intruder has been killed, UNLESS a "
             "crewman has an Intruder \"in control\" with an Electric Prod or trapped in a "
             "Cage.",
    "start": {"position": {
        "phase": "interaction1", "turn": 3, "stage": 3,
        "known": ["clone", "immune_gas", "immune_flame", "immune_vacuum"],
        "crew": {"en1": {"at": "store_c1"}},
        "counters": [{"kind": "intruder", "at": "store_c1"},
                     {"kind": "lab_animal", "at": "store_b1"},
                     {"kind": "dummy", "at": "discovered"}],
        "clones_pending": 1,
        "dice": [1,  # the Intruder attacks (1-3)
                 4,  # improvised weapons in Self Defense: no effect
                 2,  # kill on 1-4
                 1, 6,  # Panic: two metamorphosis rolls; the first (1) takes it to Life Stage 4
                 5, 5, 5, 5],  # the next turn's random movement: every counter stays
    }},
    "intro": {
        "say": "Engineer 1, unarmed, finds the Intruder in Storage C-1: Life Stage 3, a Clone "
               "waiting in the Clones Not Yet in Play box. It attacks on a 1.",
        "rule": "Intruder Attacks on Crewmen",
        "expect": [{"type": "reveal", "kind": "intruder"}, {"type": "roll", "die": 1},
                   {"type": "attack_target", "crew": "en1"}],
    },
    "steps": [
        {
            "do": {"type": "defend", "crew": "en1", "weapon": "improvised"},
            "say": "He swings improvised weapons in Self Defense: a 4, no effect. The Intruder "
                   "kills on 1-4 and rolls a 2: he is dead. At the end of the phase, Panic: "
                   "nobody holds the Intruder with a Prod or a Cage. The crew falls back to the "
                   "Command Module; the Intruder, the waiting Clone, the face-down Lab Animal "
                   "and the discovered Dummy are shuffled face down and placed in Access Shaft "
                   "#1, #2, #3, then Storage A-1. Two metamorphosis rolls: a 1 (Life Stage 4, "
                   "so a third Intruder now waits) and a 6. A new turn begins.",
            "rule": "Panic",
            "expect": [{"type": "roll", "die": 4}, {"type": "roll", "die": 2},
                       {"type": "crew_killed", "crew": "en1"}, {"type": "panic"},
                       {"type": "placed", "placed": [["c4", "shaft1"], ["c5", "shaft2"],
                                                     ["c6", "shaft3"], ["c7", "store_a1"]]},
                       {"type": "roll", "die": 1},
                       {"type": "metamorphosis"}, {"type": "clone"},
                       {"type": "roll", "die": 6}, {"type": "phase", "phase": "movement",
                                                    "turn": 4}],
            "your_move": {
                "ask": "The Intruder attacks the unarmed Engineer. Does he fight back?",
                "options": [
                    {"do": {"type": "defend", "crew": "en1", "weapon": "improvised"},
                     "why": "Improvised weapons need no carrying; in Self Defense a 1 makes "
                            "it retreat. A small chance beats none."},
                    {"do": {"type": "no_defense"},
                     "why": "Without a Self Defense attack the Intruder simply rolls to kill "
                            "(1-4)."},
                ]},
        },
    ],
}
