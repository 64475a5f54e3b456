"""Capture: an Electric Prod gains control, the Intruder is forced into the Freezer, frozen."""

DEMO = {
    "id": "prod-and-freezer",
    "order": 70,
    "title": "The Electric Prod and the Freezer",
    "summary": "control with a Prod (1-4 in Life Stage 2), force the Intruder into the Freezer, "
               "turn it on: captured, +15",
    "section": "Gaining Control Using Electric Prods",
    "quote": "The Intruder may be \"controlled\" by electric Prod, forced into the Freezer, and "
             "frozen.",
    "start": {"position": {
        "phase": "interaction1", "stage": 2,
        "known": ["immune_gas", "very_fast", "fast_reflexes"],
        "crew": {"co1": {"at": "command", "carrying": ["prod1"]}},
        "counters": [{"kind": "intruder", "at": "command", "face_up": True}],
        "dice": [6,  # no attack
                 3,  # the Prod: control on 1-4 in Life Stage 2
                 6],  # no metamorphosis
    }},
    "intro": {
        "say": "The Intruder has wandered into the Command Module, where a Command Officer "
               "carries an Electric Prod. It rolls a 6: no attack.",
        "rule": "Intruder Attacks on Crewmen",
        "expect": [{"type": "roll", "die": 6}, {"type": "no_attack"}],
    },
    "steps": [
        {
            "do": {"type": "prod", "crew": "co1", "target": "c1"},
            "say": "He prods it: a 3, and Life Stage 2 is controlled on 1-4. He has control: "
                   "it cannot move or attack, and he may take no other action.",
            "rule": "Gaining Control Using Electric Prods",
            "expect": [{"type": "roll", "die": 3}, {"type": "control"}],
            "your_move": {
                "ask": "A Life Stage 2 Intruder, and a Command Officer with a Prod. What does "
                       "he do?",
                "options": [
                    {"do": {"type": "prod", "crew": "co1", "target": "c1"},
                     "why": "Control on 1-4 in Life Stage 2: good odds, and it leads to the "
                            "Freezer."},
                    {"do": {"type": "end_actions"},
                     "why": "Every turn it grows, the Prod's odds fall (1-3, then 1-2, then "
                            "1)."},
                ]},
        },
        {
            "do": {"type": "end_actions"},
            "say": "The Sub-routine in the Command Module is over; the rest of the crew may "
                   "still act in this phase.",
            "rule": "Interaction Sub-routine",
            "expect": [],
        },
        {
            "do": {"type": "end_actions"},
            "say": "Nobody else acts; the Crew Movement Phase begins.",
            "rule": "Sequence of Play",
            "expect": [{"type": "phase", "phase": "crew_movement"}],
        },
        {
            "try": {"type": "unlock", "crew": "co1", "room": "freezer"},
            "refused": "control",
            "say": "The Command Officer in control may take no other Action or Function: he "
                   "cannot unlock the Freezer himself.",
            "rule": "Gaining Control Using Electric Prods; ruling R11",
        },
        {
            "do": {"type": "move", "crew": "co2", "to": "a1"},
            "say": "Command Officer 2 hurries from the Mess to Corridor A-1...",
            "rule": "Crew Movement",
            "expect": [{"type": "move", "crew": "co2", "to": "a1"}],
        },
        {
            "do": {"type": "move", "crew": "co2", "to": "command"},
            "say": "...and into the Command Module.",
            "rule": "Crew Movement",
            "expect": [{"type": "move", "crew": "co2", "to": "command"}],
        },
        {
            "do": {"type": "unlock", "crew": "co2", "room": "freezer"},
            "say": "Any crewman may unlock the Freezer from the Command Module: it costs no "
                   "movement point and lasts for this Crew Movement Phase.",
            "rule": "Unlock Freezer; ruling R12",
            "expect": [{"type": "unlock", "room": "freezer"}],
        },
        {
            "do": {"type": "force_into_freezer", "crew": "co1"},
            "say": "He drives the Intruder into the Freezer and shuts the door: it uses his "
                   "whole movement.",
            "rule": "ruling R22",
            "expect": [{"type": "forced", "crew": "co1"}],
        },
        {
            "do": {"type": "end_movement"},
            "say": "No metamorphosis (a 6). The Second Interaction Phase begins.",
            "rule": "Metamorphosis",
            "expect": [{"type": "roll", "die": 6}, {"type": "phase", "phase": "interaction2"}],
        },
        {
            "do": {"type": "freeze", "crew": "co1"},
            "say": "He turns on the Freezer (an action of the Second Interaction Phase only). "
                   "The Intruder, not Immune to Cold, is frozen: captured, 15 points, and the "
                   "game is won.",
            "rule": "Turn on the Freezer; ruling R13",
            "expect": [{"type": "frozen"}, {"type": "game_over", "outcome": "win",
                                            "score": 15}],
        },
    ],
    "end": {"outcome": "win"},
}
