"""A 13-card hand arranged into top (3 cards), middle (5) and bottom (5).

The three branches are ranked on the Binh scale (:func:`pokercore.evaluate3`
and :func:`pokercore.evaluate5` with ``rules="binh"``), where a 3-card and a
5-card hand compare as integers (a missing kicker counts lower
than any card).  An arrangement is *fouled* when the top is stronger than
the middle or the middle stronger than the bottom; equal is allowed.

Examples
--------
>>> from pokercore.binh import Arrangement
>>> a = Arrangement("Jh Jd 4c", "Qs Qc 8h 6d 2d", "7s 7h 7d 5c 5d")
>>> a.is_foul
False
>>> print(a)
top    Jh Jd 4c        Pair of jacks
middle Qs Qc 8h 6d 2d  Pair of queens
bottom 7s 7h 7d 5d 5c  Full house, sevens full of fives
>>> print(Arrangement("7h 7d Ac", "7c 7s Kd Qc Jd", "9s 9h 9d 3c 3d"))
top    7h 7d Ac        Pair of sevens
middle 7s 7c Kd Qc Jd  Pair of sevens
bottom 9s 9h 9d 3d 3c  Full house, nines full of threes
FOUL: top is stronger than middle
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

import numpy as np

from .. import evaluate3, evaluate5
from ..cards import CardsLike, format_cards
from ..errors import HandSizeError, PokercoreTypeError, PokercoreValueError, cut
from ..ranking import HandCategory, category_of, describe_rank
from ._input import check_distinct, codes
from ._special_hands import SpecialHand, classify_special

__all__ = ["Arrangement"]


def _branch(cards: CardsLike, n: int, name: str) -> tuple[int, ...]:
    """The branch's codes in reading order: bigger rank groups first, then higher rank, then suit."""
    return _reading_order(codes(cards, n, f"Arrangement {name}"))


def _reading_order(branch: Sequence[int]) -> tuple[int, ...]:
    ranks = [c >> 2 for c in branch]
    return tuple(sorted(branch, key=lambda c: (ranks.count(c >> 2), c), reverse=True))


