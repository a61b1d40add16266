"""Self-play training on an executor (a process pool, a Dask cluster) gives the tables of one process, bit for bit."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from pokercore.binh._training import train
from pokercore.cli import main
from pokercore.errors import PokercoreTypeError, PokercoreValueError

KW = {"rounds": 2, "deals": 150, "seed": 3, "players": 4, "eval_hands": 40}


@pytest.fixture(scope="module")
def alone():
    return train(**KW)


def test_a_process_pool_gives_the_same_tables_and_log(alone):
    with ProcessPoolExecutor(2) as pool:
        tables, history = train(**KW, executor=pool, block=97)  # blocks that do not divide the hands
    np.testing.assert_array_equal(tables.pmf, alone[0].pmf)
    same = [repr({k: v for k, v in r.items() if k != "seconds"}) for r in alone[1]]  # repr: nan == nan
    assert [repr({k: v for k, v in r.items() if k != "seconds"}) for r in history] == same


def test_a_dask_cluster_gives_the_same_tables(alone):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        tables, _ = train(**KW, executor=client.get_executor(), block=200)
    np.testing.assert_array_equal(tables.pmf, alone[0].pmf)


@pytest.mark.parametrize(("kw", "error", "match"), [
    ({"executor": object()}, PokercoreTypeError, r"executor must be a concurrent\.futures\.Executor"),
    ({"block": 0}, PokercoreValueError, "block must be a positive int"),
    ({"block": True}, PokercoreValueError, "block must be a positive int"),
])
def test_a_bad_executor_or_block_is_refused_before_any_work(kw, error, match):
    with pytest.raises(error, match=match):
        train(**KW, **kw)


def test_the_command_line_trains_the_same_tables_on_two_processes(tmp_path, capsys):
    args = ["binh", "train", "--rounds", "1", "--deals", "120", "--seed", "5", "--eval-hands", "40"]
    assert main([*args, "--out", str(tmp_path / "one.npz")]) == 0
    assert main([*args, "--workers", "2", "--out", str(tmp_path / "two.npz")]) == 0
    with np.load(tmp_path / "one.npz") as one, np.load(tmp_path / "two.npz") as two:
        np.testing.assert_array_equal(one["pmf"], two["pmf"])
    with pytest.raises(SystemExit) as stop:
        main([*args, "--workers", "2", "--scheduler", "tcp://x:1", "--out", str(tmp_path / "x.npz")])
    assert stop.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
