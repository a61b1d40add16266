"""``pokercore.ranges``: hold'em range notation's short import path.

The parser lives in :mod:`pokercore.holdem.ranges`; this module re-exports
its public names (the same objects, not copies).

>>> from pokercore.ranges import parse_range
>>> len(parse_range("AKs"))
4
"""

from .holdem.ranges import Combo, EmptyRangeError, Range, RangeSyntaxError, parse_range

__all__ = ["Combo", "EmptyRangeError", "Range", "RangeSyntaxError", "parse_range"]
