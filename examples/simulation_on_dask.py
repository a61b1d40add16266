"""Run the same seeded Binh match in-process and on a (local) Dask cluster: identical results.

On a real cluster, connect with ``Client("tcp://scheduler:8786")`` instead of
starting a ``LocalCluster``; nothing else changes.  ``simulate`` takes the
Client itself (or ``client.get_executor()``).  Needs the ``dask`` extra
(``pip install ".[dask]"`` from a clone).
"""

import numpy as np
from distributed import Client, LocalCluster

from pokercore.sim import simulate

GAME, AGENTS = "binh", ["normal", "easy", "easy", "strongest"]

if __name__ == "__main__":
    local = simulate(GAME, AGENTS, deals=1000, seed=7, keep_payoffs=True)
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster) as client:
        remote = simulate(GAME, AGENTS, deals=1000, seed=7, executor=client, keep_payoffs=True)
    print(remote.table())
    print("identical to the in-process run:", np.array_equal(local.payoffs, remote.payoffs))
