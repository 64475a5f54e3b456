"""The action registry: every rule module's declared actions, gathered in the vocabulary's
order, filling the tables of action_types.py (ARGS, HANDLERS, the sides', the labels')."""

from __future__ import annotations

from . import crew_actions, crew_movement, flow, intruder_player
from .action_types import ActionType, register

# The vocabulary's order (docs/api.md): the Crew Movement Phase, the decisions that are flow
# steps (passes, the Interaction's choice, Self Defense, leaving, the Intruder player's
# ends), the Crew Action Segment, the Intruder player's moves.
ACTION_TYPES: tuple[ActionType, ...] = (*crew_movement.ACTIONS, *flow.ACTIONS,
                                        *crew_actions.ACTIONS, *intruder_player.ACTIONS)
register(ACTION_TYPES)
