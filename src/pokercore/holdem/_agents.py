"""Baseline agents for hold'em and Omaha: callables from an observation to an action.

An agent is any callable ``agent(observation) -> Action``; these few are
enough for tests, simulations and benchmarks (the playing AIs are elsewhere):

* :func:`check_call_agent`: checks, or calls any bet;
* :func:`check_fold_agent`: checks, or folds to any bet (never puts chips in
  beyond its blinds);
* :func:`raise_agent`: bets or raises the minimum whenever allowed, else
  checks or calls;
* :class:`RandomAgent`: a seeded random legal action, with bet and raise
  amounts spread over the allowed range (the minimum, all-in and in between).

Examples
--------
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), seed=4)
>>> s.play([check_call_agent, raise_agent, RandomAgent(1)])
>>> s.is_over, sum(s.stacks)
(True, 600)
>>> obs = HoldemState(HoldemConfig("nl", players=2), seed=1).observe(0)
>>> check_call_agent(obs), raise_agent(obs), check_fold_agent(obs)
(Action(kind='call', amount=2), Action(kind='raise', amount=4), Action(kind='fold', amount=0))
"""

from __future__ import annotations

import random

from ._actions import CHECK, FOLD, Action
from ._observation import Observation

__all__ = ["RandomAgent", "check_call_agent", "check_fold_agent", "raise_agent"]


def check_call_agent(obs: Observation) -> Action:
    """Check when possible, otherwise call (all-in for less when short)."""
    for a in obs.legal_actions:
        if a.kind == "check":
            return CHECK
        if a.kind == "call":
            return Action("call", a.min_amount)
    raise ValueError(f"seat {obs.seat} has no decision to make")


def check_fold_agent(obs: Observation) -> Action:
    """Check when possible, otherwise fold."""
    for a in obs.legal_actions:
        if a.kind == "check":
            return CHECK
    return FOLD


def raise_agent(obs: Observation) -> Action:
    """Bet or raise the minimum whenever allowed, otherwise check or call."""
    for a in obs.legal_actions:
        if a.kind == "bet" or a.kind == "raise":
            return Action(a.kind, a.min_amount)
    return check_call_agent(obs)


class RandomAgent:
    """A random legal action: each allowed kind equally likely, then a random amount.

    A bet or raise is the minimum a third of the time, all-in (the maximum) a
    sixth of the time and otherwise uniform over the allowed range, so random
    play reaches min-raises, all-ins and side pots.

    Parameters
    ----------
    seed : int, optional
        Seed of the agent's own generator (the same seed, the same choices).

    Examples
    --------
    >>> from pokercore.holdem import HoldemConfig
    >>> from pokercore.holdem import HoldemState
    >>> a = RandomAgent(7)
    >>> obs = HoldemState(HoldemConfig("nl", players=2), seed=1).observe(0)
    >>> a(obs) in [Action("fold"), Action("call", 2)] or obs.legal("raise").allows(a(obs))
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __call__(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has no decision to make")
        rng = self._rng
        kind, low, high = legal[rng.randrange(len(legal))]
        if kind == "bet" or kind == "raise":
            r = rng.random()
            if r < 1 / 3 or low == high:
                return Action(kind, low)
            if r < 0.5:
                return Action(kind, high)
            return Action(kind, rng.randint(low, high))
        return Action(kind, low)
