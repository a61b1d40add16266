"""Omaha, Omaha hi-lo and short-deck equity next to pokerkit, in one run.

pokerkit is the one peer that evaluates all three games; its
``calculate_equities`` samples boards (it has no exact mode), so each row
compares boards scored per second: every board of pokercore's exact run (or
its Monte Carlo samples) against pokerkit's samples, on the same hands.
pokercore is timed as the best of interleaved repeats with the garbage
collector off; pokerkit, which needs about a millisecond a sample, runs a
few hundred samples once.

Run ``python -m pokercore.bench._variants [--quick]``.

Examples
--------
>>> rows = bench_rows(quick=True, cases=CASES[:1], peer_samples=20)
>>> rows[0].section, rows[0].seconds < 1.0, rows[0].ratio is None or rows[0].ratio > 1
('Omaha and short deck', True, True)
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..equity import equity
from ._records import Row
from ._timing import best_times

__all__ = ["CASES", "GOAL_PLO_FLOP_S", "SECTION", "bench_rows", "goals", "main"]

SECTION = "Omaha and short deck"
#: PLO hand against hand on the flop, exact: at most this many seconds.
GOAL_PLO_FLOP_S = 0.050
#: (label, game, hands, board, Monte Carlo samples or None for exact); the first is the goal's row.
CASES: list[tuple[str, str, list[str], str, int | None]] = [
    ("PLO hand vs hand on the flop, exact", "plo", ["Ah Kh Qd Jd", "7c 7s 8c 9s"], "Th 9h 2c", None),
    ("PLO hand vs hand preflop, Monte Carlo", "plo", ["Ah Kh Qd Jd", "7c 7s 8c 9s"], "", 1_000_000),
    ("PLO8 hand vs hand on the flop, exact", "plo8", ["As 2s 3d Kc", "Ad Kd Qh Jh"], "4c 5h Th", None),
    ("short deck hand vs hand preflop, exact", "shortdeck", ["As Ks", "Qd Qc"], "", None),
]


def _pokerkit_rate(game: str, hands: list[str], board: str, samples: int) -> float | None:
    """pokerkit's ``calculate_equities`` samples per second on the same question (None if not installed)."""
    try:
        pk: Any = importlib.import_module("pokerkit")
    except ImportError:
        return None
    holes = [[list(pk.Card.parse(h.replace(" ", "")))] for h in hands]
    cards = list(pk.Card.parse(board.replace(" ", ""))) if board else []
    deck = pk.Deck.SHORT_DECK_HOLDEM if game == "shortdeck" else pk.Deck.STANDARD
    types = {"plo": (pk.OmahaHoldemHand,), "plo8": (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand),
             "shortdeck": (pk.ShortDeckHoldemHand,)}[game]
    hole_count = 2 if game == "shortdeck" else 4
    t0 = time.perf_counter()
    pk.calculate_equities(holes, cards, hole_count, 5, deck, types, sample_count=samples)
    return samples / (time.perf_counter() - t0)


def bench_rows(quick: bool = False, cases: Sequence[tuple[str, str, list[str], str, int | None]] = CASES,
               peer_samples: int | None = None) -> list[Row]:
    """The rows of section ``"Omaha and short deck"``: boards per second, and pokerkit's samples per second.

    ``seconds`` is one call's time, ``rate`` boards (or samples) per
    second, ``ratio`` that rate over pokerkit's on the same hands.
    """
    repeats = 3 if quick else 7
    m = peer_samples or (60 if quick else 300)
    rows = []
    for label, game, hands, board, samples in cases:
        def call(game: str = game, hands: list[str] = hands, board: str = board,
                 samples: int | None = samples) -> Any:
            return equity(hands, board=board or None, game=game, samples=samples,
                          exact=None if samples else True, seed=1 if samples else None)

        n = call().trials
        (t,) = best_times([call], repeats)
        theirs = _pokerkit_rate(game, hands, board, m)
        what = "every board" if samples is None else f"samples={samples:,}"
        rows.append(Row(SECTION, "pokercore", f"{label}: {game} {' vs '.join(hands)}"
                        f"{' on ' + board if board else ''}, {what}", "C ext", rate=n / t, seconds=t, n=1,
                        ratio=None if theirs is None else n / t / theirs,
                        note=f"{n:,} boards" + ("" if theirs is None else
                                                f"; vs pokerkit.calculate_equities: {theirs:,.0f} samples/s "
                                                f"({m} samples)")))
    return rows


def goals(rows: list[Row], target: Callable[..., None]) -> None:
    """The goal: a PLO hand against a hand on the flop, exact, in at most :data:`GOAL_PLO_FLOP_S`."""
    row = next((r for r in rows if r.section == SECTION and r.form.startswith(CASES[0][0] + ":")), None)
    value = row.seconds if row else None
    target("PLO hand vs hand on the flop, exact", value, f"<= {GOAL_PLO_FLOP_S * 1e3:g} ms",
           None if value is None else value <= GOAL_PLO_FLOP_S, row.note if row else "not measured")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokercore.bench._variants [--quick]``: print the rows."""
    p = argparse.ArgumentParser(prog="pokercore.bench._variants", description=(__doc__ or "").split("\n")[0])
    p.add_argument("--quick", action="store_true", help="fewer repeats and pokerkit samples")
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    for r in bench_rows(quick=args.quick):
        ratio = f"{r.ratio:8.0f}x" if r.ratio is not None else "        -"
        print(f"{r.form:<96} {(r.seconds or 0) * 1e3:9.2f} ms {r.rate or 0:14,.0f} boards/s {ratio}  {r.note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
