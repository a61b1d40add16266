"""Short-deck ranks and Omaha eight-or-better lows as inline C functions (private to pokercore).

Shared by the core's evaluators (:mod:`pokercore._variant_eval`, behind
:mod:`pokercore.evaluators`) and the equity kernel of the variants
(:mod:`pokercore.equity._variants`), which cimport them: one home for these
rules, compiled into each loop that needs them.

Short-deck rank: ``order * 8192 + r`` where ``r`` is the standard rank of
the five cards (1..7462; A-6-7-8-9 takes the place of A-2-3-4-5, the
lowest straight or straight flush) and ``order`` the category in
short-deck order (flush above full house).  Omaha low: ``256 - mask`` where
``mask`` holds the five low ranks (bit 0 the ace .. bit 7 the eight); 0 for
no qualifying low.  Higher is better on both scales.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from pokercore.ceval cimport pc_eval5_standard, pc_category_standard
from pokercore.ceval7 cimport PC7_BIT16, PC7_CARD, PC7_SUIT_BIAS

cdef extern from "_evaluator7.h" nogil:
    # Standard non-flush rank from a sum of exactly seven (six) PC7_CARD entries, bias included: in bounds
    # for any codes without a clamp (see _evaluator7.h).
    int pc7_nonflush7_sum(uint32_t key)
    int pc7_nonflush6_sum(uint32_t key)
    # Nonzero iff a suit holds five or more of the cards; that suit's 13-bit rank mask.
    uint32_t pc7_flush_bits(uint64_t key)
    unsigned pc7_flush_mask(uint32_t fbits, uint64_t bits16)
    const uint16_t PC7_FLUSH[8192]

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
