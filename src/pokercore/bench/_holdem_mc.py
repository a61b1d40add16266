"""Monte Carlo equity on overlapping multiway ranges: samples per second, one and two threads, in one run.

The rows time :func:`pokercore.equity.equity` with ``samples=`` on
ranges that overlap heavily (the conditional sampler runs), best of several
interleaved repeats with the garbage collector off, and the two-thread rows
against the same call on one thread measured side by side.  Each row's note
gives the effective sample size of the weighted samples and the load
average before the run (two threads only pay off on two free cores).

Run ``python -m pokercore.bench._holdem_mc [--quick]``.

Examples
--------
>>> rows = bench_rows(quick=True, samples=50_000, cases=CASES[:1], threads=(1,))
>>> rows[0].section, rows[0].rate > 0
('Monte Carlo overlap', True)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from ..equity import equity
from ._records import Row
from ._timing import best_times

__all__ = ["CASES", "GOAL_SAMPLES_PER_SECOND", "GOAL_TWO_THREADS", "SECTION", "bench_rows", "main"]

SECTION = "Monte Carlo overlap"
#: (label, players, board) of every row; the first is the goal's row (6-way overlapping ranges).
CASES = [
    ("6-way TT+,AQs+,AKo each, preflop", ["TT+,AQs+,AKo"] * 6, ""),
    ("6-way AA,KK,QQ each, flop 2c 3d 4h", ["AA,KK,QQ"] * 6, "2c 3d 4h"),
    ("10-way AA,KK,QQ,JJ,TT each, preflop", ["AA,KK,QQ,JJ,TT"] * 10, ""),
]
#: Overlapping 6-way ranges: at least this many samples per second on one thread.
GOAL_SAMPLES_PER_SECOND = 1e6
#: Two threads: at least this many times one thread (on an idle machine).
GOAL_TWO_THREADS = 1.8


def bench_rows(quick: bool = False, samples: int | None = None, cases: Sequence[tuple[str, list[str], str]] = CASES,
               threads: Sequence[int] = (1, 2)) -> list[Row]:
    """The rows of section ``"Monte Carlo overlap"``: one per case and thread count.

    Parameters
    ----------
    quick : bool
        Fewer samples and repeats.
    samples : int, optional
        Samples per call (default 2,000,000; 400,000 when quick).
    cases, threads : sequences
        What to measure (default: :data:`CASES` on 1 and 2 threads).

    Returns
    -------
    list of Row
        ``rate`` in samples per second; a two-thread row's ``ratio`` is its
        speed over the same call on one thread, measured in the same
        repeats.
    """
    n = samples or (400_000 if quick else 2_000_000)
    repeats = 3 if quick else 7
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    rows = []
    for label, players, board in cases:
        def call(w: int, players: list[str] = players, board: str = board) -> Callable[[], object]:
            return lambda: equity(players, board=board or None, samples=n, seed=1, workers=w)

        method = equity(players, board=board or None, samples=n, seed=1).method
        effective = method.split("deals, ")[-1] if "conditional" in method else "rejection sampler"
        times = best_times([call(w) for w in threads], repeats)
        for w, t in zip(threads, times):
            ratio = times[0] / t if w != threads[0] else None
            rows.append(Row(SECTION, "pokercore", f"{label}: equity(..., samples={n:,}, workers={w})", "C ext",
                            rate=n / t, seconds=t, n=n, ratio=ratio,
                            note=f"{effective}; load average {load:.1f} before the run"))
    return rows


def goals(rows: list[Row], target: Callable[..., None]) -> None:
    """The goals: 6-way overlapping ranges >= 1 M samples/s on one thread; 2 threads >= 1.8x one."""
    one = next((r for r in rows if r.section == SECTION and r.form.endswith("workers=1)")), None)
    value = one.rate if one else None
    target("Monte Carlo 6-way overlapping ranges, one thread", value, f">= {GOAL_SAMPLES_PER_SECOND / 1e6:g} M/s",
           None if value is None else value >= GOAL_SAMPLES_PER_SECOND, one.form if one else "not measured")
    two = next((r for r in rows if r.section == SECTION and r.form.endswith("workers=2)")), None)
    ratio = two.ratio if two else None
    target("Monte Carlo 6-way overlapping ranges, 2 threads vs 1", ratio, f">= {GOAL_TWO_THREADS:g}x",
           None if ratio is None else ratio >= GOAL_TWO_THREADS, two.note if two else "not measured")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokercore.bench._holdem_mc [--quick]``: print the rows."""
    p = argparse.ArgumentParser(prog="pokercore.bench._holdem_mc", description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="fewer samples and repeats")
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    for r in bench_rows(quick=args.quick):
        ratio = f"{r.ratio:5.2f}x" if r.ratio is not None else "     -"
        print(f"{r.form:<78} {r.rate or 0:14,.0f} samples/s  {ratio}  {r.note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
