# cython: language_level=3
"""Exhaustive Binh arrangement search: the entry points (private; use :mod:`pokercore.binh._search`).

How the search works is described in :mod:`pokercore.binh._arrange_kernel`.
Every entry point validates its input (:mod:`pokercore.binh._arrange_input`:
shape, dtype, range, duplicates, finite value tables) before the ``nogil``
kernels, which trust it.  Masks returned to Python are over the caller's
input positions: bit ``i`` is ``cards[i]``.
"""
cimport cython
from libc.stdint cimport uint8_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport malloc, free

from pokercore.ceval cimport PC_NUM_RANKS_BINH, PC_BINH_RANK_OFFSET
from pokercore.binh._arrange_input cimport hand13, value_table
from pokercore.validation cimport read_fast
from pokercore.binh._arrange_kernel cimport (
    Work, _count, _decode, _fill_legal, _prepare, _solve, _to_input, _write_cards,
)

import numpy as np

from pokercore.errors import CardTypeError, PokercoreTypeError
from pokercore.validation import check_hands, check_out
from pokercore.workers import check_workers, run_rows

cdef enum:
    TABLE_LEN_C = PC_BINH_RANK_OFFSET + PC_NUM_RANKS_BINH + 1

NUM_SPLITS = 72072
NUM_RANKS = PC_NUM_RANKS_BINH
RANK_OFFSET = PC_BINH_RANK_OFFSET
#: Value tables are indexed by the published Binh rank (``RANK_OFFSET + 1 ..
#: RANK_OFFSET + 7917``); entries ``0 .. RANK_OFFSET`` are never read.
TABLE_LEN = PC_BINH_RANK_OFFSET + PC_NUM_RANKS_BINH + 1


cdef Work *_alloc() except NULL:
    cdef Work *w = <Work *>malloc(sizeof(Work))
    if w == NULL:
        raise MemoryError()
    return w


# ---------------------------------------------------------------- entry points

def count_legal(cards):
    """Number of legal (non-foul) splits of one hand: uint8 array of 13 codes."""
    arr = hand13(cards, "count_legal")
    cdef const uint8_t[:, ::1] h = arr
    cdef Work *w = _alloc()
    cdef int64_t n
    try:
        with nogil:
            _prepare(&h[0, 0], w)
            n = _count(w)
    finally:
        free(w)
    return n


