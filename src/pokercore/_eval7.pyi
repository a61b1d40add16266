"""Type stubs for the compiled 6-card, 7-card and Omaha evaluators ``pokercore._eval7``."""

from collections.abc import Sequence
from typing import Union

import numpy as np
import numpy.typing as npt

CardsLike = Union[str, Sequence[int], Sequence[str], npt.NDArray[np.integer]]

def evaluate7(cards: CardsLike) -> int: ...
def evaluate6(cards: CardsLike) -> int: ...
def evaluate_omaha(hole: CardsLike, board: CardsLike) -> int: ...
def evaluate7_batch(
    hands: npt.ArrayLike, out: npt.NDArray[np.int32] | None = None
) -> npt.NDArray[np.int32]: ...
def evaluate6_batch(
    hands: npt.ArrayLike, out: npt.NDArray[np.int32] | None = None
) -> npt.NDArray[np.int32]: ...
def evaluate_omaha_batch(
    holes: npt.ArrayLike, boards: npt.ArrayLike, out: npt.NDArray[np.int32] | None = None
) -> npt.NDArray[np.int32]: ...
