# cython: language_level=3
"""Special 13-card Binh hands in batch (private; use :mod:`pokercore.binh._special_hands`).

Kind codes follow :class:`pokercore.binh.SpecialKind`, best first::

    0  not special            5  six pairs
    1  dragon flush           6  four of a kind
    2  dragon straight        7  three full houses
    3  one colour             8  three flushes
    4  straight flush         9  three straights

so a smaller non-zero code is a better kind, ``code - 1`` indexes
``tuple(SpecialKind)``, and bit ``code - 1`` of a kinds mask says the hand
matches that kind.  The best code of a hand is its mask's lowest set bit
plus one.

Per hand the 13 cards give rank counts, suit counts, per-suit rank bits and
the rank counts packed 3 bits per rank (``sum 8**rank``).  Each kind is an
exact test on them, the same as :func:`pokercore.binh.classify_special`:

* straight flush: a suit's rank bits contain a straight window (a table of
  the 8,192 bit sets);
* three full houses: the 5+5+3 split into two full houses and a triple
  takes three triple ranks and pairs the other four cards.  A rank with 3
  cards must then give a triple (3 left is odd), a rank with 4 cannot (1
  left is odd), a single is never used: it holds exactly when no rank has
  one card and exactly three ranks have three;
* three flushes (every 5+5+3 split): the suit counts split into
  5 + 5 + 3 exactly when every suit count is one of 0, 3, 5, 8, 10, 13
  (13 cards as parts from {3, 5, 8, 10, 13}: 13, 10+3, 8+5, 5+5+3 are
  the only sums, and each is such a split);
* three straights (every 5+5+3 split): the packed counts equal
  the packed sum of two straights (Binh order, A-2-3-4-5 included) and a
  3-card sequence (A-2-3 .. Q-K-A), looked up by binary search in the
  sorted set of those 660 sums (counts stay <= 3 per rank, so 3 bits
  never carry).

Every entry point validates its input (type, dtype, shape, range,
duplicates) once, then runs a ``nogil`` loop that trusts it, on ``workers=``
threads (:mod:`pokercore.workers`).
"""
cimport cython
from libc.stdint cimport uint8_t, uint16_t, int8_t, uint64_t

from pokercore.binh._arrange_input cimport hand13
from pokercore.validation cimport read_fast

import numpy as np

from pokercore.errors import CardTypeError
from pokercore.validation import check_hands, check_out
from pokercore.workers import check_workers, run_rows

cdef enum:
    DRAGON_FLUSH = 1
    DRAGON_STRAIGHT = 2
    ONE_COLOUR = 3
    STRAIGHT_FLUSH = 4
    SIX_PAIRS = 5
    FOUR_OF_A_KIND = 6
    THREE_FULL_HOUSES = 7
    THREE_FLUSHES = 8
    THREE_STRAIGHTS = 9
    NUM_3STRAIGHTS_MAX = 660   # 55 unordered straight pairs * 12 sequences
    # suit counts that split into flushes 5 + 5 + 3: 0, 3, 5, 8, 10, 13
    FLUSH_PARTS = (1 << 0) | (1 << 3) | (1 << 5) | (1 << 8) | (1 << 10) | (1 << 13)

#: Kind codes by name, in :class:`~pokercore.binh.SpecialKind` order (1 = best).
KIND_CODES = {
    "dragon flush": DRAGON_FLUSH, "dragon straight": DRAGON_STRAIGHT, "one colour": ONE_COLOUR,
    "straight flush": STRAIGHT_FLUSH, "six pairs": SIX_PAIRS, "four of a kind": FOUR_OF_A_KIND,
    "three full houses": THREE_FULL_HOUSES, "three flushes": THREE_FLUSHES,
    "three straights": THREE_STRAIGHTS,
}
NUM_KINDS = 9

# ---------------------------------------------------------------- static tables

cdef uint8_t HAS_STRAIGHT[8192]               # rank bit set -> holds a 5-card straight
cdef uint64_t THREE_STRAIGHTS_SET[NUM_3STRAIGHTS_MAX]  # sorted, distinct packed sums
cdef int N_THREE_STRAIGHTS = 0


cdef inline uint64_t _pack_window(int lo, int length) noexcept nogil:
    """Packed counts of ``length`` consecutive ranks from ``lo`` (-1 = the low ace)."""
    cdef uint64_t p = 0
    cdef int r, k
    for k in range(length):
        r = lo + k
        if r < 0:
            r = 12
        p += (<uint64_t>1) << (3 * r)
    return p


