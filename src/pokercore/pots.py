"""Pots and side pots: who may win which chips, and splitting a pot fairly.

Every poker game with bets shares this (five-card draw, hold'em, Omaha), so
it lives in the core beside the evaluators.

Pots are built from what each seat committed to the hand (antes and bets):
every distinct all-in level of a live seat closes a pot that only the seats
who put in at least that much can win.  Folded seats' chips stay in the pots
they paid into; chips nobody else matched form a pot with one eligible seat
(they go back to it).

Examples
--------
>>> build_pots([10, 30, 50, 50], [False, False, False, False])
[Pot(amount=40, eligible=(0, 1, 2, 3)), Pot(amount=60, eligible=(1, 2, 3)), Pot(amount=40, eligible=(2, 3))]
>>> split_pot(10, [2, 0, 1], button=0, seats=3)
{1: 4, 2: 3, 0: 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Pot", "build_pots", "split_pot"]


class Pot(NamedTuple):
    """A main or side pot: its chips and the seats that can win it (in seat order)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(committed: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """Main pot first, then side pots, from each seat's chips in the hand.

    Parameters
    ----------
    committed : sequence of int
        Chips each seat put in this hand (0 for seats sitting out).
    folded : sequence of bool
        Whether each seat folded (folded seats are never eligible).

    Returns
    -------
    list of Pot
        Consecutive levels with the same eligible seats are merged; the
        amounts sum to ``sum(committed)``.

    Examples
    --------
    >>> build_pots([5, 5, 5], [False, True, False])
    [Pot(amount=15, eligible=(0, 2))]
    >>> build_pots([0, 0], [False, False])
    []
    """
    live_levels = sorted({c for c, f in zip(committed, folded) if not f and c > 0})
    top = max(committed, default=0)
    if not live_levels or live_levels[-1] < top:
        live_levels.append(top)
    pots: list[Pot] = []
    prev = 0
    for level in live_levels:
        if level <= prev:
            continue
        amount = 0
        for c in committed:
            if c > prev:
                amount += (c if c < level else level) - prev
        eligible = tuple(i for i, c in enumerate(committed) if c >= level and not folded[i])
        if pots and (pots[-1].eligible == eligible or not eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, eligible))
        prev = level
    return pots


def split_pot(amount: int, winners: Sequence[int], button: int, seats: int) -> dict[int, int]:
    """Share ``amount`` equally among ``winners``, odd chips one at a time.

    The odd chips (``amount % len(winners)``) go one each to the winners in
    seat order starting at the first seat left of the button, so no winner
    gets two odd chips while another gets none.

    Parameters
    ----------
    amount : int
        Chips in the pot.
    winners : sequence of int
        Seats sharing it (any order).
    button : int
        The button seat.
    seats : int
        Number of seats at the table.

    Returns
    -------
    dict
        Seat -> chips, in the order the odd chips were given out.

    Examples
    --------
    >>> split_pot(7, [0, 1], button=0, seats=2)
    {1: 4, 0: 3}
    >>> split_pot(11, [0, 2, 4], button=3, seats=6)
    {4: 4, 0: 4, 2: 3}
    """
    order = sorted(winners, key=lambda s: (s - button - 1) % seats)
    share, odd = divmod(amount, len(order))
    return {s: share + (1 if k < odd else 0) for k, s in enumerate(order)}
