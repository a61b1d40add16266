"""Type stubs for the compiled special-hand detection ``pokercore.binh._special`` (private).

Use :func:`pokercore.binh.classify_special_batch` and
:func:`pokercore.binh.special_kinds_batch` instead; they also accept lists.
"""

import numpy as np
import numpy.typing as npt

KIND_CODES: dict[str, int]
NUM_KINDS: int
NUM_THREE_STRAIGHT_SHAPES: int

def classify_batch(
    hands: npt.ArrayLike, name: str = ..., out: npt.NDArray[np.int8] | None = ..., workers: int | None = ...
) -> npt.NDArray[np.int8]: ...
def kinds_batch(
    hands: npt.ArrayLike, name: str = ..., out: npt.NDArray[np.uint16] | None = ..., workers: int | None = ...
) -> npt.NDArray[np.uint16]: ...
def kinds_one(cards: list[int] | tuple[int, ...] | npt.NDArray[np.integer]) -> int: ...
