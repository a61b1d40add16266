"""How the terminal games and ``binh solve`` show cards: one convention everywhere.

A card is its rank letter (``T`` for ten, as :func:`pokercore.format_cards`
prints it) and its suit symbol; a hand is sorted high card first, then by
suit.  Red suits are coloured only on a terminal (``NO_COLOR`` turns that
off).

>>> hand_text([0, 51, 34, 33])
'A♠ T♥ T♦ 2♣'
>>> card_text(33, color=True)
'\\x1b[31mT♦\\x1b[0m'
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from ..cards import card_rank, card_suit, format_card

__all__ = ["card_text", "color_default", "hand_text", "sort_hand"]

_RED = (1, 2)  # diamonds, hearts


def card_text(code: int, color: bool = False) -> str:
    """One card, e.g. ``T♥`` (in red when ``color``)."""
    text = format_card(code, symbols=True)
    return f"\x1b[31m{text}\x1b[0m" if color and card_suit(code) in _RED else text


def sort_hand(cards: Iterable[int]) -> list[int]:
    """Cards high first (rank, then suit), the order every view shows them in.

    >>> sort_hand([0, 51, 4])
    [51, 4, 0]
    """
    return sorted((int(c) for c in cards), key=lambda c: (card_rank(c), card_suit(c)), reverse=True)


def hand_text(cards: Iterable[int], color: bool = False) -> str:
    """Cards sorted high first, separated by spaces."""
    return " ".join(card_text(c, color) for c in sort_hand(cards))


def color_default(stream: Any) -> bool:
    """Colour by default only on a terminal and when ``NO_COLOR`` is not set."""
    return bool(getattr(stream, "isatty", lambda: False)()) and "NO_COLOR" not in os.environ
