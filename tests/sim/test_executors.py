"""Where chunks run: a Dask Client itself, executors that are not what they claim, progress callbacks."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from pokercore.sim import SimulationError, simulate

KW = {"deals": 230, "seed": 11, "chunk_size": 40}
AGENTS = ["high", "random", "always"]


def test_a_dask_client_is_accepted_as_the_executor_and_gives_the_in_process_result():
    distributed = pytest.importorskip("distributed")
    from pokercore.sim._executor import as_executor

    here = simulate("toy", AGENTS, keep_payoffs=True, **KW)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        executor, in_flight = as_executor(client)
        assert in_flight == 4  # twice the 2 worker threads
        on_client = simulate("toy", AGENTS, executor=client, keep_payoffs=True, **KW)
        on_executor = simulate("toy", AGENTS, executor=executor, keep_payoffs=True, **KW)
        plain = simulate("toy", AGENTS, executor=client, **KW)  # statistics only
    np.testing.assert_array_equal(here.payoffs, on_client.payoffs)
    np.testing.assert_array_equal(here.payoffs, on_executor.payoffs)
    assert plain.stats.mean.tobytes() == here.stats.mean.tobytes()
    assert plain.stats.m2.tobytes() == here.stats.m2.tobytes()
    assert on_client.meta["workers"] is None


class _NotAFuture:
    def cancel(self):
        return True


class _OddExecutor:
    """Has submit(), but returns something that is not a concurrent.futures.Future."""

    def submit(self, fn, *args):
        return _NotAFuture()


def test_an_executor_whose_futures_are_foreign_is_refused_with_what_to_pass():
    with pytest.raises(SimulationError, match=r"not a concurrent\.futures\.Future.*Client or client\.get_executor"):
        simulate("toy", AGENTS, executor=_OddExecutor(), **KW)


def test_something_that_is_no_executor_is_refused():
    with pytest.raises(SimulationError, match=r"must be a concurrent\.futures\.Executor or a dask"):
        simulate("toy", AGENTS, executor=object(), **KW)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_progress_callback_sees_every_deal_in_order(workers):
    seen = []
    simulate("toy", AGENTS, workers=workers, progress=lambda done, total: seen.append((done, total)), **KW)
    assert seen[-1] == (230, 230) and len(seen) == 6  # one call per chunk
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


class _Stop(Exception):
    pass


@pytest.mark.parametrize("workers", [1, 2])
def test_a_progress_callback_that_raises_ends_the_run_at_once(workers):
    calls = []

    def fails(done, total):
        calls.append(done)
        raise _Stop

    start = time.monotonic()
    with pytest.raises(_Stop):
        # 2,000 chunks: waiting for them all would take far longer than the run's first chunk.
        simulate("draw", ["call", "random"], deals=100_000, chunk_size=50, workers=workers, progress=fails)
    assert len(calls) == 1
    assert time.monotonic() - start < 60


def test_a_thread_pool_in_flight_default_comes_from_its_size():
    from pokercore.sim._executor import as_executor

    with ThreadPoolExecutor(3) as pool:
        assert as_executor(pool) == (pool, 6)


@pytest.mark.parametrize("bad", ["yes", 1, 0.5])
def test_bad_progress_values_are_refused(bad):
    with pytest.raises(SimulationError, match="progress must be"):
        simulate("toy", AGENTS, progress=bad, **KW)


def test_line_progress_prints_nothing_for_a_short_run_and_lines_for_a_long_one(capsys):
    from pokercore.sim import LineProgress

    quiet = LineProgress(every=3600, unit="hand", label="pokercore simulate")
    quiet(10, 100)
    quiet(100, 100)
    assert capsys.readouterr().err == ""
    loud = LineProgress(every=0, unit="hand", label="pokercore simulate")
    simulate("draw", ["call", "random"], deals=120, chunk_size=50, progress=loud)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("pokercore simulate: 50 of 120 hands (42%) in ") and "left" in lines[0]
    assert lines[-1].startswith("pokercore simulate: 120 of 120 hands (100%) in ")
