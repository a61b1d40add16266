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
