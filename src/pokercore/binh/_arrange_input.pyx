# cython: language_level=3
"""Input checks of the Binh kernels (13-card hands, value tables): one home (private).

Every entry point of :mod:`pokercore.binh._arrange` and :mod:`pokercore.binh._special`
turns its input into exactly the plain arrays its ``nogil`` loops read, or
raises a pokercore error that names the problem; the loops trust them.
"""
from libc.stdint cimport uint8_t

from pokercore.ceval cimport pc_valid_cards, PC_NUM_RANKS_BINH, PC_BINH_RANK_OFFSET

import numpy as np

from pokercore._batch_input import refuse_masked

from pokercore.errors import (
    CardTypeError, DuplicateCardError, HandSizeError, InvalidCardError, PokercoreTypeError,
    PokercoreValueError,
)


cdef object hands13(object hands, str name):
    """A C-contiguous uint8 (n, 13) plain ndarray with valid rows, or a clear pokercore error."""
    if not isinstance(hands, np.ndarray):
        raise CardTypeError(f"{name}: expected a numpy array of card codes, got {type(hands).__name__}")
    refuse_masked(hands, name, "hands")
    # A subclass (np.matrix, ...) is read as the plain array it holds: its own
    # methods never decide what the kernel reads.
    arr = np.asarray(hands)
    if arr.dtype.kind not in "iu":
        raise CardTypeError(f"{name}: card codes need an integer dtype, got {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != 13:
        raise HandSizeError(f"{name}: expected shape (n_hands, 13), got {arr.shape}")
    if arr.dtype != np.uint8:
        if arr.size and (arr.min() < 0 or arr.max() > 51):
            bad = int(np.argwhere((arr < 0) | (arr > 51))[0, 0])
            raise InvalidCardError(
                f"{name}: hand {bad} has a card code out of range 0..51: {[int(c) for c in arr[bad]]}"
            )
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)
    if type(arr) is not np.ndarray or arr.dtype != np.uint8 or arr.ndim != 2 or arr.shape[1] != 13:
        raise PokercoreValueError(f"{name}: could not read the hands as a uint8 array of shape (n, 13)")
    cdef const uint8_t[:, ::1] h = arr
    cdef Py_ssize_t i, bad_row = -1, n = h.shape[0]
    with nogil:
        for i in range(n):
            if not pc_valid_cards(&h[i, 0], 13):
                bad_row = i
                break
    if bad_row >= 0:
        row = [int(c) for c in arr[bad_row]]
        if max(row) > 51:
            raise InvalidCardError(f"{name}: hand {bad_row} has a card code out of range 0..51: {row}")
        raise DuplicateCardError(f"{name}: hand {bad_row} repeats a card: {row}")
    return arr


cdef object hand13(object cards, str name):
    """One hand: a 1-D array of 13 codes -> a valid (1, 13) uint8 array, or a clear pokercore error."""
    if not isinstance(cards, np.ndarray):
        raise CardTypeError(f"{name}: expected a numpy array of card codes, got {type(cards).__name__}")
    refuse_masked(cards, name, "cards")
    cards = np.asarray(cards)
    if cards.ndim != 1:
        raise HandSizeError(f"{name}: expected 13 card codes in a 1-D array, got shape {cards.shape}")
    if cards.shape[0] != 13:
        raise HandSizeError(f"{name}: expected 13 cards, got {cards.shape[0]}")
    return hands13(cards.reshape(1, 13), name)


cdef object value_table(object t, str name):
    """A finite float64 value table indexed by Binh rank (``TABLE_LEN`` long), or a clear pokercore error."""
    cdef Py_ssize_t table_len = PC_BINH_RANK_OFFSET + PC_NUM_RANKS_BINH + 1
    try:
        arr = np.ascontiguousarray(t, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise PokercoreTypeError(f"{name}: a value table must hold numbers: {exc}") from None
    if arr.ndim != 1 or arr.shape[0] != table_len:
        shape = tuple(arr.shape)
        raise PokercoreValueError(
            f"{name}: a value table needs shape ({table_len},) (index = Binh rank), got {shape}"
        )
    if not np.isfinite(arr).all():
        raise PokercoreValueError(f"{name}: value tables must be finite (no NaN or inf)")
    return arr
