# cython: language_level=3, auto_pickle=False, autotestdict=False
"""Kernels of the hold'em variants: short-deck ranks, Omaha eight-or-better lows, and equity tallies.

Private: :mod:`pokercore.holdem.shortdeck`, :mod:`pokercore.holdem.lowhand`
and :mod:`pokercore.holdem.variant_equity` validate every input (distinct
cards, the short deck, hand sizes).  These kernels check once more what
their memory safety or their answer rests on (shapes, codes below 52) and
then run a ``nogil`` loop that trusts its input.

Short-deck rank: ``order * 8192 + r`` where ``r`` is the standard rank of
the five cards (1..7462; A-6-7-8-9 takes the place of A-2-3-4-5, the
lowest straight or straight flush) and ``order`` the category in
short-deck order (flush above full house).  Omaha low: ``256 - mask`` where
``mask`` holds the five low ranks (bit 0 the ace .. bit 7 the eight); 0 for
no qualifying low.  Higher is better on both scales.

A tally, shape ``(5, P)``: row 0 the boards won alone (the whole pot:
a scoop in hi-lo), row 1 the boards where the player takes part of the
pot, rows 2 and 3 the pot shares won with the high and the low hand, row
4 the sum of the squared pot shares (for the standard error).
"""
from libc.stdint cimport uint8_t, uint16_t, int32_t, uint32_t, uint64_t

import numpy as np

from pokercore.ceval cimport pc_eval5_standard, pc_category_standard
from pokercore.ceval7 cimport PC7_BIT16, PC7_CARD, PC7_SUIT_BIAS, pc_eval_omaha

cdef extern from "_evaluator7.h" nogil:
    # Standard non-flush rank from a sum of exactly seven (six) PC7_CARD entries, bias included: in bounds
    # for any codes without a clamp (see _evaluator7.h).
    int pc7_nonflush7_sum(uint32_t key)
    int pc7_nonflush6_sum(uint32_t key)
    # Nonzero iff a suit holds five or more of the cards; that suit's 13-bit rank mask.
    uint32_t pc7_flush_bits(uint64_t key)
    unsigned pc7_flush_mask(uint32_t fbits, uint64_t bits16)
    const uint16_t PC7_FLUSH[8192]

#: Game codes of :func:`exact_tally` and :func:`rows_tally`.
GAME_SHORTDECK = 0
GAME_OMAHA = 1
GAME_OMAHA_HILO = 2
#: Most players of one tally.
MAX_PLAYERS = 10
#: Short-deck ranks are ``category_order * SD_SCALE + standard_rank``.
SD_SCALE = 8192

cdef enum:
    _SD_SCALE = 8192
    _MAX_P = 10
    _WHEEL_MASK = (1 << 12) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 7)  # A, 6, 7, 8, 9
    _STD_WHEEL = 5854          # standard rank of A-2-3-4-5 (the lowest straight)
    _STD_STEEL_WHEEL = 7453    # standard rank of the lowest straight flush
    _NO_LOW = 256


cdef inline int _sd5(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e) noexcept nogil:
    cdef int r = pc_eval5_standard(a, b, c, d, e)
    cdef int cat = pc_category_standard(r)
    cdef unsigned m = (1u << ((a >> 2) & 15)) | (1u << ((b >> 2) & 15)) | (1u << ((c >> 2) & 15)) \
        | (1u << ((d >> 2) & 15)) | (1u << ((e >> 2) & 15))
    if m == _WHEEL_MASK:
        if cat == 0:
            r = _STD_WHEEL
            cat = 4
        elif cat == 5:
            r = _STD_STEEL_WHEEL
            cat = 8
    if cat == 5:      # flush above full house
        cat = 6
    elif cat == 6:
        cat = 5
    return cat * _SD_SCALE + r


cdef inline int _sd_order(int r) noexcept nogil:
    """A standard rank on the short-deck scale: flush and full house change places."""
    cdef int cat = pc_category_standard(r)
    if cat == 5:
        cat = 6
    elif cat == 6:
        cat = 5
    return cat * _SD_SCALE + r


cdef inline int _sd_best(const uint8_t *c, int n) noexcept nogil:
    """Best short-deck rank of 5, 6 or 7 short-deck cards.

    Six or seven cards by the 7-card tables: the best non-flush hand of the
    cards' ranks (their key sum), a straight A-6-7-8-9 when the ranks hold
    one and nothing better than trips; and, when a suit holds five or more,
    the best flush of its ranks (a straight flush A-6-7-8-9 where there is
    no higher one).  With no deuce to five in the deck, A-2-3-4-5 never
    arises, and the larger of the two on the short-deck scale is the hand.
    """
    if n == 5:
        return _sd5(c[0], c[1], c[2], c[3], c[4])
    cdef uint64_t key = PC7_SUIT_BIAS, bits = 0
    cdef int i, r, f, best
    for i in range(n):
        key += PC7_CARD[c[i]]
        bits |= PC7_BIT16[c[i]]
    cdef unsigned ranks = <unsigned>((bits | (bits >> 16) | (bits >> 32) | (bits >> 48)) & 0x1fff)
    r = pc7_nonflush7_sum(<uint32_t>key) if n == 7 else pc7_nonflush6_sum(<uint32_t>key)
    if pc_category_standard(r) < 4 and (ranks & _WHEEL_MASK) == _WHEEL_MASK:
        r = _STD_WHEEL
    best = _sd_order(r)
    cdef uint32_t fl = pc7_flush_bits(key)
    cdef unsigned m
    if fl:
        m = pc7_flush_mask(fl, bits) & 0x1fff
        f = PC7_FLUSH[m]
        if pc_category_standard(f) != 8 and (m & _WHEEL_MASK) == _WHEEL_MASK:
            f = _STD_STEEL_WHEEL
        f = _sd_order(f)
        if f > best:
            best = f
    return best


cdef inline unsigned _low_bit(unsigned code) noexcept nogil:
    """The low bit of a card: bit 0 for an ace, bit r-1 for a deuce .. eight, 0 for nine to king."""
    cdef unsigned r = code >> 2
    if r == 12:
        return 1
    if r <= 6:
        return 1u << (r + 1)
    return 0


cdef inline int _omaha_low(const uint8_t *hole, int nh, const uint8_t *board) noexcept nogil:
    """Omaha eight-or-better low rank (256 - mask), 0 for none: two hole and three board cards."""
    cdef unsigned pairs[15]
    cdef int np_ = 0, i, j, k
    cdef unsigned a, b, t, m, best = _NO_LOW
    for i in range(nh):
        a = _low_bit(hole[i])
        if a == 0:
            continue
        for j in range(i + 1, nh):
            b = _low_bit(hole[j])
            if b != 0 and b != a:
                pairs[np_] = a | b
                np_ += 1
    if np_ == 0:
        return 0
    cdef unsigned bb[5]
    cdef int x
    for i in range(5):
        bb[i] = _low_bit(board[i])
    for i in range(5):
        if bb[i] == 0:
            continue
        for j in range(i + 1, 5):
            if bb[j] == 0 or bb[j] == bb[i]:
                continue
            for k in range(j + 1, 5):
                if bb[k] == 0 or bb[k] == bb[i] or bb[k] == bb[j]:
                    continue
                t = bb[i] | bb[j] | bb[k]
                for x in range(np_):
                    if pairs[x] & t:
                        continue
                    m = pairs[x] | t
                    if m < best:
                        best = m
    return 0 if best == _NO_LOW else <int>(_NO_LOW - best)


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
