"""ICM (Malmuth-Harville): hand-worked cases, a brute force over finishing orders, and refusals."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import pytest

from pokercore.errors import PokercoreError, PokercoreTypeError
from pokercore.solver import (
    MAX_ICM_PLAYERS,
    IcmTooLargeError,
    InvalidPayoutsError,
    InvalidStacksError,
    icm,
)


def brute_force(stacks: list[float], payouts: list[float]) -> list[float]:
    """Every finishing order with its Harville probability, one at a time."""
    out = [0.0] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        prob, left = 1.0, float(sum(stacks))
        for i in order:
            prob *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order[:len(payouts)]):
            out[i] += prob * payouts[place]
    return out


def test_equal_stacks_share_equally():
    for n in (2, 3, 6, 9):
        r = icm([1500] * n, [50, 30, 20][: min(3, n)])
        assert all(e == pytest.approx(sum(r.payouts) / n, abs=1e-12) for e in r.equities)


def test_two_players_closed_form():
    # With two left, second place is paid for sure and first with probability stack / total.
    for a, b in [(3000, 1000), (1, 99), (2500.5, 2500.5)]:
        r = icm([a, b], [65, 35])
        assert r.equities[0] == pytest.approx(35 + 30 * a / (a + b), abs=1e-12)
        assert r.equities[1] == pytest.approx(35 + 30 * b / (a + b), abs=1e-12)


def test_three_players_worked_by_hand():
    # Stacks 5000, 3000, 2000 (10,000 chips), payouts 50/30/20.
    # Player 1 first: 5/10.  Second: player 2 first then 1 of the rest, 3/10 * 5/7, or player 3 first then
    # 1, 2/10 * 5/8: 3/14 + 1/8 = 19/56.  Third: 1 - 1/2 - 19/56 = 9/56.
    # Equity: 50 * 1/2 + 30 * 19/56 + 20 * 9/56 = 25 + 570/56 + 180/56 = 25 + 750/56 = 38.392857...
    first, second = Fraction(1, 2), Fraction(3, 10) * Fraction(5, 7) + Fraction(2, 10) * Fraction(5, 8)
    assert second == Fraction(19, 56)
    expected = 50 * first + 30 * second + 20 * (1 - first - second)
    r = icm([5000, 3000, 2000], [50, 30, 20])
    assert r.equities[0] == pytest.approx(float(expected), abs=1e-12)
    assert r.places[0] == pytest.approx((0.5, 19 / 56, 9 / 56), abs=1e-12)
    assert [round(e, 2) for e in r.equities] == [38.39, 32.75, 28.86]


@pytest.mark.parametrize(("stacks", "payouts"), [
    ([5000, 3000, 2000], [50, 30, 20]),
    ([10, 20, 30, 40, 50], [0.5, 0.3, 0.2]),
    ([1234, 99, 5000, 777, 3210, 4000], [100, 60, 40, 20]),
    ([1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1]),
])
def test_agrees_with_every_finishing_order(stacks: list[float], payouts: list[float]):
    r = icm(stacks, payouts)
    assert r.equities == pytest.approx(brute_force(stacks, payouts), abs=1e-10)


def test_prizes_conserved_and_places_are_probabilities():
    r = icm([700, 1900, 2400, 5000], [45, 30, 15, 10])
    assert math.fsum(r.equities) == pytest.approx(100, abs=1e-10)
    assert all(sum(row) == pytest.approx(1, abs=1e-12) for row in r.places)  # every place paid
    for k in range(4):
        assert sum(row[k] for row in r.places) == pytest.approx(1, abs=1e-12)  # each place goes to someone
    assert list(r.equities) == sorted(r.equities)  # more chips, more equity


def test_trailing_zero_payouts_dropped_and_serialised():
    r = icm([100, 200, 300], [80, 20, 0])
    assert r.payouts == (80.0, 20.0)
    d = json.loads(json.dumps(r.to_dict(), allow_nan=False))
    assert d["equities"] == list(r.equities) and len(d["places"][0]) == 2


def test_large_fields_with_few_places():
    r = icm([1000 + i for i in range(MAX_ICM_PLAYERS)], [50, 30, 20])
    assert math.fsum(r.equities) == pytest.approx(100, abs=1e-9)


@pytest.mark.parametrize(("stacks", "payouts", "error", "words"), [
    ([100, -5], [1], InvalidStacksError, r"stacks\[1\] must be a number > 0"),
    ([100, 0], [1], InvalidStacksError, "leave out a player who has no chips"),
    ([100, math.nan], [1], InvalidStacksError, r"stacks\[1\]"),
    ([100], [1], InvalidStacksError, "2 to 64 players"),
    ([1] * 65, [1], IcmTooLargeError, "2 to 64 players"),
    ([1] * 30, [1] * 10, IcmTooLargeError, "pay fewer places"),
    ([1, 2, 3], [20, 30, 50], InvalidPayoutsError, r"payouts\[1\] = 30 pays more than payouts\[0\]"),
    ([1, 2], [50, 30, 20], InvalidPayoutsError, "3 places but there are 2 players"),
    ([1, 2, 3], [0.6, 0.3, 0.2], InvalidPayoutsError, "add up to 1.1"),
    ([1, 2, 3], [0, 0], InvalidPayoutsError, "all zero"),
    ([1, 2, 3], [5, -1], InvalidPayoutsError, r"payouts\[1\]"),
    ([1, 2, 3], [], InvalidPayoutsError, "non-empty"),
])
def test_refuses_naming_the_field(stacks: list[float], payouts: list[float], error: type[PokercoreError],
                                  words: str):
    with pytest.raises(error, match=words):
        icm(stacks, payouts)


def test_refuses_wrong_types():
    with pytest.raises(PokercoreTypeError, match="stacks"):
        icm("1000 2000", [1])  # type: ignore[arg-type]
    with pytest.raises(PokercoreTypeError, match=r"stacks\[0\]"):
        icm(["1000", 2000], [1])  # type: ignore[list-item]
    with pytest.raises(PokercoreTypeError, match="payouts"):
        icm([1, 2], 50)  # type: ignore[arg-type]
