"""Hold'em and Omaha with pokercore: 7-card ranks, Omaha, ranges and equity (pokercore.equity).

Run: python examples/holdem_equity.py
"""

from __future__ import annotations

import pokercore as pc
from pokercore.equity import equity, parse_range
from pokercore.holdem import evaluate7, evaluate7_batch, evaluate_omaha, percentile

# Best five of seven cards, on the same scale as evaluate5.
rank = evaluate7("Ah Kh 7c 7s 2d 7d Kc")
print(f"Ah Kh 7c 7s 2d 7d Kc: {pc.describe_rank(rank)}, beats {percentile(rank):.1%} of five-card hands")

# A million random seven-card hands in one call (GIL released).
ranks = evaluate7_batch(pc.random_hands(1_000_000, 7, seed=1))
share = (pc.categories_of(ranks) >= pc.HandCategory.FLUSH).mean()
print(f"flush or better in {share:.2%} of 1,000,000 random seven-card hands")

# Omaha: exactly two hole cards and three board cards.
print("Omaha As Ah Ad Kc on 2c 3d 7h 9s Js:", pc.describe_rank(evaluate_omaha("As Ah Ad Kc", "2c 3d 7h 9s Js")))

# Ranges and card removal, in the notation of each game.
villain = parse_range("QQ+, AKs, A5s-A2s")
print(f"QQ+, AKs, A5s-A2s: {len(villain)} combos, {len(villain.remove('As Kd'))} once As Kd are known")
print(f"PLO AAxx ds: {len(parse_range('AAxx ds', game='plo'))} combos")

# Exact equity on the flop, then seeded Monte Carlo three-way preflop.
print(equity(["AsKd", "QQ+,AKs,A5s-A2s"], board="Qh 7d 2c").table())
print(equity(["AsKd", "QQ+,AKs", "random"], samples=200_000, seed=7, workers=2).table())

# One entry point for every game: pot-limit Omaha, a hand against a range, on the flop.
print(equity(["As Ah Kd Qc", "KKxx ds, QQJJ"], board="Jd 7c 2s", game="plo").table())
# Monte Carlo until every standard error is at most 0.002 (where it stops depends on the seed alone).
print(equity(["AsKd", "QQ+,AKs"], stderr=0.002, seed=7).table())
