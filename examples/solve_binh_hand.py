"""Solve a Binh hand: legal arrangements, the best one under each objective, special hands."""

import numpy as np

from pokercore import parse_cards
from pokercore.binh import (
    TABLE_LEN,
    BranchTables,
    best_arrangement,
    classify_special,
    count_legal,
    legal_arrangements,
    suggest_arrangement,
)

hand = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"
print(f"{count_legal(hand)} of 72,072 splits are legal (not a foul)")

print("\nStrongest bottom, then middle, then top:")
print(best_arrangement(hand))

# The shipped self-play tables give each branch rank its P(win) - P(lose);
# maximising their sum maximises the expected score against the field.
best, expected = suggest_arrangement(parse_cards(hand))
print(f"\nBest expected score ({expected:+.3f} points per opponent):")
print(best)

# Any other objective: a callable scoring every legal arrangement.
legal = legal_arrangements(hand)
strongest_top = best_arrangement(hand, lambda rows: rows["top_rank"])
print(f"\n{len(legal)} legal rows; the strongest possible top: {strongest_top.format()}")

# A hand-made table: value the top as much as the bottom.
ramp = np.linspace(0.0, 1.0, TABLE_LEN)  # one value per Binh rank (10001..17917 are used)
print(f"Flat ramp tables:       {best_arrangement(hand, BranchTables(ramp, ramp, ramp)).format()}")

for cards in ["2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",       # dragon flush (type A)
              "2c 2d 5h 5s 8c 8d Jh Js Kc Kd Ah Ad 3c",       # six pairs (type B)
              "2c 2d 5h 5s 8c 8d Jh Js Kc Kd Ah 4d 3c"]:      # five pairs: not special
    special = classify_special(cards)
    if special:
        print(f"{cards}: {special.best.value} (type {special.type}); matches {[k.value for k in special.kinds]}")
    else:
        print(f"{cards}: not special")
