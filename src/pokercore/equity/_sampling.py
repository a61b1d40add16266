"""The one Monte Carlo driver of every game (seeded units, stop rules, threads and executors); hold'em's tallies.

Every game's Monte Carlo runs through :func:`run_units`; hold'em's samplers are
the kernels of ``_montecarlo`` (below), the other games' are
:mod:`pokercore.equity._variant_samplers`.

A run is a stream of units of :data:`MC_UNIT` samples; unit ``u`` is seeded
by word ``u`` of ``SeedSequence(seed)`` (see :func:`._plan.unit_seeds`), so
the first ``k`` units of any run with one seed are the same samples.  What
decides a result is the seed and the number of samples, nothing else:

- the tallies add up exactly (integer counts, or the weighted sampler's
  sums held as 256-bit fixed-point integers), so the units may run on any
  number of threads, processes or Dask workers, in any grouping;
- ``target_stderr`` runs rounds of whole units, doubling, and stops after
  the first round where every standard error is at most the target: where
  it stops depends on the samples, never on the clock;
- ``seconds`` is a time budget turned into a sample count once: a seeded
  calibration round measures the speed, the count is rounded up to whole
  blocks of :data:`SECONDS_BLOCK` samples and then run like ``samples=``.
  The clock chooses only the count; the result reports it (``trials``), and
  ``samples=trials`` with the same seed gives the same numbers to the bit.

Two samplers (``_montecarlo``).  Rejection draws each ranged player's combo
independently and redraws the whole deal when two share a card: exact
samples, integer counts, and no rejection at all with at most one ranged
player.  The conditional sampler draws the ranged players one after another
among the combos still possible, and weighs each sample by how many were
(see ``_montecarlo.h``): no rejection, whatever the overlap.  With two or
more ranged players a pilot of :data:`PILOT_SAMPLES` conditional samples
(a fixed seed, so the choice depends on the question alone) estimates the
share of independent draws that give disjoint hands (the mean weight);
rejection runs when it is at least :data:`REJECTION_FROM`, else the
conditional sampler.

>>> from pokercore.equity._exact_plan import arrays
>>> import numpy as np
>>> from pokercore.equity import _montecarlo
>>> plan = _montecarlo.MonteCarloPlan(*arrays([[((51, 47), 1.0)], [((43, 42), 1.0)]]),
...                                   np.zeros(0, np.uint8), 0)
>>> shares, se, n, note = monte_carlo(plan, (), 7, samples=10_000)
>>> n, round(float(shares[0].sum() + shares[2].sum()), 12)
(10000, 1.0)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from math import isfinite, sqrt
from typing import Any, cast

import numpy as np

from ..errors import PokercoreValueError, cut
from ._exact_plan import figure, unit_seeds
from ._holdem_ranges import EmptyRangeError
from ._tasks import run_on_executor, run_tasks

__all__ = [
    "DEFAULT_SAMPLES",
    "MAX_REJECTS",
    "MAX_SECONDS",
    "MC_TASK_UNITS",
    "MC_UNIT",
    "MIN_SECONDS",
    "PILOT_SAMPLES",
    "REJECTION_FROM",
    "SECONDS_BLOCK",
    "TARGET_FIRST_UNITS",
    "TARGET_MAX_SAMPLES",
    "TARGET_STDERR_BELOW",
    "TARGET_STDERR_MIN",
    "choose_weighted",
    "monte_carlo",
    "monte_carlo_task",
    "run_units",
    "seconds_argument",
    "seed_or_fresh",
    "stats",
    "stop_rule_arguments",
    "stop_rule_method",
    "stop_rules",
]

#: Default number of Monte Carlo samples.
DEFAULT_SAMPLES = 200_000
#: Samples per seeded Monte Carlo unit (fixed, so results do not depend on ``workers``).
MC_UNIT = 1 << 12
#: Most units in one kernel call (4 M samples): bounds the seeds a task holds.
MC_TASK_UNITS = 1 << 10
#: Rejected combo draws in a row after which the ranges are judged to (almost) never be disjoint.
MAX_REJECTS = 1_000_000
#: Monte Carlo with a target standard error: the first round's units (262,144 samples), and the most samples.
TARGET_FIRST_UNITS = 64
TARGET_MAX_SAMPLES = 10**10
#: A target standard error is at least this and below :data:`TARGET_STDERR_BELOW`.
TARGET_STDERR_MIN = 1e-6
TARGET_STDERR_BELOW = 0.5
#: A time budget becomes a multiple of this many samples (16 units).
SECONDS_BLOCK = 16 * MC_UNIT
#: The calibration of a time budget runs rounds of units (doubling from 16) until this share of the budget.
SECONDS_CALIBRATION = 0.1
#: Least and most seconds of a time budget (a day), and most samples it may choose.
MIN_SECONDS = 0.01
MAX_SECONDS = 86_400.0
MAX_BUDGET_SAMPLES = 10**12

#: The pilot that chooses the sampler: its samples, its seed, and the acceptance rate from which rejection runs.
PILOT_SAMPLES = 1024
PILOT_SEED = 0x5EED
REJECTION_FROM = 0.5

_MAXP = 10
_ROW = _MAXP + 1
_SCALE = 1 << 192


def seed_or_fresh(seed: int | None) -> int:
    """``seed``, or a fresh one from the operating system's entropy (reported with the result) when None."""
    return int(cast(int, np.random.SeedSequence().entropy) % (1 << 63)) if seed is None else seed


