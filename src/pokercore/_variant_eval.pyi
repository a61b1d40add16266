"""Type stubs of the compiled core kernel ``pokercore._variant_eval`` (private).

See ``pokercore._variant_hands`` and ``pokercore._variant_hands``, the faces that validate its input.
"""

from typing import Final

import numpy as np
import numpy.typing as npt

SD_SCALE: Final[int]

def shortdeck_rows(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]: ...
def omaha_low_rows(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]: ...
