"""``pokercore equity``: equity of hands and ranges from the command line (hold'em, PLO, PLO8, short deck).

Examples
--------
>>> main(["AsKs", "QdQc", "--board", "Qh 7d 2c"])  # doctest: +NORMALIZE_WHITESPACE
player  combos     win    ties  tie eq  equity
AsKs         1   1.62%   0.00%   0.00%   1.62%
QdQc         1  98.38%   0.00%   0.00%  98.38%
board Qh 7d 2c; exact: 1 deal x 990 boards
method: exact (chosen: 1 deal x 990 boards, under a second on one core)
0
>>> main(["As Ah Ks Kh", "Qd Qc Jd Jc", "--game", "plo", "--board", "2s 7h 9d"])  # doctest: +NORMALIZE_WHITESPACE
player       combos     win    ties  tie eq  equity
As Ah Ks Kh       1  78.90%   0.00%   0.00%  78.90%
Qd Qc Jd Jc       1  21.10%   0.00%   0.00%  21.10%
plo; board 2s 7h 9d; exact: 1 deal x 820 boards
method: exact (chosen: 820 boards, under a second on one core)
0
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from math import isfinite

from ..equity import LIMITS, equity, equity_by_combo, plot_combo_equity
from ..errors import PokercoreError, cut
from ._args import MAX_TEXT, integer

__all__ = ["build_parser", "main"]

GAMES = ("holdem", "shortdeck", "plo", "plo5", "plo6", "plo8")


def _power(n: int) -> str:
    """``10**12`` as the command line writes it: ``1e12``."""
    return f"1e{len(str(n)) - 1}" if n == 10 ** (len(str(n)) - 1) else f"{n:,}"


def _number(text: str) -> float:
    """An argparse type: a finite number written in ASCII (``float`` also reads other scripts' digits)."""
    try:
        if len(text) > MAX_TEXT or not text.isascii():
            raise ValueError
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {cut(text)}") from None
    if not isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {cut(text)}")
    return value


#: The stop rules as the options name them: (option, attribute, least, most, most excluded, example).
_STOP_RULES = (("--stderr", "target_stderr", LIMITS.stderr_min, LIMITS.stderr_below, True, "0.001"),
               ("--seconds", "seconds", LIMITS.seconds_min, LIMITS.seconds_max, False, "2"))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``pokercore equity``."""
    p = argparse.ArgumentParser(
        prog="pokercore equity",
        description="Equity of 2-10 hands or ranges (exact when small, else seeded Monte Carlo): hold'em, "
                    "pot-limit Omaha (4-6 cards), Omaha hi-lo eight-or-better, short deck.",
        epilog='Ranges (hold\'em): QQ+, AKs, AKo, AK, A5s-A2s, KTo+, 22-77, JTs-65s, AhKh, random, AKs:0.5; '
               'short deck: the same with ranks 6-A, and top 20%; Omaha: AAxx, AKQJ ds, KKxx ss, AsAh**, '
               'T98x r, random, AAxx:0.5. '
               'Examples: pokercore equity "AsKs" "QQ+,AKs" --board "Qh 7d 2c" --by-combo; '
               'pokercore equity "As Ah Ks Kh" "Qd Qc Jd Jc" --game plo --board "2s 7h 9d"',
    )
    p.add_argument("players", nargs="+", help='a hand ("AsKs"; "As Ah Ks Kh" in Omaha) or a range ("QQ+,AKs"; '
                                              '"AAxx ds" in Omaha) per player')
    p.add_argument("--game", choices=GAMES, default="holdem",
                   help="holdem (default), plo (4, 5 or 6 hole cards), plo8 (Omaha hi-lo eight-or-better), "
                        "shortdeck (6+: flush beats full house)")
    p.add_argument("--board", default="", help='0, 3, 4 or 5 board cards, e.g. "Qh 7d 2c"')
    p.add_argument("--dead", default="", help="cards out of the deck")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal and board")
    how.add_argument("--samples", type=integer(1, LIMITS.samples),
                     help=f"Monte Carlo samples (up to {_power(LIMITS.samples)} in hold'em, "
                          f"{_power(LIMITS.variant_samples)} in plo, plo8 and shortdeck)")
    p.add_argument("--stderr", type=_number,
                   metavar="SE", dest="target_stderr",
                   help="Monte Carlo until every player's standard error is at most SE, e.g. 0.001 (--samples is "
                        "then the most to draw); where it stops depends on the seed alone")
    p.add_argument("--seconds", type=_number, metavar="S",
                   help="Monte Carlo for about S seconds: a short seeded calibration turns S into a sample count, "
                        "which is printed; --samples with that count and the same --seed gives the same result "
                        "(--samples is then the most to draw)")
    p.add_argument("--seed", type=integer(0), help="Monte Carlo seed (printed when not given)")
    p.add_argument("--workers", type=integer(1, LIMITS.workers), default=1,
                   help="threads (default 1; the answer does not depend on it)")
    p.add_argument("--by-combo", action="store_true",
                   help="a hand against a range (two players, any --game): the hand's equity against each combo, "
                        "which combos are ahead, and the equity distribution (in --json too)")
    p.add_argument("--plot", metavar="FILE",
                   help="with a hand against a range: save the equity distribution over the range's combos "
                        "(FILE.png, .svg, .pdf; needs the plot extra); implies --by-combo")
    p.add_argument("--bins", type=integer(1, LIMITS.bins), default=10,
                   help="bins of the equity distribution (default 10)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--no-progress", action="store_true", help="never show progress on stderr")
    return p


def _refuse(args: argparse.Namespace) -> str | None:
    """Why these options do not go together (or a value is out of range), or None."""
    for option, dest, low, high, open_, example in _STOP_RULES:
        value = getattr(args, dest)
        if value is not None and not (low <= value < high if open_ else low <= value <= high):
            bounds = f"from {low:g} to {high:g}".replace("e-06", "e-6")
            return f"{option} must be a number {bounds} (e.g. {example}), got {value:g}"
    if args.exact:
        for option, value in (("--stderr", args.target_stderr), ("--seconds", args.seconds)):
            if value is not None:
                return f"{option} is for Monte Carlo: --exact enumerates every deal and board; give one of them"
    if args.target_stderr is not None and args.seconds is not None:
        return "give --stderr or --seconds, not both: each says when Monte Carlo stops"
    if args.game != "holdem" and args.samples is not None and args.samples > LIMITS.variant_samples:
        return (f"--samples {args.samples:,} is more than --game {args.game} draws "
                f"(at most {_power(LIMITS.variant_samples)}); give fewer, or --stderr to stop once precise enough")
    if (args.by_combo or args.plot) and len(args.players) != 2:
        return f"--by-combo and --plot need two players, a hand and a range; got {len(args.players)}"
    if (args.by_combo or args.plot) and (args.target_stderr is not None or args.seconds is not None):
        return "--stderr and --seconds do not go with --by-combo (each combo is exact or takes --samples)"
    return None


def _unknown(extra: list[str], players: list[str], words: list[str]) -> str:
    """The message for words argparse did not take: a hand or range that starts with '-' says to use ``--``."""
    dashed = [w for w in extra if w.startswith("-") and not w.startswith("--")]
    if not dashed:
        return f"unrecognized arguments: {' '.join(extra)}"
    wanted = list(players) + dashed
    ordered = []
    for w in words:  # the players in the order given, for the example
        if w in wanted:
            wanted.remove(w)
            ordered.append(w)
    options = "[options] " if len(words) > len(ordered) else ""
    example = " ".join(shlex.quote(w) for w in ordered + wanted)
    return (f"{cut(dashed[0])} is not an option: a hand or range that starts with '-' goes after --, which ends "
            f"the options, as in: pokercore equity {options}-- {example}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``pokercore equity``; return the exit code (2 for bad input, with the reason on stderr).

    Ctrl-C stops the run at once (``KeyboardInterrupt``; the ``pokercore``
    command exits 130).  ``--json`` prints strict JSON (never ``NaN``).
    """
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    args, extra = parser.parse_known_args(words)
    if extra:
        parser.error(_unknown(extra, args.players, words))
    progress = (not args.no_progress) and not args.json and sys.stderr.isatty()
    problem = _refuse(args)
    if problem:
        print(f"pokercore equity: error: {problem}", file=sys.stderr)
        return 2
    board, dead = args.board or None, args.dead or None
    exact = True if args.exact else None
    try:
        result = equity(args.players, board=board, dead=dead, game=args.game, exact=exact, samples=args.samples,
                        seed=args.seed, workers=args.workers, progress=progress, stderr=args.target_stderr,
                        seconds=args.seconds)
        combos = None
        if args.by_combo or args.plot:
            combos = equity_by_combo(args.players[0], args.players[1], board, dead, game=args.game, exact=exact,
                                     samples=args.samples, seed=args.seed)
            combos.distribution(args.bins)
        if args.plot and combos is not None:
            plot_combo_equity(combos, args.plot, bins=args.bins)
    except PokercoreError as exc:
        print(f"pokercore equity: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        out = result.as_dict()
        if combos is not None:
            out["by_combo"] = combos.as_dict(args.bins)
        print(json.dumps(out, indent=2, allow_nan=False))
    else:
        print(result.table())
        print(f"method: {result.method}")
        if combos is not None:
            print()
            print(combos.table())
        if args.plot:
            print(f"plot: {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