def stop_rule_arguments(exact: bool | None, target_stderr: object,
                        seconds: object) -> tuple[float | None, float | None]:
    """``(target_stderr, seconds)`` checked: numbers in range, for Monte Carlo, at most one of them."""
    if target_stderr is not None:
        if isinstance(target_stderr, bool) or not isinstance(target_stderr, (int, float)) \
                or not (isfinite(target_stderr) and TARGET_STDERR_MIN <= target_stderr < TARGET_STDERR_BELOW):
            raise PokercoreValueError("stderr (the target standard error) must be a number from 1e-6 to 0.5 "
                                      f"(e.g. 0.001), got {cut(target_stderr)}")
        if exact:
            raise PokercoreValueError("stderr is a Monte Carlo target; exact=True has no error to target")
    if seconds is not None:
        seconds = seconds_argument(seconds)
        if exact:
            raise PokercoreValueError("seconds is a Monte Carlo time budget; exact=True runs to the end")
        if target_stderr is not None:
            raise PokercoreValueError("give either seconds or stderr, not both")
    return (None if target_stderr is None else float(target_stderr)), seconds


def stop_rule_method(target_stderr: float | None, seconds: float | None) -> str | None:
    """The method line of a run with a stop rule (None without one)."""
    if target_stderr is not None:
        return f"Monte Carlo (until every standard error is at most {target_stderr:g})"
    if seconds is not None:
        return f"Monte Carlo (time budget {seconds:g} s)"
    return None


def seconds_argument(seconds: object) -> float:
    """``seconds`` checked: a number from 0.01 to 86,400."""
    from math import isfinite

    from ..errors import cut

    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
            or not (isfinite(seconds) and MIN_SECONDS <= seconds <= MAX_SECONDS):
        raise PokercoreValueError(f"seconds must be a number from 0.01 to 86400 (e.g. 2), got {cut(seconds)}")
    return float(seconds)


def _exact_ints(sums: Any) -> Any:
    """The kernel's 256-bit fixed-point rows as an object array of Python ints (exact)."""
    limbs = sums.tolist()
    return np.array([a | (b << 64) | (c << 128) | (d << 192) for a, b, c, d in limbs], dtype=object)


