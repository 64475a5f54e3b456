"""Return to Prometheus with the optional Marines: every weapon at hand, Lab Animals fair game."""

DEMO = {
    "id": "marines",
    "order": 130,
    "title": "Scenario: Return to Prometheus, with Marines",
    "summary": "a Life Stage 6 Intruder with seven known powers; Marines carry all four weapons "
               "without counters and may shoot Lab Animals",
    "section": "Return to Prometheus",
    "quote": "OPTIONAL: Assume that the Command Officers and Engineers are special \"marines\". "
             "Marines may shoot Lab Animals (use the charts you would use in shooting the "
             "Intruder). Marines are assumed to be armed with Blasters, Flamethrowers, Gas "
             "Canisters and Sleep Dart Pistols.",
    "start": {"position": {
        "scenario": "return_to_prometheus", "options": {"marines": True},
        "phase": "interaction1", "turn": 2, "stage": 6,
        "known": ["immune_shock", "fast_reflexes", "immune_vacuum", "immune_cold",
                  "very_fast", "extra_strong", "immune_gas"],
        "crew": {"co2": {"at": "store_b2"}, "en2": {"at": "store_b2"}},
        "counters": [{"kind": "intruder", "at": "store_b2"},
                     {"kind": "lab_animal", "at": "store_b2"}],
        "dice": [6,  # no attack (1-5 in Life Stage 6)
                 2,  # Command Officer 2's Blaster at the Lab Animal: K
                 1],  # Engineer 2's Blaster at the Intruder: K
    }},
    "intro": {
        "say": "The crew has come back to the station. Two Marines, a Command Officer and an "
               "Engineer, turn over two counters in Storage B-2: the Intruder, in Life Stage 6 "
               "with all seven powers known, and a Lab Animal. The Intruder rolls a 6: no "
               "attack.",
        "rule": "Return to Prometheus",
        "expect": [{"type": "reveal", "kind": "intruder"}, {"type": "reveal",
                                                           "kind": "lab_animal"},
                   {"type": "roll", "die": 6}, {"type": "no_attack"}],
    },
    "steps": [
        {
            "do": {"type": "attack", "crew": "co2", "target": "c2", "weapon": "blaster"},
            "say": "Command Officer 2 shoots the Lab Animal with the Blaster he carries as a "
                   "Marine, no counter needed: a 2 is K, and the animal is out of play.",
            "rule": "Return to Prometheus, Marines",
            "expect": [{"type": "roll", "die": 2}, {"type": "lost", "text": "Lab Animal"}],
        },
        {
            "do": {"type": "attack", "crew": "en2", "target": "c1", "weapon": "blaster"},
            "say": "Engineer 2 fires his Blaster at the Intruder: a 1, killed. The game is won.",
            "rule": "Return to Prometheus, Marines",
            "expect": [{"type": "roll", "die": 1}, {"type": "intruder_killed"},
                       {"type": "game_over", "outcome": "win"}],
            "your_move": {
                "ask": "The Intruder is Immune to Gas. Engineer 2, a Marine, has all four "
                       "weapons. Which does he fire?",
                "options": [
                    {"do": {"type": "attack", "crew": "en2", "target": "c1",
                            "weapon": "blaster"},
                     "why": "The Blaster kills on 1-3 and the Intruder is not Blaster "
                            "Resistant."},
                    {"do": {"type": "attack", "crew": "en2", "target": "c1", "weapon": "gas"},
                     "why": "It is Immune to Gas: no effect whatever the die."},
                    {"do": {"type": "attack", "crew": "en2", "target": "c1",
                            "weapon": "dart"},
                     "why": "A dart only puts it to sleep, and cages cannot hold an Extra "
                            "Strong Intruder."},
                ]},
        },
    ],
    "end": {"outcome": "win"},
}
