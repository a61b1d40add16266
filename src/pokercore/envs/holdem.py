"""Hold'em and Omaha environments: :class:`HoldemEnv` (PettingZoo), :class:`HoldemGymEnv` (Gymnasium) and their spaces.

The action numbering (fold, check/call, pot-sized buckets, all-in; three
actions at fixed limit), the observation vector and the helpers that turn an
index into an engine action and back; ``docs/envs.md`` describes them.
"""

from __future__ import annotations

from ._holdem_driver import AGENTS
from ._holdem_env import HoldemEnv, HoldemGymEnv
from ._holdem_spaces import *  # noqa: F403  (the spaces' names, listed once in their module)
from ._holdem_spaces import __all__ as _spaces

__all__ = ["AGENTS", "HoldemEnv", "HoldemGymEnv", *_spaces]
