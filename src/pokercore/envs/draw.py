"""Five-card draw environments: :class:`DrawEnv` (PettingZoo), :class:`DrawGymEnv` (Gymnasium) and their spaces.

The action numbering, the observation vector and the helpers that turn an
index into a move and back; ``docs/envs.md`` describes them.

>>> describe_action(0)
'0 (fold)'
"""

from __future__ import annotations

from ._draw_env import (
    BETTING,
    DISCARD,
    LEGAL_DISCARDS,
    NUM_ACTIONS,
    DrawEnv,
    DrawGymEnv,
    DrawLayout,
    PolicyAgent,
    action_from_index,
    action_mask,
    describe_action,
    draw_layout,
    encode_observation,
    index_of_action,
)

__all__ = [
    "BETTING",
    "DISCARD",
    "LEGAL_DISCARDS",
    "NUM_ACTIONS",
    "DrawEnv",
    "DrawGymEnv",
    "DrawLayout",
    "PolicyAgent",
    "action_from_index",
    "action_mask",
    "describe_action",
    "draw_layout",
    "encode_observation",
    "index_of_action",
]
