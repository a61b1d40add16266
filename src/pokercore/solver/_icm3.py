"""Push/fold at a three-handed sit-and-go final table, every result valued by ICM.

The button pushes or folds; the small blind then pushes or folds (after a
fold) or calls or folds (facing the push); the big blind calls or folds
facing one or two all-ins.  Six decisions per starting-hand class:

- ``btn_push``: the button's push;
- ``sb_push``: the small blind's push after the button folds;
- ``sb_call``: the small blind's call of the button's push;
- ``bb_call_sb``: the big blind's call of the small blind's push;
- ``bb_call_btn``: the big blind's call of the button's push (small blind folded);
- ``bb_call_both``: the big blind's call of the button's push and the small blind's call.

Every terminal turns into stacks (side pots paid, two players busted in one
hand placed by their starting stacks) and then into prizes by
Malmuth-Harville (:mod:`._icm`).  A heads-up all-in is won with the exact
all-in equity of the classes (:mod:`._table`; a tie counted as half a win).

Two approximations, both documented: the deal of three classes weighs
``n_a n_b n_c r_ab r_ac r_bc`` (``r``: the share of two classes' combo
pairs that share no card), exact for every pair but not for the triple;
and a three-way all-in is ordered from the pairwise equities (the winner
in proportion to ``E_ab * E_ac``, then the other two by ``E_bc``).

Solving: fictitious play (every round each seat best-responds to the
others' averages); three-player games have no convergence guarantee, so
the result states its own measure, the most any one seat gains by a best
response to the returned strategies (``epsilon``, in the payouts' unit).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._classes import combo_counts, pair_counts
from ._icm import icm_places
from ._table import equity_table

__all__ = ["DECISIONS", "Table3", "best_gains", "fictitious_play"]

DECISIONS = ("btn_push", "sb_push", "sb_call", "bb_call_sb", "bb_call_btn", "bb_call_both")
BTN, SB, BB = 0, 1, 2


def _prizes(final: list[float], start: Sequence[float], payouts: Sequence[float]) -> np.ndarray:
    """Each player's equity after a hand: ICM over the survivors, the busted paid by their starting stacks."""
    out = np.zeros(3)
    alive = [i for i in range(3) if final[i] > 0]
    busted = sorted((i for i in range(3) if final[i] <= 0), key=lambda i: -start[i])
    pay = list(payouts) + [0.0] * (3 - len(payouts))
    if len(alive) == 1:
        out[alive[0]] = pay[0]
    else:
        places = icm_places(tuple(final[i] for i in alive), len(alive))
        for row, i in zip(places, alive, strict=True):
            out[i] = sum(row[k] * pay[k] for k in range(len(alive)))
    k = len(alive)
    while busted:  # equal starting stacks busted together split their places
        same = [i for i in busted if start[i] == start[busted[0]]]
        share = sum(pay[k:k + len(same)]) / len(same)
        for i in same:
            out[i] = share
            busted.remove(i)
        k += len(same)
    return out


def _settle(stacks: Sequence[float], put: Sequence[float], order: Sequence[int]) -> list[float]:
    """Stacks after the pots: ``put`` each player's chips in, ``order`` the showdown's players best first."""
    final = [s - c for s, c in zip(stacks, put, strict=True)]
    prev = 0.0
    for level in sorted(set(put)):
        chunk = sum(min(c, level) - min(c, prev) for c in put)
        eligible = [i for i in order if put[i] >= level]
        winner = eligible[0] if eligible else max(range(3), key=lambda i: put[i])
        final[winner] += chunk
        prev = level
    return final


