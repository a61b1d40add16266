"""Texas hold'em equity: exact enumeration or seeded Monte Carlo, hands and ranges.

:func:`equity` takes 2 to 10 players, each a hand (``"AsKs"``) or a range
(``"QQ+, AKs"``, see :mod:`pokercore.ranges`), a board of 0, 3, 4 or 5 cards
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
enumeration is incremental (the key sums of the first board cards are kept
while the last runs over the deck) and uses suit symmetry: when swapping
two suits leaves the hands, the board and the dead cards unchanged, one
board per orbit is scored and counted for the whole orbit.

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

import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from math import comb, sqrt
from typing import Any, Union, cast

from ..cards import format_cards, parse_cards, to_codes
from ..errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokercoreValueError,
)
from .ranges import EmptyRangeError, Range, RangeSyntaxError, parse_range

__all__ = ["EXACT_LIMIT", "EquityResult", "PlayerEquity", "PlayerLike", "TooManyPlayersError", "equity"]

PlayerLike = Union[str, Range, Sequence[int]]  # noqa: UP007 - a runtime alias on Python 3.10

#: Exact enumeration is chosen automatically when deals x boards is at most this.
EXACT_LIMIT = 60_000_000
#: Most deals (combo assignments) an exact run enumerates.
MAX_ASSIGNMENTS = 2_000_000
#: Default number of Monte Carlo samples.
DEFAULT_SAMPLES = 200_000
#: Samples per seeded Monte Carlo unit (fixed, so results do not depend on ``workers``).
MC_UNIT = 1 << 12
MAX_PLAYERS = 10


class TooManyPlayersError(PokercoreValueError):
    """More players than the deck or the evaluator supports."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    Attributes
    ----------
    label : str
        The hand or range as given.
    combos : int
        Combos left in the player's range after card removal (1 for a hand).
    win, tie, equity : float
        Share of deals won outright, tied for the best hand, and the pot share.
    stderr : float
        Standard error of ``equity`` (0.0 when exact).
    """

    label: str
    combos: int
    win: float
    tie: float
    equity: float
    stderr: float


@dataclass(frozen=True)
class EquityResult:
    """Result of :func:`equity`.

    Attributes
    ----------
    players : tuple of PlayerEquity
    board, dead : str
        The known board and dead cards.
    exact : bool
        True if every deal and board was enumerated.
    trials : float
        Boards enumerated (weighted by combo weights) or samples drawn.
    seed : int or None
        The Monte Carlo seed (None when exact).
    """

    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    trials: float
    seed: int | None

    def table(self) -> str:
        """A plain-text table, one row per player."""
        width = max(6, *(len(p.label) for p in self.players))
        head = f"{'player':<{width}}  combos     win     tie  equity"
        if not self.exact:
            head += "   +/- se"
        lines = [head]
        for p in self.players:
            line = f"{p.label:<{width}}  {p.combos:>6} {p.win:7.2%} {p.tie:7.2%} {p.equity:7.2%}"
            if not self.exact:
                line += f"  {p.stderr:7.3%}"
            lines.append(line)
        how = (f"exact: {self.trials:,.0f} boards (all deals)" if self.exact
               else f"Monte Carlo: {self.trials:,.0f} samples, seed {self.seed}")
        where = f"board {self.board or '(none)'}" + (f", dead {self.dead}" if self.dead else "")
        lines.append(f"{where}; {how}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        d = asdict(self)
        d["players"] = [asdict(p) for p in self.players]
        return d


def _cards(value: object, what: str) -> list[int]:
    if value is None:
        return []
    if isinstance(value, str) and not value.strip():
        return []
    codes = to_codes(value)  # type: ignore[arg-type]
    seen: set[int] = set()
    for c in codes:
        if c in seen:
            raise DuplicateCardError(f"{what}: {format_cards([c])} appears twice")
        seen.add(c)
    return codes


def _player(value: PlayerLike, i: int) -> tuple[str, Range | list[int]]:
    """(label, explicit hand codes or a range)."""
    if isinstance(value, Range):
        return value.text or f"player {i + 1}", value
    if isinstance(value, str):
        text = value.strip()
        try:
            codes = parse_cards(text, allow_duplicates=True)
        except InvalidCardError:
            codes = None
        if codes is not None and len(codes) == 2 and "," not in text:
            if codes[0] == codes[1]:
                raise DuplicateCardError(f"player {i + 1}: hand {text!r} repeats a card")
            return text, codes
        try:
            rng = parse_range(text)
        except RangeSyntaxError as exc:
            raise RangeSyntaxError(f"player {i + 1}: {exc}") from None
        if not len(rng):
            raise EmptyRangeError(f"player {i + 1}: the range {value!r} holds no hand")
        return text, rng
    codes = _cards(value, f"player {i + 1}")
    if len(codes) != 2:
        raise HandSizeError(f"player {i + 1}: a hold'em hand has 2 cards, got {len(codes)}")
    return format_cards(codes, sep=""), codes


_Ranges = list[list[tuple[tuple[int, int], float]]]


def _prepare(players: Sequence[PlayerLike], board: object,
             dead: object) -> tuple[list[str], _Ranges, list[int], list[int]]:
    if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
        raise PokercoreValueError("players must be a list of hands or ranges, e.g. ['AsKs', 'QQ+,AKs']")
    if len(players) < 2:
        raise TooManyPlayersError(f"equity needs at least 2 players, got {len(players)}")
    if len(players) > MAX_PLAYERS:
        raise TooManyPlayersError(f"equity supports at most {MAX_PLAYERS} players, got {len(players)}")
    board_codes = _cards(board, "board")
    if len(board_codes) not in (0, 3, 4, 5):
        raise HandSizeError(f"the board must have 0, 3, 4 or 5 cards, got {len(board_codes)}")
    dead_codes = _cards(dead, "dead cards")
    parsed = [_player(p, i) for i, p in enumerate(players)]
    owner: dict[int, str] = {}
    for c in board_codes:
        owner[c] = "the board"
    for c in dead_codes:
        if c in owner:
            raise DuplicateCardError(f"{format_cards([c])} is both a dead card and on {owner[c]}")
        owner[c] = "the dead cards"
    for i, (label, p) in enumerate(parsed):
        if isinstance(p, list):
            for c in p:
                if c in owner:
                    raise DuplicateCardError(
                        f"{format_cards([c])} is in player {i + 1}'s hand {label!r} and in {owner[c]}"
                    )
                owner[c] = f"player {i + 1}'s hand {label!r}"
    need = 5 - len(board_codes)
    if 2 * len(parsed) + len(board_codes) + len(dead_codes) + need > 52:
        raise TooManyPlayersError(
            f"{len(parsed)} players need {2 * len(parsed)} hole cards plus {need} board cards; "
            f"only {52 - len(board_codes) - len(dead_codes)} cards are left in the deck"
        )
    ranges: _Ranges = []
    known = set(owner)
    for i, (label, p) in enumerate(parsed):
        if isinstance(p, list):
            ranges.append([((max(p), min(p)), 1.0)])
            continue
        try:
            kept = p.remove(sorted(known))
        except EmptyRangeError:
            raise EmptyRangeError(
                f"player {i + 1}: no combo of {label!r} is left once the known cards "
                f"{format_cards(sorted(known))} are removed"
            ) from None
        ranges.append(list(kept.combos_weights))
    return [label for label, _ in parsed], ranges, board_codes, dead_codes


def _assignments(ranges: _Ranges, limit: int) -> tuple[Any, Any]:
    """Every disjoint choice of one combo per player: (m, 2P) uint8 holes and weights."""
    import numpy as np

    rows: list[list[int]] = []
    weights: list[float] = []
    P = len(ranges)

    def rec(p: int, used: int, cards: list[int], w: float) -> None:
        if p == P:
            rows.append(list(cards))
            weights.append(w)
            if len(rows) > limit:
                raise _TooMany
            return
        for (a, b), cw in ranges[p]:
            bit = (1 << a) | (1 << b)
            if used & bit:
                continue
            cards.extend((a, b))
            rec(p + 1, used | bit, cards, w * cw)
            del cards[-2:]

    rec(0, 0, [], 1.0)
    return np.array(rows, dtype=np.uint8).reshape(-1, 2 * P), np.array(weights, dtype=np.float64)


class _TooMany(Exception):
    pass


def _progress_reporter(progress: object) -> Callable[[int, int], None] | None:
    if progress is None or progress is False:
        return None
    if callable(progress):
        return progress

    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\requity: {done}/{total} units ({done / total:.0%})", end=end, file=sys.stderr, flush=True)

    return show


def _run_units(func: Callable[..., Any], units: list[tuple[Any, ...]], workers: int,
               report: Callable[[int, int], None] | None) -> list[Any]:
    """Run ``func(*unit)`` for every unit (threads over nogil kernels); results in unit order."""
    results: list[Any] = [None] * len(units)
    if workers <= 1 or len(units) == 1:
        for i, u in enumerate(units):
            results[i] = func(*u)
            if report:
                report(i + 1, len(units))
        return results
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(func, *u) for u in units]
        for i, f in enumerate(futures):
            results[i] = f.result()
            if report:
                report(i + 1, len(units))
    return results


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
        exact when deals x boards is at most :data:`EXACT_LIMIT` and no
        ``samples`` are given.
    samples : int, optional
        Monte Carlo samples (default :data:`DEFAULT_SAMPLES`).
    seed : int, optional
        Monte Carlo seed; None picks one and reports it in the result.
    workers : int, default 1
        Threads running the kernels (the GIL is released).
    progress : bool or callable, optional
        True prints progress to stderr; a callable gets ``(done, total)`` units.

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

    from . import _equity, _montecarlo

    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise PokercoreValueError(f"workers must be a positive integer, got {workers!r}")
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        raise PokercoreValueError(f"samples must be a positive integer, got {samples!r}")
    labels, ranges, board_codes, dead_codes = _prepare(players, board, dead)
    P = len(ranges)
    need = 5 - len(board_codes)
    live = 52 - len(board_codes) - len(dead_codes) - 2 * P
    boards = comb(live, need)
    product = 1
    for r in ranges:
        product *= len(r)
    if exact is None:
        exact = samples is None and product * boards <= EXACT_LIMIT and product <= MAX_ASSIGNMENTS
    elif exact and samples is not None:
        raise PokercoreValueError("give either exact=True or samples=N, not both")
    report = _progress_reporter(progress)
    board_arr = np.array(board_codes, dtype=np.uint8)
    dead_mask = _mask(dead_codes)
    if exact:
        try:
            holes, weights = _assignments(ranges, MAX_ASSIGNMENTS)
        except _TooMany:
            raise PokercoreValueError(
                f"more than {MAX_ASSIGNMENTS:,} deals of the ranges to enumerate; use samples=N (Monte Carlo)"
            ) from None
        if not len(holes):
            raise EmptyRangeError("the ranges leave no deal in which the players' hands share no card")
        m = len(holes)
        units: list[tuple[Any, ...]]
        first = live - need + 1 if need else 1
        if m == 1:
            units = [(holes, weights, board_arr, dead_mask, 0, 1, i, i + 1) for i in range(first)]
        else:
            n_units = min(m, 64)
            cuts = [m * i // n_units for i in range(n_units + 1)]
            units = [(holes, weights, board_arr, dead_mask, cuts[i], cuts[i + 1], 0, 52)
                     for i in range(n_units)]
        parts = _run_units(_equity.exact_unit, units, workers, report)
        counts = sum(p[0] for p in parts)
        total = float(sum(p[1] for p in parts))
        se = [0.0] * P
        used_seed = None
        combos = [len({tuple(row[2 * p:2 * p + 2]) for row in holes.tolist()}) for p in range(P)]
    else:
        n = DEFAULT_SAMPLES if samples is None else samples
        used_seed = int(cast(int, np.random.SeedSequence().entropy) % (1 << 63)) if seed is None else int(seed)
        if used_seed < 0:
            raise PokercoreValueError(f"seed must be >= 0, got {seed}")
        flat = [c for r in ranges for c, _ in r]
        combos_arr = np.array(flat, dtype=np.uint8).reshape(-1, 2)
        offsets = np.cumsum([0] + [len(r) for r in ranges]).astype(np.int64)
        weights = np.array([w for r in ranges for _, w in r], dtype=np.float64)
        plan = _montecarlo.MonteCarloPlan(combos_arr, offsets, weights, board_arr, dead_mask)
        n_units = (n + MC_UNIT - 1) // MC_UNIT
        unit_seeds = np.random.SeedSequence(used_seed).generate_state(n_units, np.uint64)
        # Tasks are runs of whole units; integer counts make the sum independent of the grouping.
        n_tasks = min(n_units, max(1 if workers == 1 else 8 * workers, 64 if report else 1))
        cuts = [n_units * i // n_tasks for i in range(n_tasks + 1)]
        units = [(unit_seeds, cuts[i], cuts[i + 1], n, MC_UNIT, 1_000_000) for i in range(n_tasks)]
        parts = _run_units(plan.run, units, workers, report)
        if any(p[1] < 0 for p in parts):
            raise EmptyRangeError(
                "the ranges almost never give the players disjoint hands (a million draws in a row "
                "shared a card); narrow them or give explicit hands"
            )
        tally = sum(p[0] for p in parts)
        k = np.arange(2, 11, dtype=np.float64)
        wins = tally[:, 0].astype(np.float64)
        counts = np.stack([wins, tally[:, 2:].sum(axis=1).astype(np.float64), (tally[:, 2:] / k).sum(axis=1)])
        total = float(n)
        share = (wins + counts[2]) / n
        sq = (wins + (tally[:, 2:] / (k * k)).sum(axis=1)) / n
        var = np.maximum(sq - share * share, 0.0)
        se = [float(sqrt(v / max(n - 1, 1))) for v in var]
        combos = [len(r) for r in ranges]
    results = tuple(
        PlayerEquity(labels[p], combos[p], float(counts[0, p] / total), float(counts[1, p] / total),
                     float((counts[0, p] + counts[2, p]) / total), se[p])
        for p in range(P)
    )
    return EquityResult(results, format_cards(board_codes) if board_codes else "",
                        format_cards(dead_codes) if dead_codes else "", bool(exact), total, used_seed)

