"""Planning an equity run: weights, the cost of exact enumeration, the deals, the Monte Carlo seeds.

- :func:`normalise` scales each range's weights by a power of two so its
  heaviest combo weighs in (0.5, 1]: tiny weights (``AA:1e-200``) no longer
  multiply to zero, and the shares do not change by a single bit (scaling
  by a power of two is exact).
- :func:`plan_exact` counts the deals (one combo per player, no card
  shared) after card removal, builds them in C, finds the classes of deals
  alike up to suits (:func:`deal_classes`: one enumeration each) and
  estimates the time; :func:`exact_deals` refuses an exact run whose cost
  is out of reach with the figure and the Monte Carlo alternative.
- :func:`unit_seeds` gives the seeds of Monte Carlo units ``lo..hi-1``: the
  words ``lo..hi-1`` of ``SeedSequence(seed).generate_state(n, uint64)``,
  computed for that slice only, so a run of 10**12 samples needs no table
  of 244 million seeds.
"""

from __future__ import annotations

from math import frexp, ldexp
from typing import Any, NamedTuple

import numpy as np

from ..errors import PokercoreValueError
from . import _deals
from ._arguments import Ranges
from ._holdem_ranges import EmptyRangeError

__all__ = [
    "CLASS_BYTES",
    "EXACT_MAX_SECONDS",
    "EXACT_SECONDS_PER_PLAYER",
    "MAX_ASSIGNMENTS",
    "SUIT_RENAMINGS",
    "ExactPlan",
    "arrays",
    "deal_classes",
    "exact_deals",
    "exact_seconds",
    "hands",
    "normalise",
    "plan_exact",
    "plural",
    "unit_seeds",
    "what",
]

#: Most deals (combo assignments) an exact run enumerates.
MAX_ASSIGNMENTS = 2_000_000
#: Most time an exact run may take by its estimate on one core (five minutes); longer runs are refused.
EXACT_MAX_SECONDS = 300.0
#: Seconds an exact run takes on one core per deal and player, by the board cards still to come: above the
#: slowest of 2 to 10 players on random deals (measured idle: preflop 90-200 us, the flop 0.6-1.0 us, the
#: turn 0.1-0.3 us, the river 0.07-0.12 us).  A deal's boards are scored by rank multiset, flushes apart,
#: so the time is far from proportional to the boards.
EXACT_SECONDS_PER_PLAYER = {5: 2.5e-4, 2: 1.2e-6, 1: 3e-7, 0: 1.5e-7}
#: Combos tried while counting the deals before giving up (a fraction of a second).
COUNT_STEPS = 200_000_000
#: Renamings of the four suits: a class of deals alike up to suits holds at most this many deals.
SUIT_RENAMINGS = 24
#: Most memory the integer counts of the classes of deals alike up to suits may take: enough for the most
#: classes an exact run may enumerate preflop in :data:`EXACT_MAX_SECONDS` (ten players: 120,000 classes of
#: 880 bytes), no more (a flop would allow millions).
CLASS_BYTES = 1 << 27


class ExactPlan(NamedTuple):
    """The deals of an exact run, how they are enumerated, and the estimate (see :func:`plan_exact`)."""

    #: ``(m, 2P)`` uint8: each deal's hole cards, player after player (None: not built, the run is refused).
    holes: Any
    #: ``(m,)`` float64: each deal's weight (None with ``holes``).
    weights: Any
    #: ``(representatives, class of each deal)`` (see :func:`deal_classes`), or None: every deal enumerated.
    classes: tuple[Any, Any] | None
    #: Deals after card removal.
    deals: int
    #: Estimated time on one core (:func:`exact_seconds` of what is enumerated).
    seconds: float
    #: Why the run cannot be planned at all (too many deals to list), else None.
    refusal: str | None

    @property
    def enumerated(self) -> int:
        """Deals enumerated: one per class, or every deal."""
        return self.deals if self.classes is None else len(self.classes[0])


