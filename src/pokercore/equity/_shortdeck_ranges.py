"""Short-deck (6+) hold'em ranges: the hold'em notation on the 36-card deck.

Every part of :mod:`pokercore.equity._holdem_ranges` works (``QQ+``, ``AKs``,
``KTo+``, ``66-99``, ``A9s-A6s``, ``JTs-76s``, ``AhKh``, weights
``:0.5``) with ranks ``6`` to ``A``; a part that names a rank from 2 to 5
(``A5s``, ``22+``) is refused, since the short deck starts at 6.
``random`` / ``any`` are the 630 short-deck combos.

``15%`` or ``top 15%`` takes the strongest classes of a short-deck order:
each of the 81 classes ranked by its exact all-in equity against a random
short-deck hand (every opponent hand and every board, computed by
pokercore's short-deck evaluator; ``python -m
pokercore.equity._shortdeck_build`` computes it again, a few minutes).  As
in hold'em, a share takes classes from the top while fewer combos than that
share of 630 are taken (``20%`` is 136 combos).

Examples
--------
>>> r = parse_shortdeck_range("QQ+, AKs")
>>> len(r), len(parse_shortdeck_range("random"))
(22, 630)
>>> shortdeck_order()[0][0], len(shortdeck_order())
('AA', 81)
>>> parse_shortdeck_range("A5s")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.equity._holdem_ranges.RangeSyntaxError: range part 'A5s' names a rank below 6: the short deck starts at 6 ...
"""

from __future__ import annotations

import json
from functools import lru_cache

from ..errors import cut
from ._holdem_ranges import Combo, Range, RangeSyntaxError, parse_parts, parse_range
from ._preflop_order import class_combos, classes_covering

__all__ = ["ORDER_FILE", "SD_RANKS", "parse_shortdeck_range", "shortdeck_order", "shortdeck_top_classes"]

ORDER_FILE = "shortdeck_order.json"
#: The short deck's ranks, highest first.
SD_RANKS = "AKQJT9876"
#: Two-card combos of the short deck.
SD_COMBOS = 630
_ALL = tuple((a, b) for a in range(16, 52) for b in range(16, a))


@lru_cache(maxsize=1)
def shortdeck_order() -> tuple[tuple[str, float], ...]:
    """The 81 short-deck classes, strongest first, each with its exact equity against a random short-deck hand.

    >>> [label for label, _ in shortdeck_order()[:3]]
    ['AA', 'KK', 'QQ']
    """
    from importlib.resources import files

    data = json.loads(files("pokercore").joinpath("data").joinpath(ORDER_FILE).read_text(encoding="utf-8"))
    order = tuple((str(label), float(eq)) for label, eq in data["order"])
    if len(order) != 81 or sum(class_combos(label) for label, _ in order) != SD_COMBOS:
        raise RuntimeError(f"pokercore/data/{ORDER_FILE} does not hold the 81 short-deck classes; "
                           "reinstall pokercore")
    return order


def shortdeck_top_classes(percent: float) -> list[str]:
    """The classes of the strongest ``percent`` of short-deck hands (0 < percent <= 100).

    >>> shortdeck_top_classes(5.0)
    ['AA', 'KK', 'QQ', 'JJ', 'TT', 'AKs']
    """
    return classes_covering(shortdeck_order(), percent, SD_COMBOS)


def _percent(body: str) -> float | None:
    text = body.lower().replace(" ", "")
    if text.startswith("top"):
        text = text[3:]
    if not text.endswith("%"):
        return None
    try:
        return float(text[:-1]) if text[:-1].replace(".", "", 1).isdigit() else None
    except ValueError:
        return None


def _part(body: str, part: str) -> tuple[Combo, ...]:
    if body.lower() in ("random", "any", "xx"):
        return _ALL
    share = _percent(body)
    if share is not None:
        if not 0 < share <= 100:
            raise RangeSyntaxError(f"range part {cut(part)}: a share of hands must be above 0% and at most 100%")
        return tuple(c for label in shortdeck_top_classes(share) for c in parse_range(label).combos())
    combos = parse_range(body).combos()
    if any(c < 16 for combo in combos for c in combo):
        raise RangeSyntaxError(f"range part {cut(part)} names a rank below 6: the short deck starts at 6 "
                               "(ranks 6-9, T, J, Q, K, A)")
    return tuple(combos)


def parse_shortdeck_range(text: str) -> Range:
    """Parse a short-deck range such as ``"TT+, AQs+, KQo, 15%"`` (see the module docs).

    Parameters
    ----------
    text : str
        Comma-separated parts in the hold'em notation with ranks 6 to A,
        ``random``, or ``N%`` / ``top N%``; each part may carry a weight.

    Returns
    -------
    Range
        The combos (card codes 16..51) and their weights; a combo named
        twice keeps its last weight.

    Raises
    ------
    RangeSyntaxError
        A part that is not in the notation, or names a rank from 2 to 5.

    Examples
    --------
    >>> len(parse_shortdeck_range("66+")), len(parse_shortdeck_range("A9s-A6s"))
    (54, 16)
    >>> [round(w, 2) for w in parse_shortdeck_range("AhKh, JJ:0.5").weights()][:2]
    [1.0, 0.5]
    >>> len(parse_shortdeck_range("top 20%"))
    136
    """
    return parse_parts(text, _part, _check_explicit)


def _check_explicit(combo: Combo, part: str) -> None:
    if min(combo) < 16:
        raise RangeSyntaxError(f"range part {cut(part)} names a card below 6: the short deck starts at 6 "
                               "(ranks 6-9, T, J, Q, K, A)")
