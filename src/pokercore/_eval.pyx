# cython: language_level=3
"""Python entry points of the lookup-table evaluators (see ``_evaluator.h``).

Every entry point validates its input once (range, duplicates, count,
dtype, shape, layout) and only then runs the trusting C kernels.  The batch
forms run the loops of ``_evaluator_rows.h`` (through ``_eval7._Rows``),
which check each row while they rank it, without the GIL, on ``workers=``
threads.
"""
from libc.stdint cimport uint8_t

from pokercore.ceval cimport (
    pc_eval5_standard, pc_eval5_binh, pc_eval3,
    PC_DESC_STANDARD, PC_DESC_BINH, PC_NUM_RANKS_STANDARD, PC_NUM_RANKS_BINH, PC_BINH_RANK_OFFSET,
)
from pokercore.validation cimport read_cards, read_fast

from pokercore._eval7 import _ROWS3, _ROWS5, _ROWS5_BINH, _Rows
from pokercore.errors import InvalidRulesError, cut
from pokercore.validation import check_hands, check_out
from pokercore.workers import check_workers

NUM_RANKS_STANDARD = PC_NUM_RANKS_STANDARD
NUM_RANKS_BINH = PC_NUM_RANKS_BINH
BINH_RANK_OFFSET = PC_BINH_RANK_OFFSET


cdef int _binh(object rules) except -1:
    """0 for the standard straight order, 1 for Binh."""
    if rules == "standard":
        return 0
    if rules == "binh":
        return 1
    if isinstance(rules, str) and rules.lower() in ("standard", "binh"):
        return rules.lower() == "binh"
    raise InvalidRulesError(f"rules must be 'standard' or 'binh', got {cut(rules)}")


def evaluate5(cards, rules="standard"):
    """Rank of a five-card hand; higher is better.

    Parameters
    ----------
    cards : str or sequence of int or sequence of str or 1-D int array
        Five distinct cards: ``"As Kd 7h 7c 2s"``, codes ``[51, 45, ...]``
        (``code = rank * 4 + suit``) or ``["As", "Kd", ...]``.
    rules : {"standard", "binh"}, default "standard"
        Straight order.  ``"standard"``: A-2-3-4-5 is the lowest straight,
        ranks ``1..7462``.  ``"binh"``: 10-J-Q-K-A is the highest and
        A-2-3-4-5 the second highest; ranks lie on the Binh scale
        ``10001..17917`` (``BINH_RANK_OFFSET + 1 .. BINH_RANK_OFFSET + 7917``)
        shared with :func:`evaluate3`.  The two scales do not overlap, so a
        rank says which scale it is on (:func:`pokercore.describe_rank`).

    Returns
    -------
    int
        The rank; equal ranks tie.

    Raises
    ------
    InvalidCardError, DuplicateCardError, HandSizeError, CardTypeError
        Malformed, out-of-range, duplicate or too many/few cards.

    Examples
    --------
    >>> evaluate5("As Ks Qs Js Ts"), evaluate5("As Ks Qs Js Ts", rules="binh")
    (7462, 17917)
    >>> evaluate5("Ah 2c 3d 4s 5h") < evaluate5("2h 3c 4d 5s 6h")
    True
    >>> evaluate5("Ah 2c 3d 4s 5h", rules="binh") > evaluate5("Kh Qc Jd Ts 9h", rules="binh")
    True
    """
    cdef uint8_t c[5]
    cdef int binh = _binh(rules)
    if not read_fast(cards, 5, c):
        read_cards(cards, 5, c, "evaluate5")
    if binh:
        return pc_eval5_binh(c[0], c[1], c[2], c[3], c[4])
    return pc_eval5_standard(c[0], c[1], c[2], c[3], c[4])


def evaluate3(cards):
    """Rank of a three-card hand on the Binh scale (same scale as ``evaluate5(..., rules="binh")``).

    Binh ranks run ``10001..17917``: 3- and 5-card hands interleaved.

    Three-card hands have no straights or flushes.  A missing kicker counts
    lower than any card, so ``A-A-K`` is below ``A-A-K-3-2`` but above
    ``A-A-Q-J-T``; the Binh order rule "top not stronger than middle" is
    ``evaluate3(top) <= evaluate5(middle, rules="binh")``.

    Examples
    --------
    >>> evaluate3("Ah Ad Kc") < evaluate5("Ac As Kd 3c 2d", rules="binh")
    True
    >>> evaluate3("2c 3d 4h"), evaluate3("Ac Ad Ah")
    (10001, 16242)
    >>> evaluate3("7h 7d Ac") > evaluate5("7c 7s Kd Qc Jd", rules="binh")
    True
    """
    cdef uint8_t c[3]
    if not read_fast(cards, 3, c):
        read_cards(cards, 3, c, "evaluate3")
    return pc_eval3(c[0], c[1], c[2])


