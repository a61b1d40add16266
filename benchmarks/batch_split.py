"""Where a batch call's time goes (the row check, the kernel loop), and what ``workers=2`` gives.

    python benchmarks/batch_split.py              # 10M hands a kind, best of 7
    python benchmarks/batch_split.py --hands 2000000 --repeats 5
    python benchmarks/batch_split.py --workers    # 1 vs 2 threads, 1M hands a row, wall clock
    python benchmarks/batch_split.py --ways       # each way of counting a row's card bits, in turn

``evaluate{5,6,7}_batch`` and ``evaluate_omaha_batch`` check every row
(codes 0..51, distinct; Omaha also holes vs boards) as they rank it, in one
``nogil`` pass; the separate pass ``pokercore.validation.first_invalid_row``
only runs to name the first bad row of a refused batch.  This script builds a
throwaway extension in a temporary folder that cimports those pieces (and the
kernels of ``pokercore.ceval``/``ceval7``) and times, on the same random
hands:

* ``batch``: the public call, with ``out=`` (what a caller pays);
* ``validation``: the separate row check alone (what a check before the
  loop would cost);
* ``kernel``: the evaluation loop alone, no check;

in thread CPU time (robust on a shared machine), as millions of hands a
second and nanoseconds a hand.  Needs Cython and a C compiler, like building
pokercore itself; nothing is written into the repository.

``--workers`` builds nothing: it times the public batch calls (5-card,
7-card, the Binh search and special hands) on one thread and on ``workers=2``,
interleaved, best of ``--repeats``, in wall-clock time (threads only show in
wall time), and prints the two-thread speed-up with the load average before
and after.  ``CPU 2/1`` is the process CPU time of the two-thread call over
the one-thread call's: about 1.0 when splitting the rows adds no work, so
the wall-clock speed-up is then bounded only by how free the second core
is (on a busy machine the speed-up column says more about the load).
Against an installation without ``workers=`` (an older pokercore) it times
the one-thread rows only, so the same command measures before and after a
change.

``--ways`` builds nothing either: the batch loops count each row's card bits
the best way the CPU has (AVX-512's vector count of four rows, the popcnt
instruction, or a portable count; see ``_evaluator_rows.h``).  It switches
between every way this CPU has in one process, call after call (separate
processes on a shared machine differ by more than the ways do), checks they
agree, and prints each as a multiple of the popcnt way.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import pokercore
from pokercore import (
    evaluate5_batch,
    evaluate6_batch,
    evaluate7_batch,
    evaluate_omaha_batch,
    random_hands,
)

PYX = r'''
# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
from libc.stdint cimport uint8_t, int32_t
from pokercore.ceval cimport pc_eval5_standard
from pokercore.ceval7 cimport pc_eval7, pc_eval6, pc_eval_omaha
from pokercore.validation cimport first_invalid_row

def validation(const uint8_t[:, ::1] h):
    cdef Py_ssize_t bad
    with nogil:
        bad = first_invalid_row(&h[0, 0], h.shape[0], <int>h.shape[1])
    return bad

def kernel(const uint8_t[:, ::1] h, int32_t[::1] r):
    cdef Py_ssize_t i, n = h.shape[0]
    cdef int k = <int>h.shape[1]
    cdef const uint8_t *p = &h[0, 0]
    with nogil:
        if k == 7:
            for i in range(n):
                r[i] = pc_eval7(p[7 * i], p[7 * i + 1], p[7 * i + 2], p[7 * i + 3], p[7 * i + 4],
                                p[7 * i + 5], p[7 * i + 6])
        elif k == 6:
            for i in range(n):
                r[i] = pc_eval6(p[6 * i], p[6 * i + 1], p[6 * i + 2], p[6 * i + 3], p[6 * i + 4], p[6 * i + 5])
        else:
            for i in range(n):
                r[i] = pc_eval5_standard(p[5 * i], p[5 * i + 1], p[5 * i + 2], p[5 * i + 3], p[5 * i + 4])

def kernel_omaha(const uint8_t[:, ::1] h, const uint8_t[:, ::1] b, int32_t[::1] r):
    cdef Py_ssize_t i, n = h.shape[0]
    cdef const uint8_t *ph = &h[0, 0]
    cdef const uint8_t *pb = &b[0, 0]
    with nogil:
        for i in range(n):
            r[i] = pc_eval_omaha(ph + 4 * i, 4, pb + 5 * i)
'''

SETUP = r'''
import pokercore
from setuptools import Extension, setup
from Cython.Build import cythonize
inc = pokercore.get_include()
setup(ext_modules=cythonize([Extension("split_ext", ["split_ext.pyx"], include_dirs=[inc], extra_compile_args=["-O3"])],
                            include_path=[str(__import__("pathlib").Path(inc).parent)], quiet=True))
'''


def build(folder: Path):
    (folder / "split_ext.pyx").write_text(PYX)
    (folder / "setup.py").write_text(SETUP)
    subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-q"], cwd=folder, check=True,
                   stdout=subprocess.DEVNULL)
    so = next(folder.glob("split_ext*.so"), None) or next(folder.glob("split_ext*.pyd"))
    spec = importlib.util.spec_from_file_location("split_ext", so)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def best_cpu(f, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.thread_time()
        f()
        best = min(best, time.thread_time() - t)
    return best


def _takes_workers(func: Callable[..., object]) -> bool:
    try:
        return "workers" in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


def scaling(n: int, n_search: int, repeats: int) -> None:
    """One thread against ``workers=2`` for each batch form, interleaved, best wall time of ``repeats``."""
    from pokercore.binh import best_arrangement_batch, classify_special_batch

    h5, h7, h13 = random_hands(n, 5, seed=5), random_hands(n, 7, seed=7), random_hands(n, 13, seed=13)
    search = h13[:n_search]
    cases: list[tuple[str, Callable[..., object], object, int]] = [
        ("evaluate5_batch", evaluate5_batch, h5, n),
        ("evaluate7_batch", evaluate7_batch, h7, n),
        ("best_arrangement_batch (Binh search)", best_arrangement_batch, search, n_search),
        ("classify_special_batch (Binh)", classify_special_batch, h13, n),
    ]
    load0 = os.getloadavg()
    print(f"pokercore {pokercore.__version__} from {Path(pokercore.__file__).parent}: wall clock, best of {repeats}, "
          f"runs interleaved; {os.cpu_count()} CPUs; load average {load0[0]:.2f} {load0[1]:.2f}")
    print(f"{'call':38} {'hands':>10} {'1 thread':>12} {'(its CPU)':>12} {'workers=2':>12} {'speed-up':>9} "
          f"{'CPU 2/1':>9}")
    for label, func, hands, m in cases:
        two = _takes_workers(func)
        runs = [lambda f=func, h=hands: f(h)] + ([lambda f=func, h=hands: f(h, workers=2)] if two else [])
        if two:
            first = func(hands)
            again = func(hands, workers=2)
            for a, b in zip(*((first, again) if isinstance(first, tuple) else ((first,), (again,)))):
                np.testing.assert_array_equal(a, b, err_msg=f"{label}: workers=2 disagrees with one thread")
        best = [float("inf")] * len(runs)
        cpu = [float("inf")] * len(runs)  # CPU time of every thread of the process
        for _ in range(repeats):
            for i, run in enumerate(runs):
                t, c = time.perf_counter(), time.process_time()
                run()
                best[i] = min(best[i], time.perf_counter() - t)
                cpu[i] = min(cpu[i], time.process_time() - c)
        rates = [m / t / 1e6 for t in best]
        two_text = (f"{rates[1]:8.2f} M/s {rates[1] / rates[0]:8.2f}x {cpu[1] / cpu[0]:9.2f}" if two
                    else f"{'-':>12} {'-':>9} {'-':>9}")
        print(f"{label:38} {m:>10,} {rates[0]:8.2f} M/s {m / cpu[0] / 1e6:8.2f} M/s {two_text}")
    load1 = os.getloadavg()
    print(f"load average after: {load1[0]:.2f} {load1[1]:.2f}")


def ways(n: int, repeats: int) -> None:
    """Every way of counting card bits this CPU has, in turn in one process, on the same hands."""
    from pokercore import _eval7

    have = _eval7._ROWS_WAYS[: _eval7._ROWS_WAYS.index(_eval7._rows_best_way()) + 1]
    print(f"pokercore {pokercore.__version__}: wall clock, best of {repeats}, ways in turn, {n:,} random hands a "
          f"kind; this CPU's best way: {have[-1]}; load average {os.getloadavg()[0]:.2f}")
    out = np.empty(n, dtype=np.int32)
    try:
        for k, call in ((5, evaluate5_batch), (6, evaluate6_batch), (7, evaluate7_batch)):
            h = random_hands(n, k, seed=k)
            ref = call(h)
            best = dict.fromkeys(have, float("inf"))
            for _ in range(repeats):
                for way in have:
                    _eval7._rows_way(way)
                    t = time.perf_counter()
                    call(h, out=out)
                    best[way] = min(best[way], time.perf_counter() - t)
                    assert (out == ref).all(), f"{k} cards: the {way} way disagrees"
            base = best.get("popcnt", best[have[0]])
            print(f"{k}-card  " + "  ".join(f"{way} {n / t / 1e6:7.1f} M/s ({base / t:.3f}x)"
                                            for way, t in best.items()))
    finally:
        _eval7._rows_way("best")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=None,
                        help="hands a kind (default 10,000,000; 1,000,000 with --workers)")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--workers", action="store_true", help="1 thread vs workers=2, wall clock; builds nothing")
    parser.add_argument("--ways", action="store_true",
                        help="every way of counting card bits this CPU has, in turn; builds nothing")
    parser.add_argument("--search-hands", type=int, default=20_000,
                        help="hands of the Binh search row with --workers (default 20,000: ~5 us a hand)")
    args = parser.parse_args(argv)
    if args.workers:
        scaling(args.hands or 1_000_000, args.search_hands, args.repeats)
        return 0
    if args.ways:
        ways(args.hands or 10_000_000, args.repeats * 2)
        return 0
    n = args.hands or 10_000_000
    with tempfile.TemporaryDirectory(prefix="pokercore-split-") as tmp:
        ext = build(Path(tmp))
        out = np.empty(n, dtype=np.int32)
        print(f"pokercore {pokercore.__version__}: thread CPU time, best of {args.repeats}, {n:,} random hands a kind; "
              f"load average {os.getloadavg()[0]:.2f}")
        print(f"{'kind':14} {'batch':>18} {'validation':>18} {'kernel':>18} {'validation share':>17}")
        for k, call in ((5, evaluate5_batch), (6, evaluate6_batch), (7, evaluate7_batch)):
            h = random_hands(n, k, seed=k)
            ref = call(h)
            ext.kernel(h, out)
            assert (out == ref).all(), f"{k}-card kernel loop disagrees with the batch call"
            t_all = best_cpu(lambda call=call, h=h: call(h, out=out), args.repeats)
            t_val = best_cpu(lambda h=h: ext.validation(h), args.repeats)
            t_ker = best_cpu(lambda h=h: ext.kernel(h, out), args.repeats)
            print(f"{k}-card{'':8} " + " ".join(f"{n / t / 1e6:8.1f} M/s {t / n * 1e9:5.2f} ns"
                                                for t in (t_all, t_val, t_ker)) + f" {t_val / t_all:16.0%}")
        m = n // 4
        rows = random_hands(m, 9, seed=9)
        holes, boards = np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])
        o = out[:m]
        ext.kernel_omaha(holes, boards, o)
        assert (o == evaluate_omaha_batch(holes, boards)).all()
        t_all = best_cpu(lambda: evaluate_omaha_batch(holes, boards, out=o), args.repeats)
        t_val = best_cpu(lambda: (ext.validation(holes), ext.validation(boards)), args.repeats)
        t_ker = best_cpu(lambda: ext.kernel_omaha(holes, boards, o), args.repeats)
        print("Omaha 4 holes  " + " ".join(f"{m / t / 1e6:8.1f} M/s {t / m * 1e9:5.2f} ns"
                                           for t in (t_all, t_val, t_ker))
              + f" {t_val / t_all:16.0%}  (+ the hole/board overlap check in 'batch')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
