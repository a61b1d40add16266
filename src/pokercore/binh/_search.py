"""Exhaustive search over the 72,072 ways to arrange 13 Binh cards.

Thirteen cards split into bottom (5), middle (5) and top (3) in
C(13,5) * C(8,5) = 72,072 ways; a split is *legal* when it is not a foul
(``top <= middle <= bottom`` on the Binh scale).  The search (Cython, GIL
released) ranks each 5-card and 3-card subset once and then examines every
split, so every answer here is exact.

Objectives for :func:`best_arrangement`
---------------------------------------
``"lexicographic"``
    The strongest bottom, then the strongest middle, then the strongest top.
:class:`BranchTables`
    Maximise ``bottom[rb] + middle[rm] + top[rt]`` for three value tables
    indexed by Binh rank.  With ``table[r] = P(win) - P(lose)`` of a branch
    of rank ``r`` against an opponent model, this is the exact expected pair
    score against that model (linearity of expectation).
a callable
    ``f(legal) -> scores``: receives the :func:`legal_arrangements` array of
    the hand and returns one float per row; the best row wins.

Ties are resolved the same way for every objective: among equal values the
greatest ``(bottom rank, middle rank, top rank)`` wins, then the greatest
bottom card set, then the greatest middle card set, where a card set counts
as the integer ``sum(1 << code)``.  So the result never depends on the order
of the input cards.

Examples
--------
>>> from pokercore.binh import best_arrangement, count_legal
>>> hand = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"
>>> print(best_arrangement(hand))
top    5s 3h 2c        High card, five high
middle Qs Jh 9c 8c 7d  High card, queen high
bottom As Ah Ad Kd Kc  Full house, aces full of kings
>>> count_legal(hand)
20195
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from ..errors import PokercoreTypeError, PokercoreValueError, cut
from ..validation import check_hands, refuse_masked
from ..workers import check_workers
from . import _arrange
from ._arrangement import Arrangement
from ._input import codes, hand_array

__all__ = [
    "LEGAL_DTYPE",
    "NUM_SPLITS",
    "TABLE_LEN",
    "BatchResult",
    "BranchTables",
    "Objective",
    "best_arrangement",
    "best_arrangement_batch",
    "count_legal",
    "count_legal_batch",
    "legal_arrangements",
]

#: Number of (bottom, middle, top) splits of 13 cards: C(13,5) * C(8,5).
NUM_SPLITS: int = _arrange.NUM_SPLITS
#: Length of a value table: indexed by the Binh rank itself, ``10001..17917``
#: (``BINH_RANK_OFFSET + 1 .. BINH_RANK_OFFSET + 7917``); lower entries are never read.
TABLE_LEN: int = _arrange.TABLE_LEN

#: Row type of :func:`legal_arrangements`: three 13-bit masks over the input
#: positions (bit ``i`` = ``cards[i]``) and the three Binh ranks.
LEGAL_DTYPE = np.dtype(
    [
        ("top", "<i4"),
        ("middle", "<i4"),
        ("bottom", "<i4"),
        ("top_rank", "<i4"),
        ("middle_rank", "<i4"),
        ("bottom_rank", "<i4"),
    ]
)


class BranchTables:
    """Per-branch value tables for the table objective.

    Parameters
    ----------
    top, middle, bottom : array_like of float, shape (TABLE_LEN,) = (17918,)
        ``table[r]`` is the value of a branch of Binh rank ``r``
        (``10001..17917``) in that position; entries ``0..10000`` are never
        read.  Values must be finite real numbers (a bool, integer or float dtype;
        a complex, object or string table is refused).  The arrays are copied once into
        read-only arrays that cannot be made writeable again, so the
        values checked here are the values every search reads.

    Notes
    -----
    The value of an arrangement is ``bottom[rb] + middle[rm] + top[rt]``,
    added in that order (so equal sums are equal bit for bit).

    Examples
    --------
    >>> import numpy as np
    >>> ramp = np.arange(TABLE_LEN, dtype=float)
    >>> t = BranchTables(ramp, ramp, 2 * ramp)
    >>> from pokercore.binh import Arrangement
    >>> a = Arrangement.from_string("Ah Ad Kc / As Ac Kd 3c 2d / 7s 7h 7d 4c 4d")
    >>> t.value(a) == 2 * a.bottom_rank + a.middle_rank + a.top_rank
    True
    >>> import pickle
    >>> pickle.loads(pickle.dumps(t)).value(a) == t.value(a)
    True
    """

    __slots__ = ("_kernel", "bottom", "middle", "top")

    top: np.ndarray
    middle: np.ndarray
    bottom: np.ndarray
    _kernel: _arrange.ValueTables

    def __init__(self, top: Any, middle: Any, bottom: Any) -> None:
        checked = []
        for name, table in (("top", top), ("middle", middle), ("bottom", bottom)):
            refuse_masked(table, f"BranchTables.{name}", "table")
            try:
                arr = np.asarray(table)  # the dtype as given: the kernel module refuses what is not real
            except (TypeError, ValueError) as exc:
                raise PokercoreTypeError(f"BranchTables.{name}: a value table must hold numbers: {exc}") from None
            checked.append(arr)
        # One check (shape, finite values) and one frozen copy (read-only arrays over immutable bytes):
        # what the search reads.
        kernel = _arrange.ValueTables(checked[0], checked[1], checked[2], name="BranchTables")
        object.__setattr__(self, "_kernel", kernel)
        for name in ("top", "middle", "bottom"):
            object.__setattr__(self, name, getattr(kernel, name))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("BranchTables is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the three tables (agents holding tables go to worker processes)."""
        return (type(self), (self.top, self.middle, self.bottom))

    def __copy__(self) -> BranchTables:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> BranchTables:
        return self  # immutable: a copy would be equal in every way

    @classmethod
    def uniform(cls, table: Any) -> BranchTables:
        """The same table for all three branches."""
        return cls(table, table, table)

    def value(self, arrangement: Arrangement) -> float:
        """Objective value of an arrangement: ``bottom[rb] + middle[rm] + top[rt]``."""
        return float(
            self.bottom[arrangement.bottom_rank]
            + self.middle[arrangement.middle_rank]
            + self.top[arrangement.top_rank]
        )

    def __repr__(self) -> str:
        return f"BranchTables(<{TABLE_LEN} values per branch>)"


