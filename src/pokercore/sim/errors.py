"""The simulation's base error.

>>> issubclass(SimulationError, ValueError)
True
"""

from __future__ import annotations

from ..errors import PokercoreError

__all__ = ["SimulationError"]


class SimulationError(PokercoreError, ValueError):
    """A simulation request that cannot run (unknown game or agent, bad counts) or an agent that failed."""
