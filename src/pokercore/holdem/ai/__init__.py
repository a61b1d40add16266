"""Hold'em and Omaha AIs: easy, normal, hard, and the baselines (simple policies and four styles).

An agent is a callable ``agent(observation) -> Action`` returning one of
the observation's legal actions (a bet or raise inside its allowed range);
it sees only its own cards, the public history and the legal moves.  Every
agent takes a seeded :class:`numpy.random.Generator` (the same seed, the
same decisions) and has ``reset()`` (called before each deal by the
simulator) and ``hand_over(observation)`` (a finished hand, for the hard
AI's reads).  All of them play no-limit and fixed-limit hold'em and
pot-limit Omaha.

=========  ====================================================================
name       agent
=========  ====================================================================
"easy"     :class:`EasyAgent`: a starting-hand chart, hand categories, rules of thumb
"normal"   :class:`NormalAgent`: equity against action-narrowed ranges, pot odds, position
"hard"     :class:`HardAgent`: normal plus per-opponent reads, bet sizes and bluffs
"random"   :class:`RandomLegalAgent`: a random legal action
"call"     :class:`CallAgent`: always checks or calls
"maniac"   :class:`ManiacAgent`: always bets or raises
"rock"     :class:`RockAgent`: plays only strong hands
"station"  :class:`StationAgent`: calls down with any pair or draw
"tag"      :class:`TightAggressiveAgent`: few hands, played by raising
=========  ====================================================================

Examples
--------
>>> import numpy as np
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=2)
>>> s.play([make_agent(n, np.random.default_rng(i)) for i, n in enumerate(["easy", "normal", "hard"])])
>>> s.is_over, sum(s.stacks)
(True, 600)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ...errors import UnknownAgentError, cut
from .._observation import Observation as _Observation
from ._baselines import (
    STYLES,
    CallAgent,
    ManiacAgent,
    RandomLegalAgent,
    RockAgent,
    StationAgent,
    TightAggressiveAgent,
)
from ._easy import EasyAgent
from ._hard import HardAgent
from ._normal import NormalAgent
from ._strength import best_rank

__all__ = [
    "AGENTS",
    "LEVELS",
    "STYLES",
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
    "best_rank",
    "make_agent",
]

#: An agent: a callable from an observation to one of its legal actions.
Agent = Callable[[_Observation], Any]

#: The playing levels, weakest first.
LEVELS = ("easy", "normal", "hard")

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
    """A built-in hold'em agent by name, drawing all its randomness from ``rng``.

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
        A callable ``agent(observation) -> Action`` with ``reset()`` and ``hand_over()``.

    Raises
    ------
    pokercore.errors.UnknownAgentError
        ``name`` is not a built-in agent (a ``ValueError``); the message lists the names.

    Examples
    --------
    >>> make_agent("hard", np.random.default_rng(1)).__class__.__name__
    'HardAgent'
    >>> make_agent("expert")
    Traceback (most recent call last):
    ...
    pokercore.errors.UnknownAgentError: unknown hold'em agent 'expert': use one of easy, normal, hard, random,
    call, maniac, rock, station, tag
    """
    cls = AGENTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise UnknownAgentError(f"unknown hold'em agent {cut(name)}: use one of {', '.join(AGENTS)}")
    return cls(np.random.default_rng() if rng is None else rng)
