"""Five-card draw environments: :class:`DrawEnv` (PettingZoo), :class:`DrawGymEnv` (Gymnasium) and their spaces.

The action numbering, the observation vector and the helpers that turn an
index into a move and back; ``docs/envs.md`` describes them.

>>> describe_action(0)
'0 (fold)'
"""

from __future__ import annotations

from ._draw_env import DrawEnv, DrawGymEnv
from ._draw_spaces import *  # noqa: F403  (the spaces' names, listed once in their module)
from ._draw_spaces import __all__ as _spaces

__all__ = ["DrawEnv", "DrawGymEnv", *_spaces]
