"""Equity on the edges: tiny weights, exact runs out of reach, the argument policy, the standard error,
the deals of ranges counted in C, and the Monte Carlo seed stream."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.equity import _deals
from pokercore.equity._arguments import prepare
from pokercore.equity._exact_plan import EXACT_MAX_SECONDS, arrays, exact_deals, exact_seconds, normalise, unit_seeds
from pokercore.equity._holdem_equity import MAX_SEED, equity
from pokercore.equity._holdem_ranges import EmptyRangeError
from pokercore.errors import PokercoreError, PokercoreTypeError, PokercoreValueError

# -- tiny weights: never NaN ---------------------------------------------------------------


@pytest.mark.parametrize("board", ["2c 3d 4h", "Qh 7d 2c 5s"])
def test_tiny_weights_give_the_unweighted_answer(board: str) -> None:
    """AA:1e-200 vs KK:1e-200 multiplied to 0 and gave [nan, nan]; equal weights are no weights."""
    tiny = equity(["AA:1e-200", "KK:1e-200"], board=board)
    plain = equity(["AA", "KK"], board=board)
    assert tiny.exact
    for t, p in zip(tiny.players, plain.players):
        assert (t.win, t.tie, t.equity) == pytest.approx((p.win, p.tie, p.equity), abs=1e-12)
    assert 0.9 < tiny.players[0].equity < 0.96
    json.dumps(tiny.as_dict(), allow_nan=False)


def test_weights_that_underflow_together_still_count() -> None:
    """Every deal uses AsAh and two kings combos: each weighs 1e-400, below the smallest double."""
    tiny = equity(["AsAh, KK:1e-200"] * 3, board="2c 7d 9h")
    plain = equity(["AsAh, KK"] * 3, board="2c 7d 9h")
    assert all(math.isfinite(p.equity) for p in tiny.players)
    for t, p in zip(tiny.players, plain.players):
        assert t.equity == pytest.approx(p.equity, abs=1e-12)


def test_relative_weights_still_matter_when_tiny() -> None:
    scaled = equity(["AA:1e-300, KK:5e-301", "QQ:1e-250"], board="2c 7d 9h")
    plain = equity(["AA, KK:0.5", "QQ"], board="2c 7d 9h")
    for s, p in zip(scaled.players, plain.players):
        assert s.equity == pytest.approx(p.equity, abs=1e-12)


def test_normalising_a_range_is_exact() -> None:
    ranges = [[((51, 47), 0.3), ((50, 46), 0.1)], [((3, 2), 1.0)], [((9, 8), 2.0**-1070)]]
    out = normalise(ranges)
    for before, after in zip(ranges, out):
        shift = math.frexp(after[0][1])[1] - math.frexp(before[0][1])[1]
        assert [math.ldexp(w, shift) for _, w in before] == [w for _, w in after]  # one power of two
        assert 0.5 < max(w for _, w in after) <= 1.0
    assert out[1] == ranges[1]  # a range whose heaviest combo weighs 1 is untouched


# -- exact runs out of reach are refused up front with their cost --------------------------


def test_exact_random_vs_random_preflop_is_refused_with_its_cost_when_no_two_deals_are_alike() -> None:
    """Four dead cards of four suits leave no renaming of suits: every deal is enumerated (else: test_exact_classes)."""
    with pytest.raises(PokercoreValueError) as info:
        equity(["random", "random"], dead="2c 3d 4h 5s", exact=True)
    text = str(info.value)
    # 1,167,480 disjoint deals (not 1128**2) x 1,086,008 boards x 2 players
    assert "2.5e12 hands" in text and "1,167,480 deals x" in text and "584 seconds (10 minutes) on one core" in text
    assert "the limit is 300 seconds" in text
    assert "samples=" in text and "Monte Carlo" in text


def test_exact_cost_counts_deals_after_card_removal() -> None:
    """AA vs AA: 36 pairs of combos but 6 deals; the product before removal would overstate it."""
    r = equity(["AA", "AA"], exact=True)
    assert r.exact and r.trials == 6 * math.comb(48, 5)
    with pytest.raises(PokercoreValueError, match=r"more than 2,000,000 deals"):
        equity(["random"] * 3, board="2c 7d 9h 4s 5s", exact=True)


def test_the_largest_exact_runs_are_allowed() -> None:
    plan = exact_deals(prepare(["QQ+,AKs", "random"], None, None)[1], math.comb(48, 5), 5, np.zeros(0, np.uint8), 0)
    assert exact_seconds(len(plan.holes), 2, 5) <= EXACT_MAX_SECONDS  # by its deals, its classes aside


# -- the deals, counted and built in C, against a reference in Python ------------------------


def reference_deals(ranges: list[list[tuple[tuple[int, int], float]]]) -> tuple[list[list[int]], list[float]]:
    rows, weights = [], []
    for deal in itertools.product(*ranges):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) == len(cards):
            w = 1.0
            for _, cw in deal:
                w *= cw
            rows.append(cards)
            weights.append(w)
    return rows, weights


combo = st.tuples(st.integers(0, 12), st.integers(0, 12)).filter(lambda t: t[0] != t[1]).map(
    lambda t: (max(t), min(t)))
weighted = st.tuples(combo, st.sampled_from([1.0, 0.5, 0.3, 1e-5, 0.75]))
ranges_st = st.lists(st.lists(weighted, min_size=1, max_size=6, unique_by=lambda x: x[0]), min_size=2, max_size=4)


@settings(max_examples=150, deadline=None)
@given(ranges_st)
def test_deals_equal_a_python_reference(ranges: list) -> None:
    combos, offsets, weights = arrays(ranges)
    rows, ref_w = reference_deals(ranges)
    count, status = _deals.count_deals(combos, offsets, 10**6, 10**8)
    assert (count, status) == (len(rows), 0)
    if not rows:
        return
    holes, w = _deals.build_deals(combos, offsets, weights, count)
    assert holes.tolist() == rows  # the same order: player 0's combos outermost
    assert w.tolist() == ref_w     # bit for bit: the products are formed the same way
    if count > 1:
        assert _deals.count_deals(combos, offsets, count - 1, 10**8) == (count - 1, 1)
        assert _deals.count_deals(combos, offsets, 10**6, 1)[1] == 2


def test_no_deal_is_an_empty_range_error() -> None:
    with pytest.raises(EmptyRangeError, match="share no card"):
        equity(["AhKh,AhQh", "AhKd,AhQd"], exact=True)


# -- one argument policy: operator.index integers, named in every refusal --------------------


@pytest.mark.parametrize("name, value", [
    ("seed", "abc"), ("seed", float("nan")), ("seed", [1, 2]), ("seed", 1.5), ("seed", "5"), ("seed", b"1"),
    ("seed", True), ("seed", -1), ("seed", MAX_SEED + 1), ("seed", np.float64(3.0)), ("seed", np.bool_(True)),
    ("samples", 10**15), ("samples", 0), ("samples", 2.0), ("samples", "1000"), ("samples", True),
    pytest.param("samples", 10**10000, id="samples-10**10000"),
    ("workers", 0), ("workers", 1.0), ("workers", True), ("workers", 10**6), ("workers", "2"),
])
def test_bad_counts_are_refused_naming_the_argument(name: str, value: object) -> None:
    kwargs = {"samples": 1000, name: value}
    with pytest.raises(PokercoreError, match=f"^{name} must be an integer") as info:
        equity(["AsKs", "QdQc"], **kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, (PokercoreTypeError, PokercoreValueError))
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("seed", [0, 7, np.int64(7), np.uint64(7), MAX_SEED, 2**64 + 3])
def test_integer_seeds_of_any_kind(seed: object) -> None:
    r = equity(["AsKs", "QdQc"], samples=5000, seed=seed, workers=np.int32(2))  # type: ignore[arg-type]
    assert r.seed == int(seed) and type(r.seed) is int  # type: ignore[call-overload]
    assert r == equity(["AsKs", "QdQc"], samples=np.int64(5000), seed=int(seed))  # type: ignore[arg-type, call-overload]


@pytest.mark.parametrize("kwargs, match", [
    ({"exact": "yes"}, "exact must be"), ({"exact": 1}, "exact must be"),
    ({"progress": "yes"}, "progress must be"),
])
def test_flags_are_checked(kwargs: dict, match: str) -> None:
    with pytest.raises(PokercoreTypeError, match=match):
        equity(["AsKs", "QdQc"], board="2c 7d 9h", **kwargs)


# -- the standard error, checked from both sides ---------------------------------------------


def test_a_split_every_sample_has_zero_standard_error() -> None:
    r = equity(["AsKd", "AcKh"], board="2c 3d 4h 8s", samples=20_000, seed=1)
    assert [(p.tie, p.equity, p.stderr) for p in r.players] == [(1.0, 0.5, 0.0)] * 2


@pytest.mark.parametrize("players, board", [
    (["AsKs", "AhKh"], ""),               # mostly ties, some flushes
    (["AsKd", "AcQh"], ""),               # wins, losses and ties
    (["AsKd", "QQ"], "2c 7h 9d"),          # a range, no ties
])
def test_heads_up_standard_error_formula(players: list[str], board: str) -> None:
    """share is 1, 1/2 or 0: var = win + tie/4 - equity**2 (a tie's share squared is 1/4, not 1/2)."""
    r = equity(players, board=board, samples=30_000, seed=5)
    for p in r.players:
        expected = math.sqrt((p.win + p.tie / 4 - p.equity**2) / (r.trials - 1))
        assert p.stderr == pytest.approx(expected, rel=1e-9)
        wrong = math.sqrt((p.win + p.tie / 2 - p.equity**2) / (r.trials - 1))  # tie term over k, not k*k
        assert p.tie == 0 or p.stderr != pytest.approx(wrong, rel=1e-3)


# -- Monte Carlo seeds: numpy's SeedSequence stream, a slice at a time -----------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**128 - 1), st.integers(0, 300), st.integers(0, 300))
def test_unit_seeds_are_seed_sequence_words(seed: int, lo: int, n: int) -> None:
    expected = np.random.SeedSequence(seed).generate_state(lo + n, np.uint64)[lo:]
    got = unit_seeds(seed, lo, lo + n)
    assert got.dtype == np.uint64 and got.tolist() == expected.tolist()


def test_monte_carlo_stream_is_unchanged() -> None:
    """Counts of three runs, recorded before the seeds were computed a task at a time (4 M samples a task)."""
    cases = [
        ((["AsKs", "QQ+,AKs,AKo"],), {"samples": 4_300_001, "seed": 12345},
         [(972733, 1657750), (1669518, 1657750)]),
        ((["AhKh", "QQ+,AKs", "random"],), {"board": "Qh 7d 2c", "samples": 250_000, "seed": 2**100 + 7},
         [(20463, 30244), (156514, 30221), (42779, 331)]),
        ((["AsKs", "random", "random", "random"],), {"samples": 10_000, "seed": 0},
         [(4081, 200), (1837, 203), (1878, 192), (1846, 210)]),
    ]
    for args, kwargs, counts in cases:
        for workers in (1, 2):
            r = equity(*args, workers=workers, **kwargs)
            assert [(round(p.win * r.trials), round(p.tie * r.trials)) for p in r.players] == counts


def test_parse_range_weight_zero_gets_the_weight_message() -> None:
    from pokercore.equity._holdem_ranges import RangeSyntaxError, parse_range

    with pytest.raises(RangeSyntaxError, match=r"a weight must be in \(0, 1\]"):
        parse_range("AKs:0")


def test_old_limit_names_still_read_with_a_warning() -> None:
    """EXACT_LIMIT and EXACT_MAX_HANDS (hand counts) gave way to estimated seconds: reading one warns."""
    import pokercore.equity as short

    with pytest.warns(DeprecationWarning, match="EXACT_MAX_SECONDS"):
        assert short.EXACT_LIMIT == 350_000_000
    with pytest.warns(DeprecationWarning, match="no longer limits"):
        assert short.EXACT_MAX_HANDS == 100_000_000_000
    with pytest.raises(AttributeError, match="NOT_A_NAME"):
        short.NOT_A_NAME  # noqa: B018