#: What :func:`best_arrangement` accepts as an objective.
Objective = str | BranchTables | Callable[[np.ndarray], Any]


class BatchResult(NamedTuple):
    """Best arrangements of many hands.

    Attributes
    ----------
    cards : ndarray of uint8, shape (n, 13)
        Each row laid out top 3, middle 5, bottom 5 (each branch highest
        code first); :meth:`Arrangement.from_row` turns a row into an
        :class:`Arrangement`.
    ranks : ndarray of int32, shape (n, 3)
        Binh ranks of (top, middle, bottom).
    values : ndarray of float64, shape (n,)
        Objective values (NaN for the lexicographic objective).
    """

    cards: np.ndarray
    ranks: np.ndarray
    values: np.ndarray

    def arrangement(self, i: int) -> Arrangement:
        """Row ``i`` as an :class:`Arrangement`."""
        return Arrangement.from_row(self.cards[i])


# ---------------------------------------------------------------- helpers


def _code_set(cards: np.ndarray, mask: int) -> int:
    return sum(1 << int(cards[i]) for i in range(13) if mask >> i & 1)


def _pick(cards: np.ndarray, legal: np.ndarray, scores: np.ndarray) -> int:
    """Index of the best row: max score, then the documented tie-break."""
    best = scores.max()
    tied = np.flatnonzero(scores == best)
    if len(tied) == 1:
        return int(tied[0])

    def key(i: int) -> tuple[int, ...]:
        r = legal[i]
        return (
            int(r["bottom_rank"]),
            int(r["middle_rank"]),
            int(r["top_rank"]),
            _code_set(cards, int(r["bottom"])),
            _code_set(cards, int(r["middle"])),
        )

    return max((int(i) for i in tied), key=key)


