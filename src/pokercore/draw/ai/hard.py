"""The hard five-card draw AI: opponent ranges, Monte Carlo, bounded bluffs.

For every live opponent it keeps a *range*: a weight for any five-card
hand that opponent might show down, built from public information only.

* The draw count: standing pat, drawing 1, 2 or 3 cards each imply a typical
  final-hand mix (pat: straights and better, or a bluff; one card: two pair
  or a missed/made draw; two: trips; three: a pair that improved 29% of the
  time).  :data:`DRAW_MIX` holds these mixes; a sampled hand's weight is
  its category's share in the mix over its share among random hands.
* The betting: each bet or raise multiplies a hand's weight by its showdown
  percentile (``pct ** AGGRESSION``), each call by ``pct ** CALL_WEIGHT``;
  first-round actions count less than second-round ones.

After the draw it deals ``samples`` random hands to the opponents from the
cards it cannot see (:func:`~.strength.equity` with importance weights) and
decides on the weighted showdown share.  Before the draw, when nobody has
drawn yet, it uses the exact expected share of its best discard against
opponents whose strength grows with their aggression.  It semi-bluffs
draws before the draw and bluffs after it, each at a bounded frequency
(``bluff`` <= ``MAX_BLUFF``), only when checked to.

Examples
--------
>>> import numpy as np
>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=2), button=0, seed=11)
>>> agent = HardAgent(np.random.default_rng(0))
>>> agent(s.observe(s.actor)) in s.observe(s.actor).legal_actions
True
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from pokercore import evaluate5
from pokercore.draw.actions import draw_action

from .easy import drawing_hand
from .normal import acts_last, bets_faced, decide
from .odds import CATEGORY, best_discard, showdown_cdf
from .strength import bet_or_raise, equity, find

__all__ = ["HardAgent", "OpponentRange", "DRAW_MIX", "MAX_BLUFF"]

#: Share of each category among random five-card hands (high card .. straight flush).
BASE = np.array([0.50118, 0.42257, 0.04754, 0.02113, 0.00392, 0.00197, 0.00144, 0.00024, 0.0000154])
#: Typical final-hand category mix of a player by the number of cards it drew.
DRAW_MIX = {
    0: np.array([0.06, 0.01, 0.005, 0.005, 0.30, 0.30, 0.25, 0.05, 0.01]),
    1: np.array([0.20, 0.08, 0.55, 0.03, 0.06, 0.06, 0.05, 0.005, 0.001]),
    2: np.array([0.01, 0.20, 0.07, 0.60, 0.003, 0.003, 0.08, 0.04, 0.0001]),
    3: np.array([0.05, 0.67, 0.15, 0.11, 0.003, 0.003, 0.01, 0.003, 0.0001]),
}
#: Category weight ratios (mix / base), one row per draw count.
_RATIO = {k: (v / v.sum()) / BASE for k, v in DRAW_MIX.items()}
AGGRESSION = 2.0
CALL_WEIGHT = 0.6
FIRST_ROUND = 0.3
MAX_BLUFF = 0.2


class OpponentRange:
    """Public-information range of one opponent: its draw count and its actions."""

    __slots__ = ("seat", "drawn", "exponent")

    def __init__(self, seat: int, drawn: Optional[int], exponent: float) -> None:
        self.seat = seat
        self.drawn = drawn
        self.exponent = exponent

    @classmethod
    def from_observation(cls, obs, seat: int) -> "OpponentRange":
        """The range of ``seat`` given the public events in ``obs``."""
        exp = 0.0
        for e in obs.events:
            if e.seat != seat:
                continue
            f = FIRST_ROUND if e.street == "bet1" else 1.0
            if e.kind in ("bet", "raise"):
                exp += f * AGGRESSION
            elif e.kind == "call":
                exp += f * CALL_WEIGHT
        return cls(seat, obs.draw_counts[seat], exp)

    def weights(self, ranks: np.ndarray) -> np.ndarray:
        """Relative likelihood of each showdown rank in this range."""
        w = np.ones(len(ranks))
        if self.drawn is not None:
            w = _RATIO[min(3, self.drawn)][CATEGORY[ranks]]
        if self.exponent:
            w = w * showdown_cdf()[ranks] ** self.exponent
        return w

    def __repr__(self) -> str:
        return f"OpponentRange(seat={self.seat}, drawn={self.drawn}, exponent={self.exponent:.2f})"


class HardAgent:
    """Hard AI: per-opponent ranges, Monte Carlo against them, bounded (semi-)bluffs.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of the Monte Carlo samples and of bluffing decisions.
    samples : int
        Monte Carlo deals per decision after the draw.
    bluff : float
        Chance of betting a weak hand when checked to after the draw (and of
        semi-bluffing a draw before it); capped at :data:`MAX_BLUFF`.
    """

    def __init__(self, rng: Optional[np.random.Generator] = None, samples: int = 1500,
                 bluff: float = 0.12, bet_edge: float = 0.12, raise_edge: float = 0.25) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.bet_edge, self.raise_edge = bet_edge, raise_edge
        self.samples = samples
        self.bluff = min(float(bluff), MAX_BLUFF)
        self._hand_number: Optional[int] = None
        self._discards: tuple[int, ...] = ()

    def reset(self) -> None:
        """Forget the hand: its own discards (ranges are rebuilt from each observation)."""
        self._hand_number = None
        self._discards = ()

    def ranges(self, obs) -> list[OpponentRange]:
        """The current range of every live opponent."""
        return [OpponentRange.from_observation(obs, s) for s in obs.opponents]

    def _pre_draw_score(self, obs) -> np.ndarray:
        rs = self.ranges(obs)
        eff = sum(1.0 + 0.6 * r.exponent for r in rs)
        return showdown_cdf() ** max(1.0, eff)

    def post_draw_share(self, obs) -> float:
        """Weighted Monte Carlo showdown share of the final hand against the ranges."""
        rs = self.ranges(obs)

        def weights(opp: np.ndarray) -> np.ndarray:
            w = np.ones(len(opp))
            for j, r in enumerate(rs):
                w *= r.weights(opp[:, j])
            return w

        dead = self._discards if self._hand_number == obs.hand_number else ()
        return equity(obs.hand, len(rs), self.samples, self.rng, dead, weights)

    def __call__(self, obs):
        legal = obs.legal_actions
        hand = list(obs.hand)
        if obs.street == "bet1":
            self.reset()  # a new hand, even if the runner did not call reset()
        if obs.street == "draw":
            discard = best_discard(hand, self._pre_draw_score(obs))[0]
            # remembered for the hand: its own discards are dead cards for the Monte Carlo
            self._hand_number, self._discards = obs.hand_number, tuple(discard)
            return draw_action(discard)
        margin = 0.03 if acts_last(obs) else 0.0
        if obs.street == "bet1":
            share = best_discard(hand, self._pre_draw_score(obs))[1]
            if (obs.to_call == 0 and find(legal, "bet") is not None and drawing_hand(hand)
                    and self.rng.random() < self.bluff):
                return bet_or_raise(legal)
            return decide(obs, share, margin=margin, bet_edge=self.bet_edge, raise_edge=self.raise_edge)
        share = self.post_draw_share(obs)
        n = max(1, len(obs.opponents))
        if (obs.to_call == 0 and share < 0.5 / (n + 1) and find(legal, "bet") is not None
                and bets_faced(obs) == 0 and self.rng.random() < self.bluff / n):
            return bet_or_raise(legal)
        return decide(obs, share, margin=margin, bet_edge=self.bet_edge, raise_edge=self.raise_edge)
