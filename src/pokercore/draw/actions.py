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

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import NamedTuple, Union, overload

from ..cards import format_cards, parse_cards

__all__ = [
    "Action", "Event", "DrawChoices", "draw_action",
    "FOLD", "CHECK", "STAND_PAT", "KINDS", "BETTING_KINDS",
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


def draw_action(cards: Union[str, Sequence[int]] = ()) -> Action:
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
    def __getitem__(self, index: Union[int, slice]) -> Union[Action, Sequence[Action]]:
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
    street : str
        ``"ante"``, ``"bet1"``, ``"draw"`` or ``"bet2"``.
    seat : int
        The seat that acted.
    kind : str
        ``"ante"`` or an action kind.
    amount : int
        Chips moved into the pot.
    drawn : int
        Cards exchanged (draw events); which cards stays private.
    """

    street: str
    seat: int
    kind: str
    amount: int = 0
    drawn: int = 0
