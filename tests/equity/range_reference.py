"""A slow, obviously correct reference for range equity in the hold'em variants (test helper, not a test module).

Every deal (one combo per player, no card twice, weight the product of the combos' weights) times every board
that completes the known one, each hand scored by the per-call evaluators.
"""

from __future__ import annotations

from itertools import combinations, product

from pokercore._variant_hands import evaluate_omaha_low, evaluate_shortdeck
from pokercore.evaluators import evaluate_omaha

from .variant_brute import pot_shares


def range_reference(game, seats, board, dead=()):
    """Equity per player; ``seats`` is a list (per player) of lists of ``(combo, weight)``."""
    deck = list(range(16, 52) if game == "shortdeck" else range(52))
    totals = [0.0] * len(seats)
    weight_sum = 0.0
    for deal in product(*seats):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) != len(cards) or set(cards) & (set(board) | set(dead)):
            continue
        w = 1.0
        for _, cw in deal:
            w *= cw
        live = [c for c in deck if c not in set(cards) | set(board) | set(dead)]
        boards = list(combinations(live, 5 - len(board)))
        for rest in boards:
            full = list(board) + list(rest)
            hands = [combo for combo, _ in deal]
            if game == "shortdeck":
                shares = pot_shares([evaluate_shortdeck(list(h) + full) for h in hands])
            else:
                high = [evaluate_omaha(list(h), full) for h in hands]
                low = None
                if game == "plo8":
                    ranks = [evaluate_omaha_low(list(h), full) for h in hands]
                    low = [None if r == 0 else -r for r in ranks]
                shares = pot_shares(high, low)
            for i, s in enumerate(shares):
                totals[i] += w * s / len(boards)
        weight_sum += w
    return [t / weight_sum for t in totals]
