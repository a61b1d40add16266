"""What one seat may see: the :class:`Observation` handed to agents.

An observation is an immutable snapshot (a named tuple, built per decision)
of the public state plus the seat's own cards.  It never holds another seat's
hidden cards: the only foreign cards in it are hands shown at showdown
(``revealed``), and folded or mucked hands are never shown.

Examples
--------
>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=3, ante=1, small_bet=2), button=0, seed=7)
>>> obs = s.observe(1)
>>> obs.seat, obs.actor, obs.street, obs.pot, obs.to_call, obs.raises_left
(1, 1, 'bet1', 3, 0, 4)
>>> [str(a) for a in obs.legal_actions]
['check', 'bet 2']
>>> len(obs.hand), s.observe(2).legal_actions
(5, ())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import format_cards
from ..pots import Pot, build_pots
from ._actions import Action, Event
from ._config import DrawConfig
from ._street import Street

__all__ = ["Observation"]


class Observation(NamedTuple):
    """One seat's view of a hand at one moment.

    Attributes
    ----------
    seat : int
        The observing seat.
    config : DrawConfig
        The rules (ante, small and big bet, raise cap, all-in mode).
    hand_number, button : int
        Hand number in the game and the button seat.
    street : Street
        ``Street.BET1``, ``DRAW``, ``BET2`` or ``OVER``; a ``str`` equal to
        ``"bet1"``, ``"draw"``, ``"bet2"`` or ``"over"``.
    actor : int or None
        The seat to act (``None`` once the hand is over).
    hand : tuple of int
        The seat's own five cards (empty if it sits out).
    stacks, bets, committed : tuple of int
        Chips behind, bets of this betting round, and chips put in this hand,
        per seat.
    dealt_in, live : tuple of bool
        Seats dealt into the hand; seats still holding cards (not folded).
    current_bet, to_call, bet_size, raises_left : int
        Highest bet this round, what this seat must add to call, the fixed
        bet of this betting round, and bets plus raises still allowed this round.
    events : tuple of Event
        Public history: antes, actions and how many cards each seat drew.
    draw_counts : tuple of (int or None)
        Cards each seat exchanged (``None`` before it drew).
    revealed : dict
        Hands shown at showdown, seat -> cards (empty before the showdown).
    payouts : tuple of int or None
        Chips each seat won, once the hand is over.
    legal_actions : sequence of Action
        Exactly the actions this seat may take now (empty unless it is the
        actor).  A draw offers a lazy sequence of all 26 discards.
    """

    seat: int
    config: DrawConfig
    hand_number: int
    button: int
    street: Street
    actor: int | None
    hand: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    dealt_in: tuple[bool, ...]
    live: tuple[bool, ...]
    current_bet: int
    to_call: int
    bet_size: int
    raises_left: int
    events: tuple[Event, ...]
    draw_counts: tuple[int | None, ...]
    revealed: dict[int, tuple[int, ...]]
    payouts: tuple[int, ...] | None
    legal_actions: Sequence[Action]

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.stacks)

    @property
    def pot(self) -> int:
        """Chips in the pot (antes and bets of both rounds; 0 once paid out)."""
        return 0 if self.payouts is not None else sum(self.committed)

    @property
    def pots(self) -> list[Pot]:
        """Main and side pots with the seats eligible for each."""
        return build_pots(self.committed, [not x for x in self.live])

    @property
    def opponents(self) -> tuple[int, ...]:
        """Other seats still in the hand, in seat order."""
        return tuple(i for i, x in enumerate(self.live) if x and i != self.seat)

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat must act now."""
        return self.actor == self.seat

    def __repr__(self) -> str:
        cards = format_cards(self.hand) if self.hand else "-"
        return (
            f"Observation(seat={self.seat}, street={str(self.street)!r}, hand={cards!r}, pot={self.pot}, "
            f"to_call={self.to_call}, legal={[str(a) for a in self.legal_actions]})"
        )
