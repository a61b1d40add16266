"""The simulation runner: reproducibility across executors, duplicate mode, statistics, bad input."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from pokercore.sim import MatchResult, SimulationError, simulate
from pokercore.sim._games import ToyAdapter


def run(**kw):
    args = {"game": "toy", "agents": ["high", "random", "always"], "deals": 230, "seed": 11, "chunk_size": 40,
            "keep_payoffs": True}
    args.update(kw)
    return simulate(**args)


def test_zero_sum_and_shape():
    r = run()
    assert r.payoffs.shape == (230, 3)
    np.testing.assert_allclose(r.payoffs.sum(axis=1), 0.0, atol=1e-12)
    assert r.agents == ["high", "random", "always"]


def test_seed_changes_result_and_same_seed_repeats():
    a, b, c = run(), run(), run(seed=12)
    np.testing.assert_array_equal(a.payoffs, b.payoffs)
    assert not np.array_equal(a.payoffs, c.payoffs)


def test_identical_in_process_threads_and_process_pool():
    base = run()
    with ThreadPoolExecutor(3) as ex:
        threaded = run(executor=ex)
    pooled = run(workers=2)
    np.testing.assert_array_equal(base.payoffs, threaded.payoffs)
    np.testing.assert_array_equal(base.payoffs, pooled.payoffs)


def test_identical_on_a_local_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = run(executor=client.get_executor())
    np.testing.assert_array_equal(run().payoffs, on_dask.payoffs)


def test_duplicate_mode_cancels_card_luck_between_equal_agents():
    # Two identical deterministic agents: in duplicate mode each deal is
    # played with both seatings, so their results are exactly equal.
    r = simulate("toy", ["always", "always"], deals=100, seed=5, duplicate=True, keep_payoffs=True)
    assert r.agents == ["always#1", "always#2"]
    np.testing.assert_allclose(r.payoffs, 0.0, atol=1e-12)
    plain = simulate("toy", ["always", "always"], deals=100, seed=5, keep_payoffs=True)
    assert np.abs(plain.payoffs).sum() > 0


def test_summary_statistics_match_numpy():
    r = run()
    s = r.summary()[0]
    col = r.payoffs[:, 0]
    assert s.mean == pytest.approx(col.mean())
    assert s.stderr == pytest.approx(col.std(ddof=1) / np.sqrt(len(col)))
    lo, hi = s.ci95
    assert lo < s.mean < hi and hi - lo == pytest.approx(2 * 1.959963984540054 * s.stderr)


def test_json_and_plot(tmp_path):
    r = run()
    data = json.loads(r.to_json(tmp_path / "r.json"))
    assert data["deals"] == 230 and [a["agent"] for a in data["agents"]] == r.agents
    assert json.loads((tmp_path / "r.json").read_text()) == data
    pytest.importorskip("matplotlib")
    r.plot(tmp_path / "r.png")
    assert (tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"


class Shy:
    """A custom agent class built per chunk with its own generator."""

    def __init__(self, rng):
        self.rng = rng

    def __call__(self, cards):
        return False


def always_show(cards):
    return True


def test_custom_agents_class_callable_and_import_path():
    r = simulate("toy", [Shy, always_show, "tests.sim.test_runner:always_show"], deals=50, seed=1,
                 keep_payoffs=True)
    assert r.agents == ["Shy", "always_show", "tests.sim.test_runner:always_show"]
    # Shy always folds and so loses its ante while the others show.
    assert (r.payoffs[:, 0] == -1).all()


def test_adapter_object_is_accepted():
    r = simulate(ToyAdapter(), ["high", "always"], deals=20, seed=2, workers=2, chunk_size=5, keep_payoffs=True)
    np.testing.assert_array_equal(r.payoffs, simulate("toy", ["high", "always"], deals=20, seed=2,
                                                      chunk_size=5, keep_payoffs=True).payoffs)


@pytest.mark.parametrize(
    "kw, match",
    [
        ({"game": "chess"}, "unknown game"),
        ({"agents": ["high"]}, "needs 2-6 agents"),
        ({"agents": ["high", "genius"]}, "unknown toy agent"),
        ({"agents": ["high", "nosuch.module:x"]}, "cannot import"),
        ({"deals": 0}, "deals must be a positive integer"),
        ({"workers": 0}, "workers must be a positive integer"),
        ({"chunk_size": 0}, "chunk_size must be positive"),
    ],
)
def test_bad_requests_are_refused(kw, match):
    with pytest.raises(SimulationError, match=match):
        run(**kw)


def test_result_is_a_match_result():
    assert isinstance(run(deals=5), MatchResult)


class Counter:
    """A stateful agent object: shows on every other call."""

    def __init__(self):
        self.calls = 0

    def __call__(self, cards):
        self.calls += 1
        return self.calls % 2 == 0


def test_stateful_agent_object_gives_the_same_result_in_process_and_in_a_pool():
    kw = {"deals": 60, "seed": 5, "chunk_size": 7, "keep_payoffs": True}
    one = simulate("toy", [Counter(), "always"], **kw)
    two = simulate("toy", [Counter(), "always"], workers=2, **kw)
    with ThreadPoolExecutor(2) as ex:
        threads = simulate("toy", [Counter(), "always"], executor=ex, **kw)
    np.testing.assert_array_equal(one.payoffs, two.payoffs)
    np.testing.assert_array_equal(one.payoffs, threads.payoffs)


def test_unpicklable_agent_runs_in_process_but_is_refused_for_workers():
    r = simulate("toy", [lambda cards: True, "always"], deals=5)
    assert r.deals == 5
    with pytest.raises(SimulationError, match="picklable"):
        simulate("toy", [lambda cards: True, "always"], deals=5, workers=2)
