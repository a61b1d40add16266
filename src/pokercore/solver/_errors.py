"""The solver's errors and the checks that raise them (one home for every argument check)."""

from __future__ import annotations

import math
import numbers

from ..errors import PokercoreTypeError, PokercoreValueError, cut

__all__ = ["IcmTooLargeError", "InvalidPayoutsError", "InvalidStacksError", "SolverInputError", "number"]


class SolverInputError(PokercoreValueError):
    """An argument of a solver with an unusable value; the message names the argument and what to give."""


class InvalidStacksError(SolverInputError):
    """Stacks, blinds or antes a table cannot have (negative, zero, not finite, too short to post)."""


class InvalidPayoutsError(SolverInputError):
    """Payouts that do not make a prize table (negative, all zero, rising, more places than players)."""


class IcmTooLargeError(SolverInputError):
    """An ICM computation over more players or paid places than the exact recursion takes."""


def number(value: object, field: str, *, low: float, low_ok: bool, error: type[SolverInputError],
           high: float = math.inf, hint: str = "") -> float:
    """``value`` as a finite float in its bounds, or an error naming ``field`` (``low_ok``: ``low`` allowed).

    >>> number(10, "stack", low=0.0, low_ok=False, error=InvalidStacksError)
    10.0
    >>> number(-1, "stack", low=0.0, low_ok=False, error=InvalidStacksError)
    Traceback (most recent call last):
    ...
    pokercore.solver._errors.InvalidStacksError: stack must be a number > 0, got -1
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise PokercoreTypeError(f"{field} must be a number (int or float), got {type(value).__name__} {cut(value)}")
    x = float(value)
    bound = f">= {low:g}" if low_ok else f"> {low:g}"
    if high < math.inf:
        bound += f" and <= {high:g}"
    if not math.isfinite(x) or x < low or (x == low and not low_ok) or x > high:
        raise error(f"{field} must be a number {bound}, got {cut(value)}{hint}")
    return x
