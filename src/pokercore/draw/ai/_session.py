"""Per-opponent statistics over a session, from public actions and showdowns only.

A :class:`Session` watches every finished hand (the ``hand_over``
observation the engine, the game loop and the simulator hand to agents)
and keeps, for each opponent, how often it enters the pot before the draw,
bets or raises, calls, checks, folds when facing a bet, and what it showed
down.  From those hands it also keeps a log-likelihood of each opponent
*type* (:data:`~.params.TYPES`: station, loose, tight, maniac, rock) and
turns it into per-opponent type priors for the hard agent's ranges, so
its ranges and continuation models follow what each opponent has done.
Separately it keeps a log-likelihood of each *drawing policy*
(:data:`~.params.POLICIES`: sensible, chaser, kicker keeper) from the
opponent's draw counts and the hands it showed after them: a calling
station that breaks pairs for flush draws and draws two to three-flushes
is read as a chaser, so its one- and two-card draws read as the busted
draws they mostly are, not as two pair or trips.

Opponents are keyed by their seat *relative to the observer*
(``(seat - my_seat) % seats``) and the table size: at a fixed table that
is the player, and in the simulator's duplicate mode, where the agents
move one seat on with every rotation, the offset between two agents stays
the same, so the key still follows the player.

Nothing private is read: only ``events`` (public actions and draw counts)
and ``revealed`` (hands shown at showdown).

Examples
--------
>>> import numpy as np
>>> from pokercore.draw import DrawConfig, DrawState
>>> from pokercore.draw.ai import ManiacAgent, CallAgent
>>> session = Session()
>>> for k in range(6):
...     s = DrawState(DrawConfig(players=2), button=k % 2, seed=k)
...     s.play([CallAgent(), ManiacAgent()])
...     session.record(s.observe(0))
>>> st = session.stats(s.observe(0), 1)
>>> st.hands, st.bet_rate > 0.7, max(session.type_priors(s.observe(0), 1).items(), key=lambda kv: kv[1])[0]
(6, True, 'maniac')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from pokercore.draw._actions import Event
from pokercore.draw._observation import Observation
from pokercore.draw._street import Street

from ._inference import draw_policy_loglik, hand_type_loglik
from ._params import DRAW_PRIOR, POLICIES, TYPES, OpponentType

__all__ = ["SeatStats", "Session"]


@dataclass
class SeatStats:
    """Counts of one opponent's public behaviour over the hands seen so far.

    Rates are smoothed towards a typical player with a few pseudo-hands, so
    they are usable from the first hand on.
    """

    hands: int = 0            #: hands it was dealt into
    entered: int = 0          #: hands where it called, bet or raised before the draw
    bet_hands: int = 0        #: hands where it bet or raised at least once
    bets: int = 0             #: bets and raises
    calls: int = 0
    checks: int = 0
    faced: int = 0            #: decisions it took facing a bet
    folded: int = 0           #: ... that were folds
    #: (showdown cards, bet or raised after the draw)
    showdowns: list[tuple[tuple[int, ...], bool]] = field(default_factory=list)
    loglik: dict[str, float] = field(default_factory=dict)      #: type -> summed log-likelihood of its hands
    draw_loglik: list[float] = field(default_factory=lambda: [0.0] * len(POLICIES))  #: its draws, by policy

    @property
    def vpip(self) -> float:
        """Share of hands it entered before the draw (prior: 0.6 over 4 hands)."""
        return (self.entered + 2.4) / (self.hands + 4)

    @property
    def bet_rate(self) -> float:
        """Share of hands where it bet or raised at least once (prior: 0.4 over 4 hands)."""
        return (self.bet_hands + 1.6) / (self.hands + 4)

    def bet_weight(self) -> float:
        """How much a bet or raise from this player says, in extra opponents: 0.5 for a player
        who bets 40% of its hands, near 0 for one who always bets, up to 1 for one who never does."""
        return 0.5 * min(2.0, max(0.0, (1.0 - self.bet_rate) / 0.6))

    @property
    def aggression(self) -> float:
        """Bets and raises per betting action (prior: 0.35 over 6 actions)."""
        return (self.bets + 2.1) / (self.bets + self.calls + self.checks + 6)

    @property
    def fold_to_bet(self) -> float:
        """Share of the bets it faced that it folded to (prior: 0.3 over 4)."""
        return (self.folded + 1.2) / (self.faced + 4)


class Session:
    """Opponent statistics and learnt type priors for one agent over many hands.

    Parameters
    ----------
    types : dict, optional
        Opponent types (default :data:`~.params.TYPES`).
    temper : float
        Weight of the summed log-likelihoods in the type posterior (< 1
        keeps it from trusting a few hands too much).
    floor : float
        Smallest prior any type keeps, so a player who changes style is
        noticed.
    learn_types : bool
        Also keep the type and drawing-policy log-likelihoods (a range
        computation per opponent and hand); ``False`` keeps the counts only.
    draw_temper : float
        Weight of the summed drawing-policy log-likelihoods (draw counts
        are exact evidence, so 1 by default).
    """

    def __init__(self, types: Mapping[str, OpponentType] | None = None, temper: float = 0.5, floor: float = 0.02,
                 learn_types: bool = True, draw_temper: float = 1.0) -> None:
        self.learn_types = learn_types
        self.types = TYPES if types is None else types
        self.temper = float(temper)
        self.draw_temper = float(draw_temper)
        self.floor = float(floor)
        self._stats: dict[tuple[int, int], SeatStats] = {}
        self._last: tuple[int, int, tuple[int, ...], tuple[Event, ...]] | None = None

    @staticmethod
    def key(obs: Observation, seat: int) -> tuple[int, int]:
        """The opponent's key: (table size, seat relative to the observer)."""
        n = len(obs.stacks)
        return n, (seat - obs.seat) % n

    def stats(self, obs: Observation, seat: int) -> SeatStats:
        """What this session knows about the player in ``seat`` (empty stats if nothing yet)."""
        return self._stats.get(self.key(obs, seat)) or SeatStats()

    def record(self, obs: Observation) -> None:
        """Learn from a finished hand (``obs.street == Street.OVER``); each hand counts once."""
        if obs.street != Street.OVER:
            return
        # the same final observation handed over twice counts once; different deals do not
        # collide (the simulator numbers every deal 1, and many share an event count)
        tag = (obs.hand_number, obs.button, tuple(obs.hand), tuple(obs.events))
        if tag == self._last:
            return
        self._last = tag
        level = {Street.BET1: 0, Street.BET2: 0}
        matched: dict[tuple[Street, int], int] = {}
        per_seat: dict[int, dict[str, int]] = {}
        for e in obs.events:
            if e.street not in level:
                continue
            if e.seat == obs.seat:
                level[e.street] += e.kind in ("bet", "raise")
                matched[(e.street, e.seat)] = level[e.street]
                continue
            d = per_seat.setdefault(e.seat, {"entered": 0, "agg": 0, "bets": 0, "calls": 0, "checks": 0,
                                             "faced": 0, "folded": 0, "agg2": 0})
            facing = level[e.street] > matched.get((e.street, e.seat), 0)
            d["faced"] += facing
            d["folded"] += facing and e.kind == "fold"
            if e.kind in ("bet", "raise"):
                level[e.street] += 1
                d["bets"] += 1
                d["agg"] = 1
                d["agg2"] |= e.street == Street.BET2
            elif e.kind == "call":
                d["calls"] += 1
            elif e.kind == "check":
                d["checks"] += 1
            if e.street == Street.BET1 and e.kind in ("call", "bet", "raise"):
                d["entered"] = 1
            matched[(e.street, e.seat)] = level[e.street]
        for seat in range(len(obs.stacks)):
            if seat == obs.seat or not obs.dealt_in[seat]:
                continue
            st = self._stats.setdefault(self.key(obs, seat), SeatStats())
            d = per_seat.get(seat, {})
            st.hands += 1
            st.entered += d.get("entered", 0)
            st.bet_hands += d.get("agg", 0)
            st.bets += d.get("bets", 0)
            st.calls += d.get("calls", 0)
            st.checks += d.get("checks", 0)
            st.faced += d.get("faced", 0)
            st.folded += d.get("folded", 0)
            shown = obs.revealed.get(seat)
            if shown is not None:
                st.showdowns.append((tuple(shown), bool(d.get("agg2", 0))))
            if self.learn_types:
                cards = tuple(shown) if shown is not None else None
                dl = draw_policy_loglik(obs, seat, cards)
                if dl is not None:
                    st.draw_loglik = [a + b for a, b in zip(st.draw_loglik, dl)]
                if d:
                    ll = hand_type_loglik(obs, seat, self.types, cards, draws=self.draws_of(st))
                    for k, v in ll.items():
                        st.loglik[k] = st.loglik.get(k, 0.0) + v

    def draws_of(self, st: SeatStats | None) -> tuple[float, ...]:
        """Chance of each drawing policy (:data:`~.params.POLICIES`) for the player with these
        stats: :data:`~.params.DRAW_PRIOR` times the tempered (``draw_temper``) likelihood of its
        draws and of the hands it showed after them, mixed with ``floor`` of each policy."""
        if st is None:
            return DRAW_PRIOR
        logp = np.log(np.array(DRAW_PRIOR)) + self.draw_temper * np.array(st.draw_loglik)
        p = np.exp(logp - logp.max())
        p /= p.sum()
        return tuple((self.floor + (1.0 - self.floor * len(p)) * p).tolist())

    def draws(self, obs: Observation, seat: int) -> tuple[float, ...]:
        """Chance that the player in ``seat`` draws like each policy of :data:`~.params.POLICIES`
        (sensible, chaser, kicker keeper), from its past draws and showdowns."""
        return self.draws_of(self._stats.get(self.key(obs, seat)))

    def type_priors(self, obs: Observation, seat: int) -> dict[str, float]:
        """Prior of each type for the player in ``seat``: the types' priors times the tempered
        likelihood of its past hands, mixed with ``floor`` of each type."""
        st = self._stats.get(self.key(obs, seat))
        base = {k: float(t["prior"]) for k, t in self.types.items()}
        if st is None or not st.loglik:
            return base
        names = list(base)
        logp = np.array([np.log(base[k]) + self.temper * st.loglik.get(k, 0.0) for k in names])
        p = np.exp(logp - logp.max())
        p /= p.sum()
        p = self.floor + (1.0 - self.floor * len(p)) * p
        return dict(zip(names, p.tolist()))
