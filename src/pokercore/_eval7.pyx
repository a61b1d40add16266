# cython: language_level=3
"""Python entry points of the 6-card, 7-card and Omaha evaluators (see ``_evaluator7.h``).

Validation follows ``pokercore._eval`` (batches: :mod:`pokercore.validation`):
every entry point checks its input (range, duplicates, count, dtype, shape,
layout) and only then ranks it.  The batch forms of every evaluator (these and
``_eval``'s) run through :class:`_Rows` here: the loops of
``_evaluator_rows.h``, which check each row while they rank it, without the
GIL and on ``workers=`` threads (:mod:`pokercore.workers`).  Ranks are on the
standard scale of ``evaluate5`` (1..7462).
"""
cimport cython
from libc.stdint cimport uint8_t, int32_t, uint64_t

from pokercore.ceval7 cimport pc_eval7, pc_eval6, pc_eval_omaha
from pokercore.validation cimport read_cards, read_fast

from pokercore.cards import format_card, format_cards, to_codes
from pokercore.errors import DuplicateCardError, HandSizeError
from pokercore.validation import check_hands, check_out, check_rows
from pokercore.workers import check_workers, run_rows

cdef extern from "_evaluator_rows.h" nogil:
    void pc_rows_init()
    int pc_rows_set_way(int want)
    int pc_rows_best()
    int pc_rows_way
    Py_ssize_t pc_rows7(const uint8_t *p, int32_t *r, Py_ssize_t n)
    Py_ssize_t pc_rows6(const uint8_t *p, int32_t *r, Py_ssize_t n)
    Py_ssize_t pc_rows5(const uint8_t *p, int32_t *r, Py_ssize_t n, int binh)
    Py_ssize_t pc_rows3(const uint8_t *p, int32_t *r, Py_ssize_t n)
    Py_ssize_t pc_rows_omaha(const uint8_t *holes, int nh, const uint8_t *boards, int32_t *r, Py_ssize_t n)

pc_rows_init()  # ask the CPU once, before any thread runs a loop


cdef list _distinct_codes(object cards, str name, str what):
    codes = to_codes(cards)
    seen = set()
    for c in codes:
        if c in seen:
            raise DuplicateCardError(
                f"{name}: duplicate card {format_card(c)} (code {c}) in {what}; each card may appear once"
            )
        seen.add(c)
    return codes


def evaluate7(cards):
    """Rank of the best five-card hand among seven cards; higher is better.

    Parameters
    ----------
    cards : str or sequence of int or sequence of str or 1-D int array
        Seven distinct cards, in any form :func:`evaluate5` accepts.

    Returns
    -------
    int
        A rank on the standard scale of ``evaluate5`` (1..7462, A-2-3-4-5
        the lowest straight): ``evaluate7(c)`` is the largest ``evaluate5``
        of the 21 five-card subsets.

    Raises
    ------
    InvalidCardError, DuplicateCardError, HandSizeError, CardTypeError
        Malformed, out-of-range, duplicate or too many/few cards.

    Examples
    --------
    >>> evaluate7("As Ks Qs Js Ts 2c 3d")
    7462
    >>> from pokercore import evaluate5
    >>> evaluate7("Ah Kd 7c 7s 2d 9h 4c") == evaluate5("Ah Kd 7c 7s 9h")
    True
    """
    cdef uint8_t c[7]
    if not read_fast(cards, 7, c):
        read_cards(cards, 7, c, "evaluate7")
    return pc_eval7(c[0], c[1], c[2], c[3], c[4], c[5], c[6])


def evaluate6(cards):
    """Rank of the best five-card hand among six cards; higher is better.

    Same scale and errors as :func:`evaluate7`.

    Examples
    --------
    >>> from pokercore import evaluate5
    >>> evaluate6("Ah 2c 3d 4s 5h Kd") == evaluate5("Ah 2c 3d 4s 5h")
    True
    """
    cdef uint8_t c[6]
    if not read_fast(cards, 6, c):
        read_cards(cards, 6, c, "evaluate6")
    return pc_eval6(c[0], c[1], c[2], c[3], c[4], c[5])