def normalise(ranges: Ranges) -> Ranges:
    """Each range's weights times a power of two, so the heaviest is in (0.5, 1] (exact: shares do not change).

    >>> normalise([[((51, 47), 1e-200), ((50, 46), 5e-201)]])[0][0][1] > 0.5
    True
    >>> normalise([[((51, 47), 0.25)]]), normalise([[((51, 47), 0.75)]])
    ([[((51, 47), 1.0)]], [[((51, 47), 0.75)]])
    """
    out: Ranges = []
    for r in ranges:
        mantissa, exponent = frexp(max(w for _, w in r))
        shift = 1 - exponent if mantissa == 0.5 else -exponent
        out.append([(c, ldexp(w, shift)) for c, w in r] if shift else list(r))
    return out


def arrays(ranges: Ranges) -> tuple[Any, Any, Any]:
    """The ranges as kernel arrays: combos ``(n, 2)`` uint8, offsets ``(P + 1,)`` int64, weights ``(n,)``."""
    combos = np.array([c for r in ranges for c, _ in r], dtype=np.uint8).reshape(-1, 2)
    offsets = np.cumsum([0] + [len(r) for r in ranges]).astype(np.int64)
    weights = np.array([w for r in ranges for _, w in r], dtype=np.float64)
    return combos, offsets, weights


def figure(x: float) -> str:
    """1234 -> '1,234'; 2.1e12 -> '2.1e12'."""
    if x < 1e7:
        return f"{x:,.0f}"
    mantissa, exponent = f"{x:.1e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"about {seconds / size:,.0f} {unit}"
    if seconds < 1:
        return "under a second"
    if seconds < 1.5:
        return "about a second"
    return f"about {seconds:,.0f} seconds"


def _refuse(what: str) -> PokercoreValueError:
    return PokercoreValueError(
        f"exact would {what}; use Monte Carlo instead: samples=1_000_000 (on the command line "
        "--samples 1e6) gives each equity to about 0.001"
    )


def exact_seconds(deals: float, players: int, need: int) -> float:
    """The estimated time on one core of an exact run over ``deals`` deals with ``need`` board cards to come.

    >>> exact_seconds(1, 2, 5) < 0.001  # one preflop deal of two players
    True
    """
    return deals * players * EXACT_SECONDS_PER_PLAYER[need]


def plan_exact(ranges: Ranges, boards: int, need: int, board: Any, dead_mask: int, limit: float, *,
               by_class: bool = True, steps: int = COUNT_STEPS, class_deals: int = MAX_ASSIGNMENTS) -> ExactPlan:
    """Count the deals, build them, find their classes alike up to suits, and estimate the time on one core.

    ``boards`` is the number of board completions of one deal, each of
    ``need`` cards; ``board`` and ``dead_mask`` are the run's (the classes
    depend on them).  The estimate is :func:`exact_seconds` of the deals
    after card removal (combos sharing a card are no deal), or of their
    classes (one enumeration each) when ``by_class`` and the deals alone
    are over ``limit`` but a class per :data:`SUIT_RENAMINGS` deals could
    bring them under, for at most ``class_deals`` deals.  The deals are
    built (and the classes sought) only when the run can come under
    ``limit``; :func:`exact_deals` turns the plan into deals or a refusal.

    >>> from pokercore.equity._holdem_equity import prepare
    >>> ranges = normalise(prepare(["random", "random"], None, None)[1])
    >>> plan = plan_exact(ranges, 1_712_304, 5, np.zeros(0, np.uint8), 0, 300.0)
    >>> plan.deals, plan.enumerated, round(plan.seconds)  # every deal: 812 seconds
    (1624350, 93769, 47)
    """
    combos, offsets, weights = arrays(ranges)
    players = len(ranges)
    count, status = _deals.count_deals(combos, offsets, MAX_ASSIGNMENTS, steps)
    if status == 0 and count == 0:
        raise EmptyRangeError("the ranges leave no deal in which the players' hands share no card")
    if status == 1:
        least = (MAX_ASSIGNMENTS + 1) * boards * players
        seconds = exact_seconds(MAX_ASSIGNMENTS + 1, players, need)
        at_least = f", at least {duration(seconds).removeprefix('about ')} on one core" if seconds >= 1 else ""
        return ExactPlan(None, None, None, MAX_ASSIGNMENTS + 1, seconds,
                         f"enumerate more than {MAX_ASSIGNMENTS:,} deals of the ranges, the most it lists (at least "
                         f"{figure(least)} hands{at_least})")
    if status == 2:
        return ExactPlan(None, None, None, count, float("inf"),
                         f"search more than {steps:,} combinations of the ranges just to list their deals")
    seconds = exact_seconds(count, players, need)
    by_class = by_class and count > 1 and _deals.suit_renamings_kept(board, dead_mask) > 1
    if seconds > limit and not (by_class and seconds / SUIT_RENAMINGS <= limit and count <= class_deals):
        return ExactPlan(None, None, None, count, seconds, None)
    holes, weights = _deals.build_deals(combos, offsets, weights, count)
    classes = deal_classes(holes, board, dead_mask) if by_class else None
    if classes is not None:
        seconds = exact_seconds(len(classes[0]), players, need)
    return ExactPlan(holes, weights, classes, count, seconds, None)


