"""Monte Carlo samplers of PLO, PLO8 and short deck: their seeded units, run by the one driver.

A run is a stream of units of :data:`~pokercore.equity._sampling.MC_UNIT` samples,
as in hold'em (:mod:`pokercore.equity._sampling`): unit ``u`` draws its samples
from a ``PCG64`` seeded with word ``u`` of ``SeedSequence(seed)``
(:func:`pokercore.equity._exact_plan.unit_seeds`), so the first ``k`` units of
every run with one seed are the same samples.  A unit's tally is integers:
pot shares are counted in 1/:data:`SHARE` of a pot (every split among up to
10 players, halved in hi-lo, is a whole number of them) and their squares
in 1/``SHARE**2``.  Integer tallies add up exactly, so the units may run on
any number of threads in any grouping, and the stop rules of
:func:`pokercore.equity._sampling.stop_rules` (a sample count, a target standard
error, a time budget) apply unchanged: the seed and the sample count decide
the answer, nothing else.

Two samplers.  Explicit hands: each unit draws its boards' missing cards
from the live cards, each uniform over what the board so far leaves.
Ranges: each unit proposes blocks of deals (a combo per seat by weight),
keeps those whose combos share no card, and draws each missing
board card uniformly from the deck again while it is a card the deal (or
the board so far) already holds; a unit takes the first deals it keeps
until it has its samples.  A block's size is what the unit still needs
divided by the share of proposals that fit, measured once per question on
a pilot block with a fixed seed, so few deals are thrown away and the
draws still depend on the seed and the question alone.

>>> import numpy as np
>>> from pokercore.equity._variants import GAME_OMAHA
>>> holes = np.array([[51, 50, 47, 46], [43, 42, 39, 38]], dtype=np.uint8)
>>> live = np.array([c for c in range(52) if c not in holes], dtype=np.uint8)
>>> args = (GAME_OMAHA, holes, np.zeros(0, np.uint8), live)
>>> tally, n, note = run("explicit", args, 2, seed=7, samples=10_000)
>>> n, int(tally[2].sum() + tally[3].sum()) == n * SHARE
(10000, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import sqrt
from typing import Any

import numpy as np

from ..errors import PokercoreValueError
from . import _sampling
from ._exact_plan import unit_seeds
from ._range_deals import BLOCK, EMPTY_BLOCKS, Seat, score
from ._variants import rows_tally

__all__ = [
    "SAMPLERS", "SHARE", "TASK_UNITS", "explicit_sampler", "range_sampler", "remote_units", "run", "shares",
]

#: A pot counted in whole parts: 2 * lcm(1..10) / 2, so that a half pot split among up to 10 is whole.
SHARE = 5040
#: Units per thread task (256 K samples): tasks short enough for both threads to stay busy to the end.
TASK_UNITS = 64
#: The seed of the pilot block that estimates how many proposed deals of ranges fit together.
PILOT_SEED = 0x5EED
_SCALES = np.array([1, 1, SHARE, SHARE, SHARE * SHARE], dtype=np.float64)[:, None]
_ONE = np.uint64(1)

#: ``units(lo, hi, n_total, stop, signals)``: the integer tally (5, P) of units ``lo..hi-1`` of a run of
#: ``n_total`` (``signals`` is not used: these units are short numpy steps, Ctrl-C lands between them).
Units = Callable[[int, int, int, Any, bool], np.ndarray]


def _unit_rngs(seed: int, lo: int, hi: int, n_total: int) -> Iterator[tuple[int, np.random.Generator]]:
    """``(samples, generator)`` of units ``lo..hi-1``, one at a time: MC_UNIT samples each, the run's last
    one short."""
    unit = _sampling.MC_UNIT
    for u, s in zip(range(lo, hi), unit_seeds(seed, lo, hi)):
        yield min(unit, n_total - u * unit), np.random.Generator(np.random.PCG64(int(s)))


def explicit_sampler(code: int, holes: np.ndarray, known: np.ndarray, live: np.ndarray) -> Callable[[int], Units]:
    """Units of random boards for explicit ``holes`` (P, k): ``sampler(seed)`` gives the units of a seed."""

    def for_seed(seed: int) -> Units:
        def units(lo: int, hi: int, n_total: int, stop: Any, signals: bool = False) -> np.ndarray:
            tally = np.zeros((5, holes.shape[0]), dtype=np.int64)
            for m, rng in _unit_rngs(seed, lo, hi, n_total):
                if stop is not None and stop[0]:
                    break
                boards = _boards(rng, known, live, np.zeros(m, dtype=np.uint64))
                # The kernel's float sums of one unit are within far less than half a part of whole parts.
                tally += np.rint(rows_tally(code, holes, boards) * _SCALES).astype(np.int64)
            return tally
        return units
    return for_seed


def _boards(rng: np.random.Generator, known: np.ndarray, deck: np.ndarray, taken: np.ndarray) -> np.ndarray:
    """A board per row of ``taken`` (card masks): ``known``, then each missing card uniform over ``deck``'s
    cards that the row and its cards so far leave (drawn again while it is one of them)."""
    m = len(taken)
    boards = np.empty((m, 5), dtype=np.uint8)
    boards[:, :len(known)] = known
    taken = taken.copy()
    for q in range(len(known), 5):
        cards = deck[rng.integers(0, len(deck), size=m)]
        bits = _ONE << cards.astype(np.uint64)
        clash = np.flatnonzero(taken & bits)
        while len(clash):
            cards[clash] = deck[rng.integers(0, len(deck), size=len(clash))]
            bits[clash] = _ONE << cards[clash].astype(np.uint64)
            clash = clash[(taken[clash] & bits[clash]) != 0]
        taken |= bits
        boards[:, q] = cards
    return boards


def range_sampler(game: str, seats: list[Seat], known: np.ndarray, deck: np.ndarray) -> Callable[[int], Units]:
    """Units of random deals and boards for seats with ranges; ``deck``: the cards a board may take."""
    # Each seat's cumulative weights, or None when its combos weigh the same (then a uniform index is the draw).
    cum = [None if np.all(s.weights == s.weights[0]) else np.cumsum(s.weights) / float(np.sum(s.weights))
           for s in seats]

    def propose(rng: np.random.Generator, size: int) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
        """``size`` proposed deals: each seat's combo indices, the deals' card masks, which ones fit."""
        picks = []
        used = np.zeros(size, dtype=np.uint64)
        fits = np.ones(size, dtype=bool)
        for s, c in zip(seats, cum):
            n = len(s.masks)
            pick = (np.zeros(size, dtype=np.int64) if n == 1 else rng.integers(0, n, size) if c is None else
                    np.minimum(np.searchsorted(c, rng.random(size), side="right"), n - 1))
            cards = s.masks[pick]
            fits &= (used & cards) == 0
            used |= cards
            picks.append(pick)
        return picks, used, fits

    # The share of proposals that fit, from a pilot block with a fixed seed (so it depends on the question
    # alone): a unit proposes about what it needs, and throws little away.
    fit = max(float(np.mean(propose(np.random.Generator(np.random.PCG64(PILOT_SEED)), BLOCK)[2])), 1 / BLOCK)

    def deals(rng: np.random.Generator, m: int) -> tuple[list[np.ndarray], np.ndarray]:
        """Up to ``m`` deals whose combos fit together (the first kept of blocks of proposals)."""
        size = min(max(int(m / fit) + 64, 256), 16 * BLOCK)
        for _ in range(EMPTY_BLOCKS):
            picks, used, fits = propose(rng, size)
            rows = np.flatnonzero(fits)[:m]
            if len(rows):
                return [np.ascontiguousarray(s.holes[p[rows]]) for s, p in zip(seats, picks)], used[rows]
        raise PokercoreValueError(
            f"the ranges almost never fit together: {EMPTY_BLOCKS:,} blocks of {size:,} deals drawn in a row all "
            "gave two players a card in common; narrow the ranges, or use exact=True")

    def for_seed(seed: int) -> Units:
        def units(lo: int, hi: int, n_total: int, stop: Any, signals: bool = False) -> np.ndarray:
            tally = np.zeros((5, len(seats)), dtype=np.int64)
            for m, rng in _unit_rngs(seed, lo, hi, n_total):
                got = 0
                while got < m:
                    if stop is not None and stop[0]:
                        return tally
                    holes, taken = deals(rng, m - got)
                    tally += score(game, holes, _boards(rng, known, deck, taken), SHARE)
                    got += len(taken)
            return tally
        return units
    return for_seed


def shares(tally: np.ndarray) -> np.ndarray:
    """An integer tally as sums of samples' shares (the float rows of an exact tally)."""
    return np.asarray(tally, dtype=np.float64) / _SCALES


