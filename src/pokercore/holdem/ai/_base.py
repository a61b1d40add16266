"""What the normal and hard AIs share: showdown tables and opponent ranges, kept for one hand.

:class:`RangeReader` builds, lazily and once per street of a hand, the
:class:`~.table.ShowdownTable` of its own hand on that street's board (the
runouts drawn from its generator, so the same seed gives the same
decisions), and from the public events the range of every opponent
(:func:`~.reads.narrow`).  Omaha candidates are ``particles`` random hands
drawn once per hand.  Everything is forgotten when a new hand starts (or
on :meth:`~RangeReader.reset`).

Examples
--------
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), button=0, deck="As Ah  Kd Kc  7s 2d")
>>> s.raise_(6)
>>> reader = RangeReader(np.random.default_rng(1))
>>> obs = s.observe(s.actor)
>>> ranges = reader.ranges(obs)
>>> weights = ranges[0]                                # seat 0 raised: deuces count little
>>> sorted(ranges), round(float(weights[0] / weights.max()), 1)
([0, 2], 0.1)
>>> reader.equity(obs, ranges) > 0.6           # aces against a raiser and the big blind
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._observation import Observation
from ._preflop import preflop_strength
from ._reads import TYPICAL, Read, narrow
from ._table import ShowdownTable, holdem_table, omaha_particles, omaha_table

__all__ = ["RangeReader"]


class RangeReader:
    """Showdown tables and opponent ranges of the hand being played.

    Parameters
    ----------
    rng : numpy.random.Generator
        Draws the runouts and the Omaha particles.
    samples : int
        Runouts sampled preflop and on the flop (hold'em).
    omaha_samples : int
        Runouts sampled in Omaha before the turn.
    particles : int
        Candidate hands drawn per Omaha hand.
    """

    def __init__(self, rng: np.random.Generator | None = None, samples: int = 150, omaha_samples: int = 50,
                 particles: int = 400) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.samples = int(samples)
        self.omaha_samples = int(omaha_samples)
        self.particles = int(particles)
        self._key: Any = None
        self._tables: dict[int, ShowdownTable] = {}
        self._particles: np.ndarray | None = None

    def reset(self) -> None:
        """Forget the hand (its tables and particles)."""
        self._key = None
        self._tables = {}
        self._particles = None

    def _sync(self, obs: Observation) -> None:
        key = (obs.hand_number, obs.button, obs.hole, obs.seat, obs.config.variant, obs.stacks[obs.seat]
               + obs.committed[obs.seat])
        if key != self._key:
            self.reset()
            self._key = key

    def table(self, obs: Observation, street: int | None = None) -> ShowdownTable:
        """The showdown table of this seat's hand on the board of ``street`` (default: now)."""
        self._sync(obs)
        n = len(obs.board) if street is None else (0, 3, 4, 5)[street]
        table = self._tables.get(n)
        if table is None:
            board = obs.board[:n]
            if obs.config.is_omaha:
                if self._particles is None:
                    self._particles = omaha_particles(obs.hole, self.rng, self.particles, len(obs.hole))
                table = omaha_table(obs.hole, board, self._particles, self.rng, self.omaha_samples)
            else:
                table = holdem_table(obs.hole, board, self.rng, self.samples)
            self._tables[n] = table
        return table

    def strength(self, obs: Observation, street: int) -> np.ndarray:
        """The candidates' strength on ``street``'s board (hold'em preflop: equity against a random hand)."""
        if street == 0 and not obs.config.is_omaha:
            return preflop_strength()
        return self.table(obs, street).strength

    def tendencies(self, obs: Observation, seat: int) -> Read:
        """How the player in ``seat`` is assumed to act (the same for everyone here)."""
        return TYPICAL

    def ranges(self, obs: Observation) -> dict[int, np.ndarray]:
        """seat -> weights over the candidates, for every opponent still holding cards."""
        live = self.table(obs).live if (obs.config.is_omaha or obs.board) else self._preflop_live(obs)
        return narrow(obs, lambda street: self.strength(obs, street), live,
                      lambda seat: self.tendencies(obs, seat))

    def _preflop_live(self, obs: Observation) -> np.ndarray:
        from ._combos import COMBO_MASKS, card_mask

        live: np.ndarray = (COMBO_MASKS & card_mask(obs.hole)) == 0
        return live

    def equity(self, obs: Observation, ranges: dict[int, np.ndarray]) -> float:
        """This seat's share of the pot against the ranges, on the board so far."""
        return self.table(obs).equity([ranges[s] for s in sorted(ranges)])
