"""Read-only views of a :class:`~pokercore.holdem._engine.HoldemState` (the dealer's view).

:class:`StateView` is a mixin: properties that copy the engine's internal
lists into tuples, so reading the state can never change it.

>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3, ante=1), button=0, seed=5)
>>> s.pot, s.stacks, s.committed, s.bets, s.street
(6, (199, 198, 197), (1, 2, 3), (0, 1, 2), 'preflop')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import format_cards
from ..pots import Pot
from ._actions import Event
from ._config import STREET_NAMES
from ._showdown import hand_pots

if TYPE_CHECKING:
    from ._config import HoldemConfig

__all__ = ["StateView"]



class StateView:
    """Properties of a hand in progress or finished."""

    __slots__ = ()
    if TYPE_CHECKING:
        _cfg: HoldemConfig
        _n: int
        _button: int
        _hand_number: int
        _street: int
        _actor: int | None
        _start: tuple[int, ...]
        _stacks: list[int]
        _bets: list[int]
        _committed: list[int]
        _payouts: tuple[int, ...] | None
        _live: list[bool]
        _dealt: tuple[bool, ...]
        _holes: list[tuple[int, ...]]
        _board: list[int]
        _order: tuple[int, ...]
        _sb: int
        _bb: int
        _current: int
        _min_bet: int
        _size: int
        _dead: int
        _events: list[Event]
        _log: list[tuple[Any, ...]]
        _revealed: dict[int, tuple[int, ...]]
        _mucked: list[int]
        _acted: list[bool]
        _level_at: list[int]
        _raise_size: int
        _count: int
        _aggressor: int | None
        _ranks: dict[int, int]
        _forced: tuple[int, ...]
        _deck: list[int]

    @property
    def config(self) -> HoldemConfig:
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
        """All 52 card codes in dealing order: the hole cards seat by seat from the left of the button, then the board.

        The dealer's view, cards still to come included: never show it to a player.
        """
        return tuple(self._deck)

    @property
    def hand_number(self) -> int:
        """Number of the hand in its game."""
        return self._hand_number

    @property
    def street(self) -> str:
        """The :class:`~pokercore.holdem.Street`: ``"preflop"``, ``"flop"``, ``"turn"``, ``"river"`` or ``"over"``."""
        return STREET_NAMES[self._street]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (pots paid)."""
        return self._payouts is not None

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return self._actor

    @property
    def order(self) -> tuple[int, ...]:
        """Seats dealt in, from the first left of the button to the button."""
        return self._order

    @property
    def small_blind_seat(self) -> int:
        """The seat that posted the small blind (the button when heads-up)."""
        return self._sb

    @property
    def big_blind_seat(self) -> int:
        """The seat that posted the big blind."""
        return self._bb

    @property
    def forced_bets(self) -> tuple[int, ...]:
        """Blinds and straddles as posted, by position: small blind, big blind, then each straddle."""
        return self._forced

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Stacks before the antes and blinds."""
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
        """All chips in the middle (0 once paid out)."""
        return 0 if self._payouts is not None else sum(self._committed)

    @property
    def pots(self) -> list[Pot]:
        """Main pot and side pots built from what each seat put in."""
        folded = [not x for x in self._live]
        return hand_pots(self._committed, folded, self._dead, self._bb)

    @property
    def dead_money(self) -> int:
        """A big-blind ante (dead chips that go to the main pot), else 0."""
        return self._dead

    @property
    def dealt_in(self) -> tuple[bool, ...]:
        """Which seats were dealt into this hand (the others sit out)."""
        return self._dealt

    @property
    def live(self) -> tuple[bool, ...]:
        """Seats still holding cards (dealt in and not folded)."""
        return tuple(self._live)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats folded (seats sitting out did not fold)."""
        return tuple(d and not x for d, x in zip(self._dealt, self._live))

    @property
    def holes(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's hole cards: the dealer's view, never give it to an agent."""
        return tuple(self._holes)

    @property
    def board(self) -> tuple[int, ...]:
        """The community cards dealt so far."""
        return tuple(self._board)

    def format_hole(self, seat: int) -> str:
        """A seat's hole cards as text (the dealer's view)."""
        return format_cards(self._holes[seat]) if self._holes[seat] else ""

    @property
    def current_bet(self) -> int:
        """The bet to match in the current round (the full big blind preflop, even when it was posted short)."""
        return self._current

    @property
    def min_bet(self) -> int:
        """No-limit and pot-limit: the hand's minimum bet (a posted straddle raises it); fixed limit: the small bet."""
        return self._min_bet

    @property
    def bet_unit(self) -> int:
        """Fixed limit: the bet of this street; otherwise the hand's minimum bet."""
        return self._size

    @property
    def events(self) -> tuple[Event, ...]:
        """The public history of the hand (forced bets, actions, returns)."""
        return tuple(self._events)

    @property
    def log(self) -> tuple[tuple[Any, ...], ...]:
        """The full record (deals, actions, board, showdown, wins), used by histories."""
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
    def mucked(self) -> tuple[int, ...]:
        """Seats that mucked at the showdown."""
        return tuple(self._mucked)

    @property
    def ranks(self) -> dict[int, int]:
        """Hand ranks of the seats that reached the showdown (the dealer's view)."""
        return dict(self._ranks)

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, for equality checks in tests."""
        return (
            self._street, self._actor, tuple(self._stacks), tuple(self._committed), tuple(self._bets),
            tuple(self._live), tuple(self._holes), tuple(self._board), self._current, self._raise_size,
            self._count, tuple(self._acted), tuple(self._level_at), self._aggressor,
            tuple(self._events), tuple(self._log), self._payouts, tuple(self._revealed.items()),
            tuple(self._mucked),
        )

    def __repr__(self) -> str:
        board = format_cards(self._board) if self._board else "-"
        return (
            f"HoldemState({self._cfg.variant}, hand={self._hand_number}, street={str(self.street)!r}, "
            f"actor={self._actor}, board={board!r}, stacks={list(self._stacks)}, pot={self.pot})"
        )
