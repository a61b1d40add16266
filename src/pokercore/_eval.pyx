# cython: language_level=3
"""Python entry points of the lookup-table evaluators (see ``_evaluator.h``).

Every entry point validates its input once (range, duplicates, count,
dtype, shape, layout) and only then runs the trusting C kernels, the batch
forms in a ``nogil`` loop.
"""
from libc.stdint cimport uint8_t, int32_t

from pokercore.ceval cimport (
    pc_eval5_standard, pc_eval5_binh, pc_eval3,
    PC_DESC_STANDARD, PC_DESC_BINH, PC_NUM_RANKS_STANDARD, PC_NUM_RANKS_BINH, PC_BINH_RANK_OFFSET,
)
from pokercore.validation cimport read_cards, read_fast

from pokercore.errors import InvalidRulesError, cut
from pokercore.validation import check_hands, check_out

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


def evaluate5_batch(hands, rules="standard", out=None):
    """Ranks of many five-card hands at once.

    Parameters
    ----------
    hands : array_like of shape (n, 5)
        Card codes of any integer dtype and memory layout, or a list of
        hands; every row 5 distinct codes in 0..51, the whole batch checked
        before any evaluation; no rows give an empty result.  A C-contiguous
        ``uint8`` array is read in place, anything else converted once.  The
        one policy of every batch function: :mod:`pokercore.validation`.
    rules : {"standard", "binh"}, default "standard"
        Straight order, as in :func:`evaluate5`.
    out : ndarray of int32, shape (n,), optional
        Where to write the ranks: a writeable C-contiguous array (or
        ``np.memmap``) that shares no memory with ``hands``, not even through
        a second mapping of the same file (else :class:`InvalidArrayError`).

    Returns
    -------
    ndarray of int32, shape (n,)

    Notes
    -----
    The loop runs without the GIL, so threads evaluate in parallel.  The
    array is validated once and then read as is: do not write to it from
    another thread while the call runs (the ranks of rows changed meanwhile
    are then meaningless, though the call stays memory-safe).

    Examples
    --------
    >>> import numpy as np
    >>> evaluate5_batch(np.array([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]], dtype=np.uint8))
    array([7462, 7297], dtype=int32)
    """
    cdef int binh = _binh(rules)
    arr = check_hands(hands, 5, name="evaluate5_batch")
    result = check_out(out, arr.shape[0], name="evaluate5_batch", inputs=(hands, arr))
    cdef const uint8_t[:, ::1] h = arr
    cdef int32_t[::1] r = result
    cdef Py_ssize_t i, n = h.shape[0]
    if n == 0:
        return result
    cdef const uint8_t *p = &h[0, 0]  # C-contiguous (n, 5): row i starts at p + 5 * i
    with nogil:
        if binh:
            for i in range(n):
                r[i] = pc_eval5_binh(p[5 * i], p[5 * i + 1], p[5 * i + 2], p[5 * i + 3], p[5 * i + 4])
        else:
            for i in range(n):
                r[i] = pc_eval5_standard(p[5 * i], p[5 * i + 1], p[5 * i + 2], p[5 * i + 3], p[5 * i + 4])
    return result


def evaluate3_batch(hands, out=None):
    """Ranks of many three-card hands on the Binh scale.

    Parameters
    ----------
    hands : ndarray of shape (n, 3)
        As for :func:`evaluate5_batch`, three distinct cards a row.
    out : ndarray of int32, shape (n,), optional
        As for :func:`evaluate5_batch` (never sharing memory with ``hands``).

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
    arr = check_hands(hands, 3, name="evaluate3_batch")
    result = check_out(out, arr.shape[0], name="evaluate3_batch", inputs=(hands, arr))
    cdef const uint8_t[:, ::1] h = arr
    cdef int32_t[::1] r = result
    cdef Py_ssize_t i, n = h.shape[0]
    if n == 0:
        return result
    cdef const uint8_t *p = &h[0, 0]
    with nogil:
        for i in range(n):
            r[i] = pc_eval3(p[3 * i], p[3 * i + 1], p[3 * i + 2])
    return result


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