def _max_stderr(tally: np.ndarray, n: int) -> float:
    s = shares(tally) / n
    eq = s[2] + s[3]
    return max(sqrt(max(float(q - e * e), 0.0) / max(n - 1, 1)) for q, e in zip(s[4], eq))


#: The samplers by name, for :func:`remote_units` (an executor rebuilds a sampler from its picklable arguments).
SAMPLERS: dict[str, Callable[..., Callable[[int], Units]]] = {"explicit": explicit_sampler, "ranges": range_sampler}


def remote_units(kind: str, args: tuple[Any, ...], seed: int, lo: int, hi: int, n_total: int) -> np.ndarray:
    """Units ``lo..hi-1`` where an executor runs them: the sampler rebuilt from its arguments."""
    return SAMPLERS[kind](*args)(seed)(lo, hi, n_total, None, False)


def run(kind: str, args: tuple[Any, ...], players: int, seed: int, *, samples: int | None = None,
        target_stderr: float | None = None, seconds: float | None = None, workers: int = 1, executor: Any = None,
        report: Callable[[int, int], None] | None = None) -> tuple[np.ndarray, int, str]:
    """``(tally, n, note)``: the integer tally of a seeded run of sampler ``kind`` under its stop rule."""
    units = SAMPLERS[kind](*args)(seed)
    n, tally, note = _sampling.run_units(units, (remote_units, (kind, args)), _max_stderr, seed, samples=samples,
                                         target_stderr=target_stderr, seconds=seconds, workers=workers,
                                         executor=executor, report=report, task_units=TASK_UNITS)
    return tally, n, note
