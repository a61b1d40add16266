"""The tuned parameters of the hard draw AI's opponent model, as plain data.

Nothing here computes: the drawing policies the particle set is drawn by
(:mod:`~.particles`), how much of a range goes to hands drawn otherwise,
and the opponent *types* the inference weighs actions by
(:mod:`~.inference`).  Change a number here and the model changes with it.

Examples
--------
>>> POLICIES, DRAW_PRIOR
(('sensible', 'chase', 'kicker'), (0.6, 0.1, 0.3))
>>> sorted(TYPES), round(sum(t["prior"] for t in TYPES.values()), 6)
(['loose', 'maniac', 'rock', 'station', 'tight'], 1.0)
>>> TYPES["rock"]["bet2"]["call"]
(0.02, 0.97, 0.6, 0.04)
>>> TYPES["rock"][Street.BET2] is TYPES["rock"]["bet2"]   # a Street is its text form
True
"""

from __future__ import annotations

from typing import TypedDict

from pokercore.draw._street import Street

__all__ = [
    "CAP",
    "DRAW_PRIOR",
    "LOOSENESS",
    "OFF_POLICY",
    "PARTICLE_DEALS",
    "PARTICLE_SEED",
    "POLICIES",
    "TYPES",
    "OpponentType",
    "RoundRules",
    "Step",
    "round_rules",
]

#: Share of a range given to hands that would have drawn differently (other styles, bluffs).
OFF_POLICY = 0.03
#: How an opponent may draw: the keep rules of the particles' drawing policies (:mod:`~.particles`):
#: a sensible drawer, a draw chaser, a kicker keeper.
POLICIES = ("sensible", "chase", "kicker")
#: Chance, before any evidence, that an opponent draws like each policy of :data:`POLICIES`.
DRAW_PRIOR = (0.6, 0.1, 0.3)
#: Deals simulated for the particle set, and the seed that makes it the same in every process.
PARTICLE_DEALS = 400_000
PARTICLE_SEED = 20_260_601
#: Per-draw-count cap on stored particles (the rest are represented by a prior weight).
CAP = 5000


#: A smooth (logistic) step ``(lo, hi, at, width)``: from chance ``lo`` to ``hi`` around percentile
#: ``at``, ``width`` wide.
Step = tuple[float, float, float, float]


def _step(lo: float, hi: float, at: float, width: float) -> Step:
    """A smooth (logistic) step from ``lo`` to ``hi`` around percentile ``at``, ``width`` wide."""
    return (lo, hi, at, width)


class RoundRules(TypedDict):
    """How a type acts in one betting round: its chance to bet or raise, and to call."""

    bet: Step
    call: Step


class OpponentType(TypedDict):
    """One opponent type: its share at a table and its rules per betting round.

    The rounds are keyed by their :class:`~pokercore.draw._street.Street` text
    (``"bet1"``, ``"bet2"``); a ``Street`` finds them too, being its text.
    """

    prior: float
    bet1: RoundRules
    bet2: RoundRules


def round_rules(kind: OpponentType, street: Street) -> RoundRules:
    """The rules of ``kind`` for a betting round (``Street.BET1``, else the second round's).

    >>> round_rules(TYPES["rock"], Street.BET2) is TYPES["rock"]["bet2"]
    True
    """
    return kind["bet1"] if street is Street.BET1 else kind["bet2"]


#: Opponent types: how each would act with a hand of a given percentile.  Per betting round
#: (``"bet1"`` reads the pre-draw percentile, ``"bet2"`` the final one): the chance to
#: bet or raise (a check is the complement), and the chance to call.  ``prior`` is the share
#: of each type expected at a table.
TYPES: dict[str, OpponentType] = {
    "station": {"prior": 0.22,  # checks and calls everything, bets only a monster after the draw
                "bet1": {"bet": _step(0.002, 0.002, 0.5, 1), "call": _step(1, 1, 0.5, 1)},
                "bet2": {"bet": _step(0.002, 0.95, 0.97, 0.005), "call": _step(1, 1, 0.5, 1)}},
    "loose": {"prior": 0.33,  # bets any pair, calls without one now and then
              "bet1": {"bet": _step(0.03, 0.97, 0.50, 0.01), "call": _step(0.3, 0.3, 0.5, 1)},
              "bet2": {"bet": _step(0.03, 0.97, 0.173, 0.01), "call": _step(0.3, 0.3, 0.5, 1)}},
    "tight": {"prior": 0.37,  # bets strong hands, calls on pot odds
              "bet1": {"bet": _step(0.03, 0.95, 0.85, 0.03), "call": _step(0.1, 0.95, 0.68, 0.04)},
              "bet2": {"bet": _step(0.03, 0.95, 0.62, 0.04), "call": _step(0.05, 0.95, 0.50, 0.05)}},
    "maniac": {"prior": 0.04,  # bets and raises whatever it holds
               "bet1": {"bet": _step(0.95, 0.95, 0.5, 1), "call": _step(1, 1, 0.5, 1)},
               "bet2": {"bet": _step(0.95, 0.95, 0.5, 1), "call": _step(1, 1, 0.5, 1)}},
    "rock": {"prior": 0.04,  # plays only strong hands, and raises them
             "bet1": {"bet": _step(0.01, 0.97, 0.82, 0.02), "call": _step(0.01, 0.3, 0.82, 0.02)},
             "bet2": {"bet": _step(0.02, 0.97, 0.80, 0.03), "call": _step(0.02, 0.97, 0.60, 0.04)}},
}
#: Chance that each type calls a bet with nothing (the floor of the hard agent's continuation model).
LOOSENESS = {"station": 1.0, "loose": 0.3, "tight": 0.05, "maniac": 1.0, "rock": 0.01}
