# cython: language_level=3
"""Input checks of the Binh kernels: one 13-card hand, value tables (private).

A batch of hands is judged by :func:`pokercore.validation.check_hands`, as
every batch in pokercore; the per-hand and table checks here turn their input
into exactly the plain arrays the ``nogil`` loops read, or raise a pokercore
error that names the problem.
"""
from pokercore.ceval cimport PC_NUM_RANKS_BINH, PC_BINH_RANK_OFFSET

import numpy as np

from pokercore.errors import CardTypeError, HandSizeError, PokercoreTypeError, PokercoreValueError
from pokercore.validation import check_hands, refuse_masked


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
    return check_hands(cards.reshape(1, 13), 13, name=name)


cdef object value_table(object t, str name):
    """A finite float64 value table indexed by Binh rank (``TABLE_LEN`` long), or a clear pokercore error."""
    cdef Py_ssize_t table_len = PC_BINH_RANK_OFFSET + PC_NUM_RANKS_BINH + 1
    refuse_masked(t, name, "table")
    try:
        given = np.asarray(t)
    except (TypeError, ValueError) as exc:
        raise PokercoreTypeError(f"{name}: a value table must hold numbers: {exc}") from None
    if given.dtype.kind not in "biuf":
        raise PokercoreTypeError(
            f"{name}: a value table must hold real numbers (a bool, integer or float dtype), got dtype "
            f"{given.dtype}" + ("; pass table.real if the imaginary parts are zero" if given.dtype.kind == "c" else "")
        )
    arr = np.ascontiguousarray(given, dtype=np.float64)
    if arr.ndim != 1 or arr.shape[0] != table_len:
        shape = tuple(arr.shape)
        raise PokercoreValueError(
            f"{name}: a value table needs shape ({table_len},) (index = Binh rank), got {shape}"
        )
    if not np.isfinite(arr).all():
        raise PokercoreValueError(f"{name}: value tables must be finite (no NaN or inf)")
    return arr
