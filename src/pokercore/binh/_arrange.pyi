"""Type stubs for the compiled Binh arrangement search ``pokercore.binh._arrange`` (private).

Use :mod:`pokercore.binh._search` instead; it validates and converts input.
"""

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

NUM_SPLITS: int
NUM_RANKS: int
TABLE_LEN: int
RANK_OFFSET: int

_Masks = tuple[int, int, int]
_Ranks = tuple[int, int, int]

def count_legal(cards: npt.NDArray[np.integer]) -> int: ...
def count_legal_batch(
    hands: npt.ArrayLike, name: str = ..., out: npt.NDArray[np.int64] | None = ..., workers: int | None = ...
) -> npt.NDArray[np.int64]: ...
def legal_arrangements(cards: npt.NDArray[np.integer]) -> npt.NDArray[np.int32]: ...
def best_lexicographic(cards: npt.NDArray[np.integer], *, prune: bool = ...) -> tuple[_Masks, _Ranks]: ...
def best_table(
    cards: npt.NDArray[np.integer],
    top: npt.ArrayLike,
    middle: npt.ArrayLike,
    bottom: npt.ArrayLike,
    *,
    prune: bool = ...,
) -> tuple[_Masks, _Ranks, float]: ...
@disjoint_base
class ValueTables:
    top: npt.NDArray[np.float64]
    middle: npt.NDArray[np.float64]
    bottom: npt.NDArray[np.float64]
    def __init__(self, top: npt.ArrayLike, middle: npt.ArrayLike, bottom: npt.ArrayLike, name: str = ...) -> None: ...

def best_one(
    cards: list[int] | tuple[int, ...] | npt.NDArray[np.integer],
    tables: ValueTables | None = ...,
    *,
    prune: bool = ...,
) -> tuple[_Masks, _Ranks, float]: ...
def best_batch(
    hands: npt.ArrayLike,
    tables: tuple[npt.ArrayLike, npt.ArrayLike, npt.ArrayLike] | None = ...,
    *,
    prune: bool = ...,
    name: str = ...,
    workers: int | None = ...,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32], npt.NDArray[np.float64]]: ...
