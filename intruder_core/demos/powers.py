"""Powers: the rulebook's repeated power roll (5, 5 again, then 7), and caging a young one."""

DEMO = {
    "id": "powers",
    "order": 30,
    "title": "Powers and the repeated power roll",
    "summary": "two unknown powers: 5 (Immune to Cold), 5 again (rolled again), 7 (Clone); "
               "then a Life Stage 1 Intruder is caged awake",
    "section": "Powers and Properties of the Intruder",
    "quote": "EXAMPLE: Two unknown powers are to be determined. The player rolls two dice, and "
             "the result is \"5\" (Immune to Cold). For the second power, another \"5\" is "
             "rolled. Since the Intruder is already known to have this power, the dice must be "
             "rolled again. This time the result is a \"7\" (Clone).",
    "start": {"position": {
        "phase": "interaction1", "stage": 1,
        "crew": {"co1": {"at": "store_a1", "carrying": ["cage1"]}},
        "counters": [{"kind": "intruder", "at": "store_a1"}],
        "dice": [6,  # no attack (1-3 in Life Stage 1)
                 2, 3,  # 5: Immune to Cold
                 1, 4,  # 5 again: roll again
                 3, 4,  # 7: Clone
                 2],  # awake and in Life Stage 1, caged on 1-2
    }},
    "intro": {
        "say": "A Command Officer carrying a Cage finds the Intruder in Storage A-1. It rolls "
               "a 6 and does not attack. Its two unknown powers are rolled with two dice: 5, "
               "Immune to Cold; 5 again, already known, so the dice are rolled again; 7, "
               "Clone. In Life Stage 1 the chart allows one Intruder, so no Clone waits yet.",
        "rule": "Powers and Properties of the Intruder",
        "expect": [{"type": "reveal", "kind": "intruder"},
                   {"type": "roll", "die": 6},
                   {"type": "roll", "die": 2}, {"type": "roll", "die": 3},
                   {"type": "power", "power": "immune_cold"},
                   {"type": "roll", "die": 1}, {"type": "roll", "die": 4},
                   {"type": "power_reroll"},
                   {"type": "roll", "die": 3}, {"type": "roll", "die": 4},
                   {"type": "power", "power": "clone"}, {"type": "no_attack"}],
    },
    "steps": [
        {
            "do": {"type": "cage", "crew": "co1", "target": "c1"},
            "say": "Awake, the Intruder can be caged only in Life Stage 1, and only on 1-2. The "
                   "die is a 2: caged. A caged Intruder may not move or attack.",
            "rule": "Attempt to Cage Intruder",
            "expect": [{"type": "roll", "die": 2}, {"type": "caged"}],
            "your_move": {
                "ask": "The Intruder is in Life Stage 1 and awake. The Command Officer holds "
                       "a Cage. What now?",
                "options": [
                    {"do": {"type": "cage", "crew": "co1", "target": "c1"},
                     "why": "In Life Stage 1 an awake Intruder can be caged, on 1-2: a third "
                            "of a chance, and the crew may not kill it at this stage anyway."},
                    {"do": {"type": "end_actions"},
                     "why": "Waiting gives the Intruder time to grow: from Life Stage 2 on, "
                            "only a sleeping Intruder can be caged."},
                ]},
        },
    ],
}
