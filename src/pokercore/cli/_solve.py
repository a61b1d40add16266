"""``pokercore solve``: game-theory solutions from the command line.

``pokercore solve pushfold --stack 10 [--ante A] [--json F]`` prints the
heads-up push/fold equilibrium at a stack depth: both ranges on the 13x13
grid, the shares of hands played, the EVs and the exploitability;
``pokercore solve icm --stacks 5000 3000 2000 --payouts 50 30 20`` prints
each player's ICM equity.  ``--json F`` also writes the result to file
``F`` (``-`` for standard output instead of the text).

Examples
--------
>>> main(["icm", "--stacks", "3000", "1000", "--payouts", "70", "30"])
player  stack     equity  share
     1  3,000      60.00  60.00%
     2  1,000      40.00  40.00%
0
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..equity import parse_range, range_grid
from ..sim._files import atomic_write, check_writable
from ..solver import MAX_ICM_PLAYERS, MAX_STACK, icm, icm_push_fold, push_fold
from ._args import MAX_TEXT

__all__ = ["build_parser", "main"]


def _number(low: float, low_ok: bool, what: str) -> Callable[[str], float]:
    """An argparse type: a finite number >= (or >) ``low``."""
    expected = f"{what} {'>=' if low_ok else '>'} {low:g}"

    def parse(text: str) -> float:
        if len(text) > MAX_TEXT or not text.isascii():
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text[:40]!r}")
        try:
            value = float(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None
        if not math.isfinite(value) or value < low or (value == low and not low_ok):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``pokercore solve``."""
    p = argparse.ArgumentParser(prog="pokercore solve",
                                description="Game-theory solutions: heads-up push/fold and ICM equities.")
    sub = p.add_subparsers(dest="what", required=True, metavar="{pushfold,icm}")
    pf = sub.add_parser(
        "pushfold", prog="pokercore solve pushfold",
        help="the heads-up push/fold Nash equilibrium at a stack depth",
        description="The heads-up push/fold Nash equilibrium: the small blind moves all in or folds, the big "
                    "blind calls or folds. Exact card removal and exact all-in equities; prints both ranges "
                    "on the 13x13 grid (a class played only part of the time is marked * with its weight).")
    pf.add_argument("--stack", required=True, type=_number(1.0, True, "a stack in big blinds"),
                    help=f"each player's stack in big blinds before blinds and antes (1 to {MAX_STACK:,.0f})")
    pf.add_argument("--ante", default=0.0, type=_number(0.0, True, "an ante in big blinds"),
                    help="each player's ante in big blinds (default 0; 0.125 for a 1/8 ante)")
    pf.add_argument("--target", default=1e-5, type=_number(0.0, False, "an exploitability in big blinds"),
                    help="stop when the exploitability is at most this, in big blinds per hand (default 1e-5)")
    pf.add_argument("--json", metavar="F", help="also write the result as JSON to file F ('-': print it "
                                                "instead of the text)")
    ic = sub.add_parser(
        "icm", prog="pokercore solve icm", help="each player's tournament equity by ICM (Malmuth-Harville)",
        description="Each player's expected prize by the independent chip model (Malmuth-Harville), exactly.")
    ic.add_argument("--stacks", required=True, nargs="+", type=_number(0.0, False, "a stack"),
                    help=f"each player's chips (2 to {MAX_ICM_PLAYERS} players)")
    ic.add_argument("--payouts", required=True, nargs="+", type=_number(0.0, True, "a payout"),
                    help="the prizes from first place down (amounts, or shares of the prize pool)")
    ic.add_argument("--blinds", nargs=2, metavar=("SB", "BB"), type=_number(0.0, False, "a blind in chips"),
                    help="with three stacks (button, small blind, big blind): also solve push/fold at these "
                         "blinds, every result valued by ICM")
    ic.add_argument("--ante", default=0.0, type=_number(0.0, True, "an ante in chips"),
                    help="each player's ante in chips, with --blinds (default 0)")
    ic.add_argument("--json", metavar="F", help="also write the result as JSON to file F ('-': print it "
                                                "instead of the text)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``pokercore solve`` with ``argv`` (the words after ``solve``); return the exit code."""
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.json and args.json != "-":
        check_writable(args.json)  # before the work: a mistyped folder is refused at once
    if args.what == "pushfold":
        result: Any = push_fold(args.stack, args.ante, target=args.target)
        text = _pushfold_text(result)
    elif args.blinds is None:
        result = icm(args.stacks, args.payouts)
        text = _icm_text(result)
    else:
        result = icm_push_fold(args.stacks, args.payouts, args.blinds[0], args.blinds[1], args.ante)
        text = _icm_text(icm(args.stacks, args.payouts)) + "\n\n" + _icm_push_fold_text(result)
    if args.json == "-":
        print(json.dumps(result.to_dict(), indent=1, allow_nan=False))
        return 0
    print(text)
    if args.json:
        body = json.dumps(result.to_dict(), indent=1, allow_nan=False) + "\n"

        def write(path: str) -> None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(body)

        atomic_write(args.json, write)
    return 0


def _grid(text: str) -> str:
    if not text:
        return "(no hand)"
    return range_grid(parse_range(text)).table()


def _pushfold_text(r: Any) -> str:
    ante = f", ante {r.ante:g}" if r.ante else ""
    lines = [f"Heads-up push/fold at {r.stack:g} big blinds{ante}",
             "",
             f"Small blind pushes {r.sb_push_fraction:.2%} of hands:",
             _grid(r.sb_range),
             "",
             f"Big blind calls {r.bb_call_fraction:.2%} of hands:",
             _grid(r.bb_range),
             "",
             f"EV per hand (big blinds): small blind {r.sb_ev:+.4f}, big blind {r.bb_ev:+.4f}",
             f"exploitability {_small(r.exploitability)} big blinds per hand after {r.iterations:,} CFR+ "
             f"iterations" + ("" if r.converged else " (target not reached)")]
    return "\n".join(lines)


def _small(x: float) -> str:
    return "below 1e-12" if x < 1e-12 else f"{x:.2g}"


def _icm_text(r: Any) -> str:
    total = sum(r.payouts)
    width = max(len(f"{s:,.0f}") for s in r.stacks)
    lines = [f"player  {'stack':>{width}}  {'equity':>9}  share"]
    for i, (s, e) in enumerate(zip(r.stacks, r.equities, strict=True)):
        lines.append(f"{i + 1:>6}  {s:>{width},.0f}  {e:>9.2f}  {e / total:.2%}")
    return "\n".join(lines)


_DECISION_TEXT = {
    "btn_push": "Button pushes",
    "sb_push": "Small blind pushes after the button folds",
    "sb_call": "Small blind calls the button's push",
    "bb_call_sb": "Big blind calls the small blind's push",
    "bb_call_btn": "Big blind calls the button's push",
    "bb_call_both": "Big blind calls the button's push and the small blind's call",
}


def _icm_push_fold_text(r: Any) -> str:
    ante = f", ante {r.ante:g}" if r.ante else ""
    lines = [f"Three-handed push/fold at blinds {r.small_blind:g}/{r.big_blind:g}{ante}, valued by ICM"]
    for name, words in _DECISION_TEXT.items():
        lines += ["", f"{words}: {r.fractions[name]:.2%} of hands", _grid(r.range_of(name))]
    seats = ", ".join(f"{seat} {e:.2f}" for seat, e in zip(("button", "small blind", "big blind"), r.equities,
                                                           strict=True))
    lines += ["", f"equity with these strategies: {seats}",
              f"epsilon {r.epsilon:.2g} (the most a seat gains per hand by a best response) after {r.rounds} "
              f"rounds of fictitious play" + ("" if r.converged else " (target not reached)")]
    return "\n".join(lines)