class Table3:
    """The game of one final table: its payoffs per terminal and the deal weights (see the module)."""

    def __init__(self, stacks: Sequence[float], sb: float, bb: float, ante: float,
                 payouts: Sequence[float]) -> None:
        self.stacks, self.payouts = tuple(stacks), tuple(payouts)
        s = self.stacks
        posted = [ante, ante + sb, ante + bb]
        n = combo_counts().astype(np.float64)
        self.n = n
        self.r = pair_counts() / np.outer(n, n)
        e = equity_table()

        def prize(put: list[float], order: list[int]) -> np.ndarray:
            return _prizes(_settle(s, put, order), s, self.payouts)

        allin = list(s)
        # Terminals without a showdown: constants per player.
        self.k1 = prize(posted, [BB])  # button and small blind fold
        self.k2 = prize([posted[0], s[1], posted[2]], [SB])  # small blind pushes, big blind folds
        self.k4 = prize([s[0], posted[1], posted[2]], [BTN])  # button pushes, both fold

        # Heads-up showdowns: U[i][x, y] for the first-named player's class x.
        def duel(put: list[float], x: int, y: int) -> np.ndarray:
            win, lose = prize(put, [x, y]), prize(put, [y, x])
            out: np.ndarray = e[None, :, :] * win[:, None, None] + (1 - e[None, :, :]) * lose[:, None, None]
            return out

        self.u3 = duel([posted[0], allin[1], allin[2]], SB, BB)  # (player, sb class, bb class)
        self.u5 = duel([allin[0], posted[1], allin[2]], BTN, BB)  # (player, btn class, bb class)
        self.u6 = duel([allin[0], allin[1], posted[2]], BTN, SB)  # (player, btn class, sb class)
        # Three-way: X7[i][a, b, c] = deal weight x player i's prize (float32: 58 MB for the three seats).
        w3 = self.weights3()
        self.total = float(w3.sum(dtype=np.float64))
        e32 = e.astype(np.float32)
        firsts = (e32[:, :, None] * e32[:, None, :],  # the button's hand best: E_ab E_ac
                  e32.T[:, :, None] * e32[None, :, :],  # the small blind's: E_ba E_bc
                  e32.T[:, None, :] * e32.T[None, :, :])  # the big blind's: E_ca E_cb
        scale = w3 / (firsts[0] + firsts[1] + firsts[2])
        del w3
        second = {(BTN, SB): e32[:, :, None], (BTN, BB): e32[:, None, :], (SB, BB): e32[None, :, :]}
        x7 = np.zeros((3, 169, 169, 169), dtype=np.float32)
        for top in range(3):
            j, k = [i for i in range(3) if i != top]
            chance_top = firsts[top] * scale
            p_jk = second[(j, k)]
            for a, b, share in ((j, k, p_jk), (k, j, 1 - p_jk)):
                pz = prize(allin, [top, a, b])
                chance = chance_top * share
                for i in range(3):
                    x7[i] += np.float32(pz[i]) * chance
        self.x7 = x7

    def weights3(self) -> np.ndarray:
        """``(169, 169, 169)`` float32: the deal weight of (button, small blind, big blind) classes."""
        n, r = self.n.astype(np.float32), self.r.astype(np.float32)
        nnr = n[:, None] * n[None, :] * r  # n_a n_b r_ab
        out: np.ndarray = nnr[:, :, None] * (r[:, None, :] * (n[None, :] * r)[None, :, :])  # x r_ac x n_c r_bc
        return out

    def m(self, f: np.ndarray) -> np.ndarray:
        """Sum of the deal weights over one seat's class weighted by ``f``: a matrix over the other two."""
        n, r = self.n, self.r
        out: np.ndarray = np.outer(n, n) * r * (r @ (r * (n * f)[None, :]).T)
        return out

    def t(self, z: np.ndarray) -> np.ndarray:
        """Sum of the deal weights over two seats' classes weighted by ``z[y, x]``: a vector over the third."""
        n, r = self.n, self.r
        zz = np.outer(n, n) * r * z
        out: np.ndarray = n * (r * (zz @ r.T).T).sum(axis=1)  # n_x sum_y r_xy sum_z zz_yz r_xz
        return out


