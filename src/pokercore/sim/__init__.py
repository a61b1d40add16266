"""Simulation of AI-vs-AI matches: seeded, reproducible, parallel.

>>> from pokercore.sim import simulate
>>> print(simulate("toy", ["high", "always"], deals=100, seed=1).table())  # doctest: +ELLIPSIS
agent ...
high ...
always ...
"""

from .errors import SimulationError
from .files import OutputError
from .guard import AgentRunError
from .runner import GameAdapter, get_game, register_game, simulate
from .stats import AgentSummary, MatchResult

__all__ = [
           "AgentRunError",
           "AgentSummary",
           "GameAdapter",
           "MatchResult",
           "OutputError",
           "SimulationError",
           "get_game",
           "register_game",
           "simulate",
]