def _scores(objective: Callable[[np.ndarray], Any], legal: np.ndarray) -> np.ndarray:
    scores = np.asarray(objective(legal), dtype=np.float64)
    if scores.shape != (len(legal),):
        raise PokercoreValueError(
            f"objective callable must return one score per legal arrangement, shape ({len(legal)},), "
            f"got {scores.shape}"
        )
    if np.isnan(scores).any():
        raise PokercoreValueError("objective callable returned NaN scores")
    return scores


def _check_objective(objective: Any) -> None:
    if isinstance(objective, str):
        if objective != "lexicographic":
            raise PokercoreValueError(
                f"unknown objective {cut(objective)}: use 'lexicographic', a BranchTables or a callable"
            )
    elif not isinstance(objective, BranchTables) and not callable(objective):
        raise PokercoreTypeError(
            f"objective must be 'lexicographic', a BranchTables or a callable, got {type(objective).__name__}"
        )


# ---------------------------------------------------------------- public API


def count_legal(cards: Any) -> int:
    """Number of legal (non-foul) arrangements of 13 cards, out of 72,072.

    Parameters
    ----------
    cards : str, sequence of int or str, or 1-D int array
        Thirteen distinct cards.

    Examples
    --------
    >>> count_legal("2c 3c 4c 5c 6d 7d 8d 9d Jh Qh Kh Ah 8s")
    18585
    """
    return int(_arrange.count_legal(hand_array(cards, "count_legal")))


def count_legal_batch(hands: Any, out: np.ndarray | None = None, *, workers: int | None = 1) -> np.ndarray:
    """:func:`count_legal` of each row of an (n, 13) array; int64 of shape (n,).

    ``hands`` and ``out`` (int64, shape (n,)) follow the batch policy of
    :mod:`pokercore.validation`; ``workers`` threads (an int >= 1, or None
    for every core: :mod:`pokercore.workers`) share the rows, with the same
    answers for any number.

    >>> import pokercore as pc
    >>> count_legal_batch(pc.random_hands(3, 13, seed=1)).shape
    (3,)
    """
    result: np.ndarray = _arrange.count_legal_batch(hands, "count_legal_batch", out, workers)
    return result


def legal_arrangements(cards: Any) -> np.ndarray:
    """Every legal arrangement of 13 cards with its three branch ranks.

    Parameters
    ----------
    cards : str, sequence of int or str, or 1-D int array
        Thirteen distinct cards.

    Returns
    -------
    ndarray of dtype :data:`LEGAL_DTYPE`, shape (count_legal(cards),)
        Fields ``top``, ``middle``, ``bottom``: bit masks over the input
        positions (bit ``i`` set = ``cards[i]`` is in that branch);
        ``top_rank``, ``middle_rank``, ``bottom_rank``: Binh ranks.  Rows
        come in a fixed order for given input.

    Examples
    --------
    >>> hand = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"
    >>> legal = legal_arrangements(hand)
    >>> len(legal) == count_legal(hand)
    True
    >>> bool((legal["top_rank"] <= legal["middle_rank"]).all())
    True
    >>> from pokercore.binh import Arrangement
    >>> r = legal[0]
    >>> Arrangement.from_masks(hand, r["top"], r["middle"], r["bottom"]).is_foul
    False
    """
    return _arrange.legal_arrangements(hand_array(cards, "legal_arrangements")).view(LEGAL_DTYPE)[:, 0]


