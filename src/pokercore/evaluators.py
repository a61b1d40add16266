"""The evaluators' face: any 3, 5, 6 or 7 cards by their count, a batch by its width, percentiles.

The kernels are ``_eval`` (3 and 5 cards) and ``_eval7`` (6 and 7 cards,
Omaha's two-plus-three) and ``_variant_eval`` (short-deck ranks, Omaha
eight-or-better lows: :func:`evaluate_shortdeck`, :func:`evaluate_omaha_low`);
:mod:`pokercore.holdem` re-exports this module's names for hold'em scripts.

Every rank here is on the standard scale of :func:`pokercore.evaluate5`
(1..7462, higher is better, A-2-3-4-5 the lowest straight), so
:func:`pokercore.category_of` and :func:`pokercore.describe_rank` name them,
and ranks of hands of different sizes compare directly.

The seven-card kernel is a table design made for seven cards, not 21 calls
of the five-card one: a flush is found from summed suit counters and looked
up by its 13-bit rank mask; any other hand by a perfect hash of its rank
multiset (see ``_tablegen7.py``).  Batch forms release the GIL.

Examples
--------
>>> from pokercore import describe_rank
>>> from pokercore.evaluators import evaluate, evaluate7, percentile
>>> describe_rank(evaluate7("Ah Kh 7c 7s 2d 7d Kc"))
'Full house, sevens full of kings'
>>> evaluate("As Ks Qs Js Ts") == evaluate("As Ks Qs Js Ts 2c 3c") == 7462
True
>>> round(percentile(evaluate7("Ah Kh 7c 7s 2d 7d Kc")), 3)
0.999
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ._eval import evaluate3, evaluate5, evaluate5_batch
from ._eval7 import (
    evaluate6,
    evaluate6_batch,
    evaluate7,
    evaluate7_batch,
    evaluate_omaha,
    evaluate_omaha_batch,
)
from .cards import CardsLike, to_codes
from .errors import HandSizeError, InvalidRankError, InvalidRulesError, PokercoreError, PokercoreTypeError, cut
from .validation import check_hands

if TYPE_CHECKING:
    import numpy as np

    from ._variant_hands import (
        NO_LOW,
        SHORT_DECK,
        SHORTDECK_CATEGORIES,
        describe_low,
        describe_shortdeck,
        evaluate_omaha_low,
        evaluate_omaha_low_batch,
        evaluate_shortdeck,
        evaluate_shortdeck_batch,
        shortdeck_category,
    )

__all__ = [
    "ALL_FIVE_CARD_HANDS",
    "ALL_HANDS",
    "HANDS_PER_CATEGORY",
    "NO_LOW",
    "SHORTDECK_CATEGORIES",
    "SHORT_DECK",
    "count_ranks",
    "describe_low",
    "describe_shortdeck",
    "evaluate",
    "evaluate3",
    "evaluate5",
    "evaluate5_batch",
    "evaluate6",
    "evaluate6_batch",
    "evaluate7",
    "evaluate7_batch",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_low",
    "evaluate_omaha_low_batch",
    "evaluate_shortdeck",
    "evaluate_shortdeck_batch",
    "percentile",
    "shortdeck_category",
]

#: Number of five-card hands in a 52-card deck.
ALL_FIVE_CARD_HANDS = 2_598_960

#: Five-card hands per rank, by category (high card .. straight flush): every
#: rank of a category stands for the same number of hands.
HANDS_PER_CATEGORY = (1020, 384, 144, 64, 1020, 4, 24, 4, 4)


def evaluate(cards: CardsLike, rules: str = "standard") -> int:
    """Rank of a hand of 3, 5, 6 or 7 cards (the best five of 6 or 7), as ``pokercore eval`` ranks it.

    Parameters
    ----------
    cards : str or sequence of int or sequence of str or 1-D int array
        Three, five, six or seven distinct cards.
    rules : {"standard", "binh"}, default "standard"
        Straight order of a five-card hand, as in :func:`pokercore.evaluate5`
        (any case).  Three cards (a Binh top: no straights or flushes) are
        always ranked on the Binh scale by :func:`pokercore.evaluate3`; six
        and seven cards by the standard rules only.

    Returns
    -------
    int
        ``evaluate3(cards)``, ``evaluate5(cards, rules)``,
        ``evaluate6(cards)`` or ``evaluate7(cards)``: a standard rank
        ``1..7462`` or a Binh rank ``10001..17917`` (:func:`pokercore.scale_of`
        tells which).

    Raises
    ------
    HandSizeError
        Not 3, 5, 6 or 7 cards.
    InvalidRulesError
        ``rules`` is not "standard" or "binh", or is "binh" for 6 or 7 cards.

    Examples
    --------
    >>> evaluate("Kh Kd 7c 7s Ad") == evaluate("Kh Kd 7c 7s Ad 3c") == evaluate("Kh Kd 7c 7s Ad 3c 2h")
    True
    >>> from pokercore import describe_rank
    >>> describe_rank(evaluate("Qh Qd 9c"), kickers=True)
    'Pair of queens, 9 kicker'
    >>> evaluate("Ah 2c 3d 4s 5h", rules="binh") > evaluate("Kh Qc Jd Ts 9h", rules="binh")
    True
    >>> evaluate("Ah 2c 3d 4s 5h 9c", rules="binh")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokercore.errors.InvalidRulesError: evaluate: 6- and 7-card hands are ranked by the standard rules only; ...
    """
    r = rules.lower() if isinstance(rules, str) else None
    if r not in ("standard", "binh"):
        raise InvalidRulesError(f"rules must be 'standard' or 'binh', got {cut(rules)}")
    n = len(cards) if isinstance(cards, (list, tuple)) else len(to_codes(cards))
    if n == 5:
        return evaluate5(cards, "binh" if r == "binh" else "standard")
    if n == 3:
        return evaluate3(cards)
    if n in (6, 7) and r == "binh":
        raise InvalidRulesError(
            "evaluate: 6- and 7-card hands are ranked by the standard rules only; drop rules or pass 5 cards"
        )
    if n == 7:
        return evaluate7(cards)
    if n == 6:
        return evaluate6(cards)
    raise HandSizeError(f"evaluate needs 3, 5, 6 or 7 cards, got {n}")


_BATCH: dict[int, Callable[..., np.ndarray]] = {5: evaluate5_batch, 6: evaluate6_batch, 7: evaluate7_batch}


def evaluate_batch(hands: Any, out: np.ndarray | None = None, *, workers: int | None = 1) -> np.ndarray:
    """Ranks of an ``(n, 5)``, ``(n, 6)`` or ``(n, 7)`` batch of hands, by its width (standard scale).

    ``hands`` and ``out`` follow the batch policy of :mod:`pokercore.validation`,
    as every batch evaluator: any integer dtype and layout, a list of hands,
    no hands giving an empty result.  ``workers``: threads, as for
    :func:`evaluate7_batch` (:mod:`pokercore.workers`).

    Examples
    --------
    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0]], dtype=np.uint8))
    array([7462], dtype=int32)
    >>> evaluate_batch([["As", "Ks", "Qs", "Js", "Ts"]])
    array([7462], dtype=int32)
    """
    import numpy as np

    name = "evaluate_batch"
    if not isinstance(hands, np.ndarray):
        # a list or an array-like, read once here (its rows are checked by the evaluator)
        hands = check_hands(hands, (5, 6, 7), name=name, scan_rows=False)
    func = _BATCH.get(hands.shape[1]) if hands.ndim == 2 else None
    if func is None:
        check_hands(hands, (5, 6, 7), name=name)  # raises the policy's error for this batch
        raise HandSizeError(f"{name}: expected a 2-D array of shape (n_hands, 5), (n_hands, 6) or (n_hands, 7)")
    try:
        return func(hands, out=out, workers=workers)
    except PokercoreError as exc:  # the same message, under this function's name
        inner = f"{func.__name__}:"
        text = str(exc)
        if not text.startswith(inner):
            raise
        raise type(exc)(name + ":" + text[len(inner):]) from None


#: Hands of each size in a 52-card deck.
ALL_HANDS = {5: 2_598_960, 6: 20_358_520, 7: 133_784_560}
#: Shipped counts of 6- and 7-card hands per best rank (written by ``python -m pokercore.evaluators``).
_STRENGTH_FILE = "strength_counts.npz"


def count_ranks(k: int) -> np.ndarray:
    """``counts[r]``: the ``k``-card hands (5, 6 or 7) whose best five-card rank is ``r``, over every hand.

    Enumerates every hand of the deck in blocks by first card (133,784,560
    for seven; about ten seconds).  ``python -m pokercore.evaluators``
    writes the 6- and 7-card counts to ``pokercore/data/`` (what
    :func:`percentile` reads); the slow tests recount them.
    """
    import itertools
    from math import comb

    import numpy as np

    batch: Any = {5: evaluate5_batch, 6: evaluate6_batch, 7: evaluate7_batch}[k]
    # The lexicographic (k-1)-subsets of range(51) whose elements are all >= a are a suffix of that
    # order; shifted by one they are the subsets of a+1..51 that complete hands starting with card a.
    rest = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(51), k - 1)),
                       dtype=np.uint8).reshape(-1, k - 1)
    counts = np.zeros(7463, dtype=np.int64)
    for a in range(52 - k + 1):
        m = comb(51 - a, k - 1)
        hands = np.empty((m, k), dtype=np.uint8)
        hands[:, 0] = a
        hands[:, 1:] = rest[len(rest) - m:] + 1
        counts += np.bincount(batch(hands), minlength=7463)
    assert int(counts.sum()) == ALL_HANDS[k]
    return counts


@lru_cache(maxsize=4)
def _beaten(cards: int = 5) -> np.ndarray:
    """``beaten[r]``: ``cards``-card hands whose best rank is below ``r`` (index 0 unused)."""
    import numpy as np

    from .ranking import categories_of

    if cards == 5:
        per_rank = np.zeros(7463, dtype=np.int64)
        per_rank[1:] = np.asarray(HANDS_PER_CATEGORY, dtype=np.int64)[categories_of(np.arange(1, 7463))]
    else:
        from importlib.resources import files

        with files("pokercore").joinpath("data").joinpath(_STRENGTH_FILE).open("rb") as f, np.load(f) as data:
            per_rank = np.asarray(data[f"cards{cards}"], dtype=np.int64)
    if per_rank.shape != (7463,) or int(per_rank.sum()) != ALL_HANDS[cards]:
        raise RuntimeError(f"pokercore/data/{_STRENGTH_FILE}: the {cards}-card counts do not add up to "
                           f"{ALL_HANDS[cards]:,}; reinstall pokercore")
    beaten = np.cumsum(per_rank) - per_rank
    beaten.flags.writeable = False
    return beaten


def percentile(rank: Any, cards: int = 5) -> Any:
    """Hand strength: the share of all ``cards``-card hands whose best rank is strictly lower.

    Parameters
    ----------
    rank : int or integer array
        Ranks on the standard scale (from ``evaluate5``, ``evaluate6``,
        ``evaluate7``, ``evaluate_omaha`` or their batch forms).
    cards : {5, 6, 7}, default 5
        The hands to compare with: the 2,598,960 five-card hands, the
        20,358,520 six-card or the 133,784,560 seven-card hands (each
        ranked by its best five; exact counts, shipped with pokercore).
        Give a 7-card hand's rank ``cards=7``: a pair of aces beats 92% of
        five-card hands but only 61% of seven-card hands.

    Returns
    -------
    float or ndarray of float64
        In ``[0, 1)``: 0.0 for the worst hand of that size.

    Examples
    --------
    >>> percentile(1), round(percentile(7462), 6)
    (0.0, 0.999998)
    >>> from pokercore import evaluate5, evaluate7
    >>> round(percentile(evaluate5("Ah Ad Kc Qs Jd")), 3)  # a pair of aces beats about 92% of five-card hands
    0.924
    >>> round(percentile(evaluate7("Ah Ad Kc Qs Jd 4c 2h"), cards=7), 3)  # and about 61% of seven-card hands
    0.611
    """
    if isinstance(cards, bool) or not isinstance(cards, int) or cards not in (5, 6, 7):
        raise PokercoreTypeError(f"cards must be 5, 6 or 7 (the hand size to compare with), got {cut(cards)}")
    beaten = _beaten(cards)
    total = ALL_HANDS[cards]
    np_ = sys.modules["numpy"]
    if isinstance(rank, (bool, np_.bool_)):
        raise PokercoreTypeError(f"rank must be an int, got {type(rank).__name__}")
    if isinstance(rank, (int, np_.integer)):
        r = int(rank)
        if not 1 <= r <= 7462:
            raise InvalidRankError(f"rank {r} is not a standard rank (valid: 1..7462)")
        return int(beaten[r]) / total
    arr = np_.asarray(rank)
    if arr.dtype.kind not in "iu":
        raise PokercoreTypeError(f"ranks must be integers, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 1 or arr.max() > 7462):
        raise InvalidRankError("ranks must be in 1..7462 (the standard scale)")
    return beaten[arr] / total


def _write_strength_counts() -> None:
    """Write ``pokercore/data/strength_counts.npz`` (the 6- and 7-card counts) next to this module."""
    from pathlib import Path

    import numpy as np

    path = Path(__file__).resolve().parent / "data" / _STRENGTH_FILE
    np.savez_compressed(path, cards6=count_ranks(6), cards7=count_ranks(7))
    print(f"wrote {path}")


if __name__ == "__main__":
    _write_strength_counts()


#: The variants' evaluators, imported on first use (they need numpy, which ``import pokercore`` does not load).
_VARIANT_NAMES = frozenset((
    "NO_LOW", "SHORTDECK_CATEGORIES", "SHORT_DECK", "describe_low", "describe_shortdeck", "evaluate_omaha_low",
    "evaluate_omaha_low_batch", "evaluate_shortdeck", "evaluate_shortdeck_batch", "shortdeck_category",
))


def __getattr__(name: str) -> Any:
    if name in _VARIANT_NAMES:
        from . import _variant_hands

        return getattr(_variant_hands, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