def evaluate_omaha(hole, board):
    """Rank of the best Omaha hand: exactly two hole cards and three board cards.

    Parameters
    ----------
    hole : cards
        Four, five or six distinct hole cards.
    board : cards
        Five board cards, distinct from each other and from the hole cards.

    Returns
    -------
    int
        A rank on the standard scale of ``evaluate5``.

    Examples
    --------
    >>> from pokercore import describe_rank
    >>> describe_rank(evaluate_omaha("As Ah Ad Kc", "2c 3d 7h 9s Js"))  # two of the three aces play
    'Pair of aces'
    >>> describe_rank(evaluate_omaha("As Ks 2d 3c", "Qs Js Ts 9h 8h"))
    'Straight flush, ace high'
    >>> describe_rank(evaluate_omaha("Ah 9d 8c 2s", "Kh Qh Jh Th 3c"))  # one heart: no flush
    'Straight, queen high'
    """
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef Py_ssize_t i
    hc = _distinct_codes(hole, "evaluate_omaha", "the hole cards")
    bc = _distinct_codes(board, "evaluate_omaha", "the board")
    if not 4 <= len(hc) <= 6:
        raise HandSizeError(f"evaluate_omaha needs 4, 5 or 6 hole cards, got {len(hc)}")
    if len(bc) != 5:
        raise HandSizeError(f"evaluate_omaha needs a board of exactly 5 cards, got {len(bc)}")
    both = set(hc) & set(bc)
    if both:
        raise DuplicateCardError(
            f"evaluate_omaha: {format_cards(sorted(both))} both in the hole cards and on the board"
        )
    for i in range(len(hc)):
        h[i] = hc[i]
    for i in range(5):
        b[i] = bc[i]
    return pc_eval_omaha(h, <int>len(hc), b)


# -- batch ----------------------------------------------------------------------

cdef enum:
    ROWS3, ROWS5, ROWS5_BINH, ROWS6, ROWS7, ROWS_OMAHA

#: Kinds of rows :class:`_Rows` ranks (private; ``_eval`` uses them too).
_ROWS3, _ROWS5, _ROWS5_BINH = ROWS3, ROWS5, ROWS5_BINH


#: The ways the batch loops can count a row's card bits, slowest first (private).
_ROWS_WAYS = ("portable", "popcnt", "avx512")


def _rows_way(want=None):
    """Tests: the way the batch loops count bits now, one of ``_ROWS_WAYS``.

    ``want`` (one of ``_ROWS_WAYS``) switches to that way when this CPU has
    it, else to the best it has; None leaves the choice, and ``"best"``
    restores the best.  Every way gives the same answers.  Not while another
    thread ranks a batch.
    """
    pc_rows_init()
    if want is not None:
        pc_rows_set_way(-1 if want == "best" else _ROWS_WAYS.index(want))
    return _ROWS_WAYS[pc_rows_way]


def _rows_best_way():
    """Tests: the best way of ``_ROWS_WAYS`` this CPU has."""
    return _ROWS_WAYS[pc_rows_best()]