@cython.auto_pickle(False)  # raw pointers into the caller's arrays: never pickled
cdef class _CountRows:
    """Rows start..stop - 1 of a checked (n, 13) batch into their legal split counts (a job for ``run_rows``)."""
    cdef object arr, out
    cdef const uint8_t *h
    cdef int64_t *o
    cdef Py_ssize_t n

    def __init__(self, arr, out):
        cdef const uint8_t[:, ::1] hv = arr
        cdef int64_t[::1] ov = out
        if hv.shape[1] != 13 or ov.shape[0] != hv.shape[0]:
            raise ValueError("_CountRows: needs (n, 13) hands and an (n,) out")
        self.arr, self.out, self.n = arr, out, hv.shape[0]
        self.h = &hv[0, 0] if self.n else NULL
        self.o = &ov[0] if self.n else NULL

    def __call__(self, Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        if not 0 <= start <= stop <= self.n:
            raise IndexError(f"_CountRows: rows {start}..{stop} outside 0..{self.n}")
        cdef Work *w = _alloc()  # one work area a thread
        try:
            with nogil:
                for i in range(start, stop):
                    _prepare(self.h + 13 * i, w)
                    self.o[i] = _count(w)
        finally:
            free(w)


def count_legal_batch(hands, name="count_legal_batch", out=None, workers=1):
    """Legal split counts of an (n, 13) array of hands, as int64 (``name`` in error messages).

    ``workers``: threads over the rows (:mod:`pokercore.workers`).
    """
    nw = check_workers(workers, name)
    arr = check_hands(hands, 13, name=name)
    result = check_out(out, arr.shape[0], name=name, dtype="int64", inputs=(hands, arr))
    run_rows(_CountRows(arr, result), arr.shape[0], nw, min_rows=1)
    return result


def legal_arrangements(cards):
    """All legal splits of one hand as an (L, 6) int32 array.

    Columns: top, middle, bottom masks (bit i = ``cards[i]``), then the top,
    middle and bottom Binh ranks.
    """
    arr = hand13(cards, "legal_arrangements")
    cdef const uint8_t[:, ::1] h = arr
    cdef Work *w = _alloc()
    cdef int64_t n
    cdef int32_t[:, ::1] o
    try:
        with nogil:
            _prepare(&h[0, 0], w)
            n = _count(w)
        out = np.empty((n, 6), dtype=np.int32)
        o = out
        with nogil:
            _fill_legal(w, &o[0, 0])
    finally:
        free(w)
    return out


cdef tuple _result(const Work *w, uint64_t key):
    cdef unsigned sm[3]
    cdef int32_t r[3]
    _decode(w, key, sm, r)
    return ((_to_input(w, sm[0]), _to_input(w, sm[1]), _to_input(w, sm[2])),
            (r[0], r[1], r[2]))


cdef tuple _best(const uint8_t *cards, const double *tt, const double *tm, const double *tb, object prune):
    """``(masks, ranks, value)`` of one checked hand: lexicographic when ``tt`` is NULL, else the tables.

    The table pointers are at rank ``RANK_OFFSET`` (the kernels index by raw rank);
    the caller keeps what they point into alive.
    """
    cdef Work *w = _alloc()
    cdef uint64_t key
    cdef double value
    cdef int p = bool(prune)
    try:
        with nogil:
            key = _solve(w, cards, tt, tm, tb, p, &value)
        masks, ranks = _result(w, key)
        return masks, ranks, value
    finally:
        free(w)


def best_lexicographic(cards, *, prune=True):
    """Strongest legal split by (bottom, middle, top) rank, ties by card sets.

    Returns ``((top_mask, middle_mask, bottom_mask), (top_rank, middle_rank,
    bottom_rank))`` with masks over input positions.  ``prune=False`` visits
    every split (same answer, slower; for tests).
    """
    cdef const uint8_t[:, ::1] h = hand13(cards, "best_lexicographic")
    return _best(&h[0, 0], NULL, NULL, NULL, prune)[:2]


def best_table(cards, top, middle, bottom, *, prune=True):
    """Legal split maximising ``bottom[rb] + middle[rm] + top[rt]`` (summed in that order).

    Returns ``(masks, ranks, value)`` as :func:`best_lexicographic` plus the value.
    """
    cdef const uint8_t[:, ::1] h = hand13(cards, "best_table")
    cdef const double[::1] tt = value_table(top, "best_table")
    cdef const double[::1] tm = value_table(middle, "best_table")
    cdef const double[::1] tb = value_table(bottom, "best_table")
    return _best(&h[0, 0], &tt[PC_BINH_RANK_OFFSET], &tm[PC_BINH_RANK_OFFSET], &tb[PC_BINH_RANK_OFFSET], prune)


cdef class ValueTables:
    """Top, middle and bottom value tables, checked once (finite float64, ``TABLE_LEN`` long) and frozen.

    The values are copied into one immutable ``bytes`` object; ``top``,
    ``middle`` and ``bottom`` are read-only arrays over it that cannot be
    made writeable, so what was checked is what every search reads.
    """
    cdef readonly object top, middle, bottom
    cdef const double[::1] _all

    def __init__(self, top, middle, bottom, str name="ValueTables"):
        parts = [value_table(t, f"{name}.{branch}")
                 for t, branch in ((top, "top"), (middle, "middle"), (bottom, "bottom"))]
        full = np.frombuffer(np.concatenate(parts).tobytes(), dtype=np.float64)
        self._all = full
        self.top, self.middle, self.bottom = full[:TABLE_LEN], full[TABLE_LEN:2 * TABLE_LEN], full[2 * TABLE_LEN:]

    def __reduce__(self):
        return (ValueTables, (self.top, self.middle, self.bottom))


def best_one(cards, ValueTables tables=None, *, prune=True):
    """Best split of one hand, the per-call fast path: lexicographic (``tables=None``) or the table objective.

    ``cards``: 13 distinct plain ints 0..51 in a list or tuple (read
    without numpy), or a 1-D array of 13 codes.  Returns ``(masks, ranks,
    value)`` as :func:`best_table` (``value`` NaN for the lexicographic
    objective).
    """
    cdef uint8_t buf[13]
    cdef const uint8_t *p = buf
    cdef const uint8_t[:, ::1] h
    if not read_fast(cards, 13, buf):
        if not isinstance(cards, np.ndarray):
            raise CardTypeError(
                "best_one: expected 13 distinct card codes 0..51 as a list or tuple of ints, or a 1-D array"
            )
        h = hand13(cards, "best_one")
        p = &h[0, 0]
    if tables is None:
        return _best(p, NULL, NULL, NULL, prune)
    cdef const double[::1] v = tables._all          # a local reference: the tables outlive the search
    cdef const double *tt = &v[PC_BINH_RANK_OFFSET]
    return _best(p, tt, tt + TABLE_LEN_C, tt + 2 * TABLE_LEN_C, prune)


@cython.auto_pickle(False)  # raw pointers into the caller's arrays: never pickled
cdef class _BestRows:
    """Rows start..stop - 1 of a checked (n, 13) batch into their best splits (a job for ``run_rows``).

    ``tables``: None (lexicographic) or three checked value tables, kept here
    with the hands and the outputs so that the memory outlives every thread.
    """
    cdef object keep
    cdef const uint8_t *h
    cdef const double *tt
    cdef const double *tm
    cdef const double *tb
    cdef uint8_t *co
    cdef int32_t *ro
    cdef double *vo
    cdef int prune
    cdef Py_ssize_t n

    def __init__(self, arr, tables, cards_out, ranks_out, values_out, bint prune):
        cdef const uint8_t[:, ::1] hv = arr
        cdef uint8_t[:, ::1] cv = cards_out
        cdef int32_t[:, ::1] rv = ranks_out
        cdef double[::1] vv = values_out
        cdef const double[::1] t0, t1, t2
        self.n = hv.shape[0]
        if (hv.shape[1] != 13 or cv.shape[0] != self.n or cv.shape[1] != 13 or rv.shape[0] != self.n
                or rv.shape[1] != 3 or vv.shape[0] != self.n):
            raise ValueError("_BestRows: the hands and the outputs do not match")
        self.keep = (arr, tables, cards_out, ranks_out, values_out)
        self.h = &hv[0, 0] if self.n else NULL
        self.co = &cv[0, 0] if self.n else NULL
        self.ro = &rv[0, 0] if self.n else NULL
        self.vo = &vv[0] if self.n else NULL
        self.tt = self.tm = self.tb = NULL
        self.prune = prune
        if tables is not None:
            t0, t1, t2 = tables
            if t0.shape[0] != TABLE_LEN_C or t1.shape[0] != TABLE_LEN_C or t2.shape[0] != TABLE_LEN_C:
                raise ValueError("_BestRows: value tables of the wrong length")
            # the kernels index by raw rank 0..7917 = published rank - RANK_OFFSET
            self.tt, self.tm, self.tb = &t0[PC_BINH_RANK_OFFSET], &t1[PC_BINH_RANK_OFFSET], &t2[PC_BINH_RANK_OFFSET]

    def __call__(self, Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        cdef uint64_t key
        cdef unsigned sm[3]
        if not 0 <= start <= stop <= self.n:
            raise IndexError(f"_BestRows: rows {start}..{stop} outside 0..{self.n}")
        cdef Work *w = _alloc()  # one work area a thread
        try:
            with nogil:
                for i in range(start, stop):
                    key = _solve(w, self.h + 13 * i, self.tt, self.tm, self.tb, self.prune, self.vo + i)
                    _decode(w, key, sm, self.ro + 3 * i)
                    _write_cards(w, sm, self.co + 13 * i)
        finally:
            free(w)


def best_batch(hands, tables=None, *, prune=True, name="best_batch", workers=1):
    """Best split of every row of an (n, 13) array.

    ``tables``: ``None`` for the lexicographic objective, else a
    ``(top, middle, bottom)`` triple of value tables.  ``workers``: threads
    over the rows (:mod:`pokercore.workers`), the same answers for any
    number.

    Returns ``(cards, ranks, values)``: ``cards`` (n, 13) uint8 laid out as
    top 3, middle 5, bottom 5 (each branch in descending code order),
    ``ranks`` (n, 3) int32 (top, middle, bottom) and ``values`` (n,) float64
    (NaN for the lexicographic objective).  ``name`` names the caller in
    error messages.
    """
    nw = check_workers(workers, name)
    arr = check_hands(hands, 13, name=name)
    checked = None
    if tables is not None:
        if not isinstance(tables, tuple) or len(tables) != 3:
            raise PokercoreTypeError("best_batch: tables must be a (top, middle, bottom) tuple of arrays or None")
        checked = tuple(value_table(t, "best_batch") for t in tables)
    cdef Py_ssize_t n = arr.shape[0]
    cards_out = np.empty((n, 13), dtype=np.uint8)
    ranks_out = np.empty((n, 3), dtype=np.int32)
    values_out = np.empty(n, dtype=np.float64)
    run_rows(_BestRows(arr, checked, cards_out, ranks_out, values_out, bool(prune)), n, nw, min_rows=1)
    return cards_out, ranks_out, values_out