def exact_deals(ranges: Ranges, boards: int, need: int, board: Any, dead_mask: int, *, by_class: bool = True,
                limit: float | None = None) -> ExactPlan:
    """The plan of an exact run (:func:`plan_exact`) with its deals built, or a refusal with its cost.

    ``limit`` defaults to :data:`EXACT_MAX_SECONDS`.  Random vs random
    preflop is 1,624,350 deals (about 13 minutes one by one) but 93,769
    classes alike up to suits (about 47 seconds by the estimate, 17 in fact):
    planned; with ``by_class=False``, refused.

    >>> from pokercore.equity._holdem_equity import prepare
    >>> ranges = normalise(prepare(["QQ+,AKs", "JJ+", "random"], None, None)[1])
    >>> plan = exact_deals(ranges, 1_712_304, 5, np.zeros(0, np.uint8), 0)
    >>> len(plan.holes), plan.enumerated  # over five minutes by the deals, under 20 s by the classes
    (466992, 23437)
    """
    limit = EXACT_MAX_SECONDS if limit is None else limit
    plan = plan_exact(ranges, boards, need, board, dead_mask, limit, by_class=by_class)
    players = len(ranges)
    if plan.refusal is not None:
        raise _refuse(plan.refusal)
    if plan.seconds > limit or plan.holes is None:
        longer = f" ({duration(plan.seconds).removeprefix('about ')})" if plan.seconds >= 120 else ""
        raise _refuse(f"evaluate {figure(hands(plan, boards, players))} hands ({what(plan)} x {boards:,} boards x "
                      f"{players} players, about {plan.seconds:,.0f} seconds{longer} on one core; the limit is "
                      f"{limit:,.0f} seconds)")
    return plan


def hands(plan: ExactPlan, boards: int, players: int) -> int:
    """Hands an exact run scores: the deals (or classes) enumerated x the boards x the players."""
    return plan.enumerated * boards * players


def what(plan: ExactPlan) -> str:
    """``1,624,350 deals``, or ``1,624,350 deals in 93,769 classes alike up to suits``."""
    deals = plural(plan.deals, "deal")
    return deals if plan.classes is None else f"{deals} in {plural(plan.enumerated, 'class')} alike up to suits"