@cython.auto_pickle(False)  # raw pointers into the caller's arrays: never pickled
cdef class _Rows:
    """One batch through the checking loops: a job for :func:`pokercore.workers.run_rows`.

    ``_Rows(kind, a, b, out)``: ``a`` the hands (the holes for Omaha), ``b``
    the boards (Omaha) or None, ``out`` the int32 result, all as
    :func:`~pokercore.validation.check_hands` and
    :func:`~pokercore.validation.check_out` returned them (C-contiguous, the
    right shapes), referenced here so that the memory outlives every thread.
    """
    cdef object a_arr, b_arr, out
    cdef const uint8_t *a
    cdef const uint8_t *b
    cdef int32_t *r
    cdef readonly Py_ssize_t n
    cdef int kind, width

    def __init__(self, int kind, a, b, out):
        cdef const uint8_t[:, ::1] av = a
        cdef const uint8_t[:, ::1] bv
        cdef int32_t[::1] rv = out
        if not ROWS3 <= kind <= ROWS_OMAHA or rv.shape[0] != av.shape[0]:
            raise ValueError("_Rows: an unknown kind, or out does not have a row for every hand")
        self.a_arr, self.b_arr, self.out = a, b, out
        self.kind, self.n, self.width = kind, av.shape[0], <int>av.shape[1]
        self.a = &av[0, 0] if self.n else NULL
        self.r = &rv[0] if self.n else NULL
        self.b = NULL
        if kind == ROWS_OMAHA:
            bv = b
            if bv.shape[0] != self.n or bv.shape[1] != 5 or not 4 <= self.width <= 6:
                raise ValueError("_Rows: Omaha needs (n, 4..6) holes and (n, 5) boards")
            self.b = &bv[0, 0] if self.n else NULL
        elif self.width != (3 if kind == ROWS3 else 5 if kind <= ROWS5_BINH else 6 if kind == ROWS6 else 7):
            raise ValueError("_Rows: the hands do not have the width of the kind")

    cdef Py_ssize_t _run(self, Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
        """Rows start..stop - 1: -1, or the first that fails the check (it and the later ones not written)."""
        cdef Py_ssize_t bad, m = stop - start
        cdef const uint8_t *p = self.a + start * self.width
        cdef int32_t *r = self.r + start
        if m <= 0:
            return -1
        if self.kind == ROWS7:
            bad = pc_rows7(p, r, m)
        elif self.kind == ROWS6:
            bad = pc_rows6(p, r, m)
        elif self.kind == ROWS5 or self.kind == ROWS5_BINH:
            bad = pc_rows5(p, r, m, self.kind == ROWS5_BINH)
        elif self.kind == ROWS3:
            bad = pc_rows3(p, r, m)
        else:
            bad = pc_rows_omaha(p, self.width, self.b + 5 * start, r, m)
        return -1 if bad < 0 else start + bad

    def __call__(self, Py_ssize_t start, Py_ssize_t stop):
        """Rank rows ``start .. stop - 1`` without the GIL; -1, or the first row that failed the check."""
        cdef Py_ssize_t bad
        if not 0 <= start <= stop <= self.n:
            raise IndexError(f"_Rows: rows {start}..{stop} outside 0..{self.n}")
        with nogil:
            bad = self._run(start, stop)
        return bad

    def rank(self, int workers, str name):
        """Rank every row on ``workers`` threads and return ``out``, or raise the policy's error for the first bad row.

        When a row failed the check but every row passes it now (another
        thread changed the hands meanwhile, which the policy says not to do),
        the rows from there on are ranked again, a row that fails again
        getting 0: the answers are meaningless then, the memory safe.
        """
        cdef Py_ssize_t start
        if self.n == 0:
            return self.out
        bad = [b for b in run_rows(self, self.n, workers) if b >= 0]
        if bad:
            self._refuse(name)
            start = min(bad)
            with nogil:
                while start < self.n:
                    start = self._run(start, self.n)
                    if start < 0:
                        break
                    self.r[start] = 0
                    start += 1
        return self.out

    def _refuse(self, str name):
        """Raise the policy's error for the first bad row (as a check before the loop would have)."""
        check_rows(self.a_arr, name=name)
        if self.kind != ROWS_OMAHA:
            return
        check_rows(self.b_arr, name=name)
        cdef Py_ssize_t bad
        cdef const uint8_t[:, ::1] h = self.a_arr
        cdef const uint8_t[:, ::1] b = self.b_arr
        with nogil:
            bad = _first_overlap(h, b)
        if bad >= 0:
            raise DuplicateCardError(
                f"{name}: hand {bad}: a card is both in the hole cards {self.a_arr[bad].tolist()} "
                f"and on the board {self.b_arr[bad].tolist()}"
            )


def evaluate7_batch(hands, out=None, *, workers=1):
    """Ranks of many seven-card hands at once.

    Parameters
    ----------
    hands : array_like of shape (n, 7)
        Card codes of any integer dtype and memory layout, or a list of
        hands; every row 7 distinct codes in 0..51; no rows give an empty
        result.  A C-contiguous ``uint8`` array is read in place, anything
        else converted once (the policy of :mod:`pokercore.validation`).
    out : ndarray of int32, shape (n,), optional
        Where to write the ranks, as for :func:`pokercore.evaluate5_batch`
        (sharing no memory with ``hands``).
    workers : int or None, default 1
        Threads ranking the rows: an int >= 1, or None for every core
        (:mod:`pokercore.workers`); the same answers for any number.

    Returns
    -------
    ndarray of int32, shape (n,)

    Raises
    ------
    InvalidCardError, DuplicateCardError
        A row with a code outside 0..51 or a card twice, naming the first
        such row.  Each row is checked as it is ranked (one pass over the
        array), so ``out`` may then hold the ranks of other rows.
    CardTypeError, HandSizeError, InvalidArrayError
        Not a batch of 7-card hands, or a bad ``out``: raised before any
        row is ranked.

    Notes
    -----
    The loop runs without the GIL.  It reads each row once and only ever
    reads table memory, so a row changed by another thread during the call
    gives a meaningless rank, never a crash.

    Examples
    --------
    >>> import numpy as np
    >>> evaluate7_batch(np.array([[51, 47, 43, 39, 35, 0, 1], [0, 1, 2, 3, 4, 8, 12]], dtype=np.uint8))
    array([7462, 7299], dtype=int32)
    >>> from pokercore import random_hands
    >>> h = random_hands(100_000, 7, seed=1)
    >>> bool((evaluate7_batch(h, workers=2) == evaluate7_batch(h)).all())
    True
    """
    name = "evaluate7_batch"
    nw = check_workers(workers, name)
    arr = check_hands(hands, 7, name=name, scan_rows=False)
    result = check_out(out, arr.shape[0], name=name, inputs=(hands, arr))
    return _Rows(ROWS7, arr, None, result).rank(nw, name)


def evaluate6_batch(hands, out=None, *, workers=1):
    """Ranks of many six-card hands at once; as :func:`evaluate7_batch` with ``(n, 6)``.

    Examples
    --------
    >>> import numpy as np
    >>> evaluate6_batch(np.array([[51, 47, 43, 39, 35, 0]]))
    array([7462], dtype=int32)
    """
    name = "evaluate6_batch"
    nw = check_workers(workers, name)
    arr = check_hands(hands, 6, name=name, scan_rows=False)
    result = check_out(out, arr.shape[0], name=name, inputs=(hands, arr))
    return _Rows(ROWS6, arr, None, result).rank(nw, name)


cdef Py_ssize_t _first_overlap(const uint8_t[:, ::1] a, const uint8_t[:, ::1] b) noexcept nogil:
    """First row where a card of ``a`` is also in ``b`` (both rows valid on their own)."""
    cdef Py_ssize_t i, j, n = a.shape[0]
    cdef int ka = <int>a.shape[1], kb = <int>b.shape[1]
    cdef uint64_t ma, mb
    for i in range(n):
        ma = 0
        mb = 0
        for j in range(ka):
            ma |= (<uint64_t>1) << (a[i, j] & 63)
        for j in range(kb):
            mb |= (<uint64_t>1) << (b[i, j] & 63)
        if ma & mb:
            return i
    return -1


def evaluate_omaha_batch(holes, boards, out=None, *, workers=1):
    """Omaha ranks of many hands: row ``i`` is ``evaluate_omaha(holes[i], boards[i])``.

    Parameters
    ----------
    holes : array_like of shape (n, 4), (n, 5) or (n, 6)
        Hole cards, validated like :func:`evaluate7_batch`'s hands.
    boards : array_like of shape (n, 5)
        Five board cards a row, none of them in the same row of ``holes``.
    out : ndarray of int32, shape (n,), optional
    workers : int or None, default 1
        Threads, as for :func:`evaluate7_batch`.

    Returns
    -------
    ndarray of int32, shape (n,)

    Examples
    --------
    >>> import numpy as np
    >>> from pokercore import parse_cards
    >>> holes = np.array([parse_cards("As Ah Kd Qc"), parse_cards("As Ks 2d 3c")])
    >>> boards = np.array([parse_cards("Ad Ac 7h 5s 2d"), parse_cards("Qs Js Ts 9h 8h")])
    >>> evaluate_omaha_batch(holes, boards)  # four aces; a royal flush
    array([7446, 7462], dtype=int32)
    """
    name = "evaluate_omaha_batch"
    nw = check_workers(workers, name)
    harr = check_hands(holes, (4, 5, 6), name=name, what="holes", scan_rows=False)
    barr = check_hands(boards, 5, name=name, what="boards", scan_rows=False)
    if harr.shape[0] != barr.shape[0]:
        raise HandSizeError(
            f"{name}: holes has {harr.shape[0]} rows but boards has {barr.shape[0]}; give one board per hand"
        )
    result = check_out(out, harr.shape[0], name=name, inputs=(holes, boards, harr, barr))
    return _Rows(ROWS_OMAHA, harr, barr, result).rank(nw, name)
