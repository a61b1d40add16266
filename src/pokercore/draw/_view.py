"""Read-only views of a :class:`~pokercore.draw.DrawState` (the dealer's view).

:class:`StateView` is a mixin: properties that copy the engine's internal
lists into tuples, so reading the state can never change it.

>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=3, ante=2), button=0, seed=5)
>>> s.pot, s.stacks, s.committed, s.dealt_in
(6, (198, 198, 198), (2, 2, 2), (True, True, True))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import format_cards
from ..pots import Pot, build_pots
from ._actions import Event
from ._street import Street

if TYPE_CHECKING:
    from ._config import DrawConfig

__all__ = ["StateView"]

_BETTING = (Street.BET1, Street.BET2)


class StateView:
    """Properties of a hand in progress or finished."""

    __slots__ = ()
    if TYPE_CHECKING:
        _cfg: DrawConfig
        _n: int
        _button: int
        _hand_number: int
        _street: Street
        _actor: int | None
        _start: tuple[int, ...]
        _stacks: list[int]
        _bets: list[int]
        _committed: list[int]
        _payouts: tuple[int, ...] | None
        _live: list[bool]
        _dealt: tuple[bool, ...]
        _hands: list[list[int]]
        _current: int
        _size: int
        _count: int
        _drawn: list[int | None]
        _events: list[Event]
        _log: list[tuple[Any, ...]]
        _revealed: dict[int, tuple[int, ...]]
        _pos: int
        _acted: list[bool]
        _reopen: list[bool]
        _aggressor: int | None
        _deck: list[int]

    @property
    def config(self) -> DrawConfig:
        """The rules of this hand."""
        return self._cfg

    @property
    def seats(self) -> int:
        """Number of seats at the table (playing or not)."""
        return self._n

    @property
    def button(self) -> int:
        """The button seat."""
        return self._button

    @property
    def deck(self) -> tuple[int, ...]:
        """All 52 card codes in dealing order: five per seat from the left of the button, then the draws'.

        The dealer's view, cards still to come included: never show it to a player.
        """
        return tuple(self._deck)

    @property
    def hand_number(self) -> int:
        """Number of the hand in its game."""
        return self._hand_number

    @property
    def street(self) -> Street:
        """Where the hand is: ``Street.BET1``, ``DRAW``, ``BET2`` or ``OVER`` (a ``str``: ``"bet1"`` ...)."""
        return self._street

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (pots paid)."""
        return self._street is Street.OVER

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return self._actor

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Stacks before the antes."""
        return self._start

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind of every seat now (after payouts once the hand is over)."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat bet in the current betting round."""
        return tuple(self._bets)

    @property
    def committed(self) -> tuple[int, ...]:
        """Chips each seat put into the pot this hand (antes included)."""
        return tuple(self._committed)

    @property
    def pot(self) -> int:
        """All chips in the pot (0 once paid out)."""
        return 0 if self._payouts is not None else sum(self._committed)

    @property
    def pots(self) -> list[Pot]:
        """Main pot and side pots built from what each seat committed."""
        return build_pots(self._committed, [not x for x in self._live])

    @property
    def dealt_in(self) -> tuple[bool, ...]:
        """Which seats were dealt into this hand (the others sit out)."""
        return self._dealt

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats folded (seats sitting out did not fold)."""
        return tuple(d and not x for d, x in zip(self._dealt, self._live))

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's current cards: the dealer's view, never give it to an agent."""
        return tuple(tuple(h) for h in self._hands)

    def format_hand(self, seat: int) -> str:
        """A seat's current cards as text (the dealer's view)."""
        return format_cards(self._hands[seat]) if self._hands[seat] else ""

    @property
    def current_bet(self) -> int:
        """Highest bet of the current betting round."""
        return self._current

    @property
    def bet_size(self) -> int:
        """Fixed bet of the current betting round (small bet, then big bet)."""
        return self._size

    @property
    def raises_left(self) -> int:
        """Bets and raises still allowed this betting round (the bet counts)."""
        return self._cfg.max_bets - self._count if self._street in _BETTING else 0

    @property
    def draw_counts(self) -> tuple[int | None, ...]:
        """Cards each seat exchanged (``None`` before it drew): public."""
        return tuple(self._drawn)

    @property
    def events(self) -> tuple[Event, ...]:
        """The public history of the hand (antes, actions, draw counts)."""
        return tuple(self._events)

    @property
    def log(self) -> tuple[tuple[Any, ...], ...]:
        """The full private record (deals, discards, showdown), used by histories."""
        return tuple(self._log)

    @property
    def payouts(self) -> tuple[int, ...] | None:
        """Chips each seat won from the pots, once the hand is over."""
        return self._payouts

    @property
    def revealed(self) -> dict[int, tuple[int, ...]]:
        """Hands shown at showdown, seat -> cards, in the order shown (mucked hands stay out)."""
        return dict(self._revealed)

    @property
    def deck_position(self) -> int:
        """Cards dealt from the deck so far."""
        return self._pos

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, for equality checks in tests."""
        return (
            self._street, self._actor, tuple(self._stacks), tuple(self._committed), tuple(self._bets),
            tuple(self._live), tuple(tuple(h) for h in self._hands), self._pos, self._current,
            self._count, tuple(self._acted), tuple(self._reopen), self._aggressor,
            tuple(self._events), tuple(self._log), tuple(self._drawn), self._payouts,
            tuple(self._revealed.items()),
        )

    def __repr__(self) -> str:
        return (
            f"DrawState(hand={self._hand_number}, street={str(self._street)!r}, actor={self._actor}, "
            f"stacks={list(self._stacks)}, pot={self.pot})"
        )

