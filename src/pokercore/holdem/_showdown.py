"""Pots, the showdown and the payouts of a hold'em or Omaha hand.

Pots come from the core (:func:`pokercore.pots.build_pots`), built from what
each seat put in; antes posted by every seat are part of what it put in (so a
seat all-in for less than the ante wins only the antes it matched), while a
big-blind ante is dead money in the main pot.  Each pot goes to the best hand
among the seats eligible for it, split with the core's
:func:`pokercore.pots.split_pot` (odd chips one at a time from the left of the
button).

Hands are ranked with the core evaluators: :func:`pokercore.evaluate7` for
hold'em (best five of seven), :func:`pokercore.evaluate_omaha` for Omaha
(exactly two hole cards and three board cards).

Showing: the last player to bet or raise in the final betting round shows
first, otherwise the first player left of the button; then in turn to the
left.  A hand is shown if it can still win (it is at least as good as every
hand shown so far); otherwise it is mucked and stays hidden.  When a player is
all-in every hand is shown.

Examples
--------
>>> from pokercore import parse_cards
>>> board = parse_cards("Ah Kd 7c 7s 2d")
>>> ranks = rank_hands({0: parse_cards("As Qc"), 1: parse_cards("Ac Qd"), 2: parse_cards("8h 8d")}, board)
>>> ranks[0] == ranks[1] > ranks[2]
True
>>> pots = hand_pots([10, 50, 50], [False, False, False])
>>> pots
[Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=80, eligible=(1, 2))]
>>> award(pots, ranks, button=2, seats=3)
[15, 95, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .. import evaluate7, evaluate_omaha
from ..pots import Pot, build_pots, split_pot

__all__ = ["award", "choose_reveals", "hand_pots", "rank_hands", "showdown_order"]


def rank_hands(holes: Mapping[int, Sequence[int]], board: Sequence[int], omaha: bool = False) -> dict[int, int]:
    """Rank of each seat's best hand with ``board`` (higher is better).

    >>> from pokercore import parse_cards, describe_rank
    >>> r = rank_hands({4: parse_cards("Ah 9d 8c 2s")}, parse_cards("Kh Qh Jh Th 3c"), omaha=True)
    >>> describe_rank(r[4])
    'Straight, queen high'
    """
    if omaha:
        return {seat: evaluate_omaha(list(hole), list(board)) for seat, hole in holes.items()}
    b = list(board)
    return {seat: evaluate7(list(hole) + b) for seat, hole in holes.items()}


def hand_pots(
    committed: Sequence[int], folded: Sequence[bool], dead: int = 0, dead_seat: int | None = None
) -> list[Pot]:
    """Main and side pots of a hand; ``dead`` chips (a big-blind ante posted by ``dead_seat``) go to the main pot.

    >>> hand_pots([3, 10, 8], [False, False, False], dead=2, dead_seat=1)
    [Pot(amount=11, eligible=(0, 1, 2)), Pot(amount=10, eligible=(1, 2))]
    """
    if dead and dead_seat is not None:
        committed = list(committed)
        committed[dead_seat] -= dead
    pots = build_pots(committed, folded)
    if dead:
        if pots:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        else:
            pots = [Pot(dead, tuple(i for i, f in enumerate(folded) if not f))]
    return pots


def showdown_order(order: Sequence[int], live: Sequence[bool], first: int | None) -> list[int]:
    """Seats still in the hand in the order they show, starting at ``first`` (default: the first in ``order``).

    >>> showdown_order([1, 2, 3, 0], [True, True, False, True], first=3)
    [3, 0, 1]
    >>> showdown_order([1, 2, 3, 0], [True, True, False, True], first=None)
    [1, 3, 0]
    """
    seats = [i for i in order if live[i]]
    if first is None or first not in seats:
        if first is not None and first in order:  # the aggressor folded: the next live seat after it
            k = list(order).index(first)
            after = [i for i in list(order[k:]) + list(order[:k]) if live[i]]
            first = after[0]
        else:
            first = seats[0]
    k = seats.index(first)
    return seats[k:] + seats[:k]


def choose_reveals(in_order: Sequence[int], ranks: Mapping[int, int], show_all: bool) -> tuple[list[int], list[int]]:
    """``(shown, mucked)``: each hand in turn is shown if it ties or beats the best shown so far.

    >>> choose_reveals([2, 0, 1], {0: 10, 1: 30, 2: 20}, show_all=False)
    ([2, 1], [0])
    >>> choose_reveals([2, 0, 1], {0: 10, 1: 30, 2: 20}, show_all=True)
    ([2, 0, 1], [])
    """
    shown: list[int] = []
    mucked: list[int] = []
    best = -1
    for seat in in_order:
        rank = ranks[seat]
        if show_all or rank >= best:
            shown.append(seat)
            if rank > best:
                best = rank
        else:
            mucked.append(seat)
    return shown, mucked


def award(pots: Sequence[Pot], ranks: Mapping[int, int], button: int, seats: int) -> list[int]:
    """Chips each seat wins: every pot to its best eligible hand(s), split by the core's odd-chip rule.

    A pot nobody still in the hand is eligible for (chips a folded seat put
    in above everyone else's) does not occur once uncalled bets are returned.

    >>> from pokercore.pots import Pot
    >>> award([Pot(11, (0, 1, 2))], {0: 5, 1: 5, 2: 5}, button=0, seats=3)
    [3, 4, 4]
    """
    payouts = [0] * seats
    for amount, eligible in pots:
        contenders = [i for i in eligible if i in ranks]
        if not contenders:
            raise AssertionError(f"a pot of {amount} has no player left to win it")
        best = max(ranks[i] for i in contenders)
        winners = [i for i in contenders if ranks[i] == best]
        for seat, chips in split_pot(amount, winners, button, seats).items():
            payouts[seat] += chips
    return payouts
