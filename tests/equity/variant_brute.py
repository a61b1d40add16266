"""Slow, obviously correct references for the hold'em variants (test helper, not a test module).

Ranks are rank indices 0..12 (deuce..ace) from ``code // 4``; suits ``code % 4``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from pokercore import evaluate5

# Short deck: category order, low to high (flush above full house).
SD_HIGH, SD_PAIR, SD_TWO_PAIR, SD_TRIPS, SD_STRAIGHT, SD_FULL, SD_FLUSH, SD_QUADS, SD_SF = range(9)


def shortdeck_key5(cards):
    """A comparable key of five short-deck cards: (category, tie-break ranks)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_high = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_high = distinct[0]
        elif distinct == [12, 7, 6, 5, 4]:  # A-9-8-7-6: the ace plays low, nine high
            straight_high = 7 - 0.5  # below 6-7-8-9-T (ten high, index 8) and every other straight
    if straight_high is not None:
        return (SD_SF if flush else SD_STRAIGHT, (straight_high,))
    if flush:
        return (SD_FLUSH, tuple(ranks))
    count = Counter(ranks)
    groups = sorted(count.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    cat = {(4, 1): SD_QUADS, (3, 2): SD_FULL, (3, 1, 1): SD_TRIPS, (2, 2, 1): SD_TWO_PAIR,
           (2, 1, 1, 1): SD_PAIR, (1, 1, 1, 1, 1): SD_HIGH}[shape]
    return (cat, order)


def shortdeck_key(cards):
    return max(shortdeck_key5(h) for h in combinations(cards, 5))


def omaha_high(hole, board):
    """Best standard rank over every two hole cards and three board cards (pokercore's five-card evaluator)."""
    return max(evaluate5(list(h) + list(b)) for h in combinations(hole, 2) for b in combinations(board, 3))


def omaha_low(hole, board):
    """Best low as a tuple of ranks high to low (ace = 1), smaller better; None when no low qualifies."""
    best = None
    for h in combinations(hole, 2):
        for b in combinations(board, 3):
            lows = [1 if c // 4 == 12 else c // 4 + 2 for c in list(h) + list(b)]  # ace 1, deuce 2 .. king 13
            if len(set(lows)) == 5 and max(lows) <= 8:
                key = tuple(sorted(lows, reverse=True))
                if best is None or key < best:
                    best = key
    return best


def pot_shares(high, low=None):
    """Each player's pot share given comparable high values (bigger better) and low keys (smaller better)."""
    n = len(high)
    shares = [0.0] * n
    top = max(high)
    winners = [i for i in range(n) if high[i] == top]
    lows = [i for i in range(n) if low is not None and low[i] is not None]
    if lows:
        best = min(low[i] for i in lows)
        low_winners = [i for i in lows if low[i] == best]
        for i in winners:
            shares[i] += 0.5 / len(winners)
        for i in low_winners:
            shares[i] += 0.5 / len(low_winners)
    else:
        for i in winners:
            shares[i] += 1.0 / len(winners)
    return shares


def brute_equity(game, hands, board, dead=(), deck=None):
    """Average pot shares over every completion of ``board``."""
    deck = list(range(16, 52) if game == "shortdeck" else range(52)) if deck is None else deck
    used = {c for h in hands for c in h} | set(board) | set(dead)
    live = [c for c in deck if c not in used]
    totals = [0.0] * len(hands)
    n = 0
    for rest in combinations(live, 5 - len(board)):
        full = list(board) + list(rest)
        if game == "shortdeck":
            high = [shortdeck_key(list(h) + full) for h in hands]
            shares = pot_shares(high)
        else:
            high = [omaha_high(h, full) for h in hands]
            shares = pot_shares(high, [omaha_low(h, full) for h in hands] if game == "plo8" else None)
        for i, s in enumerate(shares):
            totals[i] += s
        n += 1
    return [t / n for t in totals]
