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
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> from pokercore.holdem.ai import CallAgent, ManiacAgent
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

from .._actions import AGGRESSIVE
from .._observation import Observation
from ._reads import TYPICAL, Shares, capped, size_bucket, size_factor, size_fraction
from ._spot import ACTIONS, street_index
from ._strength import made_hand

__all__ = ["PRIOR", "TABLE_PRIOR", "LearnedRead", "SeatStats", "Session", "boldness"]

#: Pseudo-decisions of a typical player added to every rate of one opponent (the hard AI's reads).
PRIOR = 6.0
#: Pseudo-decisions added to the rates of the whole table (the normal AI's reads).
TABLE_PRIOR = 12.0


def _grid(*shape: int) -> list:  # type: ignore[type-arg]
    if len(shape) == 1:
        return [0] * shape[0]
    return [_grid(*shape[1:]) for _ in range(shape[0])]


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
    #: decisions by street (0 preflop .. 3 river) and bets and raises before it (0, 1, 2 or more);
    #: a fixed-limit call when no raise is allowed is no decision to count
    chances_at: list[list[int]] = field(default_factory=lambda: _grid(4, 3))
    #: ... that were bets or raises, by size (:func:`~.reads.size_bucket`: small, medium, large)
    aggressive_at: list[list[list[int]]] = field(default_factory=lambda: _grid(4, 3, 3))
    #: ... that were calls (preflop with no raise yet: limps)
    calls_at: list[list[int]] = field(default_factory=lambda: _grid(4, 3))

    def aggression_rate(self, street: int, depth: int, prior: float = PRIOR) -> float:
        """Share of its decisions on ``street`` facing ``depth`` bets and raises (2: two or more) that bet or raise.

        Shrunk towards the typical player's share by ``prior`` pseudo-decisions.
        """
        typical = TYPICAL.situation(street, depth).any_aggressive
        return (sum(self.aggressive_at[street][depth]) + prior * typical) / (self.chances_at[street][depth] + prior)

    def add(self, other: SeatStats) -> None:
        """Add another player's counts to these (the whole table's counts)."""
        for name in ("hands", "vpip", "pfr", "chances", "bets", "faced", "folds", "calls", "raises",
                     "river_shows", "river_bluffs"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for st in range(4):
            for d in range(3):
                self.chances_at[st][d] += other.chances_at[st][d]
                self.calls_at[st][d] += other.calls_at[st][d]
                for b in range(3):
                    self.aggressive_at[st][d][b] += other.aggressive_at[st][d][b]

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


def boldness(stats: SeatStats, pseudo: float = 3.0) -> float:
    """How much more often than a typical player this one bets and raises, as an odds ratio over all its decisions.

    The odds of its bets and raises over all the decisions counted, against
    the odds a typical player would have had at the same decisions, each
    with ``pseudo`` decisions of either kind added (1.0 until seen).  A
    player who raises everything has a large ratio (its rare kinds of
    decisions, such as facing a third raise, are then read as aggressive
    too); a rock a small one.
    """
    seen = expected = total = 0.0
    for street in range(4):
        for d in range(3):
            n = stats.chances_at[street][d]
            if n:
                total += n
                seen += sum(stats.aggressive_at[street][d])
                expected += n * TYPICAL.situation(street, d).any_aggressive
    if total == 0:
        return 1.0
    ratio = (seen + pseudo) / (total - seen + pseudo)
    typical = (expected + pseudo) / (total - expected + pseudo)
    return float(ratio / typical)


class LearnedRead:
    """How one opponent (or a whole table) acts, from the frequencies counted over a session.

    At each kind of decision (street, and bets and raises already made:
    none, one, two or more) the share of hands it bets or raises with is the
    share of such decisions in which it did, shrunk towards the typical
    player's share (:data:`~.reads.TYPICAL`) by ``prior`` pseudo-decisions,
    and likewise for calls.  The typical share it is shrunk towards is
    first scaled by the opponent's :func:`boldness` over all its decisions,
    so a kind of decision seen only a few times is read from the rest.  An opponent that raises everything is read as
    raising with almost any hand; a rock, as raising with few.  The size of
    a no-limit bet narrows the range as it does for a typical player
    (:func:`~.reads.size_factor`) only as long as the opponent has seldom
    bet that size: the more often it has, the less its size says.

    Parameters
    ----------
    stats : SeatStats
        The counts.
    prior : float
        Pseudo-decisions of a typical player added to every rate.
    """

    def __init__(self, stats: SeatStats, prior: float = PRIOR) -> None:
        self.stats = stats
        self.prior = float(prior)
        self.boldness = boldness(stats)

    def situation(self, street: int, raises: int, fraction: float | None = None) -> Shares:
        """The shares at a decision on ``street`` after ``raises`` bets and raises, for a bet of ``fraction``."""
        st, k = self.stats, self.prior
        d = min(raises, 2)
        typical = TYPICAL.situation(street, raises)
        n = st.chances_at[street][d]
        counts = st.aggressive_at[street][d]
        odds = typical.any_aggressive / (1.0 - typical.any_aggressive) * self.boldness
        agg = (sum(counts) + k * odds / (1.0 + odds)) / (n + k)
        call = (st.calls_at[street][d] + k * typical.call) / (n + k)
        share = agg
        if fraction is not None:
            seen = counts[size_bucket(fraction)]
            share = agg * size_factor(fraction) ** (k / (k + seen))
        bluff_seen = st.bluff_rate / TYPICAL.bluff
        bluff = min(0.9, typical.bluff * bluff_seen + 0.4 * max(0.0, agg - 0.5))
        return Shares(float(min(0.99, share)), float(min(0.99, call)), float(bluff), TYPICAL.trap, float(agg))


class Session:
    """What an agent has seen each opponent do over the hands of a session."""

    def __init__(self) -> None:
        self._stats: dict[tuple[int, int], SeatStats] = {}
        self._tables: dict[int, SeatStats] = {}
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
        table = self.table_stats(obs)
        for seat in range(obs.seats):
            if seat == obs.seat or not obs.dealt_in[seat]:
                continue
            st = self.stats(obs, seat)
            self._record_seat(obs, seat, st)
            self._record_seat(obs, seat, table)

    def table_stats(self, obs: Observation) -> SeatStats:
        """The counts of every opponent seen at tables of this size, added together."""
        return self._tables.setdefault(obs.seats, SeatStats())

    @staticmethod
    def _record_seat(obs: Observation, seat: int, st: SeatStats) -> None:
        st.hands += 1
        bets: dict[int, int] = {}
        street = ""
        vpip = pfr = False
        river_aggr = False
        raises = pot = 0
        for e in obs.events:
            if e.street != street:
                street, bets, raises = e.street, {}, 0
            top = max(bets.values(), default=0)
            if e.kind not in ACTIONS:
                if e.kind != "return":
                    bets[e.seat] = e.to
                pot += e.chips if e.kind != "return" else -e.chips
                continue
            facing = top - bets.get(e.seat, 0)
            bets[e.seat] = e.to
            pot_before = pot
            pot += e.chips
            depth = min(raises, 2)
            if e.kind in AGGRESSIVE:
                raises += 1
            if e.seat != seat:
                continue
            s = street_index(street)
            if s < 4 and not capped(obs.config, s, raises - (e.kind in AGGRESSIVE)):
                st.chances_at[s][depth] += 1
                if e.kind in AGGRESSIVE:
                    st.aggressive_at[s][depth][size_bucket(size_fraction(e.chips, pot_before, facing))] += 1
                elif e.kind == "call":
                    st.calls_at[s][depth] += 1
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

    def tendencies(self, obs: Observation, seat: int) -> LearnedRead:
        """The :class:`LearnedRead` of the player in ``seat`` (a typical player's until seen)."""
        return LearnedRead(self.stats(obs, seat), PRIOR)

    def table_read(self, obs: Observation) -> LearnedRead:
        """The :class:`LearnedRead` of the whole table: every opponent's decisions counted together."""
        return LearnedRead(self.table_stats(obs), TABLE_PRIOR)
