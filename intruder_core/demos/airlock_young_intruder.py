"""Ruling R55: no venting a young Intruder in plain sight; face-down counters may be vented."""

DEMO = {
    "id": "airlock-young-intruder",
    "order": 160,
    "title": "Ruling R55: the airlock and a young Intruder",
    "summary": "a caged Life Stage 1 Intruder left in the Main Airlock may not be vented; a "
               "Shuttle Dock of face-down counters may",
    "section": "Restrictions and Modifications to Combat",
    "quote": "If the Intruder is in Life Stage 1 or 2 the crew can take no action to kill it "
             "except in Self Defense.",
    "start": {"position": {
        "phase": "crew_movement", "turn": 3, "stage": 1, "known": ["immune_gas", "immune_flame"],
        "crew": {"co1": {"at": "airlock", "carrying": ["cage1"]}, "co2": {"at": "a2"},
                 "co3": {"at": "b2"}},
        "counters": [{"kind": "intruder", "at": "airlock", "face_up": True, "caged": "cage1"},
                     {"kind": "dummy", "at": "dock1"}],
        "dice": [6],  # no metamorphosis
    }},
    "intro": {
        "say": "Command Officer 1 has carried a caged Life Stage 1 Intruder into the Main "
               "Airlock. The plan: leave it there and open the airlock from Corridor A-2.",
        "rule": "Open Airlocks",
        "expect": [{"type": "phase", "phase": "crew_movement", "turn": 3}],
    },
    "steps": [
        {
            "do": {"type": "drop", "crew": "co1", "item": "cage1"},
            "say": "He sets the Cage down (dropping costs nothing)...",
            "rule": "Drop an Object",
            "expect": [{"type": "drop", "crew": "co1", "item": "cage1"}],
        },
        {
            "do": {"type": "move", "crew": "co1", "to": "a2"},
            "say": "...and steps out into Corridor A-2.",
            "rule": "Crew Movement",
            "expect": [{"type": "move", "crew": "co1", "to": "a2"}],
        },
        {
            "do": {"type": "end_movement"},
            "say": "No metamorphosis (a 6): it is still in Life Stage 1. The Second "
                   "Interaction Phase begins.",
            "rule": "Metamorphosis",
            "expect": [{"type": "roll", "die": 6}, {"type": "phase", "phase": "interaction2"}],
        },
        {
            "try": {"type": "open_airlock", "crew": "co2", "airlock": "airlock"},
            "refused": "may not try to kill the Intruder except in Self Defense",
            "say": "Refused. Opening the airlock on an Intruder the crew can see is an action "
                   "to kill it, and in Life Stage 1 or 2 the crew may kill it only in Self "
                   "Defense. It must be kept caged, frozen, or left to grow.",
            "rule": "Restrictions and Modifications to Combat; ruling R55",
        },
        {
            "do": {"type": "open_airlock", "crew": "co3", "airlock": "dock1"},
            "say": "Shuttle Dock #1 holds a face-down counter: the crew does not know what it "
                   "is, so it may be vented. Turned over, it was a Dummy.",
            "rule": "Open Airlocks; ruling R55",
            "expect": [{"type": "airlock", "at": "dock1"},
                       {"type": "reveal", "token": "c2", "kind": "dummy"}],
            "your_move": {
                "ask": "Counter c2 lies face down in Shuttle Dock #1. Command Officer 3 is in "
                       "Corridor B-2. Open the dock's airlock?",
                "options": [
                    {"do": {"type": "open_airlock", "crew": "co3", "airlock": "dock1"},
                     "why": "Face down, it could be anything: venting is allowed, and if it "
                            "were an Intruder in Life Stage 1 it would die."},
                    {"do": {"type": "end_actions"},
                     "why": "Nothing forbids venting an unknown counter; waiting gains "
                            "nothing."},
                ]},
        },
    ],
}
