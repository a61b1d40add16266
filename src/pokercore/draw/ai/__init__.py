"""Five-card draw AIs: easy, normal, hard, and the baselines (simple policies and four styles).

An agent is a callable ``agent(observation) -> action`` returning one of
``observation.legal_actions``; it sees only its own cards, the public
history and the legal moves.  Every agent takes a seeded
:class:`numpy.random.Generator` and has a ``reset()`` method (called by the
runner before each deal).

=========  ====================================================================
name       agent
=========  ====================================================================
"easy"     :class:`EasyAgent`: bets a pair or better, calls sometimes, bluffs rarely
"normal"   :class:`NormalAgent`: exact draw odds, EV draws, pot odds, position
"hard"     :class:`HardAgent`: per-opponent ranges, Monte Carlo EVs, bounded bluffs
"random"   :class:`RandomLegalAgent`: a uniformly random legal action
"call"     :class:`CallAgent`: always checks or calls
"maniac"   :class:`ManiacAgent`: always bets or raises
"rock"     :class:`RockAgent`: plays only strong hands, and raises them
"station"  :class:`StationAgent`: calls down, chases draws
"tag"      :class:`TightAggressiveAgent`: tight-aggressive rules on exact hand strength
=========  ====================================================================

The baselines live in :mod:`pokercore.draw.ai._baselines`.

Examples
--------
>>> import numpy as np
>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=3), button=0, seed=2)
>>> agents = [make_agent(n, np.random.default_rng(i)) for i, n in enumerate(["easy", "normal", "hard"])]
>>> s.play(agents)
>>> s.is_over, sum(s.payouts) == sum(s.committed)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from pokercore.errors import UnknownAgentError, cut

from .._observation import Observation as _Observation
from ._baselines import CallAgent, ManiacAgent, RandomLegalAgent, RockAgent, StationAgent, TightAggressiveAgent
from ._easy import EasyAgent
from ._hard import HardAgent
from ._normal import NormalAgent

__all__ = [
    "AGENTS",
    "Agent",
    "CallAgent",
    "EasyAgent",
    "HardAgent",
    "ManiacAgent",
    "NormalAgent",
    "RandomLegalAgent",
    "RockAgent",
    "StationAgent",
    "TightAggressiveAgent",
    "make_agent",
]

#: An agent: a callable from an observation to one of its legal actions.
Agent = Callable[[_Observation], Any]

#: Built-in agent names and their classes.
AGENTS: dict[str, Callable[[np.random.Generator], Agent]] = {
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": HardAgent,
    "random": RandomLegalAgent,
    "call": CallAgent,
    "maniac": ManiacAgent,
    "rock": RockAgent,
    "station": StationAgent,
    "tag": TightAggressiveAgent,
}


def make_agent(name: str, rng: np.random.Generator | None = None) -> Agent:
    """A built-in draw agent by name, drawing all its randomness from ``rng``.

    The same signature as :func:`pokercore.binh.make_agent` (which also
    takes the Binh ``rules``).

    Parameters
    ----------
    name : str
        A name of :data:`AGENTS`: ``"easy"``, ``"normal"``, ``"hard"`` or a
        baseline (``"random"``, ``"call"``, ``"maniac"``, ``"rock"``,
        ``"station"``, ``"tag"``).
    rng : numpy.random.Generator, optional
        The agent's source of randomness (``None``: fresh entropy).

    Returns
    -------
    Agent
        A callable ``agent(observation) -> action`` with a ``reset()`` method.

    Raises
    ------
    pokercore.errors.UnknownAgentError
        ``name`` is not a built-in agent (a ``ValueError``); the message lists the names.

    Examples
    --------
    >>> make_agent("hard", np.random.default_rng(1)).__class__.__name__
    'HardAgent'
    >>> make_agent("expert", np.random.default_rng(1))
    Traceback (most recent call last):
    ...
    pokercore.errors.UnknownAgentError: unknown draw agent 'expert': use one of easy, normal, hard, random,
    call, maniac, rock, station, tag
    """
    cls = AGENTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise UnknownAgentError(f"unknown draw agent {cut(name)}: use one of {', '.join(AGENTS)}")
    return cls(np.random.default_rng() if rng is None else rng)
