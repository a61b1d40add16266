"""The hard hold'em and Omaha AI: the normal AI plus reads of each opponent over the session.

It plays like :class:`~.normal.NormalAgent` (equity against ranges narrowed
by the actions of the hand, pot odds, position), with three differences
that come from what each opponent has done in the hands before
(:class:`~.session.Session`, public actions and showdowns only):

* **Ranges**: each opponent's range is narrowed with the frequencies it
  has shown itself (how often it bets, raises and calls on each street,
  after how many raises and, in no-limit, with which size, and how often
  its river bets were bluffs; :class:`~.session.LearnedRead`) rather than
  the whole table's: a maniac's raise leaves a wide range, a rock's a
  narrow one.
* **Bet sizes**: value bets grow with how often the opponents call (up to
  the pot against a calling station) and shrink against players who fold
  a lot.
* **Bluffs**: it bluffs, semi-bluffs and continuation-bets in proportion
  to how often the opponents fold to bets, and heads-up bets half the pot
  when checked to as often as the opponent's folds pay for; it never
  bluffs a player who hardly folds.

Examples
--------
>>> import numpy as np
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemGame
>>> from pokercore.holdem.ai import StationAgent
>>> hard = HardAgent(np.random.default_rng(1))
>>> result = HoldemGame(HoldemConfig("nl", players=2, hands=30, seed=4)).play(
...     [hard, StationAgent(np.random.default_rng(2))])
>>> st = hard.session.stats(hard.last_observation, 1)
>>> st.hands >= 1, st.fold_rate < 0.5
(True, True)
"""

from __future__ import annotations

import numpy as np

from .._actions import Action
from .._observation import Observation
from ._normal import NormalAgent
from ._reads import Read
from ._spot import Spot

__all__ = ["HardAgent"]


class HardAgent(NormalAgent):
    """Hard AI: normal's equity play with per-opponent ranges, bet sizes and bluffs.

    Parameters
    ----------
    rng : numpy.random.Generator, optional
        Draws its runouts and bluffs.
    samples : int
        Runouts sampled before the turn (hold'em).
    """

    def __init__(self, rng: np.random.Generator | None = None, samples: int = 200) -> None:
        super().__init__(rng, samples=samples)
        self.last_observation: Observation | None = None
        self._base_bluff = self.bluff
        self._base_semi = self.semi_bluff

    def hand_over(self, obs: Observation) -> None:
        """Learn from a finished hand: its public actions and showdowns."""
        self.session.record(obs)
        self.last_observation = obs

    def tendencies(self, obs: Observation, seat: int) -> Read:
        """The frequencies the player in ``seat`` has shown over the session."""
        return self.session.tendencies(obs, seat)

    def _opponent_rates(self, spot: Spot) -> tuple[float, float]:
        """Mean fold and call rate to bets of the opponents still in the hand."""
        seats = spot.opponents or spot.obs.opponents
        if not seats:
            return 0.4, 0.45
        stats = [self.session.stats(spot.obs, s) for s in seats]
        return float(np.mean([s.fold_rate for s in stats])), float(np.mean([s.call_rate for s in stats]))

    def decide(self, spot: Spot, equity: float, ranges: dict[int, np.ndarray]) -> Action:
        """Normal's decision with bluffs scaled by the opponents' folds and value sizes by their calls."""
        fold, call = self._opponent_rates(spot)
        scale = max(0.0, (fold - 0.2) / 0.3)  # no bluffs against players who fold less than a fifth of the time
        self.bluff = min(0.5, self._base_bluff * scale * (1.5 if fold > 0.5 else 1.0))
        self.semi_bluff = min(0.8, self._base_semi * scale)
        self.cbet = min(0.9, max(0.0, 0.5 + 1.5 * (fold - 0.45)))
        action = super().decide(spot, equity, ranges)
        n = max(1, len(ranges))
        strong = equity / (1.0 / (n + 1)) >= self.value
        if action.kind in ("bet", "raise") and not spot.limit and not spot.facing_bet and strong:
            fraction = 0.5 + 0.6 * min(1.0, max(0.0, (call - 0.3) / 0.5))  # a value bet: sized by how they call
            return spot.sized(fraction)
        if action.kind == "check" and n == 1 and spot.street >= 1 and spot.aggressive() is not None:
            # checked to heads-up: bet at it as often as this opponent's folds pay for
            if self.rng.random() < min(0.85, max(0.0, 2.0 * (fold - 0.35))):
                return spot.sized(0.5)
        return action
