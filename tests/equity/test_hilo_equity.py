"""Omaha hi-lo eight-or-better: the low evaluator against a brute force and pokerkit, split pots and quartering."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.cards import format_cards, to_codes
from pokercore.errors import DuplicateCardError, HandSizeError, InvalidRankError
from pokercore.holdem import NO_LOW, describe_low, evaluate_omaha_low, evaluate_omaha_low_batch

from .by_game import omaha_equity
from .variant_brute import brute_equity, omaha_low

pokerkit = pytest.importorskip("pokerkit")


def _as_text(key):
    return "-".join("A" if r == 1 else str(r) for r in key)


@settings(max_examples=400, deadline=None)
@given(st.permutations(range(52)), st.sampled_from([4, 5, 6]))
def test_low_matches_the_brute_force(deck, hole):
    h, b = list(deck[:hole]), list(deck[hole:hole + 5])
    want = omaha_low(h, b)
    got = evaluate_omaha_low(h, b)
    assert (got == NO_LOW) == (want is None)
    if want is not None:
        assert describe_low(got) == _as_text(want)


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)))
def test_low_order_matches_the_brute_force(deck):
    a, b, board = list(deck[:4]), list(deck[4:8]), list(deck[8:13])
    la, lb = omaha_low(a, board), omaha_low(b, board)
    ra, rb = evaluate_omaha_low(a, board), evaluate_omaha_low(b, board)
    if la is not None and lb is not None:
        assert (ra > rb) == (la < lb) and (ra == rb) == (la == lb)


def test_low_against_pokerkit_on_random_hands():
    rng = random.Random(3)
    low_hands = 0
    for _ in range(600):
        # Low cards often: most of the deck's lows need three low board cards.
        pool = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12] if rng.random() < 0.7 else list(range(52))
        cards = rng.sample(pool, 13) if len(pool) >= 13 else rng.sample(range(52), 13)
        a, b, board = cards[:4], cards[4:8], cards[8:]
        pa = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(format_cards(a, sep=""), format_cards(board, sep=""))
        pb = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(format_cards(b, sep=""), format_cards(board, sep=""))
        ra, rb = evaluate_omaha_low(a, board), evaluate_omaha_low(b, board)
        assert (pa is None) == (ra == NO_LOW) and (pb is None) == (rb == NO_LOW)
        if pa is not None and pb is not None:
            low_hands += 1
            assert (ra > rb) == (pa > pb) and (ra == rb) == (pa == pb), (format_cards(a), format_cards(b))
    assert low_hands > 100


def test_every_low_of_a_board_and_the_batch_form():
    board = to_codes("Ac 2d 3h Kd Qs")
    live = [c for c in range(52) if c not in board]
    holes = np.array(list(combinations(live, 4))[::97], dtype=np.uint8)
    boards = np.tile(np.array(board, dtype=np.uint8), (len(holes), 1))
    got = evaluate_omaha_low_batch(holes, boards)
    for h, r in zip(holes.tolist(), got.tolist()):
        assert r == evaluate_omaha_low(h, board)
        want = omaha_low(h, board)
        assert describe_low(r) == ("no low" if want is None else _as_text(want))


@pytest.mark.parametrize(("hole", "board", "low"), [
    ("As 2d Kc Kd", "3h 4c 5s Qd Jd", "5-4-3-2-A"),
    ("As 2d 3c 4d", "5h 9c Ts Qd Jd", "no low"),        # two hole cards at most: one low board card is not enough
    ("As Ad 2c 2d", "3h 4c 8s Qd Jd", "8-4-3-2-A"),      # pairs in the hole: A and 2 once each
    ("As 3d Kc Kd", "Ah 3c 5s 6d 7d", "7-6-5-3-A"),      # a board card paired with a hole card is not used twice
    ("9s Td Kc Kd", "Ah 2c 3s 4d 5d", "no low"),         # the board's wheel needs two low hole cards
    ("As 2d 3c 4h", "8h 8c 8s Kd 6d", "no low"),         # three distinct low board cards are needed
])
def test_hand_made_lows(hole, board, low):
    assert describe_low(evaluate_omaha_low(hole, board)) == low


def test_quartering_split_and_scoop():
    # Both players hold A-2: the low splits (a quarter each); three kings win the high half.
    r = omaha_equity(["As 2s Kd Ks", "Ad 2d 9h 9c"], board="3c 4h 7s Kh Qd", hilo=True)
    assert [p.equity for p in r.players] == [0.75, 0.25]
    assert [p.high for p in r.players] == [0.5, 0.0] and [p.low for p in r.players] == [0.25, 0.25]
    assert [p.win for p in r.players] == [0.0, 0.0] and [p.tie for p in r.players] == [1.0, 1.0]
    # No qualifying low: the high hand takes the whole pot (a scoop).
    r = omaha_equity(["As 2s Kd Ks", "Ad 2d 9h 9c"], board="Tc Jh 7s Kh Qd", hilo=True)
    assert [p.equity for p in r.players] == [1.0, 0.0] and r.players[0].win == 1.0 and r.players[0].low == 0.0
    # High and low to the same player: a scoop.
    r = omaha_equity(["As 2s 3s 3d", "Kd Kc 9h 9c"], board="3c 4h 7s Jh Qd", hilo=True)
    assert r.players[0].equity == 1.0 and r.players[0].win == 1.0
    # Three ways: the high alone, the low split between two.
    r = omaha_equity(["Kd Ks Qc Qh", "Ad 2d 9h 9c", "As 2c Th Tc"], board="3c 4h 7s Kh 8d", hilo=True)
    assert [p.equity for p in r.players] == [0.5, 0.25, 0.25]


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(52)), st.sampled_from([4, 5, 6]), st.integers(2, 3), st.sampled_from([4, 5]))
def test_hilo_equity_matches_the_brute_force(deck, hole, players, board_size):
    hands = [list(deck[hole * i:hole * (i + 1)]) for i in range(players)]
    board = list(deck[hole * players:hole * players + board_size])
    r = omaha_equity(hands, board=board, hilo=True)
    want = brute_equity("plo8", hands, board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-12)
    for p in r.players:
        assert p.equity == pytest.approx(p.high + p.low) == pytest.approx(p.win + p.tie_equity)


def test_hilo_with_low_boards_matches_the_brute_force():
    # Low-heavy deals, where the random ones above seldom have a low.
    rng = random.Random(4)
    pool = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12]
    for _ in range(8):
        cards = rng.sample(pool, 12)
        hands, board = [cards[:4], cards[4:8]], cards[8:12]
        r = omaha_equity(hands, board=board, hilo=True)
        assert [p.equity for p in r.players] == pytest.approx(brute_equity("plo8", hands, board), abs=1e-12)
        assert sum(p.low for p in r.players) > 0


def test_flop_hilo_monte_carlo_agrees_with_exact():
    hands, board = ["As 2s 3d Kc", "Ad Kd Qh Jh"], "4c 5h Th"
    exact = omaha_equity(hands, board=board, hilo=True)
    mc = omaha_equity(hands, board=board, hilo=True, samples=40_000, seed=9)
    assert mc == omaha_equity(hands, board=board, hilo=True, samples=40_000, seed=9)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr


def test_bad_input():
    with pytest.raises(HandSizeError, match="4, 5 or 6 hole cards"):
        evaluate_omaha_low("As 2d", "3h 4c 5s Qd Jd")
    with pytest.raises(HandSizeError, match="exactly 5"):
        evaluate_omaha_low("As 2d 3c 4c", "3h 4d 5s Qd")
    with pytest.raises(DuplicateCardError, match="3h is in both the hole cards and the board"):
        evaluate_omaha_low("As 2d 3h 4c", "3h 4d 5s Qd Jd")
    with pytest.raises(DuplicateCardError, match="row 1"):
        evaluate_omaha_low_batch([to_codes("As 2d 3c 4c"), to_codes("As 2d 3h 4c")],
                                 [to_codes("3h 4d 5s Qd Jd"), to_codes("3h 4d 5s Qd Jd")])
    with pytest.raises(InvalidRankError):
        describe_low(3)


def test_preflop_enumeration_matches_the_brute_force():
    rng = random.Random(6)
    deck = rng.sample(range(52), 52)
    hands = [deck[5 * i:5 * (i + 1)] for i in range(9)]
    r = omaha_equity(hands, hilo=True)
    assert r.exact and r.boards == 21
    assert [p.equity for p in r.players] == pytest.approx(brute_equity("plo8", hands, []), abs=1e-12)
