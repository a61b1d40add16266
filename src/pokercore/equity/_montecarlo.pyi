"""Type stubs of the compiled Monte Carlo kernel ``pokercore.equity._montecarlo`` (private).

See ``pokercore.equity._holdem_equity``, which validates every input and schedules the units.
"""

from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

@disjoint_base
class MonteCarloPlan:
    @property
    def players(self) -> int: ...
    @property
    def weighted(self) -> bool: ...
    def __init__(
        self, combos: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int64], weights: npt.NDArray[np.float64],
        board: npt.NDArray[np.uint8], dead_mask: int,
    ) -> None: ...
    def run(
        self, seeds: npt.NDArray[Any], lo: int, hi: int, samples: int, unit: int, max_rejects: int,
        stop: npt.NDArray[np.int32] | None = None, signals: bool = False, seeds_from: int = 0,
    ) -> tuple[npt.NDArray[np.int64], int]: ...
    def trace(self, seed: int, samples: int) -> npt.NDArray[np.int32]: ...
    def run_weighted(
        self, seeds: npt.NDArray[Any], lo: int, hi: int, samples: int, unit: int,
        stop: npt.NDArray[np.int32] | None = None, signals: bool = False, seeds_from: int = 0,
    ) -> tuple[npt.NDArray[np.uint64], int]: ...
    def trace_weighted(self, seed: int, samples: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]: ...
