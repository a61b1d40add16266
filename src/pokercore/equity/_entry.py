"""The one entry point of equity for every game: :func:`equity`.

Hold'em runs on the exact enumerator and the Monte Carlo kernels of
:mod:`._holdem_equity`; short deck and the Omaha games on those of
:mod:`._variant_equity`.  Both take their arguments through the same checks
(:mod:`._arguments`), run their Monte Carlo through the one driver
(:func:`._sampling.run_units`: seeded units, stop rules, threads and
executors) and answer with the one result type (:mod:`._result`).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from ..cards import CardsLike
from ..errors import PokercoreValueError
from . import _holdem_equity, _sampling, _variant_equity
from ._arguments import MAX_BINS, MAX_PLAYERS, MAX_WORKERS, PlayerLike, exact_flag, run_arguments
from ._games import VARIANTS, game_name
from ._holdem_equity import equity as _holdem
from ._result import EquityResult
from ._variant_equity import variant_equity as _variant

__all__ = ["LIMITS", "Limits", "equity"]


@dataclass(frozen=True)
class Limits:
    """The bounds of :func:`equity`'s arguments (a front end can check its options against them first).

    Attributes
    ----------
    players : int
        Most players.
    workers : int
        Most threads.
    samples : int
        Most Monte Carlo samples in hold'em.
    variant_samples : int
        Most Monte Carlo samples in short deck and the Omaha games.
    stderr_min, stderr_below : float
        A target standard error is at least ``stderr_min`` and below ``stderr_below``.
    seconds_min, seconds_max : float
        The least and the most seconds of a time budget.
    bins : int
        Most bins of an equity distribution.
    """

    players: int
    workers: int
    samples: int
    variant_samples: int
    stderr_min: float
    stderr_below: float
    seconds_min: float
    seconds_max: float
    bins: int


#: The bounds of every argument of :func:`equity` that has one.
LIMITS = Limits(MAX_PLAYERS, MAX_WORKERS, _holdem_equity.MAX_SAMPLES, _variant_equity.MAX_SAMPLES,
                _sampling.TARGET_STDERR_MIN, _sampling.TARGET_STDERR_BELOW, _sampling.MIN_SECONDS,
                _sampling.MAX_SECONDS, MAX_BINS)

def equity(
    players: Sequence[PlayerLike],
    board: object = None,
    dead: object = None,
    *,
    game: str = "holdem",
    exact: bool | None = None,
    samples: int | None = None,
    stderr: float | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    workers: int | None = None,
    progress: bool | Callable[[int, int], None] | None = None,
    executor: Any = None,
    target_stderr: float | None = None,
) -> EquityResult:
    """Equity of 2 to 10 hands or ranges in hold'em, short deck or Omaha: exact or seeded Monte Carlo.

    Parameters
    ----------
    players : list of str, Range, OmahaRange or card codes
        Each player's hand (``"AsKs"``, ``"As Ah Ks Kh"``, ``[51, 47]``) or
        range in the game's notation (``"QQ+, AKs"``, ``"15%"``, ``"AAxx
        ds"``; see :func:`parse_range`).
    board : cards, optional
        0, 3, 4 or 5 known board cards.
    dead : cards, optional
        Cards out of the deck (folded or seen).
    game : str, default "holdem"
        ``"holdem"``; ``"shortdeck"`` (6+ hold'em: a 36-card deck, flush
        above full house, A-6-7-8-9 the lowest straight); ``"plo"``
        (pot-limit Omaha: the best hand of exactly two hole cards and
        three board cards; 4, 5 or 6 hole cards, every player the same),
        ``"plo5"`` and ``"plo6"`` (5 and 6 hole cards exactly) and
        ``"plo8"`` (Omaha hi-lo eight-or-better: half the pot to the best
        high hand, half to the best qualifying low, each half split among
        tied hands; no low and the high hand takes it all).  Aliases:
        ``"omaha"``, ``"omaha8"``, ``"6+"``, ``"short-deck"``.
    exact : bool, optional
        True: enumerate every deal and board (refused up front, with the
        figure, when it would take more than a few minutes); False: Monte
        Carlo.  Default: exact when its estimated time on one core is
        short (hold'em: one second; the others: half a second) and no
        ``samples`` are given; ``EquityResult.method`` says which and why.
    samples : int, optional
        Monte Carlo samples (default 200,000); with ``stderr`` or
        ``seconds``, the most to draw.
    stderr : float, optional
        Monte Carlo until every player's standard error is at most this
        (1e-6 to 0.5, e.g. 0.001): rounds of whole seeded units, doubling,
        so where the run stops depends on the seed and the target alone,
        never on the machine's speed.
    seconds : float, optional
        Monte Carlo for about this long (0.01 to 86,400): a seeded
        calibration turns the budget into a sample count once; the result
        reports the count (``trials``), and ``samples=trials`` with the same
        seed gives the same numbers to the bit.
    seed : int, optional
        Monte Carlo seed, 0 to 2**128 - 1; None picks one and reports it in
        the result.  The same seed gives the same answer on any number of
        workers, threads or machines.
    workers : int, optional
        Threads running the kernels (the GIL is released), 1 to 256
        (default 1).
    progress : bool or callable, optional
        True prints progress to stderr; a callable gets ``(done, total)``
        units.
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Run the units elsewhere (a process pool, a Dask cluster); the
        answer is the same as in this process, bit for bit.  Not with
        ``workers``.
    target_stderr : float, optional
        The old name of ``stderr`` (deprecated: it warns).

    Returns
    -------
    EquityResult
        Per player the share won outright, the share tied, the equity (pot
        share) with its standard error, and in hi-lo the high and low parts.

    Raises
    ------
    DuplicateCardError, InvalidCardError, HandSizeError
        A card twice, not a card (or not in the short deck), a wrong count.
    RangeSyntaxError, EmptyRangeError
        A range that does not parse, or has no combo left after card removal.
    TooManyPlayersError
        Fewer than 2 or more than 10 players, or not enough cards in the deck.
    PokercoreTypeError, PokercoreValueError
        An unknown game, an argument of the wrong type or out of its range
        (the message names it), or an exact run out of reach (the message
        gives its cost).

    Examples
    --------
    >>> r = equity(["AsKs", "QdQc"])
    >>> r.exact, round(r.players[0].equity, 4)
    (True, 0.4621)
    >>> r = equity(["AhKh", "QQ+,AKs"], board="Qh 7d 2c")
    >>> [p.combos for p in r.players], round(r.players[0].equity, 3)
    ([1, 12], 0.201)
    >>> r = equity(["As Ah Ks Kh", "Qd Qc Jd Jc"], board="2s 7h 9d", game="plo")
    >>> r.game, r.exact, r.boards, [round(p.equity, 4) for p in r.players]
    ('plo', True, 820, [0.789, 0.211])
    >>> r = equity(["As 2s 3d Kc", "Ad Kd Qh Jh"], board="4c 5h Th", game="plo8")
    >>> round(r.players[0].low, 3), round(r.players[1].low, 3)
    (0.372, 0.0)
    >>> r = equity(["AsKs", "random", "random"], samples=20_000, seed=1)
    >>> r.exact, r.trials, abs(r.players[0].equity - 0.50) < 0.02
    (False, 20000.0, True)
    """
    name = game_name(game)
    if target_stderr is not None:
        if stderr is not None:
            raise PokercoreValueError("give stderr= (target_stderr is its old name), not both")
        warnings.warn("equity(target_stderr=...) is now equity(stderr=...)", DeprecationWarning, stacklevel=2)
        stderr = target_stderr
    if name == "holdem":
        return _holdem(players, board, dead, exact=exact, samples=samples, seed=seed,
                       workers=1 if workers is None else workers, progress=progress, executor=executor,
                       target_stderr=stderr, seconds=seconds)
    exact = exact_flag(exact)
    n_workers, pool, report = run_arguments(workers, executor, progress)
    engine, cards = VARIANTS[name]
    result = _variant(engine, players, cast("CardsLike | None", board), cast("CardsLike | None", dead),
                      exact=exact, samples=samples, seed=seed, target_stderr=stderr, seconds=seconds,
                      workers=n_workers, executor=pool, report=report, cards=cards)
    return result if result.game == name else replace(result, game=name)
