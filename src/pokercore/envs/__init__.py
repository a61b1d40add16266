"""Reinforcement-learning environments of pokercore's games: PettingZoo (AEC) and Gymnasium.

Install the ``rl`` extra: ``pip install "pokercore[rl]"`` (pettingzoo and
gymnasium).  Every environment exposes to a seat exactly what that seat
may see (its own cards, the public state and history, its legal moves as an
``action_mask``) and pays the seat's chips or points once the hand is over.
See ``docs/envs.md`` for the spaces, the action numbering and the rewards.

=====================  ==========================  ==========================================
game                   PettingZoo (all seats)      Gymnasium (one seat vs pokercore agents)
=====================  ==========================  ==========================================
five-card draw (2-6)   :class:`DrawEnv`            :class:`DrawGymEnv`
Binh (2-4)             :class:`BinhEnv`            :class:`BinhGymEnv`
hold'em, Omaha (2-10)  :class:`HoldemEnv`          :class:`HoldemGymEnv`
=====================  ==========================  ==========================================

Examples
--------
>>> import numpy as np
>>> from pokercore.envs import DrawEnv
>>> env = DrawEnv(players=2)
>>> env.reset(seed=42)
>>> rng = np.random.default_rng(0)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
>>> sum(info["results"])
0.0
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError('pokercore.envs needs the rl extra (pettingzoo, gymnasium): pip install "pokercore[rl]"') from exc

from ._errors import EnvError, IllegalMoveError
from .binh import BinhEnv, BinhGymEnv
from .draw import DrawEnv, DrawGymEnv
from .holdem import HoldemEnv, HoldemGymEnv

__all__ = [
    "GYM_IDS", "BinhEnv", "BinhGymEnv", "DrawEnv", "DrawGymEnv", "EnvError", "HoldemEnv", "HoldemGymEnv",
    "IllegalMoveError",
]

#: Gymnasium ids of the single-agent environments: ``gymnasium.make("pokercore/Draw-v0", players=3)``.
GYM_IDS = {
    "pokercore/Draw-v0": "pokercore.envs.draw:DrawGymEnv",
    "pokercore/Binh-v0": "pokercore.envs.binh:BinhGymEnv",
    "pokercore/Holdem-v0": "pokercore.envs.holdem:HoldemGymEnv",
}
for _id, _entry in GYM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=_entry)
