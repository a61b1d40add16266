"""Per-branch win/tie tables of Binh poker, and the shipped self-play tables.

For each branch (top, middle, bottom) the table holds the distribution of
the Binh rank (``10001..17917``, see :data:`pokercore.BINH_RANK_OFFSET`)
that a field of self-play opponents puts in that branch; tables are indexed
by the rank itself (length :data:`TABLE_LEN`, entries below 10001 unused).  From it, for a branch of rank ``r``:

* ``win[r]``  = P(opponent's same branch < r),
* ``tie[r]``  = P(opponent's same branch == r),
* ``value[r]`` = win - lose = P(win) - P(lose), the expected branch point.

By linearity of expectation the expected score of an arrangement against one
opponent of that field is ``value_top[rt] + value_middle[rm] + value_bottom[rb]``
(specials and fouls excluded), which the exhaustive search maximises
(:meth:`SelfPlayTables.branch_tables` is that objective for
:func:`pokercore.binh._search.best_arrangement`).

A table file (:meth:`SelfPlayTables.save`, ``.npz``) holds ``pmf``, a
``(3, FILE_COLUMNS)`` float32 array whose column ``j`` is Binh rank
``BINH_RANK_OFFSET + j`` (the ranks below hold no weight and are not
stored), and ``meta``, a JSON string.  The shipped tables
(``pokercore/data/binh_tables.npz``, made by :mod:`pokercore.binh._training`)
load on first use:

>>> from pokercore.binh import default_tables
>>> t = default_tables()
>>> t.value.shape, round(float(t.pmf[2].sum()), 6)
((3, 17918), 1.0)
>>> bool(t.value[2, 17917] > t.value[2, 10100])
True
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from importlib import resources
from typing import IO, Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .. import BINH_RANK_OFFSET
from ..errors import PokercoreValueError, cut
from ._search import TABLE_LEN, BranchTables

__all__ = ["BRANCHES", "FILE_COLUMNS", "TABLE_LEN", "SelfPlayTables", "default_tables"]

#: Columns of ``pmf`` in a table file: Binh ranks ``BINH_RANK_OFFSET .. TABLE_LEN - 1``.
FILE_COLUMNS = TABLE_LEN - BINH_RANK_OFFSET
BRANCHES = ("top", "middle", "bottom")


class SelfPlayTables:
    """Opponent branch-rank distributions and the win/tie/value tables they imply.

    Parameters
    ----------
    pmf : array of shape (3, TABLE_LEN)
        Row ``b`` (top, middle, bottom) is a probability distribution over
        Binh ranks (index = rank, ``10001..17917``).
    meta : dict, optional
        Provenance (training command, seed, convergence figures).
    """

    def __init__(self, pmf: ArrayLike, meta: dict[str, Any] | None = None) -> None:
        pmf = np.array(pmf, dtype=np.float64)
        if pmf.shape != (3, TABLE_LEN):
            raise PokercoreValueError(f"SelfPlayTables: pmf must have shape (3, {TABLE_LEN}), got {pmf.shape}")
        if (pmf < 0).any() or not np.allclose(pmf.sum(axis=1), 1.0):
            raise PokercoreValueError("SelfPlayTables: each pmf row must be a probability distribution")
        if pmf[:, :BINH_RANK_OFFSET + 1].any():
            raise PokercoreValueError(
                f"SelfPlayTables: pmf puts weight below index {BINH_RANK_OFFSET + 1}, where there is no Binh "
                f"rank: index a row by the Binh rank ({BINH_RANK_OFFSET + 1}..{TABLE_LEN - 1})"
            )
        self.pmf = pmf
        self.meta = dict(meta or {})
        cdf = np.cumsum(pmf, axis=1)
        self.tie = pmf
        self.win = cdf - pmf
        self.lose = 1.0 - cdf
        self.value = self.win - self.lose
        self.value.setflags(write=False)
        self._branch_tables: BranchTables | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the shipped tables as a reference to them, others by their ``pmf`` (the rest is derived).

        An agent sent to another process (a server's AI worker, a Dask
        worker) then carries a few bytes instead of megabytes.
        """
        if default_tables.cache_info().currsize and self is default_tables():
            return (default_tables, ())
        return (SelfPlayTables, (self.pmf, self.meta))

    @classmethod
    def from_ranks(cls, ranks: ArrayLike, meta: dict[str, Any] | None = None) -> SelfPlayTables:
        """Empirical tables from an (n, 3) array of (top, middle, bottom) ranks.

        >>> import numpy as np
        >>> t = SelfPlayTables.from_ranks(np.array([[10010, 10020, 10030], [10012, 10020, 10040]]))
        >>> float(t.value[0, 10011]), float(t.value[1, 10020]), float(t.value[2, 10041])
        (0.0, 0.0, 1.0)
        """
        r = np.asarray(ranks)
        if r.ndim != 2 or r.shape[1] != 3 or r.dtype.kind not in "iu":
            raise PokercoreValueError(f"SelfPlayTables.from_ranks: expected an (n, 3) integer array, got {r.shape}")
        if r.size and (r.min() <= BINH_RANK_OFFSET or r.max() >= TABLE_LEN):
            raise PokercoreValueError(
                f"SelfPlayTables.from_ranks: Binh ranks are {BINH_RANK_OFFSET + 1}..{TABLE_LEN - 1}, "
                f"got values in {int(r.min())}..{int(r.max())}"
            )
        pmf = np.stack([np.bincount(r[:, b], minlength=TABLE_LEN)[:TABLE_LEN] for b in range(3)])
        return cls(pmf / len(r), meta)

    def branch_tables(self) -> BranchTables:
        """The value tables as a :class:`pokercore.binh._search.BranchTables` objective (built once).

        >>> t = default_tables()
        >>> t.branch_tables() is t.branch_tables()
        True
        """
        if self._branch_tables is None:
            self._branch_tables = BranchTables(self.value[0], self.value[1], self.value[2])
        return self._branch_tables

    def expected(self, ranks: ArrayLike) -> NDArray[np.float64]:
        """Expected points per opponent of (..., 3) rank triples (non-fouled, no specials)."""
        r = np.asarray(ranks)
        out: NDArray[np.float64] = self.value[0][r[..., 0]] + self.value[1][r[..., 1]] + self.value[2][r[..., 2]]
        return out

    def save(self, path: str | os.PathLike[str] | IO[bytes]) -> None:
        """Write the tables to an ``.npz`` file (a path or a binary file object; the format of the module docstring)."""
        np.savez_compressed(path, pmf=self.pmf[:, BINH_RANK_OFFSET:].astype(np.float32),
                            meta=np.array(json.dumps(self.meta)))

    @classmethod
    def load(cls, path: str | os.PathLike[str] | IO[bytes]) -> SelfPlayTables:
        """Read tables written by :meth:`save` (a path or a binary file object).

        >>> import io
        >>> buf = io.BytesIO()
        >>> default_tables().save(buf); _ = buf.seek(0)
        >>> bool(np.allclose(SelfPlayTables.load(buf).value, default_tables().value))
        True
        """
        with np.load(path, allow_pickle=False) as z:
            if "pmf" not in z.files or "meta" not in z.files:
                raise PokercoreValueError(
                    f"SelfPlayTables.load: {cut(getattr(path, 'name', path))} is not a table file (it needs 'pmf' "
                    "and 'meta'): write one with SelfPlayTables.save or 'pokercore binh train --out FILE'"
                )
            pmf = z["pmf"].astype(np.float64)
            meta = json.loads(str(z["meta"]))
        if pmf.shape != (3, FILE_COLUMNS):
            raise PokercoreValueError(
                f"SelfPlayTables.load: pmf has shape {pmf.shape}, a table file has (3, {FILE_COLUMNS}) "
                f"(Binh ranks {BINH_RANK_OFFSET}..{TABLE_LEN - 1}): write it with SelfPlayTables.save or "
                "'pokercore binh train --out FILE'"
            )
        pmf = np.concatenate([np.zeros((3, BINH_RANK_OFFSET)), pmf], axis=1)
        pmf /= pmf.sum(axis=1, keepdims=True)
        return cls(pmf, meta)

    def __repr__(self) -> str:
        return f"SelfPlayTables(meta={self.meta.get('command', '')!r})"


@lru_cache(maxsize=1)
def default_tables() -> SelfPlayTables:
    """The tables shipped with pokercore (loaded once, on first use)."""
    ref = resources.files("pokercore") / "data" / "binh_tables.npz"
    try:
        with resources.as_file(ref) as p:
            return SelfPlayTables.load(p)
    except FileNotFoundError:
        raise FileNotFoundError(
            f"the shipped Binh tables are missing ({ref}); regenerate them with "
            "'pokercore binh train --rounds 30 --deals 25000 --seed 2024 --out FILE' and put FILE there"
        ) from None
