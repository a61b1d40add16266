"""Deprecated path: ``pokercore.holdem.ranges``'s names moved to :mod:`pokercore.equity`.

Reading a name here warns (``DeprecationWarning``) and gives the object
from its new home; this module goes in the next release.
"""

from __future__ import annotations

from typing import Any

from ._moved import moved


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    try:
        return moved("pokercore.holdem.ranges", name)
    except KeyError:
        raise AttributeError(f"module 'pokercore.holdem.ranges' has no attribute {name!r}; "
                             "see pokercore.equity") from None
