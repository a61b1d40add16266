"""``pokercore.equity``: the hold'em equity engine's short import path.

The engine lives in :mod:`pokercore.holdem.equity`; this module re-exports
its public names (the same objects, not copies).

>>> from pokercore.equity import equity
>>> equity is __import__("pokercore.holdem.equity", fromlist=["equity"]).equity
True
"""

from .holdem.equity import (
    EXACT_AUTO_SECONDS,
    EXACT_MAX_SECONDS,
    EquityResult,
    PlayerEquity,
    PlayerLike,
    TooManyPlayersError,
    equity,
)

__all__ = [
    "EXACT_AUTO_SECONDS", "EXACT_MAX_SECONDS", "EquityResult", "PlayerEquity", "PlayerLike", "TooManyPlayersError",
    "equity",
]


def __getattr__(name: str) -> int:
    """Names an earlier version had (``EXACT_LIMIT``, ``EXACT_MAX_HANDS``): read with a ``DeprecationWarning``."""
    import importlib

    engine = importlib.import_module("pokercore.holdem.equity")
    if name not in engine._GONE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value: int = getattr(engine, name)
    return value
