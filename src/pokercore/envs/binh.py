"""Binh environments: :class:`BinhEnv` (PettingZoo), :class:`BinhGymEnv` (Gymnasium) and their spaces.

Each seat splits its 13 cards (an action is one of the split indices, or
:data:`SPECIAL`); ``docs/envs.md`` describes the numbering.
"""

from __future__ import annotations

from ._binh_env import (
    NUM_ACTIONS,
    SPECIAL,
    BinhEnv,
    BinhGymEnv,
    binh_layout,
    legal_splits,
    split_arrangement,
    split_masks,
    split_of,
)

__all__ = [
    "NUM_ACTIONS",
    "SPECIAL",
    "BinhEnv",
    "BinhGymEnv",
    "binh_layout",
    "legal_splits",
    "split_arrangement",
    "split_masks",
    "split_of",
]
