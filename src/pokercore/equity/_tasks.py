"""Running the units of an equity run on threads, and stopping them at once when asked.

Each task is a call of a nogil kernel over a bounded run of units.  The
kernels poll a stop flag (an int32 in a numpy array) every few thousand
samples or boards, and run Python's signal handlers when they run on the
main thread, so:

- with one worker the tasks run on the calling thread, and Ctrl-C raises
  ``KeyboardInterrupt`` out of the kernel within milliseconds;
- with several, the calling thread waits for the results in order; when
  anything goes wrong there (Ctrl-C, a ``progress`` callback that raises, a
  task that fails) it sets the flag, cancels the tasks not started and
  waits for the running ones, which stop at their next poll.  Nothing
  keeps working in the background after :func:`run_tasks` returns or
  raises.

>>> run_tasks(lambda i, stop, signals: i * i, 4, workers=2, report=None)
[0, 1, 4, 9]
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from math import floor
from typing import Any, TypeVar

import numpy as np

__all__ = ["EXACT_TASKS", "Task", "as_executor", "exact_run", "progress_reporter", "run_on_executor", "run_tasks"]

#: Exact runs of several deals are split into at most this many tasks (by deal), whatever the workers.
EXACT_TASKS = 64

T = TypeVar("T")
#: ``task(i, stop, signals)``: task ``i``; ``stop`` the flag array to hand to the kernel;
#: ``signals`` True when the kernel should run the signal handlers (the main thread).
Task = Callable[[int, Any, bool], T]


def _duration(seconds: float) -> str:
    """``"16 h 33 min"``: a duration in its two largest units (seconds rounded).

    >>> _duration(59602.75), _duration(62), _duration(9), _duration(999900)
    ('16 h 33 min', '1 min 2 s', '9 s', '11 d 13 h')
    """
    s = max(0, round(seconds))
    d, s = divmod(s, 86_400)
    h, s = divmod(s, 3_600)
    m, s = divmod(s, 60)
    if d:
        return f"{d} d {h} h"
    if h:
        return f"{h} h {m} min"
    return f"{m} min {s} s" if m else f"{s} s"


def _share(done: int, total: int) -> str:
    """``done / total`` as a percentage that is not rounded up to 100% or down to 0% while under way."""
    pct = 100 * done / total
    if done == total:
        return "100%"
    digits = 3 if pct < 1 else 1 if pct < 10 else 0
    return f"{floor(pct * 10**digits) / 10**digits:.{digits}f}%"


class _Printer:
    """``progress=True``: one line on stderr, rewritten in place, ended even when the run stops.

    The line says the units done, the share, and the time left at the pace so far (the whole
    time once done).  ``clock`` is the time source (seconds; :func:`time.monotonic`).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.open = False
        self._clock = clock
        self._start = clock()
        self._width = 0

    def __call__(self, done: int, total: int) -> None:
        self.open = done != total
        elapsed = self._clock() - self._start
        line = f"equity: {done:,}/{total:,} units ({_share(done, total)})"
        if not self.open:
            line += f" in {_duration(elapsed)}"
        elif done > 0 and elapsed > 0:
            line += f", about {_duration((total - done) * elapsed / done)} left"
        end = "" if self.open else "\n"
        pad = " " * max(0, self._width - len(line))  # clear what a longer line before left
        self._width = len(line)
        print(f"\r{line}{pad}", end=end, file=sys.stderr, flush=True)

    def stopped(self) -> None:
        if self.open:
            self.open = False
            print(file=sys.stderr, flush=True)


def progress_reporter(progress: object) -> Callable[[int, int], None] | None:
    """None for no progress, the callable itself, or a printer to stderr for ``True``."""
    if progress is None or progress is False:
        return None
    if callable(progress):
        return progress
    return _Printer()


def _join(pool: ThreadPoolExecutor, pending: dict[int, Future[Any]], stop: Any) -> KeyboardInterrupt | None:
    """Cancel the tasks not started and wait for the running ones; a second Ctrl-C does not abandon them.

    Returns the ``KeyboardInterrupt`` that came during the wait, if any (the running tasks stop at
    their next poll once the flag is set, so the wait is short).  The wait is on the futures, not on
    ``Thread.join``, which an interrupt can end early on some Python versions.
    """
    for f in pending.values():
        f.cancel()
    late = None
    while True:
        try:
            wait(pending.values())
            pool.shutdown(wait=True)
            return late
        except KeyboardInterrupt as exc:
            stop[0] = 1
            late = exc