def evaluate5_batch(hands, rules="standard", out=None, *, workers=1):
    """Ranks of many five-card hands at once.

    Parameters
    ----------
    hands : array_like of shape (n, 5)
        Card codes of any integer dtype and memory layout, or a list of
        hands; every row 5 distinct codes in 0..51; no rows give an empty
        result.  A C-contiguous ``uint8`` array is read in place, anything
        else converted once.  The one policy of every batch function:
        :mod:`pokercore.validation`.
    rules : {"standard", "binh"}, default "standard"
        Straight order, as in :func:`evaluate5`.
    out : ndarray of int32, shape (n,), optional
        Where to write the ranks: a writeable C-contiguous array (or
        ``np.memmap``) that shares no memory with ``hands``, not even through
        a second mapping of the same file (else :class:`InvalidArrayError`).
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
    CardTypeError, HandSizeError, InvalidArrayError, InvalidRulesError
        Not a batch of 5-card hands, a bad ``out`` or bad ``rules``: raised
        before any row is ranked.

    Notes
    -----
    The loop runs without the GIL, so threads evaluate in parallel.  The
    array is validated as it is read: do not write to it from another
    thread while the call runs (the ranks of rows changed meanwhile are then
    meaningless, though the call stays memory-safe).

    Examples
    --------
    >>> import numpy as np
    >>> evaluate5_batch(np.array([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]], dtype=np.uint8))
    array([7462, 7297], dtype=int32)
    """
    name = "evaluate5_batch"
    cdef int binh = _binh(rules)
    nw = check_workers(workers, name)
    arr = check_hands(hands, 5, name=name, scan_rows=False)
    result = check_out(out, arr.shape[0], name=name, inputs=(hands, arr))
    return _Rows(_ROWS5_BINH if binh else _ROWS5, arr, None, result).rank(nw, name)


def evaluate3_batch(hands, out=None, *, workers=1):
    """Ranks of many three-card hands on the Binh scale.

    Parameters
    ----------
    hands : ndarray of shape (n, 3)
        As for :func:`evaluate5_batch`, three distinct cards a row.
    out : ndarray of int32, shape (n,), optional
        As for :func:`evaluate5_batch` (never sharing memory with ``hands``).
    workers : int or None, default 1
        Threads, as for :func:`evaluate5_batch`.

    Returns
    -------
    ndarray of int32, shape (n,)

    Examples
    --------
    >>> import numpy as np
    >>> evaluate3_batch(np.array([[48, 49, 50], [0, 4, 9]]))  # Ac Ad Ah, 2c 3c 4d
    array([16242, 10001], dtype=int32)
    >>> int(evaluate3_batch(np.array([[48, 49, 50]]))[0]) < evaluate5("Ac Ad Ah 2c 3d", rules="binh")
    True
    """
    name = "evaluate3_batch"
    nw = check_workers(workers, name)
    arr = check_hands(hands, 3, name=name, scan_rows=False)
    result = check_out(out, arr.shape[0], name=name, inputs=(hands, arr))
    return _Rows(_ROWS3, arr, None, result).rank(nw, name)


def rank_descriptors(rules="standard"):
    """Packed descriptor of every rank of a scale, as a read-only uint32 array.

    ``desc[rank] = category << 20 | t0 << 16 | t1 << 12 | t2 << 8 | t3 << 4 | t4``
    with tie-break ranks ``1`` (deuce) .. ``13`` (ace), ``0`` = none.  Index 0
    is unused; the index is the rank minus the scale's offset (0 for the
    standard scale, ``BINH_RANK_OFFSET`` for the Binh scale).  :mod:`pokercore.ranking` turns these into names.
    """
    cdef int binh = _binh(rules)
    cdef Py_ssize_t i, n = (PC_NUM_RANKS_BINH if binh else PC_NUM_RANKS_STANDARD) + 1
    import numpy as np
    desc = np.empty(n, dtype=np.uint32)
    cdef unsigned int[::1] d = desc
    for i in range(n):
        d[i] = PC_DESC_BINH[i] if binh else PC_DESC_STANDARD[i]
    desc.flags.writeable = False
    return desc
