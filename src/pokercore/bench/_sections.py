"""pokercore's own sections: the batch evaluators, and the time ``import pokercore`` takes.

* **batch**: ``evaluate5_batch`` / ``evaluate3_batch`` on random hands and on
  all 2,598,960 five-card hands (one thread).  The peers have no batch API,
  so each library's fastest per-call loop is listed again with its per-hand
  cost.
* **import**: ``import pokercore`` in a fresh interpreter, wall time minus
  the interpreter's own start-up, and ``python -X importtime``'s figure.

>>> _importtime("import time:       120 |        450 | pokercore", "pokercore")
0.00045
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from ._records import Pending, Row, Settings

__all__ = [
    "ALL_HANDS",
    "BATCH_ALL",
    "BATCH_REFERENCE",
    "IMPORT_WALL",
    "all_five_card_hands",
    "batch_rows",
    "exact_goals",
    "finish_batch",
    "holdem_game_goal",
    "holdem_game_rows",
    "import_rows",
]

#: Number of five-card hands in a 52-card deck.
ALL_HANDS = 2_598_960

#: The batch section's reference row: its ratio column compares every batch row with it.
BATCH_REFERENCE = "evaluate5_batch(random (n, 5) uint8)"
BATCH_ALL = "evaluate5_batch(all 2,598,960 hands)"
_BATCH3 = "evaluate3_batch(random (n, 3) uint8)"
_BATCH7 = "evaluate7_batch(random (n, 7) uint8)"
_TWO = ", workers=2"  # the rows on two threads: their note gives the speed-up over the same call on one
IMPORT_WALL = "import pokercore: wall time - interpreter start-up"

# ---------------------------------------------------------------------------
# Batch


def all_five_card_hands() -> Any:
    """All 2,598,960 five-card hands as a ``(2598960, 5)`` uint8 array, rows sorted.

    Examples
    --------
    >>> a = all_five_card_hands()
    >>> a.shape, a[0].tolist(), a[-1].tolist()
    ((2598960, 5), [0, 1, 2, 3, 4], [47, 48, 49, 50, 51])
    """
    import numpy as np

    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8, count=5 * ALL_HANDS,
    )
    return flat.reshape(ALL_HANDS, 5)


def batch_rows(settings: Settings, pending: Pending) -> list[Row]:
    """pokercore's batch rows; their timed calls are appended to ``pending``."""
    import numpy as np

    import pokercore

    rows: list[Row] = []

    def add(form: str, run: Callable[[], object], n: int, note: str = "") -> None:
        row = Row("batch", "pokercore", form, "C ext", n=n, note=note)
        rows.append(row)
        pending.append((row, run))

    h5 = pokercore.random_hands(settings.batch_hands, 5, seed=settings.seed)
    h3 = pokercore.random_hands(settings.batch_hands, 3, seed=settings.seed)
    every = all_five_card_hands()
    out = np.empty(ALL_HANDS, dtype=np.int32)
    e5, e3 = pokercore.evaluate5_batch, pokercore.evaluate3_batch
    n = settings.batch_hands
    add(BATCH_REFERENCE, lambda: e5(h5), n, "reference row")
    add('evaluate5_batch(random, "binh")', lambda: e5(h5, "binh"), n)
    add(BATCH_ALL, lambda: e5(every), ALL_HANDS, "includes allocating the result")
    add('evaluate5_batch(all hands, "binh")', lambda: e5(every, "binh"), ALL_HANDS)
    add("evaluate5_batch(all hands, out=int32 array)", lambda: e5(every, out=out), ALL_HANDS)
    add(_BATCH3, lambda: e3(h3), n, "3 cards, Binh scale")
    h7 = pokercore.random_hands(n, 7, seed=settings.seed)
    e7 = pokercore.evaluate7_batch
    add(BATCH_REFERENCE + _TWO, lambda: e5(h5, workers=2), n)
    add(_BATCH7, lambda: e7(h7), n, "7 cards")
    add(_BATCH7 + _TWO, lambda: e7(h7, workers=2), n)
    return rows


