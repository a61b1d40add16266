"""Type stubs for the compiled evaluator module ``pokercore._eval``."""

from typing import Literal

import numpy as np
import numpy.typing as npt

from pokercore.cards import CardsLike

_Rules = Literal["standard", "binh"]

NUM_RANKS_STANDARD: int
NUM_RANKS_BINH: int
BINH_RANK_OFFSET: int

def evaluate5(cards: CardsLike, rules: _Rules = "standard") -> int: ...
def evaluate3(cards: CardsLike) -> int: ...
def evaluate5_batch(
    hands: npt.ArrayLike,
    rules: _Rules = "standard",
    out: npt.NDArray[np.int32] | None = None,
    *,
    workers: int | None = 1,
) -> npt.NDArray[np.int32]: ...
def evaluate3_batch(
    hands: npt.ArrayLike, out: npt.NDArray[np.int32] | None = None, *, workers: int | None = 1
) -> npt.NDArray[np.int32]: ...
def rank_descriptors(rules: _Rules = "standard") -> npt.NDArray[np.uint32]: ...
