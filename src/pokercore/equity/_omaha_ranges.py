"""Omaha ranges (4, 5 or 6 hole cards): rank patterns with wildcards, explicit cards, suit qualifiers, weights.

A range is a set of hole-card *combos* (4, 5 or 6 distinct cards), each with
a weight in ``(0, 1]``.  Parts are separated by commas; spaces inside a part
are ignored.  A part is a *pattern* of one *slot* per hole card, optionally
followed by a *suit qualifier*, optionally followed by ``:weight``:

=====================  ==========================================================
``A`` .. ``2``         a slot: a card of that rank, any suit (``T J Q K A``, any case)
``x``, ``X``, ``*``    a slot: any card
``As``, ``Td``         a slot: that exact card (rank, then suit ``s h d c``, lower case)
``ds``                 double-suited: exactly two suits held by two or more cards
``ss``                 single-suited: exactly one suit held by two or more cards
``r``, ``rainbow``     no two cards of one suit (4 cards only)
``random``, ``any``    every combo of the game's card count
``<part>:0.5``         any part with a weight (the share of its combos played)
=====================  ==========================================================

A combo belongs to a pattern when its cards can be matched one to one to
the slots: ``AAxx`` holds every hand with at least two aces (``AAAx``
too), ``AKQJ`` every hand of one ace, one king, one queen and one jack,
``AsAh**`` every hand holding the ace of spades and the ace of hearts.
A pattern has as many slots as the game deals hole cards (4 in PLO, 5 or 6
in the bigger games); all parts of one range have the same count.  A combo
named twice keeps its last weight.  Percent ranges (``15%``) are not
supported in Omaha.  Anything else raises
:class:`~pokercore.equity._holdem_ranges.RangeSyntaxError` naming the part.

Examples
--------
>>> r = parse_omaha_range("AAxx")
>>> r.cards, len(r)
(4, 6961)
>>> len(parse_omaha_range("AAxx ds")), len(parse_omaha_range("AKQJ")), len(parse_omaha_range("AsAh**"))
(864, 256, 1225)
>>> len(parse_omaha_range("KKQQ ds, AAxx:0.5")) == len(parse_omaha_range("KKQQds")) + 6961
True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from math import comb

import numpy as np

from ..cards import RANKS
from ..errors import cut
from ._holdem_ranges import MAX_RANGE_LENGTH, EmptyRangeError, RangeSyntaxError, _split_weight

__all__ = ["MAX_OMAHA_COMBOS", "OmahaRange", "parse_omaha_range"]

#: Most combos a range may hold (6-card ``random`` has 20,358,520: too many to list).
MAX_OMAHA_COMBOS = 3_000_000
_SUITS = "cdhs"  # suit index = code % 4
_SLOT = re.compile(r"([2-9TJQKA])([shdc])?|([xX*])", re.IGNORECASE | re.ASCII)
_QUALIFIERS = (("rainbow", "r"), ("ds", "ds"), ("ss", "ss"), ("r", "r"))
_HELP = ("a pattern of one slot per hole card: a rank (2-9, T, J, Q, K, A), x or * for any card, or a card "
         "such as As; then optionally ds, ss or r (rainbow) and :weight, e.g. AAxx, AKQJ ds, AsAh**, KKxx:0.5")


@dataclass(frozen=True, eq=False)
class OmahaRange:
    """Weighted Omaha combos (build with :func:`parse_omaha_range`).

    Attributes
    ----------
    text : str
        The notation it was parsed from.
    cards : int
        Hole cards per combo: 4, 5 or 6.
    holes : ndarray of uint8, shape (n, cards)
        One combo a row, card codes in ascending order.
    masks : ndarray of uint64, shape (n,)
        Each combo as a 52-bit card mask (bit ``code``).
    weights : ndarray of float64, shape (n,)
        Each combo's weight in ``(0, 1]``.
    """

    text: str
    cards: int
    holes: np.ndarray
    masks: np.ndarray
    weights: np.ndarray

    def __len__(self) -> int:
        return int(self.holes.shape[0])

    def remove(self, mask: int) -> OmahaRange:
        """The combos that hold none of the cards of the 52-bit ``mask``; EmptyRangeError if none is left.

        >>> len(parse_omaha_range("AAxx").remove(1 << 51))  # without the ace of spades
        3432
        """
        keep = (self.masks & np.uint64(mask)) == 0
        if not keep.any():
            raise EmptyRangeError(f"Omaha range {cut(self.text)} has no combo left once the known cards are removed")
        return OmahaRange(self.text, self.cards, self.holes[keep], self.masks[keep], self.weights[keep])

    def __str__(self) -> str:
        return self.text


def _split_qualifier(body: str) -> tuple[str, str | None]:
    """The pattern and its qualifier (``"r"``, ``"ds"``, ``"ss"`` or None)."""
    low = body.lower()
    for word, name in _QUALIFIERS:
        if low.endswith(word) and len(low) > len(word):
            rest = body[:-len(word)]
            if _slots(rest) is not None:
                return rest, name
    return body, None


def _slots(pattern: str) -> list[tuple[int | None, int | None]] | None:
    """Each slot as (rank index or None, suit index or None), or None when the text is not slots."""
    out: list[tuple[int | None, int | None]] = []
    pos = 0
    while pos < len(pattern):
        m = _SLOT.match(pattern, pos)
        if not m:
            return None
        if m.group(3):
            out.append((None, None))
        else:
            suit = m.group(2)
            if suit is not None and suit != suit.lower():
                return None
            out.append((RANKS.index(m.group(1).upper()), None if suit is None else _SUITS.index(suit)))
        pos = m.end()
    return out


def _all(k: int) -> np.ndarray:
    if comb(52, k) > MAX_OMAHA_COMBOS:
        raise RangeSyntaxError(f"random {k}-card Omaha has {comb(52, k):,} combos, more than the "
                               f"{MAX_OMAHA_COMBOS:,} a range may hold; name the hands (e.g. AAxxxx) instead")
    return np.fromiter((c for h in combinations(range(52), k) for c in h), dtype=np.uint8).reshape(-1, k)


@lru_cache(maxsize=64)
def _expand(pattern: str, k: int, part: str) -> np.ndarray:
    """The combos of one pattern (no qualifier, no weight), ascending codes a row, without repeats."""
    slots = _slots(pattern)
    if slots is None:
        bad = next((ch for ch in pattern if not (ch.isascii() and (ch.isalnum() or ch == "*"))), None)
        why = f"{bad!r} is not part of the notation" if bad else "it is not a pattern of slots"
        raise RangeSyntaxError(f"range part {cut(part)}: {why}; expected {_HELP}")
    if len(slots) != k:
        raise RangeSyntaxError(f"range part {cut(part)} has {len(slots)} slots; this range's hands have {k} cards "
                               f"(every part needs one slot per hole card: {_HELP})")
    fixed = [s for s in slots if s[0] is not None]
    wild = k - len(fixed)
    choices = [[s[0] * 4 + s[1]] if s[1] is not None else [s[0] * 4 + u for u in range(4)]
               for s in fixed if s[0] is not None]
    exact = [c[0] for c, s in zip(choices, fixed) if s[1] is not None]
    if len(set(exact)) != len(exact):
        raise RangeSyntaxError(f"range part {cut(part)} names a card twice: a hand holds each card once")
    heads = {tuple(sorted(p)) for p in product(*choices) if len(set(p)) == len(p)}
    if not heads:
        raise RangeSyntaxError(f"range part {cut(part)} matches no hand (a rank has four cards)")
    if wild and len(heads) * comb(52 - len(fixed), wild) > 4 * MAX_OMAHA_COMBOS:
        raise RangeSyntaxError(f"range part {cut(part)} holds more than {MAX_OMAHA_COMBOS:,} combos; "
                               "name more ranks")
    rows = []
    for head in heads:
        if not wild:
            rows.append(np.array([head], dtype=np.uint8))
            continue
        rest = np.array([c for c in range(52) if c not in head], dtype=np.uint8)
        tails = np.fromiter((c for t in combinations(range(len(rest)), wild) for c in t), dtype=np.int64)
        block = np.empty((comb(len(rest), wild), k), dtype=np.uint8)
        block[:, :len(head)] = head
        block[:, len(head):] = rest[tails.reshape(-1, wild)]
        rows.append(block)
    holes = np.sort(np.concatenate(rows), axis=1)
    _, first = np.unique(_masks(holes), return_index=True)
    return holes[np.sort(first)]


def _masks(holes: np.ndarray) -> np.ndarray:
    return np.asarray(np.bitwise_or.reduce(np.left_shift(np.uint64(1), holes.astype(np.uint64)), axis=1))


def _suited_groups(holes: np.ndarray) -> np.ndarray:
    """Suits held by two or more cards, per row."""
    counts = np.stack([(holes % 4 == s).sum(axis=1) for s in range(4)], axis=1)
    return np.asarray((counts >= 2).sum(axis=1))


def _qualify(holes: np.ndarray, qualifier: str | None, k: int, part: str) -> np.ndarray:
    if qualifier is None:
        return holes
    if qualifier == "r" and k > 4:
        raise RangeSyntaxError(f"range part {cut(part)}: a {k}-card hand cannot be rainbow (four suits); "
                               "use r only with 4 cards")
    groups = _suited_groups(holes)
    want = {"r": 0, "ss": 1, "ds": 2}[qualifier]
    return np.asarray(holes[groups == want])


def parse_omaha_range(text: str, cards: int | None = None) -> OmahaRange:
    """Parse an Omaha range such as ``"AAxx ds, KKQQ, AsKs**:0.5"`` (see the module docs).

    Parameters
    ----------
    text : str
        Comma-separated parts; each a pattern of slots with an optional
        suit qualifier and weight, or ``random``.
    cards : {4, 5, 6}, optional
        Hole cards per hand; by default the slot count of the first pattern
        (4 when the range is only ``random``).

    Returns
    -------
    OmahaRange

    Raises
    ------
    RangeSyntaxError
        A part that is not a pattern (the message names it and says what
        is allowed), a slot count other than ``cards``, a qualifier a hand
        cannot have, or more than :data:`MAX_OMAHA_COMBOS` combos.
    EmptyRangeError
        No part matches a hand.

    Examples
    --------
    >>> r = parse_omaha_range("AKQJ ds, AAxx:0.25")
    >>> len(r), sorted(set(r.weights.tolist()))
    (6997, [0.25, 1.0])
    >>> len(parse_omaha_range("AAxxx")), parse_omaha_range("random").cards
    (108336, 4)
    >>> parse_omaha_range("AAx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokercore.equity._holdem_ranges.RangeSyntaxError: range part 'AAx' has 3 slots; this range's hands have 4 cards ...
    """
    if not isinstance(text, str):
        raise RangeSyntaxError(f"an Omaha range must be a string, got {type(text).__name__}")
    if len(text) > MAX_RANGE_LENGTH:
        raise RangeSyntaxError(f"a range is at most {MAX_RANGE_LENGTH:,} characters, got {len(text):,}")
    if cards is not None and (isinstance(cards, bool) or cards not in (4, 5, 6)):
        raise RangeSyntaxError(f"Omaha hands have 4, 5 or 6 cards, got {cut(cards)}")
    parts = []
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            continue
        body, weight = _split_weight(part)
        body = body.replace(" ", "")
        if not body.isascii():
            ch = next(c for c in body if not c.isascii())
            raise RangeSyntaxError(f"range part {cut(part)}: {ch!r} is not part of the notation, which is "
                                   f"ASCII; expected {_HELP}")
        pattern, qualifier = _split_qualifier(body)
        if cards is None and pattern.lower() not in ("random", "any"):
            slots = _slots(pattern)
            cards = len(slots) if slots is not None and 4 <= len(slots) <= 6 else 4
        parts.append((pattern, qualifier, weight, part))
    k = cards or 4
    blocks, weights = [], []
    for pattern, qualifier, weight, part in parts:
        if pattern.lower() in ("random", "any"):
            pattern = "*" * k
        if pattern == "*" * k and qualifier is None:
            holes = _all(k)
        else:
            holes = _qualify(_expand(pattern, k, part), qualifier, k, part)
        if not len(holes):
            raise EmptyRangeError(f"range part {cut(part)} matches no {k}-card hand")
        blocks.append(holes)
        weights.append(np.full(len(holes), weight))
    if not blocks:
        raise EmptyRangeError("an empty Omaha range: name at least one hand, e.g. AAxx")
    holes = np.concatenate(blocks)
    w = np.concatenate(weights)
    masks = _masks(holes)
    # The last mention of a combo wins: keep the last occurrence of each mask.
    _, last_rev = np.unique(masks[::-1], return_index=True)
    keep = np.sort(len(masks) - 1 - last_rev)
    if len(keep) > MAX_OMAHA_COMBOS:
        raise RangeSyntaxError(f"Omaha range {cut(text)} holds {len(keep):,} combos, more than "
                               f"{MAX_OMAHA_COMBOS:,}; name fewer hands")
    if not all(math.isfinite(x) for x in (float(w.min()), float(w.max()))):
        raise RangeSyntaxError(f"Omaha range {cut(text)}: a weight is not a number")
    return OmahaRange(text.strip(), k, np.ascontiguousarray(holes[keep]), masks[keep], w[keep])
