"""Card input of the Binh modules: any accepted card form -> a tuple of distinct codes.

A batch of hands is judged by :func:`pokercore.validation.check_hands` (in the kernels).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import cards_to_array, format_card
from ..errors import CardTypeError, DuplicateCardError, HandSizeError
from ..validation import refuse_masked

__all__ = ["check_distinct", "codes", "hand_array"]


def _plain(arr: np.ndarray, what: str, holds: str = "cards") -> np.ndarray:
    """A plain ndarray view of an array; masked arrays are refused (their mask would be ignored)."""
    refuse_masked(arr, what, holds)
    return np.asarray(arr)


def codes(cards: Any, n: int | None, what: str) -> tuple[int, ...]:
    """Return ``cards`` as a tuple of ``n`` distinct codes 0..51 or raise a ``ValueError``.

    Accepts a card string (``"As Kd 7h"``), a sequence of codes or card
    strings, or a 1-D integer array.  ``n=None`` accepts any length.

    >>> codes("As Kd", 2, "pair")
    (51, 45)
    >>> codes([1, 1], 2, "pair")
    Traceback (most recent call last):
    ...
    pokercore.errors.DuplicateCardError: pair: duplicate card 2d (code 1); cards must be distinct
    """
    if type(cards) in (list, tuple) and all(type(c) is int and 0 <= c <= 51 for c in cards):
        out = tuple(cards)
    else:
        if isinstance(cards, np.ndarray):
            cards = _plain(cards, what)
        if not isinstance(cards, (str, np.ndarray)):
            try:
                cards = list(cards)
            except TypeError:
                raise CardTypeError(
                    f"{what}: cards must be a string, a sequence of cards or an array, "
                    f"got {type(cards).__name__}"
                ) from None
        arr = cards_to_array(cards)
        if arr.ndim != 1:
            raise HandSizeError(f"{what}: expected a flat list of cards, got an array of shape {arr.shape}")
        out = tuple(int(c) for c in arr.tolist())
    if n is not None and len(out) != n:
        raise HandSizeError(f"{what} needs exactly {n} cards, got {len(out)}")
    check_distinct(out, what)
    return out


def check_distinct(cards: tuple[int, ...], what: str) -> None:
    """Raise :class:`DuplicateCardError` naming the first repeated card."""
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                raise DuplicateCardError(
                    f"{what}: duplicate card {format_card(c)} (code {c}); cards must be distinct"
                )
            seen.add(c)


def hand_array(cards: Any, what: str) -> np.ndarray:
    """13 distinct codes as a uint8 array (for the Cython search)."""
    return np.asarray(codes(cards, 13, what), dtype=np.uint8)
