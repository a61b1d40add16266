"""Baseline hold'em and Omaha agents: simple policies and four playing styles.

They use nothing but their observation (own cards, public state, legal
actions) and are the sparring partners of the AIs and of the strength
measurements.

===============  ==========  ===============================================================
agent            name        how it plays
===============  ==========  ===============================================================
RandomLegalAgent "random"    a random legal action (:class:`pokercore.holdem._agents.RandomAgent`)
CallAgent        "call"      checks or calls everything, never bets or folds
ManiacAgent      "maniac"    bets or raises whenever allowed, often big, never folds
RockAgent        "rock"      plays the top 8% of starting hands; bets strong hands, folds the rest
StationAgent     "station"   calls with any pair or draw down to the river; bets only monsters
TightAggressive  "tag"       the top 18% of hands, played by raising; value bets, semi-bluffs,
                             folds weak hands to bets
===============  ==========  ===============================================================

Examples
--------
>>> import numpy as np
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=2)
>>> s.play([make(np.random.default_rng(1)) for make in (ManiacAgent, RockAgent, StationAgent)])
>>> s.is_over, sum(s.stacks)
(True, 600)
>>> obs = HoldemState(HoldemConfig("nl", players=2), seed=1).observe(0)
>>> CallAgent()(obs)
Action(kind='call', amount=2)
"""

from __future__ import annotations

import numpy as np

from .._actions import Action
from .._agents import RandomAgent
from .._observation import Observation
from ._combos import combo_index
from ._easy import HoldemAgent, omaha_points
from ._preflop import preflop_rank
from ._spot import Spot
from ._strength import draws, made_hand

__all__ = ["STYLES", "CallAgent", "ManiacAgent", "RandomLegalAgent", "RockAgent", "StationAgent",
           "TightAggressiveAgent", "in_top"]

#: The four playing styles, by name.
STYLES = ("maniac", "rock", "station", "tag")


def in_top(hole: tuple[int, ...], share: float) -> bool:
    """Whether the starting hand is in the top ``share`` of hands (Omaha: by :func:`~.easy.omaha_points`)."""
    if len(hole) == 2:
        return float(preflop_rank()[combo_index(int(hole[0]), int(hole[1]))]) <= share
    # the point count's rough shares: 5+ points about the top 10%, 3+ about the top 35%
    return omaha_points(hole) >= (6.0 if share < 0.1 else 5.0 if share < 0.2 else 3.0)


class RandomLegalAgent(HoldemAgent):
    """A random legal action, amounts spread from the minimum to all-in."""

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        super().__init__(rng)
        self._random = RandomAgent(int(self.rng.integers(2**63)))

    def __call__(self, obs: Observation) -> Action:
        return self._random(obs)


class CallAgent(HoldemAgent):
    """Checks when free, otherwise calls (all-in for less when short)."""

    def __call__(self, obs: Observation) -> Action:
        spot = Spot(obs)
        if not spot.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make")
        return spot.check_or_call()


class ManiacAgent(HoldemAgent):
    """Bets or raises whenever allowed (half to all of the pot, now and then all-in), never folds."""

    def __call__(self, obs: Observation) -> Action:
        spot = Spot(obs)
        if not spot.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make")
        r = float(self.rng.random())
        if r < 0.05:
            return spot.all_in()
        return spot.sized(0.5 + 0.5 * r)


class RockAgent(HoldemAgent):
    """Plays the top 8% of starting hands (raising them) and after the flop only strong hands."""

    def __call__(self, obs: Observation) -> Action:
        spot = Spot(obs)
        if not spot.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make")
        if spot.street == 0:
            if in_top(spot.hole, 0.08):
                return spot.sized(1.0) if spot.raises < 3 else spot.check_or_call()
            return spot.check_or_fold()
        level = made_hand(spot.hole, spot.board)
        if level == "monster":
            return spot.sized(0.75)
        if level == "strong":
            return spot.check_or_call() if spot.facing_bet else spot.sized(0.6)
        return spot.check_or_fold()


class StationAgent(HoldemAgent):
    """Calls with any pair or draw to the river, calls most hands before the flop, bets only monsters."""

    def __call__(self, obs: Observation) -> Action:
        spot = Spot(obs)
        if not spot.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make")
        if spot.street == 0:
            if in_top(spot.hole, 0.6) or spot.to_call <= spot.big_blind:
                return spot.check_or_call()
            return spot.check_or_fold()
        level = made_hand(spot.hole, spot.board)
        if level == "monster" and not spot.facing_bet:
            return spot.sized(0.5)
        if level != "nothing" or draws(spot.hole, spot.board) or not spot.facing_bet:
            return spot.check_or_call()
        return spot.check_or_call() if self.rng.random() < 0.3 else spot.check_or_fold()


class TightAggressiveAgent(HoldemAgent):
    """Tight-aggressive: the top 18% of hands raised, strong hands bet and raised, draws semi-bluffed."""

    def __call__(self, obs: Observation) -> Action:
        spot = Spot(obs)
        if not spot.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make")
        if spot.street == 0:
            return self.preflop(spot)
        level = made_hand(spot.hole, spot.board)
        drawing = bool(draws(spot.hole, spot.board))
        if level == "monster":
            return spot.sized(0.8)
        if level == "strong":
            if spot.facing_bet and spot.raises >= 2:
                return spot.check_or_call() if spot.pot_odds < 0.35 else spot.check_or_fold()
            return spot.sized(0.66) if not spot.facing_bet else spot.check_or_call()
        if not spot.facing_bet:
            if drawing and self.rng.random() < 0.5:
                return spot.sized(0.6)
            if spot.street == 1 and spot.raises == 0 and len(spot.opponents) == 1 and self.rng.random() < 0.5:
                return spot.sized(0.5)  # a continuation bet heads-up
            return spot.check_or_call()
        if level == "medium" and spot.pot_odds <= 0.3:
            return spot.check_or_call()
        if drawing and spot.pot_odds <= 0.25:
            return spot.check_or_call()
        return spot.check_or_fold()

    def preflop(self, spot: Spot) -> Action:
        """Open the top 18%, re-raise the top 5%, call a raise with the top 12%."""
        if in_top(spot.hole, 0.05):
            return spot.sized(1.0) if spot.raises < 3 else spot.check_or_call()
        if spot.unopened and in_top(spot.hole, 0.18):
            return spot.to(3 * spot.big_blind)
        if not spot.unopened and in_top(spot.hole, 0.12) and spot.pot_odds < 0.4:
            return spot.check_or_call()
        return spot.check_or_fold()
