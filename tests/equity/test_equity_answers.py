"""How equity answers: the method it picks and why, PokerStove's tie column beside ours, combos, the trailer."""

from __future__ import annotations

import pytest

from pokercore.cli import main
from pokercore.equity import equity


@pytest.mark.parametrize(("players", "board"), [
    (["AA", "KK"], None),                     # 36 deals x 1,712,304 boards
    (["AKs,AKo", "QQ"], None),
    (["AA,KK,QQ"] * 6, "2c 3d 4h"),           # the product of the range sizes is 18**6; the real deals 19,440
])
def test_exact_is_chosen_when_it_takes_under_a_second(players, board):
    r = equity(players, board=board)
    assert r.exact and r.method.startswith("exact (chosen: ") and "under a second on one core" in r.method
    assert r.deals > 0 and r.boards > 0 and f"exact: {r.deals:,} deals x {r.boards:,} boards" in r.table()


def test_monte_carlo_is_chosen_when_exact_would_take_seconds_and_says_so():
    r = equity(["AA", "KK", "random"], seed=1, samples=None)
    assert not r.exact and r.deals == 0
    assert r.method == ("Monte Carlo (chosen: exact would score 1.7e11 hands: 40,608 deals x 1,370,754 boards, "
                        "about 30 seconds on one core)")
    # Deals alike up to suits are enumerated once: counted when they could bring the time under a second.
    r = equity(["AA,KK", "random"], dead="7c 8d", seed=1, samples=None)
    assert not r.exact and r.method == (
        "Monte Carlo (chosen: exact would score 2.0e10 hands: 13,536 deals in 7,300 classes alike up to suits "
        "x 1,370,754 boards, about 4 seconds on one core)")


def test_the_method_says_when_it_was_asked_for():
    assert equity(["AA", "KK"], samples=1000, seed=1).method == "Monte Carlo (samples given)"
    assert equity(["AsKs", "QdQc"], board="2c 3d 4h 5s", exact=True).method == "exact (asked for)"
    assert equity(["AsKs", "QdQc"], board="2c 3d 4h 5s", exact=False, seed=1).method == "Monte Carlo (asked for)"


def test_tie_equity_is_the_pot_share_won_from_ties():
    # The board plays for everyone: three players tie every time and each wins a third.
    r = equity(["2c3d", "2h3s", "4c5d"], board="As Ks Qs Js Ts")
    for p in r.players:
        assert (p.win, p.tie, p.tie_equity, p.equity) == (0.0, 1.0, pytest.approx(1 / 3), pytest.approx(1 / 3))
    # Heads-up every tie is a split of two: tie equity is half the tie share, equity = win + tie equity.
    for r in (equity(["22", "random"], samples=200_000, seed=1), equity(["AsKs", "QQ+,AKs"], board="Qh 7d 2c")):
        for p in r.players:
            assert p.tie_equity == pytest.approx(p.tie / 2, abs=1e-12)
            assert p.equity == pytest.approx(p.win + p.tie_equity, abs=1e-12)
    header = r.table().splitlines()[0].split()
    assert header[2:6] == ["win", "ties", "tie", "eq"]


def test_multiway_tie_equity_matches_win_plus_ties():
    r = equity(["AsKd", "AcKh", "AhKs"], board="2c 3d 4h 8s")  # all three share A-K: mostly three-way splits
    for p in r.players:
        assert p.equity == pytest.approx(p.win + p.tie_equity, abs=1e-12)
        assert p.tie / 3 - 1e-12 <= p.tie_equity <= p.tie / 2 + 1e-12


@pytest.mark.parametrize("kw", [{}, {"samples": 2000, "seed": 3}])
def test_combos_count_the_same_whatever_the_method(kw):
    assert [p.combos for p in equity(["AsAh:1", "AA"], **kw).players] == [1, 1]
    assert [p.combos for p in equity(["AsKs", "QQ+,AKs"], board="Qh 7d 2c", **kw).players] == [1, 12]


def test_a_weighted_exact_run_prints_deals_and_boards_not_the_weight_sum():
    r = equity(["AsKs", "QQ+,AKs:0.5"], board="Qh 7d 2c")
    assert r.table().splitlines()[-1] == "board Qh 7d 2c; exact: 12 deals x 990 boards"


def test_the_command_line_prints_the_method(capsys):
    assert main(["equity", "AA", "KK"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == ("method: exact (chosen: 36 deals in 3 classes alike up to suits x 1,712,304 "
                                    "boards, under a second on one core)")
