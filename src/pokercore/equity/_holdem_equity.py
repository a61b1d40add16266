"""Texas hold'em equity: exact enumeration or seeded Monte Carlo, hands and ranges.

:func:`equity` takes 2 to 10 players, each a hand (``"AsKs"``) or a range
(``"QQ+, AKs"``, see :func:`pokercore.equity.parse_range`), a board of 0, 3, 4 or 5 cards
and dead cards.  It reports, per player, the share of the deals won outright,
the share tied, and the equity: the share of the pot, a ``k``-way split
counting ``1/k`` to each tied player.

With ranges, every combination of one combo per player that shares no card
is a deal, weighted by the product of the combo weights (card removal).
When the deals times the boards left are few enough (or ``exact=True``),
every one is enumerated; otherwise ``samples`` random deals are drawn
(seeded: the same seed gives the same result on any number of workers) and
each equity comes with its standard error.

The kernels release the GIL: ``workers=2`` runs on two cores.  Exact
enumeration scores a deal's boards by rank multiset (where nobody flushes,
the ranks alone decide; each multiset of the cards to come is scored once
and counted for every board it stands for), then corrects the few boards
on which someone flushes; deals alike up to a renaming of suits are
enumerated once.  One deal runs on one thread (under a millisecond); runs
of many deals share their deals between the workers.  The work is
split into bounded units; the kernels poll a stop flag and, on the main
thread, the signal handlers, so Ctrl-C stops a run of any size at once.

The modules behind it: :mod:`._checks` (arguments, players, cards),
:mod:`._plan` (weights, the cost and the deals of an exact run, the Monte
Carlo seeds), :mod:`._run` (threads and stopping) and the kernels
``_equity``, ``_deals`` and ``_montecarlo``.

Examples
--------
>>> from pokercore.equity import equity
>>> r = equity(["AsKs", "QdQc"])
>>> r.exact, r.trials, round(r.players[0].equity, 4)
(True, 1712304.0, 0.4621)
>>> r = equity(["AhKh", "QQ+,AKs"], board="Qh 7d 2c")
>>> [p.combos for p in r.players], round(r.players[0].equity, 3)
([1, 12], 0.201)
>>> r = equity(["AsKs", "random", "random"], samples=20_000, seed=1)
>>> r.exact, r.trials, abs(r.players[0].equity - 0.50) < 0.02
(False, 20000.0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb, isfinite
from typing import Any

from ..cards import format_cards
from ..errors import PokercoreValueError
from . import _sampling
from ._arguments import MAX_PLAYERS as MAX_PLAYERS
from ._arguments import MAX_WORKERS as MAX_WORKERS
from ._arguments import PlayerLike, TooManyPlayersError, exact_flag, integer_argument, prepare, run_arguments
from ._exact_plan import EXACT_MAX_SECONDS as EXACT_MAX_SECONDS
from ._exact_plan import MAX_ASSIGNMENTS as MAX_ASSIGNMENTS
from ._exact_plan import ExactPlan, arrays, duration, exact_deals, figure, hands, normalise, plan_exact, plural, what
from ._result import EquityResult, PlayerEquity
from ._sampling import MAX_REJECTS as MAX_REJECTS
from ._sampling import MAX_SECONDS as MAX_SECONDS
from ._sampling import MC_TASK_UNITS as MC_TASK_UNITS
from ._sampling import MC_UNIT as MC_UNIT
from ._sampling import MIN_SECONDS as MIN_SECONDS
from ._sampling import TARGET_FIRST_UNITS as TARGET_FIRST_UNITS
from ._sampling import TARGET_MAX_SAMPLES as TARGET_MAX_SAMPLES
from ._sampling import TARGET_STDERR_BELOW as TARGET_STDERR_BELOW
from ._sampling import TARGET_STDERR_MIN as TARGET_STDERR_MIN
from ._tasks import EXACT_TASKS as EXACT_TASKS
from ._tasks import exact_run

__all__ = [
    "EXACT_AUTO_SECONDS", "EXACT_MAX_SECONDS", "EquityResult", "PlayerEquity", "PlayerLike", "TooManyPlayersError",
    "equity",
]

#: Exact enumeration is chosen automatically when it should take at most this many seconds on one core:
#: (deals after card removal) x players at ``_plan.EXACT_SECONDS_PER_PLAYER`` for the street.
EXACT_AUTO_SECONDS = 1.0
#: Names an earlier version had, with the values they had: nothing reads them any more (exact runs are now
#: limited by their estimated time, :data:`EXACT_MAX_SECONDS`); reading one warns.
_GONE = {"EXACT_LIMIT": 350_000_000, "EXACT_MAX_HANDS": 100_000_000_000}
#: Default number of Monte Carlo samples.
DEFAULT_SAMPLES = _sampling.DEFAULT_SAMPLES
#: Most Monte Carlo samples (about six hours on one core).
MAX_SAMPLES = 10**12
#: Seeds are integers from 0 to this (128 bits, what ``numpy.random.SeedSequence`` draws).
MAX_SEED = 2**128 - 1
#: Combinations searched while counting the deals to choose the method (a few milliseconds).
AUTO_COUNT_STEPS = 2_000_000
#: Most deals whose classes alike up to suits are sought to choose the method (all an exact run may have:
#: building 2 million deals and finding their classes takes about a third of a second).
AUTO_CLASS_DEALS = MAX_ASSIGNMENTS


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def equity(
    players: Sequence[PlayerLike],
    board: object = None,
    dead: object = None,
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    progress: bool | Callable[[int, int], None] | None = None,
    executor: Any = None,
    target_stderr: float | None = None,
    seconds: float | None = None,
) -> EquityResult:
    """Hold'em equity of 2-10 hands or ranges.

    Parameters
    ----------
    players : list of str, Range or card codes
        Each a two-card hand (``"AsKs"``, ``[51, 47]``) or a range
        (``"QQ+, AKs"``).
    board : cards, optional
        0, 3, 4 or 5 known board cards.
    dead : cards, optional
        Cards out of the deck (folded or seen).
    exact : bool, optional
        True: enumerate every deal and board; False: Monte Carlo.  Default:
        exact when its estimated time (the deals left after card removal, or
        their classes alike up to a renaming of suits, which are enumerated
        once each, x the players x a time measured for each street) is at
        most :data:`EXACT_AUTO_SECONDS` on one core and no ``samples`` are
        given, else Monte Carlo; ``EquityResult.method`` says which and why.
        ``exact=True`` is refused up front when that estimate exceeds
        :data:`EXACT_MAX_SECONDS` (five minutes on one core), or the deals
        exceed :data:`MAX_ASSIGNMENTS`; the message gives the figure.
    samples : int, optional
        Monte Carlo samples, 1 to 10**12 (default :data:`DEFAULT_SAMPLES`).
    seed : int, optional
        Monte Carlo seed, 0 to 2**128 - 1; None picks one and reports it in
        the result.
    workers : int, default 1
        Threads running the kernels (the GIL is released), 1 to 256.
    progress : bool or callable, optional
        True prints progress to stderr; a callable gets ``(done, total)`` units.
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Run the units elsewhere: a process pool, or a Dask cluster for the
        long runs one machine struggles with (exact multiway equities over
        big ranges).  The answer is the same as in this process, bit for bit
        (the seed decides the samples of each unit).  Not with ``workers``;
        Ctrl-C cancels the units not started, a running one finishes where
        it runs.
    target_stderr : float, optional
        Monte Carlo until every player's standard error is at most this
        (e.g. 0.001): rounds of whole seeded units, doubling, checked after
        each round, so where the run stops depends on the seed and the
        target alone, never on the machine's speed.  ``samples`` is then
        the most to draw (default 10**10); the result's ``trials`` says how
        many were drawn, and ``samples=trials`` with the same seed gives the
        same figures.
    seconds : float, optional
        Monte Carlo for about this long (0.01 to 86,400): a time budget
        turned into a sample count.  A seeded calibration (the first 65,536
        or more samples of the run) measures the speed, the count is rounded
        up to a multiple of 65,536 and then drawn like ``samples=``.  The
        clock chooses only how many samples; the result reports the count
        (``trials``, and ``method`` says how it was chosen), and
        ``samples=trials`` with the same seed gives the same numbers to the
        bit.  ``samples`` is then the most to draw.

    ``samples``, ``seed`` and ``workers`` are integers (``int`` or a numpy
    integer; not ``bool``, ``float`` or ``str``).  A run stops within
    milliseconds, whatever the number of workers, when Ctrl-C is pressed
    (``KeyboardInterrupt``) or ``progress`` raises: the exception propagates
    and no work goes on in the background.

    Returns
    -------
    EquityResult

    Raises
    ------
    DuplicateCardError
        A card in two places (two hands, a hand and the board, ...).
    RangeSyntaxError, EmptyRangeError
        A range that does not parse, or has no combo left after card removal.
    TooManyPlayersError
        Fewer than 2 or more than 10 players, or not enough cards in the deck.
    PokercoreTypeError, PokercoreValueError
        An argument of the wrong type or out of its range (the message names
        it), or an exact run out of reach (the message gives its cost).

    Examples
    --------
    >>> r = equity(["AsAd", "KsKd", "QsQd"], board="2c 7h 9d 4s")
    >>> [round(p.equity, 4) for p in r.players]
    [0.9048, 0.0476, 0.0476]
    >>> r = equity(["AsKd", "AcKh"], board="2c 3d 4h 8s 9c")  # the same hand splits
    >>> r.players[0].tie, r.players[0].equity
    (1.0, 0.5)
    """
    import numpy as np

    from . import _montecarlo

    exact = exact_flag(exact)
    workers, executor, report = run_arguments(workers, executor, progress)
    if samples is not None:
        samples = integer_argument("samples", samples, 1, MAX_SAMPLES, "10**12")
    if seed is not None:
        seed = integer_argument("seed", seed, 0, MAX_SEED, "2**128 - 1")
    if exact and samples is not None:
        raise PokercoreValueError("give either exact=True or samples=N, not both")
    target_stderr, seconds = _sampling.stop_rule_arguments(exact, target_stderr, seconds)
    labels, ranges, board_codes, dead_codes = prepare(players, board, dead)
    ranges = normalise(ranges)
    P = len(ranges)
    need = 5 - len(board_codes)
    live = 52 - len(board_codes) - len(dead_codes) - 2 * P
    boards = comb(live, need)
    board_arr = np.array(board_codes, dtype=np.uint8)
    dead_mask = _mask(dead_codes)
    plan = None
    rule = _sampling.stop_rule_method(target_stderr, seconds)
    if rule is not None:
        exact, method = False, rule
    elif exact is not None:
        method = "exact (asked for)" if exact else "Monte Carlo (asked for)"
    elif samples is not None:
        exact, method = False, "Monte Carlo (samples given)"
    else:
        exact, method, plan = _choose(ranges, boards, need, board_arr, dead_mask)
    if exact:
        if plan is None:
            plan = exact_deals(ranges, boards, need, board_arr, dead_mask)
        n_deals = len(plan.holes)
        counts, total = exact_run(plan.holes, plan.weights, board_arr, dead_mask, workers, report, executor,
                                  plan.classes)
        se = [0.0] * P
        used_seed = None
    else:
        n_deals = 0
        used_seed = _sampling.seed_or_fresh(seed)
        plan_args = (*arrays(ranges), board_arr, dead_mask)
        shares, se, n, note = _sampling.monte_carlo(
            _montecarlo.MonteCarloPlan(*plan_args), plan_args, used_seed, samples=samples,
            target_stderr=target_stderr, seconds=seconds, workers=workers, executor=executor, report=report)
        total = float(n)
        counts = shares * total
        if note:
            method = f"{method}; {note}"
    combos = _combos_left(ranges)
    results = tuple(
        PlayerEquity(labels[p], combos[p], float(counts[0, p] / total), float(counts[1, p] / total),
                     float((counts[0, p] + counts[2, p]) / total), se[p], float(counts[2, p] / total),
                     high=float((counts[0, p] + counts[2, p]) / total))
        for p in range(P)
    )
    if not all(isfinite(x) for r in results for x in (r.win, r.tie, r.equity, r.stderr)) or not total > 0:
        # Weights are normalised and deals weighed exponent apart, so this is a bug, not bad input.
        raise RuntimeError(f"equity: non-finite result {results} (total weight {total})")
    return EquityResult(results, format_cards(board_codes) if board_codes else "",
                        format_cards(dead_codes) if dead_codes else "", bool(exact), total, used_seed, method,
                        n_deals, boards if exact else 0)




def _choose(ranges: Any, boards: int, need: int, board: Any, dead_mask: int) -> tuple[bool, str, ExactPlan | None]:
    """Exact when its estimated time on one core is at most :data:`EXACT_AUTO_SECONDS`, else Monte Carlo; why;
    and the exact plan, built on the way.

    The estimate (:func:`~pokercore.equity._exact_plan.plan_exact`) counts the real
    deals after card removal (combos that share a card are no deal), not
    the product of the range sizes, or their classes alike up to suits (one
    enumeration each) when the deals are over the limit, a class per 24
    deals could bring them under, and they are at most
    :data:`AUTO_CLASS_DEALS`.
    """
    plan = plan_exact(ranges, boards, need, board, dead_mask, EXACT_AUTO_SECONDS, steps=AUTO_COUNT_STEPS,
                      class_deals=AUTO_CLASS_DEALS)
    if plan.refusal is not None:
        return False, "Monte Carlo (chosen: the ranges have too many deals to enumerate quickly)", None
    about = f"{what(plan)} x {plural(boards, 'board')}, {duration(plan.seconds)} on one core"
    if plan.seconds <= EXACT_AUTO_SECONDS:
        return True, f"exact (chosen: {about})", plan
    scored = figure(hands(plan, boards, len(ranges)))
    return False, f"Monte Carlo (chosen: exact would score {scored} hands: {about})", None


def _combos_left(ranges: Any) -> list[int]:
    """Each range's combos that share no card with the board, the dead cards or another player's single hand.

    The same figure whatever the method (a combo that shares a card with
    another range's combos still counts: it is dealt whenever that range
    holds another combo).
    """
    fixed = [set(r[0][0]) if len(r) == 1 else set() for r in ranges]
    out = []
    for p, r in enumerate(ranges):
        taken = set().union(*(f for q, f in enumerate(fixed) if q != p))
        out.append(sum(1 for (a, b), _ in r if a not in taken and b not in taken))
    return out


def __getattr__(name: str) -> int:
    """``EXACT_LIMIT`` and ``EXACT_MAX_HANDS`` still read (with a ``DeprecationWarning``): they limit nothing now."""
    if name in _GONE:
        import warnings

        warnings.warn(f"pokercore.equity.{name} no longer limits anything: exact runs are chosen under "
                      "EXACT_AUTO_SECONDS and refused over EXACT_MAX_SECONDS of estimated time; read those",
                      DeprecationWarning, stacklevel=2)
        return _GONE[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
