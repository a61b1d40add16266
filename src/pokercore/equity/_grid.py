"""The 13x13 starting-hand grid of a range, as the equity tools draw it.

Row ``i`` and column ``j`` are ranks from the ace down.  The diagonal holds
the pairs (6 combos each), above it the suited hands (``AKs``: row A,
column K; 4 combos), below it the offsuit ones (``AKo``: row K, column A;
12 combos).  Each cell gets the combos of the range in that class and
their mean weight.

Examples
--------
>>> from pokercore.equity import parse_range
>>> g = range_grid(parse_range("QQ+,AKs,A5s-A2s:0.5"))
>>> g.cell("AA"), g.cell("A5s"), g.cell("AKo")
(Cell(label='AA', combos=6, possible=6, weight=1.0), Cell(label='A5s', combos=4, possible=4, weight=0.5), \
Cell(label='AKo', combos=0, possible=12, weight=0.0))
>>> g.combos, round(g.share, 4)   # 18 + 4 + 16 combos at weights 1 and 0.5
(38, 0.0226)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PokercoreValueError, cut
from ._holdem_ranges import Range

__all__ = ["Cell", "RangeGrid", "hand_class", "range_grid"]

RANKS = "AKQJT98765432"
#: Combos of all 1,326 two-card hands.
ALL_COMBOS = 1326


def hand_class(a: int, b: int) -> str:
    """The starting-hand class of two card codes, in either order: ``"AA"``, ``"AKs"`` or ``"AKo"``.

    >>> hand_class(51, 47), hand_class(51, 50), hand_class(51, 46), hand_class(46, 51)
    ('AKs', 'AA', 'AKo', 'AKo')
    """
    hi, lo = max(a, b), min(a, b)
    r1, r2 = RANKS[12 - (hi >> 2)], RANKS[12 - (lo >> 2)]
    if r1 == r2:
        return r1 + r2
    return r1 + r2 + ("s" if (hi & 3) == (lo & 3) else "o")


@dataclass(frozen=True)
class Cell:
    """One class of the grid: its label, the range's combos in it (of ``possible``), their mean weight."""

    label: str
    combos: int
    possible: int
    weight: float


@dataclass(frozen=True)
class RangeGrid:
    """A range on the 13x13 grid (see the module docs).

    Attributes
    ----------
    text : str
        The range as written.
    cells : tuple of tuple of Cell
        ``cells[i][j]``, rows and columns from the ace down.
    combos : int
        Combos in the range.
    weighted : float
        Their total weight.
    share : float
        ``weighted / 1326``: the share of all starting hands the range holds.
    """

    text: str
    cells: tuple[tuple[Cell, ...], ...]
    combos: int
    weighted: float
    share: float

    def cell(self, label: str) -> Cell:
        """The cell of a class such as ``"AKs"``, ``"T9o"`` or ``"77"``."""
        text = label.strip()
        if len(text) not in (2, 3) or text[0] not in RANKS or text[1] not in RANKS:
            raise PokercoreValueError(f"{cut(label)} is not a hand class such as AA, AKs or T9o")
        i, j = RANKS.index(text[0]), RANKS.index(text[1])
        if i == j:
            if len(text) != 2:
                raise PokercoreValueError(f"{cut(label)}: a pair has no s/o suffix (write {text[:2]})")
            return self.cells[i][i]
        if len(text) != 3 or text[2] not in "so" or i > j:
            raise PokercoreValueError(f"{cut(label)} is not a hand class such as AKs or AKo (higher rank first)")
        return self.cells[i][j] if text[2] == "s" else self.cells[j][i]

    def table(self) -> str:
        """The grid as text, one row per line, then the marked cells and the totals.

        A class in the range in full at weight 1 shows its name; one with
        another weight, or with only some of its combos, shows its name and
        ``*`` and is listed under the grid; a class not in the range is ``.``.
        """
        lines = []
        notes = []
        for row in self.cells:
            parts = []
            for c in row:
                if c.combos == 0:
                    parts.append(f"{'.':<5}")
                    continue
                full = c.combos == c.possible
                parts.append(f"{c.label + ('' if full and c.weight == 1.0 else '*'):<5}")
                if not (full and c.weight == 1.0):
                    notes.append(f"{c.label} {c.combos}/{c.possible} at {c.weight:.3g}")
            lines.append("".join(parts).rstrip())
        if notes:
            lines.append("* " + ", ".join(notes))
        lines.append(f"{self.combos:,} combos (weighted {self.weighted:g}), {self.share:.2%} of all "
                     f"{ALL_COMBOS:,} starting hands")
        return "\n".join(lines)


def range_grid(rng: Range) -> RangeGrid:
    """The 13x13 grid of ``rng``: combos and mean weight per starting-hand class."""
    counts: dict[str, int] = {}
    weights: dict[str, float] = {}
    for (a, b), w in rng.combos_weights:
        k = hand_class(a, b)
        counts[k] = counts.get(k, 0) + 1
        weights[k] = weights.get(k, 0.0) + w
    rows = []
    for i, r1 in enumerate(RANKS):
        row = []
        for j, r2 in enumerate(RANKS):
            if i == j:
                label, possible = r1 + r2, 6
            elif i < j:
                label, possible = r1 + r2 + "s", 4
            else:
                label, possible = r2 + r1 + "o", 12
            n = counts.get(label, 0)
            row.append(Cell(label, n, possible, weights.get(label, 0.0) / n if n else 0.0))
        rows.append(tuple(row))
    total = sum(w for _, w in rng.combos_weights)
    return RangeGrid(rng.text, tuple(rows), len(rng), total, total / ALL_COMBOS)
