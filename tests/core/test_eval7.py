"""6- and 7-card evaluation: best of the five-card subsets, peers' order, bad input."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokercore as pc
from pokercore.errors import (
    CardTypeError,
    DuplicateCardError,
    HandSizeError,
    InvalidArrayError,
    InvalidCardError,
    PokercoreError,
)
from pokercore.holdem import (
    evaluate,
    evaluate6,
    evaluate6_batch,
    evaluate7,
    evaluate7_batch,
    evaluate_batch,
)

from .helpers import all_hands_by_first_card, best_of_subsets, require, same_order


def distinct_cards(n: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(distinct_cards(7))
def test_evaluate7_is_best_of_21_subsets(cards: list[int]) -> None:
    assert evaluate7(cards) == best_of_subsets(cards)
    assert evaluate7_batch(np.array([cards], dtype=np.uint8))[0] == evaluate7(cards)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(distinct_cards(6))
def test_evaluate6_is_best_of_6_subsets(cards: list[int]) -> None:
    assert evaluate6(cards) == best_of_subsets(cards)
    assert evaluate6_batch(np.array([cards], dtype=np.uint8))[0] == evaluate6(cards)


@pytest.mark.parametrize("k", [6, 7])
def test_batch_equals_reference_on_random_hands(k: int) -> None:
    hands = pc.random_hands(20_000, k, seed=k)
    ranks = evaluate_batch(hands)
    assert ranks.tolist() == [best_of_subsets(h) for h in hands.tolist()]


def test_flush_heavy_hands() -> None:
    """Hands with 5, 6 and 7 cards of one suit (straight flushes, wheels, flush + pairs)."""
    rng = np.random.default_rng(5)
    for _ in range(3000):
        n_suited = int(rng.integers(5, 8))
        suit = int(rng.integers(4))
        ranks = rng.choice(13, n_suited, replace=False)
        cards = [int(r) * 4 + suit for r in ranks]
        others = [c for c in range(52) if c not in cards]
        cards += [int(c) for c in rng.choice(others, 7 - n_suited, replace=False)]
        assert evaluate7(cards) == best_of_subsets(cards), cards
        assert evaluate6(cards[:6]) == best_of_subsets(cards[:6]), cards[:6]


@pytest.mark.parametrize("text, name", [
    ("As Ks Qs Js Ts 2c 3d", "Straight flush, ace high"),
    ("Ah 2h 3h 4h 5h 6c 7c", "Straight flush, five high"),  # wheel flush beats the 7-high straight
    ("Ah 2h 3h 4h 5d 6h 7c", "Flush, ace high"),
    ("9c 9d 9h 9s Ac Ad Ah", "Four of a kind, nines"),
    ("Kc Kd Kh 7s 7c 2d 2h", "Full house, kings full of sevens"),
    ("Kc Kd Kh 7s 7c 7d 2h", "Full house, kings full of sevens"),
    ("Ac 2d 3h 4s 5c Kd Qh", "Straight, five high"),
    ("Tc Jd Qh Ks Ac 9d 8h", "Straight, ace high"),
    ("Ac Ad Kh Ks Qc Qd 2h", "Two pair, aces and kings"),
    ("2c 3d 4h 5s 7c 8d 9h", "High card, nine high"),
    ("2c 3d 4h 6s 7c 9d Jh", "High card, jack high"),
])
def test_known_hands(text: str, name: str) -> None:
    assert pc.describe_rank(evaluate7(text)) == name


def test_input_forms_agree() -> None:
    text = "Ah Kd 7c 7s 2d 9h 4c"
    codes = pc.parse_cards(text)
    expected = evaluate7(codes)
    assert evaluate7(tuple(codes)) == evaluate7(text.split()) == evaluate7(np.array(codes)) == expected
    assert evaluate(text) == evaluate7(text)
    assert evaluate(codes[:6]) == evaluate6(codes[:6])
    assert evaluate(codes[:5]) == pc.evaluate5(codes[:5])


@pytest.mark.parametrize("func, cards, error", [
    (evaluate7, [0, 1, 2, 3, 4, 5], HandSizeError),
    (evaluate7, [0, 1, 2, 3, 4, 5, 5], DuplicateCardError),
    (evaluate7, [0, 1, 2, 3, 4, 5, 52], InvalidCardError),
    (evaluate7, [0, 1, 2, 3, 4, 5, -1], InvalidCardError),
    (evaluate7, "As Ks Qs Js Ts 9s Xs", InvalidCardError),
    (evaluate7, 123, CardTypeError),
    (evaluate6, [0, 1, 2, 3, 4, 5, 6], HandSizeError),
    (evaluate6, "As As Qs Js Ts 9s", DuplicateCardError),
    (evaluate, [0, 1, 2, 3], HandSizeError),
    (evaluate, list(range(8)), HandSizeError),
])
def test_bad_cards(func, cards, error) -> None:
    with pytest.raises(error) as info:
        func(cards)
    assert isinstance(info.value, PokercoreError)
    assert str(info.value)


@pytest.mark.parametrize("batch, k", [(evaluate7_batch, 7), (evaluate6_batch, 6)])
def test_batch_bad_input(batch, k) -> None:
    good = pc.random_hands(10, k, seed=1)
    with pytest.raises(HandSizeError, match=f"shape \\(n_hands, {k}\\)"):
        batch(pc.random_hands(10, 5, seed=1))
    assert batch(np.empty((0, k), dtype=np.uint8)).shape == (0,)  # no hands: an empty result
    assert (batch(np.asfortranarray(good)) == batch(good)).all()  # any layout: the same answer
    with pytest.raises(CardTypeError, match="masked"):
        batch(np.ma.masked_array(good))
    with pytest.raises(CardTypeError, match="integer dtype"):
        batch(good.astype(float))
    dup = good.copy()
    dup[3, 1] = dup[3, 0]
    with pytest.raises(DuplicateCardError, match="hand 3"):
        batch(dup)
    wide = good.astype(np.int64)
    wide[4, 2] = 52
    with pytest.raises(InvalidCardError, match="hand 4"):
        batch(wide)
    with pytest.raises(InvalidCardError, match="hand 5"):
        bad = good.copy()
        bad[5, 0] = 200
        batch(bad)
    with pytest.raises(InvalidArrayError, match="out must be"):
        batch(good, out=np.empty(10, dtype=np.int64))
    with pytest.raises(InvalidArrayError, match="shares memory"):
        buf = np.zeros(10 * k, dtype=np.uint8)
        hands = buf.reshape(10, k)
        hands[:] = good
        batch(hands, out=buf[: 40].view(np.int32))
    out = np.zeros(10, dtype=np.int32)
    assert batch(good, out=out) is out
    assert batch(good.astype(np.int16)).tolist() == out.tolist()
    assert batch([pc.format_cards(h) for h in good.tolist()]).tolist() == out.tolist()


def test_eval7_order() -> None:
    eval7 = require("eval7")
    hands = pc.random_hands(200_000, 7, seed=11)
    deck = [eval7.Card(pc.format_card(c)) for c in range(52)]
    theirs = np.array([eval7.evaluate([deck[c] for c in h]) for h in hands.tolist()])
    assert same_order(evaluate7_batch(hands), theirs)


@pytest.mark.slow
def test_eval7_order_4_million_random_hands() -> None:
    eval7 = require("eval7")
    deck = [eval7.Card(pc.format_card(c)) for c in range(52)]
    ours_all, theirs_all = [], []
    for chunk in range(4):
        hands = pc.random_hands(1_000_000, 7, seed=100 + chunk)
        ours_all.append(evaluate7_batch(hands))
        theirs_all.append(np.fromiter((eval7.evaluate([deck[c] for c in h]) for h in hands.tolist()),
                                      dtype=np.int64, count=len(hands)))
    assert same_order(np.concatenate(ours_all), np.concatenate(theirs_all))


@pytest.mark.slow
def test_every_six_card_hand_is_the_best_of_its_five_card_subsets() -> None:
    """All 20,358,520 six-card hands, by the definition: the best of the six five-card hands in each.

    The five-card evaluator is checked on every five-card hand against the
    pure-Python reference and eval7 (test_evaluate.py), and a different
    kernel (one 5-card table, no 6-card hash): agreeing with it on every
    six-card hand is the exhaustive proof; phevaluator's order is checked on
    random hands below.
    """
    subsets = [list(s) for s in itertools.combinations(range(6), 5)]
    total = 0
    for _, hands in all_hands_by_first_card(6):
        total += len(hands)
        best = pc.evaluate5_batch(np.ascontiguousarray(hands[:, subsets[0]]))
        for s in subsets[1:]:
            np.maximum(best, pc.evaluate5_batch(np.ascontiguousarray(hands[:, s])), out=best)
        assert np.array_equal(evaluate6_batch(hands), best)
    assert total == comb(52, 6) == 20_358_520


@pytest.mark.slow
def test_six_card_hands_order_like_phevaluator() -> None:
    native = require("phevaluator._pheval")
    hands = pc.random_hands(1_500_000, 6, seed=66)
    theirs = -np.fromiter(itertools.starmap(native.evaluate_6cards, hands.tolist()), dtype=np.int64,
                          count=len(hands))
    assert same_order(evaluate6_batch(hands), theirs)


SEVEN_CARD_CATEGORY_COUNTS = {
    pc.HandCategory.STRAIGHT_FLUSH: 41_584, pc.HandCategory.FOUR_OF_A_KIND: 224_848,
    pc.HandCategory.FULL_HOUSE: 3_473_184, pc.HandCategory.FLUSH: 4_047_644,
    pc.HandCategory.STRAIGHT: 6_180_020, pc.HandCategory.THREE_OF_A_KIND: 6_461_620,
    pc.HandCategory.TWO_PAIR: 31_433_400, pc.HandCategory.PAIR: 58_627_800,
    pc.HandCategory.HIGH_CARD: 23_294_460,
}


@pytest.mark.slow
def test_seven_card_category_counts_over_every_hand() -> None:
    counts = np.zeros(9, dtype=np.int64)
    per_rank = np.zeros(7463, dtype=np.int64)
    total = 0
    for _, hands in all_hands_by_first_card(7):
        total += len(hands)
        ranks = evaluate7_batch(hands)
        counts += np.bincount(pc.categories_of(ranks), minlength=9)
        per_rank += np.bincount(ranks, minlength=7463)
    assert total == comb(52, 7) == 133_784_560
    assert {pc.HandCategory(i): int(n) for i, n in enumerate(counts)} == SEVEN_CARD_CATEGORY_COUNTS
    _assert_shipped_counts(7, per_rank)


def _assert_shipped_counts(k: int, per_rank: np.ndarray) -> None:
    """The shipped counts that ``percentile(cards=k)`` reads are this recount over every hand."""
    from importlib.resources import files

    from pokercore.evaluators import _STRENGTH_FILE, percentile

    with files("pokercore").joinpath("data", _STRENGTH_FILE).open("rb") as f, np.load(f) as data:
        np.testing.assert_array_equal(data[f"cards{k}"], per_rank)
    beaten = np.cumsum(per_rank) - per_rank
    ranks = np.arange(1, 7463)
    np.testing.assert_array_equal(percentile(ranks, cards=k), beaten[1:] / per_rank.sum())


@pytest.mark.slow
def test_six_card_category_counts_over_every_hand() -> None:
    counts = np.zeros(9, dtype=np.int64)
    per_rank = np.zeros(7463, dtype=np.int64)
    for _, hands in all_hands_by_first_card(6):
        ranks = evaluate6_batch(hands)
        counts += np.bincount(pc.categories_of(ranks), minlength=9)
        per_rank += np.bincount(ranks, minlength=7463)
    _assert_shipped_counts(6, per_rank)
    # Published six-card counts (best five of six).
    assert counts.tolist() == [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620,
                               205_792, 165_984, 14_664, 1_844]


def test_evaluate_ranks_what_pokercore_eval_ranks(capsys: pytest.CaptureFixture[str]) -> None:
    """``evaluate(cards, rules=)`` takes 3, 5, 6 or 7 cards and ``rules=`` as the ``pokercore eval`` command does."""
    from pokercore.cli._evaluate import main

    for k in (3, 5, 6, 7):
        for hand in pc.random_hands(40, k, seed=k).tolist():
            for rules in ("standard", "binh") if k in (3, 5) else ("standard",):
                rank = evaluate(hand, rules=rules)
                if k == 3:
                    expect = pc.evaluate3(hand)
                elif k == 5:
                    expect = pc.evaluate5(hand, rules)
                else:
                    expect = evaluate6(hand) if k == 6 else evaluate7(hand)
                assert rank == expect
                assert main([pc.format_cards(hand), "--rules", rules]) == 0
                assert f": rank {rank} (" in capsys.readouterr().out
    assert evaluate("Qh Qd 9c") == pc.evaluate3("Qh Qd 9c")  # three cards: the Binh scale
    assert evaluate("Ah 2c 3d 4s 5h", rules="BINH") == pc.evaluate5("Ah 2c 3d 4s 5h", rules="binh")


@pytest.mark.parametrize("cards, rules, error, match", [
    ("Ah 2c 3d 4s 5h 9c", "binh", pc.errors.InvalidRulesError, "6- and 7-card hands are ranked by the standard"),
    ("Ah 2c 3d 4s 5h 9c 9d", "binh", pc.errors.InvalidRulesError, "standard rules only"),
    ("Ah 2c 3d", "texas", pc.errors.InvalidRulesError, "rules must be 'standard' or 'binh', got 'texas'"),
    ("Ah 2c 3d 4s 5h", None, pc.errors.InvalidRulesError, "rules must be"),
    ("Ah 2c 3d 4s", "standard", HandSizeError, "evaluate needs 3, 5, 6 or 7 cards, got 4"),
    ("Ah 2c", "standard", HandSizeError, "got 2"),
    ("Ah 2c 3d 4s 5h 6h 7h 8h", "standard", HandSizeError, "got 8"),
    ("Ah Ah 3d", "standard", DuplicateCardError, "duplicate"),
])
def test_evaluate_refuses_what_pokercore_eval_refuses(cards: str, rules: object, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        evaluate(cards, rules=rules)  # type: ignore[arg-type]
