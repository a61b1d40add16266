"""Hand-strength percentiles against hands of the same size (5, 6 or 7 cards); the slow tests recount every hand."""

from __future__ import annotations

import numpy as np
import pytest

import pokercore as pc
from pokercore.errors import InvalidRankError, PokercoreTypeError
from pokercore.evaluators import ALL_HANDS, percentile


def test_a_pair_of_aces_against_five_and_seven_card_hands():
    five = pc.evaluate5("Ah Ad Kc Qs Jd")
    seven = pc.evaluate7("Ah Ad Kc Qs Jd 4c 2h")
    assert round(percentile(five), 3) == 0.924
    assert round(percentile(seven, cards=7), 3) == 0.611  # seven cards make pairs far more often


@pytest.mark.parametrize("k", [5, 6, 7])
def test_percentiles_rise_with_rank_from_zero(k):
    p = percentile(np.arange(1, 7463), cards=k)
    assert p[0] == 0.0 and np.all(np.diff(p) >= 0) and p[-1] < 1.0
    # The best hand (a royal flush) beats every other hand of that size.
    royal = {5: 4, 6: 4 * 47, 7: 4 * 1081}[k]
    assert p[-1] == pytest.approx(1 - royal / ALL_HANDS[k], abs=1e-15)


def test_a_random_sample_of_seven_card_hands_agrees_with_the_exact_percentiles():
    hands = pc.random_hands(400_000, 7, seed=11)
    ranks = pc.evaluate7_batch(hands)
    for q in (0.1, 0.25, 0.5, 0.75, 0.9):
        r = int(np.quantile(ranks, q))
        assert abs(percentile(r, cards=7) - np.mean(ranks < r)) < 0.004


def test_ranks_the_best_five_of_six_never_reach_share_below_five_card_rank_zero():
    assert percentile(1, cards=6) == 0.0 and percentile(1, cards=7) == 0.0


@pytest.mark.parametrize("cards", [4, 8, True, "7", 7.0])
def test_a_hand_size_other_than_5_6_7_is_refused(cards):
    with pytest.raises(PokercoreTypeError, match="cards must be 5, 6 or 7"):
        percentile(100, cards=cards)


def test_bad_ranks_are_refused_for_every_size():
    for k in (5, 6, 7):
        with pytest.raises(InvalidRankError):
            percentile(7463, cards=k)
        with pytest.raises(PokercoreTypeError):
            percentile(np.array([1.5]), cards=k)
