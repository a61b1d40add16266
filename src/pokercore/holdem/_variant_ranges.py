"""Range equity of the hold'em variants (private; :func:`pokercore.holdem.variant_equity` is the entry point).

Each player is a *seat*: the combos it may hold (one for an explicit hand),
their card masks and weights.  A deal is one combo per seat, no two sharing
a card; it counts with the product of its combos' weights.

Exact: every deal (:func:`deals`) times every board, each deal through the
explicit-hands kernel (``exact_tally``), weighted.  Monte Carlo: blocks of
:data:`BLOCK` proposed deals drawn at once (a combo per seat by weight),
those whose combos collide thrown away, the board's missing cards drawn from
what each deal leaves, and every deal scored by the batch evaluators; the
pot shares follow the kernel's rules (hi-lo halves, split among ties).
Each missing board card is drawn uniformly from ``deck`` and drawn again
while it is a card the deal (or the board so far) already holds.  The
generator is ``PCG64`` seeded with the seed, and the block size is fixed,
so the same seed gives the same answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..errors import PokercoreValueError
from ..evaluators import evaluate_omaha_batch
from ._variants import exact_tally, omaha_low_rows, shortdeck_rows

__all__ = ["BLOCK", "Seat", "deals", "exact_weighted", "monte_carlo", "score"]

#: Deals proposed per Monte Carlo block (fixed: a seed's deals never depend on anything else).
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


def score(game: str, holes: list[np.ndarray], boards: np.ndarray) -> np.ndarray:
    """The tally (5 rows of P: wins, ties, high share, low share, squared share) of complete deals."""
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
        pot_hi = np.where(has_lo, 0.5, 1.0) / n_hi
        pot_lo = np.where(has_lo, 0.5, 0.0) / np.maximum(is_lo.sum(axis=0), 1)
        low = is_lo * pot_lo
    else:
        pot_hi = 1.0 / n_hi
        low = np.zeros(hi.shape)
    high = is_hi * pot_hi
    s = high + low
    return np.stack([(s == 1.0).sum(axis=1), ((s > 0) & (s < 1.0)).sum(axis=1), high.sum(axis=1),
                     low.sum(axis=1), (s * s).sum(axis=1)]).astype(np.float64)


def monte_carlo(game: str, seats: list[Seat], known: np.ndarray, deck: np.ndarray, n: int,
                seed: int) -> np.ndarray:
    """The tally of ``n`` deals drawn by a generator seeded with ``seed`` (see the module docstring).

    ``deck`` holds the cards a board may take (neither on the board nor dead).
    """
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    P = len(seats)
    need = 5 - len(known)
    cum = [np.cumsum(s.weights) / float(np.sum(s.weights)) for s in seats]
    tally = np.zeros((5, P))
    done = empty = 0
    while done < n:
        picks = []
        used = np.zeros(BLOCK, dtype=np.uint64)
        fits = np.ones(BLOCK, dtype=bool)
        for s, c in zip(seats, cum):
            if len(c) == 1:
                pick = np.zeros(BLOCK, dtype=np.int64)
            else:
                pick = np.minimum(np.searchsorted(c, rng.random(BLOCK), side="right"), len(c) - 1)
            cards = s.masks[pick]
            fits &= (used & cards) == 0
            used |= cards
            picks.append(pick)
        rows = np.flatnonzero(fits)[:n - done]
        if not len(rows):
            empty += 1
            if empty >= EMPTY_BLOCKS:
                raise PokercoreValueError(
                    f"the ranges almost never fit together: {EMPTY_BLOCKS * BLOCK:,} deals drawn in a row all "
                    "gave two players a card in common; narrow the ranges, or use exact=True")
            continue
        empty = 0
        m = len(rows)
        boards = np.empty((m, 5), dtype=np.uint8)
        boards[:, :len(known)] = known
        taken = used[rows]
        for q in range(need):  # each missing card uniform over what the deal and the cards so far leave
            cards = deck[rng.integers(0, len(deck), size=m)]
            bits = _ONE << cards.astype(np.uint64)
            clash = np.flatnonzero(taken & bits)
            while len(clash):
                cards[clash] = deck[rng.integers(0, len(deck), size=len(clash))]
                bits[clash] = _ONE << cards[clash].astype(np.uint64)
                clash = clash[(taken[clash] & bits[clash]) != 0]
            taken |= bits
            boards[:, len(known) + q] = cards
        holes = [np.ascontiguousarray(s.holes[p[rows]]) for s, p in zip(seats, picks)]
        tally += score(game, holes, boards)
        done += m
    return tally
