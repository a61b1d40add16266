"""The solver's result types: frozen dataclasses with ``to_dict()`` for JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._classes import CLASSES, class_index

__all__ = ["IcmPushFoldResult", "IcmResult", "PushFoldResult"]


@dataclass(frozen=True)
class PushFoldResult:
    """A heads-up push/fold equilibrium (see :func:`pokercore.solver.push_fold`).

    Attributes
    ----------
    stack, ante : float
        Each player's stack at the start of the hand and the ante each pays, in big blinds.
    sb_push, bb_call : tuple of float
        Per starting-hand class in grid order (:data:`pokercore.solver.HAND_CLASSES`), the share of
        its combos the small blind pushes and the big blind calls a push with.
    sb_push_fraction, bb_call_fraction : float
        The share of all 1,326 combos the small blind pushes, and the big blind calls with.
    sb_ev, bb_ev : float
        Each player's mean result per hand in big blinds, from the start of the hand (they sum to 0).
    exploitability : float
        The mean of what each player would gain per hand, in big blinds, by a best response to the
        other's strategy (0 at a Nash equilibrium).
    iterations : int
        CFR+ iterations run.
    converged : bool
        Whether ``exploitability`` reached the target asked for.
    """

    stack: float
    ante: float
    sb_push: tuple[float, ...]
    bb_call: tuple[float, ...]
    sb_push_fraction: float
    bb_call_fraction: float
    sb_ev: float
    bb_ev: float
    exploitability: float
    iterations: int
    converged: bool

    def push_weight(self, hand: str) -> float:
        """The share of a class's combos the small blind pushes (``"AKo"``, ``"T9s"``, ``"77"``)."""
        return self.sb_push[_index(hand)]

    def call_weight(self, hand: str) -> float:
        """The share of a class's combos the big blind calls a push with."""
        return self.bb_call[_index(hand)]

    @property
    def sb_range(self) -> str:
        """The small blind's pushes in range notation, weights rounded to 4 decimals."""
        from ._pushfold import range_text

        return range_text(self.sb_push)

    @property
    def bb_range(self) -> str:
        """The big blind's calls in range notation, weights rounded to 4 decimals."""
        from ._pushfold import range_text

        return range_text(self.bb_call)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON types; the per-class weights as ``{class: weight}`` of the classes played."""
        return {
            "stack": self.stack, "ante": self.ante,
            "sb_push_fraction": self.sb_push_fraction, "bb_call_fraction": self.bb_call_fraction,
            "sb_ev": self.sb_ev, "bb_ev": self.bb_ev,
            "exploitability": self.exploitability, "iterations": self.iterations, "converged": self.converged,
            "sb_range": self.sb_range, "bb_range": self.bb_range,
            "sb_push": {c: w for c, w in zip(CLASSES, self.sb_push, strict=True) if w > 0.0},
            "bb_call": {c: w for c, w in zip(CLASSES, self.bb_call, strict=True) if w > 0.0},
        }


def _index(hand: str) -> int:
    from ..errors import cut
    from ._errors import SolverInputError

    try:
        return class_index(hand.strip() if isinstance(hand, str) else hand)
    except (KeyError, TypeError):
        raise SolverInputError(f"hand must be a starting-hand class such as AA, AKs or T9o (higher rank first), "
                               f"got {cut(hand)}") from None


@dataclass(frozen=True)
class IcmResult:
    """Tournament equities by the Malmuth-Harville model (see :func:`pokercore.solver.icm`).

    Attributes
    ----------
    stacks, payouts : tuple of float
        As given (trailing zero payouts dropped).
    equities : tuple of float
        Each player's expected prize, in the payouts' unit; they sum to the payouts' total.
    places : tuple of tuple of float
        ``places[i][k]``: the probability that player ``i`` finishes in paid place ``k + 1``.
    """

    stacks: tuple[float, ...]
    payouts: tuple[float, ...]
    equities: tuple[float, ...]
    places: tuple[tuple[float, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON types."""
        return {"stacks": list(self.stacks), "payouts": list(self.payouts), "equities": list(self.equities),
                "places": [list(row) for row in self.places]}


@dataclass(frozen=True)
class IcmPushFoldResult:
    """Push/fold at a three-handed table valued by ICM (see :func:`pokercore.solver.icm_push_fold`).

    Attributes
    ----------
    stacks : tuple of float
        The button's, the small blind's and the big blind's chips at the start of the hand.
    small_blind, big_blind, ante : float
        The forced bets, in chips.
    payouts : tuple of float
        The prizes from first place down.
    strategies : dict of str to tuple of float
        Per decision (``btn_push``, ``sb_push``, ``sb_call``, ``bb_call_sb``, ``bb_call_btn``,
        ``bb_call_both``), the share of each class's combos that acts, in grid order.
    fractions : dict of str to float
        Per decision, the share of all 1,326 combos that acts.
    equities : tuple of float
        Each seat's expected prize (button, small blind, big blind) under these strategies.
    gains : tuple of float
        What each seat would gain per hand, in the payouts' unit, by a best response to the others.
    epsilon : float
        The largest gain: the strategies are an epsilon-Nash equilibrium.
    rounds : int
        Fictitious-play rounds run.
    converged : bool
        Whether ``epsilon`` reached the target asked for.
    """

    stacks: tuple[float, ...]
    small_blind: float
    big_blind: float
    ante: float
    payouts: tuple[float, ...]
    strategies: dict[str, tuple[float, ...]]
    fractions: dict[str, float]
    equities: tuple[float, ...]
    gains: tuple[float, ...]
    epsilon: float
    rounds: int
    converged: bool

    def weight(self, decision: str, hand: str) -> float:
        """The share of a class's combos that takes ``decision`` (``"btn_push"``, ``"AKo"``)."""
        from ._errors import SolverInputError

        if decision not in self.strategies:
            raise SolverInputError(f"decision must be one of {', '.join(self.strategies)}, got {decision!r}")
        return self.strategies[decision][_index(hand)]

    def range_of(self, decision: str) -> str:
        """A decision's hands in range notation, weights rounded to 4 decimals (``""``: no hand)."""
        from ._errors import SolverInputError
        from ._pushfold import range_text

        if decision not in self.strategies:
            raise SolverInputError(f"decision must be one of {', '.join(self.strategies)}, got {decision!r}")
        return range_text(self.strategies[decision])

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON types; each decision's weights as ``{class: weight}`` of the classes acting."""
        from ._pushfold import range_text

        return {
            "stacks": list(self.stacks), "small_blind": self.small_blind, "big_blind": self.big_blind,
            "ante": self.ante, "payouts": list(self.payouts), "fractions": dict(self.fractions),
            "equities": list(self.equities), "gains": list(self.gains), "epsilon": self.epsilon,
            "rounds": self.rounds, "converged": self.converged,
            "ranges": {k: range_text(v) for k, v in self.strategies.items()},
            "strategies": {k: {c: w for c, w in zip(CLASSES, v, strict=True) if w > 0.0}
                           for k, v in self.strategies.items()},
        }