def best_arrangement(cards: Any, objective: Objective = "lexicographic") -> Arrangement:
    """The best legal arrangement of 13 cards under an objective.

    Parameters
    ----------
    cards : str, sequence of int or str, or 1-D int array
        Thirteen distinct cards.
    objective : "lexicographic", BranchTables or callable
        See the module docstring; ties are resolved as documented there.

    Returns
    -------
    Arrangement
        Never a foul (a legal arrangement always exists).

    Examples
    --------
    >>> import numpy as np
    >>> hand = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"
    >>> best_arrangement(hand).format()
    '5s 3h 2c / Qs Jh 9c 8c 7d / As Ah Ad Kd Kc'

    A table objective that values the top as much as the bottom:

    >>> ramp = np.arange(TABLE_LEN, dtype=float)   # value = rank
    >>> best_arrangement(hand, BranchTables(ramp, ramp, ramp)).format()
    'Qs Jh 8c / Kd Kc 9c 5s 2c / As Ah Ad 7d 3h'

    A callable over the legal arrangements: the strongest middle.

    >>> best_arrangement(hand, lambda legal: legal["middle_rank"]).format()
    '5s 3h 2c / Kd Kc Ad Qs Jh / As Ah 9c 8c 7d'
    """
    _check_objective(objective)
    hand = codes(cards, 13, "best_arrangement")
    if isinstance(objective, str):
        masks, ranks, _ = _arrange.best_one(hand)
    elif isinstance(objective, BranchTables):
        masks, ranks, _ = _arrange.best_one(hand, objective._kernel)
    else:
        arr = np.asarray(hand, dtype=np.uint8)
        legal = _arrange.legal_arrangements(arr).view(LEGAL_DTYPE)[:, 0]
        row = legal[_pick(arr, legal, _scores(objective, legal))]
        masks = (int(row["top"]), int(row["middle"]), int(row["bottom"]))
        ranks = (int(row["top_rank"]), int(row["middle_rank"]), int(row["bottom_rank"]))
    return Arrangement._from_search(hand, masks, ranks)


def best_arrangement_batch(
    hands: Any, objective: Objective = "lexicographic", *, workers: int | None = 1
) -> BatchResult:
    """:func:`best_arrangement` for every row of an (n, 13) array of hands.

    The lexicographic and table objectives run in a ``nogil`` loop (on
    ``workers`` threads); a callable objective is applied hand by hand on
    the calling thread.

    Parameters
    ----------
    hands : ndarray of int, shape (n, 13), or a list of hands
        Thirteen distinct cards per row, judged by the batch policy of
        :mod:`pokercore.validation` (any integer dtype and layout; no hands
        give empty arrays).
    objective : "lexicographic", BranchTables or callable
    workers : int or None, default 1
        Threads sharing the rows of the compiled search: an int >= 1, or
        None for every core (:mod:`pokercore.workers`); the same answers for
        any number.  A callable objective runs on the calling thread only
        (``workers`` is still checked).

    Returns
    -------
    BatchResult
        ``cards`` (n, 13) laid out top/middle/bottom, ``ranks`` (n, 3),
        ``values`` (n,).

    Examples
    --------
    >>> import pokercore as pc
    >>> hands = pc.random_hands(4, 13, seed=3)
    >>> res = best_arrangement_batch(hands)
    >>> res.arrangement(0) == best_arrangement(hands[0])
    True
    >>> bool((res.ranks[:, 0] <= res.ranks[:, 1]).all() and (res.ranks[:, 1] <= res.ranks[:, 2]).all())
    True
    """
    _check_objective(objective)
    name = "best_arrangement_batch"
    if isinstance(objective, str):
        return BatchResult(*_arrange.best_batch(hands, name=name, workers=workers))
    if isinstance(objective, BranchTables):
        tables = (objective.top, objective.middle, objective.bottom)
        return BatchResult(*_arrange.best_batch(hands, tables, name=name, workers=workers))
    check_workers(workers, name)
    # A callable: hand by hand, after the same check of every row.
    arr = check_hands(hands, 13, name=name)
    n = arr.shape[0]
    out_cards = np.empty((n, 13), dtype=np.uint8)
    out_ranks = np.empty((n, 3), dtype=np.int32)
    out_values = np.empty(n, dtype=np.float64)
    for i in range(n):
        hand = hand_array(arr[i], "best_arrangement_batch")
        legal = _arrange.legal_arrangements(hand).view(LEGAL_DTYPE)[:, 0]
        scores = _scores(objective, legal)
        k = _pick(hand, legal, scores)
        row = legal[k]
        a = Arrangement.from_masks(hand.tolist(), int(row["top"]), int(row["middle"]), int(row["bottom"]))
        # the documented layout (as the compiled path): each branch highest code first
        out_cards[i] = np.concatenate([sorted(a.top, reverse=True), sorted(a.middle, reverse=True),
                                       sorted(a.bottom, reverse=True)])
        out_ranks[i] = a.ranks
        out_values[i] = scores[k]
    return BatchResult(out_cards, out_ranks, out_values)
