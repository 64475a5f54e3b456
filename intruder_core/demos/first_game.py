"""The first-game tutorial: a guided first turn (the counters, moving, the first Interaction)."""

DEMO = {
    "id": "first-game",
    "order": 1,
    "tutorial": True,
    "title": "Your first turn (tutorial)",
    "summary": "what the counters are, how they and the crew move, and the first Interaction",
    "section": "The Solitaire Game",
    "quote": "Add one Intruder counter to the eight face down counters and, again, shuffle them "
             "thoroughly. Then place these nine counters on the mapsheet, one each in each of "
             "the six Storage compartments, and one in each of the three Access Shafts.",
    "start": {"new_game": {"seed": 0, "dice": [
        5,  # c1 in Access Shaft #1 stays
        1,  # c2 in Access Shaft #2 goes into the Crew's Mess
        5, 5, 5, 5, 5, 5, 5,  # the others stay
        2,  # Science Officer 3 catches the Lab Animal (1-3)
        6,  # no metamorphosis
    ]}},
    "intro": {
        "say": "You command the nine crewmen of Deep Space Station Prometheus (C: Command "
               "Officers, S: Science Officers, E: Engineers). Nine face-down counters, c1 to "
               "c9, wait in the Access Shafts and Storage compartments: Lab Animals, Dummies, "
               "and one of them is the Intruder. Each turn begins with their movement: one die "
               "each, following the small numbers on the map. Counter c2 rolls a 1 and moves "
               "from Access Shaft #2 into the Crew's Mess, where two crewmen are. Crew and a "
               "face-down counter together make an Interaction: the counter is turned over. "
               "It is a Lab Animal.",
        "rule": "Set Up; Random Movement System; Interaction Sub-routine",
        "expect": [{"type": "move", "token": "c2", "to": "mess"},
                   {"type": "interaction", "at": "mess"},
                   {"type": "reveal", "token": "c2", "kind": "lab_animal"}],
    },
    "steps": [
        {
            "do": {"type": "catch", "crew": "so3", "target": "c2"},
            "say": "Science Officer 3 tries to catch it: a 2, caught (1-3). A Lab Animal never "
                   "attacks, but loose ones hide among the counters again at every Panic.",
            "rule": "Attempt to Catch Lab Animal",
            "expect": [{"type": "roll", "die": 2}, {"type": "caught", "crew": "so3"}],
            "your_move": {
                "ask": "Your first Interaction: a Lab Animal in the Mess with Command Officer 2 "
                       "and Science Officer 3, whose hands are free. Each crewman may take one "
                       "action. What do you do?",
                "options": [
                    {"do": {"type": "catch", "crew": "so3", "target": "c2"},
                     "why": "Catching it (1-3) takes one counter out of the hiding game; a "
                            "Science Officer can later put it back in the Lab's cages."},
                    {"do": {"type": "end_actions"},
                     "why": "Nothing is lost by trying: a crewman with free hands may try to "
                            "catch a Lab Animal in his compartment."},
                ]},
        },
        {
            "do": {"type": "end_actions"},
            "say": "The Interaction in the Mess is over (Command Officer 2 takes no action). "
                   "Crewmen elsewhere could still act in this phase.",
            "rule": "Interaction Sub-routine",
            "expect": [],
        },
        {
            "do": {"type": "end_actions"},
            "say": "Nobody else acts. The Crew Movement Phase begins: every crewman has three "
                   "movement points.",
            "rule": "Crew Movement",
            "expect": [{"type": "phase", "phase": "crew_movement"}],
        },
        {
            "do": {"type": "unlock", "crew": "co1", "room": "arms"},
            "say": "The weapons are locked in the Arms Room. Only a Command Officer in the "
                   "Command Module can unlock it, and it costs no movement point.",
            "rule": "Unlock Arms Room; ruling R12",
            "expect": [{"type": "unlock", "room": "arms"}],
            "your_move": {
                "ask": "Command Officer 1 stands in the Command Module. The Blasters, Gas and "
                       "Sleep Darts are locked in the Arms Room next door. What first?",
                "options": [
                    {"do": {"type": "unlock", "crew": "co1", "room": "arms"},
                     "why": "Arm the crew early: nobody can enter the Arms Room until a "
                            "Command Officer unlocks it this phase."},
                    {"do": {"type": "move", "crew": "co1", "to": "a1"},
                     "why": "Walking off leaves the weapons locked away for another turn."},
                ]},
        },
        {
            "do": {"type": "move", "crew": "co1", "to": "arms"},
            "say": "He walks in: one point.",
            "rule": "Crew Movement",
            "expect": [{"type": "move", "crew": "co1", "to": "arms", "cost": 1}],
        },
        {
            "do": {"type": "pick_up", "crew": "co1", "item": "blaster1"},
            "say": "He picks up a Blaster: one point, whatever he picks up this time. A crewman "
                   "carries one large and one small object, or three small ones.",
            "rule": "Pick Up an Object; ruling R27",
            "expect": [{"type": "pick_up", "crew": "co1", "item": "blaster1"}],
        },
        {
            "do": {"type": "end_movement"},
            "say": "You end the crew's movement. The Intruder rolls for metamorphosis (a 6: it "
                   "stays in Life Stage 1), and the Second Interaction Phase follows. That is a "
                   "whole turn: counters move, Interactions, crew move, metamorphosis, "
                   "Interactions. Now play a game of your own.",
            "rule": "Sequence of Play",
            "expect": [{"type": "roll", "die": 6}, {"type": "phase", "phase": "interaction2"}],
        },
    ],
}
