"""Evaluate a million random hands with the numpy batch API, and all 2,598,960 hands."""

import itertools
import time

import numpy as np

import pokercore as pc

hands = pc.random_hands(1_000_000, 5, seed=42)  # (n, 5) uint8 card codes
start = time.perf_counter()
ranks = pc.evaluate5_batch(hands)
elapsed = time.perf_counter() - start
print(f"1,000,000 random hands in {elapsed * 1e3:.1f} ms ({1 / elapsed:.1f} M hands/s)")

categories = pc.categories_of(ranks)
for cat in reversed(pc.HandCategory):
    print(f"{cat.label:16} {np.count_nonzero(categories == cat):8d}")

every = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
start = time.perf_counter()
all_ranks = pc.evaluate5_batch(every, rules="binh")
print(f"all {len(every):,} hands (Binh order) in {(time.perf_counter() - start) * 1e3:.1f} ms; "
      f"{len(np.unique(all_ranks))} distinct ranks")
best = every[np.argmax(all_ranks)]
print("best:", pc.format_cards(best), "-", pc.describe_rank(int(all_ranks.max()), "binh"))
