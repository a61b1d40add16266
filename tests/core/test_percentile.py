"""percentile(rank): the share of the 2,598,960 five-card hands a rank beats."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import pokercore as pc
from pokercore.errors import InvalidRankError, PokercoreError
from pokercore.holdem import ALL_FIVE_CARD_HANDS, evaluate7_batch, percentile


def test_against_every_five_card_hand() -> None:
    hands = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                        dtype=np.uint8, count=ALL_FIVE_CARD_HANDS * 5).reshape(-1, 5)
    ranks = pc.evaluate5_batch(hands)
    counts = np.bincount(ranks, minlength=7463)
    below = np.concatenate([[0], np.cumsum(counts)[:-1]])
    probe = np.array([1, 2, 100, 1277, 1278, 4000, 6185, 7000, 7452, 7453, 7462])
    assert percentile(probe).tolist() == (below[probe] / ALL_FIVE_CARD_HANDS).tolist()
    assert [percentile(int(r)) for r in probe] == percentile(probe).tolist()


def test_values() -> None:
    assert percentile(1) == 0.0
    assert percentile(7462) == pytest.approx(1 - 4 / ALL_FIVE_CARD_HANDS)
    lowest_straight_flush = pc.evaluate5("5h 4h 3h 2h Ah")
    assert percentile(lowest_straight_flush) == pytest.approx(1 - 40 / ALL_FIVE_CARD_HANDS)
    ranks = evaluate7_batch(pc.random_hands(1000, 7, seed=2))
    p = percentile(ranks)
    assert p.dtype == np.float64 and ((0 <= p) & (p < 1)).all()
    assert (np.diff(percentile(np.arange(1, 7463))) > 0).all()


@pytest.mark.parametrize("bad, error", [
    (0, InvalidRankError), (7463, InvalidRankError), (True, PokercoreError),
    (np.array([1.5]), PokercoreError), (np.array([0, 5]), InvalidRankError),
])
def test_bad_ranks(bad: object, error: type) -> None:
    with pytest.raises(error):
        percentile(bad)


def test_names_of_seven_card_ranks() -> None:
    from pokercore.holdem import evaluate7

    r = evaluate7("Ah Kh Qh Jh 9h 2c 2d")
    assert pc.category_of(r) == pc.HandCategory.FLUSH
    assert pc.describe_rank(r, kickers=True) == "Flush, ace high (A-K-Q-J-9)"
