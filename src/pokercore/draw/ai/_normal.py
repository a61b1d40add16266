"""The normal five-card draw AI: strength, opponents, position, draw odds, pot odds.

Its hand strength is a showdown share against the live opponents, each of
whose final hands is modelled by :func:`~pokercore.draw.ai._odds.showdown_cdf`.
Before the draw the strength is the expected share over every possible
draw of its best discard (exact enumeration, :func:`~.odds.best_discard`),
so a pair's 28.7% chance to improve or a four-flush's 19.1% chance to fill
is weighed exactly; after the draw it is the share of its final hand.
Each bet or raise it faces counts as an extra fraction of an opponent
(bettors are stronger than random hands): half of one from a player who
bets 40% of its hands, less from one who bets more often, up to one from a
player who never bets (counted over the session from public actions,
:class:`~.session.Session`).  It bets when its share clearly beats the fair
share ``1 / (players)``, raises when it beats it by more, calls when the
share beats the pot odds, and loosens a little when it acts last.

Examples
--------
>>> import numpy as np
>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=3), button=0, seed=11)
>>> agent = NormalAgent(np.random.default_rng(0))
>>> agent(s.observe(s.actor)) in s.observe(s.actor).legal_actions
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from pokercore import evaluate5
from pokercore.draw._actions import Action, draw_action
from pokercore.draw._observation import Observation
from pokercore.draw._street import Street

from ._odds import best_discard, showdown_cdf
from ._session import Session
from ._strength import check_or_call, check_or_fold, find

__all__ = ["NormalAgent", "acts_last", "bets_faced", "decide"]


def bets_faced(obs: Observation) -> int:
    """Bets and raises by other seats in the current betting round."""
    return sum(1 for e in obs.events
               if e.street == obs.street and e.seat != obs.seat and e.kind in ("bet", "raise"))


def acts_last(obs: Observation) -> bool:
    """Whether every other live seat acts before this one in a betting round (the button side)."""
    n = obs.seats
    order = [(obs.button + 1 + k) % n for k in range(n)]
    live = [s for s in order if obs.live[s]]
    return bool(live) and live[-1] == obs.seat


def decide(obs: Observation, share: float, *, margin: float = 0.0, bet_edge: float = 0.12,
           raise_edge: float = 0.25, behind: float = 0.0) -> Action:
    """A betting action from a showdown ``share`` against the live opponents.

    Bets (or raises) when ``share + margin`` beats the fair share
    ``1 / (opponents + 1)`` by ``bet_edge`` (``raise_edge`` to re-raise a
    bet), calls when it beats the pot odds, else checks or folds.
    ``behind``: chips the players still to act are expected to add if it
    calls, counted in the pot odds (the normal agent counts none).
    """
    legal = obs.legal_actions
    n = max(1, len(obs.opponents))
    fair = 1.0 / (n + 1)
    s = share + margin
    if obs.to_call == 0:
        if s > fair + bet_edge:
            return find(legal, "bet") or check_or_call(legal)
        return check_or_call(legal)
    odds = obs.to_call / (obs.pot + obs.to_call + behind)
    if s > fair + raise_edge:
        raise_ = find(legal, "raise")
        if raise_ is not None:
            return raise_
    if s > odds:
        return check_or_call(legal)
    return check_or_fold(legal)


class NormalAgent:
    """Normal AI: exact draw odds and EV draws, pot odds, opponents and position.

    Parameters
    ----------
    rng : numpy.random.Generator
        Kept for the common agent interface (the normal agent is deterministic).
    """

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        #: how often each opponent bets, counted over the session (public actions only)
        self.session = Session(learn_types=False)

    def reset(self) -> None:
        """Nothing to forget between hands: the session's counts stay."""

    def hand_over(self, obs: Observation) -> None:
        """Count a finished hand's public actions (:class:`~.session.Session`)."""
        self.session.record(obs)

    def _score(self, obs: Observation) -> NDArray[np.float64]:
        n = max(1, len(obs.opponents))
        extra = sum(self.session.stats(obs, e.seat).bet_weight() for e in obs.events
                    if e.street == obs.street and e.seat != obs.seat and e.kind in ("bet", "raise"))
        return showdown_cdf() ** (n + extra)

    def __call__(self, obs: Observation) -> Action:
        hand = list(obs.hand)
        if obs.street == Street.DRAW:
            return draw_action(best_discard(hand, self._score(obs))[0])
        score = self._score(obs)
        if obs.street == Street.BET1:
            share = best_discard(hand, score)[1]
        else:
            share = float(score[evaluate5(hand)])
        bet_edge, raise_edge = self.edges(obs)
        return decide(obs, share, margin=0.03 if acts_last(obs) else 0.0, bet_edge=bet_edge,
                      raise_edge=raise_edge)

    def edges(self, obs: Observation) -> tuple[float, float]:
        """Share edges to bet and to raise, read from the opponents' session counts.

        Against players who seldom fold to a bet it value-bets thinner
        (down to a fifth of the 0.12 edge); against bettors who bet almost
        every hand it raises with less (the 0.25 edge scaled by what their
        bets say, :meth:`~.session.SeatStats.bet_weight`).
        """
        opp = [self.session.stats(obs, s) for s in obs.opponents]
        if not opp:
            return 0.12, 0.25
        folds = float(np.mean([st.fold_to_bet for st in opp]))
        bet_edge = 0.12 * min(1.0, max(0.2, folds / 0.3))
        bettors = {e.seat for e in obs.events
                   if e.street == obs.street and e.seat != obs.seat and e.kind in ("bet", "raise")}
        if not bettors:
            return bet_edge, 0.25
        weight = float(np.mean([self.session.stats(obs, s).bet_weight() for s in bettors]))
        return bet_edge, 0.25 * min(1.0, max(0.05, weight / 0.5))
