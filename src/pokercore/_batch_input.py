"""The arrays a batch kernel reads and writes, checked once at the boundary.

One home for every compiled batch entry point (:mod:`pokercore._eval`,
:mod:`pokercore._eval7`): the hands become exactly the plain, C-contiguous
``uint8`` array of shape ``(n, k)`` the kernel reads (a subclass is read as
the data it holds, a masked array is refused), and ``out`` is a separate,
writeable ``int32`` array.  Card values (range, duplicates) are checked by
the kernels' own nogil row check afterwards.

>>> import numpy as np
>>> hand_array([["As", "Kd", "7h", "7c", "2s"]], 5, "evaluate5_batch")
array([[51, 45, 22, 20,  3]], dtype=uint8)
>>> buf = np.zeros(40, np.uint8)
>>> h = buf[:10].reshape(2, 5)
>>> out_array(buf[:8].view(np.int32), 2, "evaluate5_batch", h)
Traceback (most recent call last):
...
pokercore.errors.InvalidArrayError: evaluate5_batch: out shares memory with the input (ranks would overwrite cards not yet read); pass a separate array as out, or a copy of the input
"""

from __future__ import annotations

import sys
from typing import Any

from .cards import to_codes
from .errors import (
    CardTypeError,
    DuplicateCardError,
    HandSizeError,
    InvalidArrayError,
    InvalidCardError,
    PokercoreError,
    cut,
)

__all__ = ["bad_row_error", "hand_array", "out_array", "refuse_masked", "rows_to_array"]


def refuse_masked(value: Any, name: str, what: str = "hands") -> None:
    """Raise if ``value`` is a numpy masked array (a kernel would ignore its mask)."""
    ma = sys.modules.get("numpy.ma")
    if ma is not None and isinstance(value, ma.MaskedArray):
        raise CardTypeError(
            f"{name}: masked arrays are not supported (the mask would be ignored); "
            f"pass {what}.filled(...) or drop the masked {'cards' if what == 'cards' else 'rows'}"
        )


def rows_to_array(hands: Any, k: int, name: str) -> Any:
    """A list of hands (each codes, card strings or a string), checked card by card."""
    import numpy as np

    if len(hands) == 0:
        raise InvalidArrayError(f"{name}: no hands given (an empty list)")
    rows = []
    for i, row in enumerate(hands):
        if not isinstance(row, (str, list, tuple, np.ndarray)):
            raise HandSizeError(
                f"{name}: hand {i} is {type(row).__name__} {cut(row)}, not a hand; expected shape "
                f"(n_hands, {k}) (wrap a single hand in a list: [hand])"
            )
        try:
            codes = to_codes(row)
        except PokercoreError as exc:
            raise type(exc)(f"{name}: hand {i}: {exc}") from None
        if len(codes) != k:
            raise HandSizeError(f"{name}: hand {i} has {len(codes)} cards; expected shape (n_hands, {k})")
        rows.append(codes)
    return np.array(rows, dtype=np.uint8)


def hand_array(hands: Any, k: int, name: str, what: str = "hands") -> Any:
    """Validate dtype, shape and layout; return the plain C-contiguous uint8 ``(n, k)`` array to read."""
    import numpy as np  # on first use: `import pokercore` stays cheap

    if isinstance(hands, (list, tuple)):
        hands = rows_to_array(hands, k, name)
    elif not isinstance(hands, np.ndarray):
        try:
            hands = np.asarray(hands)
        except (ValueError, TypeError) as exc:
            raise CardTypeError(f"{name}: {what} must be an integer array of shape (n, {k}): {exc}") from None
    elif type(hands) is not np.ndarray:
        refuse_masked(hands, name, what)
        # A subclass (np.matrix, ...) is read as the plain array it holds: its own
        # methods (astype, __getitem__, ...) never decide what the kernel reads.
        hands = np.asarray(hands)
    arr = hands
    if type(arr) is not np.ndarray:
        raise CardTypeError(f"{name}: {what} must be an integer array of shape (n, {k}), got {type(arr).__name__}")
    if arr.dtype.kind not in "iu":
        raise CardTypeError(f"{name}: {what} must have an integer dtype (uint8 is fastest), got {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != k:
        of = "" if what == "hands" else f" for {what}"
        raise HandSizeError(f"{name}: expected a 2-D array of shape (n_hands, {k}){of}, got shape {arr.shape}")
    if arr.shape[0] == 0:
        raise InvalidArrayError(f"{name}: the array holds no hands (shape {arr.shape})")
    if not arr.flags.c_contiguous:
        raise InvalidArrayError(f"{name}: the array is not C-contiguous; pass np.ascontiguousarray({what})")
    if arr.dtype != np.uint8:
        lo, hi = arr.min(), arr.max()
        if lo < 0 or hi > 51:
            bad = int(np.argwhere((arr < 0) | (arr > 51))[0, 0])
            raise InvalidCardError(f"{name}: hand {bad} has a card code out of range 0..51: {cut(arr[bad].tolist())}")
        arr = arr.astype(np.uint8)
    # What the kernel reads: exactly this plain (n, k) C-contiguous uint8 array.
    if (type(arr) is not np.ndarray or arr.dtype != np.uint8 or arr.ndim != 2 or arr.shape[1] != k
            or not arr.flags.c_contiguous):
        raise InvalidArrayError(f"{name}: could not read {what} as a C-contiguous uint8 array of shape (n, {k})")
    return arr


def out_array(out: Any, n: int, name: str, *inputs: Any) -> Any:
    """``out`` checked (or a new array): writeable C-contiguous int32 ``(n,)``, sharing no memory with ``inputs``."""
    import numpy as np

    if out is None:
        return np.empty(n, dtype=np.int32)
    if type(out) is not np.ndarray or out.dtype != np.int32 or out.shape != (n,) \
            or not out.flags.c_contiguous or not out.flags.writeable:
        raise InvalidArrayError(
            f"{name}: out must be a writeable C-contiguous int32 array of shape ({n},) "
            "(a plain numpy array, not a subclass)"
        )
    for arr in inputs:
        if np.may_share_memory(out, arr):
            raise InvalidArrayError(
                f"{name}: out shares memory with the input (ranks would overwrite cards not yet read); "
                "pass a separate array as out, or a copy of the input"
            )
    return out


def bad_row_error(arr: Any, bad: int, name: str) -> PokercoreError:
    """The error for row ``bad`` of ``arr``, which the kernel's row scan found invalid."""
    row = [int(c) for c in arr[bad]]
    if max(row) > 51:
        return InvalidCardError(f"{name}: hand {bad} has a card code out of range 0..51: {cut(row)}")
    return DuplicateCardError(f"{name}: hand {bad} repeats a card: {cut(row)}")
