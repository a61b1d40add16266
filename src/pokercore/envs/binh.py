"""Binh environments: :class:`BinhEnv` (PettingZoo), :class:`BinhGymEnv` (Gymnasium) and their spaces.

Each seat splits its 13 cards (an action is one of the split indices, or
:data:`SPECIAL`); ``docs/envs.md`` describes the numbering.
"""

from __future__ import annotations

from ._binh_env import *  # noqa: F403  (the face shows the module's names, listed once there)
from ._binh_env import __all__ as __all__
