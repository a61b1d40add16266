"""A match on a Dask cluster: connect to a scheduler, ship the agents' own files to its workers.

The workers of a cluster on other machines cannot read a file named on the
command line (``myagent.py:agent``).  :func:`ship_files` uploads each such
file with ``Client.upload_file``, which puts it on every worker's import
path; a worker that then cannot find the file at the given path imports the
shipped module of the same name instead (see :mod:`~pokercore.sim._loading`).
:func:`~pokercore.sim.simulate` ships them itself when it is given a Dask
``Client``, and ``pokercore simulate --scheduler tcp://HOST:PORT`` connects
with :func:`connect`.

Every worker needs pokercore (and numpy) installed, the same version as the
machine that submits: a chunk is plain data, its agents are named by text
and built on the worker.

Examples
--------
>>> file_specs(["normal", "/tmp/my_agent.py:Agent", "mypkg.bots:bot"])
['/tmp/my_agent.py']
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ._errors import SimulationError
from ._loading import is_file_spec
from ._optional_packages import require
from ._seated_agents import short

__all__ = ["connect", "file_specs", "ship_files"]

CONNECT_TIMEOUT_S = 10


def file_specs(specs: Iterable[object]) -> list[str]:
    """The files named by ``path/to/file.py:name`` specs, each once, in order."""
    out: list[str] = []
    for spec in specs:
        if isinstance(spec, str) and is_file_spec(spec):
            path = str(Path(spec.rpartition(":")[0]).expanduser().resolve())
            if path not in out:
                out.append(path)
    return out


def is_dask_client(executor: object) -> bool:
    """Whether ``executor`` is a Dask ``Client`` (it can ship files to its workers)."""
    return callable(getattr(executor, "upload_file", None)) and callable(getattr(executor, "get_executor", None))


def ship_files(client: Any, specs: Iterable[object]) -> list[str]:
    """Upload the files that ``specs`` name to every worker of ``client``; return their paths."""
    paths = file_specs(specs)
    for path in paths:
        if not Path(path).is_file():
            raise SimulationError(f"cannot ship {path} to the cluster's workers: there is no such file")
        try:
            client.upload_file(path, load=False)
        except TypeError:  # an older distributed without load=
            client.upload_file(path)
        except Exception as exc:
            raise SimulationError(f"cannot ship {path} to the cluster's workers: {short(exc)}") from None
    return paths


def connect(address: str, timeout: float = CONNECT_TIMEOUT_S) -> Any:
    """A ``dask.distributed.Client`` of the scheduler at ``address`` (``tcp://HOST:PORT``).

    Refused with a :class:`SimulationError` that says what to do when the
    dask extra is missing or no scheduler answers within ``timeout`` seconds.
    """
    client_class: Any = require("distributed", "dask", "--scheduler").Client

    if "://" not in address:
        raise SimulationError(f"--scheduler needs an address like tcp://HOST:8786, got {address!r}")
    try:
        return client_class(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise SimulationError(
            f"no Dask scheduler answered at {address} within {timeout:g} s ({short(exc)}); start one with "
            "'dask scheduler' and its workers with 'dask worker tcp://HOST:8786' (each with pokercore installed)"
        ) from None
