"""The 1,326 two-card hold'em hands as arrays, their 169 classes, and per-column shares of a rank table.

Every hold'em AI indexes an opponent's range by the same table: combo ``i``
is ``COMBOS[i]`` (two card codes, higher first).  A range is then a weight
array of length 1,326.

Examples
--------
>>> len(COMBOS), CLASS_NAMES[CLASS_OF[combo_index(51, 50)]], CLASS_NAMES[CLASS_OF[combo_index(51, 47)]]
(1326, 'AA', 'AKs')
>>> column_shares(np.array([[5, 1], [7, 3], [7, 2]]), np.ones((3, 2), dtype=bool)).tolist()
[[0.0, 0.0], [0.75, 1.0], [0.75, 0.5]]
"""

from __future__ import annotations

import numpy as np

from ...cards import RANKS

__all__ = [
    "CARD_BITS",
    "CLASS_NAMES",
    "CLASS_OF",
    "COMBOS",
    "COMBO_MASKS",
    "card_mask",
    "column_shares",
    "combo_index",
]


def _build() -> tuple[np.ndarray, np.ndarray, list[str]]:
    combos = []
    classes = []
    names: dict[str, int] = {}
    for a in range(52):
        for b in range(a):
            combos.append((a, b))
            ra, rb = a >> 2, b >> 2
            hi, lo = max(ra, rb), min(ra, rb)
            if hi == lo:
                name = RANKS[hi] * 2
            else:
                name = RANKS[hi] + RANKS[lo] + ("s" if (a & 3) == (b & 3) else "o")
            classes.append(names.setdefault(name, len(names)))
    return np.array(combos, dtype=np.uint8), np.array(classes, dtype=np.int16), list(names)


#: (1326, 2) uint8: every two-card hand, higher card code first.
COMBOS, CLASS_OF, CLASS_NAMES = _build()
#: One bit per card code (bit ``c`` for card ``c``).
CARD_BITS = np.uint64(1) << np.arange(52, dtype=np.uint64)
#: (1326,) uint64: the two cards of each combo as a bit mask.
COMBO_MASKS = CARD_BITS[COMBOS[:, 0]] | CARD_BITS[COMBOS[:, 1]]
_INDEX = {(int(a), int(b)): i for i, (a, b) in enumerate(COMBOS.tolist())}


def combo_index(a: int, b: int) -> int:
    """Index in :data:`COMBOS` of the hand of cards ``a`` and ``b`` (either order)."""
    return _INDEX[(max(a, b), min(a, b))]


def card_mask(cards: tuple[int, ...] | list[int]) -> np.uint64:
    """The bit mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << int(c)
    mask: np.uint64 = np.uint64(m)
    return mask


def column_shares(ranks: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """For every column, each valid entry's share of the column's valid entries it beats (ties half).

    ``ranks`` is (K, R) with higher better; invalid entries are ignored and
    get 0.
    """
    k, r = ranks.shape
    width = 7464
    key = np.where(valid, ranks, 0).astype(np.int64) + np.arange(r, dtype=np.int64)[None, :] * width
    counts = np.bincount(key.ravel(), minlength=r * width)
    below = np.cumsum(counts) - counts  # entries strictly lower, earlier columns included
    invalid = (~valid).sum(axis=0)
    n = valid.sum(axis=0)
    flat = key.ravel()
    # every column holds k entries: take away the earlier columns, then this column's invalid zeros
    lower = below[flat].reshape(k, r) - (np.arange(r) * k)[None, :] - invalid[None, :]
    ties = counts[flat].reshape(k, r) - 1
    share = (lower + 0.5 * ties) / np.maximum(n - 1, 1)[None, :]
    return np.where(valid, share, 0.0)
