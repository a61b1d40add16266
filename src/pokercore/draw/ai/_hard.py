"""The hard five-card draw AI: particle ranges, Monte Carlo expected values, bounded bluffs.

For every live opponent it keeps a *range*, a weighted set of concrete
hands (:class:`~.inference.OpponentRange`): particles of simulated
drawers (:mod:`~.particles`), weighed by the opponent's public draw count and by each of its
actions in this hand under a per-seat mixture of opponent types (calling
station, loose, tight).  A call from a seat that may be a calling station
counts little; once a seat bets it is no station.

* **Draw.** It picks the discard whose exact distribution of final hands
  (enumeration of every replacement) has the best expected showdown share
  against the opponents' final-hand distributions: the product of their
  range CDFs, so players who already drew (stood pat, drew one ...) shape
  its choice.
* **First round.** Its strength is that expected share.  Checked to with
  one or two opponents, it compares the chips a check and a bet are worth
  (folds by each opponent's type posterior, then its share against the
  calling ranges); a bet that pays only through folds is a steal (a
  semi-bluff with a draw), made at a bounded frequency.  Otherwise it bets
  or raises when the share beats the fair share by an edge and calls on
  pot odds; with two or more calling stations live (as the session reads
  them) the edge is zero and the pot odds count what the stations behind
  will pay.
* **Second round.** It deals ``samples`` joint opponent hands from their
  ranges (rejecting deals that collide with its own cards, its discards or
  each other: Monte Carlo with card removal) and compares expected values
  in chips: check against bet, fold against call against raise.  A bet's
  value counts the opponents that fold (each sampled hand goes on with the
  chance its type posterior gives) and the ones that raise; so it
  value-bets thin hands against wide calling ranges and bets for folds only
  at a bounded frequency (``bluff`` <= :data:`MAX_BLUFF`).

**Reading the table.**  Over a session it keeps per-opponent statistics
from public actions and showdowns (:class:`~.session.Session`, fed by
``hand_over``): how often each opponent enters, bets, raises, calls and
folds to a bet, what it showed down, and which type (station, loose,
tight, maniac, rock) explains its hands best.  Those learnt type priors
shape every range and continuation model, so it value-bets thinner and
bluffs less against stations, calls and raises more against maniacs and
folds to a rock's raises; its value margin also thins against players
who seldom fold.  The session also learns how each opponent draws
(sensible, chasing draws, keeping a kicker: :data:`~.params.POLICIES`)
from its draw counts and showdowns, so a calling station's one- and
two-card draws read as the busted flush and straight draws they mostly
are, and hard value-bets its pairs into them.  Within a hand it remembers its own discards (cleared
by ``reset()``, which keeps the session).

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

from collections.abc import Mapping, Sequence
from typing import TypedDict

import numpy as np
from numpy.typing import NDArray

from pokercore import evaluate5
from pokercore.draw._actions import Action, draw_action
from pokercore.draw._observation import Observation
from pokercore.draw._street import Street

from ._easy import drawing_hand
from ._inference import OpponentRange
from ._normal import acts_last, decide
from ._odds import best_discard
from ._params import OpponentType
from ._particles import card_mask, particles
from ._session import Session
from ._strength import bet_or_raise, check_or_call, check_or_fold, find

__all__ = ["MAX_BLUFF", "HardAgent"]

#: Upper bound on the chance of making a bet for folds in any one spot.
MAX_BLUFF = 0.5


class Edges(TypedDict):
    """First-round share edges over the fair share (the keywords of :func:`~.normal.decide`)."""

    bet_edge: float
    raise_edge: float


class HardAgent:
    """Hard AI: particle ranges per opponent, Monte Carlo EVs, bounded (semi-)bluffs.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of the Monte Carlo samples and of bluffing decisions.
    samples : int
        Joint opponent deals per second-round decision.
    bluff : float
        Chance of betting for folds when checked to after the draw, when
        the model says such a bet pays; capped at :data:`MAX_BLUFF`.
    steal_rate : float
        The same before the draw (x1.5 with a four-flush or open-ended
        straight draw: a semi-bluff); capped at :data:`MAX_BLUFF`.
    bet_edge, raise_edge : float
        First-round share edges over the fair share to bet and to raise.
    committed : float
        Lowest chance that a seat that already put chips in this round
        calls a raise.
    value_margin : float
        Extra expected value (in bets) a bet or raise must show over checking or calling
        (thinner against opponents who seldom fold: :meth:`margin`).
    types : dict, optional
        Opponent types of the ranges (default :data:`~.params.TYPES`).
    open_ev_max : int
        Most opponents for the expected-chips opening before the draw
        (more: the share thresholds).
    station_read : float
        Learnt station-type prior above which an opponent counts as a
        calling station (:meth:`stations`): with two or more of them live
        before the draw it bets and raises on the fair share with no edge
        and counts the chips they will add behind a bet in its pot odds.
    """

    def __init__(self, rng: np.random.Generator | None = None, samples: int = 1500,
                 bluff: float = 0.12, bet_edge: float = 0.08, raise_edge: float = 0.2,
                 committed: float = 0.7,
                 value_margin: float = 0.05, types: Mapping[str, OpponentType] | None = None,
                 steal_rate: float = 0.5, open_ev_max: int = 2, station_read: float = 0.8) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.samples = samples
        self.bluff = min(float(bluff), MAX_BLUFF)
        self.bet_edge, self.raise_edge = bet_edge, raise_edge
        self.committed = committed
        self.value_margin = value_margin
        self.types = types
        self.steal_rate = min(float(steal_rate), MAX_BLUFF)
        self.open_ev_max = open_ev_max
        self.station_read = station_read
        self._hand_number: int | None = None
        self._discards: tuple[int, ...] = ()
        #: what it learnt about each opponent over the session (kept across hands)
        self.session = Session(types)

    def reset(self) -> None:
        """Forget the hand: its own discards.  What it learnt about the opponents stays."""
        self._hand_number = None
        self._discards = ()

    def hand_over(self, obs: Observation) -> None:
        """Learn from a finished hand: public actions and showdowns (:class:`~.session.Session`)."""
        self.session.record(obs)

    def ranges(self, obs: Observation) -> list[OpponentRange]:
        """The current range of every live opponent, from type priors learnt over the session."""
        return [OpponentRange(obs, s, self.types, self.session.type_priors(obs, s), self.session.draws(obs, s))
                for s in obs.opponents]

    @staticmethod
    def score(rs: list[OpponentRange]) -> NDArray[np.float64]:
        """Chance each rank beats every opponent's final hand (independent ranges)."""
        s = np.ones(7463)
        for r in rs:
            s = s * r.cdf()
        return s

    # ------------------------------------------------------------------ second round
    def _deal(self, obs: Observation, rs: list[OpponentRange]) -> NDArray[np.intp]:
        """Ranks and percentiles ``(S, m)`` of joint opponent hands, card removal applied."""
        p = particles()
        idx = np.stack([r.sample(self.samples, self.rng) for r in rs], axis=1)
        dead = self._discards if self._hand_number == obs.hand_number else ()
        known = np.uint64(card_mask(tuple(obs.hand) + tuple(dead)))
        masks = p.mask[idx]
        ok = ((masks & known) == 0).all(axis=1)
        for j in range(len(rs)):
            for k in range(j + 1, len(rs)):
                ok &= (masks[:, j] & masks[:, k]) == 0
        if ok.sum() >= 100:
            idx = idx[ok]
        return idx

    def _second_round(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        rs = self.ranges(obs)
        p = particles()
        idx = self._deal(obs, rs)
        ranks, pct = p.final_rank[idx], p.final_pct[idx]
        # chance each sampled opponent hand goes on against a bet (its type posterior's rule)
        go_on = np.stack([r.cont[idx[:, j]] for j, r in enumerate(rs)], axis=1)
        # a seat that already put chips in this round rarely folds to a raise
        in_round = np.array([any(e.street == obs.street and e.seat == r.seat and e.kind in ("bet", "raise", "call")
                                 for e in obs.events) for r in rs])
        go_on = np.where(in_round[None, :], np.maximum(go_on, self.committed), go_on)
        mine = evaluate5(list(obs.hand))
        best = ranks.max(axis=1)
        ties = (ranks == mine).sum(axis=1)
        share = np.where(best < mine, 1.0, np.where(best == mine, 1.0 / (1 + ties), 0.0))
        pot, bet, to_call = obs.pot, obs.bet_size, obs.to_call
        draws = self.rng.random(ranks.shape)

        def ev_aggressive(cost: float) -> float:
            """Mean chips won by putting in ``cost`` now (a bet or a raise) against the model."""
            # each opponent goes on by its type posterior's rule for the hand it holds
            cont = draws < go_on
            # opponents that continue with a very strong hand raise once; it calls
            raises = cont & (pct > 0.93)
            n_cont = cont.sum(axis=1)
            opp = np.where(cont, ranks, 0)
            b2 = opp.max(axis=1)
            t2 = (cont & (ranks == mine)).sum(axis=1)
            s2 = np.where(b2 < mine, 1.0, np.where(b2 == mine, 1.0 / (1 + t2), 0.0))
            extra = raises.any(axis=1) * bet
            callers = n_cont * bet + raises.any(axis=1) * bet * n_cont
            won = np.where(n_cont == 0, pot, s2 * (pot + cost + extra + callers) - cost - extra)
            return float(won.mean())

        eq = float(share.mean())
        if to_call == 0:
            ev_check = eq * pot
            ev_bet = ev_aggressive(bet)
            bet_action = find(legal, "bet")
            if bet_action is None or ev_bet <= ev_check + self.margin(obs) * bet:
                return check_or_call(legal)
            n = max(1, len(rs))
            if eq < 0.5 / (n + 1) and self.rng.random() >= self.bluff:  # a bet for folds: bounded
                return check_or_call(legal)
            return bet_action
        ev_call = eq * (pot + to_call) - to_call
        raise_action = find(legal, "raise")
        ev_raise = ev_aggressive(to_call + bet) if raise_action is not None else -np.inf
        if (raise_action is not None and ev_raise > max(ev_call, 0.0) + self.margin(obs) * bet
                and eq > 0.5 / (len(rs) + 1)):
            return raise_action
        if ev_call > 0:
            return check_or_call(legal)
        return check_or_fold(legal)

    # ------------------------------------------------------------------ first round
    def _open(self, obs: Observation, rs: list[OpponentRange], hand: list[int], share: float) -> Action:
        """Bet or check when checked to before the draw, by expected chips.

        Checking is worth ``share * pot``.  A bet wins the pot when every
        opponent folds (each by its type posterior) and otherwise plays the
        calling ranges for a bigger pot.  A bet that only pays through folds
        (its share against the callers is under the fair share) is a steal,
        made at most at the bounded bluff frequency (a semi-bluff if it
        holds a draw).
        """
        legal = obs.legal_actions
        pot, bet = obs.pot, obs.bet_size
        folds = np.array([r.fold_probability() for r in rs])
        all_fold = float(np.prod(folds))
        called = np.ones(7463)
        for r in rs:
            called = called * r.cdf(r.calling_range())
        share_called = best_discard(hand, called)[1]
        callers = float((1 - folds).sum()) / max(1e-9, 1 - all_fold)
        ev_bet = all_fold * pot + (1 - all_fold) * (share_called * (pot + bet * (1 + callers)) - bet)
        ev_check = share * (pot + 0.0)
        margin = 0.03 if acts_last(obs) else 0.0
        bet_action = find(legal, "bet")  # offered: the caller opens only when a bet is legal
        if bet_action is not None and ev_bet > ev_check + self.margin(obs) * bet:
            fair = 1.0 / (len(rs) + 1)
            if share_called + margin >= fair or self.rng.random() < self.steal_freq(hand):
                return bet_action
        return check_or_call(legal)

    def edges(self, obs: Observation) -> Edges:
        """First-round share edges read from the session counts (as the normal agent's):
        thinner value bets against players who seldom fold, raises with less against bettors who
        bet almost every hand."""
        opp = [self.session.stats(obs, s) for s in obs.opponents]
        if not opp:
            return {"bet_edge": self.bet_edge, "raise_edge": self.raise_edge}
        folds = float(np.mean([st.fold_to_bet for st in opp]))
        bet_edge = self.bet_edge * min(1.0, max(0.2, folds / 0.3))
        bettors = {e.seat for e in obs.events
                   if e.street == obs.street and e.seat != obs.seat and e.kind in ("bet", "raise")}
        raise_edge = self.raise_edge
        if bettors:
            weight = float(np.mean([self.session.stats(obs, s).bet_weight() for s in bettors]))
            raise_edge *= min(1.0, max(0.05, weight / 0.5))
        return {"bet_edge": bet_edge, "raise_edge": raise_edge}

    def margin(self, obs: Observation) -> float:
        """The value margin, thinner against opponents who seldom fold to a bet (session counts):
        ``value_margin`` against players folding 30% of the bets they face or more, down to a
        fifth of it against players who never fold."""
        folds = [self.session.stats(obs, s).fold_to_bet for s in obs.opponents]
        if not folds:
            return self.value_margin
        return self.value_margin * min(1.0, max(0.2, float(np.mean(folds)) / 0.3))

    def stations(self, obs: Observation) -> int:
        """Live opponents the session reads as calling stations (learnt type prior of the
        station type above ``station_read``)."""
        return sum(self.session.type_priors(obs, s)["station"] > self.station_read for s in obs.opponents)

    @staticmethod
    def behind(obs: Observation, rs: list[OpponentRange]) -> float:
        """Chips the opponents still to act are expected to add if it calls now: what each owes
        times the chance it goes on (its range's continuation model)."""
        out = 0.0
        for r in rs:
            owed = obs.current_bet - obs.bets[r.seat]
            if owed > 0:
                out += (1.0 - r.fold_probability()) * owed
        return out

    def steal_freq(self, hand: Sequence[int]) -> float:
        """Bounded frequency of bets made for folds: semi-bluffs with a draw, steals without."""
        return min(MAX_BLUFF, self.steal_rate * (1.5 if drawing_hand(hand) else 1.0))

    # ------------------------------------------------------------------ decisions
    def __call__(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        hand = list(obs.hand)
        if obs.street == Street.BET1:
            self.reset()  # a new hand, even if the runner did not call reset()
        if obs.street == Street.DRAW:
            discard = best_discard(hand, self.score(self.ranges(obs)))[0]
            # remembered for the hand: its own discards are dead cards for the Monte Carlo
            self._hand_number, self._discards = obs.hand_number, tuple(discard)
            return draw_action(discard)
        if obs.street == Street.BET1:
            rs = self.ranges(obs)
            share = best_discard(hand, self.score(rs))[1]
            if obs.to_call == 0 and find(legal, "bet") is not None and 0 < len(rs) <= self.open_ev_max:
                return self._open(obs, rs, hand, share)
            if (obs.to_call == 0 and find(legal, "bet") is not None and drawing_hand(hand)
                    and self.rng.random() < self.bluff):
                return bet_or_raise(legal)
            margin = 0.03 if acts_last(obs) else 0.0
            if self.stations(obs) >= 2:
                # several calling stations in the pot: no folds to win and no raises to fear from
                # them, so value bets and raises need no edge over the fair share, and the
                # stations behind a bet pay whatever it calls
                return decide(obs, share, margin=margin, bet_edge=0.0, raise_edge=0.0,
                              behind=self.behind(obs, rs))
            return decide(obs, share, margin=margin, **self.edges(obs))
        return self._second_round(obs)
