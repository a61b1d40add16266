"""Baseline agents: check/call, seeded random, always raise.

An agent is any callable ``agent(observation) -> action`` returning one of
``observation.legal_actions``.  These three are for tests, benchmarks and as
sparring partners; the real AIs build on the same observation.

Examples
--------
>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=2), button=0, seed=3)
>>> check_call_agent(s.observe(s.actor)), raise_agent(s.observe(s.actor))
(Action(kind='check', amount=0, cards=()), Action(kind='bet', amount=2, cards=()))
"""

from __future__ import annotations

import random
from typing import Any, Optional

from .actions import STAND_PAT, Action
from .observation import Observation

__all__ = ["check_call_agent", "raise_agent", "RandomAgent"]


def check_call_agent(obs: Observation) -> Action:
    """Never bets or raises: checks, calls (folds only if it cannot call), stands pat."""
    if obs.street == "draw":
        return STAND_PAT
    legal = obs.legal_actions
    for a in legal:
        if a.kind == "check" or a.kind == "call":
            return a
    return legal[0]


def raise_agent(obs: Observation) -> Action:
    """Raise-heavy: bets or raises whenever allowed, else checks or calls; stands pat."""
    if obs.street == "draw":
        return STAND_PAT
    legal = obs.legal_actions
    last = legal[-1]
    if last.kind == "bet" or last.kind == "raise":
        return last
    return check_call_agent(obs)


class RandomAgent:
    """Picks uniformly among the legal actions, reproducibly from ``seed``.

    Parameters
    ----------
    seed : int, optional
        Seed of its own ``random.Random``.
    rng : numpy.random.Generator, optional
        Draw the seed from this generator instead (how the simulation
        runner seeds agent classes).

    Examples
    --------
    >>> from pokercore.draw import DrawConfig, DrawState
    >>> s = DrawState(DrawConfig(players=2), button=0, seed=3)
    >>> RandomAgent(5)(s.observe(s.actor)) == RandomAgent(5)(s.observe(s.actor))
    True
    """

    def __init__(self, seed: Optional[int] = None, *, rng: Optional[Any] = None) -> None:
        if rng is not None:
            if seed is not None:
                raise ValueError("give seed or rng, not both")
            seed = int(rng.integers(2**63))
        self._rng = random.Random(seed)

    def __call__(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        return legal[self._rng.randrange(len(legal))]
