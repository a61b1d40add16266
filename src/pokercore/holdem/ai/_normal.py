"""The normal hold'em and Omaha AI: equity against ranges narrowed by the opponents' actions, pot odds, position.

At every decision it reads each opponent's range from the public actions
of the hand (:mod:`.reads`) with the frequencies the whole table has shown
over the session (how often its players bet, raise and call on each street
and after how many raises, :meth:`~.session.Session.table_read`; a typical
player's until seen, so a table that raises everything is read as raising
with almost anything) and computes its equity against all of them on the
board so far (:mod:`.table`: the core's batch evaluators over every river
card on the turn and a seeded sample of runouts before).

* **Before the flop, nobody has raised**: hold'em opens with the top share
  of starting hands for the number of players still to act (55% with one
  left, 17% with five), raising to 2.5 big blinds heads-up and 3 (plus one
  per limper) otherwise; Omaha opens with an equity against a random hand
  above a threshold for the players still to act.  The big blind raises
  limpers with strong hands and checks the rest.  With two or more
  opponents, a hold'em hand not worth a raise limps when 0.85 of its
  equity beats the pot odds by :data:`LIMP_EDGE` once the calls expected
  from the players still to act are counted (at a table that calls and
  raises everything).
* **Facing a bet or raise**: it raises when its equity beats the fair share
  ``1 / players`` by a wide margin (heads-up: 0.62 before the flop, 0.72
  after), calls when its equity beats the pot odds (the calls expected from
  the players still to act counted in the pot, :meth:`NormalAgent.pot_odds`;
  out of position only 0.92 of its equity is counted, 0.85 before the flop,
  where the equity is harder to realise; all of it on the river) and folds otherwise.  In fixed
  limit a hand with :data:`NEAR_NUTS` equity against any hand never folds
  to a bet after the flop.
* **Checked to after the flop**: it bets two thirds of the pot for value
  when its equity beats the fair share by a margin (heads-up 0.6, 0.57 in
  position), semi-bluffs a third of its draws (a hand that becomes strong
  on at least a fifth of the runouts), continuation-bets half the pot on
  half of the flops it meets heads-up as the last raiser before the flop
  and, on the river in position heads-up, bluffs a tenth of its weakest hands.

Every amount is clamped to the legal range; a bet that would leave less
than a quarter of the stack goes all-in.  All randomness comes from its
generator: the same seed, the same decisions.

Examples
--------
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=2), button=0, deck="7c 2d  As Ah")  # seat 1 is dealt first
>>> agent = NormalAgent(np.random.default_rng(0))
>>> agent(s.observe(0))                     # aces on the button: raise to 2.5 big blinds
Action(kind='raise', amount=5)
>>> s = HoldemState(HoldemConfig("nl", players=2), button=0, deck="As Ah  7c 2d")
>>> agent(s.observe(0))                     # seven-deuce: fold
Action(kind='fold', amount=0)
"""

from __future__ import annotations

import numpy as np

from .._actions import Action
from .._observation import Observation
from ._base import RangeReader
from ._combos import combo_index
from ._preflop import preflop_rank
from ._reads import Read
from ._session import Session
from ._spot import Spot

__all__ = ["LIMP_EDGE", "NEAR_NUTS", "OPEN_SHARE", "NormalAgent", "draw_share", "preflop_open"]

#: Share of starting hands opened, by the number of players still to act behind.
OPEN_SHARE = {1: 0.55, 2: 0.42, 3: 0.3, 4: 0.22, 5: 0.17}
#: Equity over the pot odds (the calls expected behind counted) a hand needs to limp rather than fold.
LIMP_EDGE = 0.03
#: Fixed limit: a hand with this equity against any hand never folds to a bet after the flop.
NEAR_NUTS = 0.9
#: Omaha: equity against one random hand needed to open, by the players still to act.
OMAHA_OPEN = {1: 0.5, 2: 0.53, 3: 0.55, 4: 0.56, 5: 0.57}


def draw_share(table_beats: np.ndarray, strong: float = 0.8) -> float:
    """Share of the runouts on which this hand beats the opponents' ranges with chance ``strong`` or more."""
    return float((table_beats >= strong).mean()) if table_beats.size else 0.0


def preflop_open(spot: Spot) -> Action:
    """The standard open or isolation raise: 2.5 big blinds heads-up, else 3 plus one per limper."""
    bb = spot.big_blind
    limpers = sum(1 for e in spot.events(0) if e.kind == "call")
    if len(spot.obs.order) == 2:
        return spot.to(2.5 * bb)
    return spot.to((3 + limpers) * bb)


