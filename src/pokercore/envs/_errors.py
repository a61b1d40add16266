"""Errors raised by the environments.

Both subclass :class:`pokercore.errors.PokercoreValueError` (a
:class:`~pokercore.errors.PokercoreError` and a ``ValueError``).

>>> from pokercore.errors import PokercoreError
>>> err = IllegalMoveError("player_0: action 0 (fold) is not legal now", legal=[1, 3])
>>> isinstance(err, PokercoreError), isinstance(err, ValueError), err.legal
(True, True, (1, 3))
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import PokercoreValueError

__all__ = ["EnvError", "IllegalMoveError"]


class EnvError(PokercoreValueError):
    """An environment used in a way it cannot honour (bad settings, a step before ``reset``, ...)."""


class IllegalMoveError(EnvError):
    """An action index that is not legal now; the game is left exactly as it was.

    Attributes
    ----------
    legal : tuple of int
        The action indices that are legal now (the ones of ``action_mask``).
    """

    def __init__(self, message: str, legal: Iterable[int] = ()) -> None:
        super().__init__(message)
        self.legal = tuple(int(a) for a in legal)
