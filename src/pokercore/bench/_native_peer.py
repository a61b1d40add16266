"""A native peer (OMPEval, C++) beside pokercore: its driver, and the batch and Monte Carlo rows against it.

``POKERCORE_NATIVE_PEER`` names an executable that speaks the line protocol
of ``benchmarks/native_peer.py`` (``python benchmarks/ompeval/build_and_run.py
--ompeval-src DIR --print-driver`` builds OMPEval's and prints its path).
With it, ``pokercore bench``'s hold'em section times, interleaved with
pokercore, after checking the answers agree:

* random 7-card hands from a card array, one core: ``evaluate7_batch`` with
  ``out=`` against the peer's loop over the same bytes summing the ranks
  (its own benchmark's form); the peer's ranks must order the first hands
  exactly as pokercore's do;
* Monte Carlo AsKs vs QQ+,AKs,AKo on 1 and on 2 threads (samples a second);
  the equities must agree within six standard errors;

and :mod:`pokercore.bench._holdem_exact` its exact-equity rows.  The peer is
never a test dependency; building one is up to its user.

>>> check_order(np.array([3, 1, 2, 1]), np.array([30, 10, 20, 10]))
>>> check_order(np.array([3, 1, 2]), np.array([30, 20, 10]))
Traceback (most recent call last):
...
AssertionError: the peer's ranks order the hands differently from pokercore's
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ._holdem_row import HoldemRow

__all__ = ["MC_PLAYERS", "NATIVE_PEER_ENV", "NativePeer", "alternate", "check_order", "native_peer", "native_rows"]

#: Environment variable naming a native peer driver.
NATIVE_PEER_ENV = "POKERCORE_NATIVE_PEER"
#: The Monte Carlo question of the rows against the peer.
MC_PLAYERS = ["AsKs", "QQ+,AKs,AKo"]


class NativePeer:
    """A native driver speaking ``benchmarks/native_peer.py``'s protocol (one command a line, one answer line)."""

    def __init__(self, path: str) -> None:
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, line: str) -> list[str]:
        """The peer's answer to one command, split; ``RuntimeError`` when it answers ``error`` or nothing."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().split()
        if not answer or answer[0] == "error":
            raise RuntimeError(f"native peer: {line!r} -> {' '.join(answer) or 'no answer'}")
        return answer

    def equity(self, players: list[str], threads: int, samples: int = 0) -> tuple[float, list[float]]:
        """Seconds of one run (exact when ``samples`` is 0, else Monte Carlo) and its equities."""
        mode = "mc" if samples else "exact"
        answer = self.ask(f"equity {mode} {threads} {samples} {';'.join(players)}")
        return float(answer[0]), [float(x) for x in answer[2:] if not x.startswith("cpu=")]

    def close(self) -> None:
        if self.proc.stdin is not None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
            except OSError:
                pass
        self.proc.wait(timeout=10)


def native_peer() -> NativePeer | None:
    """The peer ``POKERCORE_NATIVE_PEER`` names, started; None when it names none."""
    path = os.environ.get(NATIVE_PEER_ENV, "")
    if not path:
        return None
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"{NATIVE_PEER_ENV}={path!r} is not an executable; build one with "
                           "python benchmarks/ompeval/build_and_run.py --ompeval-src DIR --print-driver")
    return NativePeer(path)


def check_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """The two rankings order the hands alike: a strictly increasing map from ours to theirs."""
    pairs = np.unique(np.stack([ours.astype(np.int64), theirs.astype(np.int64)], axis=1), axis=0)
    if not (len(pairs) == len(np.unique(pairs[:, 0])) == len(np.unique(pairs[:, 1]))
            and np.all(np.diff(pairs[:, 1]) > 0)):
        raise AssertionError("the peer's ranks order the hands differently from pokercore's")


def alternate(ours: Callable[[], float], theirs: Callable[[], float], repeats: int,
              best: tuple[float, float] = (float("inf"), float("inf"))) -> tuple[float, float]:
    """The best seconds of ``ours()`` and ``theirs()`` (each returns one run's), ``repeats`` rounds, taking turns.

    Which goes first alternates from round to round; ``best`` carries figures already measured.

    >>> alternate(lambda: 2.0, lambda: 3.0, 2, (1.5, 4.0))
    (1.5, 3.0)
    """
    best_ours, best_theirs = best
    for i in range(repeats):
        for who in ((0, 1) if i % 2 == 0 else (1, 0)):
            if who == 0:
                best_ours = min(best_ours, ours())
            else:
                best_theirs = min(best_theirs, theirs())
    return best_ours, best_theirs


def _batch_row(peer: NativePeer, n: int, repeats: int) -> HoldemRow:
    from .. import evaluate7_batch
    from ..cards import random_hands

    hands = random_hands(n, 7, seed=23)
    out = np.empty(n, dtype=np.int32)
    with tempfile.TemporaryDirectory(prefix="pokercore-peer-") as tmp:
        path, ranks = Path(tmp) / "hands.bin", Path(tmp) / "ranks.bin"
        hands.tofile(path)
        peer.ask(f"hands {path} {n}")
        peer.ask(f"ranks7 {ranks}")
        m = min(n, 200_000)
        check_order(evaluate7_batch(hands[:m]), np.fromfile(ranks, dtype=np.uint16, count=m))

    def ours() -> float:
        t = time.perf_counter()
        evaluate7_batch(hands, out=out)
        return time.perf_counter() - t

    best_ours, best_peer = alternate(ours, lambda: float(peer.ask("eval7 1")[0]), repeats)
    return HoldemRow("7-card batch vs the native peer", f"evaluate7_batch({n:,} random 7-card hands, out=)",
                     "M hands/s", n / best_ours / 1e6, "OMPEval (native), its loop summing the ranks",
                     n / best_peer / 1e6, best_peer / best_ours,
                     note=f"the peer orders the first {m:,} hands alike")


def _mc_row(peer: NativePeer, workers: int, samples: int, repeats: int) -> HoldemRow:
    from ..equity import equity

    def ours() -> tuple[float, list[float], list[float]]:
        t = time.perf_counter()
        r = equity(MC_PLAYERS, samples=samples, seed=12345, workers=workers)
        return time.perf_counter() - t, [p.equity for p in r.players], [p.stderr for p in r.players]

    best_ours, eq, se = ours()
    best_peer, peer_eq = peer.equity(MC_PLAYERS, workers, samples)
    for p, (a, b) in enumerate(zip(eq, peer_eq)):
        if abs(a - b) > 6 * max(se[p], 1e-4):
            raise AssertionError(f"Monte Carlo: player {p + 1} equity {a:.5f} (pokercore) vs {b:.5f} (native peer)")
    best_ours, best_peer = alternate(lambda: ours()[0], lambda: peer.equity(MC_PLAYERS, workers, samples)[0],
                                     repeats, (best_ours, best_peer))
    more = f", workers={workers}" if workers > 1 else ""
    threads = f"{workers} thread{'s' if workers > 1 else ''}"
    return HoldemRow(f"Monte Carlo vs the native peer, {threads}",
                     f"equity({MC_PLAYERS!r}, samples={samples:,}{more})", "M samples/s",
                     samples / best_ours / 1e6, f"OMPEval (native), {threads}", samples / best_peer / 1e6,
                     best_peer / best_ours, note="equities agree within 6 standard errors")


def native_rows(peer: NativePeer, quick: bool, repeats: int) -> list[HoldemRow]:
    """The 7-card batch and Monte Carlo rows against ``peer`` (see the module docstring)."""
    n = 1_000_000 if quick else 10_000_000
    samples = 1_000_000 if quick else 4_000_000
    return [_batch_row(peer, n, repeats), _mc_row(peer, 1, samples, repeats), _mc_row(peer, 2, samples, repeats)]
