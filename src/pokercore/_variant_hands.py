"""Hands of the variants, evaluated by the core: short deck (6+) and Omaha eight-or-better lows.

**Short deck.** The deck has the sixes to the aces (codes 16..51).  The categories, low
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

**Omaha eight-or-better lows.** A low qualifies when two hole cards and three board cards have five
different ranks, each an eight or lower, the ace counting low; straights
and flushes do not matter.  Lows compare from the highest card down: 8-6-4-2-A
beats 8-7-3-2-A, and A-2-3-4-5 (the wheel) is the best.

A low rank is ``256 - mask``, where bit 0 of ``mask`` is the ace and bit
``r - 1`` the card of rank ``r`` (2..8): higher is better, as on every
pokercore scale, and 0 means no qualifying low.  :func:`describe_low`
writes a rank as its cards, highest first.  The kernel is ``_variants``
(GIL released).

**Card checks** shared by both and by the equity of the variants: distinct cards, cards of the short deck.

Examples
--------
>>> evaluate_shortdeck("Ah Kh 7h 6h 9h") > evaluate_shortdeck("Ks Kd Kc 7s 7d")  # flush beats full house
True
>>> describe_shortdeck(evaluate_shortdeck("Ah 6c 7d 8s 9h Kd Qc"))
'Straight, nine high (A-6-7-8-9)'
>>> evaluate_shortdeck("Ah 6c 7d 8s 9h") < evaluate_shortdeck("6c 7d 8s 9h Td")
True
>>> describe_low(evaluate_omaha_low("As 2d Kc Kd", "3h 4c 8s Qd Jd"))
'8-4-3-2-A'
>>> evaluate_omaha_low("As Kd Kc Qd", "3h 4c 5s 6d 7d")  # one low hole card: no low
0
>>> evaluate_omaha_low("As 2d 9c 9d", "3h 4c 5s Qd Jd") > evaluate_omaha_low("As 3d 9c 9d", "2h 4c 6s Qd Jd")
True
>>> distinct_codes("As Kd", "f", "the hand")
[51, 45]
>>> distinct_codes("As As", "f", "the hand")
Traceback (most recent call last):
...
pokercore.errors.DuplicateCardError: f: duplicate card As in the hand; each card may appear once
>>> check_short_deck([51, 12], "f", "the hand")
Traceback (most recent call last):
...
pokercore.errors.InvalidCardError: f: 5c in the hand is not in the short deck (36 cards, sixes to aces)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ._variant_eval import SD_SCALE, omaha_low_rows, shortdeck_rows
from .cards import CardsLike, format_card, format_cards, to_codes
from .errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    InvalidRankError,
    PokercoreTypeError,
    PokercoreValueError,
)
from .ranking import describe_rank
from .validation import check_hands

__all__ = [
    "NO_LOW",
    "SHORTDECK_CATEGORIES",
    "SHORT_DECK",
    "check_short_deck",
    "describe_low",
    "describe_shortdeck",
    "distinct_codes",
    "evaluate_omaha_low",
    "evaluate_omaha_low_batch",
    "evaluate_shortdeck",
    "evaluate_shortdeck_batch",
    "hand_batch",
    "no_overlap",
    "shortdeck_category",
]

#: The 36 cards of the short deck, sixes to aces (codes 16..51).
SHORT_DECK = tuple(range(16, 52))


def distinct_codes(cards: CardsLike, name: str, what: str) -> list[int]:
    """The codes of ``cards``; a DuplicateCardError naming the card when one repeats."""
    codes = to_codes(cards)
    seen: set[int] = set()
    for c in codes:
        if c in seen:
            raise DuplicateCardError(f"{name}: duplicate card {format_card(c)} in {what}; each card may appear once")
        seen.add(c)
    return codes


def check_short_deck(codes: list[int], name: str, what: str) -> None:
    """An InvalidCardError naming the first card below a six."""
    for c in codes:
        if c < 16:
            raise InvalidCardError(f"{name}: {format_card(c)} in {what} is not in the short deck "
                                   "(36 cards, sixes to aces)")


def no_overlap(groups: list[tuple[str, list[int]]], name: str) -> None:
    """A DuplicateCardError naming the cards found in two of the groups (each ``(what, codes)``)."""
    owner: dict[int, str] = {}
    for what, codes in groups:
        for c in codes:
            if c in owner:
                raise DuplicateCardError(f"{name}: {format_card(c)} is in both {owner[c]} and {what}; "
                                         "each card may appear once")
            owner[c] = what


def hand_batch(hands: Any, widths: tuple[int, ...], name: str, what: str = "hands") -> np.ndarray:
    """A checked C-contiguous uint8 ``(n, w)`` batch (the core batch policy: range, duplicates, shape)."""
    arr = check_hands(hands, widths, name=name, what=what)
    return np.ascontiguousarray(arr, dtype=np.uint8)


def show(codes: list[int]) -> str:
    """Cards as text, ``""`` for none."""
    return format_cards(codes) if codes else ""


#: The low rank of a hand with no qualifying low.
NO_LOW = 0
_NAMES = "A2345678"


def evaluate_omaha_low(hole: CardsLike, board: CardsLike) -> int:
    """Omaha eight-or-better low rank: exactly two hole cards and three board cards; 0 for no low.

    Parameters
    ----------
    hole : cards
        4, 5 or 6 distinct hole cards.
    board : cards
        The 5 board cards (none of them in ``hole``).

    Returns
    -------
    int
        ``256 - mask`` (see the module docstring): 225 for A-2-3-4-5, the
        best; ``NO_LOW`` (0) when no two hole and three board cards make
        five distinct ranks eight or lower.

    Raises
    ------
    HandSizeError
        Not 4..6 hole cards or not 5 board cards.
    InvalidCardError, DuplicateCardError
        Not a card, or a card twice (in the hole, on the board or in both).

    Examples
    --------
    >>> evaluate_omaha_low("Ah 2h Kd Qc", "3s 4s 5s Ts Js")  # the wheel, whatever the suits
    225
    >>> describe_low(evaluate_omaha_low("Ah 2h 3d 4c", "5s 6s 7s Ts Js"))  # two of the hole cards only
    '7-6-5-2-A'
    """
    name = "evaluate_omaha_low"
    h = distinct_codes(hole, name, "the hole cards")
    b = distinct_codes(board, name, "the board")
    if not 4 <= len(h) <= 6:
        raise HandSizeError(f"{name} needs 4, 5 or 6 hole cards, got {len(h)}")
    if len(b) != 5:
        raise HandSizeError(f"{name} needs a board of exactly 5 cards, got {len(b)}")
    no_overlap([("the hole cards", h), ("the board", b)], name)
    return int(omaha_low_rows(np.array([h], dtype=np.uint8), np.array([b], dtype=np.uint8))[0])


def evaluate_omaha_low_batch(holes: Any, boards: Any) -> np.ndarray:
    """Omaha low ranks of many hands: row ``i`` is ``evaluate_omaha_low(holes[i], boards[i])``.

    ``holes`` is ``(n, 4)``, ``(n, 5)`` or ``(n, 6)``, ``boards`` ``(n, 5)``,
    each under the core batch policy (:mod:`pokercore.validation`); a card
    in both a row's hole and its board is refused.

    Examples
    --------
    >>> evaluate_omaha_low_batch([[51, 3, 40, 41], [51, 50, 49, 48]],
    ...                          [[4, 8, 12, 30, 34], [4, 8, 12, 30, 34]])
    array([225,   0], dtype=int32)
    """
    name = "evaluate_omaha_low_batch"
    h = hand_batch(holes, (4, 5, 6), name, "holes")
    b = hand_batch(boards, (5,), name, "boards")
    if h.shape[0] != b.shape[0]:
        raise PokercoreValueError(f"{name}: {h.shape[0]} holes but {b.shape[0]} boards; give one board per hole")
    both = np.concatenate([h, b], axis=1)
    srt = np.sort(both, axis=1)
    clash = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    if clash.any():
        row = int(np.argmax(clash))
        no_overlap([("the hole cards", h[row].tolist()), ("the board", b[row].tolist())], f"{name}: row {row}")
    return omaha_low_rows(h, b)


def describe_low(rank: int) -> str:
    """The cards of a low rank, highest first (``"8-6-4-2-A"``); ``"no low"`` for 0.

    Examples
    --------
    >>> describe_low(225), describe_low(0)
    ('5-4-3-2-A', 'no low')
    """
    if isinstance(rank, bool) or not isinstance(rank, (int, np.integer)):
        raise PokercoreTypeError(f"a low rank is an int, got {type(rank).__name__}")
    r = int(rank)
    if r == NO_LOW:
        return "no low"
    mask = 256 - r
    if not 0 < mask < 256 or bin(mask).count("1") != 5:
        raise InvalidRankError(f"{rank} is not an Omaha low rank (from evaluate_omaha_low)")
    return "-".join(_NAMES[i] for i in range(7, -1, -1) if mask >> i & 1)


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
