"""``pokercore eval``: the rank, scale and name of a 5-, 6- or 7-card hand or a 3-card Binh top.

>>> main(["Qh", "Qd", "9c"])  # doctest: +ELLIPSIS
Q♥ Q♦ 9♣: rank ... (binh) - Pair of queens, 9 kicker
0
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .. import describe_rank, evaluate3, evaluate5, parse_cards
from ..errors import PokercoreError
from ._terminal import hand_text

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pokercore eval",
                                description="Rank and name a 5-, 6- or 7-card hand (the best five), "
                                            "or a 3-card Binh top.")
    p.add_argument("cards", nargs="+", help='the cards, e.g. "As Kd 7h 7c 2s" (10h and A♠ work too)')
    p.add_argument("--rules", type=str.lower, choices=("standard", "binh"), default="standard",
                   help="straight order of a 5-card hand: standard (A-2-3-4-5 lowest) or binh "
                        "(T-J-Q-K-A highest, A-2-3-4-5 second), any case; default standard; "
                        "3 cards always use the Binh scale")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Print the rank and name of the hand; return the exit code.

    Cards that do not parse or a wrong number of them raise a
    :class:`~pokercore.errors.PokercoreError`, which ``pokercore eval``
    reports in one line with exit status 2.
    """
    args = _parser().parse_args(argv)
    cards = parse_cards(" ".join(args.cards))
    if len(cards) == 3:
        rank, rules = evaluate3(cards), "binh"
    elif len(cards) == 5:
        rank, rules = evaluate5(cards, rules=args.rules), args.rules
    elif len(cards) in (6, 7):
        if args.rules != "standard":
            raise PokercoreError("6- and 7-card hands are ranked by the standard rules only: drop --rules")
        from ..evaluators import evaluate

        rank, rules = evaluate(cards), "standard"
    else:
        raise PokercoreError(f"give 3, 5, 6 or 7 cards, got {len(cards)}")
    print(f"{hand_text(cards)}: rank {rank} ({rules}) - {describe_rank(rank, rules, kickers=True)}")
    return 0
