"""Hold'em and Omaha: the game, its AIs, hand evaluation, range notation and equity.

The game: :class:`HoldemConfig` (no-limit and fixed-limit hold'em,
pot-limit Omaha), one hand as a :class:`HoldemState`, a session as a
:class:`HoldemGame`, each seat's :class:`Observation`, PHH histories
(:func:`to_phh`, :func:`from_phh`), and agents: the simple ones of
:mod:`pokercore.holdem.agents` and the AIs of :mod:`pokercore.holdem.ai`
(:func:`make_agent`: ``"easy"``, ``"normal"``, ``"hard"`` and the
baselines).

The evaluators are the core's (:mod:`pokercore.evaluators`), re-exported
here so a hold'em script needs one import; ranges
(:mod:`pokercore.holdem.ranges`) and the exact and Monte Carlo equity
engine (:mod:`pokercore.holdem.equity`, kernels ``_equity``,
``_deals`` and ``_montecarlo``) are this package's own, with a hand against a range combo
by combo (:func:`equity_by_combo`, :func:`equity_distribution`,
:func:`plot_combo_equity`) and the variants: short-deck evaluation
(:mod:`pokercore.holdem.shortdeck`), Omaha eight-or-better lows
(:mod:`pokercore.holdem.lowhand`) and the equity of PLO, PLO8 and short
deck (:func:`variant_equity`, kernel ``_variants``), hands or ranges
(:func:`parse_omaha_range`, :func:`parse_shortdeck_range`).

Examples
--------
>>> from pokercore import describe_rank
>>> from pokercore.holdem import equity, evaluate7, parse_range
>>> describe_rank(evaluate7("Ah Kh 7c 7s 2d 7d Kc"))
'Full house, sevens full of kings'
>>> len(parse_range("QQ+,AKs"))
22
>>> r = equity(["AsAh", "KsKh"], board="2c 7d 9h Jd")
>>> [round(p.equity, 4) for p in r.players]
[0.9545, 0.0455]
>>> game = HoldemGame(HoldemConfig("nl", players=3, hands=5, seed=1))
>>> result = game.play([make_agent("hard"), make_agent("normal"), check_call_agent])
>>> result.hands_played, sum(result.stacks)
(5, 600)
"""

from __future__ import annotations

from ..evaluators import (
    ALL_FIVE_CARD_HANDS,
    HANDS_PER_CATEGORY,
    evaluate,
    evaluate6,
    evaluate6_batch,
    evaluate7,
    evaluate7_batch,
    evaluate_batch,
    evaluate_omaha,
    evaluate_omaha_batch,
    percentile,
)
from .actions import CHECK, FOLD, Action, Event, LegalAction
from .agents import RandomAgent, check_call_agent, check_fold_agent, raise_agent
from .ai import AGENTS, EasyAgent, HardAgent, NormalAgent, make_agent
from .combo_equity import ComboEquity, ComboEquityResult, EquityDistribution, equity_by_combo, equity_distribution
from .combo_plot import plot_combo_equity
from .config import VARIANTS, HoldemConfig
from .engine import HoldemState
from .equity import EquityResult, PlayerEquity, TooManyPlayersError, equity
from .errors import ConfigError, HoldemError, IllegalActionError, PhhError
from .game import GameResult, HoldemGame, play_game
from .lowhand import NO_LOW, describe_low, evaluate_omaha_low, evaluate_omaha_low_batch
from .observation import Observation
from .omaha_ranges import OmahaRange, parse_omaha_range
from .phh import from_phh, load_phh, to_phh
from .ranges import Combo, EmptyRangeError, Range, RangeSyntaxError, parse_range
from .shortdeck import (
    SHORT_DECK,
    SHORTDECK_CATEGORIES,
    describe_shortdeck,
    evaluate_shortdeck,
    evaluate_shortdeck_batch,
    shortdeck_category,
)
from .shortdeck_ranges import parse_shortdeck_range, shortdeck_order
from .variant_equity import VariantEquityResult, VariantPlayerEquity, omaha_equity, shortdeck_equity, variant_equity

__all__ = [
    "AGENTS",
    "ALL_FIVE_CARD_HANDS",
    "CHECK",
    "FOLD",
    "HANDS_PER_CATEGORY",
    "NO_LOW",
    "SHORTDECK_CATEGORIES",
    "SHORT_DECK",
    "VARIANTS",
    "Action",
    "Combo",
    "ComboEquity",
    "ComboEquityResult",
    "ConfigError",
    "EasyAgent",
    "EmptyRangeError",
    "EquityDistribution",
    "EquityResult",
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
    "OmahaRange",
    "PhhError",
    "PlayerEquity",
    "RandomAgent",
    "Range",
    "RangeSyntaxError",
    "TooManyPlayersError",
    "VariantEquityResult",
    "VariantPlayerEquity",
    "check_call_agent",
    "check_fold_agent",
    "describe_low",
    "describe_shortdeck",
    "equity",
    "equity_by_combo",
    "equity_distribution",
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
    "omaha_equity",
    "parse_omaha_range",
    "parse_range",
    "parse_shortdeck_range",
    "percentile",
    "play_game",
    "plot_combo_equity",
    "raise_agent",
    "shortdeck_category",
    "shortdeck_equity",
    "shortdeck_order",
    "to_phh",
    "variant_equity",
]
