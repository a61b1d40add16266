"""What one seat may see: the :class:`Observation` handed to agents.

An observation is an immutable snapshot (a named tuple, built per decision)
of the public state plus the seat's own hole cards.  It never holds another
seat's hidden cards: the only foreign cards in it are the hands shown at the
showdown (``revealed``); folded and mucked hands are never shown (a mucked
seat is listed in ``mucked``, its cards stay unknown).

Examples
--------
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=7)
>>> obs = s.observe(0)
>>> obs.seat, obs.actor, obs.street, obs.pot, obs.to_call, obs.small_blind_seat, obs.big_blind_seat
(0, 0, 'preflop', 3, 2, 1, 2)
>>> [str(a) for a in obs.legal_actions]
['fold', 'call (to 2)', 'raise to 4..200']
>>> len(obs.hole), obs.board, s.observe(1).legal_actions
(2, (), ())
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import format_cards
from ..pots import Pot
from ._actions import Event, LegalAction
from ._config import HoldemConfig
from ._showdown import hand_pots

__all__ = ["Observation"]


class Observation(NamedTuple):
    """One seat's view of a hand at one moment.

    Attributes
    ----------
    seat : int
        The observing seat.
    config : HoldemConfig
        The rules (variant, blinds, antes, limits), without the seed.
    hand_number, button : int
        Hand number in the game and the button seat.
    street : str
        A :class:`~pokercore.holdem.Street`: ``"preflop"``, ``"flop"``, ``"turn"``, ``"river"`` or ``"over"``.
    actor : int or None
        The seat to act (``None`` once the hand is over).
    hole : tuple of int
        The seat's own hole cards (empty if it was not dealt in).
    board : tuple of int
        The community cards dealt so far.
    stacks, bets, committed : tuple of int
        Chips behind, bets of this betting round, and chips put in this hand
        (antes included), per seat.
    dealt_in, live : tuple of bool
        Seats dealt into the hand; seats still holding cards (not folded).
    order : tuple of int
        Seats dealt in, from the first left of the button to the button.
    small_blind_seat, big_blind_seat : int
        Who posted the blinds (heads-up the button posts the small blind).
    current_bet, to_call : int
        The bet to match this round and what this seat must add to call it.
    bet_unit : int
        Fixed limit: the bet size of this street; otherwise the minimum bet.
    dead_money : int
        A big-blind ante (dead chips in the main pot), else 0.
    events : tuple of Event
        Public history: forced bets, actions, uncalled bets returned.
    revealed : dict
        Hands shown at the showdown, seat -> hole cards, in the order shown.
    mucked : tuple of int
        Seats that reached the showdown and mucked (their cards stay hidden).
    payouts : tuple of int or None
        Chips each seat won from the pots, once the hand is over.
    legal_actions : tuple of LegalAction
        What this seat may do now with the "to" amounts allowed (empty
        unless it is the actor).
    """

    seat: int
    config: HoldemConfig
    hand_number: int
    button: int
    street: str
    actor: int | None
    hole: tuple[int, ...]
    board: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    dealt_in: tuple[bool, ...]
    live: tuple[bool, ...]
    order: tuple[int, ...]
    small_blind_seat: int
    big_blind_seat: int
    current_bet: int
    to_call: int
    bet_unit: int
    dead_money: int
    events: tuple[Event, ...]
    revealed: dict[int, tuple[int, ...]]
    mucked: tuple[int, ...]
    payouts: tuple[int, ...] | None
    legal_actions: tuple[LegalAction, ...]

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.stacks)

    @property
    def pot(self) -> int:
        """Chips in the middle (every bet and ante; 0 once paid out)."""
        return 0 if self.payouts is not None else sum(self.committed)

    @property
    def pots(self) -> list[Pot]:
        """Main and side pots with the seats eligible for each."""
        folded = [not x for x in self.live]
        return hand_pots(self.committed, folded, self.dead_money, self.big_blind_seat)

    @property
    def opponents(self) -> tuple[int, ...]:
        """Other seats still in the hand, in seat order."""
        return tuple(i for i, x in enumerate(self.live) if x and i != self.seat)

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Seats still in the hand with no chips behind."""
        return tuple(x and s == 0 for x, s in zip(self.live, self.stacks))

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat must act now."""
        return self.actor == self.seat

    def legal(self, kind: str) -> LegalAction | None:
        """The :class:`LegalAction` of ``kind`` if allowed now, else None.

        >>> from pokercore.holdem import HoldemConfig
        >>> from pokercore.holdem import HoldemState
        >>> obs = HoldemState(HoldemConfig("nl", players=2), seed=1).observe(0)
        >>> obs.legal("raise"), obs.legal("check")
        (LegalAction(kind='raise', min_amount=4, max_amount=200), None)
        """
        for a in self.legal_actions:
            if a.kind == kind:
                return a
        return None

    def __repr__(self) -> str:
        hole = format_cards(self.hole) if self.hole else "-"
        board = format_cards(self.board) if self.board else "-"
        return (
            f"Observation(seat={self.seat}, street={str(self.street)!r}, hole={hole!r}, board={board!r}, "
            f"pot={self.pot}, to_call={self.to_call}, legal={[str(a) for a in self.legal_actions]})"
        )
