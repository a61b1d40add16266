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
cards match a special kind; otherwise it is played as arranged.  What a seat
*played* is therefore an :class:`~pokercore.binh.Arrangement` or, for a
declared special hand, its :class:`~pokercore.binh.SpecialHand`.

:func:`score_deal` scores the arrangements of a whole deal at once (checked
once, special hands found once, every pair scored once) and returns a
:class:`DealResult`: the cards, what each seat played, every pair's
:class:`PairOutcome` and the nets.  The game engine
(:class:`~pokercore.binh.DealState`, :func:`~pokercore.binh.run_deal`)
returns the same :class:`DealResult`.

Examples
--------
>>> from pokercore.binh import Arrangement, score_pair, score_deal
>>> a = Arrangement.from_string("Qh Qd 2c / Ks Kd 7c 7d 3s / Ac Ah As 9s 9h")
>>> b = Arrangement.from_string("Jh 5d 4c / Qs Qc 8h 6d 2d / Tc Td 8s 8d 3h")
>>> score_pair(a, b)
3
>>> deal = score_deal([a, b])
>>> deal.nets, deal.outcomes[(0, 1)].branches
((3, -3), (1, 1, 1))
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..cards import format_card, format_cards
from ..errors import DuplicateCardError, HandSizeError, PokercoreTypeError, PokercoreValueError, cut
from ._arrangement import Arrangement
from ._rules import DEFAULT_RULES, BinhRules
from ._special_hands import SpecialHand

__all__ = ["DealResult", "PairOutcome", "PairPath", "Played", "pair_outcome", "score_deal", "score_pair"]

#: What one seat played: its arrangement, or the special hand declared for it.
Played = Arrangement | SpecialHand


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


def _read_played(x: object, name: str, rules: BinhRules) -> tuple[Arrangement | None, SpecialHand | None]:
    """``(arrangement, declared special)`` of what a seat played; exactly one is not None."""
    if isinstance(x, Arrangement):
        special = x.special if rules.declare_specials else None
        return (None, special) if special else (x, None)
    if isinstance(x, SpecialHand):
        if not x:
            raise PokercoreValueError(f"{name} is a SpecialHand of no special kind: pass the hand's Arrangement")
        if not rules.declare_specials:
            raise PokercoreValueError(f"{name} is a declared special hand, but these rules play every hand as "
                                      f"arranged (declare_specials=False): pass the hand's Arrangement")
        return None, x
    raise PokercoreTypeError(f"{name} must be an Arrangement or a declared SpecialHand, got {type(x).__name__}")


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _outcome(a: Arrangement | None, sa: SpecialHand | None, b: Arrangement | None, sb: SpecialHand | None,
             rules: BinhRules) -> PairOutcome:
    """The pair score of seat A (``a`` arranged, or ``sa`` declared) against seat B: no checks."""
    if sa is not None or sb is not None:
        if sa is not None and sb is not None:
            return PairOutcome(0, PairPath.SPECIAL_VS_SPECIAL)
        if sa is not None:
            return PairOutcome(rules.special_points(sa.type or ""), PairPath.SPECIAL)
        assert sb is not None
        return PairOutcome(-rules.special_points(sb.type or ""), PairPath.SPECIAL)
    assert a is not None and b is not None
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


