"""Equity and ranges for every game: one entry point, one result type, one range parser.

:func:`equity` computes the equity of 2 to 10 hands or ranges in hold'em,
short-deck hold'em, pot-limit Omaha (4, 5 or 6 hole cards) and Omaha
hi-lo eight-or-better (``game=``): exact enumeration when it is quick,
otherwise seeded Monte Carlo (the same seed gives the same answer on any
number of threads, processes or machines), with stop rules for a sample
count, a target standard error or a time budget.  Every game answers with
an :class:`EquityResult`.

Ranges are written in the notation of their game and read by
:func:`parse_range` (``"QQ+, AKs, A5s-A2s:0.5, 15%"``, ``"AAxx ds"``);
:func:`range_grid` lays a hold'em range out as the 13x13 grid.  A hand
against a range combo by combo: :func:`equity_by_combo`,
:func:`equity_distribution`, :func:`plot_combo_equity`.

This package sits below the games: it knows the core (cards, evaluators)
and nothing above it.  Its kernels (``_equity``, ``_deals``,
``_montecarlo``, ``_variants``) live beside the modules they serve.

Examples
--------
>>> from pokercore.equity import equity, parse_range
>>> r = equity(["AsAh", "KsKh"], board="2c 7d 9h Jd")
>>> [round(p.equity, 4) for p in r.players]
[0.9545, 0.0455]
>>> r = equity(["As Ah Ks Kh", "Qd Qc Jd Jc"], board="2s 7h 9d", game="plo")
>>> r.exact, [round(p.equity, 3) for p in r.players]
(True, [0.789, 0.211])
>>> len(parse_range("QQ+, AKs")), parse_range("AAxx ds", game="plo").cards
(22, 4)
"""

from __future__ import annotations

from ._arguments import TooManyPlayersError
from ._combo_plot import plot_combo_equity
from ._combos import ComboEquity, ComboEquityResult, EquityDistribution, equity_by_combo, equity_distribution
from ._entry import LIMITS, Limits, equity
from ._games import GAMES
from ._grid import Cell, RangeGrid, hand_class, range_grid
from ._holdem_ranges import Combo, EmptyRangeError, Range, RangeSyntaxError
from ._omaha_ranges import OmahaRange
from ._ranges import parse_range
from ._result import EquityResult, PlayerEquity

__all__ = [
    "GAMES",
    "LIMITS",
    "Cell",
    "Combo",
    "ComboEquity",
    "ComboEquityResult",
    "EmptyRangeError",
    "EquityDistribution",
    "EquityResult",
    "Limits",
    "OmahaRange",
    "PlayerEquity",
    "Range",
    "RangeGrid",
    "RangeSyntaxError",
    "TooManyPlayersError",
    "equity",
    "equity_by_combo",
    "equity_distribution",
    "hand_class",
    "parse_range",
    "plot_combo_equity",
    "range_grid",
]


def __getattr__(name: str) -> int:
    """``EXACT_LIMIT`` and ``EXACT_MAX_HANDS`` of an earlier release still read, with a ``DeprecationWarning``."""
    from . import _holdem_equity

    return _holdem_equity.__getattr__(name)
