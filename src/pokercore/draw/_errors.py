"""Errors raised by the five-card draw engine.

Every error subclasses :class:`pokercore.errors.PokercoreValueError` (a
:class:`~pokercore.errors.PokercoreError` and a ``ValueError``), so both
``except pokercore.PokercoreError`` and ``except ValueError`` catch them.

>>> from pokercore.errors import PokercoreValueError
>>> issubclass(IllegalActionError, PokercoreValueError), issubclass(ConfigError, ValueError)
(True, True)
"""

from __future__ import annotations

from ..errors import PokercoreValueError

__all__ = ["ConfigError", "DrawError", "HistoryError", "IllegalActionError"]


class DrawError(PokercoreValueError):
    """Base class of the draw engine's errors."""


class ConfigError(DrawError):
    """A :class:`~pokercore.draw.DrawConfig` (or hand setup) that cannot be played."""


class IllegalActionError(DrawError):
    """An action that is not legal now; the state is left unchanged.

    ``seat`` is the seat whose action was refused, when one was to act.

    >>> IllegalActionError("seat 2 cannot check", seat=2).seat
    2
    """

    def __init__(self, message: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat


class HistoryError(DrawError):
    """A hand history that does not parse or does not replay to what it says."""
