"""Card checks shared by the hold'em variants (short deck, Omaha lows, variant equity).

>>> distinct_codes("As Kd", "f", "the hand")
[51, 45]
>>> distinct_codes("As As", "f", "the hand")
Traceback (most recent call last):
...
pokercore.errors.DuplicateCardError: f: duplicate card As in the hand; each card may appear once
>>> check_short_deck([51, 12], "f", "the hand")
Traceback (most recent call last):
...
pokercore.errors.InvalidCardError: f: 5c in the hand is not in the short deck (36 cards, sixes to aces)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import CardsLike, format_card, format_cards, to_codes
from ..errors import DuplicateCardError, InvalidCardError
from ..validation import check_hands

__all__ = ["SHORT_DECK", "check_short_deck", "distinct_codes", "hand_batch", "no_overlap"]

#: The 36 cards of the short deck, sixes to aces (codes 16..51).
SHORT_DECK = tuple(range(16, 52))


def distinct_codes(cards: CardsLike, name: str, what: str) -> list[int]:
    """The codes of ``cards``; a DuplicateCardError naming the card when one repeats."""
    codes = to_codes(cards)
    seen: set[int] = set()
    for c in codes:
        if c in seen:
            raise DuplicateCardError(f"{name}: duplicate card {format_card(c)} in {what}; each card may appear once")
        seen.add(c)
    return codes


def check_short_deck(codes: list[int], name: str, what: str) -> None:
    """An InvalidCardError naming the first card below a six."""
    for c in codes:
        if c < 16:
            raise InvalidCardError(f"{name}: {format_card(c)} in {what} is not in the short deck "
                                   "(36 cards, sixes to aces)")


def no_overlap(groups: list[tuple[str, list[int]]], name: str) -> None:
    """A DuplicateCardError naming the cards found in two of the groups (each ``(what, codes)``)."""
    owner: dict[int, str] = {}
    for what, codes in groups:
        for c in codes:
            if c in owner:
                raise DuplicateCardError(f"{name}: {format_card(c)} is in both {owner[c]} and {what}; "
                                         "each card may appear once")
            owner[c] = what


def hand_batch(hands: Any, widths: tuple[int, ...], name: str, what: str = "hands") -> np.ndarray:
    """A checked C-contiguous uint8 ``(n, w)`` batch (the core batch policy: range, duplicates, shape)."""
    arr = check_hands(hands, widths, name=name, what=what)
    return np.ascontiguousarray(arr, dtype=np.uint8)


def show(codes: list[int]) -> str:
    """Cards as text, ``""`` for none."""
    return format_cards(codes) if codes else ""