cdef void _build_tables() noexcept nogil:
    cdef uint64_t straights[10]
    cdef uint64_t seqs[12]
    cdef unsigned windows[10]
    cdef int i, j, k, n = 0, m
    cdef uint64_t v
    cdef unsigned bits
    global N_THREE_STRAIGHTS
    # straights A-2-3-4-5 (lo = -1) and 2-6 .. T-A; sequences A-2-3 and 2-3-4 .. Q-K-A
    for i in range(10):
        straights[i] = _pack_window(i - 1, 5)
        windows[i] = 0
        for k in range(5):
            windows[i] |= (<unsigned>1) << (12 if i - 1 + k < 0 else i - 1 + k)
    for i in range(12):
        seqs[i] = _pack_window(i - 1, 3)
    for bits in range(8192):
        HAS_STRAIGHT[bits] = 0
        for i in range(10):
            if bits & windows[i] == windows[i]:
                HAS_STRAIGHT[bits] = 1
                break
    # every sum, then sort (insertion sort: 660 values, once) and drop repeats
    for i in range(10):
        for j in range(i, 10):
            for k in range(12):
                v = straights[i] + straights[j] + seqs[k]
                m = n
                while m > 0 and THREE_STRAIGHTS_SET[m - 1] > v:
                    THREE_STRAIGHTS_SET[m] = THREE_STRAIGHTS_SET[m - 1]
                    m -= 1
                THREE_STRAIGHTS_SET[m] = v
                n += 1
    m = 0
    for i in range(n):
        if m == 0 or THREE_STRAIGHTS_SET[i] != THREE_STRAIGHTS_SET[m - 1]:
            THREE_STRAIGHTS_SET[m] = THREE_STRAIGHTS_SET[i]
            m += 1
    N_THREE_STRAIGHTS = m


_build_tables()
NUM_THREE_STRAIGHT_SHAPES = N_THREE_STRAIGHTS

# ---------------------------------------------------------------- per-hand kernel


cdef inline bint _in_three_straights(uint64_t packed) noexcept nogil:
    cdef int lo = 0, hi = N_THREE_STRAIGHTS, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if THREE_STRAIGHTS_SET[mid] < packed:
            lo = mid + 1
        else:
            hi = mid
    return lo < N_THREE_STRAIGHTS and THREE_STRAIGHTS_SET[lo] == packed


cdef uint16_t _kinds(const uint8_t *cards) noexcept nogil:
    """Bit ``code - 1`` set for every kind the 13 (valid, distinct) cards match.

    Each byte is read once and masked to 0..63 (rank 0..15), and the arrays
    below have room for 16 ranks, so any bytes (an input changed by another
    thread after validation) give a meaningless mask, never an
    out-of-bounds access.
    """
    cdef int counts[16]
    cdef int suits[4]
    cdef unsigned suit_bits[4]
    cdef unsigned rank_bits = 0
    cdef uint64_t packed = 0
    cdef int i, r, s, c, pairs = 0, singles = 0, trips = 0, quads = 0
    cdef uint16_t out = 0
    for i in range(16):
        counts[i] = 0
    for i in range(4):
        suits[i] = 0
        suit_bits[i] = 0
    for i in range(13):
        c = cards[i] & 63
        r = c >> 2
        s = c & 3
        counts[r] += 1
        suits[s] += 1
        suit_bits[s] |= (<unsigned>1) << r
        rank_bits |= (<unsigned>1) << r
        packed += (<uint64_t>1) << (3 * r)
    for i in range(13):
        c = counts[i]
        pairs += c >> 1
        singles += c == 1
        trips += c == 3
        quads += c == 4
    if suits[0] == 13 or suits[1] == 13 or suits[2] == 13 or suits[3] == 13:
        out |= 1 << (DRAGON_FLUSH - 1)
    if rank_bits == 8191:
        out |= 1 << (DRAGON_STRAIGHT - 1)
    if suits[1] + suits[2] == 13 or suits[0] + suits[3] == 13:   # red: d, h; black: c, s
        out |= 1 << (ONE_COLOUR - 1)
    if (HAS_STRAIGHT[suit_bits[0] & 8191] | HAS_STRAIGHT[suit_bits[1] & 8191]
            | HAS_STRAIGHT[suit_bits[2] & 8191] | HAS_STRAIGHT[suit_bits[3] & 8191]):
        out |= 1 << (STRAIGHT_FLUSH - 1)
    if pairs == 6:
        out |= 1 << (SIX_PAIRS - 1)
    if quads:
        out |= 1 << (FOUR_OF_A_KIND - 1)
    if singles == 0 and trips == 3:
        out |= 1 << (THREE_FULL_HOUSES - 1)
    if (FLUSH_PARTS >> suits[0] & FLUSH_PARTS >> suits[1] & FLUSH_PARTS >> suits[2]
            & FLUSH_PARTS >> suits[3] & 1):
        out |= 1 << (THREE_FLUSHES - 1)
    if _in_three_straights(packed):
        out |= 1 << (THREE_STRAIGHTS - 1)
    return out


