"""Type stubs for the compiled Monte Carlo kernel ``pokercore.holdem._montecarlo`` (private; see ``pokercore.holdem.equity``)."""

from typing import Any

import numpy as np
import numpy.typing as npt

class MonteCarloPlan:
    players: int
    def __init__(
        self, combos: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int64], weights: npt.NDArray[np.float64],
        board: npt.NDArray[np.uint8], dead_mask: int,
    ) -> None: ...
    def run(
        self, seeds: npt.NDArray[Any], lo: int, hi: int, samples: int, unit: int, max_rejects: int,
    ) -> tuple[npt.NDArray[np.int64], int]: ...
    def trace(self, seed: int, samples: int) -> npt.NDArray[np.int32]: ...
