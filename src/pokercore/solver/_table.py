"""The heads-up all-in equity of every pair of starting-hand classes, shipped and rebuilt here.

``python -m pokercore.solver._table`` rebuilds ``pokercore/data/pushfold_equity.npz``
with pokercore's exact equity (every board of every combo pair, ties
counted half): ``equity[a, b]`` is class ``a``'s mean all-in equity against
class ``b`` over the combo pairs that share no card, each pair weighted
alike (the figure :func:`pokercore.equity.equity` gives for the two classes
as ranges).  The 14,365 calls of the upper triangle take about 40 seconds
on one core; the lower triangle is ``1 - equity``.  Stored as float32
(114 KB before compression): the rounding, at most 3e-8, is far below any
figure the solver reports.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ._classes import CLASSES, NUM_CLASSES

__all__ = ["TABLE_FILE", "compute_table", "equity_table"]

#: The table's file in ``pokercore/data``.
TABLE_FILE = "pushfold_equity.npz"


@lru_cache(maxsize=1)
def equity_table() -> np.ndarray:
    """``(169, 169)`` float64, read-only: the shipped all-in equities (see the module)."""
    from importlib.resources import files

    with files("pokercore").joinpath("data").joinpath(TABLE_FILE).open("rb") as f, np.load(f) as data:
        table = np.asarray(data["equity"], dtype=np.float64)
        names = [str(x) for x in data["classes"]]
    if table.shape != (NUM_CLASSES, NUM_CLASSES) or names != list(CLASSES):
        raise RuntimeError(f"pokercore/data/{TABLE_FILE} does not hold the 169 x 169 classes; reinstall pokercore")
    table.flags.writeable = False
    return table


def compute_table(progress: bool = False) -> np.ndarray:
    """Every class's exact all-in equity against every class: ``(169, 169)`` float64."""
    from ..equity import equity

    table = np.full((NUM_CLASSES, NUM_CLASSES), 0.5)
    for a in range(NUM_CLASSES):
        for b in range(a + 1, NUM_CLASSES):
            share = equity([CLASSES[a], CLASSES[b]], exact=True).players[0].equity
            table[a, b], table[b, a] = share, 1.0 - share
        for b in (a,):  # a class against itself: exactly half by symmetry, checked
            share = equity([CLASSES[a], CLASSES[b]], exact=True).players[0].equity
            if abs(share - 0.5) > 1e-12:
                raise RuntimeError(f"{CLASSES[a]} against itself has equity {share}, not 0.5")
        if progress:
            print(f"{a + 1}/{NUM_CLASSES} rows", flush=True)
    return table


def _write() -> None:
    import time
    from pathlib import Path

    start = time.perf_counter()
    table = compute_table(progress=True)
    path = Path(__file__).resolve().parent.parent / "data" / TABLE_FILE
    np.savez_compressed(path, equity=table.astype(np.float32), classes=np.array(CLASSES),
                        what=np.array("exact heads-up all-in equity of the row class against the column "
                                      "class, mean over the combo pairs that share no card"))
    print(f"wrote {path} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    _write()