def values(g: Table3, s: dict[str, np.ndarray]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per decision, per class of the deciding seat: (its value acting, its value folding), deal-weighted."""
    p1, p3, q2 = s["btn_push"], s["sb_push"], s["sb_call"]
    q4, q5, q6 = s["bb_call_sb"], s["bb_call_btn"], s["bb_call_both"]
    one = np.ones(169)
    x7 = g.x7
    out = {}
    # Button (classes a): push against (b, c); fold leaves the blinds to play.
    m_q2n = g.m(1 - q2)  # (a, c)
    m_q6n = g.m(1 - q6)  # (a, b)
    push = (m_q2n * ((1 - q5) * g.k4[BTN])[None, :]).sum(1) + (m_q2n * q5[None, :] * g.u5[BTN]).sum(1) \
        + (m_q6n * q2[None, :] * g.u6[BTN]).sum(1) + x7[BTN].reshape(169, -1) @ np.outer(q2, q6).ravel()
    m_one = g.m(one)  # (a, b) or any pair
    fold = (m_one @ (1 - p3)) * g.k1[BTN] + (g.m(1 - q4) @ p3) * g.k2[BTN] \
        + g.t(np.outer(p3, q4) * g.u3[BTN])
    out["btn_push"] = (push, fold)
    # Small blind after the button's fold (classes b, against c, weighted by the button's folds).
    m_p1n = g.m(1 - p1)  # (b, c)
    push = (m_p1n * ((1 - q4) * g.k2[SB])[None, :]).sum(1) + (m_p1n * q4[None, :] * g.u3[SB]).sum(1)
    fold = m_p1n.sum(1) * g.k1[SB]
    out["sb_push"] = (push, fold)
    # Small blind facing the push (classes b, against a and c, weighted by the button's pushes).
    m_p1 = g.m(p1)  # (b, c)
    m_q6 = g.m(1 - q6)  # (b, a)
    call = (m_q6 * p1[None, :] * g.u6[SB].T).sum(1) \
        + (p1 @ x7[SB].reshape(169, -1)).reshape(169, 169) @ q6
    fold = (m_p1 * ((1 - q5) * g.k4[SB])[None, :]).sum(1) + g.t(p1[:, None] * q5[None, :] * g.u5[SB])
    out["sb_call"] = (call, fold)
    # Big blind facing the small blind's push (classes c): button folded, small blind pushed.
    z = np.outer(1 - p1, p3)  # (a, b)
    call = (g.m(1 - p1) * (p3[:, None] * g.u3[BB])).sum(0)
    fold = g.t(z) * g.k2[BB]
    out["bb_call_sb"] = (call, fold)
    # Big blind facing the button's push alone.
    z = np.outer(p1, 1 - q2)
    call = (g.m(1 - q2) * (p1[:, None] * g.u5[BB])).sum(0)
    fold = g.t(z) * g.k4[BB]
    out["bb_call_btn"] = (call, fold)
    # Big blind facing the push and the call.
    call = np.outer(p1, q2).ravel() @ x7[BB].reshape(-1, 169)
    fold = _fold_both(g, p1, q2)
    out["bb_call_both"] = (call, fold)
    return out


def _fold_both(g: Table3, p1: np.ndarray, q2: np.ndarray) -> np.ndarray:
    """The big blind's value folding to a push and a call: per its class c, sum over (a, b) of w p1 q2 U6."""
    n, r = g.n, g.r
    zz = np.outer(n, n) * r * (np.outer(p1, q2) * g.u6[BB])  # (a, b)
    out: np.ndarray = n * (r * (r @ zz.T)).sum(axis=1)  # n_c sum_a r_ca sum_b r_cb zz_ab
    return out


SEAT_OF = {"btn_push": BTN, "sb_push": SB, "sb_call": SB, "bb_call_sb": BB, "bb_call_btn": BB, "bb_call_both": BB}


def best_gains(g: Table3, s: dict[str, np.ndarray]) -> np.ndarray:
    """What each seat gains (payout units per hand) by a best response to the others' strategies ``s``."""
    gains = np.zeros(3)
    for name, (act, fold) in values(g, s).items():
        now = s[name] * act + (1 - s[name]) * fold
        gains[SEAT_OF[name]] += float((np.maximum(act, fold) - now).sum()) / g.total
    return gains


def fictitious_play(g: Table3, rounds: int, target: float, check: int = 10
                    ) -> tuple[dict[str, np.ndarray], int, np.ndarray]:
    """Fictitious play until no seat gains more than ``target`` or ``rounds`` run out.

    Every ``check`` rounds two profiles are measured: the averages, and the
    averages rounded to pure actions (once the averages settle, the rounded
    profile is usually far closer to an equilibrium: 0.0008 against 0.0044
    of a 100 pool after 80 rounds at 5000/3000/2000, 150/300).  The least
    exploitable profile seen is returned, with its gains and the rounds run.
    """
    avg = {name: np.full(169, 0.5) for name in DECISIONS}
    best_profile = {k: v.copy() for k, v in avg.items()}
    best_gains_seen = best_gains(g, avg)
    done = 0
    for t in range(1, rounds + 1):
        reply = {name: (act > fold).astype(np.float64) for name, (act, fold) in values(g, avg).items()}
        for name in DECISIONS:  # the uniform start only seeds the first best responses
            avg[name] += (reply[name] - avg[name]) / t
        done = t
        if t % check == 0 or t == rounds:
            rounded = {k: (v > 0.5).astype(np.float64) for k, v in avg.items()}
            for profile in (avg, rounded):
                gains = best_gains(g, profile)
                if gains.max() < best_gains_seen.max():
                    best_profile = {k: v.copy() for k, v in profile.items()}
                    best_gains_seen = gains
            if best_gains_seen.max() <= target:
                break
    return best_profile, done, best_gains_seen
