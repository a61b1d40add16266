"""Monte Carlo on two threads against the machine's own ceiling: two processes running one thread each.

``equity(..., workers=2)`` splits a run's seeded units over two threads.
What two threads can gain depends on the machine (shared caches, clock
boost with one core busy, other tenants of a virtual machine), so this
script measures three things in alternation, ``--rounds`` times:

- one thread: ``equity(["AsKs", "QQ+,AKs,AKo"], samples=N, workers=1)``;
- two threads: the same with ``workers=2``;
- two processes: two interpreters each running the one-thread call from
  the same moment, timed until the later one is done: what two
  independent cores give with no sharing between the runs at all.

If two threads reach what two processes reach, the threads lose nothing to
each other, and what is left between them and 2x is the machine's.

    python benchmarks/mc_scaling.py [--samples 16000000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

HERO, VILLAIN = "AsKs", "QQ+,AKs,AKo"


def seconds(workers: int, samples: int) -> float:
    """Wall time of one seeded run."""
    from pokercore.equity import equity

    t0 = time.perf_counter()
    equity([HERO, VILLAIN], samples=samples, workers=workers, seed=1)
    return time.perf_counter() - t0


def two_processes(samples: int) -> float:
    """Samples/s of two interpreters that start the one-thread run at the same moment: both runs' samples over
    the time until the later one is done (as the two threads are timed: until the whole run is done)."""
    go = time.time() + 1.5  # both have imported pokercore by then
    here = os.path.dirname(os.path.abspath(__file__))
    code = (f"import sys, time; sys.path[:0] = [{here!r}]; import mc_scaling as m; m.seconds(1, 1000)\n"
            f"while time.time() < {go!r}: time.sleep(0.001)\n"
            f"m.seconds(1, {samples}); print(time.time() - {go!r})")
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True) for _ in range(2)]
    return 2 * samples / max(float(p.communicate()[0]) for p in procs)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--samples", type=int, default=16_000_000, help="samples of every run (default 16,000,000)")
    p.add_argument("--rounds", type=int, default=5, help="rounds of the three measurements (default 5)")
    args = p.parse_args()
    seconds(2, args.samples // 4)  # warm up: tables paged in, the pool's code imported
    runs: dict[str, list[float]] = {"one thread": [], "two threads": [], "two processes": []}
    for _ in range(args.rounds):
        runs["one thread"].append(args.samples / seconds(1, args.samples))
        runs["two threads"].append(args.samples / seconds(2, args.samples))
        runs["two processes"].append(two_processes(args.samples))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"equity([{HERO!r}, {VILLAIN!r}], samples={args.samples:,}); {os.cpu_count()} CPUs; "
          f"best and median of {args.rounds} rounds; load average {load:.1f} after")
    best = {k: max(v) for k, v in runs.items()}
    median = {k: sorted(v)[len(v) // 2] for k, v in runs.items()}
    for k, v in runs.items():
        print(f"  {k:14} best {best[k] / 1e6:6.1f} M/s  median {median[k] / 1e6:6.1f} M/s  "
              f"runs {', '.join(f'{x / 1e6:.1f}' for x in v)}")
    one = best["one thread"]
    print(f"two threads vs one: {best['two threads'] / one:.2f}x (best), "
          f"{median['two threads'] / median['one thread']:.2f}x (median)")
    print(f"two processes vs one thread (the machine's ceiling): {best['two processes'] / one:.2f}x (best), "
          f"{median['two processes'] / median['one thread']:.2f}x (median)")
    print(f"two threads vs two processes: {best['two threads'] / best['two processes']:.2f}x (best)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