def finish_batch(batch: list[Row], per_call: list[Row]) -> None:
    """Once timed: each library's fastest per-call loop joins the batch rows; ratios to the reference."""
    fastest: dict[str, Row] = {}
    for r in per_call:  # each library's fastest per-call form, private ones included
        best = fastest.get(r.library)
        if r.rate and (best is None or r.rate > (best.rate or 0.0)):
            fastest[r.library] = r
    for r in fastest.values():
        batch.append(Row("batch", r.library, f"per-call loop: {r.form}", r.impl, r.rate,
                         r.seconds, r.n, note="fastest per-call form" + (
                             "" if r.library == "pokercore" else "; no batch API")))
    ref = batch[0].rate if batch else None
    rates = {r.form: r.rate for r in batch if r.library == "pokercore"}
    for row in batch:
        one = rates.get(row.form.removesuffix(_TWO)) if row.form.endswith(_TWO) else None
        if row.rate and one:
            row.note = f"2 threads: {row.rate / one:.2f}x the same call on one (needs an idle second core)"
        elif row.rate and ref and row.form not in (_BATCH3, _BATCH7):
            row.ratio = ref / row.rate


# ---------------------------------------------------------------------------
# Import time


def _run_python(args: list[str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, *args], capture_output=True, text=True, check=True)
    return time.perf_counter() - t0, proc.stderr


_IMPORTTIME = re.compile(r"^import time:\s*(\d+)\s*\|\s*(\d+)\s*\|(\s*)(\S+)\s*$")


def _importtime(stderr: str, module: str) -> float | None:
    """Cumulative seconds ``-X importtime`` reports for the outermost import of ``module``."""
    best: tuple[int, float] | None = None
    for line in stderr.splitlines():
        m = _IMPORTTIME.match(line)
        if m and m.group(4) == module:
            depth = len(m.group(3))
            if best is None or depth < best[0]:
                best = (depth, int(m.group(2)) * 1e-6)
    return None if best is None else best[1]


def import_rows(settings: Settings, pending: Pending | None = None) -> list[Row]:
    """Time ``import pokercore`` in fresh interpreters (measured here, nothing is left pending)."""
    k = settings.import_runs
    code = "import pokercore"
    try:
        startup = min(_run_python(["-c", "pass"])[0] for _ in range(k))
        wall = min(_run_python(["-c", code])[0] for _ in range(k))
        traces = [_run_python(["-X", "importtime", "-c", code])[1] for _ in range(k)]
    except (OSError, subprocess.CalledProcessError) as exc:
        return [Row("import", "pokercore", code, note=f"skipped: {exc}")]
    cumulative = [_importtime(t, "pokercore") for t in traces]
    numpy_share = [_importtime(t, "numpy") for t in traces]
    rows = [
        Row("import", "pokercore", IMPORT_WALL,
            seconds=wall - startup, n=1,
            note=f"best of {k} fresh interpreters; start-up alone {startup * 1e3:.1f} ms"),
    ]
    if all(c is not None for c in cumulative):
        rows.append(Row("import", "pokercore", "import pokercore: python -X importtime",
                        seconds=min(cumulative), n=1,  # type: ignore[type-var]
                        note="cumulative, best of runs"))
    if all(c is not None for c in numpy_share):
        rows.append(Row("import", "numpy", "  of which numpy (imported by pokercore)",
                        seconds=min(numpy_share), n=1, note="-X importtime, best of runs"))  # type: ignore[type-var]
    elif not any(numpy_share):
        rows.append(Row("import", "numpy", "  numpy", n=1,
                        note="not imported by 'import pokercore' (loaded on first array use)"))
    return rows




#: A 6-max no-limit hand of random legal actions: at least this many times pokerkit's hands/s.
GOAL_HOLDEM_GAME_RATIO = 10.0


def holdem_game_rows(settings: Settings, pending: Pending | None = None) -> list[Row]:
    """The hold'em game rows (:mod:`pokercore.bench.holdem_game` times them itself)."""
    from ._holdem_game_speed import bench_rows

    return bench_rows(quick=settings.batch_hands < Settings().batch_hands)


