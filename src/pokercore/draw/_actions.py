"""Actions and public events of five-card draw.

An :class:`Action` is a small immutable value: ``kind`` is one of
``"fold" "check" "call" "bet" "raise" "draw"``, ``amount`` is the number of
chips the action moves from the player's stack into the pot (0 for fold,
check and draw) and ``cards`` the discarded cards of a draw (empty when the
player stands pat).  Actions compare by value, so an agent may return one of
``observation.legal_actions`` or build an equal one.

Examples
--------
>>> Action("call", 2)
Action(kind='call', amount=2, cards=())
>>> draw_action("Kd 7h")
Action(kind='draw', amount=0, cards=(45, 22))
>>> print(draw_action([45, 22]))
draw Kd 7h
>>> Action("bet", 2) in (Action("check"), Action("bet", 2))
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any, NamedTuple, SupportsIndex, cast, overload

import numpy as np

from ..cards import format_cards, parse_cards
from ._config import MAX_DISCARD
from ._errors import IllegalActionError
from ._street import Street

__all__ = [
    "BETTING_KINDS",
    "CHECK",
    "FOLD",
    "KINDS",
    "STAND_PAT",
    "Action",
    "DrawChoices",
    "Event",
    "draw_action",
    "read_action",
    "read_cards",
]

#: Every action kind, betting kinds first.
KINDS = ("fold", "check", "call", "bet", "raise", "draw")
BETTING_KINDS = frozenset(KINDS[:5])


class Action(NamedTuple):
    """One player decision.

    Attributes
    ----------
    kind : str
        ``"fold"``, ``"check"``, ``"call"``, ``"bet"``, ``"raise"`` or ``"draw"``.
    amount : int
        Chips this action puts into the pot (call, bet, raise); 0 otherwise.
    cards : tuple of int
        Cards discarded by a draw (card codes); empty for standing pat.
    """

    kind: str
    amount: int = 0
    cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind == "draw":
            return f"draw {format_cards(self.cards)}" if self.cards else "draw (stand pat)"
        if self.kind in ("call", "bet", "raise"):
            return f"{self.kind} {self.amount}"
        return self.kind


FOLD = Action("fold")
CHECK = Action("check")
#: Drawing no cards.
STAND_PAT = Action("draw")


def draw_action(cards: str | Sequence[int] = ()) -> Action:
    """The draw action discarding ``cards`` (a card string or codes).

    >>> draw_action() == STAND_PAT
    True
    """
    if isinstance(cards, str):
        codes = tuple(parse_cards(cards, allow_duplicates=True)) if cards.strip() else ()
    else:
        codes = tuple(cards)
    return Action("draw", 0, codes)


_DRAW_COMBOS: tuple[tuple[int, ...], ...] = tuple(
    c for r in range(4) for c in combinations(range(5), r)
)


class DrawChoices(Sequence[Action]):
    """The legal draws of one five-card hand: stand pat, or discard 1, 2 or 3 cards.

    A lazy, read-only sequence of 26 :class:`Action` objects (1 + 5 + 10 +
    10), built only when indexed, so offering them costs nothing.

    >>> choices = DrawChoices((0, 4, 8, 12, 51))
    >>> len(choices), choices[0] == STAND_PAT
    (26, True)
    >>> print(choices[1]), print(choices[25])
    draw 2c
    draw 4c 5c As
    (None, None)
    >>> draw_action("As") in choices, draw_action("Ks") in choices
    (True, False)
    """

    __slots__ = ("_hand",)

    def __init__(self, hand: Sequence[int]) -> None:
        self._hand = tuple(hand)

    def __len__(self) -> int:
        return len(_DRAW_COMBOS)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        h = self._hand
        return Action("draw", 0, tuple(h[i] for i in _DRAW_COMBOS[index]))

    def __iter__(self) -> Iterator[Action]:
        h = self._hand
        for combo in _DRAW_COMBOS:
            yield Action("draw", 0, tuple(h[i] for i in combo))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, tuple) or len(action) != 3:
            return False
        kind, amount, cards = action
        if kind != "draw" or amount != 0 or not isinstance(cards, tuple) or len(cards) > 3:
            return False
        hand = self._hand
        return len(set(cards)) == len(cards) and all(type(c) is int and c in hand for c in cards)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DrawChoices):
            return self._hand == other._hand
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._hand)

    def __repr__(self) -> str:
        return f"DrawChoices({format_cards(self._hand) if self._hand else ''!r})"


class Event(NamedTuple):
    """One public event of a hand, as every player sees it.

    Attributes
    ----------
    street : Street
        ``Street.ANTE``, ``BET1``, ``DRAW`` or ``BET2`` (a ``str``: ``"ante"``, ``"bet1"`` ...).
    seat : int
        The seat that acted.
    kind : str
        ``"ante"`` or an action kind.
    amount : int
        Chips moved into the pot.
    drawn : int
        Cards exchanged (draw events); which cards stays private.
    """

    street: Street
    seat: int
    kind: str
    amount: int = 0
    drawn: int = 0


# ---------------------------------------------------------------- reading answers
# Whatever an agent (or a caller of ``act``) hands over is read with the
# built-in types' own methods, never the object's: a tuple subclass whose
# ``__eq__`` says yes to everything, a mock that pretends to be an Action, an
# int subclass that equals every card or an endless iterator is turned into
# exact ``str``/``int``/``tuple`` values (or refused) before any check runs.

_INTS = (int, np.integer)
_BOOLS = (bool, np.bool_)
_MAX_CARD_TEXT = 64


def describe(value: object, limit: int = 80, _depth: int = 0) -> str:
    """A short ``repr`` for error messages that never runs a foreign ``__repr__``.

    >>> describe(("bet", 2.0, ()))
    "('bet', 2.0, ())"
    >>> describe(object()), describe("x" * 200)[-5:]
    ('<object>', 'xx...')
    """
    t = type(value)
    if t in (str, int, float, bool, type(None)) or (issubclass(t, np.generic) and t.__module__ == "numpy"):
        text = repr(value)
    elif t is Action or t is tuple or t is list:
        # The unbound methods skip a subclass's overrides; the casts say what t (not value) was checked to be.
        items: Sequence[Any]
        if t is list:
            items = list.__getitem__(cast("list[Any]", value), slice(4))
        else:
            items = tuple.__getitem__(cast("tuple[Any, ...]", value), slice(4))
        size = len(cast("list[Any] | tuple[Any, ...]", value))
        inner = ", ".join("..." if _depth > 2 else describe(v, limit, _depth + 1) for v in items)
        inner += ", ..." if size > 4 else ("," if size == 1 and t is tuple else "")
        text = f"Action({inner})" if t is Action else (f"[{inner}]" if t is list else f"({inner})")
    else:
        text = f"<{t.__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole_number(value: object) -> int | None:
    """``value`` as an exact ``int`` if it is an integer (not a bool), else None.

    >>> whole_number(np.int8(3)), whole_number(2.0), whole_number(True)
    (3, None, None)
    """
    t = type(value)
    if not issubclass(t, _INTS) or issubclass(t, _BOOLS):
        return None
    try:
        # exact int; ignores an int subclass's overrides (t, not value, was checked: hence the cast)
        return operator.index(cast(SupportsIndex, value))
    except Exception:  # a broken numpy subclass
        return None


def read_cards(cards: object, who: str, seat: int | None = None) -> str | tuple[int, ...]:
    """Cards as a plain ``str`` or a tuple of exact ``int`` codes (at most 52 of them).

    ``who`` starts every error message (e.g. ``"seat 2"``).

    >>> read_cards([np.int64(5), 7], "seat 0")
    (5, 7)
    >>> read_cards([1.0], "seat 0")
    Traceback (most recent call last):
    ...
    pokercore.draw._errors.IllegalActionError: seat 0: a card is an int code 0..51 or a card string, got float 1.0
    """
    t = type(cards)
    # The unbound methods skip a subclass's overrides; the casts say what t (not cards) was checked to be.
    if issubclass(t, str):
        text = str.__str__(cast(str, cards))
        if len(text) > _MAX_CARD_TEXT:
            raise IllegalActionError(f"{who}: {describe(text)} is too long to be cards to draw", seat=seat)
        return text
    if issubclass(t, tuple):
        raw: Sequence[Any] = tuple.__getitem__(cast("tuple[Any, ...]", cards), slice(None))
    elif issubclass(t, list):
        raw = list.__getitem__(cast("list[Any]", cards), slice(None))
    elif issubclass(t, np.ndarray):
        array = cast("np.ndarray", cards)
        if np.ndarray.ndim.__get__(array) != 1 or np.ndarray.size.__get__(array) > 52:
            raise IllegalActionError(f"{who}: cards to draw are a flat list of card codes, got an array", seat=seat)
        raw = np.ndarray.tolist(array)
    else:
        raise IllegalActionError(
            f"{who}: cards to draw are a tuple of card codes or a card string, got {describe(cards)}", seat=seat
        )
    if len(raw) > 52:
        raise IllegalActionError(f"{who}: cannot draw {len(raw)} cards: at most {MAX_DISCARD}", seat=seat)
    out = []
    for c in raw:
        code = whole_number(c)
        if code is None:
            raise IllegalActionError(
                f"{who}: a card is an int code 0..51 or a card string, got {type(c).__name__} {describe(c)}",
                seat=seat,
            )
        out.append(code)
    return tuple(out)


def read_action(action: object, who: str, seat: int | None = None) -> tuple[str, int | None, str | tuple[int, ...]]:
    """``(kind, amount, cards)`` of an :class:`Action` or equal tuple, as plain values.

    Nothing of ``action`` but its built-in parts is used: its own ``__eq__``,
    ``__iter__`` or attributes never run.  ``amount`` may be None (any
    amount).  Raises :class:`IllegalActionError` starting with ``who``.

    >>> read_action(Action("bet", np.int64(2)), "seat 1")
    ('bet', 2, ())
    >>> read_action("check", "seat 1")
    Traceback (most recent call last):
    ...
    pokercore.draw._errors.IllegalActionError: seat 1: not an action: 'check'; return one of
    observation.legal_actions or an Action(kind, amount, cards)
    """
    t = type(action)
    if issubclass(t, tuple):
        # The unbound methods skip a subclass's overrides; the casts say what t (not action) was checked to be.
        parts: Sequence[Any] = tuple.__getitem__(cast("tuple[Any, ...]", action), slice(None))
    elif issubclass(t, list):
        parts = list.__getitem__(cast("list[Any]", action), slice(None))
    else:
        parts = ()
    if len(parts) != 3:
        raise IllegalActionError(
            f"{who}: not an action: {describe(action)}; "
            "return one of observation.legal_actions or an Action(kind, amount, cards)",
            seat=seat,
        )
    kind, amount, cards = parts
    if not issubclass(type(kind), str) or str.__str__(kind) not in KINDS:
        raise IllegalActionError(
            f"{who}: unknown action kind {describe(kind)}: use fold, check, call, bet, raise or draw", seat=seat
        )
    kind = str.__str__(kind)
    if amount is not None:
        value = whole_number(amount)
        if value is None and issubclass(type(amount), (float, np.floating)):
            # Actions compare by value: Action("bet", 2.0) == Action("bet", 2), so 2.0 means 2 chips.
            number = float.__float__(amount) if issubclass(type(amount), float) else float(np.float64(amount))
            if number.is_integer():
                value = int(number)
        if value is None:
            raise IllegalActionError(
                f"{who}: an amount is a whole number of chips, got {type(amount).__name__} {describe(amount)}",
                seat=seat,
            )
        amount = value
    return kind, amount, read_cards(cards, who, seat)
