"""Opponent ranges as weighted hand distributions (particles), from public information only.

A *range* is a weighted set of concrete hands the opponent might hold.
The hands come from one fixed, seeded simulation (:func:`particles`): deal
five cards, discard, deal the replacements and rank the final hand.  The
same deals are drawn by three *drawing policies* (:data:`POLICIES`):

* a sensible drawer keeps pairs, trips and two pair, draws one to a
  four-flush or an open-ended straight, stands pat on a straight or
  better, else keeps the two highest cards;
* a draw chaser breaks a pair for a four-flush, draws one to any four to a
  straight and two to three to a flush (the calling station's draw);
* a kicker keeper draws like the sensible one but keeps an ace beside a
  pair (a king beside aces), as the exact draw for a showdown share does.

Every particle records its pre-draw hand strength, its draw count, its
final five cards and rank, and its prior weight under each policy.  How an
opponent draws is learnt over a session from its draw counts and the
hands it shows down (:func:`draw_policy_loglik`, :class:`~.session.Session`);
before that the mix :data:`DRAW_PRIOR` holds.  It matters most for one-
and two-card draws: a sensible drawer drawing two kept trips, a kicker
keeper a pair and an ace, a chaser mostly three to a flush.

:class:`OpponentRange` weighs each particle by how well it explains what
the opponent did in this hand:

* its public draw count (a particle that would have drawn differently
  keeps a small weight :data:`OFF_POLICY`: opponents do not all draw alike);
* each bet or raise multiplies by a likelihood rising with the hand's
  percentile, each call by a flatter one, each check by one falling with
  it; first-round actions use the pre-draw strength, second-round actions
  the final hand.

The likelihoods come from a mixture of opponent *types* (a calling
station, a loose and a tight player, :data:`TYPES`) whose posterior is
computed per opponent from its actions in this hand (an agent keeps no
memory across deals): a seat that has only checked and called may be a
calling station, whose calls say little; a seat that bet is none.

Examples
--------
>>> p = particles()
>>> sorted(set(p.drawn.tolist()))
[0, 1, 2, 3]
>>> bool((p.final_rank > 0).all()), p.final.shape[1]
(True, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from pokercore import evaluate5_batch, random_hands

from .odds import CATEGORY, showdown_cdf

__all__ = [
    "DRAW_PRIOR",
    "LOOSENESS",
    "OFF_POLICY",
    "POLICIES",
    "TYPES",
    "OpponentRange",
    "Particles",
    "base_weights",
    "card_mask",
    "draw_likelihood",
    "draw_policy_loglik",
    "hand_type_loglik",
    "particles",
    "policy_given_draw",
    "rank_cdf",
]

#: Share of a range given to hands that would have drawn differently (other styles, bluffs).
OFF_POLICY = 0.03
#: Chance, before any evidence, that an opponent draws like each policy of :data:`POLICIES`:
#: a sensible drawer (:func:`_sensible_keep`), a chaser (:func:`_chase_keep`), a kicker keeper
#: (:func:`_kicker_keep`).
DRAW_PRIOR = (0.6, 0.1, 0.3)
#: How an opponent may draw: the keep rules of the particles' drawing policies.
POLICIES = ("sensible", "chase", "kicker")
#: Per-draw-count cap on stored particles (the rest are represented by a prior weight).
CAP = 5000
_SEED = 20_260_601
#: Combinations of five cards per distinct rank class, by category (high card .. straight flush).
_CLASS_COMBOS = np.array([1020, 384, 144, 64, 1020, 4, 24, 16, 4], dtype=np.float64)


@dataclass(frozen=True)
class Particles:
    """The simulated hands of the drawing policies (arrays of equal length, one entry per particle)."""

    final: np.ndarray        # (n, 5) uint8 final cards
    final_rank: np.ndarray   # (n,) final ranks
    final_pct: np.ndarray    # (n,) showdown percentile of the final hand
    pre_pct: np.ndarray      # (n,) percentile of the pre-draw hand among random 5-card hands
    drawn: np.ndarray        # (n,) cards drawn (0..3)
    prior: np.ndarray        # (n,) weight of the particle for a sensible drawer (stratified sampling)
    mask: np.ndarray         # (n,) uint64 bit mask of the final cards
    policy_prior: np.ndarray  # (policies, n) weight of the particle for each drawing policy (0 if it would not)


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


def _chase_keep(hand: np.ndarray, cat: np.ndarray) -> np.ndarray:
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


def _kicker_keep(hand: np.ndarray, cat: np.ndarray) -> np.ndarray:
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
def particles(n: int = 400_000) -> Particles:
    """The fixed particle set (seeded: identical in every process).

    The same ``n`` deals drawn by each policy of :data:`POLICIES` (a
    sensible drawer, a draw chaser, a kicker keeper), each stratified by
    draw count (at most :data:`CAP` deals per count, the same deals for
    every policy where they fit); a deal that two policies draw alike is
    one particle, with a prior weight for each policy (``policy_prior``).
    """
    rng = np.random.default_rng(_SEED)
    deal = random_hands(n, 8, seed=rng)
    hand = np.ascontiguousarray(deal[:, :5])
    pre = evaluate5_batch(hand)
    cat = CATEGORY[pre]
    order = np.random.default_rng(_SEED + 1).random(n)   # which deals a capped stratum keeps
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
def _policy_base(drawn: int | None, policy: int) -> np.ndarray:
    """Weights (sum 1) of one drawing policy's particles given a public draw count.

    The particles that drew ``drawn`` cards get ``1 - OFF_POLICY`` of the
    weight, the others (hands that would have drawn otherwise) the rest;
    the other policy's particles get none.
    """
    p = particles()
    base = p.policy_prior[policy]
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
    """Chance that a player drawing by ``policy`` (an index into :data:`POLICIES`) draws ``drawn``
    cards, smoothed by :data:`OFF_POLICY` (a quarter of it to each count)."""
    p = particles()
    w = p.policy_prior[policy]
    freq = w[p.drawn == min(3, drawn)].sum() / w.sum()
    return float((1 - OFF_POLICY) * freq + OFF_POLICY / 4)


def policy_given_draw(drawn: int | None, draws: Sequence[float] = DRAW_PRIOR) -> np.ndarray:
    """The chance of each drawing policy once the player drew ``drawn`` cards (Bayes from
    ``draws``, the chance of each policy before it drew)."""
    w = np.asarray(draws, dtype=np.float64)
    if drawn is not None:
        w = w * np.array([draw_likelihood(drawn, k) for k in range(len(POLICIES))])
    return w / w.sum()


def base_weights(drawn: int | None, draws: Sequence[float] = DRAW_PRIOR) -> np.ndarray:
    """Particle weights (sum 1) before any betting action: the policies' hands given the draw
    count, mixed by the chance of each policy (``draws``, before this draw)."""
    post = policy_given_draw(drawn, draws)
    if post.max() >= 1 - 1e-4:
        return _policy_base(drawn, int(post.argmax()))
    out = np.zeros(len(particles().prior))
    for k, c in enumerate(post):
        if c > 1e-4:
            out += c * _policy_base(drawn, k)
    return out


def _step(lo: float, hi: float, at: float, width: float):
    """A smooth step from ``lo`` to ``hi`` around percentile ``at``."""
    return (lo, hi, at, width)


#: Opponent types: how each would act with a hand of a given percentile.  Per street
#: ("bet1" reads the pre-draw percentile, "bet2" the final one): the chance to bet or
#: raise (a check is the complement), and the chance to call.  ``prior`` is the share
#: of each type expected at a table.
TYPES: dict[str, Any] = {
    "station": {"prior": 0.22,  # checks and calls everything, bets only a monster after the draw
                "bet1": {"bet": _step(0.002, 0.002, 0.5, 1), "call": _step(1, 1, 0.5, 1)},
                "bet2": {"bet": _step(0.002, 0.95, 0.97, 0.005), "call": _step(1, 1, 0.5, 1)}},
    "loose": {"prior": 0.33,  # bets any pair, calls without one now and then
              "bet1": {"bet": _step(0.03, 0.97, 0.50, 0.01), "call": _step(0.3, 0.3, 0.5, 1)},
              "bet2": {"bet": _step(0.03, 0.97, 0.173, 0.01), "call": _step(0.3, 0.3, 0.5, 1)}},
    "tight": {"prior": 0.37,  # bets strong hands, calls on pot odds
              "bet1": {"bet": _step(0.03, 0.95, 0.85, 0.03), "call": _step(0.1, 0.95, 0.68, 0.04)},
              "bet2": {"bet": _step(0.03, 0.95, 0.62, 0.04), "call": _step(0.05, 0.95, 0.50, 0.05)}},
    "maniac": {"prior": 0.04,  # bets and raises whatever it holds
               "bet1": {"bet": _step(0.95, 0.95, 0.5, 1), "call": _step(1, 1, 0.5, 1)},
               "bet2": {"bet": _step(0.95, 0.95, 0.5, 1), "call": _step(1, 1, 0.5, 1)}},
    "rock": {"prior": 0.04,  # plays only strong hands, and raises them
             "bet1": {"bet": _step(0.01, 0.97, 0.82, 0.02), "call": _step(0.01, 0.3, 0.82, 0.02)},
             "bet2": {"bet": _step(0.02, 0.97, 0.80, 0.03), "call": _step(0.02, 0.97, 0.60, 0.04)}},
}
#: Chance that each type calls a bet with nothing (the floor of :func:`~.hard.continue_probability`).
LOOSENESS = {"station": 1.0, "loose": 0.3, "tight": 0.05, "maniac": 1.0, "rock": 0.01}


_CURVES: dict = {}


def _curve(step, pct: np.ndarray) -> np.ndarray:
    lo, hi, at, width = step
    if lo == hi:
        return np.full(len(pct), float(lo))
    p = particles()
    which = "pre" if pct is p.pre_pct else "final" if pct is p.final_pct else None
    if which is None:
        return lo + (hi - lo) / (1.0 + np.exp(-(pct - at) / width))
    # the particles' percentiles are fixed: every type's curve over them is computed once
    key = (tuple(step), which)
    out = _CURVES.get(key)
    if out is None:
        out = lo + (hi - lo) / (1.0 + np.exp(-(pct - at) / width))
        out.flags.writeable = False
        _CURVES[key] = out
    return out


def _likelihood(kind: str, pct: np.ndarray, street: dict) -> np.ndarray | None:
    if kind in ("bet", "raise"):
        return _curve(street["bet"], pct)
    if kind == "check":
        return 1.0 - _curve(street["bet"], pct)
    if kind == "call":
        return _curve(street["call"], pct)
    return None


class OpponentRange:
    """One opponent's range: particle weights from its public actions and draw count.

    The weight of a particle is its likelihood under a mixture of opponent
    types (:data:`TYPES`): a calling station, a loose player and a tight
    one, each acting on its own rule.  The mixture is per opponent and per
    hand, so the evidence decides the type: once a seat bets it is no
    station, and a call from a seat that may be one says little.

    Parameters
    ----------
    obs : Observation
        The observing seat's view (only public events are read).
    seat : int
        The opponent.
    types : dict, optional
        Opponent types (default :data:`TYPES`).
    priors : dict, optional
        Prior probability of each type for this opponent (default: the
        types' ``prior``; a session model passes what it learnt,
        :class:`~.session.Session`).
    draws : sequence of float
        Chance that this opponent draws by each policy of
        :data:`POLICIES` (default :data:`DRAW_PRIOR`; a session passes what
        it learnt); its draw count in this hand updates it
        (:func:`policy_given_draw`).

    Attributes
    ----------
    weights : numpy.ndarray
        Normalised weight of every particle.
    type_probs : dict
        Posterior probability of each type given the hand so far.
    looseness : float
        Chance it calls a bet with nothing, under that posterior.
    cont : numpy.ndarray
        Chance, per particle, that it goes on (calls or raises) if bet into now.
    """

    __slots__ = ("active", "cont", "drawn", "looseness", "seat", "type_probs", "weights")

    def __init__(self, obs, seat: int, types: dict | None = None,
                 priors: dict | None = None, draws: Sequence[float] = DRAW_PRIOR) -> None:
        p = particles()
        types = TYPES if types is None else types
        priors = {k: t["prior"] for k, t in types.items()} if priors is None else priors
        self.seat = seat
        self.drawn = obs.draw_counts[seat]
        mine = [e for e in obs.events if e.seat == seat and e.street in ("bet1", "bet2")]
        self.active = any(e.kind in ("bet", "raise") for e in mine)
        # the drawers the particles model (sensible or chasing, by its draw count), and
        # OFF_POLICY of someone drawing otherwise
        base = base_weights(self.drawn, draws)
        w = np.zeros(len(base))
        cont = np.zeros(len(base))
        mass = {}
        street = "bet1" if obs.street == "bet1" else "bet2"
        now = p.pre_pct if street == "bet1" else p.final_pct
        for name, t in types.items():
            like = base.copy()
            for e in mine:
                pct = p.pre_pct if e.street == "bet1" else p.final_pct
                lk = _likelihood(e.kind, pct, t[e.street])
                if lk is not None:
                    like *= lk
            mass[name] = priors[name] * like.sum()
            w += priors[name] * like
            # facing a bet now, this type goes on (calls or raises) with this chance
            go_on = 1.0 - (1.0 - _curve(t[street]["bet"], now)) * (1.0 - _curve(t[street]["call"], now))
            cont += priors[name] * like * go_on
        self.cont = np.divide(cont, w, out=np.zeros(len(w)), where=w > 0)
        total_mass = sum(mass.values())
        self.type_probs = {k: (v / total_mass if total_mass > 0 else priors[k]) for k, v in mass.items()}
        self.looseness = float(sum(self.type_probs[k] * LOOSENESS.get(k, 0.2) for k in self.type_probs))
        total = w.sum()
        self.weights = w / total if total > 0 else p.prior / p.prior.sum()

    def fold_probability(self) -> float:
        """Chance it folds to a bet now (types and hands averaged)."""
        return float(1.0 - (self.weights * self.cont).sum())

    def calling_range(self) -> np.ndarray:
        """Particle weights of the hands that go on against a bet now."""
        w = self.weights * self.cont
        t = w.sum()
        return w / t if t > 0 else self.weights

    def cdf(self, weights: np.ndarray | None = None) -> np.ndarray:
        """``cdf[r]``: chance this opponent's final hand ranks below ``r`` (ties half)."""
        return rank_cdf(self.weights if weights is None else weights)

    def sample(self, size: int, rng: np.random.Generator) -> np.ndarray:
        """Indices of ``size`` particles drawn by weight."""
        c = np.cumsum(self.weights)
        return np.minimum(np.searchsorted(c, rng.random(size) * c[-1], side="right"), len(c) - 1)

    def __repr__(self) -> str:
        p = particles()
        mean = float((self.weights * p.final_pct).sum())
        types = ", ".join(f"{k} {v:.2f}" for k, v in self.type_probs.items())
        return f"OpponentRange(seat={self.seat}, drawn={self.drawn}, mean_pct={mean:.2f}, {types})"


