"""Hold'em and Omaha speed next to eval7, phevaluator, treys and pokerkit, measured in one run.

:func:`run` returns one :class:`HoldemRow` per comparison: what is measured,
pokercore's figure, the peer's figure and how many times faster pokercore
is.  Every peer gets its natural fastest input, built before the clock
starts, and its answers are checked against pokercore's before timing.
Figures are the best of several interleaved repeats with the garbage
collector off; on a shared machine compare the ratios, not the figures.

Run ``python -m pokercore.bench.holdem [--quick] [--json FILE]``.

Examples
--------
>>> rows = run(quick=True, only=["omaha4 batch"])
>>> rows[0].name, rows[0].unit, rows[0].ratio is None or rows[0].ratio > 0
('omaha4 batch', 'M hands/s', True)
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from ._holdem_exact import exact_rows
from ._holdem_row import HoldemRow
from ._records import Row
from ._timing import best_times, paired_scaling

__all__ = ["HoldemRow", "bench_rows", "format_rows", "main", "run"]


def _peer(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _rate_row(name: str, what: str, ours: Callable[[], object], n_ours: int, peer: str,
              theirs: Callable[[], object] | None, n_theirs: int, repeats: int, note: str = "",
              unit_scale: float = 1e6, unit: str = "M hands/s") -> HoldemRow:
    funcs = [ours] + ([theirs] if theirs is not None else [])
    times = best_times(funcs, repeats)
    ours_rate = n_ours / times[0] / unit_scale
    if theirs is None:
        return HoldemRow(name, what, unit, ours_rate, note=note or "no peer installed")
    peer_rate = n_theirs / times[1] / unit_scale
    return HoldemRow(name, what, unit, ours_rate, peer, peer_rate, ours_rate / peer_rate, note)


def _eval7_cards(eval7: Any, hands: list[list[int]]) -> list[list[Any]]:
    from ..cards import format_card

    deck = [eval7.Card(format_card(c)) for c in range(52)]
    return [[deck[c] for c in h] for h in hands]


def _check_order(ours: list[int], theirs: list[int], peer: str) -> None:
    pairs = sorted(zip(ours, theirs))
    for (a0, b0), (a1, b1) in itertools.pairwise(pairs):
        if (a0 == a1) != (b0 == b1) or (a0 < a1 and not b0 < b1):
            raise AssertionError(f"{peer} orders the hands differently from pokercore")


def _rows_eval7(quick: bool, repeats: int) -> list[HoldemRow]:
    from ..cards import random_hands
    from ..holdem import evaluate7, evaluate7_batch

    rows = []
    n_call = 2000 if quick else 10_000
    hands = random_hands(n_call, 7, seed=7).tolist()
    ref = [evaluate7(h) for h in hands]

    def ours_call() -> None:
        for h in hands:
            evaluate7(h)

    eval7 = _peer("eval7")
    if eval7 is not None:
        cards = _eval7_cards(eval7, hands)
        f = eval7.evaluate
        _check_order(ref, [f(c) for c in cards], "eval7")

        def eval7_call() -> None:
            for c in cards:
                f(c)

        rows.append(_rate_row("7-card per call", "evaluate7(list of 7 codes)", ours_call, n_call,
                              "eval7.evaluate(list of Card)", eval7_call, n_call, repeats))
    ph = _peer("phevaluator._pheval")
    if ph is not None:
        g = ph.evaluate_7cards
        _check_order(ref, [-g(*h) for h in hands], "phevaluator")

        def ph_call() -> None:
            for h in hands:
                g(*h)

        rows.append(_rate_row("7-card per call vs phevaluator C", "evaluate7(list of 7 codes)", ours_call,
                              n_call, "phevaluator._pheval.evaluate_7cards(*codes)", ph_call, n_call, repeats,
                              note="phevaluator's private C function (its public one is slower)"))
    treys = _peer("treys")
    if treys is not None:
        from ..cards import format_cards

        ev = treys.Evaluator()
        tc = [[treys.Card.new(s) for s in format_cards(h).split()] for h in hands[:1000]]

        def treys_call() -> None:
            for c in tc:
                ev.evaluate(c[:2], c[2:])

        rows.append(_rate_row("7-card per call vs treys", "evaluate7(list of 7 codes)", ours_call, n_call,
                              "treys Evaluator.evaluate(hand, board)", treys_call, len(tc), max(2, repeats // 3)))
    n_batch = 200_000 if quick else 1_000_000
    batch = random_hands(n_batch, 7, seed=8)
    best_peer = None
    if ph is not None:
        g = ph.evaluate_7cards
        rows_list = batch[:20_000].tolist()

        def ph_loop() -> None:
            for h in rows_list:
                g(*h)

        best_peer = ("phevaluator C evaluate_7cards, Python loop", ph_loop, len(rows_list))
    elif eval7 is not None:
        cards = _eval7_cards(eval7, batch[:20_000].tolist())
        f = eval7.evaluate

        def e7_loop() -> None:
            for c in cards:
                f(c)

        best_peer = ("eval7.evaluate, Python loop", e7_loop, len(cards))
    label, peer_func, n_peer = best_peer if best_peer else ("", None, 0)
    rows.append(_rate_row("7-card batch", f"evaluate7_batch(random ({n_batch:,}, 7) uint8), one thread",
                          lambda: evaluate7_batch(batch), n_batch, label, peer_func, n_peer, repeats,
                          note="peers have no batch API: their fastest per-call loop"))
    from .. import evaluate5_batch

    batch5 = random_hands(n_batch, 5, seed=8)
    rows.append(_rate_row("7-card batch vs 5-card batch", "evaluate7_batch, same number of hands",
                          lambda: evaluate7_batch(batch), n_batch, "pokercore evaluate5_batch (5 cards)",
                          lambda: evaluate5_batch(batch5), n_batch, repeats,
                          note="scale: the 5-card batch's README figure on an idle machine"))
    return rows


def _rows_omaha(quick: bool, repeats: int) -> list[HoldemRow]:
    import numpy as np

    from ..cards import random_hands
    from ..holdem import evaluate_omaha_batch

    n = 200_000 if quick else 1_000_000
    deal = random_hands(n, 9, seed=9)
    holes, boards = np.ascontiguousarray(deal[:, :4]), np.ascontiguousarray(deal[:, 4:])
    ph = _peer("phevaluator._pheval")
    theirs: Callable[[], object] | None = None
    n_peer, label = 0, ""
    if ph is not None:
        g = ph.evaluate_omaha_cards
        pairs = [b + h for h, b in zip(holes[:20_000].tolist(), boards[:20_000].tolist())]
        ours = evaluate_omaha_batch(holes[:2000], boards[:2000]).tolist()
        _check_order(ours, [-g(*x) for x in pairs[:2000]], "phevaluator omaha")

        def ph_loop() -> None:
            for x in pairs:
                g(*x)

        theirs = ph_loop

        n_peer, label = len(pairs), "phevaluator C evaluate_omaha_cards, Python loop"
    return [_rate_row("omaha4 batch", f"evaluate_omaha_batch(({n:,}, 4), ({n:,}, 5)), one thread",
                      lambda: evaluate_omaha_batch(holes, boards), n, label, theirs, n_peer, repeats)]


def _rows_equity(quick: bool, repeats: int) -> list[HoldemRow]:
    from ..cards import parse_cards
    from ..equity import equity
    from ..holdem import evaluate7

    rows = []
    ours_exact = best_times([lambda: equity(["AsKs", "QdQc"])], repeats)[0]
    eval7 = _peer("eval7")
    if eval7 is not None:
        step = 20 if quick else 4
        deck = [c for c in range(52) if c not in parse_cards("As Ks Qd Qc")]
        boards = [b for i, b in enumerate(itertools.combinations(deck, 5)) if i % step == 0]
        cards = _eval7_cards(eval7, [list(b) for b in boards])
        h1, h2 = _eval7_cards(eval7, [parse_cards("As Ks"), parse_cards("Qd Qc")])
        f = eval7.evaluate
        b0 = list(boards[0])
        assert (f(h1 + cards[0]) > f(h2 + cards[0])) == (evaluate7(parse_cards("As Ks") + b0)
                                                           > evaluate7(parse_cards("Qd Qc") + b0))

        def loop() -> None:
            wins = 0
            for b in cards:
                wins += f(h1 + b) > f(h2 + b)

        t = best_times([loop], max(1, repeats // 5))[0] * step
        rows.append(HoldemRow("exact heads-up preflop", "equity(['AsKs', 'QdQc']): all 1,712,304 boards",
                              "ms", ours_exact * 1e3, "eval7.evaluate loop over every board", t * 1e3,
                              t / ours_exact, note=f"eval7 timed on every {step}th board, scaled"))
    else:
        rows.append(HoldemRow("exact heads-up preflop", "equity(['AsKs', 'QdQc'])", "ms", ours_exact * 1e3))
    n = 300_000 if quick else 2_000_000
    villain = "QQ+,AKs,AKo"

    def ours_mc(workers: int) -> Callable[[], object]:
        return lambda: equity(["AsKs", villain], samples=n, seed=1, workers=workers)

    if eval7 is not None:
        hand = _eval7_cards(eval7, [parse_cards("As Ks")])[0]
        hr = eval7.HandRange(villain)
        mc = eval7.py_hand_vs_range_monte_carlo
        rows.append(_rate_row("MC hand vs range", f"equity(['AsKs', '{villain}'], samples={n:,}), 1 thread",
                              ours_mc(1), n, "eval7.py_hand_vs_range_monte_carlo", lambda: mc(hand, hr, [], n),
                              n, repeats, unit="M samples/s"))
        rows.append(_rate_row("MC hand vs range, 2 threads",
                              f"equity(['AsKs', '{villain}'], samples={n:,}, workers=2)",
                              ours_mc(2), n, "eval7 (one thread, no parallel API)", lambda: mc(hand, hr, [], n),
                              n, repeats, unit="M samples/s"))
    else:
        rows.append(_rate_row("MC hand vs range", "equity(..., samples=n)", ours_mc(1), n, "", None, 0,
                              repeats, unit="M samples/s"))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    # Scaling: longer runs than the rows above (thread start-up and the last task weigh less), one and two
    # threads back to back, the median ratio of the rounds.
    n_scaling, rounds = (2_000_000, 3) if quick else (16_000_000, 7)
    one_s, two_s, ratio = paired_scaling(
        lambda: equity(["AsKs", villain], samples=n_scaling, seed=1, workers=1),
        lambda: equity(["AsKs", villain], samples=n_scaling, seed=1, workers=2), rounds)
    rows.append(HoldemRow("MC hand vs range, 2 vs 1 thread",
                          f"equity(['AsKs', '{villain}'], samples={n_scaling:,}, workers=2)", "M samples/s",
                          n_scaling / two_s / 1e6, "pokercore, workers=1", n_scaling / one_s / 1e6, ratio,
                          f"scaling: median of {rounds} rounds, one and two threads back to back; "
                          f"load average {load:.1f} before the run"))
    pokerkit = _peer("pokerkit")
    if pokerkit is not None and not quick:
        m = 2000
        hole = [list(pokerkit.Card.parse("AsKs"))], list(pokerkit.parse_range(villain))

        def pk() -> None:
            pokerkit.calculate_equities(hole, (), 2, 5, pokerkit.Deck.STANDARD,
                                        (pokerkit.StandardHighHand,), sample_count=m)

        rows.append(_rate_row("MC hand vs range vs pokerkit", f"equity(['AsKs', '{villain}'], samples={n:,})",
                              ours_mc(1), n, "pokerkit.calculate_equities", pk, m, 2, unit="M samples/s"))
    return rows


_GROUPS: dict[str, Callable[[bool, int], list[HoldemRow]]] = {
    "eval7": _rows_eval7, "omaha": _rows_omaha, "equity": _rows_equity, "exact": exact_rows,
}


def run(quick: bool = False, only: Sequence[str] | None = None) -> list[HoldemRow]:
    """Measure every row (or the rows named in ``only``) and return them.

    Parameters
    ----------
    quick : bool
        Fewer hands and repeats: a run of a few seconds, noisier figures.
    only : list of str, optional
        Row names to keep (every group is still prepared).
    """
    repeats = 3 if quick else 9
    rows: list[HoldemRow] = []
    groups = _GROUPS
    if only:
        prefixes = {"7-card": "eval7", "omaha": "omaha", "exact heads-up preflop": "equity", "MC": "equity",
                    "exact": "exact", "per-call": "exact", "evaluate": "exact"}
        keep = {g for w in only for prefix, g in prefixes.items() if w.startswith(prefix)}
        groups = {k: v for k, v in _GROUPS.items() if k in keep} or _GROUPS
    for func in groups.values():
        rows.extend(func(quick, repeats))
    if only:
        rows = [r for r in rows if r.name in set(only)]
    return rows


def bench_rows(quick: bool = False, rows: Sequence[HoldemRow] | None = None) -> list[Any]:
    """The measurements as :class:`pokercore.bench.Row` objects (section ``"hold'em"``).

    ``pokercore bench`` appends these to its report: the rate (or, for the
    exact-equity row, the time) is pokercore's, the ratio is pokercore's
    speed-up over the peer named in the note.
    """
    out = []
    for h in run(quick=quick) if rows is None else rows:
        if h.unit == "ms":
            rate, seconds = None, h.pokercore / 1e3
        else:
            rate, seconds = h.pokercore * 1e6, 1.0 / (h.pokercore * 1e6)
        if h.peer and h.peer_figure is not None:
            note = f"vs {h.peer}: {h.peer_figure:.3g} {h.unit}" + (f"; {h.note}" if h.note else "")
        else:
            note = h.note
        out.append(Row("hold'em", "pokercore", f"{h.name}: {h.what}", "C ext", rate=rate, seconds=seconds,
                       n=1, ratio=h.ratio, note=note))
    return out


def format_rows(rows: Sequence[HoldemRow]) -> str:
    """A plain-text table of the rows."""
    lines = [f"{'measurement':<34} {'pokercore':>12} {'peer':>12}  {'ratio':>7}  peer / note"]
    for r in rows:
        peer = f"{r.peer_figure:12.3f}" if r.peer_figure is not None else f"{'-':>12}"
        ratio = f"{r.ratio:6.1f}x" if r.ratio is not None else f"{'-':>7}"
        note = r.peer + (f" ({r.note})" if r.note else "")
        lines.append(f"{r.name:<34} {r.pokercore:12.3f} {peer}  {ratio}  {r.unit}; {note}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokercore.bench.holdem [--quick] [--json FILE]``."""
    p = argparse.ArgumentParser(prog="pokercore.bench.holdem", description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="a run of a few seconds")
    p.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    rows = run(quick=args.quick)
    print(format_rows(rows))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([asdict(r) for r in rows], fh, indent=2)
    return 0

