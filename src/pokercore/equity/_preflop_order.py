"""The order of the 169 starting hands that percent ranges (``"15%"``) follow.

Each class (``AA``, ``AKs``, ``AKo``, ...) is ranked by its exact all-in
equity against a random hand: every opponent hand and every five-card
board, computed by pokercore's exact equity (the suits of a class do not
change it).  The figures ship in ``pokercore/data/preflop_order.json``;
``python -m pokercore.equity._preflop_build`` computes them again (about
twenty minutes on one core).

A percent range takes the classes from the top of this order while the
combos taken so far are fewer than that share of the 1,326 starting hands,
so ``"15%"`` is the smallest top slice of the order that holds at least 15%
(199 of 1,326 combos).

Examples
--------
>>> order = preflop_order()
>>> len(order), order[0][0], round(order[0][1], 4)
(169, 'AA', 0.852)
>>> [label for label, _ in order[:5]]
['AA', 'KK', 'QQ', 'JJ', 'TT']
>>> top_classes(5.0)[-1], sum(class_combos(c) for c in top_classes(5.0))
('AKo', 72)
"""

from __future__ import annotations

import json
from functools import lru_cache

__all__ = ["ORDER_FILE", "class_combos", "classes_covering", "preflop_order", "top_classes"]

ORDER_FILE = "preflop_order.json"
RANKS = "AKQJT98765432"
ALL_COMBOS = 1326


def class_combos(label: str) -> int:
    """Combos of a starting-hand class: 6 for a pair, 4 suited, 12 offsuit."""
    return 6 if len(label) == 2 else 4 if label.endswith("s") else 12


@lru_cache(maxsize=1)
def preflop_order() -> tuple[tuple[str, float], ...]:
    """The 169 classes, strongest first, each with its exact equity against a random hand."""
    from importlib.resources import files

    data = json.loads(files("pokercore").joinpath("data").joinpath(ORDER_FILE).read_text(encoding="utf-8"))
    order = tuple((str(label), float(eq)) for label, eq in data["order"])
    if len(order) != 169 or sum(class_combos(label) for label, _ in order) != ALL_COMBOS:
        raise RuntimeError(f"pokercore/data/{ORDER_FILE} does not hold the 169 starting hands; reinstall pokercore")
    return order


def classes_covering(order: tuple[tuple[str, float], ...], percent: float, total: int) -> list[str]:
    """The first classes of ``order`` (strongest first) until they hold ``percent`` of the ``total`` combos.

    >>> classes_covering((("AA", 0.85), ("KK", 0.82), ("AKs", 0.67)), 0.5, 1326)  # 6.63 combos: AA holds 6
    ['AA', 'KK']
    """
    target = percent / 100 * total
    out: list[str] = []
    taken = 0
    for label, _ in order:
        if taken >= target:
            break
        out.append(label)
        taken += class_combos(label)
    return out


def top_classes(percent: float) -> list[str]:
    """The classes of the strongest ``percent`` of starting hands (0 < percent <= 100; see the module docs)."""
    return classes_covering(preflop_order(), percent, ALL_COMBOS)
