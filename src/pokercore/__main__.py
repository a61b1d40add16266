"""Command line: ``python -m pokercore`` (also installed as ``pokercore``).

Subcommands::

    pokercore bench [--quick] [--json FILE]          evaluator comparison with peer libraries
    pokercore eval "As Kd 7h 7c 2s" [--rules binh]   rank and name of a hand
    pokercore simulate GAME --agents A,B,... --deals N [--seed S] [--workers W]
                       [--duplicate] [--json FILE] [--plot FILE]
    pokercore binh play [--level L] [--seed S]        Binh poker against 3 AIs
    pokercore binh solve "<13 cards>"                 best arrangements of a Binh hand
    pokercore draw play [--opponents N] [--level L]   five-card draw against 1-5 AIs
"""


from __future__ import annotations

import argparse
import sys

from . import describe_rank, evaluate3, evaluate5, format_cards, parse_cards
from .errors import PokercoreError

# Game subcommands parse their own options (and are imported only when used).
_DELEGATES = {
    ("binh", "play"): "pokercore.binh.play:main_play",
    ("binh", "solve"): "pokercore.binh.play:main_solve",
    ("draw", "play"): "pokercore.draw.play:main_play",
}


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


def _cmd_simulate(args: argparse.Namespace) -> int:
    from .sim import simulate

    agents = [a for part in args.agents for a in part.split(",") if a]
    result = simulate(args.game, agents, args.deals, args.seed, workers=args.workers,
                      duplicate=args.duplicate, chunk_size=args.chunk_size,
                      progress=False if args.no_progress else None)
    print(result.table())
    meta = result.meta
    print(f"{result.deals} deals in {meta['elapsed_s']} s ({meta['deals_per_s']} deals/s), seed {result.seed}"
          + (", duplicate" if result.duplicate else ""))
    if args.json:
        result.to_json(args.json)
        print(f"wrote {args.json}")
    if args.plot:
        result.plot(args.plot)
        print(f"wrote {args.plot}")
    return 0


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


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
    p = sub.add_parser("simulate", help="play a seeded AI-vs-AI match and print per-agent results")
    p.add_argument("game", help="binh, draw (or toy, a tiny test game)")
    p.add_argument("--agents", nargs="+", required=True,
                   help="one agent per seat, comma or space separated: easy, normal, hard, "
                        "a baseline, or package.module:name")
    p.add_argument("--deals", type=_positive_int, default=1000, help="deals (hands) to play")
    p.add_argument("--seed", type=int, default=0, help="match seed (default 0)")
    p.add_argument("--workers", type=_positive_int, default=1, help="worker processes (default 1)")
    p.add_argument("--chunk-size", type=_positive_int, default=50, help="deals per seeded chunk")
    p.add_argument("--duplicate", action="store_true", help="replay each deal with the seats rotated")
    p.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    p.add_argument("--plot", metavar="FILE", help="save a cumulative-result plot (needs matplotlib)")
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.set_defaults(func=_cmd_simulate)
    for game, verbs in (("binh", "play | solve"), ("draw", "play")):
        p = sub.add_parser(game, help=f"{game}: {verbs} (see 'pokercore {game} play --help')")
        p.add_argument("verb", choices=verbs.replace(" ", "").split("|"))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["bench"]:  # bench parses its own options
        from . import bench

        return int(bench.main(argv[1:]) or 0)
    target = _DELEGATES.get(tuple(argv[:2]))
    if target is not None:
        import importlib

        module, _, name = target.partition(":")
        try:
            return int(getattr(importlib.import_module(module), name)(argv[2:]) or 0)
        except (PokercoreError, ValueError, TypeError) as exc:
            print(f"pokercore: error: {exc}", file=sys.stderr)
            return 2
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (PokercoreError, ValueError, TypeError, ImportError) as exc:
        print(f"pokercore: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
