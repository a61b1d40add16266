"""Heads-up push/fold: the small blind moves all in or folds, the big blind calls or folds.

The game over the 169 starting-hand classes
-------------------------------------------
Both players start the hand with ``stack`` big blinds and pay an ``ante``
each; the small blind posts 0.5, the big blind 1.  Dealt classes ``a``
(small blind) and ``b`` (big blind) with probability ``W[a, b] / 1,624,350``
(:func:`~pokercore.solver._classes.pair_counts`: the combo pairs that share
no card).  The small blind's result, in big blinds from the start of the
hand (the big blind's is its negative):

* fold: ``-(0.5 + ante)``;
* push, the big blind folds: ``+(1 + ante)``;
* push and call: ``2 * stack * E[a, b] - stack`` (``E``: the all-in
  equity table of :mod:`._table`).

A strategy gives each class a probability (its combos all play it alike:
the game is the same under a renaming of suits, so a suit-blind
equilibrium exists and a best response to a suit-blind strategy is
suit-blind too; the figures below are those of the full 1,326-combo game).

With ``K[a, b] = W[a, b] * (2 * stack * E[a, b] - stack - (1 + ante))`` the
small blind's push gains ``(K @ q)[a] + (1.5 + 2 * ante) * W[a].sum()``
over folding (counterfactually, before dividing by the deals) and the big
blind's call gains ``-(K.T @ p)[b]`` over folding.

Solving
-------
CFR+ (regret matching+, alternating updates, linearly weighted averages:
Tammelin 2014; convergence of the averages to a Nash equilibrium with
alternation is proved by Burch, Moravcik and Schmid 2019) runs in blocks
of :data:`BLOCK` iterations.  After each block the support of the average
strategies (pure push, pure fold, mixed) is read and the indifference
equations of the mixed classes are solved exactly; the polished strategies
are kept only if their exploitability is lower.  The solve stops once the
exploitability of the strategies it returns is at most ``target``; that
exploitability is measured exactly by best responses (see
:func:`exploitability`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._classes import CLASSES, COMBOS, NUM_CLASSES, combo_counts, pair_counts
from ._table import equity_table

__all__ = ["BLOCK", "Game", "cfr_plus", "exploitability", "fractions", "game", "polish", "range_text"]

#: CFR+ iterations between two exploitability checks.
BLOCK = 100
#: Most mixed classes per player a polished candidate has.
MAX_MIXED = 3


class Game:
    """The push/fold game at one stack and ante: the matrices of the module docs."""

    def __init__(self, stack: float, ante: float) -> None:
        self.stack, self.ante = stack, ante
        self.w = pair_counts().astype(np.float64)
        self.deals = float(self.w.sum())
        self.row = self.w.sum(axis=1)  # deals per small-blind class (= per big-blind class: W is symmetric)
        self.fold = -(0.5 + ante)  # small blind folds
        self.steal = 1.0 + ante  # small blind pushes, big blind folds
        showdown = 2.0 * stack * equity_table() - stack
        self.showdown = showdown
        self.k = self.w * (showdown - self.steal)
        self.push_over_fold = (self.steal - self.fold) * self.row

    def push_gain(self, q: np.ndarray) -> np.ndarray:
        """Per small-blind class: deals-weighted EV of pushing minus folding against calls ``q``."""
        out: np.ndarray = self.push_over_fold + self.k @ q
        return out

    def call_gain(self, p: np.ndarray) -> np.ndarray:
        """Per big-blind class: deals-weighted EV of calling minus folding against pushes ``p``."""
        out: np.ndarray = -(self.k.T @ p)
        return out

    def value(self, p: np.ndarray, q: np.ndarray) -> float:
        """The small blind's EV per hand (big blinds) when it pushes ``p`` and the big blind calls ``q``."""
        return float((self.fold * self.row.sum() + p @ self.push_gain(q)) / self.deals)


def game(stack: float, ante: float) -> Game:
    """The game of ``stack`` and ``ante`` (checked by the caller)."""
    return Game(stack, ante)


def exploitability(g: Game, p: np.ndarray, q: np.ndarray) -> tuple[float, float, float]:
    """``(exploitability, small blind's gain, big blind's gain)`` in big blinds per hand.

    Each gain is what a player earns by switching to a best response while
    the other keeps its strategy; the exploitability is their mean (zero
    exactly at a Nash equilibrium).
    """
    v = g.value(p, q)
    base = g.fold * g.row.sum()
    best_sb = (base + np.maximum(g.push_gain(q), 0.0).sum()) / g.deals
    # Against pushes p the small blind gets p @ push_over_fold + q @ (K.T @ p): the best calls take every
    # class where K.T @ p is negative.
    best_bb = (base + p @ g.push_over_fold + np.minimum(g.k.T @ p, 0.0).sum()) / g.deals
    sb_gain = float(best_sb - v)
    bb_gain = float(v - best_bb)
    return (sb_gain + bb_gain) / 2.0, sb_gain, bb_gain


