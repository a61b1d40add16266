"""The particle set: simulated draw hands, the hard AI's raw material for opponent ranges.

A *range* is a weighted set of concrete hands an opponent might hold.  The
hands come from one fixed, seeded simulation (:func:`particles`): deal
five cards, discard, deal the replacements and rank the final hand.  The
same deals are drawn by three *drawing policies* (:data:`~.params.POLICIES`):

* a sensible drawer keeps pairs, trips and two pair, draws one to a
  four-flush or an open-ended straight, stands pat on a straight or
  better, else keeps the two highest cards;
* a draw chaser breaks a pair for a four-flush, draws one to any four to a
  straight and two to three to a flush (the calling station's draw);
* a kicker keeper draws like the sensible one but keeps an ace beside a
  pair (a king beside aces), as the exact draw for a showdown share does.

Every particle records its pre-draw hand strength, its draw count, its
final five cards and rank, and its prior weight under each policy.  How
the particles are weighed by what an opponent does is
:mod:`~.inference`.

Examples
--------
>>> p = particles()
>>> sorted(set(p.drawn.tolist()))
[0, 1, 2, 3]
>>> bool((p.final_rank > 0).all()), p.final.shape[1]
(True, 5)
>>> round(draw_likelihood(0, 0) + draw_likelihood(1, 0) + draw_likelihood(2, 0) + draw_likelihood(3, 0), 6)
1.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import SupportsIndex

import numpy as np
from numpy.typing import NDArray

from pokercore import evaluate5_batch, random_hands

from ._odds import CATEGORY, showdown_cdf
from ._params import CAP, OFF_POLICY, PARTICLE_DEALS, PARTICLE_SEED, POLICIES

__all__ = [
    "Particles",
    "card_mask",
    "draw_likelihood",
    "five_card_pct",
    "particles",
    "policy_base",
]

#: Combinations of five cards per distinct rank class, by category (high card .. straight flush).
_CLASS_COMBOS = np.array([1020, 384, 144, 64, 1020, 4, 24, 16, 4], dtype=np.float64)


@dataclass(frozen=True)
class Particles:
    """The simulated hands of the drawing policies (arrays of equal length, one entry per particle)."""

    final: NDArray[np.uint8]          # (n, 5) final cards
    final_rank: NDArray[np.int32]     # (n,) final ranks
    final_pct: NDArray[np.float64]    # (n,) showdown percentile of the final hand
    pre_pct: NDArray[np.float64]      # (n,) percentile of the pre-draw hand among random 5-card hands
    drawn: NDArray[np.int8]           # (n,) cards drawn (0..3)
    prior: NDArray[np.float64]        # (n,) weight of the particle for a sensible drawer (stratified sampling)
    mask: NDArray[np.uint64]          # (n,) bit mask of the final cards
    policy_prior: NDArray[np.float64]  # (policies, n) weight for each drawing policy (0 if it would not draw so)


def card_mask(cards: Iterable[SupportsIndex]) -> int:
    """Bit mask of card codes.

    >>> card_mask([0, 3])
    9
    """
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


@lru_cache(maxsize=1)
def five_card_pct() -> NDArray[np.float64]:
    """``pct[r]``: share of random five-card hands ranking below ``r`` (ties half), exact."""
    counts = _CLASS_COMBOS[CATEGORY[1:]]
    counts = np.concatenate(([0.0], counts))
    below = np.concatenate(([0.0], np.cumsum(counts)[:-1]))
    pct: NDArray[np.float64] = (below + 0.5 * counts) / counts.sum()
    pct[0] = 0.0
    return pct


def _sensible_keep(hand: NDArray[np.uint8], cat: NDArray[np.uint8]) -> NDArray[np.bool_]:
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


def _chase_keep(hand: NDArray[np.uint8], cat: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """Boolean (n, 5): the cards a draw chaser keeps (as :func:`~.baselines.chase_discard`).

    Like :func:`_sensible_keep`, but it breaks a pair for a four-flush, draws
    one to any four to a straight (inside and ace-low ones too) and keeps
    three to a flush.
    """
    keep = _sensible_keep(hand, cat)
    r = (hand >> 2).astype(np.int16)
    s = hand & 3
    sc = (s[:, :, None] == s[:, None, :]).sum(2)
    ff = (cat <= 1) & (sc.max(1) == 4)
    keep[ff] = sc[ff] == 4                       # a four-flush, even from a pair
    hi = (cat == 0) & ~ff
    # any four to a straight: the lowest card whose removal leaves a span <= 4 (or A-2-3-4-5)
    order = np.argsort(r, axis=1, kind="stable")
    srt = np.take_along_axis(r, order, axis=1)
    throw = np.full(len(hand), -1)
    for j in range(5):
        rest = np.delete(srt, j, axis=1)
        ok = (rest[:, 3] - rest[:, 0] <= 4) | ((rest[:, 3] == 12) & (rest[:, 2] <= 3))
        throw = np.where((throw < 0) & ok, order[:, j], throw)
    st = hi & (throw >= 0)
    keep[st] = np.arange(5)[None, :] != throw[st][:, None]
    # three to a flush
    three = hi & ~st & (sc.max(1) == 3)
    keep[three] = sc[three] == 3
    return keep


def _kicker_keep(hand: NDArray[np.uint8], cat: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """Boolean (n, 5): the cards a kicker keeper keeps (close to the exact draw of
    :func:`~.odds.best_discard` for a showdown share): like :func:`_sensible_keep`, but one pair
    keeps an ace beside it (a pair of aces keeps a king) and draws two."""
    keep = _sensible_keep(hand, cat)
    r = (hand >> 2).astype(np.int16)
    rc = (r[:, :, None] == r[:, None, :]).sum(2)
    pair = cat == 1
    pair_rank = np.where(rc == 2, r, -1).max(1)
    kicker = np.where(pair_rank == 12, 11, 12)
    side = pair[:, None] & (rc == 1) & (r == kicker[:, None])
    keep |= side
    return keep


@lru_cache(maxsize=1)
def particles(n: int = PARTICLE_DEALS) -> Particles:
    """The fixed particle set (seeded: identical in every process).

    The same ``n`` deals drawn by each policy of :data:`~.params.POLICIES` (a
    sensible drawer, a draw chaser, a kicker keeper), each stratified by
    draw count (at most :data:`~.params.CAP` deals per count, the same deals for
    every policy where they fit); a deal that two policies draw alike is
    one particle, with a prior weight for each policy (``policy_prior``).
    """
    rng = np.random.default_rng(PARTICLE_SEED)
    deal = random_hands(n, 8, seed=rng)
    hand = np.ascontiguousarray(deal[:, :5])
    pre = evaluate5_batch(hand)
    cat = CATEGORY[pre]
    order = np.random.default_rng(PARTICLE_SEED + 1).random(n)   # which deals a capped stratum keeps
    bits = 1 << np.arange(5)
    rows, keys, weights = [], [], []
    for policy, keeper in enumerate((_sensible_keep, _chase_keep, _kicker_keep)):
        keep = keeper(hand, cat)
        k = 5 - keep.sum(1)
        code = (keep * bits).sum(1)
        for d in range(4):
            ids = np.flatnonzero(k == d)
            if len(ids) > CAP:
                ids = np.sort(ids[np.argsort(order[ids], kind="stable")[:CAP]])
            rows.append(np.full(len(ids), policy))
            keys.append(ids * 32 + code[ids])
            weights.append(np.full(len(ids), (k == d).sum() / max(1, len(ids))))
    pol, key, wt = np.concatenate(rows), np.concatenate(keys), np.concatenate(weights)
    uniq, where = np.unique(key, return_inverse=True)
    policy_prior = np.zeros((len(POLICIES), len(uniq)))
    policy_prior[pol, where] = wt
    ids, code = uniq // 32, uniq % 32
    keep = (code[:, None] & bits[None, :]) > 0
    k = 5 - keep.sum(1)
    slot = np.arange(3)[None, :]
    sort_key = np.concatenate([np.where(keep, 0, 3), np.where(slot < k[:, None], 1, 3)], axis=1)
    idx = np.argsort(sort_key, axis=1, kind="stable")[:, :5]
    fin = np.ascontiguousarray(np.take_along_axis(deal[ids], idx, axis=1))
    rank = evaluate5_batch(fin).astype(np.int32)
    mask = np.bitwise_or.reduce(np.uint64(1) << fin.astype(np.uint64), axis=1)
    p = Particles(fin, rank, showdown_cdf()[rank], five_card_pct()[pre[ids]], k.astype(np.int8),
                  policy_prior[0].copy(), mask, policy_prior)
    for a in (p.final, p.final_rank, p.final_pct, p.pre_pct, p.drawn, p.prior, p.mask, p.policy_prior):
        a.flags.writeable = False
    return p


@lru_cache(maxsize=16)
def policy_base(drawn: int | None, policy: int) -> NDArray[np.float64]:
    """Weights (sum 1) of one drawing policy's particles given a public draw count.

    The particles that drew ``drawn`` cards get ``1 - OFF_POLICY`` (:data:`~.params.OFF_POLICY`) of the
    weight, the others (hands that would have drawn otherwise) the rest;
    the other policy's particles get none.
    """
    p = particles()
    base: NDArray[np.float64] = p.policy_prior[policy]
    mine = base > 0
    if drawn is not None:
        on = mine & (p.drawn == min(3, drawn))
        n_on, n_off = base[on].sum(), base[mine & ~on].sum()
        if n_on > 0 and n_off > 0:
            base = np.where(on, (1 - OFF_POLICY) * base / n_on, np.where(mine, OFF_POLICY * base / n_off, 0.0))
    base = base / base.sum()
    base.flags.writeable = False
    return base


@lru_cache(maxsize=16)
def draw_likelihood(drawn: int, policy: int) -> float:
    """Chance that a player drawing by ``policy`` (an index into :data:`~.params.POLICIES`) draws
    ``drawn`` cards, smoothed by :data:`~.params.OFF_POLICY` (a quarter of it to each count)."""
    p = particles()
    w = p.policy_prior[policy]
    freq = w[p.drawn == min(3, drawn)].sum() / w.sum()
    return float((1 - OFF_POLICY) * freq + OFF_POLICY / 4)
