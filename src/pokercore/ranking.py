"""Hand categories and readable names for evaluator ranks.

A rank from :func:`pokercore.evaluate5` or :func:`pokercore.evaluate3` is
an ``int``, higher is better, and it names its own scale: standard ranks
are ``1..7462`` and Binh ranks (``rules="binh"`` and every 3-card hand)
``10001..17917`` (:data:`BINH_RANK_OFFSET` ``+ 1 .. + 7917``).  This module
tells which category a rank is in and describes it in words, reading the
scale from the value; a ``rules=`` that contradicts the value is an error,
never a description of another hand.

Examples
--------
>>> from pokercore import evaluate5, evaluate3, describe_rank, category_of
>>> describe_rank(evaluate5("Kh Kd 7c 7s 2d"))
'Two pair, kings and sevens'
>>> category_of(evaluate5("Kh Kd 7c 7s 2d"))
<HandCategory.TWO_PAIR: 2>
>>> describe_rank(evaluate5("Ah 2c 3d 4s 5h"))
'Straight, five high'
>>> describe_rank(evaluate5("Ah 2c 3d 4s 5h", rules="binh"))
'Straight, A-2-3-4-5'
>>> describe_rank(evaluate3("Kh Kd 7c"))
'Pair of kings'
>>> scale_of(evaluate3("Kh Kd 7c")), scale_of(evaluate5("Kh Kd 7c 7s 2d"))
('binh', 'standard')
"""

from __future__ import annotations

import enum
import sys
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Literal

from . import _eval
from .errors import InvalidRankError, InvalidRulesError, PokercoreTypeError, cut

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "BINH_RANK_OFFSET",
    "HandCategory",
    "Scale",
    "TextEnum",
    "categories_of",
    "category_of",
    "describe_rank",
    "num_ranks",
    "rank_detail",
    "rank_range",
    "scale_of",
]

#: Binh ranks are ``BINH_RANK_OFFSET + 1 .. BINH_RANK_OFFSET + 7917``, above
#: every standard rank (``1..7462``), so a rank names its scale.
BINH_RANK_OFFSET: int = _eval.BINH_RANK_OFFSET


class TextEnum(str, enum.Enum):
    """A ``str`` enum whose members are their text: the games' names for streets and action kinds.

    A member compares equal to its value, hashes as it, prints, formats and
    reprs as it (on every Python version), and JSON writes it: code that
    reads the text keeps working.

    >>> class Side(TextEnum):
    ...     LEFT = "left"
    >>> Side.LEFT == "left", str(Side.LEFT), f"{Side.LEFT:>5}", repr(Side.LEFT), {"left": 1}[Side.LEFT]
    (True, 'left', ' left', "'left'", 1)
    """

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    def __repr__(self) -> str:
        return repr(str(self.value))


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


#: The two rank scales, by their canonical names.
Scale = Literal["standard", "binh"]


def _scale(rules: str) -> Scale:
    """The canonical name of a scale; case-insensitive like the evaluators."""
    name = rules.lower() if isinstance(rules, str) else None
    if name == "standard":
        return "standard"
    if name == "binh":
        return "binh"
    raise InvalidRulesError(f"rules must be 'standard' or 'binh' (or None: read it from the rank), got {cut(rules)}")


_OFFSET: dict[Scale, int] = {"standard": 0, "binh": BINH_RANK_OFFSET}
_SCALES: tuple[Scale, Scale] = ("standard", "binh")


@lru_cache(maxsize=2)
def _descriptors(rules: Scale) -> NDArray[np.uint32]:
    return _eval.rank_descriptors(rules)


def num_ranks(rules: str = "standard") -> int:
    """Number of ranks of a scale: 7462 (standard) or 7917 (Binh, 5- and 3-card classes).

    >>> num_ranks("standard"), num_ranks("binh")
    (7462, 7917)
    """
    return len(_descriptors(_scale(rules))) - 1


def rank_range(rules: str = "standard") -> tuple[int, int]:
    """Lowest and highest rank of a scale.

    >>> rank_range("standard"), rank_range("binh")
    ((1, 7462), (10001, 17917))
    """
    scale = _scale(rules)
    return _OFFSET[scale] + 1, _OFFSET[scale] + num_ranks(scale)


def _int_rank(rank: object) -> int:
    """``rank`` as an int: an int or a numpy integer (numpy is not imported for it), never a bool."""
    if isinstance(rank, int) and not isinstance(rank, bool):
        return int(rank)
    np_ = sys.modules.get("numpy")
    if np_ is not None and isinstance(rank, np_.integer):
        return int(rank)
    raise PokercoreTypeError(f"rank must be an int, got {type(rank).__name__}")


def scale_of(rank: int) -> Scale:
    """The scale a rank belongs to: ``"standard"`` (1..7462) or ``"binh"`` (10001..17917).

    >>> from pokercore import evaluate5
    >>> scale_of(evaluate5("Ah 2c 3d 4s 5h")), scale_of(evaluate5("Ah 2c 3d 4s 5h", rules="binh"))
    ('standard', 'binh')
    >>> scale_of(9000)
    Traceback (most recent call last):
    ...
    pokercore.errors.InvalidRankError: 9000 is not a rank: standard ranks are 1..7462, Binh ranks 10001..17917
    """
    r = _int_rank(rank)
    for scale in _SCALES:
        lo, hi = rank_range(scale)
        if lo <= r <= hi:
            return scale
    lo_s, hi_s = rank_range("standard")
    lo_b, hi_b = rank_range("binh")
    raise InvalidRankError(
        f"{r} is not a rank: standard ranks are {lo_s}..{hi_s}, Binh ranks {lo_b}..{hi_b}"
    )


