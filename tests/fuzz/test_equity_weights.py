"""NaN weights: combo weights anywhere in (0, 1], down to the smallest double, never give NaN.

Exact and Monte Carlo results stay finite, the equities sum to 1, ``--json`` output stays
strict JSON, and the answer depends on the weights within each range only: multiplying a
whole range's weights by any factor (1e-300 included) changes nothing beyond rounding.  Weights
that are not numbers in (0, 1] (NaN, infinity, 0, negative, above 1) are refused by name.
"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pokercore.equity._holdem_equity import equity
from pokercore.equity._holdem_ranges import EmptyRangeError, Range, RangeSyntaxError, parse_range

PARTS = ["AA", "KK", "QQ", "AKs", "AKo", "JTs", "T9s", "22", "A5s", "KQo", "AsKs", "QhJh", "7c6c"]
BOARDS = ["2c 7d 9h", "Qh Jd 2s", "2c 7d 9h 4s", "Ah Kd 7c 7s 2d"]

# Weights from the smallest subnormal up to 1, biased toward the extremes.
weight = st.one_of(
    st.sampled_from([5e-324, 1e-320, 2.2250738585072014e-308, 1e-300, 1e-200, 1e-100, 1e-5, 0.5, 1.0]),
    st.floats(min_value=5e-324, max_value=1.0, allow_nan=False, allow_infinity=False).filter(lambda w: w > 0),
)


@st.composite
def weighted_range(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.sampled_from(PARTS), min_size=1, max_size=3, unique=True))
    return ",".join(f"{p}:{draw(weight)!r}" for p in parts)


def _finite(r: object) -> None:
    for p in r.players:  # type: ignore[attr-defined]
        assert all(math.isfinite(x) for x in (p.win, p.tie, p.equity, p.stderr)), r
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)  # type: ignore[attr-defined]
    json.dumps(r.as_dict(), allow_nan=False)  # type: ignore[attr-defined]


def _scaled(text: str, factor: float) -> str:
    """The same range with every weight times ``factor`` (kept in (0, 1] and nonzero)."""
    rng = parse_range(text)
    out = []
    for (a, b), w in rng.combos_weights:
        out.append(((a, b), w * factor))
    return Range(text, tuple(out))  # type: ignore[return-value]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(weighted_range(), min_size=2, max_size=3), st.sampled_from(BOARDS))
def test_exact_results_are_finite_and_scale_free(players: list[str], board: str) -> None:
    try:
        r = equity(players, board=board, exact=True)
    except Exception as exc:  # only refusals that say what is wrong
        assert type(exc).__name__ in ("EmptyRangeError", "DuplicateCardError"), exc
        return
    _finite(r)
    # Scale the first range's weights by a factor that keeps them positive: same shares.
    smallest = min(w for _, w in parse_range(players[0]).combos_weights)
    factor = 1e-3 if smallest > 1e-300 else 0.5
    assume(smallest * factor > 0)
    s = equity([_scaled(players[0], factor), *players[1:]], board=board, exact=True)  # type: ignore[list-item]
    for a, b in zip(r.players, s.players):
        assert a.equity == pytest.approx(b.equity, rel=1e-9, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.lists(weighted_range(), min_size=2, max_size=4), st.sampled_from(BOARDS + [""]), st.integers(0, 2**32))
def test_monte_carlo_results_are_finite(players: list[str], board: str, seed: int) -> None:
    try:
        r = equity(players, board=board or None, samples=3000, seed=seed)
    except Exception as exc:
        assert type(exc).__name__ in ("EmptyRangeError", "DuplicateCardError"), exc
        return
    _finite(r)


@pytest.mark.parametrize("text", ["AA:nan", "AA:inf", "AA:-inf", "AA:0", "AA:-0.5", "AA:1.0000001", "AA:1e-400",
                                  "AA:0x1p-3", "AA:NaN", "AA:+nan", "AA:1e309"])
def test_weights_that_are_not_in_range_are_refused(text: str) -> None:
    with pytest.raises(RangeSyntaxError, match="weight"):
        parse_range(text)


@pytest.mark.parametrize("w", [math.nan, math.inf, 0.0, -1.0, 1.5, True, "0.5", None])
def test_hand_built_weights_are_checked(w: object) -> None:
    with pytest.raises(RangeSyntaxError, match="weight"):
        Range("x", (((51, 47), w),))  # type: ignore[arg-type]


def test_deals_too_light_to_measure_are_refused_by_name() -> None:
    """Found by the test above: the only possible deals weigh 1e-40 of the heaviest combos, so their squared
    weights vanish from the exact sums and the spread (standard error, effective samples) divided by zero."""
    players = ["AA:5e-324", "AA:5e-324", "KK:5e-324,AA:1e-05,QQ:1.401298464324817e-45"]
    with pytest.raises(EmptyRangeError, match="weigh almost nothing"):
        equity(players, board="2c 7d 9h", samples=3000, seed=0)
