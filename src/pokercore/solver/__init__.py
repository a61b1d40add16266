"""``pokercore.solver``: game-theory solutions of poker spots.

Heads-up push/fold
    :func:`push_fold` solves the game where the small blind moves all in or
    folds and the big blind calls or folds, at any stack depth in big
    blinds and with an optional ante, over every starting hand with exact
    card removal and exact all-in equities (a shipped 169 x 169 table
    computed with :func:`pokercore.equity.equity`).  It returns both
    strategies with their exploitability, measured exactly, in big blinds.

ICM
    :func:`icm` turns tournament stacks and payouts into each player's
    expected prize (Malmuth-Harville), exactly; :func:`icm_push_fold`
    solves push/fold at a three-handed sit-and-go table with every result
    valued by ICM, and states how far from an equilibrium it is.

Examples
--------
>>> from pokercore.solver import push_fold, icm
>>> r = push_fold(10)
>>> round(r.sb_push_fraction, 3), round(r.bb_call_fraction, 3)
(0.583, 0.374)
>>> r.push_weight("K2s"), r.call_weight("K2s"), r.exploitability < 1e-5
(1.0, 1.0, True)
>>> [round(x, 2) for x in icm([5000, 3000, 2000], [50, 30, 20]).equities]
[38.39, 32.75, 28.86]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._classes import CLASSES as _CLASSES
from ._errors import IcmTooLargeError, InvalidPayoutsError, InvalidStacksError, SolverInputError
from ._errors import number as _number
from ._icm import MAX_ICM_PLAYERS, MAX_ICM_SETS
from ._icm import check_payouts as _check_payouts
from ._icm import check_stacks as _check_stacks
from ._icm import icm_places as _icm_places
from ._icm3 import DECISIONS as _DECISIONS
from ._results import IcmPushFoldResult, IcmResult, PushFoldResult

__all__ = [
    "HAND_CLASSES", "ICM_DECISIONS", "MAX_ICM_PLAYERS", "MAX_ICM_SETS", "MAX_ITERATIONS", "MAX_STACK",
    "IcmPushFoldResult", "IcmResult", "IcmTooLargeError", "InvalidPayoutsError", "InvalidStacksError", "PushFoldResult",
    "SolverInputError", "icm", "icm_push_fold", "push_fold",
]

#: The decisions of three-handed push/fold (:func:`icm_push_fold`), in the order they can happen.
ICM_DECISIONS: tuple[str, ...] = _DECISIONS

#: The 169 starting-hand classes in grid order (rows and columns from the ace down; suited above the diagonal).
HAND_CLASSES: tuple[str, ...] = _CLASSES
#: Deepest stack :func:`push_fold` takes, in big blinds.
MAX_STACK = 1_000_000.0
#: Most CFR+ iterations :func:`push_fold` takes.
MAX_ITERATIONS = 10_000_000


def push_fold(stack: float, ante: float = 0.0, *, target: float = 1e-5,
              max_iterations: int = 100_000) -> PushFoldResult:
    """The heads-up push/fold Nash equilibrium at ``stack`` big blinds.

    Both players start the hand with ``stack`` big blinds; each pays
    ``ante``, the small blind posts 0.5 and the big blind 1.  The small
    blind moves all in or folds; facing the push, the big blind calls or
    folds.  Every starting hand is dealt with its exact card removal, and
    an all-in is scored by its exact equity (ties split).

    The solver runs CFR+ (provably converging to an equilibrium) in blocks
    of 100 iterations; after each block it also solves the indifference
    equations of the hands the averages mix, and keeps whichever
    strategies are less exploitable.  It stops when the exploitability of
    what it returns is at most ``target`` (in practice within a few hundred
    iterations, well under a second) or after ``max_iterations``.

    Parameters
    ----------
    stack : float
        Each player's stack in big blinds before the blinds and antes,
        at least ``1 + ante`` (so the big blind can post) and at most
        :data:`MAX_STACK`.
    ante : float, default 0
        Each player's ante in big blinds, >= 0 (``0.125`` for a 1/8 ante).
    target : float, default 1e-5
        Exploitability to reach, in big blinds per hand (> 0).
    max_iterations : int, default 100,000
        Most CFR+ iterations (1 to 10,000,000).

    Returns
    -------
    PushFoldResult
        Both strategies per class, the shares of combos played, the EVs and
        the exploitability; ``converged`` says if ``target`` was reached.

    Raises
    ------
    InvalidStacksError
        A stack or ante that is negative, not finite, or too short to post.
    SolverInputError
        A target or iteration count out of its range.

    Examples
    --------
    >>> r = push_fold(10)
    >>> r.push_weight("AA"), r.push_weight("72o"), round(r.sb_ev, 4)
    (1.0, 0.0, -0.0454)
    >>> r.sb_ev + r.bb_ev
    0.0
    >>> push_fold(10, ante=0.125).sb_push_fraction > r.sb_push_fraction  # antes widen the pushes
    True
    """
    from ._pushfold import BLOCK, cfr_plus, exploitability, fractions, game, polish

    ante_ = _number(ante, "ante", low=0.0, low_ok=True, error=InvalidStacksError, high=MAX_STACK)
    stack_ = _number(stack, "stack", low=1.0 + ante_, low_ok=True, error=InvalidStacksError, high=MAX_STACK,
                    hint=" (in big blinds, enough for the big blind and the ante)")
    target_ = _number(target, "target", low=0.0, low_ok=False, error=SolverInputError,
                     hint=" (big blinds per hand, e.g. 1e-5)")
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, (int, np.integer)) \
            or not 1 <= max_iterations <= MAX_ITERATIONS:
        raise SolverInputError(f"max_iterations must be an integer from 1 to {MAX_ITERATIONS:,}, "
                               f"got {max_iterations!r}")
    g = game(stack_, ante_)
    state = None
    done = 0
    best: tuple[float, np.ndarray, np.ndarray] | None = None
    while True:
        n = min(BLOCK, int(max_iterations) - done)
        state = cfr_plus(g, n, state, done)
        done += n
        p, q = state["sp"] / state["weight"], state["sq"] / state["weight"]
        candidates = [(p, q)]
        polished = polish(g, p, q)
        if polished is not None:
            candidates.append(polished)
        for cp, cq in candidates:
            e = exploitability(g, cp, cq)[0]
            if best is None or e < best[0]:
                best = (e, cp, cq)
        assert best is not None
        if best[0] <= target_ or done >= max_iterations:
            break
    e, p, q = best
    sb_ev = g.value(p, q)
    return PushFoldResult(
        stack=stack_, ante=ante_,
        sb_push=tuple(float(x) for x in p), bb_call=tuple(float(x) for x in q),
        sb_push_fraction=fractions(p), bb_call_fraction=fractions(q),
        sb_ev=sb_ev, bb_ev=-sb_ev if sb_ev else 0.0,
        exploitability=max(float(e), 0.0), iterations=done, converged=bool(e <= target_),
    )


def icm(stacks: Sequence[float], payouts: Sequence[float]) -> IcmResult:
    """Each player's expected prize by the independent chip model (Malmuth-Harville), exactly.

    The next paid place goes to each player still in with probability
    proportional to their chips; the recursion visits every set of players
    who may have finished so far (at most :data:`MAX_ICM_SETS`).

    Parameters
    ----------
    stacks : sequence of float
        Each player's chips, > 0; 2 to :data:`MAX_ICM_PLAYERS` players.
    payouts : sequence of float
        The prizes from first place down (amounts, or shares summing to at
        most 1), no more places than players; a place pays no more than the
        one above it.

    Returns
    -------
    IcmResult

    Raises
    ------
    InvalidStacksError, InvalidPayoutsError
        A stack or payout that does not fit (the message names it).
    IcmTooLargeError
        Too many players, or too many paid places for the exact recursion.

    Examples
    --------
    >>> icm([1000, 1000, 1000], [0.5, 0.3, 0.2]).equities  # equal stacks: equal shares
    (0.3333333333333333, 0.3333333333333333, 0.3333333333333333)
    >>> icm([3000, 1000], [70, 30]).equities  # two players: 30 + 40 * 3/4 and 30 + 40 * 1/4
    (60.0, 40.0)
    """
    s = _check_stacks(stacks)
    pay = _check_payouts(payouts, len(s))
    places = _icm_places(s, len(pay))
    equities = tuple(float(sum(row[k] * pay[k] for k in range(len(pay)))) for row in places)
    return IcmResult(stacks=s, payouts=pay, equities=equities,
                     places=tuple(tuple(float(x) for x in row) for row in places))


def icm_push_fold(stacks: Sequence[float], payouts: Sequence[float], small_blind: float, big_blind: float,
                  ante: float = 0.0, *, target: float | None = None, max_rounds: int = 400) -> IcmPushFoldResult:
    """Push/fold at a three-handed sit-and-go table, every result valued by ICM.

    The button pushes or folds; after a fold the small blind pushes or
    folds, facing a push it calls or folds; the big blind calls or folds
    facing one or two all-ins.  Each terminal's stacks (side pots paid)
    are valued by :func:`icm`; players busted in the same hand finish in
    the order of their starting stacks.  Fictitious play (each round every
    seat best-responds to the others' average strategies) runs until no
    seat gains more than ``target`` per hand by a best response, or
    ``max_rounds`` rounds; every 10 rounds the averages and the averages
    rounded to pure actions are measured, and the least exploitable
    profile is kept.  Three-player games have no convergence guarantee,
    so the result states that measure (``epsilon``).

    Two approximations keep it fast: the deal of three classes is weighed
    by their pairwise card removal (exact for every pair of seats), and a
    three-way all-in is ordered from the pairwise all-in equities (the
    winner in proportion to the product of its two equities).  Heads-up
    all-ins use the exact equities; a tie counts as half a win.

    Parameters
    ----------
    stacks : sequence of 3 float
        The button's, the small blind's and the big blind's chips at the
        start of the hand; each must cover its ante and blind with chips
        behind.
    payouts : sequence of float
        The prizes from first place down, 1 to 3 places (see :func:`icm`).
    small_blind, big_blind : float
        The blinds in chips (0 < small blind <= big blind).
    ante : float, default 0
        Each player's ante in chips.
    target : float, optional
        The ``epsilon`` to reach, in the payouts' unit (default 0.001% of
        the prize pool).
    max_rounds : int, default 400
        Most fictitious-play rounds (1 to 100,000).

    Returns
    -------
    IcmPushFoldResult

    Raises
    ------
    InvalidStacksError, InvalidPayoutsError, SolverInputError
        A stack, blind, ante, payout, target or round count that does not
        fit (the message names it).

    Examples
    --------
    >>> r = icm_push_fold([5000, 3000, 2000], [50, 30, 20], 150, 300)
    >>> r.weight("btn_push", "AA"), r.weight("btn_push", "72o"), r.converged
    (1.0, 0.0, True)
    >>> round(sum(r.equities), 9)  # the prize pool, shared
    100.0
    """
    from ._icm3 import Table3, fictitious_play, values

    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) or len(stacks) != 3:
        raise InvalidStacksError(f"stacks must be 3 numbers (button, small blind, big blind), got {stacks!r:.80}")
    s = _check_stacks(stacks)
    pay = _check_payouts(payouts, 3)
    bb = _number(big_blind, "big_blind", low=0.0, low_ok=False, error=InvalidStacksError)
    sb = _number(small_blind, "small_blind", low=0.0, low_ok=False, error=InvalidStacksError, high=bb,
                hint=" (at most the big blind)")
    an = _number(ante, "ante", low=0.0, low_ok=True, error=InvalidStacksError)
    for seat, (name, posted) in enumerate((("button", an), ("small blind", an + sb), ("big blind", an + bb))):
        if s[seat] <= posted:
            raise InvalidStacksError(
                f"stacks[{seat}] = {s[seat]:g}: the {name} must have chips behind its ante and blind "
                f"({posted:g}); give a larger stack or smaller forced bets")
    pool = float(sum(pay))
    tgt = 1e-5 * pool if target is None else _number(target, "target", low=0.0, low_ok=False,
                                                     error=SolverInputError)
    if isinstance(max_rounds, bool) or not isinstance(max_rounds, (int, np.integer)) \
            or not 1 <= max_rounds <= 100_000:
        raise SolverInputError(f"max_rounds must be an integer from 1 to 100,000, got {max_rounds!r}")
    table = Table3(s, sb, bb, an, pay)
    strategy, rounds, gains = fictitious_play(table, int(max_rounds), tgt)
    vals = values(table, strategy)
    seat_ev = [0.0, 0.0]
    for name, seat in (("btn_push", 0), ("sb_push", 1), ("sb_call", 1)):
        act, fold = vals[name]
        seat_ev[seat] += float((strategy[name] * act + (1 - strategy[name]) * fold).sum()) / table.total
    equities = (seat_ev[0], seat_ev[1], pool - seat_ev[0] - seat_ev[1])
    from ._pushfold import fractions as share

    return IcmPushFoldResult(
        stacks=s, small_blind=sb, big_blind=bb, ante=an, payouts=pay,
        strategies={k: tuple(float(x) for x in strategy[k]) for k in _DECISIONS},
        fractions={k: share(strategy[k]) for k in _DECISIONS},
        equities=equities, gains=tuple(float(x) for x in gains), epsilon=float(max(gains.max(), 0.0)),
        rounds=rounds, converged=bool(gains.max() <= tgt),
    )
