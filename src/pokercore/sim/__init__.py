"""Simulation of AI-vs-AI matches: seeded, reproducible, parallel.

The parts, each in its own module: the games (:mod:`._registry`,
:mod:`._games`), the agents (:mod:`._agents`, :mod:`._loading`), the seeded
chunks of a match (:mod:`._chunks`), where they run (:mod:`._executor`), the
statistics kept as deals stream in (:mod:`._stats`), the result
(:mod:`._result`, :mod:`._plot`, :mod:`._files`), progress (:mod:`._progress`)
and :func:`simulate` tying them together (:mod:`._runner`).

>>> from pokercore.sim import simulate
>>> print(simulate("toy", ["high", "always"], deals=100, seed=1).table())  # doctest: +ELLIPSIS
agent ...
high ...
always ...
"""

from ._errors import SimulationError
from ._files import OutputError
from ._optional_packages import MissingExtraError
from ._progress import LineProgress
from ._registry import GameAdapter, get_game, register_game
from ._result import MatchResult
from ._runner import simulate
from ._seated_agents import AgentRunError
from ._stats import AgentSummary

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