def run_tasks(task: Task[T], n_tasks: int, workers: int, report: Callable[[int, int], None] | None) -> list[T]:
    """``[task(i, stop, signals) for i in range(n_tasks)]``, on ``workers`` threads; see the module docs."""
    stop = np.zeros(1, dtype=np.int32)
    on_main = threading.current_thread() is threading.main_thread()
    results: list[T] = []
    try:
        if workers <= 1 or n_tasks <= 1:
            for i in range(n_tasks):
                results.append(task(i, stop, on_main))
                if report:
                    report(i + 1, n_tasks)
            return results
        return _run_pool(task, n_tasks, workers, report, stop)
    except BaseException:
        if isinstance(report, _Printer):
            report.stopped()
        raise


def _run_pool(task: Task[T], n_tasks: int, workers: int, report: Callable[[int, int], None] | None,
              stop: Any) -> list[T]:
    results: list[T] = []
    pool = ThreadPoolExecutor(max_workers=min(workers, n_tasks), thread_name_prefix="pokercore-equity")
    pending: dict[int, Future[T]] = {}
    submitted = 0
    try:
        # A window of tasks in flight: a run of a billion samples does not queue thousands of futures.
        while submitted < min(n_tasks, 2 * workers):
            pending[submitted] = pool.submit(task, submitted, stop, False)
            submitted += 1
        for i in range(n_tasks):
            results.append(pending.pop(i).result())
            if submitted < n_tasks:
                pending[submitted] = pool.submit(task, submitted, stop, False)
                submitted += 1
            if report:
                report(i + 1, n_tasks)
    except BaseException:
        stop[0] = 1  # the running kernels stop at their next poll
        _join(pool, pending, stop)
        raise
    late = _join(pool, pending, stop)
    if late is not None:  # Ctrl-C while the last tasks were being joined: it still stops the caller
        raise late
    return results


def as_executor(executor: object) -> Any:
    """``executor`` itself (anything with ``submit``), or a Dask ``Client``'s ``get_executor()``."""
    if not callable(getattr(executor, "submit", None)) or callable(getattr(executor, "upload_file", None)):
        get = getattr(executor, "get_executor", None)
        if callable(get):
            return get()
    if not callable(getattr(executor, "submit", None)):
        from ..errors import PokercoreTypeError

        raise PokercoreTypeError(f"executor must be a concurrent.futures.Executor or a dask.distributed.Client, "
                                 f"got {type(executor).__name__}")
    return executor


def run_on_executor(executor: Any, fn: Callable[..., T], calls: list[tuple[Any, ...]],
                    report: Callable[[int, int], None] | None, in_flight: int = 16) -> list[T]:
    """``[fn(*args) for args in calls]`` on ``executor`` (a process pool, a Dask cluster), in order.

    At most ``in_flight`` calls are submitted at a time; when anything goes
    wrong (a failed call, Ctrl-C, a ``report`` that raises) the calls not
    started are cancelled before the exception propagates.  A call already
    running elsewhere finishes there (its answer is dropped).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run_on_executor(pool, pow, [(2, k) for k in range(5)], None)
    [1, 2, 4, 8, 16]
    """
    pending: dict[int, Future[T]] = {}
    results: list[T] = []
    submitted = 0
    try:
        for i in range(len(calls)):
            while submitted < len(calls) and submitted < i + in_flight:
                pending[submitted] = executor.submit(fn, *calls[submitted])
                submitted += 1
            results.append(pending.pop(i).result())
            if report:
                report(i + 1, len(calls))
    except BaseException:
        for f in pending.values():
            f.cancel()
        if isinstance(report, _Printer):
            report.stopped()
        raise
    return results


