"""The Intelligent Intruder: a second player moves the counters and chooses the attacks."""

DEMO = {
    "id": "intelligent-intruder",
    "order": 120,
    "title": "Scenario: the Intelligent Intruder",
    "summary": "the Intruder player destroys a Blaster lying about, moves his counter where he "
               "likes and chooses whom to attack",
    "section": "The Intelligent Intruder",
    "quote": "A. The Intruder player moves all face down counters (he may examine them) one "
             "compartment per Intruder Movement Phase at his own discretion, instead of using "
             "the die rolls. [...] B. The Intruder player may decide if he will attack during "
             "an Interaction Sub-routine and if so, which crewman he will attack. [...] C. The "
             "Intruder "
             "may open Cages (including those in the Lab) and destroy any \"object\" he finds "
             "laying in a given compartment.",
    "start": {"position": {
        "scenario": "intelligent_intruder", "phase": "movement", "turn": 2, "stage": 2,
        "known": ["immune_gas", "immune_flame", "fast_reflexes"],
        "crew": {"co1": {"at": "c1"}, "en2": {"at": "c1", "carrying": ["dart1"]}},
        "items": {"blaster1": "store_c1"},
        "counters": [{"kind": "intruder", "at": "store_c1"}, {"kind": "dummy", "at": "store_b1"}],
        "dice": [5],  # the Intruder's attack on the Command Officer: kill on 1-3, so he lives
    }},
    "intro": {
        "say": "Turn 2, the Intruder and Hidden Counter Movement Phase. In this scenario there "
               "are no movement dice: the Intruder player moves the face-down counters "
               "himself. His Intruder is in Storage C-1, next to a Blaster someone left there.",
        "rule": "The Intelligent Intruder",
        "expect": [{"type": "phase", "phase": "movement", "turn": 2}],
    },
    "steps": [
        {
            "do": {"type": "destroy", "token": "c1", "item": "blaster1"},
            "say": "First he destroys the Blaster lying in Storage C-1.",
            "rule": "The Intelligent Intruder",
            "expect": [{"type": "destroyed_object"}],
        },
        {
            "do": {"type": "move_counter", "token": "c1", "to": "c1"},
            "say": "Then he moves the Intruder's counter, still face down, into Corridor C-1, "
                   "where two crewmen stand.",
            "rule": "The Intelligent Intruder",
            "expect": [{"type": "move", "token": "c1", "to": "c1"}],
        },
        {
            "do": {"type": "end_intruder_movement"},
            "say": "He leaves the Dummy where it is and ends his movement. The First "
                   "Interaction Phase turns the counter over: the Intruder. Now he decides "
                   "whether to attack, and whom.",
            "rule": "The Intelligent Intruder",
            "expect": [{"type": "reveal", "token": "c1", "kind": "intruder"}],
        },
        {
            "do": {"type": "intruder_attack", "token": "c1", "crew": "co1"},
            "say": "He attacks the unarmed Command Officer rather than the Engineer with the "
                   "dart pistol.",
            "rule": "The Intelligent Intruder",
            "expect": [{"type": "decision", "text": "attacks Command Officer 1"},
                       {"type": "attack_target", "crew": "co1"}],
            "your_move": {
                "ask": "You play the Intruder. The Command Officer is unarmed; the Engineer "
                       "carries a Sleep Dart Pistol. What do you do?",
                "options": [
                    {"do": {"type": "intruder_attack", "token": "c1", "crew": "co1"},
                     "why": "Attacking the unarmed man: only improvised weapons can answer in "
                            "Self Defense."},
                    {"do": {"type": "intruder_attack", "token": "c1", "crew": "en2"},
                     "why": "The Engineer's dart puts you to sleep on 1-2 in Self Defense."},
                    {"do": {"type": "intruder_hold", "token": "c1"},
                     "why": "Holding back wastes the chance, and the crew acts next."},
                ]},
        },
        {
            "do": {"type": "no_defense"},
            "say": "The crew lets the attack come. The Intruder's biology is still the chart's: "
                   "Life Stage 2 kills on 1-3, the die is a 5 and the Command Officer lives.",
            "rule": "The Intelligent Intruder D",
            "expect": [{"type": "roll", "die": 5}, {"type": "survived", "crew": "co1"}],
        },
    ],
}
