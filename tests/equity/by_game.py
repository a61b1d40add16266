"""The variants' equity tests through the one entry point, under the names they were written with.

``target_stderr=`` is ``stderr=`` there; one home for these shims, so the
tests call the public ``equity(..., game=)`` and nothing else.
"""

from __future__ import annotations

from typing import Any

from pokercore.equity import equity


def variant_equity(game: str, players: Any, board: Any = None, dead: Any = None, **options: Any) -> Any:
    """``equity(players, board, dead, game=game, ...)``."""
    if "target_stderr" in options:
        options["stderr"] = options.pop("target_stderr")
    return equity(players, board, dead, game=game, **options)


def omaha_equity(players: Any, board: Any = None, dead: Any = None, *, hilo: bool = False, **options: Any) -> Any:
    """Omaha equity (``game="plo8"`` for hi-lo)."""
    return variant_equity("plo8" if hilo else "plo", players, board, dead, **options)


def shortdeck_equity(players: Any, board: Any = None, dead: Any = None, **options: Any) -> Any:
    """Short-deck equity."""
    return variant_equity("shortdeck", players, board, dead, **options)
