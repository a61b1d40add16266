"""Deprecated path: ``pokercore.ranges`` moved to :mod:`pokercore.equity` (:func:`pokercore.equity.parse_range`).

Reading a name here warns (``DeprecationWarning``) and gives the object
from :mod:`pokercore.equity`; this module goes in the next release.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

_NAMES = ("Combo", "EmptyRangeError", "Range", "RangeSyntaxError", "parse_range")


def __getattr__(name: str) -> Any:
    if name in _NAMES:
        warnings.warn(f"pokercore.ranges.{name} has moved: use pokercore.equity.{name}", DeprecationWarning,
                      stacklevel=2)
        return getattr(importlib.import_module("pokercore.equity"), name)
    raise AttributeError(f"module 'pokercore.ranges' has no attribute {name!r}; see pokercore.equity")
