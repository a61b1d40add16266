"""Bottoms of equal rank that leave different cards: the search must look past the first one.

Two bottoms can have the same Binh rank and still differ in what they leave
for the middle and the top (``AAAA+Kc`` and ``AAAA+Kd`` leave different
suits).  The pruned lexicographic search stops at a bottom rank *below* the
best one; stopping at an *equal* rank would return whichever equal bottom
came first.  These hands, fixed and generated, are compared with the
exhaustive reference.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokercore as pc
from pokercore.binh import BranchTables, best_arrangement, best_arrangement_batch
from pokercore.binh._search import TABLE_LEN
from tests.binh.reference_search import RefHand


def _split(a):
    return frozenset(a.bottom), frozenset(a.middle), frozenset(a.top)


def _ref_best(cards, tables=None):
    ref = RefHand(cards)
    legal = ref.legal()
    if tables is None:
        best = ref.best(legal)
    else:
        best = ref.best(legal, lambda s: ref.table_value(s, tables.top, tables.middle, tables.bottom))
    return tuple(frozenset(x) for x in best)


def test_quads_with_the_kicker_that_leaves_the_flush() -> None:
    cards = pc.parse_cards("As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h 6s")
    a = best_arrangement(cards)
    assert sorted(a.bottom) == sorted(pc.parse_cards("As Ah Ad Ac Kc"))
    assert sorted(a.middle) == sorted(pc.parse_cards("Kd 2d 5d 8d 9d"))   # the diamond flush
    assert pc.category_of(a.middle_rank) == pc.category_of(pc.evaluate5("Kd 2d 5d 8d 9d", rules="binh"))
    assert _split(a) == _ref_best(cards)
    batch = best_arrangement_batch(np.array([cards, cards[::-1]], dtype=np.uint8))
    assert batch.arrangement(0) == a and batch.arrangement(1) == a


@pytest.mark.parametrize("text", [
    "As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h 6s",   # the kicker decides the middle's flush
    "Ks Kh Kd Kc 7h 7s 2s 5s 9s Js 3c 4h 8d",   # the same with kings and spades
    "As Ah Ad Ac 2c 2h 3h 4h 5h 6h 9c Tc Jd",   # the kicker decides the middle's straight flush
    "Qs Qh Qd 9c 9d 2d 5d 7d Jd 3c 4h 6s 8s",   # full house: 9c or 9d with the trips
    "Ts Th Td Tc Ac Ad 3d 6d 8d Jd 2c 4h 7s",   # ace kickers, one leaves a diamond flush
])
def test_equal_bottoms_fixed_hands(text: str) -> None:
    cards = pc.parse_cards(text)
    assert _split(best_arrangement(cards)) == _ref_best(cards)
    assert _split(best_arrangement(random.Random(1).sample(cards, 13))) == _ref_best(cards)


@st.composite
def equal_kicker_hands(draw: st.DrawFn) -> list[int]:
    """A quad or trips, two same-rank kickers in different suits, and flush/straight material."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    kicker = rng.randrange(8, 13)                 # the highest rank outside the quad/trips
    made = rng.choice([r for r in range(13) if r != kicker])
    lower = [r for r in range(kicker) if r != made]
    size = rng.choice([3, 4, 4, 4])
    cards = [made * 4 + s for s in rng.sample(range(4), size)]
    cards += [kicker * 4 + s for s in rng.sample(range(4), 2)]
    suit = cards[-1] & 3 if rng.random() < 0.7 else rng.randrange(4)
    flush = [r * 4 + suit for r in rng.sample(lower, min(len(lower), rng.choice([4, 5, 6])))]
    others = [r * 4 + s for r in lower for s in range(4) if s != suit]
    for c in flush + rng.sample(others, len(others)):   # flush material first: it hinges on the kicker's suit
        if len(cards) == 13:
            break
        if c not in cards:
            cards.append(c)
    return cards


FAST = settings(derandomize=True, deadline=None, max_examples=6, suppress_health_check=list(HealthCheck))
LONG = settings(derandomize=True, deadline=None, max_examples=30, suppress_health_check=list(HealthCheck))
_RNG = np.random.default_rng(11)
TABLES = BranchTables(*(_RNG.integers(0, 3, TABLE_LEN).astype(float) for _ in range(3)))


def _check(cards: list[int]) -> None:
    assert _split(best_arrangement(cards)) == _ref_best(cards)
    assert _split(best_arrangement(cards, TABLES)) == _ref_best(cards, TABLES)


@FAST
@given(equal_kicker_hands())
def test_equal_bottoms_generated(cards: list[int]) -> None:
    _check(cards)


@pytest.mark.slow
@LONG
@given(equal_kicker_hands())
def test_equal_bottoms_generated_long(cards: list[int]) -> None:
    _check(cards)
