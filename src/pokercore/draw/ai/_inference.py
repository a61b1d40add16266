"""Opponent modelling: weigh the particle set by what each opponent did, from public information only.

:class:`OpponentRange` weighs each particle (:mod:`~.particles`) by how well
it explains what the opponent did in this hand:

* its public draw count (a particle that would have drawn differently
  keeps a small weight :data:`~.params.OFF_POLICY`: opponents do not all
  draw alike), under its mix of drawing policies;
* each bet or raise multiplies by a likelihood rising with the hand's
  percentile, each call by a flatter one, each check by one falling with
  it; first-round actions use the pre-draw strength, second-round actions
  the final hand.

The likelihoods come from a mixture of opponent *types* (a calling
station, a loose and a tight player, a maniac and a rock,
:data:`~.params.TYPES`) whose posterior is computed per opponent from its
actions in this hand: a seat that has only checked and called may be a
calling station, whose calls say little; a seat that bet is none.

Over a session (:class:`~.session.Session`) the same model scores each
finished hand: :func:`hand_type_loglik` under each type and
:func:`draw_policy_loglik` under each drawing policy; before any evidence
the mix :data:`~.params.DRAW_PRIOR` holds.  It matters most for one- and
two-card draws: a sensible drawer drawing two kept trips, a kicker keeper
a pair and an ace, a chaser mostly three to a flush.

Examples
--------
>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=2), button=0, seed=4)
>>> s.bet()                                  # seat 1 bets before the draw
>>> r = OpponentRange(s.observe(0), 1)       # seat 0's read of seat 1
>>> bool(r.type_probs["station"] < 0.01)     # a calling station would not have bet
True
>>> round(float(r.weights.sum()), 6), 0.0 <= r.fold_probability() <= 1.0
(1.0, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from pokercore import evaluate5_batch
from pokercore.draw._observation import Observation
from pokercore.draw._street import Street

from ._odds import showdown_cdf
from ._params import DRAW_PRIOR, LOOSENESS, OFF_POLICY, POLICIES, TYPES, OpponentType, RoundRules, Step, round_rules
from ._particles import draw_likelihood, particles, policy_base

__all__ = [
    "OpponentRange",
    "base_weights",
    "draw_policy_loglik",
    "hand_type_loglik",
    "policy_given_draw",
    "rank_cdf",
]

_BETTING = (Street.BET1, Street.BET2)


def policy_given_draw(drawn: int | None, draws: Sequence[float] = DRAW_PRIOR) -> NDArray[np.float64]:
    """The chance of each drawing policy once the player drew ``drawn`` cards (Bayes from
    ``draws``, the chance of each policy before it drew)."""
    w = np.asarray(draws, dtype=np.float64)
    if drawn is not None:
        w = w * np.array([draw_likelihood(drawn, k) for k in range(len(POLICIES))])
    post: NDArray[np.float64] = w / w.sum()
    return post


def base_weights(drawn: int | None, draws: Sequence[float] = DRAW_PRIOR) -> NDArray[np.float64]:
    """Particle weights (sum 1) before any betting action: the policies' hands given the draw
    count, mixed by the chance of each policy (``draws``, before this draw)."""
    post = policy_given_draw(drawn, draws)
    if post.max() >= 1 - 1e-4:
        return policy_base(drawn, int(post.argmax()))
    out = np.zeros(len(particles().prior))
    for k, c in enumerate(post):
        if c > 1e-4:
            out += c * policy_base(drawn, k)
    return out


_CURVES: dict[tuple[tuple[float, ...], str], NDArray[np.float64]] = {}


def _curve(step: Step, pct: NDArray[np.float64]) -> NDArray[np.float64]:
    """A type's smooth step ``(lo, hi, at, width)`` (:data:`~.params.TYPES`): a logistic curve over ``pct``."""
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


def _likelihood(kind: str, pct: NDArray[np.float64], rules: RoundRules) -> NDArray[np.float64] | None:
    """Chance of ``kind`` for hands at percentiles ``pct`` under one type's rules for one round."""
    if kind in ("bet", "raise"):
        return _curve(rules["bet"], pct)
    if kind == "check":
        return 1.0 - _curve(rules["bet"], pct)
    if kind == "call":
        return _curve(rules["call"], pct)
    return None


