"""Baseline agents for five-card draw: a random legal action, and always call.

Examples
--------
>>> import numpy as np
>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=2), button=0, seed=3)
>>> CallAgent()(s.observe(s.actor))
Action(kind='check', amount=0, cards=())
>>> a = RandomLegalAgent(np.random.default_rng(5))(s.observe(s.actor))
>>> a in s.observe(s.actor).legal_actions
True
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from pokercore.draw.actions import draw_action

from .easy import easy_discard
from .strength import check_or_call

__all__ = ["RandomLegalAgent", "CallAgent"]


class RandomLegalAgent:
    """Uniformly random among the legal actions (all 26 draws included), from a seeded generator."""

    def __init__(self, rng: Optional[np.random.Generator] = None) -> None:
        self.rng = np.random.default_rng() if rng is None else rng

    def reset(self) -> None:
        """No memory across hands."""

    def __call__(self, obs):
        legal = obs.legal_actions
        return legal[int(self.rng.integers(len(legal)))]


class CallAgent:
    """Always checks or calls, never bets, raises or folds; draws like the easy agent.

    The draw is the easy agent's sensible rule (keep pairs and better, draw
    to four-flushes ...), so this baseline is a "calling station", not a
    player who stands pat on nothing.
    """

    def __init__(self, rng: Optional[np.random.Generator] = None) -> None:
        self.rng = rng

    def reset(self) -> None:
        """No memory across hands."""

    def __call__(self, obs):
        legal = obs.legal_actions
        if obs.street == "draw":
            return draw_action(easy_discard(obs.hand))
        return check_or_call(legal)
