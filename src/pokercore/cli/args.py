"""Argument types of the command line: every number is checked when it is parsed.

A bad value stops the command before anything runs, with argparse's usage
line and a message that says what was expected::

    pokercore draw play: error: argument --deals: expected an integer >= 0, got '-1'

>>> integer(1)("1_000"), integer(0)("1e3"), seconds()("0.5"), port("8000")
(1000, 1000, 0.5, 8000)
>>> integer(1)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a positive integer, got '0'
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

__all__ = ["integer", "port", "seconds"]


def integer(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer in ``low..high`` (``1e9`` and ``1_000_000`` are accepted)."""
    if high is not None:
        expected = f"an integer from {low} to {high}"
    else:
        expected = "a positive integer" if low == 1 else f"an integer >= {low}"

    def parse(text: str) -> int:
        try:
            value = Decimal(text.replace("_", "").strip())
        except InvalidOperation:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None
        if (not value.is_finite() or value != value.to_integral_value() or value < low
                or (high is not None and value > high)):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
        return int(value)

    return parse


def seconds(zero: bool = False, what: str = "number of seconds") -> Callable[[str], float]:
    """An argparse type: a finite number (of seconds, or ``what``), > 0 (or >= 0 with ``zero=True``)."""
    expected = f"a {what} >= 0" if zero else f"a positive {what}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None
        if not math.isfinite(value) or value < 0 or (value == 0 and not zero):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
        return value

    return parse


#: A TCP port, 0..65535 (0: any free port).
port = integer(0, 65535)