def _check_rank(rank: int, rules: str | None) -> tuple[int, Scale]:
    """(descriptor index, scale) of a rank; ``rules`` must agree with the value."""
    r = _int_rank(rank)
    if rules is None:
        scale = scale_of(r)
        return r - _OFFSET[scale], scale
    want = _scale(rules)
    lo, hi = rank_range(want)
    if lo <= r <= hi:
        return r - _OFFSET[want], want
    other: Scale = "binh" if want == "standard" else "standard"
    olo, ohi = rank_range(other)
    if olo <= r <= ohi:
        raise InvalidRankError(
            f"rank {r} is a {other} rank, not a {want} rank (valid: {lo}..{hi}); "
            f"drop rules= (the rank names its scale) or pass the rank of a {want} evaluation"
        )
    raise InvalidRankError(f"rank {r} is not a {want} rank (valid: {lo}..{hi})")


def rank_detail(rank: int, rules: str | None = None) -> tuple[HandCategory, tuple[int, ...]]:
    """Category and tie-break rank indices (0 = deuce .. 12 = ace) of a rank.

    For straights the single tie-break is the straight's high card (3 for
    A-2-3-4-5).  Three-card Binh ranks have fewer tie-breaks.  ``rules``
    (optional) must name the rank's own scale.

    >>> from pokercore import evaluate5
    >>> rank_detail(evaluate5("Kh Kd Kc 7s 7d"))
    (<HandCategory.FULL_HOUSE: 6>, (11, 5))
    """
    index, scale = _check_rank(rank, rules)
    d = int(_descriptors(scale)[index])
    nibbles = [(d >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    return HandCategory(d >> 20), tuple(n - 1 for n in nibbles if n)


def category_of(rank: int, rules: str | None = None) -> HandCategory:
    """Category of a rank (of either scale; ``rules``, if given, must name it).

    >>> from pokercore import evaluate5, evaluate3
    >>> category_of(evaluate5("2h 3h 4h 5h 7h")).label
    'Flush'
    >>> category_of(evaluate3("Kh Kd 7c")).label
    'Pair'
    """
    index, scale = _check_rank(rank, rules)
    return HandCategory(int(_descriptors(scale)[index]) >> 20)


def categories_of(ranks: NDArray[np.integer], rules: str | None = None) -> NDArray[np.uint8]:
    """Vectorised :func:`category_of`: a uint8 array of category numbers.

    Ranks of both scales may be mixed; with ``rules`` every rank must be of
    that scale.

    >>> import numpy as np
    >>> categories_of(np.array([1, 7462, 10001, 17917]))
    array([0, 8, 0, 8], dtype=uint8)
    """
    import numpy as np

    arr = np.asarray(ranks)
    if arr.dtype.kind not in "iu":
        raise PokercoreTypeError(f"ranks must have an integer dtype, got {arr.dtype}")
    scales: tuple[Scale, ...] = _SCALES if rules is None else (_scale(rules),)
    wide = arr.astype(np.int64)
    out = np.zeros(arr.shape, dtype=np.uint8)
    done = np.zeros(arr.shape, dtype=bool)
    for scale in scales:
        lo, hi = rank_range(scale)
        sel = (wide >= lo) & (wide <= hi)
        out[sel] = (_descriptors(scale)[wide[sel] - _OFFSET[scale]] >> 20).astype(np.uint8)
        done |= sel
    if not done.all():
        bad = int(wide[~done].reshape(-1)[0])
        ranges = ", ".join(f"{s} {rank_range(s)[0]}..{rank_range(s)[1]}" for s in scales)
        raise InvalidRankError(f"{bad} is not a rank of the scale{'s' if rules is None else ''} {ranges}")
    return out


def describe_rank(rank: int, rules: str | None = None, *, kickers: bool = False) -> str:
    """A readable description of a rank, e.g. ``"Two pair, kings and sevens"``.

    Parameters
    ----------
    rank : int
        A rank of either scale (standard ``1..7462``, Binh ``10001..17917``).
    rules : {"standard", "binh"}, optional
        The scale the rank belongs to; read from the rank when omitted.  A
        scale that contradicts the rank raises :class:`InvalidRankError`.
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
    >>> describe_rank(evaluate3("Qh Qd 9c"), kickers=True)
    'Pair of queens, 9 kicker'
    >>> describe_rank(evaluate3("Qh Qd 9c"), rules="standard")
    Traceback (most recent call last):
    ...
    pokercore.errors.InvalidRankError: rank 13926 is a binh rank, not a standard rank (valid: 1..7462);
    drop rules= (the rank names its scale) or pass the rank of a standard evaluation
    """
    _, scale = _check_rank(rank, rules)
    return _describe(_int_rank(rank), scale, bool(kickers))


@cache  # at most 2 x 15,379 texts: the server names every hand in every view it sends
def _describe(rank: int, rules: Scale, kickers: bool) -> str:
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
