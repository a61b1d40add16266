"""Special 13-card hands of Binh poker: which kinds a deal matches, and its type.

A special hand wins against every normal hand without being arranged
(type A: 12 points, type B: 6 with the default :class:`~pokercore.binh.BinhRules`);
two special hands draw.  The kinds, best first:

========================  ====  ==================================================
kind                      type  the 13 cards ...
========================  ====  ==================================================
dragon flush              A     are all of one suit
dragon straight           A     hold the 13 ranks 2..A once each
one colour                A     are all red (diamonds, hearts) or all black
straight flush            B     contain five cards forming a straight flush
six pairs                 B     contain six disjoint pairs (6 pairs + 1 card, or
                                5 pairs + a triple; a quad counts as two pairs)
four of a kind            B     contain four cards of one rank
three full houses         B     split 5+5+3 into two full houses and a triple
three flushes             B     split 5+5+3 into two flushes and 3 cards of one suit
three straights           B     split 5+5+3 into two straights and 3 ranks in sequence
========================  ====  ==================================================

Straights follow Binh order (ruling 2), so A-2-3-4-5 counts; a 3-card
sequence is 3 consecutive ranks with the ace high (Q-K-A) or low (A-2-3),
never K-A-2 (ruling 8).  Three flushes and three straights hold when *any*
5+5+3 split works (ruling 9): every split is checked, through precomputed
sets of the count vectors such splits can produce.

Examples
--------
>>> from pokercore.binh import classify_special
>>> s = classify_special("2h 3h 4h 5h 6h 8h 9h Th Jh Qh 2c 3c 4c")
>>> [k.label for k in s.kinds], s.best.label, s.type
(['straight flush', 'three flushes', 'three straights'], 'straight flush', 'B')
>>> bool(classify_special("As Kd Qc Jh 9s 8d 7c 5h 4s 3d 2c 2h 6s"))
False
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, product
from typing import Any

from ..errors import PokercoreValueError
from ._input import codes

__all__ = ["SpecialKind", "SpecialHand", "classify_special"]


class SpecialKind(enum.Enum):
    """The special 13-card hands, best first (type A before type B)."""

    DRAGON_FLUSH = "dragon flush"
    DRAGON_STRAIGHT = "dragon straight"
    ONE_COLOUR = "one colour"
    STRAIGHT_FLUSH = "straight flush"
    SIX_PAIRS = "six pairs"
    FOUR_OF_A_KIND = "four of a kind"
    THREE_FULL_HOUSES = "three full houses"
    THREE_FLUSHES = "three flushes"
    THREE_STRAIGHTS = "three straights"

    @property
    def label(self) -> str:
        """Readable name, e.g. ``"six pairs"``."""
        return self.value

    @property
    def type(self) -> str:
        """``"A"`` (dragon flush, dragon straight, one colour) or ``"B"``.

        >>> SpecialKind.ONE_COLOUR.type, SpecialKind.SIX_PAIRS.type
        ('A', 'B')
        """
        return "A" if self in _TYPE_A else "B"


_TYPE_A = frozenset({SpecialKind.DRAGON_FLUSH, SpecialKind.DRAGON_STRAIGHT, SpecialKind.ONE_COLOUR})
_ORDER = tuple(SpecialKind)


@dataclass(frozen=True)
class SpecialHand:
    """Every special kind 13 cards match, best first (empty: a normal hand).

    ``bool(hand)`` is true for a special hand.

    >>> h = classify_special("As Ah Ad Ac Ks Kh Qd Qc Js Jh 9d 9c 2s")
    >>> h.kinds
    (<SpecialKind.SIX_PAIRS: 'six pairs'>, <SpecialKind.FOUR_OF_A_KIND: 'four of a kind'>)
    >>> h.best, h.type, str(h)
    (<SpecialKind.SIX_PAIRS: 'six pairs'>, 'B', 'six pairs (type B; also four of a kind)')
    """

    kinds: tuple[SpecialKind, ...]

    def __post_init__(self) -> None:
        kinds = tuple(self.kinds)
        if not all(isinstance(k, SpecialKind) for k in kinds) or len(set(kinds)) != len(kinds):
            raise PokercoreValueError(f"SpecialHand.kinds must be distinct SpecialKind members, got {kinds!r}")
        object.__setattr__(self, "kinds", tuple(sorted(kinds, key=_ORDER.index)))

    @property
    def best(self) -> SpecialKind | None:
        """The best kind matched (this classifies the hand), or ``None``."""
        return self.kinds[0] if self.kinds else None

    @property
    def type(self) -> str | None:
        """``"A"``, ``"B"`` or ``None`` for a normal hand."""
        return self.kinds[0].type if self.kinds else None

    def __bool__(self) -> bool:
        return bool(self.kinds)

    def __str__(self) -> str:
        if not self.kinds:
            return "not special"
        also = "; also " + ", ".join(k.label for k in self.kinds[1:]) if len(self.kinds) > 1 else ""
        return f"{self.kinds[0].label} (type {self.type}{also})"


# ---------------------------------------------------------------- precomputed shapes
# Rank counts are packed base 8 (3 bits per rank, counts <= 4 and sums of
# at most 3 windows <= 3 never carry), so "the 13 cards split into these
# windows exactly" is one integer comparison.

_ACE = 12


def _pack(ranks: tuple[int, ...]) -> int:
    return sum(8**r for r in ranks)


#: Straights by Binh order: A-2-3-4-5 and 2-6 .. T-A.
_STRAIGHTS = ((_ACE, 0, 1, 2, 3),) + tuple(tuple(range(lo, lo + 5)) for lo in range(9))
#: Three-card sequences: A-2-3 and 2-3-4 .. Q-K-A (K-A-2 is not one).
_SEQ3 = ((_ACE, 0, 1),) + tuple(tuple(range(lo, lo + 3)) for lo in range(11))
_STRAIGHT_BITS = tuple(sum(1 << r for r in s) for s in _STRAIGHTS)

_THREE_STRAIGHTS = frozenset(
    _pack(a) + _pack(b) + _pack(c)
    for a, b in combinations_with_replacement(_STRAIGHTS, 2)
    for c in _SEQ3
)

# Suit-count vectors that split into a 5-card flush, another 5-card flush and 3 suited cards.
_THREE_FLUSHES = frozenset(
    tuple(5 * (s1 == s) + 5 * (s2 == s) + 3 * (s3 == s) for s in range(4))
    for s1, s2, s3 in product(range(4), repeat=3)
)


def _three_full_houses(counts: list[int]) -> bool:
    """Three ranks give the triples (two full houses and the 3-card triple) and
    the other four cards form two pairs; a pair never shares its full house's
    triple rank because a triple rank has at most one card left."""
    trips = [r for r in range(13) if counts[r] >= 3]
    for chosen in combinations(trips, 3):
        if all((counts[r] - 3 * (r in chosen)) % 2 == 0 for r in range(13)):
            return True
    return False


def classify_special(cards: Any) -> SpecialHand:
    """Classify 13 cards: every special kind they match, best first.

    Parameters
    ----------
    cards : str, sequence of int or str, or 1-D int array
        Thirteen distinct cards.

    Returns
    -------
    SpecialHand
        ``.kinds`` (best first), ``.best``, ``.type`` (``"A"``, ``"B"`` or
        ``None``); false when the hand is normal.

    Raises
    ------
    ValueError
        Not 13 cards, a duplicate or an invalid card.

    Examples
    --------
    >>> classify_special("Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h").kinds[:2]
    (<SpecialKind.DRAGON_FLUSH: 'dragon flush'>, <SpecialKind.DRAGON_STRAIGHT: 'dragon straight'>)
    >>> classify_special("Ac 2d 3h 4s 5c 9d Th Js Qc Kd Qh Ks As").best
    <SpecialKind.THREE_STRAIGHTS: 'three straights'>
    """
    hand = codes(cards, 13, "classify_special")
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    suit_bits = [0, 0, 0, 0]
    packed = 0
    for c in hand:
        r, s = c >> 2, c & 3
        counts[r] += 1
        suits[s] += 1
        suit_bits[s] |= 1 << r
        packed += 8**r
    kinds = []
    if 13 in suits:
        kinds.append(SpecialKind.DRAGON_FLUSH)
    if max(counts) == 1:
        kinds.append(SpecialKind.DRAGON_STRAIGHT)
    if suits[1] + suits[2] == 13 or suits[0] + suits[3] == 13:
        kinds.append(SpecialKind.ONE_COLOUR)
    if any(bits & w == w for bits in suit_bits for w in _STRAIGHT_BITS):
        kinds.append(SpecialKind.STRAIGHT_FLUSH)
    if sum(n >> 1 for n in counts) == 6:
        kinds.append(SpecialKind.SIX_PAIRS)
    if 4 in counts:
        kinds.append(SpecialKind.FOUR_OF_A_KIND)
    if _three_full_houses(counts):
        kinds.append(SpecialKind.THREE_FULL_HOUSES)
    if tuple(suits) in _THREE_FLUSHES:
        kinds.append(SpecialKind.THREE_FLUSHES)
    if packed in _THREE_STRAIGHTS:
        kinds.append(SpecialKind.THREE_STRAIGHTS)
    return SpecialHand(tuple(kinds))
