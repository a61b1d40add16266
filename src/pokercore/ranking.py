"""Hand categories and readable names for evaluator ranks.

A rank from :func:`pokercore.evaluate5` or :func:`pokercore.evaluate3` is
an ``int``, higher is better.  This module tells which category a rank is
in and describes it in words.

Examples
--------
>>> from pokercore import evaluate5, evaluate3, describe_rank, category_of
>>> describe_rank(evaluate5("Kh Kd 7c 7s 2d"))
'Two pair, kings and sevens'
>>> category_of(evaluate5("Kh Kd 7c 7s 2d"))
<HandCategory.TWO_PAIR: 2>
>>> describe_rank(evaluate5("Ah 2c 3d 4s 5h"))
'Straight, five high'
>>> describe_rank(evaluate5("Ah 2c 3d 4s 5h", rules="binh"), rules="binh")
'Straight, A-2-3-4-5'
>>> describe_rank(evaluate3("Qh Qd 9c"), rules="binh")
'Pair of queens'
"""

from __future__ import annotations

import enum
import sys
from functools import lru_cache
from typing import TYPE_CHECKING

from . import _eval
from .errors import InvalidRankError, InvalidRulesError, PokercoreTypeError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["HandCategory", "category_of", "categories_of", "describe_rank", "rank_detail", "num_ranks"]


class HandCategory(enum.IntEnum):
    """The nine hand categories, weakest first (the same in every straight order)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """Readable name, e.g. ``"Full house"``."""
        return self.name.replace("_", " ").capitalize()


_RANK_CHARS = "23456789TJQKA"
_SINGULAR = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "jack", "queen", "king", "ace")
_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")


def _scale(rules: str) -> str:
    """The canonical name of a scale; case-insensitive like the evaluators."""
    if isinstance(rules, str) and rules.lower() in ("standard", "binh"):
        return rules.lower()
    raise InvalidRulesError(f"rules must be 'standard' or 'binh', got {rules!r}")


@lru_cache(maxsize=2)
def _descriptors(rules: str) -> np.ndarray:
    return _eval.rank_descriptors(rules)


def num_ranks(rules: str = "standard") -> int:
    """Highest rank of a scale: 7462 (standard) or 7917 (Binh, 5- and 3-card classes)."""
    return len(_descriptors(_scale(rules))) - 1


def _check_rank(rank: int, rules: str) -> int:
    np_ = sys.modules.get("numpy")
    is_np_int = np_ is not None and isinstance(rank, np_.integer)
    if isinstance(rank, bool) or not (isinstance(rank, int) or is_np_int):
        raise PokercoreTypeError(f"rank must be an int, got {type(rank).__name__}")
    n = num_ranks(rules)
    if not 1 <= rank <= n:
        raise InvalidRankError(f"rank {rank} is not a {rules} rank (valid: 1..{n})")
    return int(rank)


def rank_detail(rank: int, rules: str = "standard") -> tuple[HandCategory, tuple[int, ...]]:
    """Category and tie-break rank indices (0 = deuce .. 12 = ace) of a rank.

    For straights the single tie-break is the straight's high card (3 for
    A-2-3-4-5).  Three-card Binh ranks have fewer tie-breaks.

    >>> from pokercore import evaluate5
    >>> rank_detail(evaluate5("Kh Kd Kc 7s 7d"))
    (<HandCategory.FULL_HOUSE: 6>, (11, 5))
    """
    d = int(_descriptors(_scale(rules))[_check_rank(rank, rules)])
    nibbles = [(d >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    return HandCategory(d >> 20), tuple(n - 1 for n in nibbles if n)


def category_of(rank: int, rules: str = "standard") -> HandCategory:
    """Category of a rank.

    >>> from pokercore import evaluate5
    >>> category_of(evaluate5("2h 3h 4h 5h 7h")).label
    'Flush'
    """
    return HandCategory(int(_descriptors(_scale(rules))[_check_rank(rank, rules)]) >> 20)


def categories_of(ranks: np.ndarray, rules: str = "standard") -> np.ndarray:
    """Vectorised :func:`category_of`: a uint8 array of category numbers.

    >>> import numpy as np
    >>> categories_of(np.array([1, 7462]))
    array([0, 8], dtype=uint8)
    """
    desc = _descriptors(_scale(rules))
    import numpy as np

    arr = np.asarray(ranks)
    if arr.dtype.kind not in "iu":
        raise PokercoreTypeError(f"ranks must have an integer dtype, got {arr.dtype}")
    if arr.size and (arr.min() < 1 or arr.max() >= len(desc)):
        raise InvalidRankError(f"ranks must be in 1..{len(desc) - 1} for rules={rules!r}")
    return (desc[arr] >> 20).astype(np.uint8)


def describe_rank(rank: int, rules: str = "standard", *, kickers: bool = False) -> str:
    """A readable description of a rank, e.g. ``"Two pair, kings and sevens"``.

    Parameters
    ----------
    rank : int
        A rank of the ``rules`` scale.
    rules : {"standard", "binh"}
        The scale the rank belongs to.
    kickers : bool, default False
        Also name the kickers (and the cards of a flush or high-card hand).

    Examples
    --------
    >>> from pokercore import evaluate5, evaluate3
    >>> describe_rank(evaluate5("Ac Kc Qc Jc Tc"))
    'Straight flush, ace high'
    >>> describe_rank(evaluate5("9d 9c 9h 4s 4d"))
    'Full house, nines full of fours'
    >>> describe_rank(evaluate5("Kh Kd 7c 7s 2d"), kickers=True)
    'Two pair, kings and sevens, 2 kicker'
    >>> describe_rank(evaluate3("Qh Qd 9c"), rules="binh", kickers=True)
    'Pair of queens, 9 kicker'
    """
    rules = _scale(rules)
    cat, tb = rank_detail(rank, rules)
    one, many = _SINGULAR, _PLURAL
    rest = "".join(_RANK_CHARS[r] for r in tb[1:])
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        if tb[0] == 3 and rules == "binh":
            return f"{cat.label}, A-2-3-4-5"
        return f"{cat.label}, {one[tb[0]]} high"
    if cat == HandCategory.FULL_HOUSE:
        return f"Full house, {many[tb[0]]} full of {many[tb[1]]}"
    if cat in (HandCategory.FLUSH, HandCategory.HIGH_CARD):
        text = f"{cat.label}, {one[tb[0]]} high"
        return text + (f" ({'-'.join(_RANK_CHARS[r] for r in tb)})" if kickers else "")
    if cat == HandCategory.TWO_PAIR:
        text = f"Two pair, {many[tb[0]]} and {many[tb[1]]}"
        rest = rest[1:]
    elif cat == HandCategory.PAIR:
        text = f"Pair of {many[tb[0]]}"
    else:
        text = f"{cat.label}, {many[tb[0]]}"
    if kickers and rest:
        text += f", {rest} kicker" + ("s" if len(rest) > 1 else "")
    return text
