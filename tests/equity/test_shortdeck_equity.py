"""Short-deck hold'em: the evaluator against a brute force (every five-card hand) and pokerkit, and its equity."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.cards import format_cards, to_codes
from pokercore.errors import DuplicateCardError, HandSizeError, InvalidCardError, InvalidRankError
from pokercore.holdem import (
    SHORT_DECK,
    describe_shortdeck,
    evaluate_shortdeck,
    evaluate_shortdeck_batch,
    shortdeck_category,
)

from .by_game import shortdeck_equity, variant_equity
from .variant_brute import brute_equity, shortdeck_key, shortdeck_key5

pokerkit = pytest.importorskip("pokerkit")

DECK = list(SHORT_DECK)


def test_every_five_card_hand_orders_as_the_brute_force():
    hands = np.array(list(combinations(DECK, 5)), dtype=np.uint8)
    assert len(hands) == 376_992
    ranks = evaluate_shortdeck_batch(hands)
    keys = [shortdeck_key5(h) for h in hands.tolist()]
    # The same order: equal keys have equal ranks, and sorting by rank sorts the keys.
    order = np.argsort(ranks, kind="stable")
    by_rank: dict[int, object] = {}
    previous = None
    for i in order.tolist():
        r, k = int(ranks[i]), keys[i]
        assert by_rank.setdefault(r, k) == k, (format_cards(hands[i].tolist()), r)
        if previous is not None:
            assert previous <= k
        previous = k
    assert len(by_rank) == len(set(keys))  # as many ranks as different hands


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True),
       st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True), st.integers(5, 7))
def test_best_of_six_and_seven_orders_as_the_brute_force(a, b, n):
    ra, rb = evaluate_shortdeck(a[:n]), evaluate_shortdeck(b[:n])
    ka, kb = shortdeck_key(a[:n]), shortdeck_key(b[:n])
    assert (ra > rb) == (ka > kb) and (ra == rb) == (ka == kb)


def test_against_pokerkit_on_random_seven_card_hands():
    rng = random.Random(21)
    hand = pokerkit.ShortDeckHoldemHand
    for _ in range(400):
        a, b = rng.sample(DECK, 7), rng.sample(DECK, 7)
        pa = hand.from_game(format_cards(a[:2], sep=""), format_cards(a[2:], sep=""))
        pb = hand.from_game(format_cards(b[:2], sep=""), format_cards(b[2:], sep=""))
        ra, rb = evaluate_shortdeck(a), evaluate_shortdeck(b)
        assert (ra > rb) == (pa > pb) and (ra == rb) == (pa == pb), (format_cards(a), format_cards(b))


@pytest.mark.parametrize(("better", "worse"), [
    ("Ah Kh 7h 6h 9h", "Ks Kd Kc 7s 7d"),            # flush beats full house
    ("6c 7d 8s 9h Td", "Ah 6c 7d 8s 9h"),            # A-6-7-8-9 is the lowest straight
    ("Ah 6c 7d 8s 9h", "As Ad Ac Kd Qc"),             # ... but still a straight, above three of a kind
    ("6s 7s 8s 9s As", "Ah Ad Ac As Kd"),            # the lowest straight flush beats four aces
    ("Ah Ad Ac As Kd", "As Ks Qs Js 9s"),            # four of a kind beats a flush
    ("7s 8s 9s Ts Js", "6s 7s 8s 9s As"),
])
def test_hand_made_rules(better, worse):
    assert evaluate_shortdeck(better) > evaluate_shortdeck(worse)


def test_descriptions_and_categories():
    assert describe_shortdeck(evaluate_shortdeck("Ah 6c 7d 8s 9h")) == "Straight, nine high (A-6-7-8-9)"
    assert describe_shortdeck(evaluate_shortdeck("Ah Kh 7h 6h 9h")) == "Flush, ace high"
    assert shortdeck_category(evaluate_shortdeck("Kh Kd Kc 7s 7d")) == "Full house"
    assert shortdeck_category(evaluate_shortdeck("6s 7s 8s 9s As")) == "Straight flush"
    with pytest.raises(InvalidRankError):
        describe_shortdeck(5)
    with pytest.raises(InvalidRankError):
        describe_shortdeck(9 * 8192 + 1)


def test_bad_hands_are_refused_with_the_reason():
    with pytest.raises(InvalidCardError, match="5h in the hand is not in the short deck"):
        evaluate_shortdeck("Ah Kh 7h 6h 5h")
    with pytest.raises(DuplicateCardError, match="Ah"):
        evaluate_shortdeck("Ah Ah 7h 6h 8h")
    with pytest.raises(HandSizeError, match="5, 6 or 7 cards, got 4"):
        evaluate_shortdeck("Ah Kh 7h 6h")
    with pytest.raises(InvalidCardError, match="hand 1"):
        evaluate_shortdeck_batch([to_codes("Ah Kh 7h 6h 8h"), to_codes("Ah Kh 7h 6h 2h")])
    with pytest.raises(InvalidCardError, match="2c in the board is not in the short deck"):
        shortdeck_equity(["As Ks", "Qd Qc"], board="2c 7h 8d")
    with pytest.raises(HandSizeError, match="deals 2"):
        shortdeck_equity(["As Ks Kd", "Qd Qc Qh"])


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True), st.integers(2, 3),
       st.sampled_from([4, 5]))
def test_equity_matches_the_brute_force(cards, players, board_size):
    hands = [cards[2 * i:2 * i + 2] for i in range(players)]
    board = cards[6:6 + board_size]
    r = shortdeck_equity(hands, board=board)
    assert r.exact and r.boards == (len(DECK) - 2 * players - 4 if board_size == 4 else 1)
    want = brute_equity("shortdeck", hands, board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-12)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)


def test_flop_equity_against_pokerkit_showdowns():
    # Every turn and river of one flop, each showdown judged by pokerkit.
    hands, board = [to_codes("Ah Kh"), to_codes("9c 9d")], to_codes("6h 7h 8c")
    r = shortdeck_equity(hands, board=board)
    used = set(board) | {c for h in hands for c in h}
    live = [c for c in DECK if c not in used]
    total, n = [0.0, 0.0], 0
    for t, v in combinations(live, 2):
        full = format_cards([*board, t, v], sep="")
        a = pokerkit.ShortDeckHoldemHand.from_game(format_cards(hands[0], sep=""), full)
        b = pokerkit.ShortDeckHoldemHand.from_game(format_cards(hands[1], sep=""), full)
        total[0] += 1.0 if a > b else 0.5 if a == b else 0.0
        total[1] += 1.0 if b > a else 0.5 if a == b else 0.0
        n += 1
    assert r.boards == n == 406
    assert [p.equity for p in r.players] == pytest.approx([x / n for x in total], abs=1e-12)


def test_preflop_is_exact_heads_up_and_monte_carlo_agrees_and_is_seeded():
    exact = shortdeck_equity(["As Ks", "Qd Qc"])
    assert exact.exact and exact.boards == 201_376 and exact.method.startswith("exact (chosen")
    mc = variant_equity("shortdeck", ["As Ks", "Qd Qc"], samples=40_000, seed=3)
    again = variant_equity("6+", ["As Ks", "Qd Qc"], samples=40_000, seed=3)
    assert mc == again and not mc.exact and mc.seed == 3
    assert abs(mc.players[0].equity - exact.players[0].equity) < 4 * mc.players[0].stderr


def test_preflop_enumeration_with_dead_cards_matches_the_brute_force():
    rng = random.Random(2)
    cards = rng.sample(DECK, 28)
    hands, dead = [cards[2 * i:2 * i + 2] for i in range(9)], cards[18:28]
    r = shortdeck_equity(hands, dead=dead)
    assert r.exact and r.boards == 56 and r.dead == format_cards(dead)
    assert [p.equity for p in r.players] == pytest.approx(brute_equity("shortdeck", hands, [], dead), abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("k", [6, 7])
def test_every_six_and_seven_card_hand_is_the_best_of_its_five_card_hands(k):
    """All 1,947,792 six-card and 8,347,680 seven-card short-deck hands: the kernel (7-card tables, the
    A-6-7-8-9 straights, flush above full house) equals the best of the five-card subsets, whose ranks are
    checked on every five-card hand against the brute force above."""
    from math import comb

    from ..core.helpers import lex_combinations

    subsets = [list(s) for s in combinations(range(k), 5)]
    deck = np.array(DECK, dtype=np.uint8)
    every = lex_combinations(36, k)
    total = 0
    for lo in range(0, len(every), 1 << 20):
        hands = np.ascontiguousarray(deck[every[lo:lo + (1 << 20)]])
        best = evaluate_shortdeck_batch(np.ascontiguousarray(hands[:, subsets[0]]))
        for s in subsets[1:]:
            np.maximum(best, evaluate_shortdeck_batch(np.ascontiguousarray(hands[:, s])), out=best)
        assert np.array_equal(evaluate_shortdeck_batch(hands), best)
        total += len(hands)
    assert total == comb(36, k)
