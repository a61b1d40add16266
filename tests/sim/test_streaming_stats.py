"""Statistics kept as the deals stream in: exact against numpy, bit-identical on any number of workers,
O(agents) memory."""

from __future__ import annotations

import itertools
import json
import math
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from pokercore.sim import MatchResult, simulate
from pokercore.sim._stats import CURVE_POINTS, Z95, RunningStats, checkpoints

COINFLIP = "tests.sim.tiny_game:CoinFlip"


def _fingerprint(r: MatchResult) -> dict:
    """Every number a result reports, as bytes where it is an array (timing left out)."""
    deals, mean, half = r.stats.curve()
    as_dict = r.as_dict()
    as_dict["meta"] = {k: v for k, v in as_dict["meta"].items() if k not in ("elapsed_s", "deals_per_s", "pid",
                                                                              "played_per_s", "workers")}
    return {"json": json.dumps(as_dict), "mean": r.stats.mean.tobytes(), "m2": r.stats.m2.tobytes(),
            "curve": deals.tobytes() + mean.tobytes() + half.tobytes(), "table": r.table()}


@pytest.mark.parametrize("game, agents, duplicate", [
    ("toy", ["high", "random", "always"], False),
    ("toy", ["high", "random", "always"], True),
    ("draw", ["call", "random", "easy"], False),
])
def test_one_and_two_workers_give_byte_identical_results(game, agents, duplicate):
    kw = {"deals": 1234 if game == "toy" else 90, "seed": 17, "chunk_size": 7, "duplicate": duplicate}
    one = simulate(game, agents, workers=1, **kw)
    two = simulate(game, agents, workers=2, **kw)
    kept = simulate(game, agents, workers=2, keep_payoffs=True, **kw)
    assert _fingerprint(one) == _fingerprint(two) == _fingerprint(kept)
    assert one.deals == kw["deals"]


def test_statistics_equal_numpy_on_the_kept_payoffs():
    r = simulate("toy", ["high", "random", "always"], deals=3000, seed=4, chunk_size=13, keep_payoffs=True)
    p = r.payoffs
    for i, s in enumerate(r.summary()):
        assert s.mean == pytest.approx(p[:, i].mean(), rel=1e-12, abs=1e-12)
        assert s.stderr == pytest.approx(p[:, i].std(ddof=1) / math.sqrt(len(p)), rel=1e-10)


def test_the_curve_is_the_running_mean_at_the_checkpoints():
    r = simulate("toy", ["high", "random"], deals=2500, seed=2, chunk_size=9, keep_payoffs=True)
    deals, mean, half = r.stats.curve()
    assert len(deals) == CURVE_POINTS and deals[-1] == 2500 and (np.diff(deals) > 0).all()
    cum = np.cumsum(r.payoffs, axis=0) / np.arange(1, 2501)[:, None]
    np.testing.assert_allclose(mean, cum[deals - 1], rtol=1e-12, atol=1e-12)
    k = 800  # any checkpoint: the half-width of its 95% CI from the first deals alone
    first = r.payoffs[: deals[k]]
    np.testing.assert_allclose(half[k], Z95 * first.std(axis=0, ddof=1) / math.sqrt(deals[k]), rtol=1e-9)
    # The last point is the summary.
    assert [s.mean for s in r.summary()] == mean[-1].tolist()


def test_a_short_match_records_every_deal():
    assert checkpoints(7).tolist() == [1, 2, 3, 4, 5, 6, 7]
    r = simulate("toy", ["high", "random"], deals=300, seed=2, keep_payoffs=True)
    deals, _, half = r.stats.curve()
    assert deals.tolist() == list(range(1, 301))
    assert np.isnan(half[0]).all() and np.isfinite(half[1:]).all()


@settings(max_examples=60, deadline=None)
@given(data=arrays(np.float64, st.tuples(st.integers(1, 60), st.integers(1, 4)),
                   elements=st.floats(-1e6, 1e6, allow_nan=False)),
       cuts=st.lists(st.integers(0, 60), max_size=6), points=st.integers(1, 25))
def test_running_stats_of_any_blocks_equal_numpy(data, cuts, points):
    stats = RunningStats(data.shape[1], data.shape[0], points=points)
    edges = sorted({0, data.shape[0], *(c for c in cuts if c < data.shape[0])})
    for a, b in itertools.pairwise(edges):
        stats.add(data[a:b])
    assert stats.count == data.shape[0]
    np.testing.assert_allclose(stats.mean, data.mean(axis=0), rtol=1e-9, atol=1e-6)
    m2 = ((data - data.mean(axis=0)) ** 2).sum(axis=0)
    np.testing.assert_allclose(stats.m2, m2, rtol=1e-7, atol=1e-3)
    deals, mean, _ = stats.curve()
    assert deals.tolist() == checkpoints(data.shape[0], points).tolist()
    np.testing.assert_allclose(mean, np.cumsum(data, axis=0)[deals - 1] / deals[:, None], rtol=1e-9, atol=1e-6)


def test_more_deals_than_planned_are_refused():
    stats = RunningStats(2, 3)
    stats.add(np.zeros((3, 2)))
    with pytest.raises(ValueError, match="planned for 3"):
        stats.add(np.zeros((1, 2)))


def _peak_bytes(deals: int, **kw) -> int:
    simulate(COINFLIP, ["any", "any"], deals=10, seed=1)  # imports and caches outside the measurement
    tracemalloc.start()
    try:
        simulate(COINFLIP, ["any", "any"], deals=deals, seed=1, chunk_size=500, **kw)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_deals():
    # Keeping 16 bytes a deal would take 256 kB more at 16,000 deals than at 1,000; the statistics and
    # the curve take about 32 kB whatever the number of deals.
    small, big = _peak_bytes(1_000), _peak_bytes(16_000)
    assert big < small + 100_000, (small, big)
    kept = _peak_bytes(16_000, keep_payoffs=True)  # what keeping them costs, for comparison
    assert kept > big + 200_000, (big, kept)


def test_payoffs_are_kept_only_when_asked_and_the_error_says_how():
    r = simulate("toy", ["high", "always"], deals=20, seed=1)
    assert not r.has_payoffs and r.deals == 20
    with pytest.raises(AttributeError, match="keep_payoffs=True"):
        _ = r.payoffs
    assert "payoffs_kept=False" in repr(r)
    kept = simulate("toy", ["high", "always"], deals=20, seed=1, keep_payoffs=True)
    assert kept.payoffs.shape == (20, 2) and kept.has_payoffs


def test_per_deal_csv_reads_back_exactly(tmp_path):
    r = simulate("toy", ["high", "random", "always"], deals=200, seed=3, duplicate=True, keep_payoffs=True)
    path = tmp_path / "deals.csv"
    r.write_payoffs(path)
    lines = path.read_text().splitlines()
    assert lines[0] == "deal,high,random,always" and len(lines) == 201
    back = np.loadtxt(path, delimiter=",", skiprows=1)
    np.testing.assert_array_equal(back[:, 0], np.arange(1, 201))
    np.testing.assert_array_equal(back[:, 1:], r.payoffs)  # 17 significant digits: exact


def test_a_result_built_from_payoffs_still_works():
    r = MatchResult("toy", ["a", "b"], np.array([[1.0, -1.0], [3.0, -3.0], [2.0, -2.0]]), seed=0, duplicate=False)
    assert r.deals == 3 and r.summary()[0].mean == 2.0 and r.payoffs.shape == (3, 2)
    with pytest.raises(TypeError, match="payoffs or stats"):
        MatchResult("toy", ["a", "b"])
