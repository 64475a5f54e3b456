"""Self-Destruction: when the marker first moves, and the quarantine on the shuttles."""

DEMO = {
    "id": "self-destruct",
    "order": 100,
    "title": "Self-destruct timing",
    "summary": "a Command Officer starts the countdown; the marker stays in Active that turn, "
               "moves to 8 the next; the shuttles stay docked until it reaches 4",
    "section": "Self-Destruction",
    "quote": "The Self-Destruct counter is NOT moved into the \"8\" box during the "
             "Self-Destruction Sequence Phase immediately following the Interaction Phase in "
             "which it was initiated.",
    "start": {"position": {
        "phase": "interaction2", "turn": 5,
        "crew": {"co1": {"at": "command"}, "co2": {"at": "dock1"}},
        "counters": [{"kind": "intruder", "at": "dock2"}],
        "dice": [5,  # turn 6: the Intruder's counter stays in Shuttle Dock #2
                 6,  # no metamorphosis
                 5],  # turn 7: it stays again
    }},
    "intro": {
        "say": "Second Interaction Phase of turn 5. Command Officer 1 is in the Command "
               "Module.",
        "rule": "Self-Destruction",
        "expect": [{"type": "phase", "phase": "interaction2", "turn": 5}],
    },
    "steps": [
        {
            "do": {"type": "start_self_destruct", "crew": "co1"},
            "say": "He starts the Self-Destruct System: only a Command Officer, only in the "
                   "Command Module, only in a Second Interaction Phase. The marker goes to "
                   "the Active box, and in the Self-Destruction Sequence Phase right after it "
                   "stays there. Turn 6 begins; the Intruder's counter rolls a 5 and stays.",
            "rule": "Self-Destruction; ruling R17",
            "expect": [{"type": "self_destruct", "text": "starts"},
                       {"type": "self_destruct", "text": "stays in the Active box"},
                       {"type": "phase", "phase": "movement", "turn": 6},
                       {"type": "roll", "die": 5}],
            "your_move": {
                "ask": "The crew has decided to destroy the station. Who acts?",
                "options": [
                    {"do": {"type": "start_self_destruct", "crew": "co1"},
                     "why": "Only a Command Officer in the Command Module may start it."},
                    {"do": {"type": "end_actions"},
                     "why": "Every turn lost is a turn more before the shuttles may leave."},
                ]},
        },
        {
            "do": {"type": "end_movement"},
            "say": "Crew Movement, Metamorphosis (a 6), and the Second Interaction Phase.",
            "rule": "Sequence of Play",
            "expect": [{"type": "roll", "die": 6}, {"type": "phase", "phase": "interaction2"}],
        },
        {
            "try": {"type": "leave", "shuttle": "shuttle1", "crew": ["co2"]},
            "refused": "quarantine",
            "say": "Command Officer 2 waits in Shuttle Dock #1, but quarantine holds the "
                   "shuttles until the marker is in the 4 box or lower.",
            "rule": "Escape via Shuttle; ruling R18",
        },
        {
            "do": {"type": "end_actions"},
            "say": "This time the marker moves: Active to 8. Eight more Self-Destruction "
                   "phases and the station is gone; it can still be stopped while the marker "
                   "is above 4.",
            "rule": "Self-Destruction",
            "expect": [{"type": "self_destruct", "box": 8},
                       {"type": "phase", "phase": "movement", "turn": 7}],
        },
    ],
}
