"""Hold'em starting-hand ranges in the notation players use.

A range is a set of two-card *combos*, each with a weight in ``(0, 1]``.
Parts are separated by commas (spaces around them are ignored):

=====================  ===========================================================
``AA``, ``72``         a pair (6 combos) / both suited and offsuit (4 + 12)
``AKs``, ``AKo``       suited (4 combos) / offsuit (12 combos)
``QQ+``                the pair and every higher pair: QQ, KK, AA
``KTs+``, ``KTo+``,    the high card fixed, the kicker up to one below it:
``KT+``                KTs, KJs, KQs (and the offsuit, or both)
``22-77``              every pair from the lower to the higher (either order)
``A5s-A2s``            one card fixed, the other over a span: A5s, A4s, A3s, A2s
``JTs-65s``            both cards moving together, same gap: JTs, T9s, ..., 65s
``AhKh``, ``Ah Kh``    one explicit combo (suits given)
``random``, ``any``    all 1,326 combos
``15%``, ``top 15%``   the strongest 15% of starting hands, by all-in equity against a
                       random hand (:mod:`pokercore.equity._preflop_order`)
``<part>:0.5``         any part with a weight (the share of its combos played)
=====================  ===========================================================

Ranks are ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` in any case; ``s`` and
``o`` are case-insensitive.  The notation is ASCII: look-alike letters (the
Kelvin sign for ``K``, the long s for ``s``) are refused; only an explicit
combo may use the suit symbols cards accept (``A♠K♥``).  A combo named twice
keeps its last weight.  A range text is at most :data:`MAX_RANGE_LENGTH`
characters.  Anything else raises :class:`RangeSyntaxError`, naming the part.

Examples
--------
>>> from pokercore.ranges import parse_range
>>> r = parse_range("QQ+, AKs, AKo")
>>> len(r), r.size("QQ+"), r.size("AKs"), r.size("AKo")
(34, 18, 4, 12)
>>> len(parse_range("A5s-A2s")), len(parse_range("JTs-65s")), len(parse_range("22-77"))
(16, 24, 36)
>>> len(parse_range("QQ+").remove("Qs Kd"))  # card removal: 3 + 3 + 6
12
>>> parse_range("AhKh, QQ:0.5").weights()
[1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..cards import RANKS, format_cards, parse_cards, to_codes
from ..errors import InvalidCardError, PokercoreValueError, cut

__all__ = ["MAX_RANGE_LENGTH", "Combo", "EmptyRangeError", "Range", "RangeSyntaxError", "parse_range"]

#: Longest range text :func:`parse_range` reads (every combo named with a weight is about 13,000).
MAX_RANGE_LENGTH = 20_000

#: A combo: two card codes, the higher code first.
Combo = tuple[int, int]

_RANK = {ch: i for i, ch in enumerate(RANKS)}
_RANK.update({ch.lower(): i for i, ch in enumerate(RANKS)})
# ASCII: without it, a case-insensitive pattern also takes the Kelvin sign for K and the long s for s.
_HAND = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$", re.IGNORECASE | re.ASCII)
_PERCENT = re.compile(r"^(?:top)?([0-9]{1,3}(?:\.[0-9]+)?)%$", re.IGNORECASE | re.ASCII)


class RangeSyntaxError(PokercoreValueError):
    """A range part that is not in the supported notation."""


class EmptyRangeError(PokercoreValueError):
    """A range with no combo left (for example after card removal)."""


def _combos(hi: int, lo: int, kind: str) -> list[Combo]:
    """Combos of ranks ``hi >= lo``; kind ``"s"``, ``"o"`` or ``""`` (both)."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = hi * 4 + s1, lo * 4 + s2
            if hi == lo:
                if s1 < s2:
                    out.append((b, a))
                continue
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append((a, b))
    return out


def _shape(text: str, part: str) -> tuple[int, int, str]:
    m = _HAND.match(text)
    if not m or m.group(4):
        raise RangeSyntaxError(
            f"unknown range part {cut(part)}: expected a hand like AA, AKs, AKo, AK, QQ+, KTo+, "
            "22-77, A5s-A2s, JTs-65s, AhKh or random, optionally with a weight (AKs:0.5)"
        )
    r1, r2, kind = _RANK[m.group(1)], _RANK[m.group(2)], m.group(3).lower()
    if r1 == r2 and kind:
        raise RangeSyntaxError(f"range part {cut(part)}: a pair cannot be suited or offsuit (write {m.group(1) * 2})")
    return max(r1, r2), min(r1, r2), kind


def _span_error(part: str) -> RangeSyntaxError:
    return RangeSyntaxError(
        f"range part {cut(part)}: a span needs two pairs (22-77), the same first card "
        "(A5s-A2s) or the same gap (JTs-65s)"
    )