class NormalAgent(RangeReader):
    """Normal AI: equity against action-narrowed ranges, pot odds and position.

    Parameters
    ----------
    rng : numpy.random.Generator
        Draws its runouts and its (semi-)bluffs.
    samples : int
        Runouts sampled before the turn (hold'em).
    value, raise_edge : float
        Equity over the fair share, as a factor of it, to bet for value
        (1.2: heads-up 0.6) and to raise a bet (1.45: heads-up 0.725).
    bluff, semi_bluff : float
        Chance of a river bluff (heads-up, in position, checked to, with its
        weakest hands) and of a semi-bluff with a draw.
    """

    def __init__(self, rng: np.random.Generator | None = None, samples: int = 150, value: float = 1.2,
                 raise_edge: float = 1.45, bluff: float = 0.1, semi_bluff: float = 0.33,
                 cbet: float = 0.5) -> None:
        super().__init__(rng, samples=samples)
        self.session = Session()
        self.value = value
        self.raise_edge = raise_edge
        self.bluff = bluff
        self.semi_bluff = semi_bluff
        self.cbet = cbet

    def hand_over(self, obs: Observation) -> None:
        """Count a finished hand's public actions into the table's frequencies."""
        self.session.record(obs)

    def tendencies(self, obs: Observation, seat: int) -> Read:
        """How often the table as a whole bets, raises and calls (typical until seen)."""
        return self.session.table_read(obs)

    def __call__(self, obs: Observation) -> Action:
        spot = Spot(obs)
        if not spot.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make")
        if spot.street == 0 and spot.unopened:
            return self.open_or_check(spot)
        ranges = self.ranges(obs)
        equity = self.equity(obs, ranges)
        return self.decide(spot, equity, ranges)

    # ------------------------------------------------------------------ preflop
    def open_or_check(self, spot: Spot) -> Action:
        """Nobody has raised before the flop: open, isolate, check the big blind, or fold."""
        behind = max(1, min(5, spot.behind))
        obs = spot.obs
        if obs.config.is_omaha:
            table = self.table(obs)
            strong = table.equity([table.live.astype(np.float64)]) >= OMAHA_OPEN[behind] + (
                0.03 if spot.to_call == 0 else 0.0)
        else:
            rank = float(preflop_rank()[combo_index(*spot.hole)])
            share = OPEN_SHARE[behind] if spot.to_call else OPEN_SHARE[behind] * 0.4
            strong = rank <= share
        if strong and spot.aggressive() is not None:
            return preflop_open(spot)
        if spot.to_call and not obs.config.is_omaha and len(spot.active) >= 2:
            # not worth a raise: limp when the players still to act are expected to make the pot big enough
            ranges = self.ranges(obs)
            if self.equity(obs, ranges) * 0.85 >= self.pot_odds(spot) + LIMP_EDGE:
                return spot.check_or_call()
        return spot.check_or_fold()

    # ------------------------------------------------------------------ decisions
    def decide(self, spot: Spot, equity: float, ranges: dict[int, np.ndarray]) -> Action:
        """Bet, raise, call, check or fold on ``equity`` against the opponents' ``ranges``."""
        n = max(1, len(ranges))
        fair = 1.0 / (n + 1)
        rel = equity / fair
        if spot.facing_bet:
            return self.facing(spot, equity, rel)
        if rel >= self.value - (0.05 if spot.in_position else 0.0):
            return spot.sized(0.66)
        if spot.street in (1, 2) and n <= 2:
            beats = self.table(spot.obs).beat_chances([ranges[s] for s in sorted(ranges)]).prod(axis=0)
            if draw_share(beats) >= 0.2 and self.rng.random() < self.semi_bluff:
                return spot.sized(0.6)
        if spot.street == 3 and n == 1 and spot.in_position and equity < 0.2 and self.rng.random() < self.bluff:
            return spot.sized(0.6)
        if spot.street == 1 and n == 1 and spot.unopened and self.preflop_aggressor(spot) \
                and self.rng.random() < self.cbet:
            return spot.sized(0.5)  # a continuation bet: the raiser's range is the stronger one
        return spot.check_or_call()

    @staticmethod
    def preflop_aggressor(spot: Spot) -> bool:
        """Whether this seat made the last bet or raise before the flop."""
        raises = [e.seat for e in spot.events(0) if e.kind in ("bet", "raise")]
        return bool(raises) and raises[-1] == spot.obs.seat

    def facing(self, spot: Spot, equity: float, rel: float) -> Action:
        """Facing a bet or raise: re-raise strong hands, call on pot odds, fold the rest."""
        edge = self.raise_edge * (0.86 if spot.street == 0 else 1.0)
        if rel >= edge and spot.aggressive() is not None:
            return spot.sized(1.0 if spot.street == 0 else 0.8)
        if equity * self.realised(spot) >= self.pot_odds(spot) or self.near_nuts(spot):
            return spot.check_or_call()
        return spot.check_or_fold()

    @staticmethod
    def realised(spot: Spot) -> float:
        """Share of its equity a hand is counted to realise: 0.85 before the flop out of position, 0.92
        after it (until the river), 1 in position, on the river and all-in."""
        if spot.in_position or spot.street == 3 or spot.stack <= spot.to_call:
            return 1.0
        return 0.85 if spot.street == 0 else 0.92

    def pot_odds(self, spot: Spot) -> float:
        """The share of the pot a call pays for, counting the calls expected from the players still to act.

        Each opponent who has not yet matched the bet adds what it owes,
        times the share of its hands that go on (call or raise) at such a
        decision by its read (:meth:`tendencies`): against players who never
        fold the price is what it will be when the betting round closes.
        """
        obs = spot.obs
        cost = spot.call_cost()
        if cost <= 0:
            return 0.0
        extra = 0.0
        for seat in spot.active:
            owe = min(obs.current_bet - obs.bets[seat], obs.stacks[seat])
            if owe > 0:
                shares = self.tendencies(obs, seat).situation(spot.street, spot.raises)
                extra += owe * min(1.0, shares.any_aggressive + shares.call)
        return cost / (spot.pot + cost + extra)

    def near_nuts(self, spot: Spot) -> bool:
        """Fixed limit: whether the hand wins :data:`NEAR_NUTS` of the pot against any hand at all.

        One fixed-limit bet costs a small part of the pot, so such a hand
        never folds to it, whatever the bettor's range is read to be.
        """
        if not spot.limit or spot.street == 0:
            return False
        table = self.table(spot.obs)
        return table.equity([table.live.astype(np.float64)]) >= NEAR_NUTS