cdef inline int8_t _best(uint16_t mask) noexcept nogil:
    cdef int8_t code = 1
    if mask == 0:
        return 0
    while not (mask & 1):
        mask >>= 1
        code += 1
    return code


# ---------------------------------------------------------------- entry points


@cython.auto_pickle(False)  # raw pointers into the caller's arrays: never pickled
cdef class _KindRows:
    """Rows start..stop - 1 of a checked (n, 13) batch into kind codes (int8) or masks (uint16): a ``run_rows`` job."""
    cdef object arr, out
    cdef const uint8_t *h
    cdef int8_t *codes
    cdef uint16_t *masks
    cdef Py_ssize_t n

    def __init__(self, arr, out):
        cdef const uint8_t[:, ::1] hv = arr
        cdef int8_t[::1] cv
        cdef uint16_t[::1] mv
        self.arr, self.out, self.n = arr, out, hv.shape[0]
        self.h = &hv[0, 0] if self.n else NULL
        self.codes, self.masks = NULL, NULL
        if out.dtype == np.int8:
            cv = out
            if cv.shape[0] != self.n:
                raise ValueError("_KindRows: out needs a row for every hand")
            self.codes = &cv[0] if self.n else NULL
        else:
            mv = out
            if mv.shape[0] != self.n:
                raise ValueError("_KindRows: out needs a row for every hand")
            self.masks = &mv[0] if self.n else NULL
        if hv.shape[1] != 13:
            raise ValueError("_KindRows: needs (n, 13) hands")

    def __call__(self, Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        if not 0 <= start <= stop <= self.n:
            raise IndexError(f"_KindRows: rows {start}..{stop} outside 0..{self.n}")
        with nogil:
            if self.codes != NULL:
                for i in range(start, stop):
                    self.codes[i] = _best(_kinds(self.h + 13 * i))
            else:
                for i in range(start, stop):
                    self.masks[i] = _kinds(self.h + 13 * i)


def classify_batch(hands, name="classify_batch", out=None, workers=1):
    """Best special kind code of each row of an (n, 13) array of card codes, as int8 (0: not special)."""
    nw = check_workers(workers, name)
    arr = check_hands(hands, 13, name=name)
    result = check_out(out, arr.shape[0], name=name, dtype="int8", inputs=(hands, arr))
    run_rows(_KindRows(arr, result), arr.shape[0], nw)
    return result


def kinds_batch(hands, name="kinds_batch", out=None, workers=1):
    """Kinds mask of each row of an (n, 13) array, as uint16: bit ``code - 1`` per kind matched."""
    nw = check_workers(workers, name)
    arr = check_hands(hands, 13, name=name)
    result = check_out(out, arr.shape[0], name=name, dtype="uint16", inputs=(hands, arr))
    run_rows(_KindRows(arr, result), arr.shape[0], nw)
    return result


def kinds_one(cards):
    """Kinds mask of one hand: 13 distinct plain ints 0..51 in a list or tuple (read without numpy), or a 1-D array."""
    cdef uint8_t buf[13]
    cdef const uint8_t[:, ::1] h
    if read_fast(cards, 13, buf):
        return _kinds(buf)
    if not isinstance(cards, np.ndarray):
        raise CardTypeError(
            "kinds_one: expected 13 distinct card codes 0..51 as a list or tuple of ints, or a 1-D array"
        )
    h = hand13(cards, "kinds_one")
    return _kinds(&h[0, 0])
