"""Exceptions raised by pokercore.

Every error is a subclass of :class:`PokercoreError` and of the built-in
exception a caller would expect (``ValueError`` or ``TypeError``), so both
``except ValueError`` and ``except pokercore.PokercoreError`` work.
"""

from __future__ import annotations

__all__ = [
    "CardTypeError",
    "DeckError",
    "DuplicateCardError",
    "HandSizeError",
    "InvalidArrayError",
    "InvalidCardError",
    "InvalidRankError",
    "InvalidRulesError",
    "PokercoreError",
    "PokercoreTypeError",
    "PokercoreValueError",
    "UnknownAgentError",
    "cut",
]

#: Longest piece of user input quoted in an error message.
_CUT_LIMIT = 80


def cut(value: object, limit: int = _CUT_LIMIT) -> str:
    """``repr`` of a value (a str's repr too) for an error message, cut to about ``limit`` characters.

    >>> cut("As Kd")
    "'As Kd'"
    >>> cut("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (1002 characters)"
    """
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


class PokercoreError(Exception):
    """Base class of every pokercore error."""


class PokercoreValueError(PokercoreError, ValueError):
    """An argument with the right type but an unusable value."""


class InvalidCardError(PokercoreValueError):
    """A card code out of 0..51 or a card string that does not parse."""


class DuplicateCardError(InvalidCardError):
    """The same card appears twice where cards must be distinct."""


class HandSizeError(PokercoreValueError):
    """A hand (or array of hands) has the wrong number of cards or shape."""


class PokercoreTypeError(PokercoreError, TypeError):
    """An argument of the wrong type."""


class CardTypeError(PokercoreTypeError):
    """Cards were given as an unsupported type or dtype."""


class InvalidArrayError(PokercoreValueError):
    """A numpy array of hands is empty, not C-contiguous or otherwise unusable."""


class InvalidRulesError(PokercoreValueError):
    """An unknown rule set (``rules`` must be ``"standard"`` or ``"binh"``)."""


class InvalidRankError(PokercoreValueError):
    """A hand rank outside the scale it is said to belong to."""


class DeckError(PokercoreValueError):
    """A deal the deck cannot make (too many or a negative number of cards)."""


class UnknownAgentError(PokercoreValueError):
    """A built-in agent name that the game does not have; the message lists the names it has."""
