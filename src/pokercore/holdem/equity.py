"""Deprecated path: ``pokercore.holdem.equity``'s names moved to :mod:`pokercore.equity`.

Reading a name here warns (``DeprecationWarning``) and gives the object
from its new home; this module goes in the next release.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from ._moved import moved


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    try:
        return moved("pokercore.holdem.equity", name)
    except KeyError:
        raise AttributeError(f"module 'pokercore.holdem.equity' has no attribute {name!r}; "
                             "see pokercore.equity") from None


class _CallableModule(types.ModuleType):
    """``pokercore.holdem.equity(...)`` was the function: once this module is imported, the package attribute
    of that name is the module, so the module calls the function (with the warning)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return moved("pokercore.holdem", "equity")(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
