"""Type stubs for the compiled batch validator ``pokercore.validation``."""

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["check_hands", "check_out", "check_rows", "is_masked_array", "refuse_masked"]

def is_masked_array(obj: object) -> bool: ...
def refuse_masked(value: object, name: str, what: str = "hands") -> None: ...
def check_hands(
    hands: npt.ArrayLike, width: int | tuple[int, ...], *, name: str, what: str = "hands", scan_rows: bool = True
) -> npt.NDArray[np.uint8]: ...
def check_rows(arr: npt.NDArray[np.uint8], *, name: str) -> None: ...
def check_out(
    out: npt.NDArray[Any] | None,
    n: int,
    *,
    name: str,
    dtype: str = "int32",
    inputs: tuple[object, ...] = (),
) -> npt.NDArray[Any]: ...