def pair_outcome(a: Played, b: Played, rules: BinhRules = DEFAULT_RULES) -> PairOutcome:
    """Score of hand ``a`` against hand ``b``, with the rule that decided it.

    Parameters
    ----------
    a, b : Arrangement or SpecialHand
        What the two players played: an arrangement (declared special
        when its 13 cards are special and ``rules.declare_specials``), or
        the :class:`SpecialHand` declared for a hand nobody arranged.  Their
        cards may come from different deals (:func:`score_deal` checks that
        a deal's cards are distinct).
    rules : BinhRules, default DEFAULT_RULES

    Returns
    -------
    PairOutcome

    Raises
    ------
    TypeError
        ``a`` or ``b`` is neither, or ``rules`` is not a :class:`BinhRules`.
    ValueError
        A :class:`SpecialHand` of no kind, or one under rules that do not
        declare special hands.

    Examples
    --------
    >>> from pokercore.binh import Arrangement, classify_special
    >>> a = Arrangement.from_string("Qh Qd 2c / Ks Kd 7c 7d 3s / Ac Ah As 9s 9h")
    >>> b = Arrangement.from_string("Ts Td 4c / Qs Qc 8h 6d 2d / Jc Jd 8s 8d 3h")
    >>> pair_outcome(a, b)
    PairOutcome(score=3, path=<PairPath.BRANCHES: 'branch by branch'>, branches=(1, 1, 1))
    >>> fouled = Arrangement.from_string("Ac Ah As / Ks Kd 7c 7d 3s / Qh Qd 2c 9s 9h")
    >>> pair_outcome(fouled, b).score
    -9
    >>> dragon = classify_special("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    >>> pair_outcome(dragon, fouled).score, pair_outcome(b, dragon).path.value
    (12, 'special vs not special')
    """
    rules = _check_rules(rules)
    return _outcome(*_read_played(a, "a", rules), *_read_played(b, "b", rules), rules)


def score_pair(a: Played, b: Played, rules: BinhRules = DEFAULT_RULES) -> int:
    """Points hand ``a`` wins from hand ``b`` (negative: ``a`` pays); see :func:`pair_outcome`.

    >>> from pokercore.binh import Arrangement, BinhRules
    >>> a = Arrangement.from_string("Qh Qd 2c / Ks Kd 7c 7d 3s / Ac Ah As 9s 9h")
    >>> b = Arrangement.from_string("Ts Td 4c / Qs Qc 8h 6d 2d / Jc Jd 8s 8d 3h")
    >>> score_pair(a, b), score_pair(b, a), score_pair(a, b, BinhRules(scoop_bonus=3))
    (3, -3, 6)
    """
    return pair_outcome(a, b, rules).score


@dataclass(frozen=True)
class DealResult:
    """One scored deal: the cards, what each seat played, every pair's outcome and the nets.

    :func:`score_deal`, :meth:`DealState.result <pokercore.binh.DealState.result>`,
    :func:`~pokercore.binh.run_deal` and :func:`~pokercore.binh.replay`
    return it; :meth:`to_text` writes it as a replayable history.

    Attributes
    ----------
    hands : tuple of tuple of int
        Each seat's 13 card codes, highest first.
    played : tuple of (Arrangement or SpecialHand)
        What each seat played: its arrangement, or the special hand
        declared for it.
    outcomes : dict
        ``(i, j) -> PairOutcome`` for every pair ``i < j``, from ``i``'s side.
    nets : tuple of int
        Each seat's net (the sum of its pair scores); they sum to 0.
    rules : BinhRules
        The rules the deal was scored with.
    """

    hands: tuple[tuple[int, ...], ...]
    played: tuple[Played, ...]
    outcomes: Mapping[tuple[int, int], PairOutcome]
    nets: tuple[int, ...]
    rules: BinhRules = DEFAULT_RULES

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def matrix(self) -> np.ndarray:
        """``matrix[i, j]`` = what seat ``i`` wins from seat ``j`` (int64; antisymmetric, zero diagonal)."""
        n = len(self.hands)
        m = np.zeros((n, n), dtype=np.int64)
        for (i, j), o in self.outcomes.items():
            m[i, j], m[j, i] = o.score, -o.score
        return m

    def to_text(self) -> str:
        """A plain-text history; :func:`~pokercore.binh.replay` reads it back and scores it again."""
        lines = [f"binh deal players={len(self.hands)}"]
        lines += [f"p{s + 1} dealt {format_cards(list(h))}" for s, h in enumerate(self.hands)]
        for s, p in enumerate(self.played):
            if isinstance(p, SpecialHand):
                lines.append(f"p{s + 1} special {p.best.label if p.best else ''} (type {p.type})")
            else:
                lines.append(f"p{s + 1} shows {p.format()}" + ("  FOUL" if p.is_foul else ""))
        lines += [f"p{i + 1} vs p{j + 1} {o.score:+d}" for (i, j), o in sorted(self.outcomes.items())]
        lines.append("nets " + " ".join(f"{v:+d}" for v in self.nets))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()


