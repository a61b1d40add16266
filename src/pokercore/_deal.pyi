"""Type stub for the compiled dealing loop ``pokercore._deal`` (private)."""

import numpy as np
import numpy.typing as npt

def deal_rows(
    u: npt.NDArray[np.float64], live: npt.NDArray[np.uint8], out: npt.NDArray[np.uint8]
) -> None: ...
