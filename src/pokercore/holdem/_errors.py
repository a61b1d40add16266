"""Errors raised by the hold'em and Omaha game engine.

Every error subclasses :class:`pokercore.errors.PokercoreError` and
``ValueError``, so both ``except ValueError`` and ``except PokercoreError``
keep working.

>>> issubclass(IllegalActionError, ValueError), IllegalActionError("no", seat=3).seat
(True, 3)
>>> PhhError("bad amount", line=7).line
7
"""

from __future__ import annotations

from ..errors import PokercoreError

__all__ = ["ConfigError", "HoldemError", "IllegalActionError", "PhhError"]


class HoldemError(PokercoreError, ValueError):
    """Base class of the hold'em game engine's errors."""


class ConfigError(HoldemError):
    """A :class:`~pokercore.holdem._config.HoldemConfig` (or hand setup) that cannot be played."""


class IllegalActionError(HoldemError):
    """An action that is not legal now; the state is left unchanged.

    ``seat`` is the seat whose action was refused, when one was to act.
    """

    def __init__(self, message: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat


class PhhError(HoldemError):
    """A PHH hand history that is malformed, or describes a game pokercore does not play.

    ``line`` is the 1-based line of the text that is wrong, when one is.
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
