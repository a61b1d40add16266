"""Type stubs of the compiled hold'em variant kernels ``pokercore.holdem._variants`` (private).

See ``pokercore.holdem.shortdeck``, ``pokercore.holdem.lowhand`` and ``pokercore.holdem.variant_equity``.
"""

from typing import Final

import numpy as np
import numpy.typing as npt

GAME_SHORTDECK: Final[int]
GAME_OMAHA: Final[int]
GAME_OMAHA_HILO: Final[int]
MAX_PLAYERS: Final[int]
SD_SCALE: Final[int]

def exact_tally(
    game: int, holes: npt.NDArray[np.uint8], known: npt.NDArray[np.uint8], live: npt.NDArray[np.uint8],
    first_lo: int, first_hi: int,
) -> tuple[npt.NDArray[np.float64], int]: ...
def rows_tally(
    game: int, holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]
) -> npt.NDArray[np.float64]: ...
def shortdeck_rows(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]: ...
def omaha_low_rows(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]: ...
