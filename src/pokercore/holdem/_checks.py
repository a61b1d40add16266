"""Checks of the hold'em engine: the ``verify_*`` and ``can_*`` halves of each action.

:class:`ActionChecks` is a mixin of :class:`~pokercore.holdem._engine.HoldemState`;
it only reads the state.  ``verify_x`` raises
:class:`~pokercore.holdem._errors.IllegalActionError` with the reason an action
is not legal now (and returns the "to" amount it would reach), ``can_x`` says
yes or no.  Amounts are "to" amounts: the seat's total bet this round after
the action.

>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=1)
>>> s.actor, s.can_check(), s.can_fold(), s.can_call(), s.can_raise(4), s.can_raise(3)
(0, False, True, True, True, False)
>>> s.verify_raise(3)
Traceback (most recent call last):
...
pokercore.holdem._errors.IllegalActionError: seat 0 cannot raise to 3: the minimum is raise to 4 (a raise of 2)
>>> s.verify_check(seat=2)
Traceback (most recent call last):
...
pokercore.holdem._errors.IllegalActionError: wrong player: it is seat 0's turn, not seat 2's (to check)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._actions import describe, whole_number
from ._config import POT_LIMIT
from ._errors import IllegalActionError

if TYPE_CHECKING:
    from ._config import HoldemConfig

__all__ = ["ActionChecks"]


class ActionChecks:
    """``verify_*`` / ``can_*`` for fold, check, call, bet and raise."""

    __slots__ = ()
    if TYPE_CHECKING:
        _actor: int | None
        _n: int
        _current: int
        _bets: list[int]
        _stacks: list[int]
        _cfg: HoldemConfig
        _limit: bool

        def _options(self, i: int) -> tuple[int, int, str | None, int, int]: ...
        def _why_no_raise(self, i: int) -> str | None: ...

    def _turn(self, seat: int | None, what: str) -> int:
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
        return i

    @staticmethod
    def _amount(i: int, amount: object) -> int | None:
        if amount is None:
            return None
        value = whole_number(amount)
        if value is None:
            raise IllegalActionError(
                f"seat {i}: an amount is a whole number of chips, got {type(amount).__name__} {describe(amount)}",
                seat=i,
            )
        return value

    def verify_fold(self, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` unless the seat to act (or ``seat``) may fold."""
        i = self._turn(seat, "fold")
        if self._current - self._bets[i] <= 0:
            raise IllegalActionError(f"seat {i} cannot fold: there is no bet to call, check instead", seat=i)

    def verify_check(self, seat: int | None = None) -> None:
        """Raise unless the seat to act may check (nothing to call)."""
        i = self._turn(seat, "check")
        to_call = self._current - self._bets[i]
        if to_call > 0:
            raise IllegalActionError(f"seat {i} cannot check: {to_call} to call (call, raise or fold)", seat=i)

    def verify_call(self, amount: int | None = None, seat: int | None = None) -> int:
        """Raise unless the seat to act may call; return the "to" amount the call reaches.

        ``amount`` (optional; 0 means the same as None) must be that "to" amount.
        """
        i = self._turn(seat, "call")
        to_call, call_to, _, _, _ = self._options(i)
        if to_call <= 0:
            raise IllegalActionError(f"seat {i} cannot call: there is no bet, check instead", seat=i)
        value = self._amount(i, amount)
        if value and value != call_to:
            chips = call_to - self._bets[i]
            allin = " (all-in)" if chips == self._stacks[i] else ""
            raise IllegalActionError(
                f"seat {i}: wrong amount: a call is to {call_to}{allin}, putting in {chips} chips, not to {value}",
                seat=i,
            )
        return call_to

    def _verify_aggressive(self, kind: str, amount: object, seat: int | None) -> int:
        i = self._turn(seat, kind)
        cur = self._current
        if kind == "bet" and cur > 0:
            raise IllegalActionError(f"seat {i} cannot bet: there is a bet of {cur} already, raise instead", seat=i)
        if kind == "raise" and cur == 0:
            raise IllegalActionError(f"seat {i} cannot raise: there is no bet yet, bet instead", seat=i)
        why = self._why_no_raise(i)
        if why is not None:
            raise IllegalActionError(f"seat {i} cannot {kind}: {why}", seat=i)
        _, _, _, low, high = self._options(i)
        value = self._amount(i, amount)
        if value is None:
            return low
        if value < low:
            if self._limit:
                raise IllegalActionError(f"seat {i} cannot {kind} to {value}: in fixed limit it is to {low}", seat=i)
            step = low - cur
            raise IllegalActionError(
                f"seat {i} cannot {kind} to {value}: the minimum is {kind} to {low} "
                f"(a raise of {step})" if kind == "raise" else
                f"seat {i} cannot bet {value}: the minimum bet is {low}",
                seat=i,
            )
        if value > high:
            all_to = self._bets[i] + self._stacks[i]
            if self._limit:
                why = f"fixed limit, a {kind} is to {high}"
            elif high == all_to:
                why = f"seat {i} has {self._stacks[i]} chips: {high} is all-in"
            elif self._cfg.betting == POT_LIMIT:
                why = f"the pot limit is {kind} to {high}"
            else:
                why = f"the most is {kind} to {high}"
            raise IllegalActionError(f"seat {i} cannot {kind} to {value}: {why}", seat=i)
        return value

    def verify_bet(self, amount: int | None = None, seat: int | None = None) -> int:
        """Raise unless the seat to act may bet ``amount`` (default: the smallest bet); return it."""
        return self._verify_aggressive("bet", amount, seat)

    def verify_raise(self, amount: int | None = None, seat: int | None = None) -> int:
        """Raise unless the seat to act may raise to ``amount`` (default: the minimum raise); return it."""
        return self._verify_aggressive("raise", amount, seat)

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
