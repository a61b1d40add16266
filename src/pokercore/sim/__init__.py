"""Simulation of AI-vs-AI matches: seeded, reproducible, parallel.

The parts, each in its own module: the games (:mod:`.registry`,
:mod:`.games`), the agents (:mod:`.agents`, :mod:`.loading`), the seeded
chunks of a match (:mod:`.chunks`), where they run (:mod:`.executor`), the
statistics kept as deals stream in (:mod:`.stats`), the result
(:mod:`.result`, :mod:`.plot`, :mod:`.files`), progress (:mod:`.progress`)
and :func:`simulate` tying them together (:mod:`.runner`).

>>> from pokercore.sim import simulate
>>> print(simulate("toy", ["high", "always"], deals=100, seed=1).table())  # doctest: +ELLIPSIS
agent ...
high ...
always ...
"""

from ._optional_packages import MissingExtraError
from ._seated_agents import AgentRunError
from .errors import SimulationError
from .files import OutputError
from .progress import LineProgress
from .registry import GameAdapter, get_game, register_game
from .result import MatchResult
from .runner import simulate
from .stats import AgentSummary

__all__ = [
           "AgentRunError",
           "AgentSummary",
           "GameAdapter",
           "LineProgress",
           "MatchResult",
           "MissingExtraError",
           "OutputError",
           "SimulationError",
           "get_game",
           "register_game",
           "simulate",
]
