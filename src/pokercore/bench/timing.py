"""The clock: best-of-repeats wall time, taken round-robin over every row.

>>> from pokercore.bench.model import Settings
>>> [t > 0 for t in time_interleaved([lambda: sum(range(100)), lambda: None],
...                                  Settings(min_time=0.001, repeats=2))]
[True, True]
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence

from .model import Pending, Settings

__all__ = ["time_interleaved", "time_pending"]


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
