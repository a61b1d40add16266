"""Hand strength by Monte Carlo, and small helpers the agents share.

:func:`showdown_share` deals random hands to ``opponents`` from the cards a
player cannot see (``random_hands`` with ``exclude``) and ranks them with the
batch evaluator: the share of the pot a five-card hand wins at showdown
against that many random five-card hands (a tie splits it).  ``weights`` lets
a caller weigh each sampled opponent hand by how well it fits that
opponent's range.  (Hold'em equity, over boards and ranges, is
:func:`pokercore.equity.equity`.)

Examples
--------
>>> import numpy as np
>>> rng = np.random.default_rng(1)
>>> e = showdown_share("Ah Ad Kc Ks 2d", opponents=1, samples=4000, rng=rng)
>>> 0.95 < e < 0.99
True
>>> showdown_share("Ah Ad Kc Ks 2d", opponents=3, samples=4000, rng=rng) < e
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from pokercore import evaluate5, evaluate5_batch, parse_cards, random_hands
from pokercore.cards import CardsLike
from pokercore.draw._actions import Action, Event
from pokercore.draw._observation import Observation
from pokercore.draw._street import Street

__all__ = [
    "aggression",
    "bet_or_raise",
    "check_or_call",
    "check_or_fold",
    "find",
    "my_events",
    "sample_opponent_ranks",
    "showdown_share",
    "win_shares",
]


def _codes(cards: CardsLike) -> tuple[int, ...]:
    if isinstance(cards, str):
        return tuple(parse_cards(cards)) if cards.strip() else ()
    return tuple(int(c) for c in cards)


def sample_opponent_ranks(opponents: int, samples: int, rng: np.random.Generator,
                          known: Sequence[int]) -> NDArray[np.int32]:
    """Opponent hands ``(samples, opponents)`` of ranks, disjoint from ``known`` and each other."""
    cards = random_hands(samples, 5 * opponents, seed=rng, exclude=list(known))
    ranks = evaluate5_batch(np.ascontiguousarray(cards.reshape(samples * opponents, 5)))
    return ranks.reshape(samples, opponents)


def win_shares(mine: int, opp_ranks: NDArray[np.int32]) -> NDArray[np.float64]:
    """Share of the pot a rank ``mine`` wins against each row of opponent ranks."""
    best = opp_ranks.max(axis=1)
    ties = (opp_ranks == mine).sum(axis=1)
    return np.where(best < mine, 1.0, np.where(best == mine, 1.0 / (1 + ties), 0.0))


def showdown_share(hand: CardsLike, opponents: int = 1, samples: int = 2000,
                   rng: np.random.Generator | None = None, dead: CardsLike = (),
                   weights: Callable[[NDArray[np.int32]], NDArray[np.floating]] | None = None) -> float:
    """Share of the pot ``hand`` wins at showdown against ``opponents`` random five-card hands (Monte Carlo).

    ``dead`` are cards known to be out (one's own discards).  ``weights``,
    if given, maps the ``(samples, opponents)`` rank array to one weight per
    sample (importance weighting by opponents' ranges).
    """
    h = _codes(hand)
    if opponents <= 0:
        return 1.0
    rng = np.random.default_rng() if rng is None else rng
    opp = sample_opponent_ranks(opponents, samples, rng, h + _codes(dead))
    share = win_shares(evaluate5(list(h)), opp)
    if weights is None:
        return float(share.mean())
    w = np.asarray(weights(opp), dtype=np.float64)
    total = w.sum()
    return float((w * share).sum() / total) if total > 0 else float(share.mean())


# ---------------------------------------------------------------- action helpers
def find(legal: Sequence[Action], kind: str) -> Action | None:
    """The legal action of ``kind`` (first one), or ``None``."""
    for a in legal:
        if a.kind == kind:
            return a
        if a.kind == "draw":
            return None
    return None


def bet_or_raise(legal: Sequence[Action]) -> Action:
    """Bet or raise if allowed, else call or check."""
    return find(legal, "bet") or find(legal, "raise") or check_or_call(legal)


def check_or_call(legal: Sequence[Action]) -> Action:
    """Check if free, else call (else the first legal action)."""
    return find(legal, "check") or find(legal, "call") or legal[0]


def check_or_fold(legal: Sequence[Action]) -> Action:
    """Check if free, else fold."""
    return find(legal, "check") or find(legal, "fold") or legal[0]


def my_events(obs: Observation, seat: int, street: Street | None = None) -> list[Event]:
    """Public events of ``seat`` (on ``street`` if given)."""
    return [e for e in obs.events if e.seat == seat and (street is None or e.street == street)]


def aggression(obs: Observation, seat: int, street: Street) -> int:
    """Bets and raises ``seat`` made on ``street``."""
    return sum(1 for e in obs.events if e.seat == seat and e.street == street and e.kind in ("bet", "raise"))
