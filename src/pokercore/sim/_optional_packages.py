"""Optional packages: a missing one is a :class:`MissingExtraError` that names the extra to install.

>>> require("json", "sim", "a test").__name__
'json'
>>> require("no_such_package_here", "plot", "a plot")
Traceback (most recent call last):
...
pokercore.sim._optional_packages.MissingExtraError: a plot needs no_such_package_here: pip install "pokercore[plot]"
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import PokercoreError

__all__ = ["MissingExtraError", "require"]


class MissingExtraError(PokercoreError, ImportError):
    """An optional package that a feature needs is not installed; the message says which extra brings it."""


def require(module: str, extra: str, purpose: str) -> Any:
    """``import module``, or a :class:`MissingExtraError`: "<purpose> needs <module>: pip install ...".

    ``purpose`` is what needs it, e.g. ``"a plot"`` or ``"--plot"``.
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(f'{purpose} needs {module}: pip install "pokercore[{extra}]"',
                                name=module) from None
