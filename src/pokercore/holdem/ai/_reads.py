"""Opponent ranges narrowed by their actions: a weight for every hand an opponent may hold.

An opponent's range starts as every candidate hand (all 1,326 hold'em
hands, or the Omaha particles) that shares no card with the AI's hand or
the board.  Each of its decisions in this hand then multiplies the weights
by how likely that decision is with each hand, under a simple model of how
players act: they bet and raise with the top share of the hands they hold
(plus a few bluffs), call with the next share, and check or limp with the
rest.  "Top share" is measured inside the range as it stands (a hand's
place among the weighted hands still in the range, by the strength the
showdown table gives on that street's board), so the same model reads every
street.

:class:`Tendencies` holds the shares: how often a player opens, limps,
calls or re-raises a raise before the flop, and bets, calls or raises after
it, and how much of its aggression is bluff.  The normal AI assumes the
same :data:`TYPICAL` tendencies for everyone; the hard AI learns each
opponent's own over the session (:mod:`.session`).

Examples
--------
>>> q = np.linspace(0, 1, 5)
>>> np.round(aggressive(q, share=0.25, bluff=0.1), 2).tolist()     # the top quarter bets, a few bluffs
[0.1, 0.1, 0.11, 0.55, 0.99]
>>> np.round(passive(q, share=0.5, top=0.1), 2).tolist()             # calls: the middle, some traps
[0.05, 0.1, 0.89, 0.97, 0.5]
>>> np.round(checked(q, bet_share=0.4, trap=0.25), 2).tolist()       # checks: all but most bettors
[1.0, 1.0, 0.91, 0.29, 0.25]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from .._actions import AGGRESSIVE
from .._config import FIXED_LIMIT, HoldemConfig
from .._observation import Observation
from ._spot import ACTIONS, street_index

__all__ = [
    "FLOOR",
    "SHARPNESS",
    "SIZE_EDGES",
    "TYPICAL",
    "Read",
    "Shares",
    "Tendencies",
    "aggressive",
    "capped",
    "checked",
    "narrow",
    "passive",
    "places",
    "size_bucket",
    "size_factor",
    "size_fraction",
]

#: Width (in range share) of the soft step from "never" to "always".
SHARPNESS = 0.05
#: Share of a range kept as "any hand" however many bets and raises it made (bets do not compound to the nuts).
FLOOR = 0.04
#: Bet sizes (the raise part over the pot after a call) that split small, medium and large bets.
SIZE_EDGES = (0.45, 0.85)


@dataclass(frozen=True)
class Tendencies:
    """How a player acts, as shares of the hands it holds at each kind of decision.

    Attributes
    ----------
    open_raise, limp : float
        Preflop, nobody has raised yet: the share of hands it raises / just calls with.
    call_raise, reraise : float
        Preflop, facing a raise: the share it calls / re-raises with.
    bet : float
        After the flop, nobody has bet yet: the share it bets with.
    call_bet, raise_bet : float
        After the flop, facing a bet: the share it calls / raises with.
    bluff : float
        Chance that a bet or raise comes with any hand at all (the floor of
        the aggressive model).
    trap : float
        Share of its strongest hands that check or call instead of betting
        or raising (slow play).
    """

    open_raise: float = 0.2
    limp: float = 0.08
    call_raise: float = 0.2
    reraise: float = 0.06
    bet: float = 0.4
    call_bet: float = 0.45
    raise_bet: float = 0.1
    bluff: float = 0.12
    trap: float = 0.25

    def scaled(self, **shares: float) -> Tendencies:
        """A copy with some shares replaced (each clipped into [0.01, 0.99])."""
        return replace(self, **{k: float(min(0.99, max(0.01, v))) for k, v in shares.items()})

    def situation(self, street: int, raises: int, fraction: float | None = None) -> Shares:
        """The shares at a decision on ``street`` after ``raises`` bets and raises (preflop: the blind is none).

        Every raise beyond the first halves the aggressive share (and the
        bluffs) and narrows the calls.  ``fraction`` is the size of the bet
        or raise being read (:func:`size_fraction`): bigger bets are read as
        narrower (:func:`size_factor`).
        """
        size = 1.0 if fraction is None else size_factor(fraction)
        if street == 0 and raises == 0:
            agg, call = self.open_raise, self.limp
            bluff = self.bluff
        elif street == 0:
            deeper = 0.5 ** (raises - 1)
            agg, call, bluff = self.reraise * deeper, self.call_raise * deeper ** 0.5, self.bluff * deeper
        elif raises == 0:
            agg, call, bluff = self.bet, 0.0, self.bluff
        else:
            deeper = 0.5 ** (raises - 1)
            agg, call, bluff = self.raise_bet * deeper, self.call_bet * deeper ** 0.5, self.bluff * deeper
        return Shares(min(0.99, agg * size), call, bluff, self.trap, agg)


@dataclass(frozen=True)
class Shares:
    """What a player does at one kind of decision, as shares of the hands it holds there.

    Attributes
    ----------
    aggressive : float
        Share of its hands that bet or raise (of this size, for a read that knows sizes).
    call : float
        Share that call (limp before the flop).
    bluff : float
        Chance that a bet or raise comes with any hand at all.
    trap : float
        Share of its strongest hands that check or call instead.
    any_aggressive : float
        Share that bet or raise at all, whatever the size (what a check or call is read against).
    """

    aggressive: float
    call: float
    bluff: float
    trap: float
    any_aggressive: float


class Read(Protocol):
    """Anything :func:`narrow` reads a player with: a :class:`Tendencies` or a learned read."""

    def situation(self, street: int, raises: int, fraction: float | None = None) -> Shares:
        """The player's shares at a decision on ``street`` after ``raises`` bets and raises.

        ``fraction``: the size of the bet or raise being read, as a share of the pot after a call.
        """
        ...


#: The tendencies the normal AI assumes of every opponent.
TYPICAL = Tendencies()


def _step(q: np.ndarray, start: float) -> np.ndarray:
    """A soft step from 0 below ``start`` to 1 above it (``q`` and ``start`` in range shares)."""
    return 1.0 / (1.0 + np.exp(-(q - start) / SHARPNESS))


def aggressive(q: np.ndarray, share: float, bluff: float) -> np.ndarray:
    """Likelihood of a bet or raise for hands at places ``q``: the top ``share``, and ``bluff`` of any."""
    return bluff + (1.0 - bluff) * _step(q, 1.0 - share)


def passive(q: np.ndarray, share: float, top: float, trap: float = 0.6, floor: float = 0.05) -> np.ndarray:
    """Likelihood of a call: the ``share`` of hands below the top ``top`` (which mostly raise).

    Hands in the top ``top`` call with weight ``1 - trap`` (a slow play);
    hands below the calling share call with weight ``floor``.
    """
    go_on = _step(q, 1.0 - share - top)
    raise_part = _step(q, 1.0 - top)
    return floor + (1.0 - floor) * go_on * (1.0 - trap * raise_part)


def checked(q: np.ndarray, bet_share: float, trap: float) -> np.ndarray:
    """Likelihood of a check from a player who bets its top ``bet_share``: all but most of those."""
    return 1.0 - (1.0 - trap) * _step(q, 1.0 - bet_share)


def places(weights: np.ndarray, strength: np.ndarray) -> np.ndarray:
    """Each hand's place in the weighted range, 0 (weakest) to 1 (strongest), by ``strength``.

    A hand's place is the weight of the hands weaker than it plus half its
    own, over the total weight (hands of equal strength share a place).
    """
    order = np.argsort(strength, kind="stable")
    w = weights[order]
    total = w.sum()
    if total <= 0:
        return np.full(len(weights), 0.5)
    cum = np.cumsum(w) - 0.5 * w
    out = np.empty(len(weights))
    out[order] = cum / total
    return out


def capped(config: HoldemConfig, street: int, raises: int) -> bool:
    """Fixed limit: whether ``raises`` bets and raises on ``street`` leave no raise (the blind is a bet preflop)."""
    return config.betting == FIXED_LIMIT and raises + (street == 0) >= config.max_bets


def size_fraction(added: int, pot_before: int, to_call: int) -> float:
    """The raise part of a bet or raise over the pot after a call (a pot-size bet: 1.0)."""
    if pot_before + to_call <= 0:
        return 0.6
    return max(0.05, (added - to_call) / (pot_before + to_call))


def size_bucket(fraction: float) -> int:
    """0 small (under 0.45 of the pot), 1 medium, 2 large (0.85 of the pot or more)."""
    return 0 if fraction < SIZE_EDGES[0] else 1 if fraction < SIZE_EDGES[1] else 2


def size_factor(fraction: float) -> float:
    """How much wider than usual a bet of this size is (a pot-size bet: 0.77; a third of the pot: 1.34)."""
    return float(min(1.4, max(0.5, (0.6 / max(0.05, fraction)) ** 0.5)))


def narrow(
    obs: Observation,
    strength_of: Callable[[int], np.ndarray],
    live: np.ndarray,
    tendencies: Callable[[int], Read],
    seats: Sequence[int] | None = None,
) -> dict[int, np.ndarray]:
    """The range of each opponent in ``seats`` (default: the live ones), weights over the candidates.

    Parameters
    ----------
    obs : Observation
        The AI's observation: the public events of this hand are replayed.
    strength_of : callable
        ``strength_of(street)`` gives the candidates' strength on that
        street's board (0 preflop .. 3 river).
    live : (K,) bool
        Candidates that share no card with the AI's hand or the board.
    tendencies : callable
        ``tendencies(seat)`` gives the opponent's :class:`Read` (a
        :class:`Tendencies`, or the frequencies learned over a session).
    seats : sequence of int, optional
        The opponents to read.

    Returns
    -------
    dict
        seat -> (K,) float weights (0 for hands it cannot hold), max 1.  A
        range that bet or raised keeps :data:`FLOOR` of its weight on every
        live hand, so a string of raises never reads as the nuts alone.
    """
    seats = obs.opponents if seats is None else tuple(seats)
    weights = {s: live.astype(np.float64) for s in seats}
    tend = {s: tendencies(s) for s in seats}
    current = -1
    level = 0
    raises = 0
    pot = 0
    bets: dict[int, int] = {}
    strength: np.ndarray | None = None
    aggressed: set[int] = set()
    for e in obs.events:
        street = street_index(e.street)
        if street != current:
            current, raises, bets = street, 0, {}
            level = 0
            strength = None
        if e.kind not in ACTIONS:  # forced bets and returns
            if e.kind != "return":
                bets[e.seat] = e.to
                level = max(level, e.to)
            pot += e.chips if e.kind != "return" else -e.chips
            continue
        facing = level - bets.get(e.seat, 0)
        pot_before = pot
        pot += e.chips
        bets[e.seat] = e.to
        if e.seat in weights and e.kind != "fold":
            if strength is None:
                strength = strength_of(street)
            w = weights[e.seat]
            q = places(w, strength)
            t = tend[e.seat]
            if e.kind == "call" and capped(obs.config, street, raises):  # no raise allowed: every hand that goes on
                sh = t.situation(street, raises)
                like = passive(q, min(0.99, sh.call + sh.any_aggressive), 0.0, trap=0.0)
            else:
                like = _likelihood(e.kind, street, raises, facing, e.chips, pot_before, q, t)
            w = w * like
            if e.kind in AGGRESSIVE:
                aggressed.add(e.seat)
            top = w.max()
            weights[e.seat] = w / top if top > 0 else live.astype(np.float64)
        if e.kind in AGGRESSIVE:
            raises += 1
            level = max(level, e.to)
    base = live.astype(np.float64)
    for seat in aggressed:
        w = weights[seat]
        total = w.sum()
        if total > 0:
            w = (1.0 - FLOOR) * w / total + FLOOR * base / max(1.0, base.sum())
            weights[seat] = w / w.max()
    return weights


def _likelihood(kind: str, street: int, raises: int, facing: int, added: int, pot_before: int,
                q: np.ndarray, t: Read) -> np.ndarray:
    """How likely ``kind`` is with each hand (places ``q``) in this situation."""
    if kind in AGGRESSIVE:
        sh = t.situation(street, raises, size_fraction(added, pot_before, facing))
        return aggressive(q, sh.aggressive, sh.bluff)
    sh = t.situation(street, raises)
    if street == 0 and raises == 0:  # nobody raised yet: limp, or the big blind checks
        if kind == "call":
            return passive(q, sh.call, sh.any_aggressive, trap=1.0 - sh.trap)
        return checked(q, sh.any_aggressive, sh.trap)
    if facing <= 0:
        return checked(q, sh.any_aggressive, sh.trap)
    return passive(q, sh.call, sh.any_aggressive, trap=1.0 - sh.trap)
