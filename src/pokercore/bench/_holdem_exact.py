"""Exact equity next to a native peer (OMPEval), the preflop matrix and the per-call floor.

Rows of ``pokercore bench``'s hold'em section (see :mod:`pokercore.bench.holdem`):

* exact heads-up preflop on 1 thread and with ``workers=2`` (one deal
  runs on one thread: it takes less than starting another), exact 3-way
  and hand-vs-range preflop: pokercore's time and, when
  ``POKERCORE_NATIVE_PEER`` names a native driver (``python
  benchmarks/ompeval/build_and_run.py --ompeval-src DIR --print-driver``
  builds OMPEval's), the peer's on as many threads, interleaved, after
  checking that the equities agree to 1e-6; with the peer, also its 7-card
  batch and Monte Carlo rows (:mod:`pokercore.bench._native_peer`);
* exact preflop over ranges (thousands of deals) on 1 thread and with
  ``workers=2``: what a second thread gives where there is work to share;
* the preflop matrix: AsKs against each of the 169 starting hands, exact;
* the per-call floor: an empty Cython function taking a list
  (:func:`pokercore.bench._floor.floor_call`), with ``evaluate5`` and
  ``evaluate7`` as multiples of it.

>>> len(_matrix_classes()), _matrix_classes()[:3]
(169, ['AA', 'AKs', 'AQs'])
"""

from __future__ import annotations

from collections.abc import Callable

from ._holdem_row import HoldemRow
from ._native_peer import NATIVE_PEER_ENV, NativePeer, alternate, native_peer, native_rows
from ._timing import best_times

__all__ = ["EXACT_3WAY", "EXACT_HU", "EXACT_RANGES", "EXACT_VS_RANGE", "exact_rows"]

EXACT_HU = ["AsKs", "QdQc"]
EXACT_3WAY = ["AsKs", "QdQc", "JhTh"]
EXACT_VS_RANGE = ["AsKs", "QQ+,AKs,AKo"]
#: 27,072 deals (few alike up to suits), under a second on one core.
EXACT_RANGES = ["AKs", "QQ", "random"]


def _exact_row(name: str, players: list[str], workers: int, peer: NativePeer | None, repeats: int) -> HoldemRow:
    """pokercore's exact run and, with a native peer, the peer's on as many threads, interleaved."""
    from ..equity import equity

    more = f", workers={workers}" if workers > 1 else ""
    what = f"equity({players!r}, exact=True{more})"
    ours = equity(players, exact=True, workers=workers)
    best_ours = best_times([lambda: equity(players, exact=True, workers=workers)], 1)[0]
    if peer is None:
        for _ in range(repeats - 1):
            best_ours = min(best_ours, best_times([lambda: equity(players, exact=True, workers=workers)], 1)[0])
        return HoldemRow(name, what, "ms", best_ours * 1e3,
                         note=f"no native peer (set {NATIVE_PEER_ENV})")
    best_peer, eq = peer.equity(players, workers)
    for p, (a, b) in enumerate(zip((x.equity for x in ours.players), eq)):
        if abs(a - b) > 1e-6:
            raise AssertionError(f"{name}: player {p + 1} equity {a:.7f} (pokercore) vs {b:.7f} (native peer)")
    best_ours, best_peer = alternate(lambda: best_times([lambda: equity(players, exact=True, workers=workers)], 1)[0],
                                     lambda: peer.equity(players, workers)[0], repeats, (best_ours, best_peer))
    return HoldemRow(name, what, "ms", best_ours * 1e3, f"OMPEval (native), {workers} thread"
                     f"{'s' if workers > 1 else ''}", best_peer * 1e3, best_peer / best_ours,
                     note="equities agree to 1e-6")


def _matrix_classes() -> list[str]:
    ranks = "AKQJT98765432"
    out = []
    for i, a in enumerate(ranks):
        for j, b in enumerate(ranks):
            out.append(a + b if i == j else a + b + "s" if i < j else b + a + "o")
    return out


def exact_rows(quick: bool, repeats: int) -> list[HoldemRow]:
    """The rows of this module (see its docstring)."""
    from ..equity import equity

    rows: list[HoldemRow] = []
    peer = native_peer()
    try:
        one = _exact_row("exact heads-up preflop, 1 thread", EXACT_HU, 1, peer, repeats)
        two = _exact_row("exact heads-up preflop, workers=2", EXACT_HU, 2, peer, repeats)
        two.note = ("one deal runs on one thread; " + two.note).rstrip("; ")
        rows += [one, two]
        rows.append(_exact_row("exact 3-way preflop", EXACT_3WAY, 1, peer, repeats))
        rows.append(_exact_row("exact hand vs range preflop", EXACT_VS_RANGE, 1, peer, max(2, repeats // 3)))
        if peer is not None:
            rows += native_rows(peer, quick, repeats)
    finally:
        if peer is not None:
            peer.close()
    n = 1 if quick else 3
    one = _exact_row("exact preflop ranges, 1 thread", EXACT_RANGES, 1, None, n)
    two = _exact_row("exact preflop ranges, workers=2", EXACT_RANGES, 2, None, n)
    one.note = ""
    two.note = f"{one.pokercore / two.pokercore:.2f}x its 1 thread"
    rows += [one, two]
    classes = _matrix_classes()

    def matrix() -> None:
        for c in classes:
            equity(["AsKs", c], exact=True)

    t = best_times([matrix], 1 if quick else 2)[0]
    rows.append(HoldemRow("exact preflop matrix", "equity(['AsKs', C], exact=True) for each of the 169 "
                          "starting hands C, 1 thread", "ms", t * 1e3, note="all 169 runs together"))
    rows += _rows_floor(quick, repeats)
    return rows


def _rows_floor(quick: bool, repeats: int) -> list[HoldemRow]:
    """evaluate5 and evaluate7 per call as multiples of the cost of a call with no work."""
    from .. import evaluate5
    from ..cards import random_hands
    from ..holdem import evaluate7
    from ._floor import floor_call

    n = 20_000 if quick else 100_000
    h5 = random_hands(n, 5, seed=11).tolist()
    h7 = random_hands(n, 7, seed=11).tolist()

    def loop(f: Callable[[list[int]], int], hands: list[list[int]]) -> Callable[[], None]:
        def run() -> None:
            for h in hands:
                f(h)
        return run

    t_floor, t5, t7 = best_times([loop(floor_call, h5), loop(evaluate5, h5), loop(evaluate7, h7)], repeats)
    floor_ns = t_floor / n * 1e9
    rows = [HoldemRow("per-call floor", "an empty Cython function taking a list, in a Python loop", "M calls/s",
                      n / t_floor / 1e6, note=f"{floor_ns:.0f} ns a call")]
    for name, t in (("evaluate5 per call vs the floor", t5), ("evaluate7 per call vs the floor", t7)):
        rows.append(HoldemRow(name, f"{name.split()[0]}(list of codes), in a Python loop", "M calls/s", n / t / 1e6,
                              "the empty call", n / t_floor / 1e6, t_floor / t,
                              note=f"{t / n * 1e9:.0f} ns a call, {t / t_floor:.2f}x the floor"))
    return rows

