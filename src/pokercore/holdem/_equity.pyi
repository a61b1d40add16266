"""Type stubs for the compiled equity kernels ``pokercore.holdem._equity`` (private; see ``pokercore.holdem.equity``)."""

import numpy as np
import numpy.typing as npt

def exact_unit(
    holes: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64], board: npt.NDArray[np.uint8],
    dead_mask: int, a_lo: int, a_hi: int, i0_lo: int, i0_hi: int, symmetry: int = 1,
) -> tuple[npt.NDArray[np.float64], float]: ...
