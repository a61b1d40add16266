"""The easy five-card draw AI: plays its cards face up.

Bets and raises with a pair or better, checks otherwise, calls a bet
without a pair only sometimes (more often with a draw before the draw),
and bluffs rarely (``bluff`` frequency, default 3%).  Draws sensibly:
keeps pairs, trips and two pair, draws one to a four-flush or an
open-ended straight, never breaks a straight or better, and otherwise keeps
its two highest cards.

Examples
--------
>>> from pokercore import format_cards, parse_cards
>>> format_cards(easy_discard(parse_cards("Qh Qd 9c 5s 2d")))
'9c 5s 2d'
>>> format_cards(easy_discard(parse_cards("Ah Kh 7h 3h Qc")))
'Qc'
>>> easy_discard(parse_cards("8h 9d Tc Js Qd"))
()
>>> format_cards(easy_discard(parse_cards("Ah Kd 9c 5s 2d")))
'9c 5s 2d'
"""

from __future__ import annotations

import numpy as np

from pokercore import evaluate5
from pokercore.draw._actions import Action, draw_action
from pokercore.draw._observation import Observation
from pokercore.draw._street import Street

from ._baselines import drawing_hand, easy_discard
from ._odds import CATEGORY
from ._strength import bet_or_raise, check_or_call, check_or_fold, find

__all__ = ["EasyAgent", "drawing_hand", "easy_discard"]


class EasyAgent:
    """Easy AI: bets a pair or better, calls sometimes, bluffs rarely.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of every random choice.
    bluff : float
        Chance of betting without a pair when checked to.
    call : float
        Chance of calling a bet without a pair (doubled with a draw before the draw).
    """

    def __init__(self, rng: np.random.Generator | None = None, bluff: float = 0.03,
                 call: float = 0.25) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.bluff = bluff
        self.call = call

    def reset(self) -> None:
        """No memory across hands."""

    def __call__(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if obs.street == Street.DRAW:
            return draw_action(easy_discard(obs.hand))
        hand = list(obs.hand)
        cat = int(CATEGORY[evaluate5(hand)])
        if cat >= 1:
            return bet_or_raise(legal)
        free = find(legal, "check") is not None
        if free:
            if self.rng.random() < self.bluff:
                return bet_or_raise(legal)
            return check_or_call(legal)
        p = self.call * (2.0 if obs.street == Street.BET1 and drawing_hand(hand) else 1.0)
        if self.rng.random() < p:
            return check_or_call(legal)
        return check_or_fold(legal)
