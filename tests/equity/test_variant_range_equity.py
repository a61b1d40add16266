"""Range equity in PLO, PLO8 and short deck: exact against a slow reference, Monte Carlo against exact, seeds."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.cards import parse_cards
from pokercore.equity._holdem_ranges import EmptyRangeError, RangeSyntaxError
from pokercore.equity._omaha_ranges import parse_omaha_range
from pokercore.equity._shortdeck_ranges import parse_shortdeck_range
from pokercore.errors import HandSizeError, PokercoreValueError

from .by_game import variant_equity
from .range_reference import range_reference


def _suits_ds(hand):
    counts = [sum(1 for c in hand if c % 4 == s) for s in range(4)]
    return sum(1 for n in counts if n >= 2) == 2


def _brute_omaha(pred, weight=1.0):
    """Every 4-card combo for which ``pred`` holds, found by looking at all 270,725 (independent of the parser)."""
    return [(h, weight) for h in combinations(range(52), 4) if pred(h)]


def _codes(text):
    return tuple(parse_cards(text))


def test_shortdeck_hand_against_qq_plus_on_a_flop_matches_the_reference():
    board = _codes("Qh 7d 6c")
    r = variant_equity("shortdeck", ["As Ks", "QQ+"], board=board)
    assert r.exact and r.deals == 9 and r.boards == 406  # QQ+ keeps 3 + 3 + 3 combos: Qh on the board, As Ks held
    qq_plus = [((a, b), 1.0) for a, b in combinations(range(16, 52), 2) if a // 4 == b // 4 and a // 4 >= 10]
    want = range_reference("shortdeck", [[(_codes("As Ks"), 1.0)], qq_plus], board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-9)


def test_weighted_shortdeck_range_against_a_range_matches_the_reference():
    board = _codes("Th 9h 6c 7s")
    r = variant_equity("shortdeck", ["KK+:0.5, AKs", "JJ, 87s:0.25"], board=board, exact=True)
    first = [(c, w) for c, w in parse_shortdeck_range("KK+:0.5, AKs").combos_weights]
    second = [(c, w) for c, w in parse_shortdeck_range("JJ, 87s:0.25").combos_weights]
    want = range_reference("shortdeck", [first, second], board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-9)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-12)


def test_plo_hand_against_aaxx_ds_on_a_turn_matches_the_reference():
    board = _codes("Kh Td 5c 2s")
    hero = _codes("Ks Kd Qh Jh")
    r = variant_equity("plo", ["Ks Kd Qh Jh", "AAxx ds"], board=board)
    assert r.exact and r.boards == 40
    aa_ds = _brute_omaha(lambda h: sum(1 for c in h if c // 4 == 12) >= 2 and _suits_ds(h))
    assert len(aa_ds) == len(parse_omaha_range("AAxx ds"))
    want = range_reference("plo", [[(hero, 1.0)], aa_ds], board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-9)
    assert r.deals == sum(1 for h, _ in aa_ds if not set(h) & set(hero + board))


def test_plo8_weighted_range_matches_the_reference():
    board = _codes("3h 7d Kc 9s")
    hero = "As 2s 4d 9c"
    r = variant_equity("plo8", [hero, "A2KK:0.5, A3KQ ds"], board=board, exact=True)
    rng = parse_omaha_range("A2KK:0.5, A3KQ ds")
    seat = list(zip(map(tuple, rng.holes.tolist()), rng.weights.tolist()))
    assert {w for _, w in seat} == {0.5, 1.0}
    want = range_reference("plo8", [[(_codes(hero), 1.0)], seat], board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-9)
    assert r.players[0].low > 0 and sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(("game", "players", "board"), [
    ("plo", ["As Ah Kd Qc", "KKxx"], "Jd 7c 2s"),
    ("plo", ["AKQJ ds", "TT98"], "Ts 9d 2c"),
    ("plo8", ["A2xx:0.5, A3xx", "Kh Kd Qs Qd"], "4c 6s Jh 8d"),
    ("shortdeck", ["TT+, AK", "top 20%"], "9s 8s 6d"),
    ("shortdeck", ["As Kd", "random"], "Ks 9h 7c"),
])
def test_monte_carlo_is_within_five_standard_errors_of_exact(game, players, board):
    exact = variant_equity(game, players, board=board, exact=True)
    mc = variant_equity(game, players, board=board, samples=40_000, seed=11)
    assert not mc.exact and mc.trials == 40_000
    for e, m in zip(exact.players, mc.players):
        assert m.stderr > 0
        assert abs(e.equity - m.equity) < 5 * m.stderr, (e, m)
    assert sum(p.equity for p in mc.players) == pytest.approx(1.0, abs=1e-9)


def test_the_same_seed_gives_the_same_answer_and_another_seed_another():
    args = ("plo", ["AAxx ds", "KKQQ, JT98 ds"])
    a = variant_equity(*args, samples=10_000, seed=3)
    b = variant_equity(*args, samples=10_000, seed=3)
    c = variant_equity(*args, samples=10_000, seed=4)
    assert a == b
    assert a.players[0].equity != c.players[0].equity
    assert a.seed == 3 and "Monte Carlo" in a.method


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3000))
def test_any_seed_is_reproducible_and_a_prefix_is_not_needed(seed, n):
    a = variant_equity("shortdeck", ["QQ+, AK", "random"], samples=n, seed=seed)
    b = variant_equity("shortdeck", ["QQ+, AK", "random"], samples=n, seed=seed)
    assert a == b and a.trials == n
    assert 0.0 <= a.players[0].equity <= 1.0


def test_five_and_six_card_ranges():
    r = variant_equity("plo", ["As Ah Kd Qc Jh", "KKxxx"], board="2c 7d 9s 3h", exact=True)
    assert r.exact and r.deals > 100 and sum(p.equity for p in r.players) == pytest.approx(1.0)
    r6 = variant_equity("plo", ["As Ah Kd Qc Jh Td", "KKQQxx"], board="2c 7d 9s", samples=5000, seed=1)
    assert 0 < r6.players[0].equity < 1


def test_a_range_object_is_accepted_too():
    r1 = variant_equity("plo", ["As Ah Kd Qc", parse_omaha_range("KKxx ds")], board="Jd 7c 2s 5h")
    r2 = variant_equity("plo", ["As Ah Kd Qc", "KKxx ds"], board="Jd 7c 2s 5h")
    assert r1.players[1].equity == r2.players[1].equity and r1.players[1].label == "KKxx ds"


def test_refusals_name_the_problem():
    with pytest.raises(PokercoreValueError, match="use samples=N"):
        variant_equity("plo", ["AAxx", "KKxx", "QQxx"], exact=True)
    with pytest.raises(RangeSyntaxError, match="short deck starts at 6"):
        variant_equity("shortdeck", ["As Ks", "A5s"])
    with pytest.raises(RangeSyntaxError, match="has 4 slots; this range's hands have 5"):
        variant_equity("plo", ["As Ah Kd Qc Jh", "KKxx"])
    with pytest.raises(RangeSyntaxError, match="has 4 slots; this range's hands have 5"):
        variant_equity("plo", ["AAxxx", "KKxx"])  # the first range sets the count
    with pytest.raises(HandSizeError, match="same number of hole cards"):
        variant_equity("plo", [parse_omaha_range("AAxxx"), parse_omaha_range("KKxx")])
    with pytest.raises(PokercoreValueError, match=r"too many .* use samples=N"):
        variant_equity("shortdeck", ["random", "random"], exact=True)
    with pytest.raises(EmptyRangeError, match="no combo left"):
        variant_equity("plo", ["As Ah Kd Qc", "AAAx"], board="Ad 7c 2s")
    from pokercore.equity import parse_range

    with pytest.raises(PokercoreValueError, match="hold'em range"):
        variant_equity("plo", ["As Ah Kd Qc", parse_range("AKs")])
    with pytest.raises(PokercoreValueError, match="Omaha range"):
        variant_equity("shortdeck", ["As Kd", parse_omaha_range("AAxx")])
    with pytest.raises(RangeSyntaxError, match="short deck starts at 6"):
        variant_equity("shortdeck", ["As Kd", parse_range("A5s")])  # a hold'em range object with low cards
    with pytest.raises(EmptyRangeError, match="no deal"):
        variant_equity("plo", ["AsAhxx", "AsKdxx"], board="2c 3c 4c")


def test_the_table_says_deals_and_boards():
    r = variant_equity("shortdeck", ["As Ks", "QQ+"], board="Qh 7d 6c")
    assert "exact: 9 deals x 406 boards" in r.table()
    assert r.trials == 9 * 406 and np.isclose(sum(p.equity for p in r.players), 1.0)


@settings(max_examples=15, deadline=None)
@given(st.permutations(range(16, 52)), st.sampled_from(["QQ+", "AKs, 99:0.5", "T9s-76s", "JJ-88:0.3, AQo"]))
def test_shortdeck_hand_against_a_range_on_any_turn_matches_the_reference(deck, text):
    hero, board = list(deck[:2]), list(deck[2:6])
    rng = parse_shortdeck_range(text)
    seat = [(c, w) for c, w in rng.combos_weights if not set(c) & set(hero + board)]
    if not seat:
        with pytest.raises(EmptyRangeError):
            variant_equity("shortdeck", [hero, text], board=board)
        return
    r = variant_equity("shortdeck", [hero, text], board=board)
    assert r.exact and r.deals == len(seat)
    want = range_reference("shortdeck", [[(tuple(hero), 1.0)], seat], board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-9)


@settings(max_examples=10, deadline=None)
@given(st.permutations(range(52)), st.sampled_from(["KKxx ds", "AKQx r", "T98x:0.5, AAKx"]),
       st.sampled_from(["plo", "plo8"]))
def test_omaha_hand_against_a_range_on_any_river_matches_the_reference(deck, text, game):
    hero, board = list(deck[:4]), list(deck[4:9])
    rng = parse_omaha_range(text).remove(sum(1 << c for c in hero + board))
    seat = list(zip(map(tuple, rng.holes.tolist()), rng.weights.tolist()))
    r = variant_equity(game, [hero, text], board=board)
    assert r.exact and r.deals == len(seat)
    want = range_reference(game, [[(tuple(hero), 1.0)], seat], board)
    assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-9)
