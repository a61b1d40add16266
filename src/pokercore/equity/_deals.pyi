"""Type stubs of the compiled deal kernels ``pokercore.equity._deals`` (private).

See ``pokercore.equity._exact_plan`` (which lists the deals of ranges) and ``pokercore.equity._tasks`` (which
enumerates one deal of each class alike up to suits).
"""

import numpy as np
import numpy.typing as npt

def suit_renamings_kept(board: npt.NDArray[np.uint8], dead_mask: int) -> int: ...
def canonical_deals(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], dead_mask: int,
) -> npt.NDArray[np.uint8]: ...
def class_counts(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], dead_mask: int, out: npt.NDArray[np.int64],
    a_lo: int, a_hi: int, stop: npt.NDArray[np.int32] | None = None, signals: bool = False,
) -> bool: ...
def weigh_classes(
    counts: npt.NDArray[np.int64], cls: npt.NDArray[np.int64], weights: npt.NDArray[np.float64], a_lo: int, a_hi: int,
) -> tuple[npt.NDArray[np.float64], float]: ...
def count_deals(
    combos: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int64], limit: int, step_limit: int,
) -> tuple[int, int]: ...
def build_deals(
    combos: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int64], weights: npt.NDArray[np.float64], count: int,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]: ...
