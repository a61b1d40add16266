# cython: language_level=3, auto_pickle=False, autotestdict=False
"""Equity tallies of the hold'em variants: PLO (4-6 cards), PLO eight-or-better, short deck.

Private: :mod:`pokercore.equity._variant_equity` validates every input
(distinct cards, the short deck, hand sizes).  These kernels check once
more what their memory safety or their answer rests on (shapes, codes below
52) and then run a ``nogil`` loop that trusts its input.  Hands are scored
by the core's rules (the inline functions of ``pokercore/_variant_eval.pxd``
and ``pc_eval_omaha``).

A tally, shape ``(5, P)``: row 0 the boards won alone (the whole pot:
a scoop in hi-lo), row 1 the boards where the player takes part of the
pot, rows 2 and 3 the pot shares won with the high and the low hand, row
4 the sum of the squared pot shares (for the standard error).
"""
from libc.stdint cimport uint8_t

import numpy as np

from pokercore.ceval7 cimport pc_eval_omaha
from pokercore._variant_eval cimport _sd_best, _omaha_low, _MAX_P

#: Game codes of :func:`exact_tally` and :func:`rows_tally`.
GAME_SHORTDECK = 0
GAME_OMAHA = 1
GAME_OMAHA_HILO = 2
#: Most players of one tally.
MAX_PLAYERS = 10


cdef inline void _score(int game, const uint8_t *holes, int P, int k, const uint8_t *board,
                        double *out) noexcept nogil:
    """Add one complete board to the tally ``out`` (5 rows of P)."""
    cdef int hi[_MAX_P]
    cdef int lo[_MAX_P]
    cdef uint8_t seven[7]
    cdef int p, best_hi = 0, n_hi = 0, best_lo = 0, n_lo = 0
    cdef double pot_hi, pot_lo, s
    for p in range(P):
        if game == 0:
            seven[0] = holes[p * k]
            seven[1] = holes[p * k + 1]
            seven[2] = board[0]
            seven[3] = board[1]
            seven[4] = board[2]
            seven[5] = board[3]
            seven[6] = board[4]
            hi[p] = _sd_best(seven, 7)
        else:
            hi[p] = pc_eval_omaha(holes + p * k, k, board)
        if hi[p] > best_hi:
            best_hi = hi[p]
            n_hi = 1
        elif hi[p] == best_hi:
            n_hi += 1
        if game == 2:
            lo[p] = _omaha_low(holes + p * k, k, board)
            if lo[p] > best_lo:
                best_lo = lo[p]
                n_lo = 1
            elif lo[p] == best_lo and lo[p] > 0:
                n_lo += 1
    if best_lo > 0:
        pot_hi = 0.5 / n_hi
        pot_lo = 0.5 / n_lo
    else:
        pot_hi = 1.0 / n_hi
        pot_lo = 0.0
    for p in range(P):
        s = 0.0
        if hi[p] == best_hi:
            s += pot_hi
            out[2 * P + p] += pot_hi
        if best_lo > 0 and lo[p] == best_lo:
            s += pot_lo
            out[3 * P + p] += pot_lo
        if s == 1.0:
            out[p] += 1.0
        elif s > 0.0:
            out[P + p] += 1.0
        out[4 * P + p] += s * s


cdef int _check(int game, const uint8_t[:, ::1] holes) except -1:
    cdef Py_ssize_t P = holes.shape[0], k = holes.shape[1], i, j
    if game < 0 or game > 2:
        raise ValueError(f"unknown game code {game}")
    if P < 2 or P > _MAX_P:
        raise ValueError(f"2 to {_MAX_P} players, got {P}")
    if (game == 0 and k != 2) or (game > 0 and not 4 <= k <= 6):
        raise ValueError(f"wrong hole-card count {k} for game {game}")
    for i in range(P):
        for j in range(k):
            if holes[i, j] > 51:
                raise ValueError(f"card code {holes[i, j]} out of 0..51")
    return 0


def exact_tally(int game, const uint8_t[:, ::1] holes, const uint8_t[::1] known, const uint8_t[::1] live,
                Py_ssize_t first_lo, Py_ssize_t first_hi):
    """Tally every board that completes ``known`` with cards of ``live`` whose first new card is
    ``live[first_lo:first_hi]`` (all of them when no card is missing).  Returns ``(tally, boards)``."""
    _check(game, holes)
    cdef int P = <int>holes.shape[0], k = <int>holes.shape[1]
    cdef Py_ssize_t nk = known.shape[0], L = live.shape[0], i
    if nk > 5:
        raise ValueError("a board has at most 5 cards")
    for i in range(nk):
        if known[i] > 51:
            raise ValueError(f"card code {known[i]} out of 0..51")
    for i in range(L):
        if live[i] > 51:
            raise ValueError(f"card code {live[i]} out of 0..51")
    cdef int need = <int>(5 - nk)
    if need > L:
        raise ValueError("not enough live cards for the board")
    first_lo = max(first_lo, 0)
    first_hi = min(first_hi, L - need + 1)
    result = np.zeros((5, P), dtype=np.float64)
    cdef double[:, ::1] out = result
    cdef uint8_t board[5]
    cdef Py_ssize_t idx[5]
    cdef Py_ssize_t first, q, j
    cdef long long n = 0
    for i in range(nk):
        board[i] = known[i]
    with nogil:
        if need == 0:
            _score(game, &holes[0, 0], P, k, board, &out[0, 0])
            n = 1
        else:
            for first in range(first_lo, first_hi):
                idx[0] = first
                for q in range(1, need):
                    idx[q] = first + q
                while True:
                    for q in range(need):
                        board[nk + q] = live[idx[q]]
                    _score(game, &holes[0, 0], P, k, board, &out[0, 0])
                    n += 1
                    q = need - 1
                    while q >= 1 and idx[q] == L - need + q:
                        q -= 1
                    if q < 1:
                        break
                    idx[q] += 1
                    for j in range(q + 1, need):
                        idx[j] = idx[j - 1] + 1
    return result, n


def rows_tally(int game, const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards):
    """Tally the complete boards ``boards`` (shape ``(n, 5)``).  Returns the tally."""
    _check(game, holes)
    cdef int P = <int>holes.shape[0], k = <int>holes.shape[1]
    cdef Py_ssize_t n = boards.shape[0], i, j
    if boards.shape[1] != 5:
        raise ValueError("boards must have 5 columns")
    for i in range(n):
        for j in range(5):
            if boards[i, j] > 51:
                raise ValueError(f"card code {boards[i, j]} out of 0..51")
    result = np.zeros((5, P), dtype=np.float64)
    cdef double[:, ::1] out = result
    with nogil:
        for i in range(n):
            _score(game, &holes[0, 0], P, k, &boards[i, 0], &out[0, 0])
    return result