def _score(hands: tuple[tuple[int, ...], ...], arranged: Sequence[Arrangement | None],
           specials: Sequence[SpecialHand | None], rules: BinhRules) -> DealResult:
    """Score a checked deal: seat ``s`` played ``specials[s]`` if not None, else ``arranged[s]`` (no checks)."""
    n = len(hands)
    outcomes = {}
    nets = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            o = _outcome(arranged[i], specials[i], arranged[j], specials[j], rules)
            outcomes[(i, j)] = o
            nets[i] += o.score
            nets[j] -= o.score
    played: list[Played] = []
    for a, sp in zip(arranged, specials):
        p = sp if sp is not None else a
        assert p is not None  # every seat arranged its cards or has a special hand (the callers check it)
        played.append(p)
    return DealResult(hands, tuple(played), outcomes, tuple(nets), rules)


def score_deal(arrangements: Sequence[Arrangement], rules: BinhRules = DEFAULT_RULES) -> DealResult:
    """Score a deal of 2 to 4 players from the arrangements they played: every pair once.

    Use it to score arrangements people submitted (a game played at a
    table, a history from elsewhere).  The deal is checked once (2 to 4
    arrangements, no card held twice), each hand's special kinds are found
    once (a hand whose 13 cards are special is declared, however it was
    arranged, when ``rules.declare_specials``) and every pair is scored once.

    Parameters
    ----------
    arrangements : sequence of Arrangement
        One arrangement per player; all cards of the deal must be distinct.
    rules : BinhRules, default DEFAULT_RULES

    Returns
    -------
    DealResult

    Raises
    ------
    HandSizeError
        Fewer than 2 or more than 4 arrangements.
    DuplicateCardError
        A card held by two players.
    TypeError
        An entry that is not an :class:`Arrangement`.

    See Also
    --------
    DealState : the same scoring for a deal whose arrangements come in one at a time.

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
    >>> r.outcomes[(1, 2)].path
    <PairPath.FOUL: 'foul vs normal'>
    >>> print(score_deal(hands[:2]))
    binh deal players=2
    p1 dealt As Ah Ac Ks Kd Qh Qd 9s 9h 7d 7c 3s 2c
    p2 dealt Qs Qc Jd Jc Ts Td 8s 8h 8d 6d 4c 3h 2d
    p1 shows Qh Qd 2c / Ks Kd 7d 7c 3s / As Ah Ac 9s 9h
    p2 shows Ts Td 4c / Qs Qc 8h 6d 2d / Jd Jc 8s 8d 3h
    p1 vs p2 +3
    nets +3 -3
    """
    rules = _check_rules(rules)
    try:
        played = list(arrangements)
    except TypeError:
        raise PokercoreTypeError(f"score_deal expects a sequence of Arrangements, got "
                                 f"{type(arrangements).__name__}") from None
    if not 2 <= len(played) <= 4:
        raise HandSizeError(f"a Binh deal has 2 to 4 players, got {len(played)} arrangements")
    owner: dict[int, int] = {}
    for i, a in enumerate(played):
        if not isinstance(a, Arrangement):
            raise PokercoreTypeError(f"arrangements[{i}] must be an Arrangement, got {type(a).__name__} {cut(a)}")
        for c in a.cards:
            if c in owner:
                raise DuplicateCardError(f"card {format_card(c)} is held by players {owner[c]} and {i}; "
                                         f"a deal's cards must be distinct")
            owner[c] = i
    specials = [(a.special or None) if rules.declare_specials else None for a in played]
    hands = tuple(tuple(sorted(a.cards, reverse=True)) for a in played)
    return _score(hands, [None if sp else a for a, sp in zip(played, specials)], specials, rules)
