"""Per-opponent statistics over a session, from public actions and showdowns only.

A :class:`Session` watches every finished hand (the ``hand_over``
observation the game loop and the simulator hand to agents) and keeps, for
each opponent, how often it puts chips in voluntarily before the flop
(VPIP) and raises there (PFR), bets when checked to after the flop, folds,
calls or raises when facing a bet, and which hands it showed down after
betting the river.  :meth:`Session.tendencies` turns the counts into the
:class:`~.reads.Tendencies` the hard AI narrows that opponent's range with;
every rate is smoothed towards :data:`~.reads.TYPICAL` by a few
pseudo-decisions, so it is usable from the first hand on.

Opponents are keyed by their seat relative to the observer and the table
size: at a fixed table that is the player, and in the simulator's duplicate
mode (every agent one seat on each rotation) the offset between two agents
stays the same.

Only ``events`` (public actions) and ``revealed`` (hands shown at the
showdown) are read.

Examples
--------
>>> import numpy as np
>>> from pokercore.holdem.config import HoldemConfig
>>> from pokercore.holdem.engine import HoldemState
>>> from pokercore.holdem.ai.baselines import CallAgent, ManiacAgent
>>> session = Session()
>>> for k in range(12):
...     s = HoldemState(HoldemConfig("nl", players=2), button=k % 2, seed=k)
...     s.play([CallAgent(), ManiacAgent(np.random.default_rng(k))])
...     session.record(s.observe(0))
>>> st = session.stats(s.observe(0), 1)
>>> st.hands, st.bet_rate > 0.7, st.pfr_rate > 0.7
(12, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import AGGRESSIVE
from ..observation import Observation
from .reads import TYPICAL, Tendencies
from .spot import ACTIONS
from .strength import made_hand

__all__ = ["PRIOR", "SeatStats", "Session"]

#: Pseudo-decisions of a typical player added to every rate.
PRIOR = 6.0


@dataclass
class SeatStats:
    """Counts of one opponent's public behaviour over the hands seen so far."""

    hands: int = 0          #: hands it was dealt into
    vpip: int = 0           #: hands where it called or raised before the flop (a free check is not)
    pfr: int = 0            #: hands where it raised before the flop
    chances: int = 0        #: post-flop decisions with nothing to call
    bets: int = 0           #: ... that were bets
    faced: int = 0          #: post-flop decisions facing a bet
    folds: int = 0          #: ... folds
    calls: int = 0          #: ... calls
    raises: int = 0         #: ... raises
    river_shows: int = 0    #: showdowns after it bet or raised the river
    river_bluffs: int = 0   #: ... with no pair of its own
    shown: list[tuple[int, ...]] = field(default_factory=list)  #: hands it showed

    def _rate(self, count: int, total: int, typical: float) -> float:
        return (count + PRIOR * typical) / (total + PRIOR)

    @property
    def vpip_rate(self) -> float:
        """Share of hands played voluntarily (typical player: 0.28)."""
        return self._rate(self.vpip, self.hands, TYPICAL.open_raise + TYPICAL.limp)

    @property
    def pfr_rate(self) -> float:
        """Share of hands raised before the flop."""
        return self._rate(self.pfr, self.hands, TYPICAL.open_raise)

    @property
    def bet_rate(self) -> float:
        """Share of unopened post-flop decisions it bets."""
        return self._rate(self.bets, self.chances, TYPICAL.bet)

    @property
    def fold_rate(self) -> float:
        """Share of post-flop bets it folds to."""
        return self._rate(self.folds, self.faced, 1.0 - TYPICAL.call_bet - TYPICAL.raise_bet)

    @property
    def call_rate(self) -> float:
        """Share of post-flop bets it calls."""
        return self._rate(self.calls, self.faced, TYPICAL.call_bet)

    @property
    def raise_rate(self) -> float:
        """Share of post-flop bets it raises."""
        return self._rate(self.raises, self.faced, TYPICAL.raise_bet)

    @property
    def bluff_rate(self) -> float:
        """Share of its shown river bets and raises made with no pair of its own."""
        return self._rate(self.river_bluffs, self.river_shows, TYPICAL.bluff)


class Session:
    """What an agent has seen each opponent do over the hands of a session."""

    def __init__(self) -> None:
        self._stats: dict[tuple[int, int], SeatStats] = {}
        self._seen: set[tuple[int, int, tuple[int, ...]]] = set()

    def _key(self, obs: Observation, seat: int) -> tuple[int, int]:
        return ((seat - obs.seat) % obs.seats, obs.seats)

    def stats(self, obs: Observation, seat: int) -> SeatStats:
        """The counts of the player in ``seat`` (as seen from ``obs.seat``)."""
        return self._stats.setdefault(self._key(obs, seat), SeatStats())

    def record(self, obs: Observation) -> None:
        """Count a finished hand's public actions and showdowns (each hand once)."""
        if obs.payouts is None:
            return
        key = (obs.hand_number, obs.button, obs.hole)
        if key in self._seen:
            return
        self._seen.add(key)
        if len(self._seen) > 4096:
            self._seen.clear()
        for seat in range(obs.seats):
            if seat == obs.seat or not obs.dealt_in[seat]:
                continue
            self._record_seat(obs, seat, self.stats(obs, seat))

    @staticmethod
    def _record_seat(obs: Observation, seat: int, st: SeatStats) -> None:
        st.hands += 1
        bets: dict[int, int] = {}
        street = ""
        vpip = pfr = False
        river_aggr = False
        for e in obs.events:
            if e.street != street:
                street, bets = e.street, {}
            top = max(bets.values(), default=0)
            if e.kind not in ACTIONS:
                if e.kind != "return":
                    bets[e.seat] = e.to
                continue
            facing = top - bets.get(e.seat, 0)
            bets[e.seat] = e.to
            if e.seat != seat:
                continue
            if street == "preflop":
                vpip = vpip or e.kind in ("call", "bet", "raise")
                pfr = pfr or e.kind in AGGRESSIVE
                continue
            if facing <= 0:
                st.chances += 1
                st.bets += e.kind in AGGRESSIVE
            else:
                st.faced += 1
                st.folds += e.kind == "fold"
                st.calls += e.kind == "call"
                st.raises += e.kind in AGGRESSIVE
            if street == "river" and e.kind in AGGRESSIVE:
                river_aggr = True
        st.vpip += vpip
        st.pfr += pfr
        shown = obs.revealed.get(seat)
        if shown:
            st.shown.append(tuple(shown))
            if river_aggr and len(obs.board) == 5:
                st.river_shows += 1
                st.river_bluffs += made_hand(shown, obs.board) == "nothing"

    def tendencies(self, obs: Observation, seat: int) -> Tendencies:
        """The :class:`~.reads.Tendencies` the player in ``seat`` has shown (typical until seen)."""
        st = self._stats.get(self._key(obs, seat))
        if st is None or st.hands == 0:
            return TYPICAL
        vpip, pfr = st.vpip_rate, st.pfr_rate
        return TYPICAL.scaled(
            open_raise=pfr,
            limp=max(0.01, vpip - pfr),
            call_raise=max(0.05, vpip - pfr) * 0.8 + 0.05,
            reraise=pfr * 0.3,
            bet=st.bet_rate,
            call_bet=st.call_rate,
            raise_bet=st.raise_rate,
            bluff=st.bluff_rate * 0.8 + 0.4 * max(0.0, st.bet_rate - 0.5),
        )
