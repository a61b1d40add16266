"""The simulation's base error.

>>> issubclass(SimulationError, ValueError)
True
"""

from __future__ import annotations

from ..errors import PokercoreValueError

__all__ = ["SimulationError"]


class SimulationError(PokercoreValueError):
    """A simulation request that cannot run (unknown game or agent, bad counts) or an agent that failed."""