@lru_cache(maxsize=256)
def _expand(text: str, part: str) -> tuple[Combo, ...]:
    """The combos of one part without its weight (cached: a long range repeats its parts)."""
    if text.lower() in ("random", "any", "xx"):
        return tuple((a, b) for a in range(52) for b in range(a))
    share = _PERCENT.match(text)
    if share:
        return _top_percent(float(share.group(1)), part)
    if "-" in text:
        left, _, right = text.partition("-")
        h1, l1, k1 = _shape(left.strip(), part)
        h2, l2, k2 = _shape(right.strip(), part)
        if (h1 == l1) != (h2 == l2):  # a pair and a non-pair (AA-AKs): no span joins them
            raise _span_error(part)
        if k1 != k2:
            raise RangeSyntaxError(f"range part {cut(part)}: both ends must be the same kind (s, o or neither)")
        if h1 == l1 and h2 == l2:  # 22-77
            return tuple(c for r in range(min(h1, h2), max(h1, h2) + 1) for c in _combos(r, r, ""))
        if h1 == h2 and l1 != h1 and l2 != h2:  # A5s-A2s
            return tuple(c for r in range(min(l1, l2), max(l1, l2) + 1) for c in _combos(h1, r, k1))
        if h1 - l1 == h2 - l2 and h1 != l1:  # JTs-65s
            lo_h, hi_h = min(h1, h2), max(h1, h2)
            gap = h1 - l1
            return tuple(c for h in range(lo_h, hi_h + 1) for c in _combos(h, h - gap, k1))
        raise _span_error(part)
    plus = text.endswith("+")
    hi, lo, kind = _shape(text[:-1] if plus else text, part)
    if not plus:
        return tuple(_combos(hi, lo, kind))
    if hi == lo:  # QQ+
        return tuple(c for r in range(hi, 13) for c in _combos(r, r, ""))
    return tuple(c for r in range(lo, hi) for c in _combos(hi, r, kind))  # KTo+: up to KQo


def _top_percent(percent: float, part: str) -> tuple[Combo, ...]:
    """The combos of the strongest ``percent`` of starting hands (see :mod:`pokercore.equity._preflop_order`)."""
    from ._preflop_order import top_classes

    if not 0 < percent <= 100:
        raise RangeSyntaxError(f"range part {cut(part)}: a share of hands must be above 0% and at most 100%")
    out: list[Combo] = []
    for label in top_classes(percent):
        hi, lo, kind = _shape(label, part)
        out.extend(_combos(hi, lo, kind))
    return tuple(out)


def _explicit(text: str, part: str) -> Combo | None:
    """The combo of a part naming two exact cards (``AhKh``, ``Ah Kh``), else None."""
    if _HAND.match(text) or len(text) < 4:
        return None
    try:
        cards = parse_cards(text, allow_duplicates=True)
    except InvalidCardError:
        return None
    if len(cards) != 2:
        return None
    a, b = cards
    if a == b:
        raise RangeSyntaxError(f"range part {cut(part)} repeats a card ({format_cards([a])}): a combo is two "
                               "different cards")
    return (max(a, b), min(a, b))


def _split_weight(part: str) -> tuple[str, float]:
    text, sep, w = part.partition(":")
    if not sep:
        return part, 1.0
    try:
        weight = float(w) if w.isascii() else math.nan
    except ValueError:
        weight = math.nan
    if math.isnan(weight):
        raise RangeSyntaxError(f"range part {cut(part)}: the weight {cut(w)} is not a number")
    if not 0.0 < weight <= 1.0:
        raise RangeSyntaxError(f"range part {cut(part)}: a weight must be in (0, 1], got {weight}")
    return text.strip(), weight


def _not_ascii(part: str) -> RangeSyntaxError:
    ch = next(c for c in part if not c.isascii())
    return RangeSyntaxError(
        f"range part {cut(part)}: {ch!r} (U+{ord(ch):04X}) is not part of the notation, which is ASCII: "
        "ranks 2-9 T J Q K A, s and o (suit symbols only in a combo of two cards, such as A♠K♥)"
    )


