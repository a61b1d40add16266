# cython: language_level=3, auto_pickle=False, autotestdict=False
"""Kernels of the core's variant evaluators: short-deck ranks and Omaha eight-or-better lows of a batch.

Private: :mod:`pokercore._variant_hands` and :mod:`pokercore._variant_hands` validate
every input (distinct cards, the short deck, hand sizes); these kernels
check once more what their memory safety rests on (shapes, codes below 52)
and then run a ``nogil`` loop.  The rules themselves are the inline
functions of ``_variant_eval.pxd``.
"""
from libc.stdint cimport uint8_t, int32_t

import numpy as np

from pokercore._variant_eval cimport _sd_best, _omaha_low

#: Short-deck ranks are ``category_order * SD_SCALE + standard_rank``.
SD_SCALE = 8192


def shortdeck_rows(const uint8_t[:, ::1] hands):
    """Short-deck ranks of an ``(n, 5..7)`` batch (codes checked below 52; distinctness is the caller's)."""
    cdef Py_ssize_t n = hands.shape[0], w = hands.shape[1], i, j
    if not 5 <= w <= 7:
        raise ValueError("short-deck hands have 5, 6 or 7 cards")
    for i in range(n):
        for j in range(w):
            if hands[i, j] > 51:
                raise ValueError(f"card code {hands[i, j]} out of 0..51")
    result = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] r = result
    with nogil:
        for i in range(n):
            r[i] = _sd_best(&hands[i, 0], <int>w)
    return result


def omaha_low_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards):
    """Omaha eight-or-better low ranks of ``(n, 4..6)`` holes on ``(n, 5)`` boards (0: no low)."""
    cdef Py_ssize_t n = holes.shape[0], w = holes.shape[1], i, j
    if not 4 <= w <= 6 or boards.shape[1] != 5 or boards.shape[0] != n:
        raise ValueError("Omaha lows need (n, 4..6) holes and (n, 5) boards")
    for i in range(n):
        for j in range(w):
            if holes[i, j] > 51:
                raise ValueError(f"card code {holes[i, j]} out of 0..51")
        for j in range(5):
            if boards[i, j] > 51:
                raise ValueError(f"card code {boards[i, j]} out of 0..51")
    result = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] r = result
    with nogil:
        for i in range(n):
            r[i] = _omaha_low(&holes[i, 0], <int>w, &boards[i, 0])
    return result
