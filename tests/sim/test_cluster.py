"""A match on a real Dask cluster (a LocalCluster of two worker processes): files shipped, same seed same result."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from pokercore.cli import main  # noqa: E402
from pokercore.sim import SimulationError, simulate  # noqa: E402
from pokercore.sim._cluster import connect, file_specs, ship_files  # noqa: E402
from pokercore.sim._loading import load_object  # noqa: E402

AGENT = textwrap.dedent('''
    """A user's own agent class, in a file the cluster's workers do not have."""


    class Bold:
        def __init__(self, rng):
            self.rng = rng

        def __call__(self, cards):
            return bool(self.rng.random() < 0.6)
''')


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield local


def _agent_file(tmp_path, name):
    path = tmp_path / f"{name}.py"
    path.write_text(AGENT)
    return path


def test_a_worker_that_cannot_read_the_path_imports_the_shipped_copy(cluster, tmp_path):
    path = _agent_file(tmp_path, "pc_cluster_shipped")
    nowhere = tmp_path / "not" / "here" / path.name  # a path no worker can read
    with distributed.Client(cluster) as client:
        assert ship_files(client, [f"{path}:Bold", "high"]) == [str(path)]
        modules = client.run(lambda: load_object(f"{nowhere}:Bold").__module__)
    assert len(modules) == 2 and set(modules.values()) == {"pc_cluster_shipped"}


def test_without_a_shipped_copy_a_missing_file_is_still_named(tmp_path):
    with pytest.raises(SimulationError, match="there is no file"):
        load_object(f"{tmp_path / 'pc_cluster_never_shipped.py'}:Bold")


def test_a_user_agent_class_on_the_cluster_gives_the_in_process_result(cluster, tmp_path):
    spec = f"{_agent_file(tmp_path, 'pc_cluster_match')}:Bold"
    kw = {"deals": 300, "seed": 5, "chunk_size": 40, "keep_payoffs": True}
    here = simulate("toy", [spec, "high", "random"], **kw)
    with distributed.Client(cluster) as client:
        there = simulate("toy", [spec, "high", "random"], executor=client, **kw)
        dup_here = simulate("toy", [spec, "high"], duplicate=True, **kw)
        dup_there = simulate("toy", [spec, "high"], duplicate=True, executor=client, **kw)
    np.testing.assert_array_equal(here.payoffs, there.payoffs)
    np.testing.assert_array_equal(dup_here.payoffs, dup_there.payoffs)
    assert here.payoffs.any()  # the agents really played


def test_the_command_line_runs_on_a_scheduler_by_its_address(cluster, tmp_path, capsys):
    spec = f"{_agent_file(tmp_path, 'pc_cluster_cli')}:Bold"
    common = ["simulate", "toy", "--agents", spec, "high", "--deals", "250", "--seed", "9", "--no-progress"]
    assert main([*common, "--per-deal", str(tmp_path / "here.csv")]) == 0
    assert main([*common, "--per-deal", str(tmp_path / "there.csv"), "--scheduler", cluster.scheduler_address]) == 0
    here, there = (tmp_path / "here.csv").read_text(), (tmp_path / "there.csv").read_text()
    assert here == there and len(here.splitlines()) == 251  # a header and one row per deal
    capsys.readouterr()


def test_workers_and_scheduler_together_are_refused(capsys):
    code = main(["simulate", "toy", "--agents", "high", "high", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"])
    assert code == 2
    assert "--workers and --scheduler do not go together" in capsys.readouterr().err


def test_no_scheduler_at_the_address_says_how_to_start_one():
    with pytest.raises(SimulationError, match=r"no Dask scheduler answered at tcp://127\.0\.0\.1:9.*dask scheduler"):
        connect("tcp://127.0.0.1:9", timeout=1)
    with pytest.raises(SimulationError, match="an address like tcp://HOST:8786"):
        connect("127.0.0.1:8786")


def test_file_specs_are_the_files_each_once():
    assert file_specs(["a.py:x", "normal", "./a.py:y", "pkg.mod:z"]) == [file_specs(["a.py:x"])[0]]