@dataclass(frozen=True)
class Range:
    """Weighted two-card combos (build with :func:`parse_range` or :meth:`from_combos`).

    Attributes
    ----------
    text : str
        The notation it was parsed from (for display).
    combos_weights : tuple of ((int, int), float)
        Combos (higher code first) and their weights, in first-mention order.
    """

    text: str
    combos_weights: tuple[tuple[Combo, float], ...]

    def __post_init__(self) -> None:
        """Refuse what no parse can produce: a range built by hand is checked like a parsed one."""
        seen: set[tuple[int, int]] = set()
        for item in self.combos_weights:
            try:
                (a, b), w = item
            except (TypeError, ValueError):
                raise RangeSyntaxError(f"range {cut(self.text)}: {cut(item)} is not ((card, card), weight)") from None
            if not all(type(c) is int and 0 <= c <= 51 for c in (a, b)) or a == b:
                raise InvalidCardError(f"range {cut(self.text)}: combo {cut((a, b))} is not two different "
                                       "card codes 0..51 (build ranges with parse_range or Range.from_combos)")
            if isinstance(w, bool) or not isinstance(w, (int, float)) or not (math.isfinite(w) and 0 < w <= 1):
                raise RangeSyntaxError(f"range {cut(self.text)}: the weight {cut(w)} of combo {cut((a, b))} "
                                       "must be a number in (0, 1]")
            key = (max(a, b), min(a, b))
            if key in seen:
                raise RangeSyntaxError(f"range {cut(self.text)}: combo {cut((a, b))} is listed twice (a combo "
                                       "has one weight; Range.from_combos merges repeats)")
            seen.add(key)

    @classmethod
    def from_combos(cls, combos: Iterable[Combo], text: str = "", weight: float = 1.0) -> Range:
        """A range of explicit combos (pairs of card codes), all with one weight.

        >>> Range.from_combos([(51, 47)]).combos()
        [(51, 47)]
        """
        merged: dict[Combo, float] = {}
        for a, b in combos:
            a, b = to_codes([a, b])
            if a == b:
                raise InvalidCardError(f"a combo needs two different cards, got {format_cards([a, b])}")
            merged[(max(a, b), min(a, b))] = weight
        return cls(text or ",".join(format_cards(c, sep="") for c in merged), tuple(merged.items()))

    def __len__(self) -> int:
        return len(self.combos_weights)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.combos())

    def combos(self) -> list[Combo]:
        """The combos, higher card code first."""
        return [c for c, _ in self.combos_weights]

    def weights(self) -> list[float]:
        """The weight of each combo, in :meth:`combos` order."""
        return [w for _, w in self.combos_weights]

    def size(self, part: str) -> int:
        """Number of combos a single part expands to (before card removal).

        >>> parse_range("").size("AKo")
        12
        """
        return len(parse_range(part))

    def remove(self, cards: object) -> Range:
        """This range without the combos that use any of ``cards`` (card removal).

        Raises :class:`EmptyRangeError` if nothing is left.
        """
        dead = set(to_codes(cards)) if cards is not None else set()  # type: ignore[arg-type]
        kept = tuple((c, w) for c, w in self.combos_weights if c[0] not in dead and c[1] not in dead)
        if not kept:
            raise EmptyRangeError(
                f"range {cut(self.text)} has no combo left once {format_cards(sorted(dead))} are removed"
            )
        return Range(self.text, kept)

    def __str__(self) -> str:
        return self.text


def parse_range(text: str) -> Range:
    """Parse a range such as ``"QQ+, AKs, A5s-A2s, KTo+:0.5"`` (see the module docs).

    An empty string gives an empty range (useful for :meth:`Range.size`);
    equity calculations refuse empty ranges.

    Raises
    ------
    RangeSyntaxError
        A part is not in the supported notation (the message names it), a
        character outside ASCII (but in an explicit combo's suit symbols),
        or a text longer than :data:`MAX_RANGE_LENGTH`.

    Examples
    --------
    >>> len(parse_range("AK")), len(parse_range("KTo+")), len(parse_range("random"))
    (16, 36, 1326)
    """
    return parse_parts(text, _holdem_part)


def _holdem_part(body: str, part: str) -> tuple[Combo, ...]:
    if not body.isascii():
        raise _not_ascii(part)
    return _expand(body.replace(" ", ""), part)


def parse_parts(text: str, expand: Callable[[str, str], Iterable[Combo]],
                check_explicit: Callable[[Combo, str], None] | None = None) -> Range:
    """The range of ``text``'s comma-separated parts, each with an optional ``:weight`` (a later part's weight wins).

    A part that is one explicit combo (``"AhKh"``) is taken as is, after
    ``check_explicit(combo, part)`` (which raises to refuse it); any other
    part's body goes to ``expand(body, part)``, which returns its combos or
    raises :class:`RangeSyntaxError` naming ``part``.  The hold'em and
    short-deck parsers share this loop.
    """
    if not isinstance(text, str):
        raise RangeSyntaxError(f"a range must be a string, got {type(text).__name__}")
    if len(text) > MAX_RANGE_LENGTH:
        raise RangeSyntaxError(f"a range is at most {MAX_RANGE_LENGTH:,} characters, got {len(text):,} "
                               f"({cut(text, 40)})")
    merged: dict[Combo, float] = {}
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            continue
        body, weight = _split_weight(part)
        combo = _explicit(body, part)
        if combo is not None:
            if check_explicit is not None:
                check_explicit(combo, part)
            merged[combo] = weight
            continue
        merged.update(dict.fromkeys(expand(body, part), weight))
    return Range(text.strip(), tuple(merged.items()))