def plural(n: int, word: str) -> str:
    """``1 deal``, ``12 deals``, ``1,712,304 boards``, ``3 classes``."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}es" if word.endswith("s") else f"{n:,} {word}s"


def deal_classes(holes: Any, board: Any, dead_mask: int) -> tuple[Any, Any] | None:
    """``(representatives, class of each deal)`` when renaming suits makes some deals alike, else None.

    Deals a renaming of suits maps onto each other (the board and the dead
    cards onto themselves) have the same integer counts, so one enumeration
    serves the class.  None too when the classes' counts would take more
    than :data:`CLASS_BYTES`.

    >>> holes = np.array([[51, 47, 43, 39], [50, 46, 42, 38], [51, 47, 42, 38]], dtype=np.uint8)
    >>> reps, cls = deal_classes(holes, np.zeros(0, np.uint8), 0)  # AsKs-QsJs and AhKh-QhJh are alike
    >>> len(reps), cls.tolist()
    (2, [0, 0, 1])
    """
    m, width = holes.shape
    P = width // 2
    first, cls = _unique_rows(_deals.canonical_deals(holes, board, dead_mask))
    if len(first) == m or len(first) * P * (P + 1) * 8 > CLASS_BYTES:
        return None
    return np.ascontiguousarray(holes[first]), cls


def _unique_rows(rows: Any) -> tuple[Any, Any]:
    """``np.unique(rows, axis=0, return_index=True, return_inverse=True)[1:]`` for rows of codes below 64, fast.

    Ten codes of 6 bits make a 64-bit word whose order is that of the codes
    (first code highest), so the rows sort as their words do (one word up to
    five players, two up to ten): a sort of integers, not of rows.

    >>> rows = np.array([[3, 1], [2, 9], [3, 1], [2, 8]], dtype=np.uint8)
    >>> [a.tolist() for a in _unique_rows(rows)]
    [[3, 1, 0], [2, 1, 2, 0]]
    """
    m, width = rows.shape
    words = []
    for lo in range(0, width, 10):
        word = np.zeros(m, dtype=np.uint64)
        for j in range(lo, min(lo + 10, width)):
            word = (word << np.uint64(6)) | (rows[:, j] & 63).astype(np.uint64)
        words.append(word)
    order = np.lexsort(words[::-1])  # stable: each class's first deal comes first
    sorted_words = [w[order] for w in words]
    starts = np.ones(m, dtype=bool)
    if m:
        starts[1:] = np.logical_or.reduce([w[1:] != w[:-1] for w in sorted_words])
    cls = np.empty(m, dtype=np.int64)
    cls[order] = np.cumsum(starts) - 1
    return order[starts], cls


# numpy's SeedSequence.generate_state: 32-bit word i mixes pool word i % pool_size with
# INIT_B * MULT_B**i and INIT_B * MULT_B**(i + 1) (mod 2**32); a 64-bit word is two of them,
# low half first.  numpy keeps this stream fixed across versions (a seed's stream is part of
# its reproducibility promise); tests/holdem check these words against generate_state itself.
_INIT_B = 0x8B51F9DD
_MULT_B = 0x58F38DED
_MASK32 = 0xFFFFFFFF


def unit_seeds(seed: int, lo: int, hi: int) -> Any:
    """Words ``lo..hi-1`` of ``np.random.SeedSequence(seed).generate_state(n, np.uint64)`` (any ``n >= hi``).

    >>> ss = np.random.SeedSequence(7)
    >>> bool((unit_seeds(7, 3, 9) == ss.generate_state(9, np.uint64)[3:9]).all())
    True
    """
    ss = np.random.SeedSequence(seed)
    pool = np.asarray(ss.pool, dtype=np.uint32)
    n = 2 * (hi - lo)
    first = 2 * lo
    steps = np.full(n + 1, _MULT_B, dtype=np.uint32)
    steps[0] = (_INIT_B * pow(_MULT_B, first, 1 << 32)) & _MASK32
    hash_const = np.cumprod(steps, dtype=np.uint32)  # INIT_B * MULT_B**(first + k), wrapping mod 2**32
    words = pool[np.arange(first, first + n) % len(pool)] ^ hash_const[:-1]
    words = words * hash_const[1:]
    words ^= words >> np.uint32(16)
    return words.astype("<u4").view("<u8").astype(np.uint64)
