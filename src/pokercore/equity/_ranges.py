"""One range parser for every game: :func:`parse_range` reads the notation of the game it is given.

The notations, one module each: hold'em (:mod:`._holdem_ranges`: ``QQ+,
AKs, A5s-A2s, 15%``), short deck (:mod:`._shortdeck_ranges`: the hold'em
notation on ranks 6 to A, percentages by short-deck equity) and Omaha
(:mod:`._omaha_ranges`: ``AAxx ds, KKQQ, AsKs**:0.5``, for 4, 5 or 6 hole
cards).
"""

from __future__ import annotations

from typing import Literal, overload

from ._games import game_name
from ._holdem_ranges import Range
from ._holdem_ranges import parse_range as _parse_holdem
from ._omaha_ranges import OmahaRange, parse_omaha_range
from ._shortdeck_ranges import parse_shortdeck_range

__all__ = ["parse_range"]

#: Hole cards of the Omaha games whose name fixes the count (``"plo"`` and ``"plo8"``: the text's patterns say).
_OMAHA_CARDS = {"plo5": 5, "plo6": 6}


@overload
def parse_range(text: str, game: Literal["holdem", "hold'em", "nlhe", "shortdeck", "short-deck", "6+"] = ...,
                *, cards: None = None) -> Range: ...
@overload
def parse_range(text: str, game: str, *, cards: int | None = None) -> Range | OmahaRange: ...
def parse_range(text: str, game: str = "holdem", *, cards: int | None = None) -> Range | OmahaRange:
    """Parse a range in the notation of ``game``.

    Parameters
    ----------
    text : str
        The range, e.g. ``"QQ+, AKs, 15%"`` (hold'em, short deck) or
        ``"AAxx ds, KKQQ"`` (Omaha).
    game : {"holdem", "shortdeck", "plo", "plo5", "plo6", "plo8"}, default "holdem"
        The game whose notation and deck the text is in (aliases as for
        :func:`pokercore.equity.equity`).
    cards : int, optional
        Omaha only: the hole cards of a hand (4, 5 or 6).  By default
        ``"plo5"`` and ``"plo6"`` fix it, and in ``"plo"`` and ``"plo8"``
        the slot count of the text's first pattern says (``AAxx``: 4).

    Returns
    -------
    Range or OmahaRange
        A :class:`Range` of two-card combos for hold'em and short deck, an
        :class:`OmahaRange` for the Omaha games.

    Raises
    ------
    RangeSyntaxError
        The text is not in the game's notation (the message names the part).
    PokercoreValueError
        An unknown game, or ``cards`` given for a two-card game.

    Examples
    --------
    >>> len(parse_range("QQ+, AKs"))
    22
    >>> len(parse_range("TT+, AKs", game="shortdeck"))
    34
    >>> parse_range("AAxx ds", game="plo").cards
    4
    """
    from ..errors import PokercoreValueError

    name = game_name(game)
    if name in ("holdem", "shortdeck"):
        if cards is not None:
            raise PokercoreValueError(f"parse_range: cards= is for the Omaha games; {name} deals 2 hole cards")
        return _parse_holdem(text) if name == "holdem" else parse_shortdeck_range(text)
    return parse_omaha_range(text, _OMAHA_CARDS.get(name) if cards is None else cards)
