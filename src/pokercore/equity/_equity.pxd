# cython: language_level=3
"""Shared by the hold'em exact kernels: one deal's board enumeration and the helpers that count it.

:mod:`pokercore.equity._equity` enumerates the boards of one deal
(:func:`_enum_one`, defined there); :mod:`pokercore.equity._deals` runs it
once for each class of deals alike up to suits.  Both weigh a deal's integer
counts with the inline helpers below, so the floats they give agree bit for
bit.
"""
from libc.stdint cimport uint8_t, uint64_t, int64_t

from pokercore.ceval7 cimport PC7_CARD, PC7_BIT16, PC7_SUIT_BIAS
from pokercore.equity._common cimport PC_MAX_PLAYERS


cdef enum:
    POLL_HANDS = 1 << 20  # hands scored between two polls of the stop flag and the signal handlers


cdef void _enum_one(const uint8_t *holes, int P, uint64_t fixed_key, uint64_t fixed_bits, const uint8_t *board,
                    int k, uint64_t dead_mask, int by_ranks, int part, int parts,
                    int64_t *win, int64_t *tie, int64_t *tcount) noexcept nogil


cdef inline int _board_args(const uint8_t[::1] board, uint64_t *key, uint64_t *bits) except -1:
    """The key sum and suit bits of the known board cards (suit bias included); returns their number."""
    cdef int j, k = <int>board.shape[0]
    if k > 5:
        raise ValueError("equity kernel: a board has at most 5 cards")
    key[0] = PC7_SUIT_BIAS
    bits[0] = 0
    for j in range(k):
        key[0] += PC7_CARD[board[j]]
        bits[0] |= PC7_BIT16[board[j]]
    return k


cdef inline void _zero(int64_t *win, int64_t *tie, int64_t *tcount) noexcept nogil:
    cdef int j
    for j in range(PC_MAX_PLAYERS):
        win[j] = 0
        tie[j] = 0
    for j in range(PC_MAX_PLAYERS * (PC_MAX_PLAYERS + 1)):
        tcount[j] = 0


cdef inline double _boards(const int64_t *win, const int64_t *tcount, int P) noexcept nogil:
    """Boards of one deal from its counts: sole wins plus, for each k-way tie, its k tied players / k."""
    cdef int p, nt
    cdef int64_t wins = 0
    cdef double ties = 0.0
    for p in range(P):
        wins += win[p]
        for nt in range(2, PC_MAX_PLAYERS + 1):
            ties += <double>tcount[p * (PC_MAX_PLAYERS + 1) + nt] / nt
    return <double>wins + ties


cdef inline double _weigh(double[:, ::1] r, double w, const int64_t *win, const int64_t *tie, const int64_t *tcount,
                          int P) noexcept nogil:
    """Add one deal's counts, weighed ``w``, to ``r``; return its number of boards (unweighted)."""
    cdef int p, nt
    for p in range(P):
        r[0, p] += w * win[p]
        r[1, p] += w * tie[p]
        for nt in range(2, PC_MAX_PLAYERS + 1):
            r[2, p] += w * tcount[p * (PC_MAX_PLAYERS + 1) + nt] / nt
    # Boards: sole wins plus, for each k-way tie, its k tied players / k.
    return _boards(win, tcount, P)
