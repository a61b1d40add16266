"""Opponent ranges as weighted hand distributions (particles), from public information only.

A *range* is a weighted set of concrete hands the opponent might hold.
The hands come from one fixed, seeded simulation of a sensible drawer
(:func:`particles`): deal five cards, discard like a solid player (keep
pairs, trips and two pair, draw one to a four-flush or an open-ended
straight, stand pat on a straight or better, else keep the two highest
cards), deal the replacements and rank the final hand.  Every particle
records its pre-draw hand strength, its draw count and its final five
cards and rank.

:class:`OpponentRange` weighs each particle by how well it explains what
the opponent did in this hand:

* its public draw count (a particle that would have drawn differently
  keeps a small weight :data:`OFF_POLICY`: opponents do not all draw alike);
* each bet or raise multiplies by a likelihood rising with the hand's
  percentile, each call by a flatter one, each check by one falling with
  it; first-round actions use the pre-draw strength, second-round actions
  the final hand.

The likelihoods depend on the opponent's style *within this hand* (an
agent keeps no memory across deals): a seat that has only checked and
called may be a calling station, whose calls say little, so a call from a
seat that never bet counts for less than a call from one that has raised.

Examples
--------
>>> p = particles()
>>> sorted(set(p.drawn.tolist()))
[0, 1, 2, 3]
>>> bool((p.final_rank > 0).all()), p.final.shape[1]
(True, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

import numpy as np

from pokercore import evaluate5_batch, random_hands

from .odds import CATEGORY, showdown_cdf

__all__ = ["Particles", "particles", "OpponentRange", "rank_cdf", "card_mask", "OFF_POLICY", "STYLE"]

#: Weight kept by a particle whose draw count differs from the one observed.
OFF_POLICY = 0.03
#: Per-draw-count cap on stored particles (the rest are represented by a prior weight).
CAP = 5000
_SEED = 20_260_601
#: Combinations of five cards per distinct rank class, by category (high card .. straight flush).
_CLASS_COMBOS = np.array([1020, 384, 144, 64, 1020, 4, 24, 16, 4], dtype=np.float64)


@dataclass(frozen=True)
class Particles:
    """The simulated hands of a sensible drawer (arrays of equal length)."""

    final: np.ndarray        # (n, 5) uint8 final cards
    final_rank: np.ndarray   # (n,) final ranks
    final_pct: np.ndarray    # (n,) showdown percentile of the final hand
    pre_pct: np.ndarray      # (n,) percentile of the pre-draw hand among random 5-card hands
    drawn: np.ndarray        # (n,) cards drawn (0..3)
    prior: np.ndarray        # (n,) weight of the particle (stratified sampling)
    mask: np.ndarray         # (n,) uint64 bit mask of the final cards


def card_mask(cards) -> int:
    """Bit mask of card codes.

    >>> card_mask([0, 3])
    9
    """
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


@lru_cache(maxsize=1)
def five_card_pct() -> np.ndarray:
    """``pct[r]``: share of random five-card hands ranking below ``r`` (ties half), exact."""
    counts = _CLASS_COMBOS[CATEGORY[1:]]
    counts = np.concatenate(([0.0], counts))
    below = np.concatenate(([0.0], np.cumsum(counts)[:-1]))
    pct = (below + 0.5 * counts) / counts.sum()
    pct[0] = 0.0
    return pct


def _sensible_keep(hand: np.ndarray, cat: np.ndarray) -> np.ndarray:
    """Boolean (n, 5): the cards a sensible drawer keeps."""
    n = len(hand)
    r = (hand >> 2).astype(np.int16)
    s = hand & 3
    rc = (r[:, :, None] == r[:, None, :]).sum(2)
    sc = (s[:, :, None] == s[:, None, :]).sum(2)
    keep = np.zeros((n, 5), dtype=bool)
    keep[cat >= 4] = True
    paired = (cat >= 1) & (cat <= 3)
    keep[paired] = rc[paired] >= 2
    hi = cat == 0
    ff = hi & (sc.max(1) == 4)
    keep[ff] = sc[ff] == 4
    # open-ended straight draws among the rest: four consecutive ranks not touching the ace
    srt = np.sort(r, axis=1)
    low4 = (srt[:, 3] - srt[:, 0] == 3) & (srt[:, 3] < 12)
    high4 = (srt[:, 4] - srt[:, 1] == 3) & (srt[:, 4] < 12)
    oe_hi = hi & ~ff & low4          # throw the top card
    oe_lo = hi & ~ff & ~low4 & high4  # throw the bottom card
    keep[oe_hi] = r[oe_hi] != srt[oe_hi, 4][:, None]
    keep[oe_lo] = r[oe_lo] != srt[oe_lo, 0][:, None]
    rest = hi & ~ff & ~low4 & ~high4
    keep[rest] = r[rest] >= srt[rest, 3][:, None]  # the two highest cards
    return keep


@lru_cache(maxsize=1)
def particles(n: int = 400_000) -> Particles:
    """The fixed particle set (seeded: identical in every process)."""
    rng = np.random.default_rng(_SEED)
    deal = random_hands(n, 8, seed=rng)
    hand = np.ascontiguousarray(deal[:, :5])
    pre = evaluate5_batch(hand)
    keep = _sensible_keep(hand, CATEGORY[pre])
    k = 5 - keep.sum(1)
    slot = np.arange(3)[None, :]
    key = np.concatenate([np.where(keep, 0, 3), np.where(slot < k[:, None], 1, 3)], axis=1)
    idx = np.argsort(key, axis=1, kind="stable")[:, :5]
    final = np.ascontiguousarray(np.take_along_axis(deal, idx, axis=1))
    rank = evaluate5_batch(final)
    chosen, prior = [], []
    sub = np.random.default_rng(_SEED + 1)
    for d in range(4):
        ids = np.flatnonzero(k == d)
        if len(ids) > CAP:
            ids = np.sort(sub.choice(ids, CAP, replace=False))
        chosen.append(ids)
        prior.append(np.full(len(ids), (k == d).sum() / max(1, len(ids))))
    ids = np.concatenate(chosen)
    fin = final[ids]
    bits = (np.uint64(1) << fin.astype(np.uint64))
    mask = np.bitwise_or.reduce(bits, axis=1)
    p = Particles(fin, rank[ids].astype(np.int32), showdown_cdf()[rank[ids]],
                  five_card_pct()[pre[ids]], k[ids].astype(np.int8), np.concatenate(prior), mask)
    for a in (p.final, p.final_rank, p.final_pct, p.pre_pct, p.drawn, p.prior, p.mask):
        a.flags.writeable = False
    return p


#: Likelihood shapes: (floor, exponent) of bets/raises, calls and checks, by style.
#: "unknown": a seat that has only checked or called so far (maybe a calling station);
#: "active": a seat that has bet or raised in this hand.
STYLE = {
    "unknown": {"bet": (0.05, 2.5), "call": (0.55, 1.0), "check": (0.5, 2.0)},
    "active": {"bet": (0.05, 2.5), "call": (0.25, 1.0), "check": (0.3, 2.0)},
}


def _likelihood(kind: str, pct: np.ndarray, shape: dict) -> Optional[np.ndarray]:
    if kind in ("bet", "raise"):
        floor, e = shape["bet"]
        return floor + (1 - floor) * pct ** e
    if kind == "call":
        floor, e = shape["call"]
        return floor + (1 - floor) * pct ** e
    if kind == "check":
        floor, e = shape["check"]
        return 1.0 - (1 - floor) * pct ** e
    return None


class OpponentRange:
    """One opponent's range: particle weights from its public actions and draw count.

    Parameters
    ----------
    obs : Observation
        The observing seat's view (only public events are read).
    seat : int
        The opponent.
    style : dict, optional
        Likelihood shapes (default :data:`STYLE`).
    """

    __slots__ = ("seat", "drawn", "active", "weights")

    def __init__(self, obs, seat: int, style: Optional[dict] = None) -> None:
        p = particles()
        style = STYLE if style is None else style
        self.seat = seat
        self.drawn = obs.draw_counts[seat]
        mine = [e for e in obs.events if e.seat == seat]
        self.active = any(e.kind in ("bet", "raise") for e in mine)
        shape = style["active" if self.active else "unknown"]
        w = p.prior.copy()
        if self.drawn is not None:
            w *= np.where(p.drawn == min(3, self.drawn), 1.0, OFF_POLICY)
        for e in mine:
            pct = p.pre_pct if e.street == "bet1" else p.final_pct
            like = _likelihood(e.kind, pct, shape)
            if like is not None:
                w *= like
        total = w.sum()
        self.weights = w / total if total > 0 else p.prior / p.prior.sum()

    def cdf(self) -> np.ndarray:
        """``cdf[r]``: chance this opponent's final hand ranks below ``r`` (ties half)."""
        return rank_cdf(self.weights)

    def sample(self, size: int, rng: np.random.Generator) -> np.ndarray:
        """Indices of ``size`` particles drawn by weight."""
        c = np.cumsum(self.weights)
        return np.minimum(np.searchsorted(c, rng.random(size) * c[-1], side="right"), len(c) - 1)

    def __repr__(self) -> str:
        p = particles()
        mean = float((self.weights * p.final_pct).sum())
        return f"OpponentRange(seat={self.seat}, drawn={self.drawn}, active={self.active}, mean_pct={mean:.2f})"


def rank_cdf(weights: np.ndarray) -> np.ndarray:
    """Cumulative distribution over the 7,462 ranks of weighted particles (ties half)."""
    p = particles()
    dens = np.bincount(p.final_rank, weights=weights, minlength=7463)
    below = np.concatenate(([0.0], np.cumsum(dens)[:-1]))
    return below + 0.5 * dens
