"""Range equity of the hold'em variants (private; :func:`pokercore.equity.equity` is the entry point).

Each player is a *seat*: the combos it may hold (one for an explicit hand),
their card masks and weights.  A deal is one combo per seat, no two sharing
a card; it counts with the product of its combos' weights.

Exact: every deal (:func:`deals`) times every board, each deal through the
explicit-hands kernel (``exact_tally``), weighted.  Monte Carlo
(:mod:`pokercore.equity._variant_samplers`) proposes blocks of deals, keeps
those whose combos share no card, and scores them with
:func:`score`, whose pot shares follow the kernel's rules (hi-lo halves,
split among ties).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .._variant_eval import omaha_low_rows, shortdeck_rows
from ..evaluators import evaluate_omaha_batch
from ._variants import exact_tally

__all__ = ["BLOCK", "EMPTY_BLOCKS", "Seat", "deals", "exact_weighted", "score"]

#: Monte Carlo: the deals of the pilot block that measures how many proposals fit (and a sixteenth of the
#: largest block).
BLOCK = 1 << 13
#: Blocks in a row with no deal whose combos fit together before Monte Carlo gives up.
EMPTY_BLOCKS = 64
#: Most partial deals held while enumerating the deals of an exact run.
MAX_DEALS = 2_000_000
_ONE = np.uint64(1)


@dataclass(frozen=True)
class Seat:
    """One player's combos: ``holes`` (n, k) uint8, ``masks`` (n,) uint64, ``weights`` (n,) float64."""

    holes: np.ndarray
    masks: np.ndarray
    weights: np.ndarray

    def without(self, mask: int) -> Seat:
        keep = (self.masks & np.uint64(mask)) == 0
        return Seat(self.holes[keep], self.masks[keep], self.weights[keep])


def mask_of(codes: Iterable[int]) -> int:
    """The 52-bit mask of some card codes."""
    m = 0
    for c in codes:
        m |= 1 << int(c)
    return m


def deals(seats: list[Seat], cap: int = MAX_DEALS) -> tuple[np.ndarray, np.ndarray] | None:
    """Every deal as ``(index per seat (D, P), card mask (D,))``, or None when more than ``cap`` partial deals."""
    idx = np.arange(len(seats[0].masks), dtype=np.int64)[:, None]
    used = seats[0].masks.copy()
    for seat in seats[1:]:
        if len(used) * len(seat.masks) > cap:
            return None
        fits = (used[:, None] & seat.masks[None, :]) == 0
        rows, cols = np.nonzero(fits)
        idx = np.concatenate([idx[rows], cols[:, None]], axis=1)
        used = used[rows] | seat.masks[cols]
    return idx, used


def exact_weighted(code: int, seats: list[Seat], idx: np.ndarray, used: np.ndarray, known: np.ndarray,
                   deck: np.ndarray) -> tuple[np.ndarray, float]:
    """The weighted tally of every deal of ``idx`` on every board of ``deck``'s cards, and the total weight."""
    P = len(seats)
    tally = np.zeros((5, P))
    total = 0.0
    need = 5 - len(known)
    deck64 = deck.astype(np.uint64)
    for d in range(len(idx)):
        holes = np.stack([seats[p].holes[idx[d, p]] for p in range(P)])
        w = 1.0
        for p in range(P):
            w *= float(seats[p].weights[idx[d, p]])
        live = deck[((used[d] >> deck64) & _ONE) == 0]
        part, _ = exact_tally(code, np.ascontiguousarray(holes), known, live, 0, len(live) - need + 1)
        tally += w * part
        total += w
    return tally, total


def score(game: str, holes: list[np.ndarray], boards: np.ndarray, share: int) -> np.ndarray:
    """The integer tally of complete deals: 5 rows of P (wins, ties, high parts, low parts, squared parts).

    A pot is ``share`` parts, a multiple of 2 * 2520 so that a half pot
    splits among up to 10 players in whole parts.
    """
    if game == "shortdeck":
        hi = np.stack([shortdeck_rows(np.ascontiguousarray(np.concatenate([h, boards], axis=1))) for h in holes])
    else:
        hi = np.stack([evaluate_omaha_batch(h, boards) for h in holes])
    is_hi = hi == hi.max(axis=0)
    n_hi = is_hi.sum(axis=0)
    if game == "plo8":
        lo = np.stack([omaha_low_rows(h, boards) for h in holes])
        best_lo = lo.max(axis=0)
        has_lo = best_lo > 0
        is_lo = (lo == best_lo) & has_lo
        pot_hi = np.where(has_lo, share // 2, share) // n_hi
        low = is_lo * (np.where(has_lo, share // 2, 0) // np.maximum(is_lo.sum(axis=0), 1))
    else:
        pot_hi = share // n_hi
        low = np.zeros(hi.shape, dtype=np.int64)
    high = is_hi * pot_hi
    s = (high + low).astype(np.int64)
    return np.stack([(s == share).sum(axis=1), ((s > 0) & (s < share)).sum(axis=1), high.sum(axis=1),
                     low.sum(axis=1), (s * s).sum(axis=1)]).astype(np.int64)
