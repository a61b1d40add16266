"""Where the chunks of a match run: in this process, in a process pool, or on any executor (Dask too).

:func:`run_chunks` hands chunks out a few at a time and yields their
payoff blocks in chunk order, so memory holds at most ``limit`` blocks
(``2 * workers`` by default) whatever the number of deals.  When a chunk
fails, the chunks before it still running are waited for, so the failure
reported is the earliest one, the same one whatever runs the chunks.

An executor is a :class:`concurrent.futures.Executor` (a thread or process
pool, ``dask.distributed.Client.get_executor()``) or a Dask ``Client``
itself, whose ``get_executor()`` is then used.

Examples
--------
>>> from concurrent.futures import ThreadPoolExecutor
>>> from pokercore.sim._chunks import Chunk
>>> chunks = [Chunk("toy", ("always", "high"), ("always", "high"), 1, k, 5, 5, False, (), None) for k in range(3)]
>>> with ThreadPoolExecutor(2) as pool:
...     [b.shape for b in run_chunks(iter(chunks), workers=1, executor=pool)]
[(5, 2), (5, 2), (5, 2)]
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

import numpy as np

from ._chunks import Chunk, run_chunk
from ._errors import SimulationError
from ._progress import Reporter

__all__ = ["as_executor", "effective_workers", "run_chunks"]


def effective_workers(workers: int, n_chunks: int) -> int:
    """Processes a pool really gets: ``min(workers, n_chunks, os.cpu_count())``.

    >>> effective_workers(64, 1)
    1
    """
    return max(1, min(int(workers), int(n_chunks), os.cpu_count() or 1))


def as_executor(executor: Any) -> tuple[Any, int]:
    """The executor to submit to and its default number of chunks in flight.

    A Dask ``Client`` (anything with ``get_executor()`` that is not an
    Executor) gives its ``get_executor()`` and twice its worker threads; an
    Executor gives itself and twice its ``_max_workers`` (64 if unknown).
    """
    if not isinstance(executor, Executor) and callable(getattr(executor, "get_executor", None)):
        threads = 32
        try:
            threads = sum(executor.nthreads().values()) or threads
        except Exception:  # not a dask Client after all, or no workers yet
            pass
        return executor.get_executor(), 2 * int(threads)
    if not callable(getattr(executor, "submit", None)):
        raise SimulationError(f"executor must be a concurrent.futures.Executor or a dask.distributed.Client, "
                              f"got {type(executor).__name__}")
    return executor, 2 * int(getattr(executor, "_max_workers", 32) or 32)


def run_chunks(chunks: Iterator[Chunk], *, workers: int, executor: Any = None, limit: int | None = None,
               reporter: Reporter | None = None) -> Iterator[np.ndarray]:
    """Play ``chunks`` and yield their payoff blocks in chunk order.

    ``executor`` None: in this process if ``workers`` is 1, else in a
    process pool of ``workers`` processes that is ended at once (not waited
    for) when the run fails or is interrupted.
    """
    if executor is None and workers == 1:
        for c in chunks:
            block = run_chunk(c)
            if reporter is not None:
                reporter.update(c.deals)
            yield block
        return
    if executor is None:
        pool = ProcessPoolExecutor(max_workers=workers)
        try:
            yield from _run_on(pool, chunks, limit or 2 * workers, reporter)
        except BaseException:
            stop_pool(pool)  # do not wait for the other chunks (an agent there may hang)
            raise
        pool.shutdown()
        return
    target, default = as_executor(executor)
    yield from _run_on(target, chunks, limit or default, reporter)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the worker processes now."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for proc in procs:
        try:
            proc.terminate()
        except Exception:  # pragma: no cover - already gone
            pass
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.join(5)


def _submit(executor: Any, chunk: Chunk) -> Future[np.ndarray]:
    fut = executor.submit(run_chunk, chunk)
    if not isinstance(fut, Future):
        if callable(getattr(fut, "cancel", None)):
            fut.cancel()
        raise SimulationError(
            f"the executor's submit() returned a {type(fut).__module__}.{type(fut).__name__}, not a "
            "concurrent.futures.Future: pass a concurrent.futures.Executor (for Dask, the Client or "
            "client.get_executor())"
        )
    return fut


def _run_on(executor: Any, chunks: Iterator[Chunk], limit: int, reporter: Reporter | None) -> Iterator[np.ndarray]:
    """Run ``chunks`` on ``executor``, at most ``limit`` submitted or waiting to be yielded; blocks in chunk order."""
    limit = max(1, int(limit))
    pending: dict[Future[np.ndarray], Chunk] = {}
    done: dict[int, np.ndarray] = {}
    failure: tuple[int, BaseException] | None = None
    following = 0  # the index of the next block to yield

    def submit_more() -> None:
        while failure is None and len(pending) + len(done) < limit:
            c = next(chunks, None)
            if c is None:
                return
            pending[_submit(executor, c)] = c

    try:
        submit_more()
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                c = pending.pop(fut)
                try:
                    block = fut.result()
                except BrokenExecutor as exc:
                    raise SimulationError(
                        f"a worker process died while playing deals {c.first_deal}-{c.first_deal + c.deals - 1} "
                        f"(an agent may have crashed or called os._exit): {exc}"
                    ) from None
                except BaseException as exc:  # an agent's failure (or Ctrl-C) in that chunk
                    if failure is None or c.index < failure[0]:
                        failure = (c.index, exc)
                    continue
                done[c.index] = block
                if reporter is not None:
                    reporter.update(c.deals)
            if failure is not None:
                for fut in [f for f, c in pending.items() if c.index > failure[0]]:
                    fut.cancel()
                    del pending[fut]
            while following in done:
                yield done.pop(following)
                following += 1
            submit_more()
        if failure is not None:
            raise failure[1]
    finally:
        for fut in pending:
            fut.cancel()
