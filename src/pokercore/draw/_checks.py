"""Checks of the draw engine: the ``verify_*`` and ``can_*`` halves of each action.

:class:`ActionChecks` is a mixin of :class:`~pokercore.draw.DrawState`; it
only reads the state.  ``verify_x`` raises
:class:`~pokercore.draw.IllegalActionError` with the reason an action is not
legal now (and returns what the action would do), ``can_x`` says yes or no.

>>> from pokercore.draw import DrawConfig, DrawState
>>> s = DrawState(DrawConfig(players=3), button=0, seed=1)
>>> s.actor, s.can_check(), s.can_fold(), s.can_bet(), s.can_raise()
(1, True, False, True, False)
>>> s.verify_check(seat=2)
Traceback (most recent call last):
...
pokercore.draw._errors.IllegalActionError: wrong player: it is seat 1's turn, not seat 2's (to check)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import format_cards, parse_cards
from ._actions import describe, read_cards, whole_number
from ._config import MAX_DISCARD
from ._errors import IllegalActionError
from ._street import Street

if TYPE_CHECKING:
    from ._config import DrawConfig

__all__ = ["ActionChecks"]

DRAW = Street.DRAW


class ActionChecks:
    """``verify_*`` / ``can_*`` for fold, check, call, bet, raise and draw."""

    __slots__ = ()
    if TYPE_CHECKING:
        _actor: int | None
        _n: int
        _street: Street
        _current: int
        _bets: list[int]
        _stacks: list[int]
        _hands: list[list[int]]
        _cfg: DrawConfig
        _count: int
        _reopen: list[bool]
        _size: int

        def _options(self, i: int) -> tuple[int, int, str | None, int]: ...

    def _turn(self, seat: int | None, what: str, betting: bool) -> int:
        i = self._actor
        if i is None:
            raise IllegalActionError("the hand is over: no more actions")
        if seat is not None:
            asked = whole_number(seat)
            if asked is None:
                raise IllegalActionError(
                    f"a seat is an int 0..{self._n - 1}, got {type(seat).__name__} {describe(seat)}", seat=i
                )
            if asked != i:
                if not 0 <= asked < self._n:
                    raise IllegalActionError(f"no seat {asked} at this table (seats 0..{self._n - 1})", seat=i)
                raise IllegalActionError(f"wrong player: it is seat {i}'s turn, not seat {asked}'s (to {what})", seat=i)
        if betting and self._street == DRAW:
            raise IllegalActionError(f"seat {i} cannot {what} now: it is the draw, choose cards to discard", seat=i)
        if not betting and self._street != DRAW:
            rnd = "first" if self._street == Street.BET1 else "second"
            raise IllegalActionError(f"seat {i} cannot draw now: it is the {rnd} betting round", seat=i)
        return i

    @staticmethod
    def _amount(i: int, kind: str, amount: int | None, need: int) -> None:
        if amount is None:
            return
        value = whole_number(amount)
        if value is None:
            raise IllegalActionError(
                f"seat {i}: an amount is a whole number of chips, got {type(amount).__name__} {describe(amount)}",
                seat=i,
            )
        if value != need:
            raise IllegalActionError(f"seat {i}: wrong amount: {kind} costs {need} chips now, not {value}", seat=i)

    def verify_fold(self, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` unless the seat to act (or ``seat``) may fold."""
        i = self._turn(seat, "fold", True)
        if self._current - self._bets[i] <= 0:
            raise IllegalActionError(f"seat {i} cannot fold: there is no bet to call, check instead", seat=i)

    def verify_check(self, seat: int | None = None) -> None:
        """Raise unless the seat to act may check (no bet to call)."""
        i = self._turn(seat, "check", True)
        to_call = self._current - self._bets[i]
        if to_call > 0:
            raise IllegalActionError(f"seat {i} cannot check: {to_call} to call (call, raise or fold)", seat=i)

    def verify_call(self, amount: int | None = None, seat: int | None = None) -> int:
        """Raise unless the seat to act may call; return the call's amount."""
        i = self._turn(seat, "call", True)
        to_call, call, _, _ = self._options(i)
        if to_call <= 0:
            raise IllegalActionError(f"seat {i} cannot call: there is no bet, check instead", seat=i)
        if call < 0:
            raise IllegalActionError(
                f"seat {i} cannot call {to_call} with {self._stacks[i]} chips (all-in mode is off)", seat=i
            )
        self._amount(i, "a call", amount, call)
        return call

    def _verify_aggressive(self, kind: str, amount: int | None, seat: int | None) -> int:
        i = self._turn(seat, kind, True)
        to_call, _, agg, agg_amount = self._options(i)
        if kind == "bet" and self._current > 0:
            raise IllegalActionError(f"seat {i} cannot bet: a bet of {self._current} is open, raise instead", seat=i)
        if kind == "raise" and self._current == 0:
            raise IllegalActionError(f"seat {i} cannot raise: there is no bet yet, bet instead", seat=i)
        if agg is None:
            s = self._stacks[i]
            if self._count >= self._cfg.max_bets:
                why = f"the cap of {self._cfg.max_bets} bets and raises this round is reached"
            elif not self._reopen[i]:
                why = "a short all-in did not reopen the betting, call or fold"
            elif s <= to_call or (not self._cfg.all_in and s < to_call + self._size):
                why = f"{s} chips are not enough"
            else:
                why = "no opponent has chips left to call"
            raise IllegalActionError(f"seat {i} cannot {kind}: {why}", seat=i)
        self._amount(i, f"a {kind}", amount, agg_amount)
        return agg_amount

    def verify_bet(self, amount: int | None = None, seat: int | None = None) -> int:
        """Raise unless the seat to act may bet; return the bet's amount."""
        return self._verify_aggressive("bet", amount, seat)

    def verify_raise(self, amount: int | None = None, seat: int | None = None) -> int:
        """Raise unless the seat to act may raise; return the chips the raise puts in."""
        return self._verify_aggressive("raise", amount, seat)

    def verify_draw(self, cards: str | Sequence[int] = (), seat: int | None = None) -> tuple[int, ...]:
        """Raise unless the seat to act may discard ``cards``; return them as codes."""
        i = self._turn(seat, "draw", False)
        read = read_cards(cards, f"seat {i}", i)
        if isinstance(read, str):
            try:
                codes = tuple(parse_cards(read, allow_duplicates=True)) if read.strip() else ()
            except ValueError as exc:
                raise IllegalActionError(f"seat {i} cannot draw {describe(read)}: {exc}", seat=i) from None
        else:
            codes = read
        if len(codes) > MAX_DISCARD:
            raise IllegalActionError(f"seat {i} cannot draw {len(codes)} cards: at most {MAX_DISCARD}", seat=i)
        hand = self._hands[i]
        for k, c in enumerate(codes):
            if c not in hand:
                shown = format_cards([c]) if 0 <= c < 52 else repr(c)
                raise IllegalActionError(
                    f"seat {i} cannot discard {shown}: not a card it holds ({format_cards(hand)})", seat=i
                )
            if c in codes[:k]:
                raise IllegalActionError(f"seat {i} cannot discard {format_cards([c])} twice", seat=i)
        return codes

    def _can(self, verify: Callable[..., Any], *args: Any) -> bool:
        try:
            verify(*args)
        except IllegalActionError:
            return False
        return True

    def can_fold(self, seat: int | None = None) -> bool:
        """Whether :meth:`fold` would be accepted."""
        return self._can(self.verify_fold, seat)

    def can_check(self, seat: int | None = None) -> bool:
        """Whether :meth:`check` would be accepted."""
        return self._can(self.verify_check, seat)

    def can_call(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether :meth:`call` would be accepted."""
        return self._can(self.verify_call, amount, seat)

    def can_bet(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether :meth:`bet` would be accepted."""
        return self._can(self.verify_bet, amount, seat)

    def can_raise(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether :meth:`raise_` would be accepted."""
        return self._can(self.verify_raise, amount, seat)

    def can_draw(self, cards: str | Sequence[int] = (), seat: int | None = None) -> bool:
        """Whether :meth:`draw` would be accepted."""
        return self._can(self.verify_draw, cards, seat)
