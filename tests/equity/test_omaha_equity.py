"""Pot-limit Omaha equity (4, 5 and 6 hole cards): exact against a brute force and pokerkit, Monte Carlo seeded."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.cards import format_cards
from pokercore.equity import TooManyPlayersError
from pokercore.errors import DuplicateCardError, HandSizeError, PokercoreValueError

from .by_game import omaha_equity, variant_equity
from .variant_brute import brute_equity, omaha_high

pokerkit = pytest.importorskip("pokerkit")


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(52)), st.sampled_from([4, 5, 6]), st.integers(2, 4), st.sampled_from([4, 5]))
def test_exact_matches_the_brute_force(deck, hole, players, board_size):
    hands = [list(deck[hole * i:hole * (i + 1)]) for i in range(players)]
    board = list(deck[hole * players:hole * players + board_size])
    r = omaha_equity(hands, board=board)
    assert r.exact and r.game == "plo"
    want = brute_equity("plo", hands, board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-12)
    for p in r.players:
        assert p.equity == pytest.approx(p.win + p.tie_equity) and p.low == 0.0 and p.high == p.equity


def test_turn_against_pokerkit_showdowns():
    rng = random.Random(5)
    for hole in (4, 5, 6, 4, 5, 6):
        cards = rng.sample(range(52), 2 * hole + 4)
        hands, board = [cards[:hole], cards[hole:2 * hole]], cards[2 * hole:]
        r = omaha_equity(hands, board=board)
        live = [c for c in range(52) if c not in cards]
        total, n = 0.0, 0
        for (v,) in combinations(live, 1):
            full = format_cards([*board, v], sep="")
            a = pokerkit.OmahaHoldemHand.from_game(format_cards(hands[0], sep=""), full)
            b = pokerkit.OmahaHoldemHand.from_game(format_cards(hands[1], sep=""), full)
            total += 1.0 if a > b else 0.5 if a == b else 0.0
            n += 1
        assert r.boards == n
        assert r.players[0].equity == pytest.approx(total / n, abs=1e-12), hole


def test_brute_force_high_hand_agrees_with_pokerkit():
    # The reference itself, judged by pokerkit on random final boards.
    rng = random.Random(8)
    for _ in range(150):
        cards = rng.sample(range(52), 13)
        a, b, board = cards[:4], cards[4:8], cards[8:]
        pa = pokerkit.OmahaHoldemHand.from_game(format_cards(a, sep=""), format_cards(board, sep=""))
        pb = pokerkit.OmahaHoldemHand.from_game(format_cards(b, sep=""), format_cards(board, sep=""))
        ra, rb = omaha_high(a, board), omaha_high(b, board)
        assert (ra > rb) == (pa > pb) and (ra == rb) == (pa == pb)


def test_preflop_monte_carlo_is_seeded_and_near_the_exact_answer():
    hands = ["As Ah Ks Kh", "Qd Qc Jd Jc"]
    r = omaha_equity(hands, exact=False, seed=11)
    assert not r.exact and r.seed == 11 and r.trials == 200_000 and r.method == "Monte Carlo (asked for)"
    assert omaha_equity(hands, exact=False, seed=11) == r
    assert omaha_equity(hands, exact=False, seed=12) != r
    exact = omaha_equity(hands)  # 1,086,008 boards: fast enough to be the default
    assert exact.exact and exact.boards == 1_086_008 and exact.method.startswith("exact (chosen: 1,086,008 boards")
    assert abs(r.players[0].equity - exact.players[0].equity) < 4 * r.players[0].stderr
    assert 0 < r.players[0].stderr < 0.002


def test_monte_carlo_on_the_flop_agrees_with_exact():
    hands, board = ["Ah Kh Qd Jd 2c", "7c 7s 8c 9s 3d"], "Th 9h 2s"
    exact = omaha_equity(hands, board=board)
    mc = omaha_equity(hands, board=board, samples=50_000, seed=1)
    assert exact.exact and not mc.exact
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr + 1e-12


def test_six_players_of_six_cards_and_the_deck_limit():
    deck = list(range(52))
    hands = [deck[6 * i:6 * i + 6] for i in range(7)]
    r = omaha_equity(hands, board=deck[42:45])
    assert r.exact and r.boards == 21 and sum(p.equity for p in r.players) == pytest.approx(1.0)
    with pytest.raises(TooManyPlayersError, match="too few"):
        omaha_equity([deck[6 * i:6 * i + 6] for i in range(8)])


@pytest.mark.parametrize(("players", "kwargs", "error", "match"), [
    (["As Ah Ks", "Qd Qc Jd Jc"], {}, HandSizeError, "4, 5 or 6"),
    (["As Ah Ks Kh", "Qd Qc Jd Jc Td"], {}, HandSizeError, "same number of hole cards"),
    (["As Ah Ks Kh", "As Qc Jd Jc"], {}, DuplicateCardError, "As is in both player 1's hand and player 2's hand"),
    (["As Ah Ks Kh", "Qd Qc Jd Jc"], {"board": "Qd 2c 3c"}, DuplicateCardError, "Qd"),
    (["As Ah Ks Kh", "Qd Qc Jd Jc"], {"board": "2c 3c"}, HandSizeError, "0, 3, 4 or 5"),
    (["As Ah Ks Kh"], {}, TooManyPlayersError, "2 to 10"),
    (["As Ah Ks Kh", "Qd Qc Jd Jc"], {"exact": True, "samples": 10}, PokercoreValueError, "not both"),
])
def test_bad_input_is_refused_with_the_reason(players, kwargs, error, match):
    with pytest.raises(error, match=match):
        omaha_equity(players, **kwargs)


def test_unknown_game_and_exact_out_of_reach():
    with pytest.raises(PokercoreValueError, match="unknown game 'stud'"):
        variant_equity("stud", ["As Ah Ks Kh", "Qd Qc Jd Jc"])


@pytest.mark.parametrize("seed", [1, 2])
def test_preflop_enumeration_matches_the_brute_force(seed):
    # Five board cards still to come: nine 5-card hands leave 7 cards (21 boards), seven 6-card hands 10 (252).
    rng = random.Random(seed)
    for players, hole in ((9, 5), (7, 6)):
        deck = rng.sample(range(52), 52)
        hands = [deck[hole * i:hole * (i + 1)] for i in range(players)]
        r = omaha_equity(hands)
        assert r.exact and r.boards == {9: 21, 7: 252}[players]
        assert [p.equity for p in r.players] == pytest.approx(brute_equity("plo", hands, []), abs=1e-12)


def test_the_kernel_checks_what_its_memory_safety_rests_on():
    import numpy as np

    from pokercore.equity import _variants as k

    holes = np.array([[0, 1, 2, 3], [4, 5, 6, 7]], dtype=np.uint8)
    board = np.array([[8, 9, 10, 11, 12]], dtype=np.uint8)
    live = np.arange(13, 52, dtype=np.uint8)
    for bad in (np.zeros((1, 4), np.uint8), np.zeros((11, 4), np.uint8), np.zeros((2, 7), np.uint8),
                np.array([[0, 1, 2, 99], [4, 5, 6, 7]], np.uint8)):
        with pytest.raises(ValueError):
            k.rows_tally(k.GAME_OMAHA, bad, board)
    with pytest.raises(ValueError):
        k.rows_tally(k.GAME_SHORTDECK, holes, board)  # short deck deals two cards
    with pytest.raises(ValueError):
        k.rows_tally(7, holes, board)
    with pytest.raises(ValueError):
        k.rows_tally(k.GAME_OMAHA, holes, np.array([[8, 9, 10, 11, 200]], np.uint8))
    with pytest.raises(ValueError):
        k.exact_tally(k.GAME_OMAHA, holes, np.arange(8, 14, dtype=np.uint8), live, 0, 10)  # six board cards
    with pytest.raises(ValueError):
        k.exact_tally(k.GAME_OMAHA, holes, board[0, :3], np.array([60, 61], np.uint8), 0, 10)
    with pytest.raises(ValueError):
        k.exact_tally(k.GAME_OMAHA, holes, board[0, :2], np.array([40, 41], np.uint8), 0, 10)  # too few cards
    from pokercore import _variant_eval as ev

    with pytest.raises(ValueError):
        ev.shortdeck_rows(np.zeros((3, 4), np.uint8))
    with pytest.raises(ValueError):
        ev.omaha_low_rows(np.zeros((3, 4), np.uint8), np.zeros((2, 5), np.uint8))
    # Out-of-range first-card bounds are clamped, never read past the live cards.
    part, n = k.exact_tally(k.GAME_OMAHA, holes, board[0, :3], live, -5, 10**6)
    assert n == 39 * 38 // 2 and part[2:4].sum() == pytest.approx(n)


def test_hands_as_codes_or_an_array_give_the_same_answer():
    import numpy as np

    text = omaha_equity(["2c 2d 2h 2s", "3c 3d 3h 3s"], board="4c 4d 4h")
    codes = omaha_equity([[0, 1, 2, 3], [4, 5, 6, 7]], board=[8, 9, 10])
    array = omaha_equity(np.array([[0, 1, 2, 3], [4, 5, 6, 7]]), board=np.array([8, 9, 10]))
    assert [p.equity for p in text.players] == [p.equity for p in codes.players] == [p.equity for p in array.players]
    assert array.players[0].label == "2c 2d 2h 2s"
    with pytest.raises(PokercoreValueError, match="players must be a list of hands"):
        omaha_equity("As Ah Ks Kh")  # type: ignore[arg-type]