def rank_cdf(weights: np.ndarray) -> np.ndarray:
    """Cumulative distribution over the 7,462 ranks of weighted particles (ties half)."""
    p = particles()
    dens = np.bincount(p.final_rank, weights=weights, minlength=7463)
    below = np.concatenate(([0.0], np.cumsum(dens)[:-1]))
    return below + 0.5 * dens


def hand_type_loglik(obs: Any, seat: int, types: dict[str, Any] | None = None,
                     shown: tuple | None = None, draws: Sequence[float] = DRAW_PRIOR) -> dict[str, float]:
    """Log-likelihood of one opponent's public actions in a finished hand under each type.

    Its draw count selects the particles as in :class:`OpponentRange`
    (drawing policies mixed by ``draws``); a
    hand it showed down (``shown``: its five cards) keeps only the
    particles whose final hand is as strong (showdown percentile within
    0.03), so what it showed tells how it bets and calls.
    """
    p = particles()
    types = TYPES if types is None else types
    mine = [e for e in obs.events if e.seat == seat and e.street in ("bet1", "bet2")]
    base: np.ndarray = base_weights(obs.draw_counts[seat], draws)
    if shown is not None:
        shown_pct = float(showdown_cdf()[int(evaluate5_batch(np.array([shown], dtype=np.uint8))[0])])
        near = np.abs(p.final_pct - shown_pct) <= 0.03
        if near.any():
            base = np.where(near, base, 0.0)
    base = base / base.sum()
    out: dict[str, float] = {}
    for name, t in types.items():
        like = base.copy()
        for e in mine:
            pct = p.pre_pct if e.street == "bet1" else p.final_pct
            lk: np.ndarray | None
            if e.kind == "fold":   # it would not go on: neither raise nor call
                st = t[e.street]
                lk = (1.0 - _curve(st["bet"], pct)) * (1.0 - _curve(st["call"], pct))
            else:
                lk = _likelihood(e.kind, pct, t[e.street])
            if lk is not None:
                like *= lk
        out[name] = float(np.log(max(like.sum(), 1e-300)))
    return out


