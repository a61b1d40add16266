"""The clock: best-of-repeats wall time, taken round-robin over every row.

>>> from pokercore.bench import Settings
>>> [t > 0 for t in time_interleaved([lambda: sum(range(100)), lambda: None],
...                                  Settings(min_time=0.001, repeats=2))]
[True, True]
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence

from ._records import Pending, Settings

__all__ = ["best_times", "paired_scaling", "time_interleaved", "time_pending"]


def time_interleaved(runs: Sequence[Callable[[], object]], settings: Settings) -> list[float]:
    """Best wall time of one call of each ``run``, the repeats taken round-robin.

    Each run is first calibrated to a loop count lasting ``settings.min_time``;
    then ``settings.repeats`` rounds time every run once in turn, so that a
    burst of load from other processes on a shared machine lands on several
    rows rather than spoiling every repeat of one.  The garbage collector is
    off while timing (as in :mod:`timeit`).
    """
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        loops: list[int] = []
        best: list[float] = []
        for run in runs:
            n = 1
            while True:
                t0 = time.perf_counter()
                for _ in range(n):
                    run()
                elapsed = time.perf_counter() - t0
                if elapsed >= settings.min_time:
                    break
                n *= 2 if elapsed <= 0 else max(2, min(10, int(settings.min_time / elapsed * 1.2) + 1))
            loops.append(n)
            best.append(elapsed / n)
        for _ in range(settings.repeats - 1):
            for i, run in enumerate(runs):
                n = loops[i]
                t0 = time.perf_counter()
                for _ in range(n):
                    run()
                best[i] = min(best[i], (time.perf_counter() - t0) / n)
        return best
    finally:
        if gc_was_on:
            gc.enable()


def time_pending(pending: Pending, settings: Settings) -> None:
    """Time every pending row in one interleaved pass; set its ``seconds`` and ``rate``."""
    times = time_interleaved([run for _, run in pending], settings)
    for (row, _), seconds in zip(pending, times):
        row.seconds = seconds
        if seconds:
            row.rate = row.n / seconds


def paired_scaling(one: Callable[[], object], two: Callable[[], object], rounds: int) -> tuple[float, float, float]:
    """Median seconds of ``one`` and ``two`` and the median of their ratio, run back to back each round.

    A shared machine's speed drifts within seconds (another tenant, the
    clock); a ratio of two runs side by side, then the median over rounds,
    is what drifts least.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        one(), two()  # warm: the pool's threads, the tables in cache
        a, b, ratios = [], [], []
        for _ in range(rounds):
            t0 = time.perf_counter()
            one()
            t1 = time.perf_counter()
            two()
            t2 = time.perf_counter()
            a.append(t1 - t0)
            b.append(t2 - t1)
            ratios.append((t1 - t0) / (t2 - t1))
        return statistics.median(a), statistics.median(b), statistics.median(ratios)
    finally:
        if was_on:
            gc.enable()


def best_times(funcs: Sequence[Callable[[], object]], repeats: int) -> list[float]:
    """Best wall time of each function, the repeats interleaved round-robin, the garbage collector off."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        best = [float("inf")] * len(funcs)
        for _ in range(repeats):
            for i, f in enumerate(funcs):
                t0 = time.perf_counter()
                f()
                best[i] = min(best[i], time.perf_counter() - t0)
        return best
    finally:
        if was_on:
            gc.enable()