def stats(tally: Any, n: int, players: int) -> tuple[Any, list[float], float]:
    """``(shares, se, effective)`` of a tally of ``n`` samples.

    ``shares[0]``, ``[1]``, ``[2]``: each player's share won alone, share
    tied, and pot share won from ties; ``se`` the standard error of each
    equity (``win + tie share``); ``effective`` the effective sample size
    (``n`` for the exact sampler; ``(sum w)**2 / sum w**2`` for the weighted
    one).  The weighted standard error is the ratio estimator's (the delta
    method): ``sqrt(sum w**2 (x - R)**2) / sum w``.
    """
    k = np.arange(2, _MAXP + 1, dtype=np.float64)
    if tally.dtype == object:
        vals = np.array([x / _SCALE for x in tally.tolist()], dtype=np.float64)
        a = vals[:_MAXP * _ROW].reshape(_MAXP, _ROW)[:players]
        b = vals[_MAXP * _ROW:2 * _MAXP * _ROW].reshape(_MAXP, _ROW)[:players]
        s, s2 = float(vals[-2]), float(vals[-1])
        if not s > 0:
            raise EmptyRangeError(
                f"no deal in {n:,} samples: each left some player only combos that share a card with the "
                "other hands; the ranges (almost) never give the players disjoint hands: check them, narrow "
                "them or give explicit hands")
        if not s2 > 0:  # weights above the sums' resolution (2**-192 of a full weight), their squares below it
            raise EmptyRangeError(
                f"the deals of {n:,} samples weigh almost nothing (under 2**-96 of the heaviest combos, too "
                "little to measure their spread): the ranges (almost) never give the players disjoint hands "
                "with their heavier combos: check the weights, narrow the ranges or give explicit hands")
    else:
        a = b = tally[:players].astype(np.float64)
        s = s2 = float(n)
    wins = a[:, 0]
    ties = a[:, 2:].sum(axis=1)
    tie_share = (a[:, 2:] / k).sum(axis=1)
    r = (wins + tie_share) / s
    wx = b[:, 0] + (b[:, 2:] / k).sum(axis=1)
    wxx = b[:, 0] + (b[:, 2:] / (k * k)).sum(axis=1)
    var = np.maximum(wxx - 2 * r * wx + r * r * s2, 0.0)
    se = [float(sqrt(v * n / max(n - 1, 1)) / s) for v in var]
    return np.stack([wins / s, ties / s, tie_share / s]), se, s * s / s2


#: ``units(lo, hi, n_total, stop, signals)``: the exact tally of units ``lo..hi-1`` of a run of ``n_total``
#: samples; ``stop`` a flag the kernels poll, ``signals`` True on the main thread (the kernels check Ctrl-C).
Units = Callable[[int, int, int, Any, bool], Any]


