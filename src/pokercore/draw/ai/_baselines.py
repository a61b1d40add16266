"""Baseline agents for five-card draw, all in one place: simple policies and four playing styles.

An agent is any callable ``agent(observation) -> action`` returning one of
``observation.legal_actions``.  The baselines use nothing else: their own
cards, the public state and the legal moves.  They are sparring partners
for users and tests, and the opponents of the strength tables.

==================  ==========  =============================================================
agent               name        how it plays
==================  ==========  =============================================================
check_call_agent    -           checks or calls, never folds a free check, stands pat
raise_agent         -           bets or raises whenever allowed, stands pat
RandomLegalAgent    "random"    a uniformly random legal action (all 26 draws included)
CallAgent           "call"      checks or calls everything, draws like the easy AI
ManiacAgent         "maniac"    bets and raises whenever allowed (``aggression``), never folds
RockAgent           "rock"      plays only strong hands (``enter``), and raises them
StationAgent        "station"   calls down (bets only monsters), chases every draw
TightAggressiveAgent "tag"      exact hand strength: few hands, played hard, folds on pot odds
==================  ==========  =============================================================

Examples
--------
>>> import numpy as np
>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=2), button=0, seed=3)
>>> obs = s.observe(s.actor)
>>> check_call_agent(obs), raise_agent(obs)
(Action(kind='check', amount=0, cards=()), Action(kind='bet', amount=2, cards=()))
>>> CallAgent()(obs)
Action(kind='check', amount=0, cards=())
>>> all(make(np.random.default_rng(5))(obs) in obs.legal_actions
...     for make in (RandomLegalAgent, ManiacAgent, RockAgent, StationAgent, TightAggressiveAgent))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from pokercore import evaluate5
from pokercore.cards import SeedLike
from pokercore.draw._actions import STAND_PAT, Action, draw_action
from pokercore.draw._observation import Observation
from pokercore.draw._street import Street

from ._odds import CATEGORY, best_discard, showdown_cdf
from ._strength import bet_or_raise, check_or_call, check_or_fold, find

__all__ = [
    "STYLES",
    "CallAgent",
    "ManiacAgent",
    "RandomLegalAgent",
    "RockAgent",
    "StationAgent",
    "TightAggressiveAgent",
    "chase_discard",
    "check_call_agent",
    "drawing_hand",
    "easy_discard",
    "raise_agent",
]


# ---------------------------------------------------------------- draw rules
def _four_flush(hand: Sequence[int]) -> int | None:
    """The off-suit card of a four-flush, or ``None``."""
    suits = Counter(c & 3 for c in hand)
    suit, n = suits.most_common(1)[0]
    if n == 4:
        return next(c for c in hand if c & 3 != suit)
    return None


def _open_ender(hand: Sequence[int]) -> int | None:
    """The card to throw from an open-ended straight draw, or ``None``."""
    for c in hand:
        rest = sorted({x >> 2 for x in hand if x != c})
        if len(rest) == 4 and rest[3] - rest[0] == 3 and rest[3] < 12:
            return c
    return None


def _any_straight_draw(hand: Sequence[int]) -> int | None:
    """The card to throw from any four-to-a-straight (open-ended or inside), or ``None``."""
    for c in sorted(hand, key=lambda x: x >> 2):
        rest = sorted({x >> 2 for x in hand if x != c})
        if len(rest) == 4 and (rest[3] - rest[0] <= 4 or (rest[3] == 12 and rest[2] <= 3)):
            return c
    return None


def drawing_hand(hand: Sequence[int]) -> bool:
    """Whether ``hand`` holds a four-flush or an open-ended straight draw.

    >>> from pokercore import parse_cards
    >>> drawing_hand(parse_cards("Ah Kh 7h 3h Qc")), drawing_hand(parse_cards("Ah Kd 9c 5s 2d"))
    (True, False)
    """
    return _four_flush(hand) is not None or _open_ender(hand) is not None


def easy_discard(hand: Sequence[int]) -> tuple[int, ...]:
    """A sensible discard (0-3 cards of ``hand``): the easy AI's and the baselines' draw.

    Keeps pairs, two pair and trips, draws one to a four-flush or an
    open-ended straight, never breaks a straight or better, and otherwise
    keeps its two highest cards.

    >>> from pokercore import format_cards, parse_cards
    >>> format_cards(easy_discard(parse_cards("Qh Qd 9c 5s 2d")))
    '9c 5s 2d'
    >>> format_cards(easy_discard(parse_cards("Ah Kh 7h 3h Qc")))
    'Qc'
    >>> easy_discard(parse_cards("8h 9d Tc Js Qd"))
    ()
    """
    hand = list(hand)
    cat = int(CATEGORY[evaluate5(hand)])
    if cat >= 4:  # straight or better: never break it
        return ()
    counts = Counter(c >> 2 for c in hand)
    if cat in (1, 2, 3):  # pair, two pair, trips: keep the paired ranks
        return tuple(c for c in hand if counts[c >> 2] == 1)
    off = _four_flush(hand)
    if off is None:
        off = _open_ender(hand)
    if off is not None:
        return (off,)
    low = sorted(hand, key=lambda c: c >> 2)[:3]
    return tuple(c for c in hand if c in low)


def chase_discard(hand: Sequence[int]) -> tuple[int, ...]:
    """A draw-chasing discard: like :func:`easy_discard`, but it breaks a pair for a
    four-flush, draws to inside straights, and keeps three to a flush.

    >>> from pokercore import format_cards, parse_cards
    >>> format_cards(chase_discard(parse_cards("Ah Kh 7h 3h 3c")))
    '3c'
    >>> format_cards(chase_discard(parse_cards("5c 6d 8h 9s Kd")))
    'Kd'
    """
    hand = list(hand)
    cat = int(CATEGORY[evaluate5(hand)])
    if cat >= 2:  # two pair or better: the sensible draw
        return easy_discard(hand)
    off = _four_flush(hand)
    if off is None:
        off = _any_straight_draw(hand) if cat == 0 else None
    if off is not None:
        return (off,)
    if cat == 0:
        suit, n = Counter(c & 3 for c in hand).most_common(1)[0]
        if n == 3:
            return tuple(c for c in hand if c & 3 != suit)
    return easy_discard(hand)


# ---------------------------------------------------------------- simple baselines
def check_call_agent(obs: Observation) -> Action:
    """Never bets or raises: checks, calls (folds only if it cannot call), stands pat."""
    if obs.street == Street.DRAW:
        return STAND_PAT
    return check_or_call(obs.legal_actions)


def raise_agent(obs: Observation) -> Action:
    """Raise-heavy: bets or raises whenever allowed, else checks or calls; stands pat."""
    if obs.street == Street.DRAW:
        return STAND_PAT
    return bet_or_raise(obs.legal_actions)


def _generator(rng: SeedLike) -> np.random.Generator:
    return rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)


class RandomLegalAgent:
    """Uniformly random among the legal actions (all 26 draws included), from a seeded generator.

    ``rng`` is a :class:`numpy.random.Generator` or a seed (an ``int``).

    >>> from pokercore.draw import DrawConfig, DrawState
    >>> s = DrawState(DrawConfig(players=2), button=0, seed=3)
    >>> RandomLegalAgent(5)(s.observe(s.actor)) == RandomLegalAgent(np.random.default_rng(5))(s.observe(s.actor))
    True
    """

    def __init__(self, rng: SeedLike = None) -> None:
        self.rng = _generator(rng)

    def reset(self) -> None:
        """No memory across hands."""

    def __call__(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        return legal[int(self.rng.integers(len(legal)))]


class _Styled:
    """Common parts of the baselines that draw and keep no memory."""

    def __init__(self, rng: SeedLike = None) -> None:
        self.rng = _generator(rng)

    def reset(self) -> None:
        """No memory across hands."""

    def discard(self, hand: Sequence[int]) -> tuple[int, ...]:
        return easy_discard(hand)

    def __call__(self, obs: Observation) -> Action:
        if obs.street == Street.DRAW:
            return draw_action(self.discard(obs.hand))
        return self.bet(obs)

    def bet(self, obs: Observation) -> Action:  # pragma: no cover - every style overrides it
        raise NotImplementedError


class CallAgent(_Styled):
    """Always checks or calls, never bets, raises or folds; draws like the easy agent.

    The draw is the easy agent's sensible rule (keep pairs and better, draw
    to four-flushes ...), so this baseline is a "calling station", not a
    player who stands pat on nothing.
    """

    def bet(self, obs: Observation) -> Action:
        return check_or_call(obs.legal_actions)


def _share(obs: Observation) -> float:
    """Exact showdown share against the live opponents, each the best five of seven random cards.

    Before the draw: the expected share over every replacement of the best
    discard (exact enumeration); after it: the share of the final hand.
    """
    n = max(1, len(obs.opponents))
    score = showdown_cdf() ** n
    if obs.street == Street.BET1:
        return best_discard(list(obs.hand), score)[1]
    return float(score[evaluate5(list(obs.hand))])


def _strength(obs: Observation) -> float:
    """Exact heads-up strength: the showdown share against one opponent (see :func:`_share`)."""
    if obs.street == Street.BET1:
        return best_discard(list(obs.hand), showdown_cdf())[1]
    return float(showdown_cdf()[evaluate5(list(obs.hand))])


class ManiacAgent(_Styled):
    """Always bets or raises when allowed (with chance ``aggression``, else checks or calls); never folds.

    Draws like the easy agent.
    """

    def __init__(self, rng: SeedLike = None, aggression: float = 1.0) -> None:
        super().__init__(rng)
        self.aggression = float(aggression)

    def bet(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if self.aggression >= 1.0 or self.rng.random() < self.aggression:
            return bet_or_raise(legal)
        return check_or_call(legal)


class RockAgent(_Styled):
    """Plays only strong hands, and raises them.

    Before the draw it enters (bets, raises or calls) only when its exact
    heads-up strength (:func:`_strength`) is at least ``enter`` (0.60 is
    about a pair of queens), and then bets and raises.  After the draw it
    bets and raises a final hand of strength ``value`` or more (0.70: a
    middling two pair), calls with ``call`` or more (0.50: about a
    pair of jacks), and otherwise checks or folds.
    """

    def __init__(self, rng: SeedLike = None, enter: float = 0.60, value: float = 0.70,
                 call: float = 0.50) -> None:
        super().__init__(rng)
        self.enter, self.value, self.call = float(enter), float(value), float(call)

    def bet(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        s = _strength(obs)
        if obs.street == Street.BET1:
            return bet_or_raise(legal) if s >= self.enter else check_or_fold(legal)
        if s >= self.value:
            return bet_or_raise(legal)
        return check_or_call(legal) if s >= self.call else check_or_fold(legal)


class StationAgent(_Styled):
    """Calls down with anything and chases every draw (:func:`chase_discard`).

    Never folds; bets or raises only a final hand of heads-up strength
    ``value`` or more (0.97: about a straight).
    """

    def __init__(self, rng: SeedLike = None, value: float = 0.97) -> None:
        super().__init__(rng)
        self.value = float(value)

    def discard(self, hand: Sequence[int]) -> tuple[int, ...]:
        return chase_discard(hand)

    def bet(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if obs.street == Street.BET2 and _strength(obs) >= self.value:
            return bet_or_raise(legal)
        return check_or_call(legal)


class TightAggressiveAgent(_Styled):
    """A tight-aggressive rule bot on exact hand strength.

    Its strength is the exact showdown share against the live opponents
    (:func:`_share`: best discard enumerated before the draw), compared to
    the fair share ``1 / players``.  It bets or raises when the share beats
    the fair share by ``edge`` (``raise_edge`` to re-raise), calls only
    when the share beats the pot odds by ``call_margin``, and otherwise
    checks or folds.  It draws by the same exact enumeration.
    """

    def __init__(self, rng: SeedLike = None, edge: float = 0.10, raise_edge: float = 0.20,
                 call_margin: float = 0.05) -> None:
        super().__init__(rng)
        self.edge, self.raise_edge, self.call_margin = float(edge), float(raise_edge), float(call_margin)

    def discard(self, hand: Sequence[int]) -> tuple[int, ...]:
        return best_discard(list(hand), showdown_cdf())[0]

    def bet(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        share = _share(obs)
        fair = 1.0 / (max(1, len(obs.opponents)) + 1)
        if obs.to_call == 0:
            if share > fair + self.edge:
                return find(legal, "bet") or check_or_call(legal)
            return check_or_call(legal)
        raise_ = find(legal, "raise")
        if raise_ is not None and share > fair + self.raise_edge:
            return raise_
        odds = obs.to_call / (obs.pot + obs.to_call)
        if share > odds + self.call_margin:
            return check_or_call(legal)
        return check_or_fold(legal)


#: The four playing styles shipped as sparring partners, by agent name.
STYLES: dict[str, type[_Styled]] = {"maniac": ManiacAgent, "rock": RockAgent, "station": StationAgent,
                           "tag": TightAggressiveAgent}
