# cython: language_level=3
"""Python entry points of the 6-card, 7-card and Omaha evaluators (see ``_evaluator7.h``).

Validation follows ``pokercore._eval`` (batches: :mod:`pokercore.validation`):
every entry point checks its input once (range, duplicates, count, dtype,
shape, layout) and only then runs the C kernels, the batch forms in a
``nogil`` loop that reads each row once into locals.  Ranks are on the standard scale of ``evaluate5`` (1..7462).
"""
from libc.stdint cimport uint8_t, int32_t, uint64_t

from pokercore.ceval7 cimport pc_eval7, pc_eval6, pc_eval_omaha
from pokercore.validation cimport read_cards, read_fast

from pokercore.cards import format_card, format_cards, to_codes
from pokercore.errors import DuplicateCardError, HandSizeError
from pokercore.validation import check_hands, check_out


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


def evaluate7_batch(hands, out=None):
    """Ranks of many seven-card hands at once.

    Parameters
    ----------
    hands : array_like of shape (n, 7)
        Card codes of any integer dtype and memory layout, or a list of
        hands; every row 7 distinct codes in 0..51, the whole batch checked
        before any evaluation; no rows give an empty result.  A C-contiguous
        ``uint8`` array is read in place, anything else converted once
        (the policy of :mod:`pokercore.validation`).
    out : ndarray of int32, shape (n,), optional
        Where to write the ranks, as for :func:`pokercore.evaluate5_batch`
        (sharing no memory with ``hands``).

    Returns
    -------
    ndarray of int32, shape (n,)

    Notes
    -----
    The loop runs without the GIL, so threads evaluate in parallel.  It reads
    each row once and only ever reads table memory, so a row changed by
    another thread during the call gives a meaningless rank, never a crash.

    Examples
    --------
    >>> import numpy as np
    >>> evaluate7_batch(np.array([[51, 47, 43, 39, 35, 0, 1], [0, 1, 2, 3, 4, 8, 12]], dtype=np.uint8))
    array([7462, 7299], dtype=int32)
    """
    arr = check_hands(hands, 7, name="evaluate7_batch")
    result = check_out(out, arr.shape[0], name="evaluate7_batch", inputs=(hands, arr))
    cdef const uint8_t[:, ::1] h = arr
    cdef int32_t[::1] r = result
    cdef Py_ssize_t i, n = h.shape[0]
    if n == 0:
        return result
    cdef const uint8_t *p = &h[0, 0]
    with nogil:
        for i in range(n):
            r[i] = pc_eval7(p[0], p[1], p[2], p[3], p[4], p[5], p[6])
            p += 7
    return result


def evaluate6_batch(hands, out=None):
    """Ranks of many six-card hands at once; as :func:`evaluate7_batch` with ``(n, 6)``.

    Examples
    --------
    >>> import numpy as np
    >>> evaluate6_batch(np.array([[51, 47, 43, 39, 35, 0]]))
    array([7462], dtype=int32)
    """
    arr = check_hands(hands, 6, name="evaluate6_batch")
    result = check_out(out, arr.shape[0], name="evaluate6_batch", inputs=(hands, arr))
    cdef const uint8_t[:, ::1] h = arr
    cdef int32_t[::1] r = result
    cdef Py_ssize_t i, n = h.shape[0]
    if n == 0:
        return result
    cdef const uint8_t *p = &h[0, 0]
    with nogil:
        for i in range(n):
            r[i] = pc_eval6(p[0], p[1], p[2], p[3], p[4], p[5])
            p += 6
    return result


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


def evaluate_omaha_batch(holes, boards, out=None):
    """Omaha ranks of many hands: row ``i`` is ``evaluate_omaha(holes[i], boards[i])``.

    Parameters
    ----------
    holes : array_like of shape (n, 4), (n, 5) or (n, 6)
        Hole cards, validated like :func:`evaluate7_batch`'s hands.
    boards : array_like of shape (n, 5)
        Five board cards a row, none of them in the same row of ``holes``.
    out : ndarray of int32, shape (n,), optional

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
    harr = check_hands(holes, (4, 5, 6), name=name, what="holes")
    barr = check_hands(boards, 5, name=name, what="boards")
    if harr.shape[0] != barr.shape[0]:
        raise HandSizeError(
            f"{name}: holes has {harr.shape[0]} rows but boards has {barr.shape[0]}; give one board per hand"
        )
    result = check_out(out, harr.shape[0], name=name, inputs=(holes, boards, harr, barr))
    cdef const uint8_t[:, ::1] h = harr
    cdef const uint8_t[:, ::1] b = barr
    cdef Py_ssize_t bad
    with nogil:
        bad = _first_overlap(h, b)
    if bad >= 0:
        raise DuplicateCardError(
            f"{name}: hand {bad}: a card is both in the hole cards {harr[bad].tolist()} "
            f"and on the board {barr[bad].tolist()}"
        )
    cdef int32_t[::1] r = result
    cdef Py_ssize_t i, n = h.shape[0]
    cdef int nh = <int>h.shape[1]
    if n == 0:
        return result
    cdef const uint8_t *ph = &h[0, 0]
    cdef const uint8_t *pb = &b[0, 0]
    with nogil:
        # A literal hole count a loop: the kernel's pair loop unrolls.
        if nh == 4:
            for i in range(n):
                r[i] = pc_eval_omaha(ph + 4 * i, 4, pb + 5 * i)
        elif nh == 5:
            for i in range(n):
                r[i] = pc_eval_omaha(ph + 5 * i, 5, pb + 5 * i)
        else:
            for i in range(n):
                r[i] = pc_eval_omaha(ph + 6 * i, 6, pb + 5 * i)
    return result
