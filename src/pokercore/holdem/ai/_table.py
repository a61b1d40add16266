"""Showdown tables: how the AI's hand and every hand an opponent may hold end up, over the board to come.

A :class:`ShowdownTable` is built for one decision from the AI's own hole
cards, the board so far and a set of *runouts* (the board cards still to
come): exactly every river card on the turn, one empty runout on the river,
and a seeded sample of the others before (``samples`` of them).  For every
runout it ranks the AI's hand and every candidate opponent hand with the
core's batch evaluators (:func:`pokercore.evaluate7_batch`, and
:func:`pokercore.evaluate_omaha_batch` for Omaha).  The candidates are all
1,326 two-card hands in hold'em and a seeded sample of hands (particles) in
Omaha.  From the one table come:

* :meth:`~ShowdownTable.equity`: the AI's share of the pot against one or
  more opponents, each a weighted range over the candidates (the runouts are
  shared, so the board's effect on all of them is counted together; card
  removal between two opponents is not);
* :meth:`~ShowdownTable.hand_equity`: the AI's equity against each candidate
  hand (the equity against any part of a range is then a weighted mean);
* :attr:`~ShowdownTable.strength`: each candidate's share of the other
  candidates it beats over the runouts: how strong an opponent holding it
  thinks it is, the order the AIs narrow ranges by.

Examples
--------
>>> import numpy as np
>>> from pokercore import parse_cards
>>> t = holdem_table(parse_cards("As Ah"), parse_cards("Kd 7c 2h Ts"), np.random.default_rng(1))
>>> t.runouts.shape, t.hands.shape                 # the turn: every river card, exactly
((46, 1), (1326, 2))
>>> uniform = t.live.astype(float)
>>> round(t.equity([uniform]), 3), round(t.equity([uniform, uniform]), 3)
(0.886, 0.785)
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from ...evaluators import evaluate7_batch, evaluate_omaha_batch
from ._combos import CARD_BITS, COMBO_MASKS, COMBOS, card_mask, column_shares

__all__ = ["ShowdownTable", "holdem_table", "omaha_particles", "omaha_table", "sample_runouts"]

_STAND_IN7 = np.array([0, 4, 8, 12, 16, 20, 24], dtype=np.uint8)  # a legal hand where a row is masked out


def sample_runouts(dead: tuple[int, ...], need: int, rng: np.random.Generator, samples: int) -> np.ndarray:
    """(R, need) uint8: the board cards still to come, avoiding ``dead``.

    Every runout when there are at most ``samples`` (the turn's rivers, the
    flop's turn-and-river pairs when ``samples`` >= their number), else
    ``samples`` random ones.
    """
    deck = np.array([c for c in range(52) if c not in set(dead)], dtype=np.uint8)
    if need == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    if need == 1:
        return deck.reshape(-1, 1)
    if need == 2 and len(deck) * (len(deck) - 1) // 2 <= samples:
        return np.array(list(combinations(deck.tolist(), 2)), dtype=np.uint8)
    keys = rng.random((samples, len(deck)))
    picks = np.argpartition(keys, need, axis=1)[:, :need]
    return deck[picks]


class ShowdownTable:
    """Ranks of the AI's hand and of every candidate opponent hand over the runouts.

    Parameters
    ----------
    hero : (R,) int array
        The AI's rank on each runout.
    hands : (K, h) uint8
        Candidate opponent hands.
    live : (K,) bool
        Candidates that share no card with the AI's hand or the board.
    ranks : (K, R) int array
        Candidate ranks (any value where ``valid`` is False).
    valid : (K, R) bool
        Candidate and runout share no card (and the candidate is live).
    runouts : (R, m) uint8
        The runouts.
    """

    def __init__(self, hero: np.ndarray, hands: np.ndarray, live: np.ndarray, ranks: np.ndarray,
                 valid: np.ndarray, runouts: np.ndarray) -> None:
        self.hero = hero
        self.hands = hands
        self.live = live
        self.ranks = ranks
        self.valid = valid
        self.runouts = runouts
        won = (hero[None, :] > ranks).astype(np.float32) + 0.5 * (hero[None, :] == ranks)
        self.won = np.where(valid, won, 0.0).astype(np.float32)
        self._validf = valid.astype(np.float32)
        self._strength: np.ndarray | None = None
        self._hand_equity: np.ndarray | None = None

    @property
    def strength(self) -> np.ndarray:
        """(K,) float: each live candidate's mean share of the other candidates it beats (0 if not live)."""
        if self._strength is None:
            share = column_shares(self.ranks, self.valid)
            n = self.valid.sum(axis=1)
            self._strength = np.where(n > 0, share.sum(axis=1) / np.maximum(n, 1), 0.0)
        return self._strength

    def hand_equity(self) -> np.ndarray:
        """(K,) float: the AI's equity against each candidate (0.5 where it is not live)."""
        if self._hand_equity is None:
            n = self._validf.sum(axis=1)
            self._hand_equity = np.where(n > 0, self.won.sum(axis=1) / np.maximum(n, 1), 0.5)
        return self._hand_equity

    def beat_chances(self, weights: list[np.ndarray]) -> np.ndarray:
        """(P, R): the chance the AI's hand beats each opponent's range on each runout (ties half)."""
        w = np.asarray(weights, dtype=np.float32)
        num = w @ self.won
        den = w @ self._validf
        return np.where(den > 0, num / np.maximum(den, 1e-12), 0.5)

    def equity(self, weights: list[np.ndarray]) -> float:
        """The AI's share of the pot against opponents holding the weighted ranges ``weights``.

        On each runout the chances to beat each opponent multiply (the
        opponents' hands are independent but for the board), then the
        runouts are averaged.  A tie counts as half a win against that
        opponent.  No opponent: 1.0.
        """
        if not weights:
            return 1.0
        return float(self.beat_chances(weights).prod(axis=0).mean())


def _table(hero: np.ndarray, hands: np.ndarray, live: np.ndarray, ranks: np.ndarray, valid: np.ndarray,
           runouts: np.ndarray) -> ShowdownTable:
    return ShowdownTable(hero.astype(np.int32), hands, live, ranks.astype(np.int32), valid, runouts)


def holdem_table(hole: tuple[int, ...] | list[int], board: tuple[int, ...] | list[int], rng: np.random.Generator,
                 samples: int = 200) -> ShowdownTable:
    """The showdown table of a hold'em decision: all 1,326 candidate hands.

    Parameters
    ----------
    hole : two card codes
        The AI's hand.
    board : 0 to 5 card codes
        The board so far.
    rng : numpy.random.Generator
        Draws the runouts when they are sampled (preflop and flop).
    samples : int
        Runouts to sample when there are more.
    """
    hole = tuple(int(c) for c in hole)
    board = tuple(int(c) for c in board)
    need = 5 - len(board)
    runouts = sample_runouts(hole + board, need, rng, samples)
    r = len(runouts)
    dead = card_mask(hole + board)
    live = (COMBO_MASKS & dead) == 0
    run_masks = np.bitwise_or.reduce(CARD_BITS[runouts], axis=1) if need else np.zeros(r, dtype=np.uint64)
    valid = live[:, None] & ((COMBO_MASKS[:, None] & run_masks[None, :]) == 0)
    k = len(COMBOS)
    arr = np.empty((k, r, 7), dtype=np.uint8)
    arr[:, :, 0] = COMBOS[:, None, 0]
    arr[:, :, 1] = COMBOS[:, None, 1]
    for j, c in enumerate(board):
        arr[:, :, 2 + j] = c
    for j in range(need):
        arr[:, :, 2 + len(board) + j] = runouts[None, :, j]
    flat = arr.reshape(-1, 7)
    flat[~valid.reshape(-1)] = _STAND_IN7
    ranks = evaluate7_batch(flat).reshape(k, r)
    mine = np.empty((r, 7), dtype=np.uint8)
    mine[:, 0:2] = hole
    mine[:, 2:2 + len(board)] = board
    mine[:, 2 + len(board):] = runouts
    hero = evaluate7_batch(mine)
    return _table(hero, COMBOS, live, ranks, valid, runouts)


def omaha_particles(hole: tuple[int, ...] | list[int], rng: np.random.Generator, count: int,
                    size: int = 4) -> np.ndarray:
    """(count, size) uint8: random Omaha hands that share no card with ``hole``."""
    deck = np.array([c for c in range(52) if c not in {int(x) for x in hole}], dtype=np.uint8)
    keys = rng.random((count, len(deck)))
    return deck[np.argpartition(keys, size, axis=1)[:, :size]]


def omaha_table(hole: tuple[int, ...] | list[int], board: tuple[int, ...] | list[int], particles: np.ndarray,
                rng: np.random.Generator, samples: int = 60) -> ShowdownTable:
    """The showdown table of an Omaha decision: the candidates are ``particles`` (sampled hands)."""
    hole = tuple(int(c) for c in hole)
    board = tuple(int(c) for c in board)
    need = 5 - len(board)
    runouts = sample_runouts(hole + board, need, rng, samples)
    r = len(runouts)
    k = particles.shape[0]
    bits = CARD_BITS[particles]
    masks = np.bitwise_or.reduce(bits, axis=1)
    live = (masks & card_mask(hole + board)) == 0
    run_masks = np.bitwise_or.reduce(CARD_BITS[runouts], axis=1) if need else np.zeros(r, dtype=np.uint64)
    valid = live[:, None] & ((masks[:, None] & run_masks[None, :]) == 0)
    boards = np.empty((r, 5), dtype=np.uint8)
    boards[:, :len(board)] = board
    boards[:, len(board):] = runouts
    hero = evaluate_omaha_batch(np.tile(np.array(hole, dtype=np.uint8), (r, 1)), boards)
    rows = np.flatnonzero(valid.reshape(-1))
    ranks = np.zeros(k * r, dtype=np.int32)
    if len(rows):
        ranks[rows] = evaluate_omaha_batch(particles[rows // r], boards[rows % r])
    return _table(hero, particles, live, ranks.reshape(k, r), valid, runouts)
