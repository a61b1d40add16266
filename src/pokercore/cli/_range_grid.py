"""``pokercore range``: a range on the 13x13 starting-hand grid, with weights and combo counts.

Examples
--------
>>> main(["JJ+,AKs:0.5"])  # doctest: +NORMALIZE_WHITESPACE
AA   AKs* .    .    .    .    .    .    .    .    .    .    .
.    KK   .    .    .    .    .    .    .    .    .    .    .
.    .    QQ   .    .    .    .    .    .    .    .    .    .
.    .    .    JJ   .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .    .    .    .    .    .
* AKs 4/4 at 0.5
28 combos (weighted 26), 1.96% of all 1,326 starting hands
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict

from ..equity import EmptyRangeError, parse_range, range_grid
from ..errors import cut

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``pokercore range``."""
    p = argparse.ArgumentParser(
        prog="pokercore range",
        description="Show a hold'em range on the 13x13 grid: pairs on the diagonal, suited hands above it, "
                    "offsuit below; a class at another weight than 1, or with only some of its combos in the "
                    "range, is marked * and listed under the grid with its combos and weight.",
    )
    p.add_argument("range", help='the range, e.g. "QQ+,AKs,A5s-A2s:0.5" (quote it); one that holds no hand '
                                 'is refused')
    p.add_argument("--dead", help="cards out of the deck (board, folded): their combos are removed")
    p.add_argument("--json", action="store_true", help="print the grid as JSON")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``pokercore range`` with ``argv`` (the words after ``range``); return the exit code."""
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    rng = parse_range(args.range)
    if len(rng) == 0:  # the library reads "" as the empty range; a grid of nothing answers no question
        raise EmptyRangeError(f'the range {cut(args.range)} holds no hand: give one or more, e.g. "QQ+,AKs"')
    if args.dead:
        rng = rng.remove(args.dead)
    grid = range_grid(rng)
    if args.json:
        print(json.dumps(asdict(grid), indent=1))
    else:
        print(grid.table())
    return 0
