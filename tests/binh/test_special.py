"""Special 13-card hands: every kind positive and near-miss, and agreement with a brute-force
reference (``reference_search.ref_special_kinds``) that searches the 5+5+3 splits literally."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokercore as pc
from pokercore.binh import SpecialHand, SpecialKind, classify_special
from tests.binh.reference_search import ref_special_kinds

K = SpecialKind

# (hand, kinds that must match, kinds that must not)
CASES = [
    # --- type A
    ("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", {K.DRAGON_FLUSH, K.DRAGON_STRAIGHT, K.ONE_COLOUR}, set()),
    # 12 of one suit
    ("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ks", set(), {K.DRAGON_FLUSH, K.ONE_COLOUR, K.DRAGON_STRAIGHT}),
    ("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ad", {K.ONE_COLOUR, K.DRAGON_STRAIGHT}, {K.DRAGON_FLUSH}),  # 12 + red
    ("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", {K.DRAGON_STRAIGHT}, {K.ONE_COLOUR, K.STRAIGHT_FLUSH}),
    ("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Kc", set(), {K.DRAGON_STRAIGHT}),  # 12 ranks and a pair
    ("2d 4h 6d 8h Td Qh Ad 3d 5h 9d Jh Kd Kh", {K.ONE_COLOUR}, {K.DRAGON_FLUSH, K.DRAGON_STRAIGHT}),
    ("2c 4s 6c 8s Tc Qs Ac 3c 5s 9c Js Kc Kh", set(), {K.ONE_COLOUR}),  # 12 black + 1 red
    # --- straight flush (A-2-3-4-5 suited counts)
    ("5h 6h 7h 8h 9h 2c 2d Jc Qs Kd 3s 4c Ac", {K.STRAIGHT_FLUSH}, set()),
    ("Ad 2d 3d 4d 5d 9c 9h Jc Qs Kh 7s 8c Tc", {K.STRAIGHT_FLUSH}, set()),
    ("5h 6h 7h 8h 9c 2h Jh Qs Kd 3s 4c Ac Td", set(), {K.STRAIGHT_FLUSH}),  # straight + flush, not together
    # --- six pairs: 6 pairs, 5 pairs + triple; near-misses
    ("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac", {K.SIX_PAIRS}, set()),
    ("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Qc", {K.SIX_PAIRS}, {K.THREE_FULL_HOUSES}),
    ("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Kc Ac", set(), {K.SIX_PAIRS}),  # five pairs, no triple
    ("2c 2d 2h 4s 4c 4d 8h 8s Tc Td Qh Qs Ac", set(), {K.SIX_PAIRS}),  # two triples, three pairs
    ("2c 2d 2h 2s 6c 6d 8h 8s Tc Td Qh Qs Ac", {K.SIX_PAIRS, K.FOUR_OF_A_KIND}, set()),  # quad = 2 pairs
    # --- four of a kind
    ("9c 9d 9h 9s 2c 4d 6h 8s Jc Qd Kh As 3c", {K.FOUR_OF_A_KIND}, {K.SIX_PAIRS}),
    ("9c 9d 9h 8s 8c 8d 6h 6s 6c Qd Kh As 3c", set(), {K.FOUR_OF_A_KIND}),  # three triples, no quad
    # --- three full houses
    ("9c 9d 9h 8s 8c 8d 6h 6s 6c Qd Qh Ks Kc", {K.THREE_FULL_HOUSES}, set()),
    ("9c 9d 9h 9s 8c 8d 8h 6s 6c 6d Kh Ks Kc", {K.THREE_FULL_HOUSES, K.FOUR_OF_A_KIND}, set()),  # quad as 2 pairs
    ("9c 9d 9h 8s 8c 8d 6h 6s 6c Qd Qh Ks Ac", set(), {K.THREE_FULL_HOUSES}),  # one pair short
    ("9c 9d 9h 8s 8c 8d 6h 6s Qc Qd Qh Ks Ac", set(), {K.THREE_FULL_HOUSES}),  # trips, pair, singles
    # --- three flushes: 5+5+3 suits, 8+5, 10+3; near-misses
    ("2c 5c 7c 9c Jc 3d 6d 8d Td Qd 4h Kh Ah", {K.THREE_FLUSHES}, set()),
    ("2c 5c 7c 9c Jc 3c 6c Kc 3d 6d 8d Td Qd", {K.THREE_FLUSHES}, set()),  # 8 clubs = flush + 3 leftovers
    ("2c 5c 7c 9c Jc 3c 6c Kc Tc Qc 4h Kh Ah", {K.THREE_FLUSHES}, set()),  # 10 + 3
    ("2c 5c 7c 9c Jc 3d 6d 8d Td Qd 4h Kh As", set(), {K.THREE_FLUSHES}),  # leftovers in two suits
    ("2c 5c 7c 9c Jc Kc 3d 6d 8d Td Qd 4h Ah", set(), {K.THREE_FLUSHES}),  # 6 + 5 + 2
    # --- three straights: A-2-3 and Q-K-A leftovers, wheel; K-A-2 is not a sequence
    ("4c 5d 6h 7s 8c 4d 5h 6s 7c 8d Ah 2s 3c", {K.THREE_STRAIGHTS}, set()),
    ("2c 3d 4h 5s 6c 5d 6h 7s 8c 9d Qh Ks Ac", {K.THREE_STRAIGHTS}, set()),
    ("Ac 2d 3h 4s 5c 9d Th Js Qc Kd 6h 7s 8c", {K.THREE_STRAIGHTS}, set()),
    ("3c 4d 5h 6s 7c 3d 4h 5s 6c 7d Kh As 2c", set(), {K.THREE_STRAIGHTS}),  # leftover K-A-2
    ("2c 3d 4h 5s 6c 5d 6h 7s 8c 9d Jh Ks Ac", set(), {K.THREE_STRAIGHTS}),  # J-K-A not a sequence
    ("2c 3d 4h 5s 7c 5d 6h 7s 8c 9d Qh Ks Ac", set(), {K.THREE_STRAIGHTS}),  # one straight broken
    # --- a normal hand
    ("As Kd Qc Jh 9s 8d 7c 5h 4s 3d 2c 2h 6s", set(), set(K)),
]


@pytest.mark.parametrize("text, present, absent", CASES)
def test_hand_made(text: str, present: set[SpecialKind], absent: set[SpecialKind]) -> None:
    cards = pc.parse_cards(text)
    got = classify_special(cards)
    kinds = set(got.kinds)
    assert present <= kinds, (text, got)
    assert not (absent & kinds), (text, got)
    assert {k.label for k in kinds} == ref_special_kinds(cards)
    # best kind first; type A before type B; the type follows the best kind
    assert list(got.kinds) == sorted(got.kinds, key=list(K).index)
    assert got.best == (got.kinds[0] if got.kinds else None)
    assert got.type == (None if not got.kinds else ("A" if got.best in
                        {K.DRAGON_FLUSH, K.DRAGON_STRAIGHT, K.ONE_COLOUR} else "B"))
    assert bool(got) == bool(present | kinds)


def test_types_and_labels() -> None:
    assert [k.type for k in K] == ["A"] * 3 + ["B"] * 6
    assert K.THREE_STRAIGHTS.label == "three straights"
    h = classify_special("Ac 2d 3h 4s 5c 9d Th Js Qc Kd 6h 7s 8c")
    assert h.best == K.DRAGON_STRAIGHT and h.type == "A" and K.THREE_STRAIGHTS in h.kinds
    assert str(classify_special("As Kd Qc Jh 9s 8d 7c 5h 4s 3d 2c 2h 6s")) == "not special"
    with pytest.raises(ValueError):
        SpecialHand((K.SIX_PAIRS, K.SIX_PAIRS))


def test_input_order_and_forms() -> None:
    text = "4c 5d 6h 7s 8c 4d 5h 6s 7c 8d Ah 2s 3c"
    cards = pc.parse_cards(text)
    expected = classify_special(text)
    assert classify_special(cards[::-1]) == expected
    assert classify_special(pc.cards_to_array(cards)) == expected
    assert classify_special(text.split()) == expected


@st.composite
def special_rich_hands(draw: st.DrawFn) -> list[int]:
    """13 cards built near the special shapes: straights, suits, pairs, mutated by a few swaps."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["straights", "suits", "pairs", "deck"]))
    cards: list[int] = []
    if kind == "straights":
        windows = [[12, 0, 1, 2, 3]] + [list(range(lo, lo + 5)) for lo in range(9)]
        seqs = [[12, 0, 1], [11, 12, 0]] + [list(range(lo, lo + 3)) for lo in range(11)]
        ranks = rng.choice(windows) + rng.choice(windows) + rng.choice(seqs)
        for r in ranks:
            free = [r * 4 + s for s in range(4) if r * 4 + s not in cards]
            if free:
                cards.append(rng.choice(free))
    elif kind == "suits":
        suits = rng.sample(range(4), rng.choice([1, 2, 2, 3]))
        pool = [r * 4 + s for r in range(13) for s in suits]
        cards = rng.sample(pool, min(13, len(pool)))
    elif kind == "pairs":
        ranks = rng.sample(range(13), rng.choice([4, 5, 6, 7]))
        pool = [r * 4 + s for r in ranks for s in range(4)]
        cards = rng.sample(pool, min(13, len(pool)))
    deck = [c for c in range(52) if c not in cards]
    rng.shuffle(deck)
    while len(cards) < 13:
        cards.append(deck.pop())
    for _ in range(rng.choice([0, 0, 1, 2])):  # near-misses
        cards[rng.randrange(13)] = deck.pop()
    return cards


@settings(derandomize=True, deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(special_rich_hands())
def test_matches_brute_force_reference(cards: list[int]) -> None:
    assert {k.label for k in classify_special(cards).kinds} == ref_special_kinds(cards)
