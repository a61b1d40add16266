"""The easy hold'em and Omaha AI: the hand-strength rules a beginner plays by.

* **Before the flop** (hold'em): raise the top 8% of starting hands
  (big pairs, AK, AQ), play the top 30% (any pair, two high cards, suited
  aces) by calling or opening for a small raise, fold the rest unless
  checking is free.  Omaha: a point count of the four cards
  (:func:`omaha_points`: pairs, an ace with a suit mate, connected and high
  cards) stands in for the chart.
* **After the flop**: it names its hand (:func:`~.strength.made_hand`:
  monster, strong, medium, weak, nothing; :func:`~.strength.draws`) and
  bets monsters and strong hands (raising with monsters), bets medium hands
  when checked to and calls them against bets up to half the pot, calls a
  draw when the price is a quarter of the pot or less, and otherwise checks
  or folds.  A twentieth of the time it bluffs at a pot checked to it.

It reads no range and no pot odds beyond those rules of thumb, which is
what makes it easy.

Examples
--------
>>> import numpy as np
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=2), button=0, deck="7c 2d  As Ah")
>>> EasyAgent(np.random.default_rng(0))(s.observe(0))          # aces: raise
Action(kind='raise', amount=6)
>>> s = HoldemState(HoldemConfig("nl", players=2), button=0, deck="As Ah  7c 2d")
>>> EasyAgent(np.random.default_rng(0))(s.observe(0))          # seven-deuce: fold
Action(kind='fold', amount=0)
>>> from pokercore import parse_cards
>>> omaha_points(parse_cards("As Ah Ks Kh")), omaha_points(parse_cards("9c 6d 3h 2s"))
(12.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .._actions import Action
from .._observation import Observation
from ._combos import combo_index
from ._preflop import preflop_rank
from ._spot import Spot
from ._strength import draws, made_hand

__all__ = ["EasyAgent", "HoldemAgent", "omaha_points", "preflop_tier"]


class HoldemAgent:
    """What every built-in hold'em agent has: a generator, ``reset()`` and ``hand_over()``.

    Parameters
    ----------
    rng : numpy.random.Generator, optional
        The agent's only source of randomness (``None``: fresh entropy).
    """

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = np.random.default_rng() if rng is None else rng

    def reset(self) -> None:
        """Forget the hand in play (nothing to forget here)."""

    def hand_over(self, obs: Observation) -> None:
        """See a finished hand (these agents learn nothing from it)."""

    def __call__(self, obs: Observation) -> Action:  # pragma: no cover - every subclass decides
        raise NotImplementedError


def omaha_points(hole: Sequence[int]) -> float:
    """A beginner's point count of an Omaha starting hand (about 0 to 10; 4 or more is strong).

    Each pair counts 2 (3 for tens or better), each ace with a card of its
    suit 2 and any other suited pair of cards 1 (at most two suits count),
    four cards within five ranks 1.5, and each ten or better 0.5.
    """
    ranks = [c >> 2 for c in hole]
    suits = [c & 3 for c in hole]
    points = 0.0
    for r in set(ranks):
        if ranks.count(r) == 2:
            points += 3.0 if r >= 8 else 2.0
    suited = 0
    for s in set(suits):
        mates = [r for r, t in zip(ranks, suits) if t == s]
        if len(mates) >= 2 and suited < 2:
            suited += 1
            points += 2.0 if 12 in mates else 1.0
    distinct = sorted(set(ranks))
    if len(distinct) == len(ranks) and distinct[-1] - distinct[0] <= 4:
        points += 1.5
    points += 0.5 * sum(1 for r in ranks if r >= 8)
    return points


def preflop_tier(hole: Sequence[int]) -> int:
    """0: raise it, 1: play it, 2: fold it (hold'em: top 8% / top 30%; Omaha: 5+ / 3+ points)."""
    if len(hole) == 2:
        rank = float(preflop_rank()[combo_index(int(hole[0]), int(hole[1]))])
        return 0 if rank <= 0.08 else 1 if rank <= 0.3 else 2
    points = omaha_points(hole)
    return 0 if points >= 5 else 1 if points >= 3 else 2


class EasyAgent(HoldemAgent):
    """Easy AI: a starting-hand chart, then hand categories and rules of thumb.

    Parameters
    ----------
    rng : numpy.random.Generator, optional
        Draws its occasional bluff.
    bluff : float
        Chance of a bluff at a pot checked to it after the flop.
    """

    def __init__(self, rng: np.random.Generator | None = None, bluff: float = 0.05) -> None:
        super().__init__(rng)
        self.bluff = bluff

    def __call__(self, obs: Observation) -> Action:
        spot = Spot(obs)
        if not spot.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make")
        if spot.street == 0:
            return self.preflop(spot)
        return self.postflop(spot)

    def preflop(self, spot: Spot) -> Action:
        """The chart: raise the best hands, call with the playable ones, fold the rest."""
        tier = preflop_tier(spot.hole)
        bb = spot.big_blind
        if tier == 0:
            if spot.raises >= 2:
                return spot.check_or_call()
            return spot.to(3 * bb) if spot.unopened else spot.sized(1.0)
        if tier == 1:
            if spot.to_call <= 4 * bb or spot.to_call <= 0.1 * (spot.stack + spot.my_bet):
                return spot.check_or_call()
        return spot.check_or_fold()

    def postflop(self, spot: Spot) -> Action:
        """Bet what it has, call what the rules of thumb allow, fold the rest."""
        level = made_hand(spot.hole, spot.board)
        if level == "monster":
            return spot.sized(0.75)
        if level == "strong":
            if spot.facing_bet and spot.raises >= 2:
                return spot.check_or_call()
            return spot.sized(0.6) if not spot.facing_bet else spot.check_or_call()
        if not spot.facing_bet:
            if level == "medium" or self.rng.random() < self.bluff:
                return spot.sized(0.5)
            return spot.check_or_call()
        price = spot.to_call / max(1, spot.pot)
        if level == "medium" and price <= 0.5:
            return spot.check_or_call()
        if (level == "weak" or draws(spot.hole, spot.board)) and price <= 0.25:
            return spot.check_or_call()
        return spot.check_or_fold()