def cfr_plus(g: Game, iterations: int, state: dict[str, np.ndarray] | None = None,
             start: int = 0) -> dict[str, np.ndarray]:
    """Run ``iterations`` more iterations of CFR+ from ``state`` (None: uniform regrets); return the state.

    The state holds the regrets (``rp``, ``rf`` of the small blind's push and
    fold, ``rc``, ``rn`` of the big blind's call and fold) and the weighted
    sums of the strategies (``sp``, ``sq``, ``weight``).
    """
    if state is None:
        z = np.zeros(NUM_CLASSES)
        state = {"rp": z.copy(), "rf": z.copy(), "rc": z.copy(), "rn": z.copy(),
                 "sp": z.copy(), "sq": z.copy(), "weight": np.zeros(1)}
    rp, rf, rc, rn, sp, sq = (state[k] for k in ("rp", "rf", "rc", "rn", "sp", "sq"))
    for t in range(start + 1, start + iterations + 1):
        q = _matched(rc, rn)
        p = _matched(rp, rf)
        _regret_plus(rp, rf, p, g.push_gain(q))
        p = _matched(rp, rf)
        _regret_plus(rc, rn, q, g.call_gain(p))
        q = _matched(rc, rn)
        sp += t * p
        sq += t * q
        state["weight"] += t
    return state


def _regret_plus(r_yes: np.ndarray, r_no: np.ndarray, share: np.ndarray, gain: np.ndarray) -> None:
    """One CFR+ update of a two-action decision in place: ``gain`` is what the first action earns over the second,
    ``share`` how often it is played now; regrets are floored at zero."""
    r_yes += (1.0 - share) * gain
    r_no -= share * gain
    np.maximum(r_yes, 0.0, out=r_yes)
    np.maximum(r_no, 0.0, out=r_no)


def _matched(r_yes: np.ndarray, r_no: np.ndarray) -> np.ndarray:
    """Regret matching over two actions: the share of the first (a half where both regrets are zero)."""
    total = r_yes + r_no
    out: np.ndarray = np.where(total > 0.0, r_yes / np.where(total > 0.0, total, 1.0), 0.5)
    return out


def polish(g: Game, p: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Guess the equilibrium's support from ``p`` and ``q`` and solve its indifference equations exactly.

    Each class is read as pure by the sign of its gain against the other
    player's average strategy, except the ``m`` classes of each player whose
    gain per deal is closest to zero (``m`` = 0 to :data:`MAX_MIXED`): those
    get the weights that make the other player's mixed classes indifferent.
    Returns the candidate of least exploitability whose weights lie in
    ``[0, 1]``, or None.
    """
    sb_gain = g.push_gain(q) / g.row
    bb_gain = g.call_gain(p) / g.row
    sb_order = np.argsort(np.abs(sb_gain), kind="stable")
    bb_order = np.argsort(np.abs(bb_gain), kind="stable")
    best: tuple[float, np.ndarray, np.ndarray] | None = None
    for m in range(MAX_MIXED + 1):
        ms, mb = np.sort(sb_order[:m]), np.sort(bb_order[:m])
        p2 = np.where(sb_gain > 0.0, 1.0, 0.0)
        q2 = np.where(bb_gain > 0.0, 1.0, 0.0)
        if m:
            p2[ms] = 0.0
            q2[mb] = 0.0
            k = g.k[np.ix_(ms, mb)]
            try:
                # the small blind's mixed classes indifferent (push_gain(q)[ms] == 0), solved for q[mb];
                # the big blind's mixed classes indifferent (call_gain(p)[mb] == 0), solved for p[ms]
                qm = np.linalg.solve(k, -(g.push_over_fold[ms] + g.k[ms] @ q2))
                pm = np.linalg.solve(k.T, -(g.k[:, mb].T @ p2))
            except np.linalg.LinAlgError:
                continue
            if not (np.all((qm >= 0.0) & (qm <= 1.0)) and np.all((pm >= 0.0) & (pm <= 1.0))):
                continue
            p2[ms], q2[mb] = pm, qm
        e = exploitability(g, p2, q2)[0]
        if best is None or e < best[0]:
            best = (e, p2, q2)
    return None if best is None else (best[1], best[2])


def fractions(p: np.ndarray) -> float:
    """The share of the 1,326 combos a per-class strategy plays."""
    return float(combo_counts() @ p / COMBOS)


def range_text(weights: Sequence[float] | np.ndarray, digits: int = 4) -> str:
    """A per-class strategy in range notation, grid order: ``"AA, AKs, ..., K9o:0.4321"`` (weights rounded)."""
    parts = []
    for name, w in zip(CLASSES, weights, strict=True):
        r = round(float(w), digits)
        if r <= 0.0:
            continue
        parts.append(name if r >= 1.0 else f"{name}:{r:.{digits}f}".rstrip("0"))
    return ", ".join(parts)