class Arrangement:
    """Top, middle and bottom branches of one Binh hand.

    Parameters
    ----------
    top : cards
        Three cards (a string such as ``"Ah Ad Kc"``, codes or card strings).
    middle, bottom : cards
        Five cards each.  The 13 cards must be distinct.

    Attributes
    ----------
    top, middle, bottom : tuple of int
        The branch's card codes in reading order (pairs and triples first,
        then higher ranks, then suits spades > hearts > diamonds > clubs).
    top_rank, middle_rank, bottom_rank : int
        Binh-scale ranks (higher is stronger).

    Raises
    ------
    HandSizeError
        A branch has the wrong number of cards.
    DuplicateCardError, InvalidCardError
        A card repeats (within or between branches) or does not parse.

    Notes
    -----
    Arrangements are immutable and compare equal when they hold the same
    cards in the same branches (the order inside a branch does not matter).
    """

    top: tuple[int, ...]
    middle: tuple[int, ...]
    bottom: tuple[int, ...]
    top_rank: int
    middle_rank: int
    bottom_rank: int

    def __init__(self, top: CardsLike, middle: CardsLike, bottom: CardsLike) -> None:
        t = _branch(top, 3, "top")
        m = _branch(middle, 5, "middle")
        b = _branch(bottom, 5, "bottom")
        check_distinct(t + m + b, "Arrangement (the 13 cards across top, middle and bottom)")
        d = self.__dict__
        d["top"], d["middle"], d["bottom"] = t, m, b
        d["top_rank"] = evaluate3(t)
        d["middle_rank"] = evaluate5(m, "binh")
        d["bottom_rank"] = evaluate5(b, "binh")

    # ------------------------------------------------------------ constructors

    @classmethod
    def from_string(cls, text: str) -> Arrangement:
        """Parse ``"top / middle / bottom"`` (branches separated by ``/`` or ``|``).

        >>> Arrangement.from_string("Jh Jd 4c / Qs Qc 8h 6d 2d / 7s 7h 7d 5c 5d").top_rank > 0
        True
        """
        if not isinstance(text, str):
            raise PokercoreTypeError(f"Arrangement.from_string expects a str, got {type(text).__name__}")
        parts = text.replace("|", "/").split("/")
        if len(parts) != 3:
            raise HandSizeError(
                f"expected 'top / middle / bottom' (three branches separated by '/'), got {cut(text)}"
            )
        return cls(*parts)

    @classmethod
    def from_row(cls, row: CardsLike) -> Arrangement:
        """Build from 13 codes laid out top 3, middle 5, bottom 5 (the batch search layout).

        >>> import numpy as np
        >>> row = np.array([48, 49, 44, 50, 51, 45, 4, 1, 27, 26, 25, 11, 10])
        >>> Arrangement.from_row(row).format()
        'Ad Ac Kc / As Ah Kd 3c 2d / 8s 8h 8d 4s 4h'
        """
        cards = codes(row, 13, "Arrangement.from_row")
        return cls(cards[:3], cards[3:8], cards[8:])

    @classmethod
    def from_masks(cls, cards: CardsLike, top: int, middle: int, bottom: int) -> Arrangement:
        """Build from 13 cards and three bit masks (bit ``i`` = ``cards[i]``).

        The masks must be disjoint and cover the 13 cards (3, 5 and 5 bits).

        >>> hand = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"
        >>> Arrangement.from_masks(hand, 0b111, 0b11111000, 0b1111100000000).format()
        'As Ah Ad / Kd Kc Qs Jh 9c / 8c 7d 5s 3h 2c'
        """
        hand = codes(cards, 13, "Arrangement.from_masks")
        masks = []
        for name, m in (("top", top), ("middle", middle), ("bottom", bottom)):
            m = int(m)
            if not 0 <= m < 1 << 13:
                raise PokercoreValueError(f"Arrangement.from_masks: {name} mask {m} is not a 13-bit mask")
            masks.append(m)
        if masks[0] & masks[1] or masks[0] & masks[2] or masks[1] & masks[2] or sum(masks) != (1 << 13) - 1:
            raise PokercoreValueError(
                "Arrangement.from_masks: the masks must be disjoint and cover all 13 cards, "
                f"got {masks[0]:#06x}, {masks[1]:#06x}, {masks[2]:#06x}"
            )
        t, m_, b = ([hand[i] for i in range(13) if m >> i & 1] for m in masks)
        return cls(t, m_, b)

    @classmethod
    def _from_search(cls, hand: tuple[int, ...], masks: tuple[int, int, int],
                     ranks: tuple[int, int, int]) -> Arrangement:
        """The search's answer as an Arrangement without checking it again (package-internal).

        ``hand``: 13 validated distinct codes; ``masks``: the search's
        disjoint top/middle/bottom bit masks over ``hand``; ``ranks``: the
        ranks the search computed for those branches (the same evaluators).
        """
        self = object.__new__(cls)
        d = self.__dict__
        for name, m in zip(("top", "middle", "bottom"), masks):
            d[name] = _reading_order([hand[i] for i in range(13) if m >> i & 1])
        d["top_rank"], d["middle_rank"], d["bottom_rank"] = ranks
        return self

    # ------------------------------------------------------------ properties

    @property
    def ranks(self) -> tuple[int, int, int]:
        """``(top_rank, middle_rank, bottom_rank)``."""
        return (self.top_rank, self.middle_rank, self.bottom_rank)

    @cached_property
    def categories(self) -> tuple[HandCategory, HandCategory, HandCategory]:
        """Category of each branch, top first.

        >>> Arrangement.from_string("Jh Jd 4c / Qs Qc 8h 6d 2d / 7s 7h 7d 5c 5d").categories[2].label
        'Full house'
        """
        return (
            category_of(self.top_rank, "binh"),
            category_of(self.middle_rank, "binh"),
            category_of(self.bottom_rank, "binh"),
        )

    @cached_property
    def special(self) -> SpecialHand:
        """Special kinds the 13 cards match (:func:`~pokercore.binh.classify_special`).

        >>> Arrangement.from_string("Jh Jd 4c / Qs Qc 8h 6d 2d / 7s 7h 7d 5c 5d").special.kinds
        ()
        >>> Arrangement.from_string("Ah Ad Kc / As Ac Kd 3c 2d / 7s 7h 7d 4c 4d").special.kinds
        (<SpecialKind.FOUR_OF_A_KIND: 'four of a kind'>,)
        """
        return classify_special(self.cards)

    @property
    def is_foul(self) -> bool:
        """Top stronger than middle, or middle stronger than bottom (equal is fine)."""
        return not (self.top_rank <= self.middle_rank <= self.bottom_rank)

    @property
    def cards(self) -> tuple[int, ...]:
        """All 13 codes: top, then middle, then bottom."""
        return self.top + self.middle + self.bottom

    def to_row(self) -> np.ndarray:
        """The 13 codes as a uint8 array laid out top, middle, bottom (inverse of :meth:`from_row`)."""
        return np.asarray(self.cards, dtype=np.uint8)

    # ------------------------------------------------------------ value semantics

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Arrangement is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Arrangement is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Arrangement):
            return NotImplemented
        return (self.top, self.middle, self.bottom) == (other.top, other.middle, other.bottom)

    def __hash__(self) -> int:
        return hash((self.top, self.middle, self.bottom))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Arrangement, (self.top, self.middle, self.bottom))

    def format(self) -> str:
        """One line: ``"top / middle / bottom"`` (readable back by :meth:`from_string`)."""
        return " / ".join(format_cards(list(b)) for b in (self.top, self.middle, self.bottom))

    def __repr__(self) -> str:
        return f"Arrangement.from_string({self.format()!r})"

    def __str__(self) -> str:
        lines = []
        for name, branch, rank in (
            ("top", self.top, self.top_rank),
            ("middle", self.middle, self.middle_rank),
            ("bottom", self.bottom, self.bottom_rank),
        ):
            lines.append(f"{name:<6} {format_cards(list(branch)):<15} {describe_rank(rank, 'binh')}")
        if self.is_foul:
            lines.append("FOUL: " + self._foul_reason())
        return "\n".join(lines)

    def _foul_reason(self) -> str:
        if self.top_rank > self.middle_rank:
            return "top is stronger than middle"
        return "middle is stronger than bottom"
