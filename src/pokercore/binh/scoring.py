"""Binh scoring: one pair of hands, and a whole deal of 2 to 4 players.

Pair score of hand A against hand B (from A's side; B gets the negative),
with the point values of :class:`~pokercore.binh.BinhRules`:

======================  ==============================================
A / B                   score of A
======================  ==============================================
special / special       0, whatever the types
special / not special   +12 (type A) or +6 (type B), even if B fouled
foul / foul             0
foul / normal           -9
normal / normal         branch by branch +1 to the stronger, 0 on a
                        tie; the score is the difference (-3..+3),
                        plus the scoop bonus (default 0) at 3-0
======================  ==============================================

A hand is *special* only when ``rules.declare_specials`` is true and its 13
cards match a special kind; otherwise it is played as arranged.

Examples
--------
>>> from pokercore.binh import Arrangement, score_pair, score_deal
>>> a = Arrangement.from_string("Qh Qd 2c / Ks Kd 7c 7d 3s / Ac Ah As 9s 9h")
>>> b = Arrangement.from_string("Jh 5d 4c / Qs Qc 8h 6d 2d / Tc Td 8s 8d 3h")
>>> score_pair(a, b)
3
>>> deal = score_deal([a, b])
>>> deal.nets
(3, -3)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import HandSizeError, PokercoreTypeError, PokercoreValueError
from .arrangement import Arrangement
from .rules import DEFAULT_RULES, BinhRules

__all__ = ["DealResult", "PairOutcome", "PairPath", "pair_outcome", "score_deal", "score_pair"]


class PairPath(enum.Enum):
    """How a pair of hands was scored."""

    SPECIAL_VS_SPECIAL = "special vs special"
    SPECIAL = "special vs not special"
    FOUL_VS_FOUL = "foul vs foul"
    FOUL = "foul vs normal"
    BRANCHES = "branch by branch"


@dataclass(frozen=True)
class PairOutcome:
    """The result of hand A against hand B.

    Attributes
    ----------
    score : int
        Points A wins (negative: A pays).  B's score is ``-score``.
    path : PairPath
        Which rule decided.
    branches : tuple of int or None
        For :attr:`PairPath.BRANCHES`: +1 / 0 / -1 per branch (top, middle,
        bottom) from A's side; ``None`` otherwise.
    """

    score: int
    path: PairPath
    branches: tuple[int, int, int] | None = None


def _check_rules(rules: object) -> BinhRules:
    if not isinstance(rules, BinhRules):
        raise PokercoreTypeError(f"rules must be a BinhRules, got {type(rules).__name__}")
    return rules


def _check_hand(hand: object, name: str) -> Arrangement:
    if not isinstance(hand, Arrangement):
        raise PokercoreTypeError(f"{name} must be an Arrangement, got {type(hand).__name__}")
    return hand


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _outcome(a: Arrangement, b: Arrangement, rules: BinhRules) -> PairOutcome:
    if rules.declare_specials:
        sa, sb = a.special, b.special
        if sa and sb:
            return PairOutcome(0, PairPath.SPECIAL_VS_SPECIAL)
        if sa:
            return PairOutcome(rules.special_points(sa.type or ""), PairPath.SPECIAL)
        if sb:
            return PairOutcome(-rules.special_points(sb.type or ""), PairPath.SPECIAL)
    fa, fb = a.is_foul, b.is_foul
    if fa and fb:
        return PairOutcome(0, PairPath.FOUL_VS_FOUL)
    if fa:
        return PairOutcome(-rules.foul_points, PairPath.FOUL)
    if fb:
        return PairOutcome(rules.foul_points, PairPath.FOUL)
    branches = (
        _sign(a.top_rank - b.top_rank),
        _sign(a.middle_rank - b.middle_rank),
        _sign(a.bottom_rank - b.bottom_rank),
    )
    score = sum(branches)
    if score == 3:
        score += rules.scoop_bonus
    elif score == -3:
        score -= rules.scoop_bonus
    return PairOutcome(score, PairPath.BRANCHES, branches)


def pair_outcome(a: Arrangement, b: Arrangement, rules: BinhRules = DEFAULT_RULES) -> PairOutcome:
    """Score of hand ``a`` against hand ``b``, with the rule that decided it.

    Parameters
    ----------
    a, b : Arrangement
        The two players' hands (their cards may come from different deals;
        :func:`score_deal` checks that a deal's cards are distinct).
    rules : BinhRules, default DEFAULT_RULES

    Returns
    -------
    PairOutcome

    Examples
    --------
    >>> from pokercore.binh import Arrangement
    >>> a = Arrangement.from_string("Qh Qd 2c / Ks Kd 7c 7d 3s / Ac Ah As 9s 9h")
    >>> b = Arrangement.from_string("Ts Td 4c / Qs Qc 8h 6d 2d / Jc Jd 8s 8d 3h")
    >>> pair_outcome(a, b)
    PairOutcome(score=3, path=<PairPath.BRANCHES: 'branch by branch'>, branches=(1, 1, 1))
    >>> fouled = Arrangement.from_string("Ac Ah As / Ks Kd 7c 7d 3s / Qh Qd 2c 9s 9h")
    >>> pair_outcome(fouled, b).score
    -9
    """
    return _outcome(_check_hand(a, "a"), _check_hand(b, "b"), _check_rules(rules))


def score_pair(a: Arrangement, b: Arrangement, rules: BinhRules = DEFAULT_RULES) -> int:
    """Points hand ``a`` wins from hand ``b`` (negative: ``a`` pays); see :func:`pair_outcome`.

    >>> from pokercore.binh import Arrangement, BinhRules
    >>> a = Arrangement.from_string("Qh Qd 2c / Ks Kd 7c 7d 3s / Ac Ah As 9s 9h")
    >>> b = Arrangement.from_string("Ts Td 4c / Qs Qc 8h 6d 2d / Jc Jd 8s 8d 3h")
    >>> score_pair(a, b), score_pair(b, a), score_pair(a, b, BinhRules(scoop_bonus=3))
    (3, -3, 6)
    """
    return _outcome(_check_hand(a, "a"), _check_hand(b, "b"), _check_rules(rules)).score


@dataclass(frozen=True)
class DealResult:
    """Scores of one deal.

    Attributes
    ----------
    nets : tuple of int
        Each player's net (sum of its pair scores); they sum to 0.
    matrix : ndarray of int64, shape (n, n)
        ``matrix[i, j]`` = what player ``i`` wins from player ``j``;
        antisymmetric, zero diagonal.
    outcomes : dict
        ``(i, j) -> PairOutcome`` for ``i < j`` (from ``i``'s side).
    """

    nets: tuple[int, ...]
    matrix: np.ndarray
    outcomes: dict[tuple[int, int], PairOutcome]


def score_deal(hands: Sequence[Arrangement], rules: BinhRules = DEFAULT_RULES) -> DealResult:
    """Score a deal of 2 to 4 players: every pair once.

    Parameters
    ----------
    hands : sequence of Arrangement
        One hand per player; all cards of the deal must be distinct.
    rules : BinhRules

    Returns
    -------
    DealResult

    Raises
    ------
    ValueError
        Fewer than 2 or more than 4 hands, or a card held by two players.

    Examples
    --------
    >>> from pokercore.binh import Arrangement
    >>> hands = [
    ...     Arrangement.from_string("Qh Qd 2c / Ks Kd 7c 7d 3s / Ac Ah As 9s 9h"),
    ...     Arrangement.from_string("Ts Td 4c / Qs Qc 8h 6d 2d / Jc Jd 8s 8d 3h"),
    ...     Arrangement.from_string("Kc Kh 3c / 5s 5d 5h 4d 4h / 6s 7s 8c 9c Tc"),  # foul
    ... ]
    >>> r = score_deal(hands)
    >>> r.nets, sum(r.nets)
    ((12, 6, -18), 0)
    >>> r.matrix.tolist()
    [[0, 3, 9], [-3, 0, 9], [-9, -9, 0]]
    """
    rules = _check_rules(rules)
    hands = list(hands)
    if not 2 <= len(hands) <= 4:
        raise HandSizeError(f"a Binh deal has 2 to 4 players, got {len(hands)} hands")
    owner: dict[int, int] = {}
    for i, h in enumerate(hands):
        _check_hand(h, f"hands[{i}]")
        for c in h.cards:
            if c in owner:
                from ..cards import format_card

                raise PokercoreValueError(
                    f"card {format_card(c)} is held by players {owner[c]} and {i}; a deal's cards must be distinct"
                )
            owner[c] = i
    n = len(hands)
    matrix = np.zeros((n, n), dtype=np.int64)
    outcomes = {}
    for i in range(n):
        for j in range(i + 1, n):
            o = _outcome(hands[i], hands[j], rules)
            outcomes[(i, j)] = o
            matrix[i, j] = o.score
            matrix[j, i] = -o.score
    nets = tuple(int(x) for x in matrix.sum(axis=1))
    return DealResult(nets, matrix, outcomes)
