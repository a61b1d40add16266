"""Hold'em and Omaha: hand evaluation, range notation and equity.

The evaluators are the core's (:mod:`pokercore.evaluators`), re-exported
here so a hold'em script needs one import; ranges
(:mod:`pokercore.holdem.ranges`) and the exact and Monte Carlo equity
engine (:mod:`pokercore.holdem.equity`, kernels ``_equity`` and
``_montecarlo``) are this package's own.

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
from .equity import EquityResult, PlayerEquity, TooManyPlayersError, equity
from .ranges import Combo, EmptyRangeError, Range, RangeSyntaxError, parse_range

__all__ = [
    "ALL_FIVE_CARD_HANDS",
    "HANDS_PER_CATEGORY",
    "Combo",
    "EmptyRangeError",
    "EquityResult",
    "PlayerEquity",
    "Range",
    "RangeSyntaxError",
    "TooManyPlayersError",
    "equity",
    "evaluate",
    "evaluate6",
    "evaluate6_batch",
    "evaluate7",
    "evaluate7_batch",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "parse_range",
    "percentile",
]
