"""Lost Crewmen (optional): at a Panic one crewman hides among the face-down counters."""

DEMO = {
    "id": "lost-crewmen",
    "order": 150,
    "title": "Optional rule: Lost Crewmen",
    "summary": "a Panic sends one crewman, drawn at random, to hide among the face-down "
               "counters; an Interaction finds him",
    "section": "Lost Crewmen - Optional",
    "quote": "During the Panic Interlude, select one crewman at random [...] and add that "
             "counter to the group of inverted counters which includes the Lab Animals, "
             "Dummies, and Intruders. [...] The crewman would return to normal use and "
             "control when found in an Interaction Phase.",
    "start": {"position": {
        "options": {"lost_crewmen": True}, "phase": "interaction1", "turn": 2, "seed": 0,
        "counters": [{"kind": "intruder", "at": "store_c2"},
                     {"kind": "dummy", "at": "discovered"}],
        "interaction": {"kills": 1},
        "dice": [6, 6,  # the Panic's two metamorphosis rolls
                 5, 5,  # c3 and c4 stay in their Access Shafts
                 1,  # c5, in Access Shaft #3, moves to the Lab
                 6],  # no metamorphosis
    }},
    "intro": {
        "say": "A crewman died earlier in this First Interaction Phase, so it ends in a Panic. "
               "With the Lost Crewmen rule one crewman is drawn at random: Engineer 2 runs off "
               "and hides. His counter is shuffled face down with the Intruder and the "
               "discovered Dummy and placed in Access Shafts #1, #2 and #3. In the next "
               "turn's movement counter c5 rolls a 1 and moves from Access Shaft #3 into the "
               "Lab.",
        "rule": "Lost Crewmen - Optional; Panic",
        "expect": [{"type": "panic"}, {"type": "lost_crewman", "crew": "en2"},
                   {"type": "placed", "placed": [["c3", "shaft1"], ["c4", "shaft2"],
                                                 ["c5", "shaft3"]]},
                   {"type": "roll", "die": 6}, {"type": "roll", "die": 6},
                   {"type": "move", "token": "c5", "to": "lab"},
                   {"type": "phase", "phase": "crew_movement", "turn": 3}],
    },
    "steps": [
        {
            "do": {"type": "move", "crew": "co1", "to": "b1"},
            "say": "Command Officer 1 goes looking: Corridor B-1...",
            "rule": "Crew Movement",
            "expect": [{"type": "move", "crew": "co1", "to": "b1"}],
        },
        {
            "do": {"type": "move", "crew": "co1", "to": "lab"},
            "say": "...and the Lab, where counter c5 went.",
            "rule": "Crew Movement",
            "expect": [{"type": "move", "crew": "co1", "to": "lab"}],
            "your_move": {
                "ask": "Counter c5 moved into the Lab. Command Officer 1 is in Corridor B-1 with "
                       "two points left. Where does he go?",
                "options": [
                    {"do": {"type": "move", "crew": "co1", "to": "lab"},
                     "why": "Only an Interaction can turn c5 over, and it may be the lost "
                            "Engineer (or the Intruder)."},
                    {"do": {"type": "move", "crew": "co1", "to": "store_b1"},
                     "why": "Storage B-1 is empty: nothing to find there."},
                ]},
        },
        {
            "do": {"type": "end_movement"},
            "say": "No metamorphosis (a 6). In the Second Interaction Phase counter c5 is "
                   "turned over: it is Engineer 2, found hiding, and back under control.",
            "rule": "Lost Crewmen - Optional",
            "expect": [{"type": "roll", "die": 6}, {"type": "found", "crew": "en2",
                                                    "token": "c5"}],
        },
    ],
}
