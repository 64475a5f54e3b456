"""The crew view is built fast (view.crew_view) but must stay exactly what it was: the views
handed to the bot at every decision of seeded games, in every scenario, are fingerprinted and
compared with the fingerprint the view code of commit 98c3c02 gave (before it was sped up)."""

from __future__ import annotations

import hashlib
import json
import random

import intruder_core as ic
from intruder_core.bots import HeuristicPolicy

# (scenario, options, seed): heuristic crew, the random player on any other side
CASES = [("solitaire", {}, 0), ("solitaire", {}, 1), ("solitaire", {"difficulty": "hard"}, 2),
         ("solitaire", {"lost_crewmen": True}, 3), ("return_to_prometheus", {"marines": True}, 0),
         ("intelligent_intruder", {}, 1), ("science_officer", {}, 2)]
# printed by view_digest() with the intruder_core of commit 98c3c02 on the path
DIGEST_98C3C02 = "0f022f69f6493c90679a9f4b4e06ea02e6236bb6d53c7f83139e307689045908"


def view_digest() -> str:
    """sha256 over the crew view (json, sorted keys) at every decision of CASES."""
    h = hashlib.sha256()
    bot = HeuristicPolicy()
    for scenario, options, seed in CASES:
        rng = random.Random(seed)
        g = ic.new_game(seed=seed, scenario=scenario, options=options)
        while not g.is_over and g.turn <= 400:
            legal = g.legal_actions()
            view = g.view("crew" if "crew" in g.players else "command")
            h.update(json.dumps(view, sort_keys=True).encode())
            if g.owner(legal[0]) == "crew":
                action, _ = bot.choose(view, legal, rng)
            else:
                action = rng.choice(legal)
            g.apply(action)
    return h.hexdigest()


def test_crew_view_is_what_it_was() -> None:
    assert view_digest() == DIGEST_98C3C02


if __name__ == "__main__":
    print(view_digest())
