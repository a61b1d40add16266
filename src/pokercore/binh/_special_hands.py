"""Special 13-card hands of Binh poker: which kinds a deal matches, and its type.

A special hand wins against every normal hand without being arranged
(type A: 12 points, type B: 6 with the default :class:`~pokercore.binh.BinhRules`);
two special hands draw.  The kinds, best first:

========================  ====  ==================================================
kind                      type  the 13 cards ...
========================  ====  ==================================================
dragon flush              A     are all of one suit
dragon straight           A     hold the 13 ranks 2..A once each
one colour                A     are all red (diamonds, hearts) or all black
straight flush            B     contain five cards forming a straight flush
six pairs                 B     contain six disjoint pairs (6 pairs + 1 card, or
                                5 pairs + a triple; a quad counts as two pairs)
four of a kind            B     contain four cards of one rank
three full houses         B     split 5+5+3 into two full houses and a triple
three flushes             B     split 5+5+3 into two flushes and 3 cards of one suit
three straights           B     split 5+5+3 into two straights and 3 ranks in sequence
========================  ====  ==================================================

Straights follow Binh order, so A-2-3-4-5 counts; a 3-card
sequence is 3 consecutive ranks with the ace high (Q-K-A) or low (A-2-3),
never K-A-2.  Three flushes and three straights hold when *any*
5+5+3 split works: every split is checked, through precomputed
sets of the count vectors such splits can produce.  The tests run in
compiled code (one hand or many).

For many hands at once, :func:`classify_special_batch` (best kind code per
hand) and :func:`special_kinds_batch` (every kind, as a bit mask) run the
same tests in one ``nogil`` loop.  Kind
codes are :attr:`SpecialKind.code`: 0 for a normal hand, then 1 (dragon
flush, the best) to 9 (three straights) in the order of the table above;
bit ``code - 1`` of a mask marks that kind.

Examples
--------
>>> from pokercore.binh import classify_special
>>> s = classify_special("2h 3h 4h 5h 6h 8h 9h Th Jh Qh 2c 3c 4c")
>>> [k.label for k in s.kinds], s.best.label, s.type
(['straight flush', 'three flushes', 'three straights'], 'straight flush', 'B')
>>> bool(classify_special("As Kd Qc Jh 9s 8d 7c 5h 4s 3d 2c 2h 6s"))
False
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ..errors import PokercoreValueError, cut
from . import _special
from ._input import codes

__all__ = ["SpecialHand", "SpecialKind", "classify_special", "classify_special_batch", "special_kinds_batch"]


class SpecialKind(enum.Enum):
    """The special 13-card hands, best first (type A before type B)."""

    DRAGON_FLUSH = "dragon flush"
    DRAGON_STRAIGHT = "dragon straight"
    ONE_COLOUR = "one colour"
    STRAIGHT_FLUSH = "straight flush"
    SIX_PAIRS = "six pairs"
    FOUR_OF_A_KIND = "four of a kind"
    THREE_FULL_HOUSES = "three full houses"
    THREE_FLUSHES = "three flushes"
    THREE_STRAIGHTS = "three straights"

    @property
    def label(self) -> str:
        """Readable name, e.g. ``"six pairs"``."""
        return self.value

    @property
    def type(self) -> str:
        """``"A"`` (dragon flush, dragon straight, one colour) or ``"B"``.

        >>> SpecialKind.ONE_COLOUR.type, SpecialKind.SIX_PAIRS.type
        ('A', 'B')
        """
        return "A" if self in _TYPE_A else "B"

    @property
    def code(self) -> int:
        """1 (dragon flush, the best) .. 9 (three straights): the batch functions' kind code.

        >>> SpecialKind.DRAGON_FLUSH.code, SpecialKind.THREE_STRAIGHTS.code
        (1, 9)
        """
        return _ORDER.index(self) + 1

    @classmethod
    def from_code(cls, code: int) -> SpecialKind | None:
        """The kind of a batch code, ``None`` for 0 (a normal hand).

        >>> SpecialKind.from_code(5), SpecialKind.from_code(0)
        (<SpecialKind.SIX_PAIRS: 'six pairs'>, None)
        """
        code = int(code)
        if not 0 <= code <= len(_ORDER):
            raise PokercoreValueError(f"special kind codes are 0..{len(_ORDER)}, got {code}")
        return _ORDER[code - 1] if code else None


_TYPE_A = frozenset({SpecialKind.DRAGON_FLUSH, SpecialKind.DRAGON_STRAIGHT, SpecialKind.ONE_COLOUR})
_ORDER = tuple(SpecialKind)


@dataclass(frozen=True)
class SpecialHand:
    """Every special kind 13 cards match, best first (empty: a normal hand).

    ``bool(hand)`` is true for a special hand.

    >>> h = classify_special("As Ah Ad Ac Ks Kh Qd Qc Js Jh 9d 9c 2s")
    >>> h.kinds
    (<SpecialKind.SIX_PAIRS: 'six pairs'>, <SpecialKind.FOUR_OF_A_KIND: 'four of a kind'>)
    >>> h.best, h.type, str(h)
    (<SpecialKind.SIX_PAIRS: 'six pairs'>, 'B', 'six pairs (type B; also four of a kind)')
    """

    kinds: tuple[SpecialKind, ...]

    def __post_init__(self) -> None:
        kinds = tuple(self.kinds)
        if not all(isinstance(k, SpecialKind) for k in kinds) or len(set(kinds)) != len(kinds):
            raise PokercoreValueError(f"SpecialHand.kinds must be distinct SpecialKind members, got {cut(kinds)}")
        object.__setattr__(self, "kinds", tuple(sorted(kinds, key=_ORDER.index)))

    @property
    def best(self) -> SpecialKind | None:
        """The best kind matched (this classifies the hand), or ``None``."""
        return self.kinds[0] if self.kinds else None

    @property
    def type(self) -> str | None:
        """``"A"``, ``"B"`` or ``None`` for a normal hand."""
        return self.kinds[0].type if self.kinds else None

    @classmethod
    def from_mask(cls, mask: int) -> SpecialHand:
        """The hand of a :func:`special_kinds_batch` mask (bit ``code - 1`` per kind).

        >>> SpecialHand.from_mask(0b110000).kinds
        (<SpecialKind.SIX_PAIRS: 'six pairs'>, <SpecialKind.FOUR_OF_A_KIND: 'four of a kind'>)
        """
        mask = int(mask)
        if not 0 <= mask < 1 << len(_ORDER):
            raise PokercoreValueError(f"a special kinds mask holds {len(_ORDER)} bits, got {mask}")
        if cls is not SpecialHand:
            return cls(tuple(k for i, k in enumerate(_ORDER) if mask >> i & 1))
        return _hand_of_mask(mask)

    def __bool__(self) -> bool:
        return bool(self.kinds)

    def __str__(self) -> str:
        if not self.kinds:
            return "not special"
        also = "; also " + ", ".join(k.label for k in self.kinds[1:]) if len(self.kinds) > 1 else ""
        return f"{self.kinds[0].label} (type {self.type}{also})"


@cache
def _hand_of_mask(mask: int) -> SpecialHand:
    """One shared (immutable) SpecialHand per kinds mask: 512 at most."""
    return SpecialHand(tuple(k for i, k in enumerate(_ORDER) if mask >> i & 1))


def classify_special(cards: Any) -> SpecialHand:
    """Classify 13 cards: every special kind they match, best first.

    Parameters
    ----------
    cards : str, sequence of int or str, or 1-D int array
        Thirteen distinct cards.

    Returns
    -------
    SpecialHand
        ``.kinds`` (best first), ``.best``, ``.type`` (``"A"``, ``"B"`` or
        ``None``); false when the hand is normal.

    Raises
    ------
    ValueError
        Not 13 cards, a duplicate or an invalid card.

    Examples
    --------
    >>> classify_special("Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h").kinds[:2]
    (<SpecialKind.DRAGON_FLUSH: 'dragon flush'>, <SpecialKind.DRAGON_STRAIGHT: 'dragon straight'>)
    >>> classify_special("Ac 2d 3h 4s 5c 9d Th Js Qc Kd Qh Ks As").best
    <SpecialKind.THREE_STRAIGHTS: 'three straights'>
    """
    return SpecialHand.from_mask(_special.kinds_one(codes(cards, 13, "classify_special")))


def classify_special_batch(hands: Any, out: np.ndarray | None = None, *, workers: int | None = 1) -> np.ndarray:
    """Best special kind code of every row of an (n, 13) array of hands.

    The compiled counterpart of ``classify_special(hand).best`` for many
    hands (validated once, then one ``nogil`` loop).

    Parameters
    ----------
    hands : ndarray of int, shape (n, 13), or a list of hands
        Thirteen distinct cards per row (codes 0..51, ``rank * 4 + suit``),
        judged by the batch policy of :mod:`pokercore.validation` (any
        integer dtype and layout; no hands give an empty result).
    out : ndarray of int8, shape (n,), optional
        Where to write the codes (a writeable C-contiguous array sharing no
        memory with ``hands``).
    workers : int or None, default 1
        Threads over the rows (the loop releases the GIL): an int >= 1, or
        None for every core (:mod:`pokercore.workers`); the same answers for
        any number.

    Returns
    -------
    ndarray of int8, shape (n,)
        0 for a normal hand, else the :attr:`SpecialKind.code` of the best
        kind matched: 1 dragon flush, 2 dragon straight, 3 one colour (type
        A, codes 1..3), 4 straight flush, 5 six pairs, 6 four of a kind,
        7 three full houses, 8 three flushes, 9 three straights (type B).
        A smaller non-zero code is a better kind.

    Raises
    ------
    ValueError
        A shape other than (n, 13), a code out of 0..51 or a repeated card
        in a row (the message names the row), or an unusable ``out``.
    TypeError
        Not an array or list of hands, a non-integer dtype or a masked array.

    See Also
    --------
    special_kinds_batch : every kind matched, as a bit mask.
    classify_special : one hand, as a :class:`SpecialHand`.

    Examples
    --------
    >>> import pokercore as pc
    >>> hands = [pc.parse_cards("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac"),
    ...          pc.parse_cards("As Kd Qc Jh 9s 8d 7c 5h 4s 3d 2c 2h 6s")]
    >>> codes = classify_special_batch(hands)
    >>> codes.tolist(), SpecialKind.from_code(codes[0])
    ([5, 0], <SpecialKind.SIX_PAIRS: 'six pairs'>)
    >>> many = pc.random_hands(1000, 13, seed=7)
    >>> all(SpecialKind.from_code(c) == classify_special(h).best
    ...     for c, h in zip(classify_special_batch(many), many))
    True
    """
    result: np.ndarray = _special.classify_batch(hands, "classify_special_batch", out, workers)
    return result


def special_kinds_batch(hands: Any, out: np.ndarray | None = None, *, workers: int | None = 1) -> np.ndarray:
    """Every special kind each row of an (n, 13) array of hands matches, as a bit mask.

    Parameters
    ----------
    hands : ndarray of int, shape (n, 13), or a list of hands
        Thirteen distinct cards per row.
    out : ndarray of uint16, shape (n,), optional
        Where to write the masks, as ``out`` of :func:`classify_special_batch`.
    workers : int or None, default 1
        Threads, as for :func:`classify_special_batch`.

    Returns
    -------
    ndarray of uint16, shape (n,)
        Bit ``kind.code - 1`` is set when the hand matches ``kind``
        (:meth:`SpecialHand.from_mask` turns a mask into the
        :class:`SpecialHand` that :func:`classify_special` returns); 0 for
        a normal hand.

    Raises
    ------
    ValueError, TypeError
        As :func:`classify_special_batch`.

    Examples
    --------
    >>> import pokercore as pc
    >>> masks = special_kinds_batch([pc.parse_cards("2h 3h 4h 5h 6h 8h 9h Th Jh Qh 2c 3c 4c")])
    >>> bin(masks[0]), [k.label for k in SpecialHand.from_mask(masks[0]).kinds]
    ('0b110001000', ['straight flush', 'three flushes', 'three straights'])
    """
    result: np.ndarray = _special.kinds_batch(hands, "special_kinds_batch", out, workers)
    return result
