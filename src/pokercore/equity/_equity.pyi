"""Type stubs of the compiled exact equity kernels ``pokercore.equity._equity`` (private).

See ``pokercore.equity._holdem_equity``, which validates every input and schedules these kernels.
"""

from typing import Final

import numpy as np
import numpy.typing as npt

MAX_PLAYERS: Final[int]

def exact_unit(
    holes: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64], board: npt.NDArray[np.uint8],
    dead_mask: int, a_lo: int, a_hi: int, symmetry: int = 1,
    stop: npt.NDArray[np.int32] | None = None, signals: bool = False,
) -> tuple[npt.NDArray[np.float64], float]: ...
def deal_counts(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], dead_mask: int, part: int = 0, parts: int = 1,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
def weigh_counts(
    win: npt.NDArray[np.int64], tie: npt.NDArray[np.int64], tcount: npt.NDArray[np.int64], weight: float,
) -> tuple[npt.NDArray[np.float64], float]: ...
