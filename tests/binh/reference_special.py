"""A pure-Python special-hand classifier, independent of the compiled ``pokercore.binh._special``:
the differential reference of the special-hand tests (rank counts, suit counts and precomputed
sets of the count vectors that 5+5+3 splits into straights or flushes produce)."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

from pokercore.binh import SpecialHand, SpecialKind

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


def python_special(hand: list[int]) -> SpecialHand:
    """Every special kind of 13 distinct codes, best first (pure Python)."""
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
