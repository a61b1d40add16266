"""The equity and range names that lived in :mod:`pokercore.holdem` until they moved to :mod:`pokercore.equity`.

They keep working for one release, each with a ``DeprecationWarning`` that
names its new home; the hold'em package's ``__getattr__`` and the old
module paths (``pokercore.holdem.equity``, ``.variant_equity``,
``.ranges``) read them here.
"""

from __future__ import annotations

import importlib
import sys
import types
import warnings
from collections.abc import Sequence
from typing import Any

__all__ = ["MOVED", "callable_module", "module_getattr", "moved", "omaha_equity", "shortdeck_equity", "variant_equity"]

#: Old name -> (new module, new name).
MOVED: dict[str, tuple[str, str]] = {
    **{n: ("pokercore.equity", n) for n in (
        "equity", "EquityResult", "PlayerEquity", "TooManyPlayersError", "equity_by_combo", "equity_distribution",
        "ComboEquity", "ComboEquityResult", "EquityDistribution", "plot_combo_equity", "parse_range", "Range",
        "Combo", "EmptyRangeError", "RangeSyntaxError", "OmahaRange", "range_grid", "hand_class")},
    "VariantEquityResult": ("pokercore.equity", "EquityResult"),
    "VariantPlayerEquity": ("pokercore.equity", "PlayerEquity"),
    "parse_omaha_range": ("pokercore.equity._omaha_ranges", "parse_omaha_range"),
    "parse_shortdeck_range": ("pokercore.equity._shortdeck_ranges", "parse_shortdeck_range"),
    "shortdeck_order": ("pokercore.equity._shortdeck_ranges", "shortdeck_order"),
    "variant_equity": ("pokercore.holdem._moved", "variant_equity"),
    "omaha_equity": ("pokercore.holdem._moved", "omaha_equity"),
    "shortdeck_equity": ("pokercore.holdem._moved", "shortdeck_equity"),
}
#: What the warning tells the reader to use instead.
_INSTEAD = {
    "parse_omaha_range": 'pokercore.equity.parse_range(text, game="plo")',
    "parse_shortdeck_range": 'pokercore.equity.parse_range(text, game="shortdeck")',
    "shortdeck_order": 'pokercore.equity.parse_range(text, game="shortdeck")',
    "variant_equity": "pokercore.equity.equity(players, board, dead, game=...)",
    "omaha_equity": 'pokercore.equity.equity(players, board, dead, game="plo") (or game="plo8")',
    "shortdeck_equity": 'pokercore.equity.equity(players, board, dead, game="shortdeck")',
    "VariantEquityResult": "pokercore.equity.EquityResult",
    "VariantPlayerEquity": "pokercore.equity.PlayerEquity",
}


def moved(old: str, name: str, stacklevel: int = 3) -> Any:
    """The object ``name`` of the old module ``old``, with a ``DeprecationWarning`` naming its new home."""
    module, new = MOVED[name]
    instead = _INSTEAD.get(name, f"{module}.{new}")
    warnings.warn(f"{old}.{name} has moved: use {instead}", DeprecationWarning, stacklevel=stacklevel)
    return getattr(importlib.import_module(module), new)


def module_getattr(old: str) -> Any:
    """The ``__getattr__`` of the old module ``old``: each moved name, with the warning."""

    def __getattr__(name: str) -> Any:
        if name.startswith("__") or name not in MOVED:
            raise AttributeError(f"module {old!r} has no attribute {name!r}; see pokercore.equity")
        return moved(old, name)

    return __getattr__


def callable_module(module: str, function: str) -> None:
    """Let the old module ``module`` be called as the function it was named after.

    ``pokercore.holdem.equity(...)`` was the function: once the module of
    that name is imported, the package attribute is the module, so the
    module calls the function (with the warning).
    """

    class _Callable(types.ModuleType):
        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            return moved("pokercore.holdem", function)(*args, **kwargs)

    sys.modules[module].__class__ = _Callable


def variant_equity(game: str, players: Sequence[Any], board: Any = None, dead: Any = None, **options: Any) -> Any:
    """Deprecated: ``pokercore.equity.equity(players, board, dead, game=game, ...)``."""
    from ..equity import equity

    if "target_stderr" in options:
        options["stderr"] = options.pop("target_stderr")
    return equity(players, board, dead, game=game, **options)


def omaha_equity(players: Sequence[Any], board: Any = None, dead: Any = None, *, hilo: bool = False,
                 **options: Any) -> Any:
    """Deprecated: ``pokercore.equity.equity(players, board, dead, game="plo")`` (``"plo8"`` for hi-lo)."""
    from ..errors import PokercoreValueError, cut

    if not isinstance(hilo, bool):
        raise PokercoreValueError(f"hilo must be True or False, got {cut(hilo)}")
    return variant_equity("plo8" if hilo else "plo", players, board, dead, **options)


def shortdeck_equity(players: Sequence[Any], board: Any = None, dead: Any = None, **options: Any) -> Any:
    """Deprecated: ``pokercore.equity.equity(players, board, dead, game="shortdeck")``."""
    return variant_equity("shortdeck", players, board, dead, **options)
