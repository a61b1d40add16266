"""Omaha eight-or-better low hands: five distinct ranks eight or lower, two from the hole and three from the board.

A low qualifies when two hole cards and three board cards have five
different ranks, each an eight or lower, the ace counting low; straights
and flushes do not matter.  Lows compare from the highest card down: 8-6-4-2-A
beats 8-7-3-2-A, and A-2-3-4-5 (the wheel) is the best.

A low rank is ``256 - mask``, where bit 0 of ``mask`` is the ace and bit
``r - 1`` the card of rank ``r`` (2..8): higher is better, as on every
pokercore scale, and 0 means no qualifying low.  :func:`describe_low`
writes a rank as its cards, highest first.  The kernel is ``_variants``
(GIL released).

Examples
--------
>>> describe_low(evaluate_omaha_low("As 2d Kc Kd", "3h 4c 8s Qd Jd"))
'8-4-3-2-A'
>>> evaluate_omaha_low("As Kd Kc Qd", "3h 4c 5s 6d 7d")  # one low hole card: no low
0
>>> evaluate_omaha_low("As 2d 9c 9d", "3h 4c 5s Qd Jd") > evaluate_omaha_low("As 3d 9c 9d", "2h 4c 6s Qd Jd")
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import CardsLike
from ..errors import HandSizeError, InvalidRankError, PokercoreTypeError, PokercoreValueError
from ._variant_cards import distinct_codes, hand_batch, no_overlap
from ._variants import omaha_low_rows

__all__ = ["NO_LOW", "describe_low", "evaluate_omaha_low", "evaluate_omaha_low_batch"]

#: The low rank of a hand with no qualifying low.
NO_LOW = 0
_NAMES = "A2345678"


def evaluate_omaha_low(hole: CardsLike, board: CardsLike) -> int:
    """Omaha eight-or-better low rank: exactly two hole cards and three board cards; 0 for no low.

    Parameters
    ----------
    hole : cards
        4, 5 or 6 distinct hole cards.
    board : cards
        The 5 board cards (none of them in ``hole``).

    Returns
    -------
    int
        ``256 - mask`` (see the module docstring): 225 for A-2-3-4-5, the
        best; ``NO_LOW`` (0) when no two hole and three board cards make
        five distinct ranks eight or lower.

    Raises
    ------
    HandSizeError
        Not 4..6 hole cards or not 5 board cards.
    InvalidCardError, DuplicateCardError
        Not a card, or a card twice (in the hole, on the board or in both).

    Examples
    --------
    >>> evaluate_omaha_low("Ah 2h Kd Qc", "3s 4s 5s Ts Js")  # the wheel, whatever the suits
    225
    >>> describe_low(evaluate_omaha_low("Ah 2h 3d 4c", "5s 6s 7s Ts Js"))  # two of the hole cards only
    '7-6-5-2-A'
    """
    name = "evaluate_omaha_low"
    h = distinct_codes(hole, name, "the hole cards")
    b = distinct_codes(board, name, "the board")
    if not 4 <= len(h) <= 6:
        raise HandSizeError(f"{name} needs 4, 5 or 6 hole cards, got {len(h)}")
    if len(b) != 5:
        raise HandSizeError(f"{name} needs a board of exactly 5 cards, got {len(b)}")
    no_overlap([("the hole cards", h), ("the board", b)], name)
    return int(omaha_low_rows(np.array([h], dtype=np.uint8), np.array([b], dtype=np.uint8))[0])


def evaluate_omaha_low_batch(holes: Any, boards: Any) -> np.ndarray:
    """Omaha low ranks of many hands: row ``i`` is ``evaluate_omaha_low(holes[i], boards[i])``.

    ``holes`` is ``(n, 4)``, ``(n, 5)`` or ``(n, 6)``, ``boards`` ``(n, 5)``,
    each under the core batch policy (:mod:`pokercore.validation`); a card
    in both a row's hole and its board is refused.

    Examples
    --------
    >>> evaluate_omaha_low_batch([[51, 3, 40, 41], [51, 50, 49, 48]],
    ...                          [[4, 8, 12, 30, 34], [4, 8, 12, 30, 34]])
    array([225,   0], dtype=int32)
    """
    name = "evaluate_omaha_low_batch"
    h = hand_batch(holes, (4, 5, 6), name, "holes")
    b = hand_batch(boards, (5,), name, "boards")
    if h.shape[0] != b.shape[0]:
        raise PokercoreValueError(f"{name}: {h.shape[0]} holes but {b.shape[0]} boards; give one board per hole")
    both = np.concatenate([h, b], axis=1)
    srt = np.sort(both, axis=1)
    clash = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    if clash.any():
        row = int(np.argmax(clash))
        no_overlap([("the hole cards", h[row].tolist()), ("the board", b[row].tolist())], f"{name}: row {row}")
    return omaha_low_rows(h, b)


def describe_low(rank: int) -> str:
    """The cards of a low rank, highest first (``"8-6-4-2-A"``); ``"no low"`` for 0.

    Examples
    --------
    >>> describe_low(225), describe_low(0)
    ('5-4-3-2-A', 'no low')
    """
    if isinstance(rank, bool) or not isinstance(rank, (int, np.integer)):
        raise PokercoreTypeError(f"a low rank is an int, got {type(rank).__name__}")
    r = int(rank)
    if r == NO_LOW:
        return "no low"
    mask = 256 - r
    if not 0 < mask < 256 or bin(mask).count("1") != 5:
        raise InvalidRankError(f"{rank} is not an Omaha low rank (from evaluate_omaha_low)")
    return "-".join(_NAMES[i] for i in range(7, -1, -1) if mask >> i & 1)