def run_units(units: Units, remote: tuple[Callable[..., Any], tuple[Any, ...]], max_stderr: Callable[[Any, int], float],
              seed: int, *, samples: int | None = None, target_stderr: float | None = None,
              seconds: float | None = None, workers: int = 1, executor: Any = None,
              report: Callable[[int, int], None] | None = None, task_units: int = MC_TASK_UNITS,
              ) -> tuple[int, Any, str]:
    """The one Monte Carlo driver of every game: ``(n, tally, note)`` of a seeded run under its stop rule.

    ``units`` runs in this process, on ``workers`` threads; with an
    ``executor`` (a process pool, a Dask cluster) ``remote = (fn, args)``
    runs them there as ``fn(*args, seed, lo, hi, n_total)``, a module-level
    function that rebuilds the sampler from picklable arrays.  Tasks are
    runs of at most ``task_units`` whole units; the tallies add up exactly,
    so the grouping never changes the answer.  ``note`` says what the stop
    rule did (a time budget's sample count).
    """

    def sample(ulo: int, uhi: int, n_total: int) -> Any:
        """The tally of units ``ulo..uhi-1`` of a run of ``n_total`` samples (the last unit may be short)."""
        n_units = uhi - ulo
        if executor is None:
            n_tasks = min(n_units, max(-(-n_units // task_units), 1 if workers == 1 else 8 * workers,
                                       64 if report else 1))

            def run(i: int, stop: Any, signals: bool) -> Any:
                return units(ulo + n_units * i // n_tasks, ulo + n_units * (i + 1) // n_tasks, n_total, stop,
                             signals)

            parts = run_tasks(run, n_tasks, workers, report)
        else:
            fn, args = remote
            n_tasks = min(n_units, max(-(-n_units // task_units), 64))
            spans = [(ulo + n_units * i // n_tasks, ulo + n_units * (i + 1) // n_tasks) for i in range(n_tasks)]
            parts = run_on_executor(executor, fn, [(*args, seed, lo, hi, n_total) for lo, hi in spans], report)
        tally = parts[0]
        for p in parts[1:]:
            tally = tally + p
        return tally

    return stop_rules(sample, max_stderr, seed, samples=samples, target_stderr=target_stderr, seconds=seconds)


def monte_carlo(plan: Any, plan_args: tuple[Any, ...], seed: int, *, samples: int | None = None,
                target_stderr: float | None = None, seconds: float | None = None, workers: int = 1,
                executor: Any = None, report: Callable[[int, int], None] | None = None,
                ) -> tuple[Any, list[float], int, str]:
    """Hold'em: run ``plan`` (a ``MonteCarloPlan``): ``(shares, se, n, note)``; see the module docs.

    ``plan_args`` rebuild the plan where an ``executor`` runs the units;
    ``note`` says what the run did (the time budget's sample count, the
    effective samples of the weighted sampler), for the result's method.
    """
    players = plan.players
    weighted = choose_weighted(plan)

    def units(lo: int, hi: int, n_total: int, stop: Any, signals: bool) -> Any:
        return _units(plan, weighted, seed, lo, hi, n_total, stop, signals)

    n, tally, note = run_units(units, (monte_carlo_task, (plan_args, weighted)),
                               lambda t, m: max(stats(t, m, players)[1]), seed, samples=samples,
                               target_stderr=target_stderr, seconds=seconds, workers=workers, executor=executor,
                               report=report)
    shares, se, effective = stats(tally, n, players)
    if weighted:
        note += (("; " if note else "") + f"conditional sampler: importance-weighted deals, "
                 f"{figure(effective)} effective samples of {figure(n)}")
    return shares, se, n, note


def stop_rules(sample: Callable[[int, int, int], Any], max_stderr: Callable[[Any, int], float], seed: int, *,
               samples: int | None, target_stderr: float | None, seconds: float | None) -> tuple[int, Any, str]:
    """``(n, tally, note)`` of a run of seeded units under its stop rule (see the module docs).

    ``sample(lo, hi, n_total)`` is the tally of units ``lo..hi-1`` of a run
    of ``n_total`` samples (:data:`MC_UNIT` each, the last one short), and
    tallies add up exactly; ``max_stderr(tally, n)`` is the largest standard
    error of a tally of ``n`` samples.  The same seed and rule give the same
    units, so the same result, whatever runs them.
    """
    if seconds is not None:
        return _budget(sample, seconds, seed, samples)
    if target_stderr is None:
        n = DEFAULT_SAMPLES if samples is None else samples
        return n, sample(0, (n + MC_UNIT - 1) // MC_UNIT, n), ""
    # Rounds of whole units, doubling, until every standard error is at most the target:
    # where it stops depends on the seed and the target alone.
    cap = TARGET_MAX_SAMPLES if samples is None else samples
    cap_units = (cap + MC_UNIT - 1) // MC_UNIT
    done, step, tally = 0, TARGET_FIRST_UNITS, None
    while True:
        hi = min(done + step, cap_units)
        part = sample(done, hi, cap)
        tally = part if tally is None else tally + part
        done, step = hi, hi
        n = min(done * MC_UNIT, cap)
        if done == cap_units or max_stderr(tally, n) <= target_stderr:
            return n, tally, ""


def _budget(sample: Callable[[int, int, int], Any], seconds: float, seed: int,
            most: int | None) -> tuple[int, Any, str]:
    """A time budget as a sample count: calibrate on the first units, round up, run the rest.

    The calibration rounds are the first units of the same stream, so they
    are part of the result: the run equals ``samples=n`` with the same seed.
    """
    t0 = time.perf_counter()
    done, step, tally = 0, 16, None
    cap_units = None if most is None else -(-most // MC_UNIT)
    n_total = MAX_BUDGET_SAMPLES if most is None else most  # every unit full but the cap's last
    while True:
        hi = done + step if cap_units is None else min(done + step, cap_units)
        part = sample(done, hi, n_total)
        tally = part if tally is None else tally + part
        done, step = hi, hi
        elapsed = time.perf_counter() - t0
        if elapsed >= SECONDS_CALIBRATION * seconds or done == cap_units:
            break
    block = SECONDS_BLOCK // MC_UNIT
    units = -(-int(done * seconds / max(elapsed, 1e-9)) // block) * block
    units = min(max(units, -(-done // block) * block), MAX_BUDGET_SAMPLES // MC_UNIT)
    if cap_units is not None:
        units = min(units, cap_units)
    if units > done:
        tally = tally + sample(done, units, n_total)
    n = units * MC_UNIT
    if most is not None:
        n = min(n, most)  # only when the cap ends in a short unit: the cap itself is the count
    return n, tally, (f"time budget {seconds:g} s: {n:,} samples from {figure(done * MC_UNIT)} calibration "
                      f"samples at {figure(done * MC_UNIT / max(elapsed, 1e-9))} samples/s; "
                      f"samples={n} with seed {seed} gives the same result")


def choose_weighted(plan: Any) -> bool:
    """True for the conditional sampler: two or more ranged players and a pilot acceptance rate under 1/2.

    >>> import numpy as np
    >>> from pokercore.equity import _montecarlo
    >>> from pokercore.equity._exact_plan import arrays
    >>> from pokercore.equity._arguments import prepare
    >>> def plan(*players):
    ...     _, r, _, _ = prepare(list(players), None, None)
    ...     return _montecarlo.MonteCarloPlan(*arrays(r), np.zeros(0, np.uint8), 0)
    >>> choose_weighted(plan("AA", "KK")), choose_weighted(plan("AA,KK", "AA,KK", "AA,KK"))
    (False, True)
    """
    if not plan.weighted:
        return False
    seeds = np.array([PILOT_SEED], dtype=np.uint64)
    sums, _ = plan.run_weighted(seeds, 0, 1, PILOT_SAMPLES, PILOT_SAMPLES)
    return bool(_exact_ints(sums)[-2] < int(REJECTION_FROM * PILOT_SAMPLES) * _SCALE)


def _units(plan: Any, weighted: bool, seed: int, lo: int, hi: int, n_total: int, stop: Any,
           signals: bool) -> Any:
    """The tally of hold'em units ``lo..hi-1`` of a run of ``n_total`` samples."""
    seeds = unit_seeds(seed, lo, hi)
    if weighted:
        sums, dead = plan.run_weighted(seeds, lo, hi, n_total, MC_UNIT, stop, signals, lo)
        tally, failed = _exact_ints(sums), dead == -1
    else:
        tally, rejects = plan.run(seeds, lo, hi, n_total, MC_UNIT, MAX_REJECTS, stop, signals, lo)
        failed = rejects == -1
    if failed:
        raise EmptyRangeError(
            "the ranges almost never give the players disjoint hands (a million draws in a row "
            "shared a card); narrow them or give explicit hands"
        )
    return tally


def monte_carlo_task(plan_args: tuple[Any, ...], weighted: bool, seed: int, lo: int, hi: int, samples: int) -> Any:
    """Hold'em Monte Carlo units ``lo..hi-1`` on a plan rebuilt from its arrays (a plan does not pickle)."""
    from . import _montecarlo

    plan = _montecarlo.MonteCarloPlan(*plan_args)
    return _units(plan, weighted, seed, lo, hi, samples, None, False)
