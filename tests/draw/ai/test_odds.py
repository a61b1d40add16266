"""Draw odds against the textbook figures and against a brute-force enumeration."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from pokercore import HandCategory, evaluate5, parse_cards
from pokercore.draw.ai._odds import (
    CATEGORY,
    all_draw_evs,
    at_least_probability,
    best_discard,
    category_probabilities,
    draw_ranks,
    improve_probability,
    showdown_score,
)
from pokercore.errors import DuplicateCardError, HandSizeError, PokercoreValueError

CASES = [
    # hand, discard, what, percent
    ("Qh Qd 9c 5s 2d", "9c 5s 2d", "improve", 28.71),
    ("Kh Kd Kc 7s 2d", "7s 2d", "improve", 10.36),
    ("Kh Kd 7c 7s 2d", "2d", HandCategory.FULL_HOUSE, 8.51),
    ("Ah Kh 7h 3h Qc", "Qc", HandCategory.FLUSH, 19.15),
    ("8h 9d Tc Js 2d", "2d", HandCategory.STRAIGHT, 17.02),
]


def brute(hand, discard, what):
    """Plain-Python enumeration with the scalar evaluator, independent of odds.py."""
    h, d = parse_cards(hand), parse_cards(discard)
    keep = [c for c in h if c not in d]
    live = [c for c in range(52) if c not in h]
    now = int(CATEGORY[evaluate5(h)])
    hits = total = 0
    for new in combinations(live, len(d)):
        cat = int(CATEGORY[evaluate5(keep + list(new))])
        total += 1
        hits += cat > now if what == "improve" else cat >= what
    return 100 * hits / total


@pytest.mark.parametrize("hand, discard, what, percent", CASES)
def test_standard_draw_odds(hand, discard, what, percent):
    if what == "improve":
        got = 100 * improve_probability(hand, discard)
    else:
        got = 100 * at_least_probability(hand, discard, what)
    assert round(got, 2) == percent
    assert got == pytest.approx(brute(hand, discard, what), abs=1e-9)


def test_category_probabilities_sum_to_one_and_count_combinations():
    p = category_probabilities("Qh Qd 9c 5s 2d", "9c 5s 2d")
    assert p.sum() == pytest.approx(1.0)
    assert p[HandCategory.HIGH_CARD] == 0
    assert len(draw_ranks("Qh Qd 9c 5s 2d", "9c 5s 2d")) == 16215  # C(47, 3)
    assert len(draw_ranks("Qh Qd 9c 5s 2d", "2d")) == 47
    # known dead cards shrink the deck
    assert len(draw_ranks("Qh Qd 9c 5s 2d", "2d", dead="Qs Qc")) == 45


def test_draw_ranks_rejects_bad_input():
    with pytest.raises(ValueError):
        draw_ranks("Qh Qd 9c 5s", "")
    with pytest.raises(ValueError):
        draw_ranks("Qh Qd 9c 5s 2d", "9c 5s 2d Qd")
    with pytest.raises(ValueError):
        draw_ranks("Qh Qd 9c 5s 2d", "As")


def test_best_discard_is_the_max_of_all_evs_and_keeps_made_hands():
    score = showdown_score(2)
    for hand in ["2c 2d Ks 9h 5c", "Ah Kh 7h 3h Qc", "7c 8d 9h Th 2s", "As Ks Qs Js 9s"]:
        evs = all_draw_evs(hand, score)
        assert len(evs) == 26 and evs[0][0] == ()
        _, ev = best_discard(hand, score)
        assert ev == max(e for _, e in evs)
    assert best_discard("As Ks Qs Js 9s")[0] == ()  # never break a flush
    assert best_discard("9c 9d 9h 4s 4d")[0] == ()  # nor a full house
    assert sorted(best_discard("Qh Qd 9c 5s 2d")[0]) == sorted(parse_cards("9c 5s 2d"))


def test_showdown_score_is_monotone_in_rank():
    s = showdown_score(1)
    assert np.all(np.diff(s[1:]) >= 0) and s[7462] > 0.9999
    assert np.all(showdown_score(3)[1:] <= s[1:])


@pytest.mark.parametrize("hand, discard, error, match", [
    ("Qh Qd 9c 5s", "", HandSizeError, "a draw starts from the 5 cards held, got 4 .Qh Qd 9c 5s."),
    ([42, 42, 1, 2, 3], "", DuplicateCardError, "repeats a card"),
    ("Qh Qd 9c 5s 2d", "Ah", PokercoreValueError, r"discard 0 to 3 distinct cards of the hand .Qh Qd 9c 5s 2d.,"
                                                   r" got Ah"),
    ("Qh Qd 9c 5s 2d", "Qh Qd 9c 5s", PokercoreValueError, "discard 0 to 3 distinct cards"),
    ("Qh Qd 9c 5s 2d", [45, 45], PokercoreValueError, "discard 0 to 3 distinct cards"),
])
def test_bad_draws_are_refused_with_a_pokercore_error(hand, discard, error, match):
    with pytest.raises(error, match=match) as info:
        draw_ranks(hand, discard)
    assert isinstance(info.value, ValueError)

