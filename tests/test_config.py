"""A game's settings (config.GameConfig): frozen, derived from the origin however the game
was made (new, loaded, replayed, a position), and never part of the save."""

from __future__ import annotations

import dataclasses
import json

import pytest
from helpers import play_randomly, position

import intruder_core as ic
from intruder_core.charts import LIFE_STAGES
from intruder_core.config import GameConfig
from intruder_core.variants import chart


def test_the_settings_come_from_the_origin_and_stay_out_of_the_save() -> None:
    """A new game's, a loaded one's and a replayed one's settings are the origin's; the save
    names no setting beside the origin."""
    g = ic.new_game(seed=3, scenario="science_officer",
                    options={"lost_crewmen": True, "difficulty": "hard"})
    play_randomly(g, 3, steps=40)
    for other in (g, ic.Game.from_json(g.to_json()), ic.replay(g.record()),
                  ic.Game.from_stored(g.to_dict())):
        c = other.config
        assert (c.scenario, c.difficulty, c.lost_crewmen, c.marines) == \
            ("science_officer", "hard", True, False)
        assert c.players == other.players == ("command", "science")
        assert dict(c.chart) == chart({"difficulty": "hard"}) != dict(LIFE_STAGES)
    saved = json.loads(g.to_json())
    assert not {"config", "options", "chart", "scenario"} & set(saved)


def test_the_settings_are_frozen() -> None:
    """Play cannot change a game's settings: the record refuses assignment."""
    g = ic.new_game(seed=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.config.scenario = "science_officer"  # type: ignore[misc]
    assert g.config.scenario == "solitaire" and g.config.difficulty == "standard"


def test_a_position_and_a_rebuilt_game_read_their_own_settings() -> None:
    """A position's scenario and options are inside it; a bad difficulty is refused."""
    g = position(crew={"co1": {"at": "store_a1"}}, options={"difficulty": "easy"})
    assert g.config.scenario == "solitaire" and g.config.difficulty == "easy"
    assert g.config.chart[1] == chart({"difficulty": "easy"})[1]
    other = GameConfig.of({"determinized": True, "options": {"marines": True}})
    assert other.marines and other.scenario == "solitaire"
    with pytest.raises(ValueError):
        GameConfig.of({"seed": 0, "options": {"difficulty": "impossible"}})
    with pytest.raises(ValueError):
        GameConfig.of({"seed": 0, "options": ["marines"]})

