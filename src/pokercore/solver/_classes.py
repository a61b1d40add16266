"""The 169 starting-hand classes of hold'em, their combos and how often two of them meet.

A class is a cell of the 13x13 grid, rows and columns ranked from the ace
down: index ``13 * i + j`` is a pair when ``i == j`` (6 combos), suited
above the diagonal (``AKs``: row A, column K; 4 combos) and offsuit below
it (``AKo``: row K, column A; 12 combos), the layout of
:mod:`pokercore.equity._grid`.

Two combos *meet* when they share no card.  ``pair_counts()[a, b]`` is the
number of (combo of ``a``, combo of ``b``) pairs that meet: the card
removal of a heads-up deal, exactly (``AA`` against ``AA`` meets 6 times,
``AKs`` against ``AQs`` 12 times).  The counts sum to ``1326 * 1225``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = ["CLASSES", "COMBOS", "NUM_CLASSES", "class_combos", "class_index", "combo_counts", "pair_counts"]

#: Ranks from the ace down, as the grid lists them.
GRID_RANKS = "AKQJT98765432"
#: Starting-hand classes.
NUM_CLASSES = 169
#: Two-card combos.
COMBOS = 1326


def _label(i: int, j: int) -> str:
    if i == j:
        return GRID_RANKS[i] * 2
    if i < j:
        return GRID_RANKS[i] + GRID_RANKS[j] + "s"
    return GRID_RANKS[j] + GRID_RANKS[i] + "o"


#: The class names in grid order (``CLASSES[0] == "AA"``, ``CLASSES[1] == "AKs"``, ``CLASSES[13] == "AKo"``).
CLASSES: tuple[str, ...] = tuple(_label(i, j) for i in range(13) for j in range(13))
_INDEX = {name: k for k, name in enumerate(CLASSES)}


def class_index(name: str) -> int:
    """Grid index of a class name such as ``"AKs"`` (exact spelling; ``KeyError`` otherwise)."""
    return _INDEX[name]


def _class_of(a: int, b: int) -> int:
    """Grid index of the class of two card codes (``rank * 4 + suit``, rank 0 the deuce)."""
    hi, lo = max(a, b), min(a, b)
    i, j = 12 - (hi >> 2), 12 - (lo >> 2)
    if i == j:
        return 13 * i + i
    return 13 * i + j if (hi & 3) == (lo & 3) else 13 * j + i


@lru_cache(maxsize=1)
def _combo_table() -> tuple[np.ndarray, np.ndarray]:
    """``(cards, cls)``: the 1,326 combos as ``(1326, 2)`` card codes and each one's class index."""
    cards = np.array([(a, b) for a in range(52) for b in range(a)], dtype=np.int64)
    cls = np.array([_class_of(int(a), int(b)) for a, b in cards], dtype=np.int64)
    return cards, cls


def class_combos(k: int) -> list[tuple[int, int]]:
    """The combos of class ``k`` as card-code pairs, higher code first."""
    cards, cls = _combo_table()
    return [(int(a), int(b)) for a, b in cards[cls == k]]


@lru_cache(maxsize=1)
def combo_counts() -> np.ndarray:
    """``(169,)`` int64: combos per class (6, 4 or 12), summing to 1,326."""
    _, cls = _combo_table()
    return np.bincount(cls, minlength=NUM_CLASSES).astype(np.int64)


@lru_cache(maxsize=1)
def pair_counts() -> np.ndarray:
    """``(169, 169)`` int64, symmetric: the combo pairs of two classes that share no card (see the module)."""
    cards, cls = _combo_table()
    # Float64 products (BLAS) of 0/1 matrices: every figure is an integer far below 2**53, so exact.
    onehot = np.zeros((COMBOS, 52))
    rows = np.arange(COMBOS)
    onehot[rows, cards[:, 0]] = 1.0
    onehot[rows, cards[:, 1]] = 1.0
    meet = (onehot @ onehot.T == 0).astype(np.float64)  # 1326 x 1326: no shared card
    member = np.zeros((COMBOS, NUM_CLASSES))
    member[rows, cls] = 1.0
    counts: np.ndarray = np.rint(member.T @ meet @ member).astype(np.int64)
    counts.flags.writeable = False
    return counts
