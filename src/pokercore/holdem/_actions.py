"""Actions, legal-action ranges and public events of a hold'em or Omaha hand.

An :class:`Action` is a small immutable value: ``kind`` is ``"fold"``,
``"check"``, ``"call"``, ``"bet"`` or ``"raise"`` and ``amount`` is a
**"to" amount**: the player's total bet in this betting round after the
action ("raise to 300").  Fold and check carry 0; a call may carry 0 to mean
"whatever the call costs".

:meth:`HoldemState.legal_actions <pokercore.holdem._engine.HoldemState.legal_actions>`
gives one :class:`LegalAction` per allowed kind with the smallest and largest
"to" amount, so an agent can pick a kind and any amount in between.

Examples
--------
>>> Action("raise", 300)
Action(kind='raise', amount=300)
>>> print(Action("raise", 300)), print(FOLD)
raise to 300
fold
(None, None)
>>> opt = LegalAction("raise", 6, 200)
>>> opt.action(), opt.action(50), opt.allows(Action("raise", 7)), opt.allows(Action("raise", 5))
(Action(kind='raise', amount=6), Action(kind='raise', amount=50), True, False)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from ..ranking import TextEnum
from ._errors import IllegalActionError

__all__ = [
    "AGGRESSIVE",
    "CHECK",
    "FOLD",
    "KINDS",
    "KIND_OF",
    "Action",
    "ActionKind",
    "Event",
    "LegalAction",
    "describe",
    "read_action",
    "whole_number",
]

class ActionKind(TextEnum):
    """An action kind; the value is its text form, so it compares equal to it and prints as it.

    >>> ActionKind.RAISE == "raise", f"{ActionKind.CALL}", ActionKind("fold") is ActionKind.FOLD
    (True, 'call', True)
    """

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"



#: Every action kind, and the member of each kind's text.
KINDS = tuple(ActionKind)
KIND_OF = {str(k.value): k for k in ActionKind}
AGGRESSIVE = frozenset((ActionKind.BET, ActionKind.RAISE))


class Action(NamedTuple):
    """One player decision.

    Attributes
    ----------
    kind : str
        ``"fold"``, ``"check"``, ``"call"``, ``"bet"`` or ``"raise"``.
    amount : int
        The player's total bet this round after the action ("to" amount);
        0 for fold and check, and for a call that takes whatever it costs.
    """

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        if self.kind in AGGRESSIVE:
            return f"{self.kind} to {self.amount}"
        if self.kind == "call" and self.amount:
            return f"call (to {self.amount})"
        return str(self.kind)


FOLD = Action(ActionKind.FOLD)
CHECK = Action(ActionKind.CHECK)


class LegalAction(NamedTuple):
    """One kind of action the player to act may take, with its range of "to" amounts.

    Attributes
    ----------
    kind : str
        The action kind.
    min_amount, max_amount : int
        Smallest and largest "to" amount (equal for fold, check, call and
        every fixed-limit action; 0 for fold and check).  For a call it is
        the bet the call reaches (less than the current bet when the caller
        is all-in).  Any whole number in between is allowed for a bet or raise.
    """

    kind: str
    min_amount: int = 0
    max_amount: int = 0

    def action(self, amount: int | None = None) -> Action:
        """The :class:`Action` of this kind at ``amount`` (default: the smallest)."""
        return Action(self.kind, self.min_amount if amount is None else amount)

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is of this kind with an amount in range."""
        if action.kind != self.kind:
            return False
        return self.min_amount <= action.amount <= self.max_amount or (self.kind == "call" and action.amount == 0)

    def __str__(self) -> str:
        if self.kind in AGGRESSIVE:
            return f"{self.kind} to {self.min_amount}" + (
                f"..{self.max_amount}" if self.max_amount != self.min_amount else ""
            )
        return f"call (to {self.min_amount})" if self.kind == "call" else str(self.kind)


class Event(NamedTuple):
    """One public event of a hand, as every player sees it.

    Attributes
    ----------
    street : str
        A :class:`~pokercore.holdem.Street` (``"preflop"``, ``"flop"``, ``"turn"`` or ``"river"``).
    seat : int
        The seat concerned.
    kind : str
        ``"ante"``, ``"small blind"``, ``"big blind"``, ``"straddle"``, an
        action kind, or ``"return"`` (an uncalled bet given back).
    chips : int
        Chips this event moved from the seat's stack into the pot (for
        ``"return"``: back from the pot to the stack).
    to : int
        The seat's total bet this round after the event.
    all_in : bool
        Whether the seat has no chips left after it.
    """

    street: str
    seat: int
    kind: str
    chips: int = 0
    to: int = 0
    all_in: bool = False