class OpponentRange:
    """One opponent's range: particle weights from its public actions and draw count.

    The weight of a particle is its likelihood under a mixture of opponent
    types (:data:`~.params.TYPES`): a calling station, a loose player, a
    tight one, a maniac and a rock, each acting on its own rule.  The
    mixture is per opponent and per hand, so the evidence decides the
    type: once a seat bets it is no station, and a call from a seat that
    may be one says little.

    Parameters
    ----------
    obs : Observation
        The observing seat's view (only public events are read).
    seat : int
        The opponent.
    types : dict, optional
        Opponent types (default :data:`~.params.TYPES`).
    priors : dict, optional
        Prior probability of each type for this opponent (default: the
        types' ``prior``; a session model passes what it learnt,
        :class:`~.session.Session`).
    draws : sequence of float
        Chance that this opponent draws by each policy of
        :data:`~.params.POLICIES` (default :data:`~.params.DRAW_PRIOR`; a session passes what
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
    seat: int
    drawn: int | None
    active: bool
    cont: NDArray[np.float64]
    type_probs: dict[str, float]
    looseness: float
    weights: NDArray[np.float64]

    def __init__(self, obs: Observation, seat: int, types: Mapping[str, OpponentType] | None = None,
                 priors: Mapping[str, float] | None = None, draws: Sequence[float] = DRAW_PRIOR) -> None:
        p = particles()
        types = TYPES if types is None else types
        priors = {k: t["prior"] for k, t in types.items()} if priors is None else priors
        self.seat = seat
        self.drawn = obs.draw_counts[seat]
        mine = [e for e in obs.events if e.seat == seat and e.street in _BETTING]
        self.active = any(e.kind in ("bet", "raise") for e in mine)
        # the drawers the particles model (sensible or chasing, by its draw count), and
        # OFF_POLICY of someone drawing otherwise
        base = base_weights(self.drawn, draws)
        w = np.zeros(len(base))
        cont = np.zeros(len(base))
        mass: dict[str, float] = {}
        street = Street.BET1 if obs.street == Street.BET1 else Street.BET2
        now = p.pre_pct if street is Street.BET1 else p.final_pct
        for name, t in types.items():
            like = base.copy()
            for e in mine:
                pct = p.pre_pct if e.street == Street.BET1 else p.final_pct
                lk = _likelihood(e.kind, pct, round_rules(t, e.street))
                if lk is not None:
                    like *= lk
            mass[name] = priors[name] * like.sum()
            w += priors[name] * like
            # facing a bet now, this type goes on (calls or raises) with this chance
            rules = round_rules(t, street)
            go_on = 1.0 - (1.0 - _curve(rules["bet"], now)) * (1.0 - _curve(rules["call"], now))
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

    def calling_range(self) -> NDArray[np.float64]:
        """Particle weights of the hands that go on against a bet now."""
        w = self.weights * self.cont
        t = w.sum()
        calling: NDArray[np.float64] = w / t if t > 0 else self.weights
        return calling

    def cdf(self, weights: NDArray[np.float64] | None = None) -> NDArray[np.float64]:
        """``cdf[r]``: chance this opponent's final hand ranks below ``r`` (ties half)."""
        return rank_cdf(self.weights if weights is None else weights)

    def sample(self, size: int, rng: np.random.Generator) -> NDArray[np.intp]:
        """Indices of ``size`` particles drawn by weight."""
        c = np.cumsum(self.weights)
        idx: NDArray[np.intp] = np.minimum(np.searchsorted(c, rng.random(size) * c[-1], side="right"), len(c) - 1)
        return idx

    def __repr__(self) -> str:
        p = particles()
        mean = float((self.weights * p.final_pct).sum())
        types = ", ".join(f"{k} {v:.2f}" for k, v in self.type_probs.items())
        return f"OpponentRange(seat={self.seat}, drawn={self.drawn}, mean_pct={mean:.2f}, {types})"


def rank_cdf(weights: NDArray[np.float64]) -> NDArray[np.float64]:
    """Cumulative distribution over the 7,462 ranks of weighted particles (ties half)."""
    p = particles()
    # float64 already (weighted counts); the astype, a no-op, tells numpy's stubs, which say int
    dens = np.bincount(p.final_rank, weights=weights, minlength=7463).astype(np.float64, copy=False)
    below = np.concatenate(([0.0], np.cumsum(dens)[:-1]))
    cdf: NDArray[np.float64] = below + 0.5 * dens
    return cdf


def hand_type_loglik(obs: Observation, seat: int, types: Mapping[str, OpponentType] | None = None,
                     shown: Sequence[int] | None = None, draws: Sequence[float] = DRAW_PRIOR) -> dict[str, float]:
    """Log-likelihood of one opponent's public actions in a finished hand under each type.

    Its draw count selects the particles as in :class:`OpponentRange`
    (drawing policies mixed by ``draws``); a
    hand it showed down (``shown``: its five cards) keeps only the
    particles whose final hand is as strong (showdown percentile within
    0.03), so what it showed tells how it bets and calls.
    """
    p = particles()
    types = TYPES if types is None else types
    mine = [e for e in obs.events if e.seat == seat and e.street in _BETTING]
    base = base_weights(obs.draw_counts[seat], draws)
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
            pct = p.pre_pct if e.street == Street.BET1 else p.final_pct
            lk: NDArray[np.float64] | None
            if e.kind == "fold":   # it would not go on: neither raise nor call
                st = round_rules(t, e.street)
                lk = (1.0 - _curve(st["bet"], pct)) * (1.0 - _curve(st["call"], pct))
            else:
                lk = _likelihood(e.kind, pct, round_rules(t, e.street))
            if lk is not None:
                like *= lk
        out[name] = float(np.log(max(like.sum(), 1e-300)))
    return out


def draw_policy_loglik(obs: Observation, seat: int, shown: Sequence[int] | None = None) -> list[float] | None:
    """Log-likelihood of one opponent's draw in a finished hand under each policy of :data:`~.params.POLICIES`.

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
    out: list[float] = []
    for policy in range(len(POLICIES)):
        ll = float(np.log(draw_likelihood(drawn, policy)))
        if near is not None:
            mass = float(policy_base(drawn, policy)[near].sum())
            ll += float(np.log((1 - OFF_POLICY) * mass + OFF_POLICY * 0.06))
        out.append(ll)
    return out
