"""Command line: ``python -m pokercore`` (also installed as ``pokercore``).

Subcommands::

    pokercore bench [--quick] [--json FILE]   evaluator comparison with peer libraries
    pokercore eval "As Kd 7h 7c 2s" [--rules binh]   rank and name of a hand
"""

from __future__ import annotations

import argparse
import sys

from . import describe_rank, evaluate3, evaluate5, format_cards, parse_cards
from .errors import PokercoreError


def _cmd_eval(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    if len(cards) == 3:
        rank, rules = evaluate3(cards), "binh"
    elif len(cards) == 5:
        rank, rules = evaluate5(cards, rules=args.rules), args.rules
    else:
        raise PokercoreError(f"give 3 or 5 cards, got {len(cards)}")
    print(f"{format_cards(cards)}: rank {rank} ({rules}) - {describe_rank(rank, rules, kickers=True)}")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from . import bench

    return int(bench.main(args.bench_args) or 0)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pokercore", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("eval", help="rank and name a 5-card (or 3-card Binh) hand")
    p.add_argument("cards", nargs="+", help='cards, e.g. "As Kd 7h 7c 2s"')
    p.add_argument("--rules", choices=("standard", "binh"), default="standard")
    p.set_defaults(func=_cmd_eval)
    p = sub.add_parser("bench", help="compare evaluator speed with treys, eval7, phevaluator, pokerkit",
                       add_help=False)
    p.add_argument("bench_args", nargs=argparse.REMAINDER)
    p.set_defaults(func=_cmd_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (PokercoreError, ValueError, TypeError) as exc:
        print(f"pokercore: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