def exact_run(holes: Any, weights: Any, board: Any, dead_mask: int, workers: int,
              report: Callable[[int, int], None] | None, executor: Any = None,
              classes: tuple[Any, Any] | None = None) -> tuple[Any, float]:
    """The weighted ``(4, P)`` counts and the weighted number of boards of an exact run over ``holes``' deals.

    The answer does not depend on ``workers`` or the executor, bit for bit:
    one deal runs as one task (it takes under a millisecond, less than
    starting a thread: on the calling thread, or on the executor); several
    deals are split into :data:`EXACT_TASKS` tasks by deal whatever the
    workers, and their float counts summed in task order.  ``classes``
    (:func:`pokercore.equity._exact_plan.deal_classes`): one enumeration for
    each class of deals alike up to suits (the tasks split the classes'
    representatives), every deal then weighed with its class's counts in
    the same units: the same floats.

    >>> import numpy as np
    >>> holes = np.array([[51, 47, 41, 40]], dtype=np.uint8)  # AsKs vs QdQc, every board
    >>> counts, boards = exact_run(holes, np.ones(1), np.zeros(0, np.uint8), 0, 2, None)
    >>> boards, counts[0].tolist()
    (1712304.0, [787966.0, 917606.0])
    """
    from . import _equity

    m = len(holes)
    if m == 1:
        if executor is None:
            pieces = run_tasks(lambda i, stop, signals: _equity.deal_counts(holes, board, dead_mask), 1, 1, report)
        else:
            pieces = run_on_executor(executor, _deal_task, [(holes, board, dead_mask)], report)
        win, tie, tcount = pieces[0]
        counts, total = _equity.weigh_counts(win, tie, tcount, float(weights[0]))
        return counts, float(total)
    n_units = min(m, EXACT_TASKS)
    cuts = [m * i // n_units for i in range(n_units + 1)]
    if classes is not None:
        return _exact_by_class(holes, weights, board, dead_mask, cuts, classes, workers, report, executor)
    units = [(holes, weights, board, dead_mask, cuts[i], cuts[i + 1]) for i in range(n_units)]
    if executor is None:
        parts_ = run_tasks(lambda i, stop, signals: _equity.exact_unit(*units[i], 1, stop, signals),
                           n_units, workers, report)
    else:
        parts_ = run_on_executor(executor, _exact_task, units, report)
    return _sum_parts(parts_)


def _exact_by_class(holes: Any, weights: Any, board: Any, dead_mask: int, cuts: list[int],
                    classes: tuple[Any, Any], workers: int, report: Callable[[int, int], None] | None,
                    executor: Any = None) -> tuple[Any, float]:
    """One enumeration per class of deals alike up to suits (the representatives split into tasks, on threads or
    on the executor); then every deal weighed in order, by the same units as :func:`exact_run`'s (so the floats
    are those of enumerating every deal, bit for bit: the classes' counts are integers, wherever counted)."""
    from . import _deals

    reps, cls = classes
    n = len(reps)
    n_tasks = min(n, EXACT_TASKS)
    calls = [(reps[n * i // n_tasks:n * (i + 1) // n_tasks], board, dead_mask) for i in range(n_tasks)]
    if executor is None:
        rows = run_tasks(lambda i, stop, signals: _class_task(*calls[i], stop, signals), n_tasks, workers, report)
    else:
        rows = run_on_executor(executor, _class_task, calls, report)
    if any(r is None for r in rows):  # pragma: no cover - a stopped run raises in run_tasks first
        raise RuntimeError("exact run stopped")
    out = np.concatenate(rows)
    return _sum_parts([_deals.weigh_classes(out, cls, weights, cuts[i], cuts[i + 1]) for i in range(len(cuts) - 1)])


def _sum_parts(parts_: list[tuple[Any, float]]) -> tuple[Any, float]:
    """The float counts and boards of the parts, summed in part order (as the answer always was)."""
    counts = parts_[0][0]
    for p in parts_[1:]:
        counts = counts + p[0]
    return counts, float(sum(p[1] for p in parts_))


def _class_task(reps: Any, board: Any, dead_mask: int, stop: Any = None, signals: bool = False) -> Any:
    """The integer counts of some classes' representatives, or None if stopped (on a thread, or where an
    executor runs it: a module-level function pickles by name)."""
    from . import _deals

    P = reps.shape[1] // 2
    out = np.zeros((len(reps), P * (P + 1)), dtype=np.int64)
    done = _deals.class_counts(np.ascontiguousarray(reps), board, dead_mask, out, 0, len(reps), stop, signals)
    return out if done else None


def _deal_task(*args: Any) -> Any:
    """One deal where an executor runs it (a module-level function: it pickles by name)."""
    from . import _equity

    return _equity.deal_counts(*args)


def _exact_task(holes: Any, weights: Any, board: Any, dead_mask: int, a_lo: int, a_hi: int) -> Any:
    """Deals ``a_lo..a_hi-1`` where an executor runs them (a module-level function: it pickles by name)."""
    from . import _equity

    return _equity.exact_unit(holes, weights, board, dead_mask, a_lo, a_hi, 1, None, False)