def draw_policy_loglik(obs: Any, seat: int, shown: tuple | None = None) -> list[float] | None:
    """Log-likelihood of one opponent's draw in a finished hand under each policy of :data:`POLICIES`.

    Its public draw count (a chaser draws one or two cards far more often
    than a sensible drawer: it breaks pairs for four-flushes, draws to
    inside straights and to three-flushes; a kicker keeper draws two to a
    pair and an ace), and the hand it showed down, if any, given that
    count (the window of showdown percentiles within 0.03 of the hand
    shown: a chaser's one- and two-card draws miss more often).  ``None``
    if it did not draw.
    """
    drawn = obs.draw_counts[seat]
    if drawn is None:
        return None
    p = particles()
    near = None
    if shown is not None:
        shown_pct = float(showdown_cdf()[int(evaluate5_batch(np.array([shown], dtype=np.uint8))[0])])
        near = np.abs(p.final_pct - shown_pct) <= 0.03
    out = []
    for policy in range(len(POLICIES)):
        ll = float(np.log(draw_likelihood(drawn, policy)))
        if near is not None:
            mass = float(_policy_base(drawn, policy)[near].sum())
            ll += float(np.log((1 - OFF_POLICY) * mass + OFF_POLICY * 0.06))
        out.append(ll)
    return out