# ---------------------------------------------------------------- reading answers
# Whatever an agent (or a caller of ``act``) hands over is read with the
# built-in types' own methods, never the object's: a tuple subclass whose
# ``__eq__`` says yes to everything, a mock pretending to be an Action or an
# int subclass that equals every amount becomes exact ``str``/``int`` values
# (or is refused) before any check runs.

_INTS = (int, np.integer)
_BOOLS = (bool, np.bool_)


def describe(value: object, limit: int = 80, _depth: int = 0) -> str:
    """A short ``repr`` for error messages that never runs a foreign ``__repr__``.

    >>> describe(("raise", 2.5)), describe(object()), describe("x" * 200)[-5:]
    ("('raise', 2.5)", '<object>', 'xx...')
    """
    t = type(value)
    if t in (str, int, float, bool, type(None)) or (issubclass(t, np.generic) and t.__module__ == "numpy"):
        text = repr(value)
    elif t is ActionKind:
        text = repr(str.__str__(value))
    elif t is Action or t is tuple or t is list:
        items = list.__getitem__(value, slice(4)) if t is list else tuple.__getitem__(value, slice(4))  # type: ignore[call-overload]
        size = len(value)  # type: ignore[arg-type]
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
        return operator.index(value)  # type: ignore[arg-type]  # exact int; ignores an int subclass's overrides
    except Exception:  # a broken numpy subclass
        return None


def read_action(action: object, who: str, seat: int | None = None) -> tuple[ActionKind, int | None]:
    """``(kind, amount)`` of an :class:`Action` or equal tuple, as plain values.

    Nothing of ``action`` but its built-in parts is used: its own ``__eq__``,
    ``__iter__`` or attributes never run.  ``amount`` is None when absent
    (``("fold",)``).  A :class:`LegalAction` itself stands for its smallest
    amount.  Raises :class:`IllegalActionError` starting with ``who``.

    >>> read_action(Action("raise", np.int64(8)), "seat 1"), read_action(("call",), "seat 1")
    (('raise', 8), ('call', None))
    >>> read_action(LegalAction("raise", 6, 200), "seat 1")
    ('raise', 6)
    >>> read_action("check", "seat 1")
    Traceback (most recent call last):
    ...
    pokercore.holdem._errors.IllegalActionError: seat 1: not an action: 'check'; return an Action(kind, amount)
    """
    t = type(action)
    if t is LegalAction:  # one of the offered options itself: its smallest amount
        parts: Sequence[Any] = tuple.__getitem__(action, slice(0, 2))  # type: ignore[call-overload]
    elif issubclass(t, tuple):
        parts = tuple.__getitem__(action, slice(None))  # type: ignore[call-overload]
    elif issubclass(t, list):
        parts = list.__getitem__(action, slice(None))  # type: ignore[call-overload]
    else:
        parts = ()
    if not 1 <= len(parts) <= 2:
        raise IllegalActionError(
            f"{who}: not an action: {describe(action)}; return an Action(kind, amount)",
            seat=seat,
        )
    kind = parts[0]
    if not issubclass(type(kind), str) or str.__str__(kind) not in KINDS:
        raise IllegalActionError(
            f"{who}: unknown action kind {describe(kind)}: use fold, check, call, bet or raise", seat=seat
        )
    kind = KIND_OF[str.__str__(kind)]
    if len(parts) == 1 or parts[1] is None:
        return kind, None
    amount = parts[1]
    value = whole_number(amount)
    if value is None and issubclass(type(amount), (float, np.floating)):
        # Actions compare by value: Action("raise", 8.0) == Action("raise", 8), so 8.0 means 8 chips.
        number = float.__float__(amount) if issubclass(type(amount), float) else float(np.float64(amount))
        if number.is_integer():
            value = int(number)
    if value is None:
        raise IllegalActionError(
            f"{who}: an amount is a whole number of chips, got {type(amount).__name__} {describe(amount)}",
            seat=seat,
        )
    return kind, value
