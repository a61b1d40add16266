"""A slow, obviously correct pure-Python reference for poker hand strength.

This module is the specification of hand order written as code.  The test
suite compares the fast Cython evaluators (and anything built on them, such
as the Binh solver) against it.  It deliberately shares nothing with the
library's table generator (``pokercore._tablegen``) or its C tables: it only
counts ranks and suits and builds a comparable tuple.

Card codes
----------
A card is an ``int`` in ``0..51``: ``code = rank * 4 + suit`` with rank
indices ``2 3 4 5 6 7 8 9 T J Q K A`` -> ``0..12`` and suits ``c d h s`` ->
``0..3`` (``2c = 0``, ``As = 51``).

Keys
----
``ref_key5`` and ``ref_key3`` return a *key*: a tuple of exactly
``KEY_LEN == 6`` ints ``(category, t1, t2, t3, t4, t5)``.  Python compares
tuples lexicographically, so **key order is hand-strength order**: a hand is
stronger than another exactly when its key is greater, and two hands tie
exactly when their keys are equal.

``category`` (0..8, weakest first; the same numbering as
``pokercore.ranking.HandCategory``)::

    0 high card    (t = the five ranks, high to low)
    1 one pair     (t = pair rank, then the three kickers high to low)
    2 two pair     (t = higher pair, lower pair, kicker)
    3 trips        (t = triple rank, then the two kickers high to low)
    4 straight     (t = straight strength, see below)
    5 flush        (t = the five ranks, high to low)
    6 full house   (t = triple rank, pair rank)
    7 quads        (t = quad rank, kicker)
    8 straight flush (t = straight strength)

Tie-break values ``t`` are rank indices ``0`` (deuce) .. ``12`` (ace).  Unused
positions are padded with ``MISSING == -1``.  Padding is what makes ruling 4
of the Binh spec fall out of tuple comparison: a *missing kicker of a
3-card hand counts lower than any card*.  Examples (Binh scale)::

    A-A-K      -> (1, 12, 11, -1, -1, -1)
    A-A-K-3-2  -> (1, 12, 11,  1,  0, -1)     # greater: A-A-K < A-A-K-3-2
    7-7-A      -> (1,  5, 12, -1, -1, -1)
    7-7-K-Q-J  -> (1,  5, 11, 10,  9, -1)     # smaller: 7-7-A > 7-7-K-Q-J

Straight strength (the single tie-break of categories 4 and 8):

* ``rules="standard"`` (draw poker): the straight's high card, with
  A-2-3-4-5 counting as five-high (``3``), so it is the lowest straight.
  Values 3 (5-high) .. 12 (ace-high).
* ``rules="binh"`` (Binh spec ruling 2): 10-J-Q-K-A > A-2-3-4-5 >
  K-Q-J-10-9 > ... > 2-3-4-5-6.  Values: 6-high .. K-high keep their high
  card (4..11), A-2-3-4-5 gets ``12`` and 10-J-Q-K-A gets ``13``.

Three-card hands (``ref_key3``) have no straights or flushes: their
categories are 0 (high card), 1 (pair) and 3 (trips), and their keys live on
the same scale as ``ref_key5(..., rules="binh")`` (Binh spec ruling 4).
Comparing a 3-card key with a *standard* 5-card key is allowed by Python but
meaningless for straights; the 3-card scale is defined for Binh only.

Everything here validates its input (count, range, distinctness, plain
``int``) and raises ``ValueError``/``TypeError`` otherwise, so a bad test can
never silently compare garbage.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = [
    "CATEGORY_NAMES",
    "FLUSH",
    "FULL_HOUSE",
    "HIGH_CARD",
    "KEY_LEN",
    "MISSING",
    "PAIR",
    "QUADS",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "TRIPS",
    "TWO_PAIR",
    "parse",
    "ref_category3",
    "ref_category5",
    "ref_compare",
    "ref_key",
    "ref_key3",
    "ref_key5",
]

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)

#: Length of every key.
KEY_LEN = 6
#: Padding value of an absent tie-break (lower than any rank index).
MISSING = -1

_ACE = 12
_WHEEL = (12, 3, 2, 1, 0)  # A-5-4-3-2 as rank indices, high to low as a set
_RANK_CHARS = "23456789TJQKA"
_SUIT_CHARS = "cdhs"


# --------------------------------------------------------------------------
# Input handling


def parse(text: str) -> list[int]:
    """Tiny independent parser for test literals: ``"As Kd 7h"`` -> ``[51, 45, 22]``.

    Only the canonical two-character form separated by spaces (``T`` for ten).
    It exists so tests can write hands readably without trusting the
    library's parser.

    >>> parse("As Kd 7h 2c")
    [51, 45, 22, 0]
    """
    out = []
    for tok in text.split():
        if len(tok) != 2 or tok[0] not in _RANK_CHARS or tok[1] not in _SUIT_CHARS:
            raise ValueError(f"reference parser: bad card {tok!r}")
        out.append(_RANK_CHARS.index(tok[0]) * 4 + _SUIT_CHARS.index(tok[1]))
    return out


def _check(cards: Sequence[int] | str, n: int) -> list[int]:
    """Return ``cards`` as a list of ``n`` distinct int codes in 0..51, or raise."""
    if isinstance(cards, str):
        cards = parse(cards)
    codes = list(cards)
    if len(codes) != n:
        raise ValueError(f"reference: expected {n} cards, got {len(codes)}")
    out = []
    for c in codes:
        if isinstance(c, bool) or not hasattr(c, "__index__"):
            raise TypeError(f"reference: card codes must be ints, got {c!r}")
        c = int(c.__index__())
        if not 0 <= c <= 51:
            raise ValueError(f"reference: card code {c} out of range 0..51")
        out.append(c)
    if len(set(out)) != n:
        raise ValueError(f"reference: duplicate cards in {out}")
    return out


def _pad(category: int, values: Sequence[int]) -> tuple[int, ...]:
    values = tuple(values)
    assert len(values) <= KEY_LEN - 1
    return (category,) + values + (MISSING,) * (KEY_LEN - 1 - len(values))


def _check_rules(rules: str) -> str:
    if rules not in ("standard", "binh"):
        raise ValueError(f"reference: rules must be 'standard' or 'binh', got {rules!r}")
    return rules


# --------------------------------------------------------------------------
# Straights


def _straight_strength(ranks: Sequence[int], rules: str) -> int | None:
    """Strength of five distinct ``ranks`` if they form a straight, else None.

    See the module docstring for the value scale of each rule set.
    """
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:  # five consecutive ranks, ace high only
        high = distinct[0]
        if rules == "binh" and high == _ACE:
            return 13  # 10-J-Q-K-A: the best straight
        return high
    if tuple(distinct) == _WHEEL:  # A-2-3-4-5
        return 12 if rules == "binh" else 3  # Binh: second best; standard: five high
    return None


# --------------------------------------------------------------------------
# Keys


def _groups(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """``(count, rank)`` pairs sorted by count then rank, both descending.

    This is the usual tie-break order: bigger groups first, higher ranks
    first within equal group sizes.  E.g. K-K-7-7-2 -> [(2, 11), (2, 5), (1, 0)].
    """
    return sorted(((cnt, r) for r, cnt in Counter(ranks).items()), reverse=True)


def _key_from_groups(ranks: Sequence[int]) -> tuple[int, ...]:
    """Key of a hand with no straight or flush (3 or 5 cards): pairs, trips, ..."""
    groups = _groups(ranks)
    counts = [cnt for cnt, _ in groups]
    order = [r for _, r in groups]  # tie-break ranks: big groups first, then high to low
    if counts[0] == 4:
        return _pad(QUADS, order)
    if counts[0] == 3 and len(counts) > 1 and counts[1] == 2:
        return _pad(FULL_HOUSE, order)
    if counts[0] == 3:
        return _pad(TRIPS, order)
    if counts[0] == 2 and len(counts) > 1 and counts[1] == 2:
        return _pad(TWO_PAIR, order)
    if counts[0] == 2:
        return _pad(PAIR, order)
    return _pad(HIGH_CARD, order)


def ref_key5(cards: Sequence[int] | str, rules: str = "standard") -> tuple[int, ...]:
    """Comparable key of a five-card hand (see the module docstring).

    ``ref_key5(a, r) > ref_key5(b, r)`` exactly when hand ``a`` beats hand
    ``b`` under rule set ``r``; equal keys tie.

    >>> ref_key5(parse("Kh Kd 7c 7s 2d"))
    (2, 11, 5, 0, -1, -1)
    >>> ref_key5(parse("Ah 2c 3d 4s 5h"))          # wheel, standard: five high
    (4, 3, -1, -1, -1, -1)
    >>> ref_key5(parse("Ah 2c 3d 4s 5h"), "binh")  # wheel, Binh: second best
    (4, 12, -1, -1, -1, -1)
    >>> ref_key5(parse("Ah Kh Qh Jh Th"), "binh")
    (8, 13, -1, -1, -1, -1)
    """
    _check_rules(rules)
    codes = _check(cards, 5)
    ranks = [c // 4 for c in codes]
    suits = {c % 4 for c in codes}
    flush = len(suits) == 1
    straight = _straight_strength(ranks, rules)
    if flush and straight is not None:
        return _pad(STRAIGHT_FLUSH, (straight,))
    key = _key_from_groups(ranks)
    if key[0] >= FULL_HOUSE:  # quads, full house beat flush and straight
        return key
    if flush:
        return _pad(FLUSH, sorted(ranks, reverse=True))
    if straight is not None:
        return _pad(STRAIGHT, (straight,))
    return key


def ref_key3(cards: Sequence[int] | str) -> tuple[int, ...]:
    """Comparable key of a three-card (Binh top) hand, on the Binh 5-card scale.

    Only trips, pair and high card exist; missing kickers are ``MISSING``
    (lower than any card), Binh spec ruling 4.

    >>> ref_key3(parse("Ah Ad Kc")) < ref_key5(parse("Ac As Kd 3c 2d"), "binh")
    True
    >>> ref_key3(parse("7h 7d Ac")) > ref_key5(parse("7c 7s Kd Qc Jd"), "binh")
    True
    >>> ref_key3(parse("2c 2d 2h"))
    (3, 0, -1, -1, -1, -1)
    """
    codes = _check(cards, 3)
    return _key_from_groups([c // 4 for c in codes])


def ref_key(cards: Sequence[int] | str, rules: str = "binh") -> tuple[int, ...]:
    """Key of a 3- or 5-card hand, dispatching on the number of cards.

    3-card hands are only defined on the Binh scale, so ``rules`` must be
    ``"binh"`` for them.
    """
    if isinstance(cards, str):
        cards = parse(cards)
    cards = list(cards)
    if len(cards) == 3:
        if _check_rules(rules) != "binh":
            raise ValueError("reference: 3-card hands exist on the Binh scale only")
        return ref_key3(cards)
    return ref_key5(cards, rules)


def ref_compare(a: Sequence[int] | str, b: Sequence[int] | str, rules: str = "binh") -> int:
    """``1`` if hand ``a`` is stronger than ``b``, ``-1`` if weaker, ``0`` on a tie.

    Either hand may have 3 or 5 cards (3-card hands need ``rules="binh"``).

    >>> ref_compare("Ah Ad Kc", "Ac As Kd 3c 2d")
    -1
    >>> ref_compare("7h 7d Ac", "7c 7s Kd Qc Jd")
    1
    """
    ka, kb = ref_key(a, rules), ref_key(b, rules)
    return (ka > kb) - (ka < kb)


def ref_category5(cards: Sequence[int] | str, rules: str = "standard") -> int:
    """Category 0..8 of a five-card hand (same in both rule sets).

    >>> ref_category5(parse("Ah 2h 3h 4h 5h"))
    8
    """
    return ref_key5(cards, rules)[0]


def ref_category3(cards: Sequence[int] | str) -> int:
    """Category of a three-card hand: 0 (high card), 1 (pair) or 3 (trips).

    >>> ref_category3(parse("Qh Qd 9c"))
    1
    """
    return ref_key3(cards)[0]