def holdem_game_goal(rows: list[Row], target: Callable[..., None]) -> None:
    """The hold'em game's goal: 6-max no-limit hands/s at least 10x pokerkit's, in the same run."""
    from ._holdem_game_speed import SECTION

    row = next((r for r in rows if r.section == SECTION and r.form.startswith("6-max no-limit")), None)
    value = row.ratio if row else None
    target("6-max no-limit hand vs pokerkit", value, f">= {GOAL_HOLDEM_GAME_RATIO:g}x",
           None if value is None else value >= GOAL_HOLDEM_GAME_RATIO,
           row.note if row else "not measured")


# ---------------------------------------------------------------------------
# Exact equity against the native peer, the preflop matrix, the per-call floor

#: Rows against the native peer (OMPEval, C++): at least its speed on the same question and threads
#: (exact equity, Monte Carlo, the 7-card batch).
GOAL_EXACT_NATIVE_RATIO = 1.0
#: Exact preflop over ranges (thousands of deals) with ``workers=2``: at least this many times its one-thread
#: speed.  (One deal runs on one thread whatever the workers: it takes less than starting a thread.)
GOAL_EXACT_TWO_THREADS = 1.3
#: AsKs against each of the 169 starting hands, exact: under this many seconds in all.
GOAL_MATRIX_S = 2.0
#: evaluate5 / evaluate7 per call: at most this many times a call with no work (an empty Cython function
#: taking a list, about 18 ns here; reading seven ints from a list alone costs about 2.8x it).
GOAL_FLOOR_MULTIPLE = 3.5


def exact_goals(rows: list[Row], target: Callable[..., None]) -> None:
    """The native-peer, exact-equity and per-call-floor goals, from the hold'em rows (absent: not measured)."""

    def find(name: str) -> Row | None:
        return next((r for r in rows if r.section == "hold'em" and r.form.startswith(name + ":")), None)

    no_peer = "no native peer: set POKERCORE_NATIVE_PEER (benchmarks/ompeval/build_and_run.py)"
    for title, name, absent in (
            ("exact heads-up preflop, 1 thread, vs OMPEval", "exact heads-up preflop, 1 thread", "not measured"),
            ("exact heads-up preflop, 2 threads, vs OMPEval", "exact heads-up preflop, workers=2", "not measured"),
            ("exact 3-way preflop vs OMPEval", "exact 3-way preflop", "not measured"),
            ("exact hand vs range preflop vs OMPEval", "exact hand vs range preflop", "not measured"),
            # rows that only a run with the peer has
            ("7-card batch vs OMPEval summing its ranks", "7-card batch vs the native peer", no_peer),
            ("Monte Carlo, 1 thread, vs OMPEval", "Monte Carlo vs the native peer, 1 thread", no_peer),
            ("Monte Carlo, 2 threads, vs OMPEval", "Monte Carlo vs the native peer, 2 threads", no_peer)):
        row = find(name)
        value = row.ratio if row else None
        detail = absent if row is None else row.note if value is not None else no_peer
        target(title, value, f">= {GOAL_EXACT_NATIVE_RATIO:g}x",
               None if value is None else value >= GOAL_EXACT_NATIVE_RATIO, detail)
    one, two = find("exact preflop ranges, 1 thread"), find("exact preflop ranges, workers=2")
    value = one.seconds / two.seconds if one and two and one.seconds and two.seconds else None
    target("exact preflop ranges, workers=2 vs 1", value, f">= {GOAL_EXACT_TWO_THREADS:g}x",
           None if value is None else value >= GOAL_EXACT_TWO_THREADS, "on an idle second core")
    matrix = find("exact preflop matrix")
    target("exact preflop matrix, one hand vs all 169", matrix.seconds if matrix else None,
           f"< {GOAL_MATRIX_S:g} s", None if matrix is None else (matrix.seconds or 0) < GOAL_MATRIX_S)
    for name in ("evaluate5 per call vs the floor", "evaluate7 per call vs the floor"):
        row = find(name)
        value = 1.0 / row.ratio if row and row.ratio else None
        target(f"{name.split()[0]} per call, multiple of an empty call", value, f"<= {GOAL_FLOOR_MULTIPLE:g}x",
               None if value is None else value <= GOAL_FLOOR_MULTIPLE, row.note if row else "not measured")
