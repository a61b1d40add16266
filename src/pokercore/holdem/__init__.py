"""Hold'em and Omaha: the game, its AIs and its histories.

The game: :class:`HoldemConfig` (no-limit and fixed-limit hold'em,
pot-limit Omaha), one hand as a :class:`HoldemState`, a session as a
:class:`HoldemGame`, each seat's :class:`Observation`, PHH histories
(:func:`to_phh`, :func:`from_phh`, :func:`load_phh`), and agents: the
simple ones of :mod:`pokercore.holdem._agents` and the AIs of
:mod:`pokercore.holdem.ai` (:func:`make_agent`: ``"easy"``, ``"normal"``,
``"hard"`` and the baselines).

The evaluators are the core's (:mod:`pokercore.evaluators`), re-exported
here so a hold'em script needs one import.  Equity and ranges live in
:mod:`pokercore.equity` (one :func:`pokercore.equity.equity` for every
game); their old names here still work for one release, with a
``DeprecationWarning`` naming the new one.

Examples
--------
>>> from pokercore import describe_rank
>>> from pokercore.holdem import evaluate7
>>> describe_rank(evaluate7("Ah Kh 7c 7s 2d 7d Kc"))
'Full house, sevens full of kings'
>>> game = HoldemGame(HoldemConfig("nl", players=3, hands=5, seed=1))
>>> result = game.play([make_agent("hard"), make_agent("normal"), check_call_agent])
>>> result.hands_played, sum(result.stacks)
(5, 600)
"""

from __future__ import annotations

from typing import Any

from ..evaluators import (
    ALL_FIVE_CARD_HANDS,
    HANDS_PER_CATEGORY,
    NO_LOW,
    SHORT_DECK,
    SHORTDECK_CATEGORIES,
    describe_low,
    describe_shortdeck,
    evaluate,
    evaluate6,
    evaluate6_batch,
    evaluate7,
    evaluate7_batch,
    evaluate_batch,
    evaluate_omaha,
    evaluate_omaha_batch,
    evaluate_omaha_low,
    evaluate_omaha_low_batch,
    evaluate_shortdeck,
    evaluate_shortdeck_batch,
    percentile,
    shortdeck_category,
)
from ._actions import CHECK, FOLD, Action, ActionKind, Event, LegalAction
from ._agents import RandomAgent, check_call_agent, check_fold_agent, raise_agent
from ._config import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, STREETS, VARIANTS, HoldemConfig, Street
from ._engine import HoldemState
from ._errors import ConfigError, HoldemError, IllegalActionError, PhhError
from ._game import GameResult, HoldemGame, play_game
from ._moved import MOVED as _MOVED
from ._moved import moved as _moved
from ._observation import Observation
from ._phh import PhhHand, from_phh, load_phh, to_phh
from .ai import AGENTS, EasyAgent, HardAgent, NormalAgent, make_agent

__all__ = [
    "AGENTS",
    "ALL_FIVE_CARD_HANDS",
    "CHECK",
    "FIXED_LIMIT",
    "FOLD",
    "HANDS_PER_CATEGORY",
    "NO_LIMIT",
    "NO_LOW",
    "POT_LIMIT",
    "SHORTDECK_CATEGORIES",
    "SHORT_DECK",
    "STREETS",
    "VARIANTS",
    "Action",
    "ActionKind",
    "ConfigError",
    "EasyAgent",
    "Event",
    "GameResult",
    "HardAgent",
    "HoldemConfig",
    "HoldemError",
    "HoldemGame",
    "HoldemState",
    "IllegalActionError",
    "LegalAction",
    "NormalAgent",
    "Observation",
    "PhhError",
    "PhhHand",
    "RandomAgent",
    "Street",
    "check_call_agent",
    "check_fold_agent",
    "describe_low",
    "describe_shortdeck",
    "evaluate",
    "evaluate6",
    "evaluate6_batch",
    "evaluate7",
    "evaluate7_batch",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_low",
    "evaluate_omaha_low_batch",
    "evaluate_shortdeck",
    "evaluate_shortdeck_batch",
    "from_phh",
    "load_phh",
    "make_agent",
    "percentile",
    "play_game",
    "raise_agent",
    "shortdeck_category",
    "to_phh",
]


def __getattr__(name: str) -> Any:
    """The equity and range names that moved to :mod:`pokercore.equity` (each read warns, naming the new one)."""
    if name in _MOVED:
        return _moved("pokercore.holdem", name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
