"""Type stubs for the compiled equity kernels ``pokercore._equity`` (private; see ``pokercore.equity``)."""

from typing import Any

import numpy as np
import numpy.typing as npt

def exact_unit(
    holes: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64], board: npt.NDArray[np.uint8],
    dead_mask: int, a_lo: int, a_hi: int, i0_lo: int, i0_hi: int, symmetry: int = 1,
) -> tuple[npt.NDArray[np.float64], float]: ...

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
