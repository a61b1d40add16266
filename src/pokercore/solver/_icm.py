"""The independent chip model (Malmuth-Harville), exactly, by a recursion over who has finished.

Harville's model: the next paid place goes to each player still in with
probability proportional to their stack.  The probability that a set ``F``
of players took the first ``|F|`` places (in any order) is built one place
at a time, ``P(F | {i}) += P(F) * s_i / (S - S_F)``, over every set of
fewer players than places paid: ``sum(C(n, j) for j < places)`` sets, each
handled in time proportional to ``n``.  That count is bounded by
:data:`MAX_ICM_SETS` and the players by :data:`MAX_ICM_PLAYERS`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..errors import PokercoreTypeError, cut
from ._errors import IcmTooLargeError, InvalidPayoutsError, InvalidStacksError, number

__all__ = ["MAX_ICM_PLAYERS", "MAX_ICM_SETS", "check_payouts", "check_stacks", "icm_places"]

#: Most players an ICM computation takes.
MAX_ICM_PLAYERS = 64
#: Most sets of finishers the exact recursion visits (about a second in Python).
MAX_ICM_SETS = 200_000


def check_stacks(stacks: object, field: str = "stacks") -> tuple[float, ...]:
    """Stacks as positive finite floats, 2 to :data:`MAX_ICM_PLAYERS` of them, or an error naming ``field``."""
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence):
        raise PokercoreTypeError(f"{field} must be a list of numbers (one stack per player), got {cut(stacks)}")
    if not 2 <= len(stacks) <= MAX_ICM_PLAYERS:
        raise (IcmTooLargeError if len(stacks) > MAX_ICM_PLAYERS else InvalidStacksError)(
            f"{field} must hold 2 to {MAX_ICM_PLAYERS} players' stacks, got {len(stacks)}")
    return tuple(number(s, f"{field}[{i}]", low=0.0, low_ok=False, error=InvalidStacksError,
                        hint=" (leave out a player who has no chips)") for i, s in enumerate(stacks))


def check_payouts(payouts: object, players: int, field: str = "payouts") -> tuple[float, ...]:
    """Payouts from first place down, trailing zeros dropped, or an error naming ``field`` and the fix.

    Refused: a negative or non-finite payout, none above zero, a place paying
    more than the one above it, more paid places than players, and shares of
    a prize pool (every payout below 1) that add up to more than 1.
    """
    if isinstance(payouts, (str, bytes)) or not isinstance(payouts, Sequence) or not payouts:
        raise (PokercoreTypeError if not isinstance(payouts, Sequence) or isinstance(payouts, (str, bytes))
               else InvalidPayoutsError)(
            f"{field} must be a non-empty list of numbers, first place first (e.g. [50, 30, 20]), got {cut(payouts)}")
    values = [number(x, f"{field}[{i}]", low=0.0, low_ok=True, error=InvalidPayoutsError)
              for i, x in enumerate(payouts)]
    while values and values[-1] == 0.0:
        values.pop()
    if not values:
        raise InvalidPayoutsError(f"{field} pay nothing (all zero): give at least one positive payout")
    for k in range(1, len(values)):
        if values[k] > values[k - 1]:
            raise InvalidPayoutsError(
                f"{field}[{k}] = {values[k]:g} pays more than {field}[{k - 1}] = {values[k - 1]:g}: list the "
                "payouts from first place down")
    if len(values) > players:
        raise InvalidPayoutsError(
            f"{field} pay {len(values)} places but there are {players} players: give the payouts of the places "
            "still to be paid")
    total = math.fsum(values)
    if all(v < 1.0 for v in values) and total > 1.0 + 1e-9:
        raise InvalidPayoutsError(
            f"{field} look like shares of the prize pool but add up to {total:g}, more than 1: make them sum to 1 "
            "(or give amounts)")
    return tuple(values)


def icm_places(stacks: tuple[float, ...], places: int) -> list[list[float]]:
    """``out[i][k]``: the probability that player ``i`` finishes in place ``k + 1``, for ``k < places``."""
    n = len(stacks)
    sets = sum(math.comb(n, j) for j in range(places))
    if sets > MAX_ICM_SETS:
        raise IcmTooLargeError(
            f"ICM over {n} players with {places} paid places visits {sets:,} sets of finishers, more than the "
            f"{MAX_ICM_SETS:,} the exact computation takes: pay fewer places or leave out players")
    total = math.fsum(stacks)
    out = [[0.0] * places for _ in range(n)]
    layer: dict[int, tuple[float, float]] = {0: (1.0, 0.0)}  # finished set -> (its probability, its chips)
    for k in range(places):
        nxt: dict[int, tuple[float, float]] = {}
        for mask, (prob, chips) in layer.items():
            left = total - chips
            for i in range(n):
                if mask >> i & 1:
                    continue
                p = prob * stacks[i] / left
                out[i][k] += p
                if k + 1 < places:
                    key = mask | (1 << i)
                    old = nxt.get(key)
                    nxt[key] = (p + (old[0] if old else 0.0), chips + stacks[i])
        layer = nxt
    return out
