"""Hold'em and Omaha environments: :class:`HoldemEnv` (PettingZoo), :class:`HoldemGymEnv` (Gymnasium) and their spaces.

The action numbering (fold, check/call, pot-sized buckets, all-in; three
actions at fixed limit), the observation vector and the helpers that turn an
index into an engine action and back; ``docs/envs.md`` describes them.
"""

from __future__ import annotations

from ._holdem_env import (
    AGENTS,
    BUCKETS,
    CALL,
    FOLD,
    MAX,
    NUM_ACTIONS_LIMIT,
    NUM_ACTIONS_NO_LIMIT,
    RAISE,
    HoldemEnv,
    HoldemGymEnv,
    HoldemLayout,
    PolicyAgent,
    action_from_index,
    action_mask,
    describe_action,
    encode_observation,
    holdem_layout,
    index_of_action,
    legal_moves,
    num_actions,
)

__all__ = [
    "AGENTS",
    "BUCKETS",
    "CALL",
    "FOLD",
    "MAX",
    "NUM_ACTIONS_LIMIT",
    "NUM_ACTIONS_NO_LIMIT",
    "RAISE",
    "HoldemEnv",
    "HoldemGymEnv",
    "HoldemLayout",
    "PolicyAgent",
    "action_from_index",
    "action_mask",
    "describe_action",
    "encode_observation",
    "holdem_layout",
    "index_of_action",
    "legal_moves",
    "num_actions",
]
