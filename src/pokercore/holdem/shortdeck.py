"""Short-deck (6+) hold'em hand evaluation: 36 cards, flush above full house, A-6-7-8-9 the lowest straight.

The deck has the sixes to the aces (codes 16..51).  The categories, low
to high: high card, pair, two pair, three of a kind, straight, full house,
**flush**, four of a kind, straight flush (the rules pokerkit's
``ShortDeckHoldemHand`` and most card rooms use).  The ace plays high, or
low in A-6-7-8-9, the lowest straight (and straight flush).

A short-deck rank is ``order * 8192 + r``: ``order`` the category in
short-deck order (0..8, :data:`SHORTDECK_CATEGORIES`) and ``r`` the
standard rank of the five cards (:func:`pokercore.evaluate5`, 1..7462),
with A-6-7-8-9 taking the place of A-2-3-4-5.  Higher is better; ranks
compare only with other short-deck ranks (:func:`describe_shortdeck` names
them).  The kernel is ``_variants`` (GIL released): five cards by the
five-card table, six or seven by the 7-card tables (the best non-flush hand
of the ranks, a straight A-6-7-8-9 where the ranks hold one, and the best
flush of a suit with five or more), checked on every six- and seven-card
short-deck hand against the best of their five-card subsets.

Examples
--------
>>> evaluate_shortdeck("Ah Kh 7h 6h 9h") > evaluate_shortdeck("Ks Kd Kc 7s 7d")  # flush beats full house
True
>>> describe_shortdeck(evaluate_shortdeck("Ah 6c 7d 8s 9h Kd Qc"))
'Straight, nine high (A-6-7-8-9)'
>>> evaluate_shortdeck("Ah 6c 7d 8s 9h") < evaluate_shortdeck("6c 7d 8s 9h Td")
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ..cards import CardsLike
from ..errors import HandSizeError, InvalidRankError, PokercoreTypeError
from ..ranking import describe_rank
from ._variant_cards import SHORT_DECK, check_short_deck, distinct_codes, hand_batch
from ._variants import SD_SCALE, shortdeck_rows

__all__ = ["SHORTDECK_CATEGORIES", "SHORT_DECK", "describe_shortdeck", "evaluate_shortdeck",
           "evaluate_shortdeck_batch", "shortdeck_category"]

#: Category names in short-deck order (index = ``rank // 8192``).
SHORTDECK_CATEGORIES = ("High card", "Pair", "Two pair", "Three of a kind", "Straight", "Full house", "Flush",
                        "Four of a kind", "Straight flush")
_WHEEL = 5854  # standard rank of the lowest straight (A-2-3-4-5; A-6-7-8-9 in the short deck)
_STEEL_WHEEL = 7453


def evaluate_shortdeck(cards: CardsLike) -> int:
    """Short-deck rank of the best five of 5, 6 or 7 cards; higher is better.

    Parameters
    ----------
    cards : str or sequence of int or sequence of str or 1-D int array
        Five to seven distinct cards of the short deck (sixes to aces).

    Returns
    -------
    int
        A short-deck rank (see the module docstring); name it with
        :func:`describe_shortdeck`.

    Raises
    ------
    HandSizeError
        Not 5, 6 or 7 cards.
    InvalidCardError, DuplicateCardError
        A card below a six, a card twice, or not a card.

    Examples
    --------
    >>> describe_shortdeck(evaluate_shortdeck("As Ks Qs Js Ts"))
    'Straight flush, ace high'
    >>> evaluate_shortdeck("6s 7s 8s 9s As") < evaluate_shortdeck("6s 7s 8s 9s Ts")  # the lowest straight flush
    True
    >>> evaluate_shortdeck("Ks Kd Kc 7s 7d 8c") < evaluate_shortdeck("6h 8h 9h Jh Qh 8c")
    True
    """
    codes = distinct_codes(cards, "evaluate_shortdeck", "the hand")
    if not 5 <= len(codes) <= 7:
        raise HandSizeError(f"evaluate_shortdeck needs 5, 6 or 7 cards, got {len(codes)}")
    check_short_deck(codes, "evaluate_shortdeck", "the hand")
    return int(shortdeck_rows(np.array([codes], dtype=np.uint8))[0])


def evaluate_shortdeck_batch(hands: Any) -> np.ndarray:
    """Short-deck ranks of an ``(n, 5)``, ``(n, 6)`` or ``(n, 7)`` batch of hands.

    ``hands`` follows the core batch policy (:mod:`pokercore.validation`:
    any integer dtype, a list of hands; a card twice in a row is refused),
    and every card must be of the short deck.

    Examples
    --------
    >>> evaluate_shortdeck_batch([["Ah", "6c", "7d", "8s", "9h"], ["6c", "7d", "8s", "9h", "Td"]]) % 8192
    array([5854, 5859], dtype=int32)
    """
    arr = hand_batch(hands, (5, 6, 7), "evaluate_shortdeck_batch")
    if arr.size and int(arr.min()) < 16:
        row = int(np.argmax((arr < 16).any(axis=1)))
        check_short_deck([int(c) for c in arr[row]], "evaluate_shortdeck_batch", f"hand {row}")
    return shortdeck_rows(arr)


def _check_rank(rank: Any) -> tuple[int, int]:
    if isinstance(rank, bool) or not isinstance(rank, (int, np.integer)):
        raise PokercoreTypeError(f"a short-deck rank is an int, got {type(rank).__name__}")
    if int(rank) not in _all_ranks():
        raise InvalidRankError(f"{rank} is not a short-deck rank (from evaluate_shortdeck)")
    return divmod(int(rank), SD_SCALE)


@lru_cache(maxsize=1)
def _all_ranks() -> frozenset[int]:
    """Every rank a short-deck hand can have (all 376,992 five-card hands, a few milliseconds)."""
    from itertools import chain, combinations

    hands = np.fromiter(chain.from_iterable(combinations(SHORT_DECK, 5)), dtype=np.uint8).reshape(-1, 5)
    return frozenset(np.unique(shortdeck_rows(hands)).tolist())


def shortdeck_category(rank: int) -> str:
    """The category name of a short-deck rank.

    Examples
    --------
    >>> shortdeck_category(evaluate_shortdeck("Ah Kh 7h 6h 9h"))
    'Flush'
    >>> shortdeck_category(5)  # a standard high card 7-5-4-3-2: no such short-deck hand
    Traceback (most recent call last):
    ...
    pokercore.errors.InvalidRankError: 5 is not a short-deck rank (from evaluate_shortdeck)
    """
    return SHORTDECK_CATEGORIES[_check_rank(rank)[0]]


def describe_shortdeck(rank: int) -> str:
    """A readable description of a short-deck rank, e.g. ``"Flush, ace high"``.

    Examples
    --------
    >>> describe_shortdeck(evaluate_shortdeck("Kh Kd Kc 7s 7d"))
    'Full house, kings full of sevens'
    >>> describe_shortdeck(evaluate_shortdeck("6s 7s 8s 9s As"))
    'Straight flush, nine high (A-6-7-8-9)'
    """
    _, std = _check_rank(rank)
    if std == _WHEEL:
        return "Straight, nine high (A-6-7-8-9)"
    if std == _STEEL_WHEEL:
        return "Straight flush, nine high (A-6-7-8-9)"
    return describe_rank(std, "standard")

