"""Type stubs for the compiled 6-card, 7-card and Omaha evaluators ``pokercore._eval7``."""

import numpy as np
import numpy.typing as npt

from pokercore.cards import CardsLike

def evaluate7(cards: CardsLike) -> int: ...
def evaluate6(cards: CardsLike) -> int: ...
def evaluate_omaha(hole: CardsLike, board: CardsLike) -> int: ...
def evaluate7_batch(
    hands: npt.ArrayLike, out: npt.NDArray[np.int32] | None = None, *, workers: int | None = 1
) -> npt.NDArray[np.int32]: ...
def evaluate6_batch(
    hands: npt.ArrayLike, out: npt.NDArray[np.int32] | None = None, *, workers: int | None = 1
) -> npt.NDArray[np.int32]: ...
def evaluate_omaha_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    out: npt.NDArray[np.int32] | None = None,
    *,
    workers: int | None = 1,
) -> npt.NDArray[np.int32]: ...
