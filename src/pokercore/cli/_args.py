"""Argument types of the command line: every number is checked when it is parsed.

A bad value stops the command before anything runs, with argparse's usage
line and a message that says what was expected::

    pokercore draw play: error: argument --deals: expected an integer >= 0, got '-1'

The text is bounded before it is converted (ASCII, at most
:data:`MAX_TEXT` characters, and an integer without an upper bound of its
own at most :data:`MAX_INTEGER`), so ``--deals 1e100000000`` is refused at
once instead of building a number of a hundred million digits.

>>> integer(1)("1_000"), integer(0)("1e3"), seconds()("0.5"), port("8000")
(1000, 1000, 0.5, 8000)
>>> integer(1)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a positive integer, got '0'
>>> integer(1)("1e100000000")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a positive integer up to 10**30, got '1e100000000'
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

__all__ = ["MAX_INTEGER", "MAX_TEXT", "integer", "port", "seconds"]

#: Longest number text read (digits, sign, exponent, underscores).
MAX_TEXT = 100
#: Largest value of an :func:`integer` without an upper bound of its own.
MAX_INTEGER = 10**30


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else f"{text[:40]!r}... ({len(text):,} characters)"


def integer(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer in ``low..high`` (``1e9`` and ``1_000_000`` are accepted).

    Without ``high``, values up to :data:`MAX_INTEGER` are accepted.
    """
    if high is not None:
        expected = f"an integer from {low} to {high}"
    else:
        expected = "a positive integer" if low == 1 else f"an integer >= {low}"
    limit = Decimal(MAX_INTEGER if high is None else high)

    def parse(text: str) -> int:
        if len(text) > MAX_TEXT:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {_shown(text)}: too long")
        try:
            if not text.isascii():  # Decimal and float also read other scripts' digits
                raise InvalidOperation
            value = Decimal(text.replace("_", "").strip())
        except InvalidOperation:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {_shown(text)}") from None
        if not value.is_finite() or value != value.to_integral_value() or value < low:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {_shown(text)}")
        if value > limit:  # compared as decimals: int() of 1e100000000 would take minutes
            bound = "" if high is not None else " up to 10**30"
            raise argparse.ArgumentTypeError(f"expected {expected}{bound}, got {_shown(text)}")
        return int(value)

    return parse


def seconds(zero: bool = False, what: str = "number of seconds") -> Callable[[str], float]:
    """An argparse type: a finite number (of seconds, or ``what``), > 0 (or >= 0 with ``zero=True``)."""
    expected = f"a {what} >= 0" if zero else f"a positive {what}"

    def parse(text: str) -> float:
        if len(text) > MAX_TEXT:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {_shown(text)}: too long")
        try:
            if not text.isascii():
                raise ValueError
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {_shown(text)}") from None
        if not math.isfinite(value) or value < 0 or (value == 0 and not zero):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {_shown(text)}")
        return value

    return parse


#: A TCP port, 0..65535 (0: any free port).
port = integer(0, 65535)
