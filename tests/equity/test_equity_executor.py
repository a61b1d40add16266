"""Equity on an executor (a process pool, a Dask cluster): the answer of one process, bit for bit."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from pokercore.equity._holdem_equity import equity
from pokercore.equity._tasks import run_on_executor
from pokercore.errors import PokercoreTypeError, PokercoreValueError

EXACT = (["AsKs", "QQ+,AKs", "77-55"], "Qh 7d 2c")
MC = {"players": ["AsKs", "QQ+,AKs", "random"], "samples": 2_000_000, "seed": 4}


def _same(a, b):
    assert [(p.win, p.tie, p.equity, p.stderr, p.combos) for p in a.players] == \
        [(p.win, p.tie, p.equity, p.stderr, p.combos) for p in b.players]
    assert a.exact == b.exact


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(2) as p:
        yield p


def test_exact_multiway_on_a_process_pool(pool):
    _same(equity(*EXACT), equity(*EXACT, executor=pool))


def test_monte_carlo_on_a_process_pool(pool):
    _same(equity(**MC), equity(**MC, executor=pool))


def test_both_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        exact = equity(*EXACT, executor=client)  # the Client itself
        sampled = equity(**MC, executor=client.get_executor())
    _same(equity(*EXACT), exact)
    _same(equity(**MC), sampled)


def test_progress_counts_every_unit_in_order():
    seen = []
    with ThreadPoolExecutor(2) as pool:
        equity(**MC, executor=pool, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, seen[-1][1]) for k in range(1, seen[-1][1] + 1)]


def test_a_failing_call_cancels_the_rest_and_propagates():
    started = []

    def work(k):
        started.append(k)
        if k == 3:
            raise RuntimeError("unit 3 failed")
        return k

    with ThreadPoolExecutor(1) as pool, pytest.raises(RuntimeError, match="unit 3 failed"):
        run_on_executor(pool, work, [(k,) for k in range(1000)], None, in_flight=4)
    assert len(started) < 20  # the queued calls were cancelled, not run


@pytest.mark.parametrize(("kw", "error", "match"), [
    ({"executor": object()}, PokercoreTypeError, r"executor must be a concurrent\.futures\.Executor"),
    ({"executor": "pool"}, PokercoreTypeError, "executor must be"),
])
def test_what_is_not_an_executor_is_refused(kw, error, match):
    with pytest.raises(error, match=match):
        equity(*EXACT, **kw)


def test_workers_and_executor_do_not_go_together():
    with ThreadPoolExecutor(1) as pool, pytest.raises(PokercoreValueError, match="workers= and executor="):
        equity(*EXACT, workers=2, executor=pool)
