"""``pokercore equity``: hold'em equity of hands and ranges from the command line.

Examples
--------
>>> main(["AsKs", "QdQc", "--board", "Qh 7d 2c"])  # doctest: +NORMALIZE_WHITESPACE
player  combos     win    ties  tie eq  equity
AsKs         1   1.62%   0.00%   0.00%   1.62%
QdQc         1  98.38%   0.00%   0.00%  98.38%
board Qh 7d 2c; exact: 1 deal x 990 boards
method: exact (chosen: 1 deal x 990 boards, under a second on one core)
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..errors import PokercoreError
from ..holdem.equity import MAX_SAMPLES, MAX_WORKERS, equity
from .args import integer

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``pokercore equity``."""
    p = argparse.ArgumentParser(
        prog="pokercore equity",
        description="Hold'em equity of 2-10 hands or ranges (exact when small, else seeded Monte Carlo).",
        epilog='Ranges: QQ+, AKs, AKo, AK, A5s-A2s, KTo+, 22-77, JTs-65s, AhKh, random, AKs:0.5. '
               'Example: pokercore equity "AsKs" "QQ+,AKs" --board "Qh 7d 2c"',
    )
    p.add_argument("players", nargs="+", help='a hand ("AsKs") or a range ("QQ+,AKs") per player')
    p.add_argument("--board", default="", help='0, 3, 4 or 5 board cards, e.g. "Qh 7d 2c"')
    p.add_argument("--dead", default="", help="cards out of the deck")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal and board")
    how.add_argument("--samples", type=integer(1, MAX_SAMPLES), help="Monte Carlo samples (up to 1e12)")
    p.add_argument("--stderr", type=float, metavar="SE", dest="target_stderr",
                   help="Monte Carlo until every player's standard error is at most SE, e.g. 0.001 (--samples is "
                        "then the most to draw); where it stops depends on the seed alone")
    p.add_argument("--seconds", type=float, metavar="S",
                   help="Monte Carlo for about S seconds: a short seeded calibration turns S into a sample count, "
                        "which is printed; --samples with that count and the same --seed gives the same result "
                        "(--samples is then the most to draw)")
    p.add_argument("--seed", type=integer(0), help="Monte Carlo seed (printed when not given)")
    p.add_argument("--workers", type=integer(1, MAX_WORKERS), default=1, help="threads (default 1)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--no-progress", action="store_true", help="never show progress on stderr")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``pokercore equity``; return the exit code (2 for bad input, with the reason on stderr).

    Ctrl-C stops the run at once (``KeyboardInterrupt``; the ``pokercore``
    command exits 130).  ``--json`` prints strict JSON (never ``NaN``).
    """
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    progress = (not args.no_progress) and not args.json and sys.stderr.isatty()
    try:
        result = equity(args.players, board=args.board or None, dead=args.dead or None,
                        exact=True if args.exact else None, samples=args.samples, seed=args.seed,
                        workers=args.workers, progress=progress, target_stderr=args.target_stderr,
                        seconds=args.seconds)
    except PokercoreError as exc:
        print(f"pokercore equity: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.as_dict(), indent=2, allow_nan=False))
    else:
        print(result.table())
        print(f"method: {result.method}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
