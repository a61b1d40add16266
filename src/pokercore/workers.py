"""The ``workers=`` argument of pokercore's batch functions: threads over the nogil kernels.

Every batch function that takes ``workers=`` (the evaluators' batch forms,
the Binh batch search and special-hand functions) reads it with
:func:`check_workers` and runs its kernel with :func:`run_rows`, so the
argument means the same everywhere:

* ``workers=1`` (the default): the calling thread does all the work.
* ``workers=k`` (an int >= 1): up to ``k`` threads, the calling thread
  included.  The kernels release the GIL, so the threads run on separate
  cores.  The rows are cut into contiguous ranges, taken in order by the
  threads; each range writes its own rows of the result, so the answers are
  the same whatever the number of threads (and so is any error: the input
  is judged once, before the split, or after it by the same rules).
* ``workers=None``: one thread per core this process may run on
  (:func:`available_cores`).

A bool, a float, a string or ``0`` is refused (a
:class:`~pokercore.errors.PokercoreTypeError` or
:class:`~pokercore.errors.PokercoreValueError` naming ``workers``); numpy
integers are accepted.  Small batches run on the calling thread only: a
thread is worth starting only for enough rows to keep it busy.

The threads come from one pool per process, created on first use and kept
(a process made by ``fork`` creates its own).  :func:`run_parts` is the
general form (any list of argument tuples, results in order) for other
nogil work.

Examples
--------
>>> check_workers(2, "evaluate7_batch")
2
>>> check_workers(None, "evaluate7_batch") == available_cores()
True
>>> run_rows(lambda start, stop: (start, stop), 10, 3)
[(0, 10)]
>>> run_rows(lambda start, stop: (start, stop), 10, 3, min_rows=1, chunks_per_worker=1)
[(0, 4), (4, 7), (7, 10)]
>>> check_workers(0, "evaluate7_batch")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.errors.PokercoreValueError: evaluate7_batch: workers must be an int >= 1 or None (every core), got 0
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .errors import PokercoreTypeError, PokercoreValueError, cut

__all__ = ["available_cores", "check_workers", "row_ranges", "run_parts", "run_rows"]

_T = TypeVar("_T")


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the system has one), at least 1.

    >>> available_cores() >= 1
    True
    """
    count = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if count is not None:
        return max(1, count() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def check_workers(workers: object, name: str) -> int:
    """``workers`` as a number of threads: an int >= 1, or None for :func:`available_cores`.

    Parameters
    ----------
    workers : int or None
        What the caller passed.
    name : str
        The caller's name, at the start of every message.

    Raises
    ------
    PokercoreTypeError
        Not an integer (a bool, a float, a string, ...).
    PokercoreValueError
        An integer below 1.

    Examples
    --------
    >>> import numpy as np
    >>> check_workers(np.int64(3), "f")
    3
    >>> check_workers(True, "f")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokercore.errors.PokercoreTypeError: f: workers must be an int >= 1 or None (every core), got bool True
    """
    if workers is None:
        return available_cores()
    np_ = sys.modules.get("numpy")
    index = getattr(type(workers), "__index__", None)
    if isinstance(workers, bool) or (np_ is not None and isinstance(workers, np_.bool_)) or index is None:
        raise PokercoreTypeError(
            f"{name}: workers must be an int >= 1 or None (every core), got {type(workers).__name__} {cut(workers)}"
        )
    value = index(workers)
    if type(value) is not int:  # an __index__ giving a bool or another int subclass
        if isinstance(value, bool) or not isinstance(value, int):
            raise PokercoreTypeError(f"{name}: workers must be an int >= 1 or None (every core), got {cut(workers)}")
        value = int(value)
    if value < 1:
        raise PokercoreValueError(f"{name}: workers must be an int >= 1 or None (every core), got {value}")
    return value


def row_ranges(n: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` contiguous ``(start, stop)`` ranges covering ``0..n`` in order, sizes differing by at most one.

    >>> row_ranges(10, 3)
    [(0, 4), (4, 7), (7, 10)]
    """
    parts = max(1, min(parts, n)) if n > 0 else 1
    size, extra = divmod(n, parts)
    ranges, start = [], 0
    for i in range(parts):
        stop = start + size + (1 if i < extra else 0)
        ranges.append((start, stop))
        start = stop
    return ranges


# One pool a process, created on first use and kept: starting threads for every call
# would cost more than a small batch takes.  A forked child has none of the parent's
# threads, so it makes its own pool (the pid tells).
_pool_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_pool_pid = 0
_pool_size = 0


def _executor(threads: int) -> ThreadPoolExecutor:
    global _pool, _pool_pid, _pool_size
    with _pool_lock:
        pid = os.getpid()
        if _pool is None or _pool_pid != pid or _pool_size < threads:
            old = _pool if _pool_pid == pid else None
            _pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="pokercore-worker")
            _pool_pid, _pool_size = pid, threads
            if old is not None:
                old.shutdown(wait=False)  # its idle threads end; running work finishes
        return _pool


class _Parts:
    """The shared state of one :func:`run_parts` call: the next part to take, results, errors."""

    def __init__(self, func: Callable[..., Any], parts: Sequence[tuple[Any, ...]],
                 on_done: Callable[[int, int], None] | None) -> None:
        self.func, self.parts, self.on_done = func, parts, on_done
        self.results: list[Any] = [None] * len(parts)
        self.errors: list[tuple[int, BaseException]] = []
        self.next = self.done = 0
        self.cond = threading.Condition()

    def work(self) -> None:
        """Take parts until none is left (a thread that starts late finds none and returns)."""
        total = len(self.parts)
        while True:
            with self.cond:
                i = self.next
                if i >= total or self.errors:
                    return
                self.next += 1
            try:
                result, error = self.func(*self.parts[i]), None
            except BaseException as exc:  # handed to the caller, raised there
                result, error = None, exc
            with self.cond:
                self.results[i] = result
                if error is not None:
                    self.errors.append((i, error))
                self.done += 1
                if self.on_done is not None and error is None:
                    self.on_done(self.done, total)
                self.cond.notify_all()

    def wait(self) -> None:
        """Until every part taken has finished (parts never taken, after an error, do not count)."""
        with self.cond:
            while self.done < self.next:
                self.cond.wait()


def run_parts(func: Callable[..., _T], parts: Sequence[tuple[Any, ...]], workers: int,
              on_done: Callable[[int, int], None] | None = None) -> list[_T]:
    """``[func(*part) for part in parts]`` on up to ``workers`` threads (this one included), in order.

    The threads take the parts in order, one at a time, until none is left;
    this thread works too and returns when every part is done.  ``func``
    should release the GIL for its work (a nogil kernel), or the threads
    only take turns.  If a call raises, no further part is started and the
    exception of the first failing part is raised here.  ``on_done(done,
    total)``, if given, is called after each part (under a lock, from the
    thread that finished it).

    >>> run_parts(pow, [(2, 3), (3, 2), (10, 0)], workers=2)
    [8, 9, 1]
    """
    if not parts:
        return []
    state = _Parts(func, parts, on_done)
    threads = min(workers, len(parts))
    if threads > 1:
        pool = _executor(threads - 1)
        for _ in range(threads - 1):
            pool.submit(state.work)
    state.work()
    state.wait()
    if state.errors:
        raise min(state.errors, key=lambda e: e[0])[1]
    return state.results


def run_rows(job: Callable[[int, int], _T], n: int, workers: int, *, min_rows: int = 1 << 14,
             chunks_per_worker: int = 4) -> list[_T]:
    """``job(start, stop)`` over contiguous ranges covering rows ``0..n``, on up to ``workers`` threads; in order.

    Parameters
    ----------
    job : callable
        Does rows ``start .. stop - 1`` (a nogil kernel writing its own rows
        of the result) and returns anything.
    n : int
        The number of rows.
    workers : int
        Threads (from :func:`check_workers`).
    min_rows : int, default 16384
        The fewest rows worth a range of their own: fewer than twice this
        many rows run as one call ``job(0, n)`` on this thread.
    chunks_per_worker : int, default 4
        Ranges per thread (smaller ranges even out threads that run at
        different speeds on a busy machine).

    Returns
    -------
    list
        ``job``'s results, range by range in row order.
    """
    parts = 1 if workers <= 1 else min(workers * chunks_per_worker, n // max(1, min_rows))
    if parts <= 1:
        return [job(0, n)]
    return run_parts(job, row_ranges(n, parts), workers)
