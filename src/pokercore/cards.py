"""Cards: codes, parsing, formatting, numpy conversion and seeded dealing.

The card code contract
----------------------
A card is an ``int`` in ``0..51``: ``code = rank_index * 4 + suit_index``
with ranks ``2 3 4 5 6 7 8 9 T J Q K A`` -> ``0..12`` and suits
``c d h s`` -> ``0..3``.  So ``2c = 0``, ``2d = 1``, ``3c = 4`` and
``As = 51``.  ``code // 4`` is the rank index, ``code % 4`` the suit index.
Every pokercore function and array uses this encoding.

Text input is forgiving: ``"As Kd 7h"``, ``"AsKd7h"``, ``"as,kd,7h"``,
``"10h"``, ``"A♠ K♦"`` (with or without the U+FE0F variation selector).
Output is always the canonical two-character form (``"As Kd 7h"``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, SupportsIndex, TypeGuard, Union, cast

from .errors import (
    CardTypeError,
    DeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokercoreTypeError,
    cut,
)

__all__ = [
    "RANKS",
    "SUITS",
    "CardsLike",
    "Deck",
    "SeedLike",
    "array_to_cards",
    "card",
    "card_rank",
    "card_suit",
    "cards_to_array",
    "format_card",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
    "random_hands",
    "to_codes",
]

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

RANKS = "23456789TJQKA"
SUITS = "cdhs"
_SUIT_SYMBOLS = "♣♦♥♠"

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)}
_RANK_OF.update({ch.lower(): i for i, ch in enumerate(RANKS)})
_SUIT_OF = {ch: i for i, ch in enumerate(SUITS)}
_SUIT_OF.update({ch.upper(): i for i, ch in enumerate(SUITS)})
# Black and white (outline) suit symbols.
_SUIT_OF.update({ch: i for i, ch in enumerate("♣♦♥♠")})
_SUIT_OF.update({ch: i for i, ch in enumerate("♧♢♡♤")})
_VARIATION_SELECTORS = "\ufe0f\ufe0e"
_SEPARATORS = " \t\r\n,;[]()"

_NAMES = tuple(r + s for r in RANKS for s in SUITS)
_CODE_OF = {name: i for i, name in enumerate(_NAMES)}

#: The one type of "some cards" everywhere in pokercore: a string
#: (``"As Kd 7h"``), an iterable of card codes or card strings (a list, a
#: tuple, ``range``, numpy integers: anything with ``__index__`` but a bool),
#: or a 1-D integer numpy array.
CardsLike = Union[str, Iterable[SupportsIndex | str], "np.ndarray"]
SeedLike = Union[None, int, "np.random.SeedSequence", "np.random.Generator"]


# numpy is imported on first use (an import statement inside the function
# that needs it), not with pokercore: per-call evaluation never needs it and
# it would triple the import time.


def _is_array(obj: object) -> TypeGuard[np.ndarray]:
    """True if ``obj`` is a numpy array (False without importing numpy)."""
    np_ = sys.modules.get("numpy")
    return np_ is not None and isinstance(obj, np_.ndarray)


def _is_masked_array(obj: object) -> bool:
    """True if ``obj`` is a numpy masked array.

    Safe in any thread at any time: ``numpy.ma`` is imported by an import
    statement (which waits for another thread's import of it to finish),
    never looked up in ``sys.modules``, and only when ``obj`` is an array of
    a subclass (a plain array is never masked).

    >>> import numpy as np
    >>> _is_masked_array(np.ma.masked_array([1, 2])), _is_masked_array(np.array([1, 2])), _is_masked_array([1])
    (True, False, False)
    """
    if not _is_array(obj):
        return False
    import numpy as np

    if type(obj) is np.ndarray:
        return False
    from numpy.ma import MaskedArray

    return isinstance(obj, MaskedArray)


def card(rank: int | str, suit: int | str) -> int:
    """Return the code of the card with this rank and suit.

    Parameters
    ----------
    rank : int or str
        Rank index ``0..12`` or rank character (``"2"``..``"A"``, ``"10"``).
    suit : int or str
        Suit index ``0..3`` or suit character (``"c"``, ``"d"``, ``"h"``, ``"s"``).

    Examples
    --------
    >>> card("A", "s"), card(0, 0), card("10", "h")
    (51, 0, 34)
    """
    if isinstance(rank, str):
        r = 8 if rank == "10" else _RANK_OF.get(rank)
        if r is None:
            raise InvalidCardError(f"unknown rank {cut(rank)}: use one of 2-9, T (or 10), J, Q, K, A")
    else:
        r = _index(rank, "rank")
        if not 0 <= r <= 12:
            raise InvalidCardError(f"rank index {r} is out of range 0..12")
    if isinstance(suit, str):
        s = _SUIT_OF.get(suit)
        if s is None:
            raise InvalidCardError(f"unknown suit {cut(suit)}: use one of c, d, h, s")
    else:
        s = _index(suit, "suit")
        if not 0 <= s <= 3:
            raise InvalidCardError(f"suit index {s} is out of range 0..3")
    return r * 4 + s


def card_rank(code: int) -> int:
    """Rank index ``0..12`` (deuce..ace) of a card code.

    >>> card_rank(51)
    12
    """
    return _check_code(code) >> 2


def card_suit(code: int) -> int:
    """Suit index ``0..3`` (clubs, diamonds, hearts, spades) of a card code.

    >>> card_suit(51)
    3
    """
    return _check_code(code) & 3


def _index(value: object, what: str) -> int:
    """``value`` as an int by the ``__index__`` protocol; a bool (or an ``__index__`` giving one) is refused."""
    if type(value) is int:
        return value
    np_ = sys.modules.get("numpy")
    if isinstance(value, bool) or (np_ is not None and isinstance(value, np_.bool_)):
        raise CardTypeError(f"{what} must be an integer, got bool {value!r}")
    index = getattr(type(value), "__index__", None)
    if index is None:
        raise CardTypeError(
            f"{what} must be an integer or a card string, got {type(value).__name__} {cut(value)}"
        )
    # Called directly rather than by operator.index, which passes a bool (or
    # another int subclass) from __index__ on with only a DeprecationWarning.
    try:
        result = index(value)
    except TypeError as exc:
        raise CardTypeError(f"{what} must be an integer: {type(value).__name__}.__index__ failed: {cut(exc)}") from None
    if type(result) is not int:
        if isinstance(result, int) and not isinstance(result, bool):
            return int(result)
        raise CardTypeError(
            f"{what} must be an integer: {type(value).__name__}.__index__ returned "
            f"{type(result).__name__} {cut(result)}"
        )
    return result


def _check_code(code: object) -> int:
    """Return ``code`` as an int after checking it is a card code 0..51.

    >>> _check_code(7)
    7
    """
    c = _index(code, "card code")
    if not 0 <= c <= 51:
        raise InvalidCardError(f"card code {c} is out of range 0..51 (2c = 0 ... As = 51)")
    return c


def _parse_chunk(chunk: str, out: list[int], text: str) -> None:
    """Parse concatenated cards such as ``AsKd10h`` into ``out``."""
    i, n = 0, len(chunk)
    while i < n:
        start = i
        rank: int | None
        if chunk.startswith("10", i):
            rank = 8
            i += 2
        else:
            rank = _RANK_OF.get(chunk[i])
            if rank is None:
                bad = chunk[i : i + 2]
                hint = "; '1' is not a rank, write 10 or T" if chunk[i] == "1" else ""
                raise InvalidCardError(
                    f"malformed card {cut(bad)} in {cut(text)}: rank must be one of 2-9, T (or 10), J, Q, K, A{hint}"
                )
            i += 1
        if i >= n:
            raise InvalidCardError(
                f"malformed card {cut(chunk[start:])} in {cut(text)}: missing suit (c, d, h, s or a suit symbol)"
            )
        suit = _SUIT_OF.get(chunk[i])
        if suit is None:
            raise InvalidCardError(
                f"malformed card {cut(chunk[start : i + 1])} in {cut(text)}: suit must be one of c, d, h, s "
                f"(or ♣ ♦ ♥ ♠)"
            )
        i += 1
        while i < n and chunk[i] in _VARIATION_SELECTORS:
            i += 1
        out.append(rank * 4 + suit)


def parse_cards(text: str, *, allow_duplicates: bool = False) -> list[int]:
    """Parse a string of cards into a list of card codes.

    Cards may be separated by spaces or commas, or written back to back.
    Ranks: ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A`` (any case);
    suits: ``c d h s`` (any case) or ``♣ ♦ ♥ ♠`` / ``♧ ♢ ♡ ♤``, optionally
    followed by the emoji variation selector U+FE0F.

    Parameters
    ----------
    text : str
        The cards.
    allow_duplicates : bool, default False
        Accept the same card more than once.

    Returns
    -------
    list of int
        Card codes in the order written.

    Raises
    ------
    InvalidCardError
        The string is empty or a card does not parse (the message names it).
    DuplicateCardError
        A card appears twice and ``allow_duplicates`` is false.

    Examples
    --------
    >>> parse_cards("As Kd 7h")
    [51, 45, 22]
    >>> parse_cards("AsKd10h") == parse_cards("as, kd, th") == parse_cards("A♠ K♦️ T♥")
    True
    """
    if not isinstance(text, str):
        raise CardTypeError(f"parse_cards expects a str, got {type(text).__name__}")
    out: list[int] = []
    chunk: list[str] = []
    for ch in text:
        if ch in _SEPARATORS:
            if chunk:
                _parse_chunk("".join(chunk), out, text)
                chunk = []
        else:
            chunk.append(ch)
    if chunk:
        _parse_chunk("".join(chunk), out, text)
    if not out:
        raise InvalidCardError(f"no cards in {cut(text)}: write cards like 'As Kd 7h'")
    if not allow_duplicates and len(set(out)) != len(out):
        _raise_duplicate(out)
    return out


def _raise_duplicate(codes: Sequence[int]) -> None:
    seen: set[int] = set()
    for c in codes:
        if c in seen:
            raise DuplicateCardError(f"duplicate card {_NAMES[c]} (code {c}): each card may appear once")
        seen.add(c)


def parse_card(text: str) -> int:
    """Parse exactly one card.

    >>> parse_card("Td"), parse_card("10d"), parse_card("2c")
    (33, 33, 0)
    """
    codes = parse_cards(text)
    if len(codes) != 1:
        raise HandSizeError(f"expected one card, got {len(codes)} in {cut(text)}")
    return codes[0]


def format_card(code: int, *, symbols: bool = False) -> str:
    """Canonical two-character name of a card code.

    >>> format_card(51), format_card(0), format_card(34, symbols=True)
    ('As', '2c', 'T♥')
    """
    c = _check_code(code)
    if symbols:
        return RANKS[c >> 2] + _SUIT_SYMBOLS[c & 3]
    return _NAMES[c]


def to_codes(cards: CardsLike) -> list[int]:
    """Card codes from any accepted form (string, codes, card strings, array).

    Codes are range-checked; duplicates are not checked here.

    >>> to_codes("As Kd"), to_codes([51, 45]), to_codes(["As", "Kd"])
    ([51, 45], [51, 45], [51, 45])
    """
    if isinstance(cards, str):
        return parse_cards(cards, allow_duplicates=True)
    if _is_array(cards):
        if _is_masked_array(cards):
            raise CardTypeError(
                "masked arrays are not supported (the mask would be ignored); "
                "pass cards.filled(...) or drop the masked cards"
            )
        if cards.ndim != 1:
            raise HandSizeError(f"expected a 1-D array of card codes, got shape {cards.shape}")
        if cards.dtype.kind not in "iu":
            raise CardTypeError(f"card array must have an integer dtype, got {cards.dtype}")
        return [_check_code(c) for c in cards.tolist()]
    if not isinstance(cards, Iterable) or isinstance(cards, (bytes, bytearray, Mapping)):
        raise CardTypeError(
            f"cards must be a string or a sequence of card codes, got {type(cards).__name__}"
        )
    out: list[int] = []
    for item in cards:
        if isinstance(item, str):
            out.append(parse_card(item))
        else:
            out.append(_check_code(item))
    return out


def format_cards(codes: CardsLike, *, symbols: bool = False, sep: str = " ") -> str:
    """Format cards as canonical two-character names joined by ``sep``.

    Parameters
    ----------
    codes : sequence of int, 1-D integer array or str
        The cards.
    symbols : bool, default False
        Print suits as ``♣ ♦ ♥ ♠`` instead of ``c d h s``.
    sep : str, default " "
        Separator between cards.

    Examples
    --------
    >>> format_cards([51, 45, 22])
    'As Kd 7h'
    >>> format_cards("10h as", symbols=True)
    'T♥ A♠'
    """
    if not isinstance(sep, str):
        raise PokercoreTypeError(f"format_cards: sep must be a str such as ' ' or ', ', got {type(sep).__name__}")
    return sep.join(format_card(c, symbols=symbols) for c in to_codes(codes))


def cards_to_array(cards: CardsLike | Sequence[CardsLike]) -> NDArray[np.uint8]:
    """Convert cards (or a list of equal-size hands) to a ``uint8`` array.

    A string or a flat sequence gives a 1-D array; a sequence of hands gives
    a 2-D ``(n_hands, n_cards)`` array ready for the batch evaluators.

    Examples
    --------
    >>> cards_to_array("As Kd")
    array([51, 45], dtype=uint8)
    >>> cards_to_array(["As Kd", "2c 3c"]).shape
    (2, 2)
    """
    import numpy as np

    if isinstance(cards, np.ndarray):
        if cards.ndim not in (1, 2):
            raise HandSizeError(f"expected a 1-D or 2-D card array, got shape {cards.shape}")
        if cards.dtype.kind not in "iu":
            raise CardTypeError(f"card array must have an integer dtype, got {cards.dtype}")
        if cards.size and (cards.min() < 0 or cards.max() > 51):
            raise InvalidCardError("card codes must be in 0..51 (2c = 0 ... As = 51)")
        return np.ascontiguousarray(cards, dtype=np.uint8)
    if not isinstance(cards, (str, Sequence)):
        raise CardTypeError(
            f"cards_to_array expects a string, a sequence of cards or of hands, or an array; "
            f"got {type(cards).__name__}"
        )
    if isinstance(cards, str) or not any(_is_hand(x) for x in cards):
        # No item is a whole hand, so every item is one card (a code or a card string).
        return np.asarray(to_codes(cast("Sequence[SupportsIndex | str]", cards)), dtype=np.uint8)
    rows = [to_codes(h) for h in cards]
    lengths = {len(r) for r in rows}
    if len(lengths) > 1:
        raise HandSizeError(f"hands must all have the same number of cards, got sizes {sorted(lengths)}")
    return np.asarray(rows, dtype=np.uint8).reshape(len(rows), -1)


def _is_hand(item: object) -> bool:
    """True if ``item`` is a whole hand rather than one card."""
    if isinstance(item, str):
        return len(parse_cards(item, allow_duplicates=True)) > 1
    return isinstance(item, Sequence) or _is_array(item)


def array_to_cards(array: NDArray[np.integer]) -> list[int] | list[list[int]]:
    """Convert a 1-D or 2-D card array back to (lists of) int codes.

    >>> array_to_cards(cards_to_array("As Kd"))
    [51, 45]
    """
    import numpy as np

    arr = np.asarray(array)
    if arr.dtype.kind not in "iu":
        raise CardTypeError(f"card array must have an integer dtype, got {arr.dtype}")
    if arr.ndim not in (1, 2):
        raise HandSizeError(f"expected a 1-D or 2-D card array, got shape {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise InvalidCardError("card codes must be in 0..51 (2c = 0 ... As = 51)")
    codes: list[int] | list[list[int]] = arr.astype(int).tolist()
    return codes


def full_deck() -> list[int]:
    """All 52 card codes in order (2c, 2d, 2h, 2s, 3c, ... As)."""
    return list(range(52))


def _generator(seed: SeedLike) -> np.random.Generator:
    import numpy as np

    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not (seed is None or isinstance(seed, (int, np.integer, np.random.SeedSequence))):
        raise PokercoreTypeError(
            f"seed must be None, an int, a SeedSequence or a Generator, got {type(seed).__name__} {cut(seed)}"
        )
    if seed is not None and not isinstance(seed, np.random.SeedSequence) and seed < 0:
        raise DeckError(f"seed must be >= 0, got {seed}")
    return np.random.default_rng(seed)


def _dead_cards(exclude: CardsLike | None) -> set[int]:
    if exclude is None:
        return set()
    return set(to_codes(exclude))


class Deck:
    """A shuffled 52-card deck dealt from the top, reproducible from a seed.

    Parameters
    ----------
    seed : int, SeedSequence, Generator or None
        Seed of the shuffle.  A ``Generator`` is used as is (and advanced).
    exclude : cards, optional
        Cards to leave out of the deck (dead or known cards).

    Examples
    --------
    >>> deck = Deck(seed=7)
    >>> hand = deck.deal(5)
    >>> len(hand), len(deck)
    (5, 47)
    >>> Deck(seed=7).deal(5) == hand
    True
    """

    def __init__(self, seed: SeedLike = None, *, exclude: CardsLike | None = None) -> None:
        import numpy as np

        self._rng = _generator(seed)
        dead = _dead_cards(exclude)
        cards = np.array([c for c in range(52) if c not in dead], dtype=np.int64)
        self._cards: list[int] = self._rng.permutation(cards).tolist()
        self._pos = 0

    def __len__(self) -> int:
        return len(self._cards) - self._pos

    def deal(self, n: int) -> list[int]:
        """Deal ``n`` cards from the top of the deck."""
        n = _index(n, "number of cards")
        if n < 0:
            raise DeckError(f"cannot deal a negative number of cards ({n})")
        if n > len(self):
            raise DeckError(f"cannot deal {n} cards: only {len(self)} left in the deck")
        out = self._cards[self._pos : self._pos + n]
        self._pos += n
        return out

    def deal_hands(self, n_hands: int, n_cards: int) -> list[list[int]]:
        """Deal ``n_hands`` hands of ``n_cards`` each, one hand at a time."""
        n_hands, n_cards = _index(n_hands, "number of hands"), _index(n_cards, "number of cards")
        if n_hands < 0 or n_cards < 0:
            raise DeckError(f"cannot deal {n_hands} hands of {n_cards} cards: counts must be >= 0")
        if n_hands * n_cards > len(self):
            raise DeckError(
                f"cannot deal {n_hands} hands of {n_cards}: only {len(self)} cards left"
            )
        return [self.deal(n_cards) for _ in range(n_hands)]

    @property
    def remaining(self) -> list[int]:
        """The undealt cards, top first."""
        return list(self._cards[self._pos :])

    def __repr__(self) -> str:
        """How many cards are left (the order stays hidden).

        >>> deck = Deck(seed=7)
        >>> _ = deck.deal(5)
        >>> deck
        <Deck: 47 of 52 cards left>
        """
        return f"<Deck: {len(self)} of {len(self._cards)} cards left>"


def random_hands(
    n: int, n_cards: int = 5, seed: SeedLike = None, *, exclude: CardsLike | None = None
) -> NDArray[np.uint8]:
    """``n`` random hands of distinct cards as an ``(n, n_cards)`` uint8 array.

    Each row is an independent draw without replacement from the deck
    (less ``exclude``); rows are independent of each other.  The same
    ``seed`` (with the same ``n``, ``n_cards`` and ``exclude``) gives the
    same array; a ``Generator`` is used as is and advanced.  Each row is a
    partial Fisher-Yates shuffle driven by ``n_cards`` uniform doubles of
    the generator (a compiled loop, so a million hands cost about as much as
    evaluating them).

    Examples
    --------
    >>> import numpy as np
    >>> hands = random_hands(1000, 5, seed=1)
    >>> hands.shape, hands.dtype.name
    ((1000, 5), 'uint8')
    >>> bool((np.sort(hands, axis=1)[:, 1:] != np.sort(hands, axis=1)[:, :-1]).all())
    True
    >>> bool((random_hands(1000, 5, seed=1) == hands).all())
    True
    """
    import numpy as np

    n = _index(n, "number of hands")
    n_cards = _index(n_cards, "number of cards")
    rng = _generator(seed)
    dead = _dead_cards(exclude)
    live = np.array([c for c in range(52) if c not in dead], dtype=np.uint8)
    size = len(live)
    if n < 0 or not 0 < n_cards <= size:
        raise DeckError(f"cannot draw {n} hands of {n_cards} cards from {size} cards")
    from ._deal import deal_rows

    out = np.empty((n, n_cards), dtype=np.uint8)
    chunk = 1 << 16
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        deal_rows(rng.random((m, n_cards)), live, out[start : start + m])
    return out
