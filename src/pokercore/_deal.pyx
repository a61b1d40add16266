# cython: language_level=3
"""The dealing loop of :func:`pokercore.cards.random_hands` (private).

It needs nothing of pokercore, so :mod:`pokercore.cards` can use it without
reaching the evaluators.
"""
from libc.stdint cimport uint8_t

from pokercore.errors import InvalidArrayError


def deal_rows(const double[:, ::1] u, const uint8_t[::1] live, uint8_t[:, ::1] out):
    """Fill ``out`` (n, k) with partial Fisher-Yates draws from ``live`` (private; see ``random_hands``).

    Row ``i`` swaps position ``j`` of the deck with position
    ``j + floor(u[i, j] * (len(live) - j))`` for ``j < k`` and keeps the first
    ``k`` cards; ``u`` holds uniform doubles in [0, 1).

    >>> import numpy as np
    >>> out = np.empty((1, 3), dtype=np.uint8)
    >>> deal_rows(np.zeros((1, 3)), np.arange(52, dtype=np.uint8), out)
    >>> out.tolist()
    [[0, 1, 2]]
    """
    cdef Py_ssize_t i, j, p, n = out.shape[0], k = out.shape[1], size = live.shape[0]
    cdef uint8_t deck[64]
    cdef Py_ssize_t picks[64]
    cdef uint8_t t
    if u.shape[0] != n or u.shape[1] != k or not 0 < k <= size <= 64:
        raise InvalidArrayError("deal_rows: u must have the shape of out and 0 < k <= len(live) <= 64")
    for j in range(size):
        deck[j] = live[j]
    with nogil:
        for i in range(n):
            for j in range(k):
                p = j + <Py_ssize_t>(u[i, j] * (size - j))
                if p >= size:   # u < 1, so only for a rounding up in the product
                    p = size - 1
                picks[j] = p
                t = deck[p]
                deck[p] = deck[j]
                deck[j] = t
                out[i, j] = t
            for j in range(k - 1, -1, -1):   # undo the swaps: the deck is `live` again
                p = picks[j]
                t = deck[p]
                deck[p] = deck[j]
                deck[j] = t
