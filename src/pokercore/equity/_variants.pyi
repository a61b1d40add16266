"""Type stubs of the compiled equity kernel of the variants ``pokercore.equity._variants`` (private).

See ``pokercore.equity._variant_equity``, the face that validates its input.
"""

from typing import Final

import numpy as np
import numpy.typing as npt

GAME_SHORTDECK: Final[int]
GAME_OMAHA: Final[int]
GAME_OMAHA_HILO: Final[int]
MAX_PLAYERS: Final[int]

def exact_tally(
    game: int, holes: npt.NDArray[np.uint8], known: npt.NDArray[np.uint8], live: npt.NDArray[np.uint8],
    first_lo: int, first_hi: int,
) -> tuple[npt.NDArray[np.float64], int]: ...
def rows_tally(
    game: int, holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]
) -> npt.NDArray[np.float64]: ...
